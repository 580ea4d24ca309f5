"""Saves: JSON holding the seed, the map (path and SHA-256), the scenario and the command log.

Loading replays the log through the engine, so a loaded game is the same game, event for event.
Files are written atomically (a temporary file in the same folder, then `os.replace`). Every
problem with a save becomes one `SaveError` whose message names the file.

A save records the game version that wrote it (`game_version`) and what its fingerprint covers
(`fingerprint`). A save from this version must replay to the same `events_sha256`; one from
another version (or from before saves said, whose fingerprint covered the narration) loads when
its commands still replay, the fingerprint check skipped with a note (`Engine.load_notice`);
when they no longer replay, the one line names the version that made it.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import unicodedata
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import __version__, fileio
from game.battlefield.errors import MapError
from game.scenarios.ids import SHIPPED_SCENARIO_IDS, scenario_map

if TYPE_CHECKING:  # the engine loads only when a game starts: the menu must open fast
    from game.engine.engine import Engine

FORMAT = "ambush-alley-save"
VERSION = 1
FINGERPRINT = "seq,turn,kind,data"
"""What `events_sha256` covers in the saves this version writes (not the narration)."""
DATA_DIR_ENV = "AMBUSH_ALLEY_DATA_DIR"
SAVES_SUBDIR = "saves"  # named saves, in the data folder beside the autosave
UNFINISHED = "Unfinished"  # how the name of a game kept from the autosave begins
SIDECAR_SUFFIX = ".session.json"  # the window's note of who plays a save (game/client/saves.py)
MAX_NAME = 60
MAX_NAME_BYTES = 150  # UTF-8, decomposed: with ".session.json" and a temporary's 14 more, < 255
WINDOWS_RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"}
    | {f"{device}{n}" for device in ("COM", "LPT") for n in ("0123456789¹²³")}
)
MAX_SAVE_BYTES = 16 * 1024 * 1024  # a long game's save is well under 1 MB
MAX_MAP_BYTES = 32 * 1024 * 1024  # the battlefield loader's own limit (tmx_checks.MAX_FILE_BYTES)
MAX_SCENARIO_BYTES = 1024 * 1024  # a scenario file's limit (game/scenarios/toml_fields.py)


class SaveError(Exception):
    """A save that cannot be loaded or written; the message is one line naming the file."""


def file_sha256(path: Path, max_bytes: int = MAX_MAP_BYTES) -> str:
    """The SHA-256 of a regular file of at most `max_bytes` (fileio.ReadError otherwise)."""
    return hashlib.sha256(fileio.read_bytes_limited(path, max_bytes)).hexdigest()


def resolve_map(spec: str) -> tuple[Path, str | None]:
    """A scenario id or a .tmx path → (map file, scenario id or None for the map's own)."""
    if spec in SHIPPED_SCENARIO_IDS:
        return scenario_map(spec), spec
    return Path(spec), None


def new_game(
    map_path: Path,
    scenario_id: str | None,
    seed: int,
    *,
    turn_limit: int | None = None,
    force: dict[str, Any] | None = None,
    difficulty: str = "book",
    optional_rules: list[str] | tuple[str, ...] = (),  # house clearing (issue 21, R246)
    lazy_samples: bool = False,  # issue 23 §5: see Engine
) -> Engine:
    """Start a game on a map (MapError when the map or its scenario file cannot be played;
    ValueError, one line, when `force` — the player's set-up choice of the Regular force and
    ratings, docs/SCENARIOS.md — is not one the scenario offers)."""
    from game.battlefield.loader import load_battlefield
    from game.engine.engine import Engine
    from game.scenarios.catalog import ForceChoice, scenario_for

    battlefield = load_battlefield(map_path)
    scenario = scenario_for(battlefield, scenario_id, ForceChoice.from_dict(force or {}))
    if turn_limit is not None:
        scenario.turn_limit = turn_limit
    return Engine(
        scenario,
        battlefield,
        seed,
        map_sha256=file_sha256(map_path),
        difficulty=difficulty,
        optional_rules=optional_rules,
        lazy_samples=lazy_samples,
    )


def save_data(engine: Engine) -> dict[str, Any]:
    state = engine.state
    return {
        "format": FORMAT,
        "version": VERSION,
        "map": str(Path(state.map_path).resolve()) if state.map_path else "",
        "map_sha256": engine.map_sha256,
        "scenario": state.scenario_id,
        "seed": state.seed,
        "turn_limit": state.turn_limit,
        "turn": state.turn,
        "difficulty": state.difficulty,
        "optional_rules": list(state.optional_rules),  # house clearing (issue 21, R246)
        **_force_field(engine),
        **_scenario_fields(engine),
        "commands": [c.to_json() for c in engine.log],
        "events_sha256": engine.events_sha256(),
        "fingerprint": FINGERPRINT,
        "game_version": __version__,
        # optional: the AI's reasons, each after that many events (saves without it load too)
        "notes": [[at, text] for at, text in engine.notes],
        # --- Commander Insurgent AI (issue 17 §2): the Insurgent controller, when known ---
        **({"insurgent_ai": state.insurgent_ai} if state.insurgent_ai else {}),
    }


def _save_difficulty(where: str, data: dict[str, Any]) -> str:
    """The save's difficulty; a save made before there was one is a Book game (R134)."""
    from game.engine.difficulty import parse_difficulty

    try:
        return parse_difficulty(data.get("difficulty", "book"))
    except ValueError as exc:
        raise SaveError(f"{where}: the save is damaged ({exc})") from None


def _save_optional_rules(where: str, data: dict[str, Any]) -> list[str]:
    """The optional rules the save was played with; none for a save made before them (R246)."""
    from game.engine.optional_rules import check_rules

    rules = data.get("optional_rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise SaveError(f"{where}: the save is damaged (field 'optional_rules' is wrong)")
    rules = [*rules, *_save_optional_fog(where, data)]  # --- cards (issue 19)
    try:
        return check_rules(rules)
    except ValueError as exc:
        raise SaveError(f"{where}: the save is damaged ({exc})") from None


# --- cards (issue 19) ---
def _save_optional_fog(where: str, data: dict[str, Any]) -> list[str]:
    """The Optional Fog of War rule (R184) of a save written when it had a field of its own
    (`optional_fog_of_war: true`): it loads as the optional rule; later saves list it in
    `optional_rules`."""
    from game.rules.cards import OPTIONAL_FOG_OF_WAR

    value = data.get("optional_fog_of_war", False)
    if not isinstance(value, bool):
        raise SaveError(f"{where}: the save is damaged (field 'optional_fog_of_war' is wrong)")
    return [OPTIONAL_FOG_OF_WAR] if value else []


def _save_insurgent_ai(where: str, data: dict[str, Any]) -> str:
    """The save's Insurgent controller (issue 17 §2); "" for a save made before it was kept."""
    from game.opponents import INSURGENT_CONTROLLERS

    name = data.get("insurgent_ai", "")
    if name != "" and name not in INSURGENT_CONTROLLERS:
        raise SaveError(
            f"{where}: the save is damaged (field 'insurgent_ai' is {name!r}; "
            f"write {', '.join(INSURGENT_CONTROLLERS)})"
        )
    return str(name)


def _force_field(engine: Engine) -> dict[str, Any]:
    """The player's choice of Regular force and ratings, when there was one (optional field)."""
    choice = getattr(engine.scenario, "choice", None)
    chosen = choice.to_dict() if choice is not None else {}
    return {"force": chosen} if chosen else {}


def _scenario_file(engine: Engine) -> Path | None:
    """The custom map's own scenario file the game plays (docs/SCENARIOS.md), if any."""
    spec = getattr(engine.scenario, "spec", None)
    raw = str(getattr(spec, "path", "") or "")
    path = Path(raw) if raw else None
    if path is None or not engine.state.map_path:
        return None
    return path if path == Path(engine.state.map_path).with_suffix(".toml") else None


def _scenario_fields(engine: Engine) -> dict[str, Any]:
    """The SHA-256 of the map's own scenario file (optional field): an edited file is named on
    load instead of failing the replay check."""
    path = _scenario_file(engine)
    try:
        return {"scenario_sha256": file_sha256(path, MAX_SCENARIO_BYTES)} if path else {}
    except fileio.ReadError:
        return {}


def write_save(engine: Engine, path: Path) -> None:
    """Write a save atomically: never a half-written file, even if the game is killed."""
    write_json_atomic(path, save_data(engine))


def write_json_atomic(path: Path, data: dict[str, Any]) -> None:
    """Write JSON atomically (see `game.fileio`); SaveError names the file when it fails."""
    path = Path(path)
    try:
        fileio.write_json_atomic(path, data)
    except OSError as exc:
        raise SaveError(f"{path}: cannot write the save: {exc.strerror or exc}") from None


def load_save(path: Path) -> Engine:
    """Rebuild a game from a save by replaying its commands; SaveError names what is wrong."""
    from game.engine.commands import IllegalCommand, command_from_json

    path = Path(path)
    where = str(path)
    try:
        data = fileio.read_json(path, MAX_SAVE_BYTES)
    except fileio.ReadError as exc:
        if str(exc) == "no such file":
            raise SaveError(f"{where}: no such save file") from None
        raise SaveError(f"{where}: not a valid save ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{where}: not an Ambush Alley! save file")
    if data.get("version") != VERSION:
        raise SaveError(
            f"{where}: save format version {data.get('version')!r} is not supported "
            f"(this game reads version {VERSION})"
        )
    for key, kind in (("map", str), ("seed", int), ("scenario", str), ("commands", list)):
        if not isinstance(data.get(key), kind):
            raise SaveError(f"{where}: the save is damaged (field {key!r} is missing or wrong)")
    notes = data.get("notes", [])
    if not (
        isinstance(notes, list)
        and all(
            isinstance(n, list)
            and len(n) == 2
            and isinstance(n[0], int)
            and not isinstance(n[0], bool)
            and n[0] >= 0
            and isinstance(n[1], str)
            for n in notes
        )
    ):
        raise SaveError(f"{where}: the save is damaged (field 'notes' is wrong)")
    map_path = _save_map(where, data)
    try:
        engine = new_game(
            map_path,
            data["scenario"],
            int(data["seed"]),
            turn_limit=int(data["turn_limit"]) if isinstance(data.get("turn_limit"), int) else None,
            force=data.get("force") if isinstance(data.get("force"), dict) else None,
            difficulty=_save_difficulty(where, data),
            optional_rules=_save_optional_rules(where, data),
        )
    except MapError as exc:
        raise SaveError(f"{where}: its map cannot be played: {exc}") from None
    except ValueError as exc:
        raise SaveError(f"{where}: its choice of force cannot be played: {exc}") from None
    engine.state.insurgent_ai = _save_insurgent_ai(where, data)
    recorded = data.get("scenario_sha256")
    played = _scenario_file(engine)
    if isinstance(recorded, str) and played is not None:
        try:
            changed = file_sha256(played, MAX_SCENARIO_BYTES) != recorded
        except fileio.ReadError:
            changed = True
        if changed:
            raise SaveError(
                f"{where}: its scenario file {played} has changed since the game was saved"
            )
    made_by = data.get("game_version")
    same_version = made_by == __version__ and data.get("fingerprint") == FINGERPRINT
    # a save from another version names it in whatever goes wrong on replay
    origin = "" if same_version else f"{where}: made by {made_by_words(made_by)}, "
    for number, raw in enumerate(data["commands"], start=1):
        try:
            command = command_from_json(raw)
            engine.apply(command)
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
            if origin:
                raise SaveError(
                    f"{origin}no longer replays: command {number} cannot be read ({str(exc)[:200]})"
                ) from None
            raise SaveError(f"{where}: command {number} is damaged: {str(exc)[:200]}") from None
        except IllegalCommand as exc:
            if origin:
                raise SaveError(
                    f"{origin}no longer replays: command {number} is illegal now ({exc})"
                ) from None
            raise SaveError(f"{where}: command {number} is illegal on replay: {exc}") from None
    expected = data.get("events_sha256")
    if same_version and expected and expected != engine.events_sha256():
        raise SaveError(
            f"{where}: the replayed game does not match the save (tampered or truncated)"
        )
    if not same_version:
        engine.load_notice = (
            f"{where}: made by {made_by_words(made_by)}; its "
            f"{len(data['commands'])} command{'' if len(data['commands']) == 1 else 's'} "
            "replay in this version, so it loads "
            "(the fingerprint check is skipped for another version's save)"
        )
    engine.notes = [(at, text) for at, text in notes]
    return engine


def made_by_words(game_version: Any) -> str:
    """Who made a save, for a message: "version 0.1.0", or the saves from before they said."""
    if isinstance(game_version, str) and game_version:
        return f"version {game_version} (this is {__version__})"
    return f"a version before {__version__} (its save records none)"


def _save_map(where: str, data: dict[str, Any]) -> Path:
    """The map a save plays on: its `map` field when that is a regular file under the size limit
    and its hash matches; the shipped scenario's map of the same name when the file moved."""
    raw = data["map"]
    fallback = scenario_map(data["scenario"]) if data["scenario"] in SHIPPED_SCENARIO_IDS else None
    problem = "the save names no map" if not raw or "\0" in raw else None
    map_path = Path(raw) if problem is None else Path()
    if problem is None:
        problem = fileio.regular_file_problem(map_path, MAX_MAP_BYTES)
    if problem is not None:
        moved = problem in ("no such file", "the save names no map")
        if moved and fallback is not None and (not raw or fallback.name == map_path.name):
            map_path = fallback
        elif problem == "no such file":
            raise SaveError(f"{where}: its map {raw} is missing")
        else:
            raise SaveError(f"{where}: its map {raw[:200]!r} cannot be used: {problem}")
    if data.get("map_sha256"):
        try:
            digest = file_sha256(map_path)
        except fileio.ReadError as exc:
            raise SaveError(f"{where}: its map {map_path} cannot be read: {exc}") from None
        if digest != data["map_sha256"]:
            raise SaveError(f"{where}: its map {map_path} has changed since the game was saved")
    return map_path


def data_dir() -> Path:
    """Where autosaves go: $AMBUSH_ALLEY_DATA_DIR, else the user data folder."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("ambush-alley"))


class Autosaver:
    """Writes `autosave.json` after every committed command (atomic, so never half a file)."""

    def __init__(self, engine: Engine, folder: Path | None = None) -> None:
        self.engine = engine
        self.path = (folder or data_dir()) / "autosave.json"
        fileio.clean_stale_temps(self.path.parent)  # left by a game killed while it wrote

    def __call__(self) -> None:
        write_save(self.engine, self.path)


# -- saves folder, sidecars, and the unfinished game the autosave holds -------------------------
def sidecar_path(save: Path) -> Path:
    return save.with_name(save.name.removesuffix(".json") + SIDECAR_SUFFIX)


def safe_file_name(name: str) -> str:
    """A typed save name made safe as a file name on every system, or "" when nothing is left.

    Letters, digits, spaces, - _ and the harmless ! ' , ( ) & + are kept; path separators
    become -; invisible characters, dots and everything else go. The name is kept short enough
    in bytes for the longest file made from it (the temporary of its session file), also where
    letters are stored decomposed (macOS), and Windows' reserved device names (CON, NUL, COM1…)
    get " save" added."""
    text = unicodedata.normalize("NFC", name)
    separated = re.sub(r"[/\\:]+", "-", text)
    cleaned = re.sub(r"[^\w\- !',()&+]+", "", separated)
    cleaned = re.sub(r"\s+", " ", cleaned).strip(" ._-")[:MAX_NAME]
    while len(unicodedata.normalize("NFD", cleaned).encode("utf-8")) > MAX_NAME_BYTES:
        cleaned = cleaned[:-1]
    cleaned = cleaned.strip(" ._-")
    if cleaned.upper() in WINDOWS_RESERVED:
        cleaned += " save"
    return cleaned


def name_key(stem: str) -> str:
    """What a file system that ignores case and letter composition (Windows, macOS) compares."""
    return unicodedata.normalize("NFC", stem).casefold()


def existing_save(folder: Path, stem: str) -> Path | None:
    """The save in `folder` that `stem` would overwrite on any system (same name up to case and
    composition), or None."""
    wanted = name_key(stem)
    try:
        names = [p for p in folder.iterdir() if p.name.endswith(".json")]
    except (OSError, ValueError):
        return None
    for path in names:
        stem_of = path.name.removesuffix(".json")
        if not stem_of.endswith(SIDECAR_SUFFIX.removesuffix(".json")) and name_key(stem_of) == (
            wanted
        ):
            return path
    return None


def unique_stem(folder: Path, stem: str) -> str:
    """`stem`, or `stem 2`, `stem 3`… : the first that overwrites no save in `folder`."""
    candidate, number = stem, 1
    while existing_save(folder, candidate) is not None:
        number += 1
        candidate = f"{stem} {number}"
    return candidate


def _read_json(path: Path) -> Any:
    try:
        return fileio.read_json(path, MAX_SAVE_BYTES)
    except fileio.ReadError:
        return None


def keep_unfinished(autosave: Path, engine: Engine) -> str | None:
    """Before `engine`'s game takes the autosave over, keep the unfinished game it holds.

    Only one game is autosaved, so starting (or loading) another game would overwrite the one
    the window offers as "Continue" (an autosave whose sidecar says it has not finished). That
    game is copied, with its sidecar, into the saves folder beside the autosave, under a name
    the load list shows: "Unfinished <scenario> turn N (date time)". Returns the line to tell
    the player, or None when there was nothing to keep: no unfinished game, one with no command
    yet, or `engine`'s own game where it stopped (Continue resuming it)."""
    sidecar = _read_json(sidecar_path(autosave))
    if not isinstance(sidecar, dict) or sidecar.get("finished") is not False:
        return None
    data = _read_json(autosave)
    if not isinstance(data, dict) or (data.get("format"), data.get("version")) != (FORMAT, VERSION):
        return None
    commands = data.get("commands")
    if not isinstance(commands, list) or not commands:
        return None
    mine = save_data(engine)
    if (data.get("map"), data.get("seed"), commands) == (
        mine["map"],
        mine["seed"],
        mine["commands"],
    ):
        return None  # the autosave is this very game, where it stopped
    folder = autosave.parent / SAVES_SUBDIR
    saved = _saved_as(folder, data)
    if saved is not None:  # the player saved this very moment by name: no second copy
        return f'Your unfinished game is already saved: Load game lists it as "{saved.stem}"'
    try:
        when = datetime.fromtimestamp(autosave.stat().st_mtime)
    except OSError:
        when = datetime.now()
    scenario = str(data.get("scenario") or "custom map")
    stamp = f"{scenario} turn {data.get('turn')} ({when:%Y-%m-%d %H%M})"
    name = safe_file_name(f"{UNFINISHED} {stamp}")
    path = folder / f"{unique_stem(folder, name or f'{UNFINISHED} game')}.json"
    try:
        write_json_atomic(path, data)
        write_json_atomic(sidecar_path(path), sidecar)
    except SaveError as exc:
        return f"Your unfinished game could not be kept ({exc}); this game replaces it"
    with contextlib.suppress(OSError):  # the list dates it when it was played, not copied
        os.utime(path, (when.timestamp(), when.timestamp()))
    return f'Your unfinished game was kept: Load game lists it as "{path.stem}"'


def _saved_as(folder: Path, data: dict[str, Any]) -> Path | None:
    """A save in `folder` holding exactly the game of `data` (same table, seed and orders)."""
    try:
        files = sorted(p for p in folder.glob("*.json") if not p.name.endswith(SIDECAR_SUFFIX))
    except OSError:
        return None
    same = (data.get("map"), data.get("seed"), data.get("scenario"), data.get("commands"))
    for path in files:
        other = _read_json(path)
        if isinstance(other, dict) and same == (
            other.get("map"),
            other.get("seed"),
            other.get("scenario"),
            other.get("commands"),
        ):
            return path
    return None

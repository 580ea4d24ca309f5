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

import hashlib
import json
import os
import re
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
SIDECAR_SUFFIX = ".session.json"  # the window's note of who plays a save (game/client/saves.py)
MAX_NAME = 60


class SaveError(Exception):
    """A save that cannot be loaded or written; the message is one line naming the file."""


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def resolve_map(spec: str) -> tuple[Path, str | None]:
    """A scenario id or a .tmx path → (map file, scenario id or None for the map's own)."""
    if spec in SHIPPED_SCENARIO_IDS:
        return scenario_map(spec), spec
    return Path(spec), None


def new_game(
    map_path: Path, scenario_id: str | None, seed: int, *, turn_limit: int | None = None
) -> Engine:
    """Start a game on a map (MapError when the map cannot be played)."""
    from game.battlefield.loader import load_battlefield
    from game.engine.engine import Engine
    from game.scenarios.catalog import scenario_for

    battlefield = load_battlefield(map_path)
    scenario = scenario_for(battlefield, scenario_id)
    if turn_limit is not None:
        scenario.turn_limit = turn_limit
    return Engine(scenario, battlefield, seed, map_sha256=file_sha256(map_path))


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
        "commands": [c.to_json() for c in engine.log],
        "events_sha256": engine.events_sha256(),
        "fingerprint": FINGERPRINT,
        "game_version": __version__,
        # optional: the AI's reasons, each after that many events (saves without it load too)
        "notes": [[at, text] for at, text in engine.notes],
    }


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
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{where}: no such save file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{where}: cannot read the save: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"{where}: not a valid save (bad JSON at line {exc.lineno}: {exc.msg})"
        ) from None
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
    map_path = Path(data["map"])
    if not map_path.exists():
        fallback = scenario_map(data["scenario"])
        if fallback.exists() and fallback.name == map_path.name:
            map_path = fallback
        else:
            raise SaveError(f"{where}: its map {data['map']} is missing")
    if data.get("map_sha256") and file_sha256(map_path) != data["map_sha256"]:
        raise SaveError(f"{where}: its map {map_path} has changed since the game was saved")
    try:
        engine = new_game(
            map_path,
            data["scenario"],
            int(data["seed"]),
            turn_limit=int(data["turn_limit"]) if isinstance(data.get("turn_limit"), int) else None,
        )
    except MapError as exc:
        raise SaveError(f"{where}: its map cannot be played: {exc}") from None
    made_by = data.get("game_version")
    same_version = made_by == __version__ and data.get("fingerprint") == FINGERPRINT
    # a save from another version names it in whatever goes wrong on replay
    origin = "" if same_version else f"{where}: made by {made_by_words(made_by)}, "
    for number, raw in enumerate(data["commands"], start=1):
        try:
            command = command_from_json(raw)
            engine.apply(command)
        except (ValueError, TypeError) as exc:
            if origin:
                raise SaveError(
                    f"{origin}no longer replays: command {number} cannot be read ({exc})"
                ) from None
            raise SaveError(f"{where}: command {number} is damaged: {exc}") from None
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

    def __call__(self) -> None:
        write_save(self.engine, self.path)


# -- saves folder, sidecars, and the unfinished game the autosave holds -------------------------
def sidecar_path(save: Path) -> Path:
    return save.with_name(save.name.removesuffix(".json") + SIDECAR_SUFFIX)


def safe_file_name(name: str) -> str:
    """A typed save name made safe as a file name on every system: letters, digits, spaces,
    - _ and the harmless ! ' , ( ) & + kept; path separators become -."""
    separated = re.sub(r"[/\\:]+", "-", name.strip())
    cleaned = re.sub(r"[^\w\- !',()&+]+", "", separated).strip(" ._-")
    return cleaned[:MAX_NAME] or "save"


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
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
    try:
        when = datetime.fromtimestamp(autosave.stat().st_mtime)
    except OSError:
        when = datetime.now()
    scenario = str(data.get("scenario") or "custom map")
    name = safe_file_name(f"Unfinished {scenario} turn {data.get('turn')} ({when:%Y-%m-%d %H%M})")
    folder = autosave.parent / SAVES_SUBDIR
    path, number = folder / f"{name}.json", 1
    while path.exists():
        number += 1
        path = folder / f"{name} {number}.json"
    try:
        write_json_atomic(path, data)
        write_json_atomic(sidecar_path(path), sidecar)
    except SaveError as exc:
        return f"Your unfinished game could not be kept ({exc}); this game replaces it"
    return f'Your unfinished game was kept: Load game lists it as "{path.stem}"'

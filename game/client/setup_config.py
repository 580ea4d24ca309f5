"""The set-up screen's model: the table list (shipped maps and the player's maps folder), the
modes and seats, and `build_config` turning the choices into a `SessionConfig`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.client.catalogue import MAPS_DIR, MapEntry, describe_map, file_problem, shipped_maps
from game.client.scenes import Scene
from game.client.settings import PACES
from game.client.typed import visible
from game.i18n import N_, _, narr, ngettext

MODES: tuple[tuple[str, str], ...] = (
    ("solo", N_("Solo — you command the Regulars")),
    ("hotseat", N_("Hot-seat — two players, one computer")),
    ("coop", N_("Co-op — 2 to 4 Regular players")),
    ("watch", N_("Watch — AI against AI")),
)
MODE_TIPS = {
    "solo": N_(
        "You command every Regular fireteam against the Insurgent AI: the solo rules' tables, "
        "or the Commander (the Insurgents menu; Brutal picks the Commander)."
    ),
    "hotseat": N_(
        "Two people share the computer: one takes the Regulars, one the Insurgents. "
        "The board is hidden while the computer changes hands."
    ),
    "coop": N_(
        "Two to four people share the Regular fireteams against the Insurgent AI; "
        "each fireteam is commanded only by its owner."
    ),
    "watch": N_("The AI plays both sides; choose how fast the game plays out."),
}
MAX_COOP = 4
MAX_SEED = 2**31 - 1


MAX_NAME = 20  # letters in a player's name
MAX_LISTED_MAPS = 500  # maps of the player's folder in the list


class SetupError(Exception):
    """A set-up that cannot start; the message is one line for the player."""


@dataclass
class TableChoice:
    """A table the player can pick: a shipped scenario map or a map of the user's folder."""

    path: Path
    title: str
    scenario_id: str = ""
    custom: bool = False

    @property
    def spec(self) -> str:
        """What `SessionConfig.table` takes: the scenario id of a shipped map, else the path."""
        from game.scenarios.catalog import SCENARIOS

        if not self.custom and self.scenario_id in SCENARIOS and self.scenario_id != "patrol":
            return self.scenario_id
        return str(self.path)

    @property
    def label(self) -> str:
        if self.custom:
            return _("My maps: {title}").format(title=self.title)
        return narr(self.title)  # a shipped scenario's title: the narration catalogue's


def available_tables(user_folder: Path | None, shipped: Path = MAPS_DIR) -> list[TableChoice]:
    """The shipped maps, then every .tmx file of the user's maps folder (sorted by name)."""
    tables = [_choice(entry, False) for entry in shipped_maps(shipped)]
    found: list[Path] = []
    try:
        listed = user_folder is not None and user_folder.is_dir()
        if listed and user_folder is not None and user_folder.resolve() != shipped.resolve():
            found = sorted(user_folder.glob("*.tmx"), key=lambda p: p.name.lower())
    except (OSError, ValueError):  # a folder path too long, or one that cannot be listed
        found = []
    for path in found[:MAX_LISTED_MAPS]:
        # read cheaply (title only): a huge or hostile map never holds the screen up; it is
        # checked by the validator when it is chosen
        tables.append(_choice(describe_map(path, quick=True), True))
    return tables


def _choice(entry: MapEntry, custom: bool) -> TableChoice:
    return TableChoice(entry.path, entry.title, entry.scenario_id, custom)


@dataclass(frozen=True)
class MapCheck:
    """What the validator says about a map: errors stop the game, warnings are only shown."""

    errors: tuple[str, ...]
    warnings: tuple[str, ...]


def check_map(path: Path) -> MapCheck:
    """Run the battlefield validator on a map (never raises)."""
    from game.battlefield.loader import read_map

    if path.suffix.lower() != ".tmx":
        return MapCheck(
            (_("{path}: not a Tiled map (expected a .tmx file)").format(path=path),), ()
        )
    problem = file_problem(path)
    if problem:
        return MapCheck((problem,), ())
    report = read_map(path)
    errors = tuple(str(p) for p in report.errors)
    if report.battlefield is None and not errors:
        errors = (_("{path}: the map cannot be played").format(path=path),)
    return MapCheck(errors, tuple(str(p) for p in report.warnings))


def regular_units(
    table: str, seed: int, force: dict[str, Any] | None = None
) -> list[tuple[str, str]]:
    """(unit id, name) of every Regular unit the table sets up: the fireteams to share out."""
    from game.save import new_game, resolve_map

    map_path, scenario_id = resolve_map(table)
    engine = new_game(map_path, scenario_id, seed, force=force)
    return [(u.id, u.name) for u in engine.state.units.values() if u.side == "regular"]


@dataclass(frozen=True)
class TableDetails:
    """What the set-up screen's map details panel shows of a table: its scenario's briefing,
    length and victory conditions, and the force choices it offers (docs/SCENARIOS.md)."""

    title: str
    brief: str
    turns: int
    conditions: tuple[str, ...]
    forces: tuple[tuple[str, str], ...]  # (formation id, name): the scenario's own first
    qualities: tuple[int, ...]
    morales: tuple[int, ...]
    problem: str = ""  # why the table's scenario cannot be played, or ""
    optional_rules: tuple[str, ...] = ()  # house clearing (issue 21): the ones it offers (R246)


def table_details(table: TableChoice) -> TableDetails:
    """The details of a table's scenario, read without loading the map (never raises)."""
    from game.client.catalogue import _map_properties
    from game.scenarios.catalog import scenario_for_map
    from game.scenarios.orbat import library

    try:
        properties = {} if not table.custom else _map_properties(table.path)
        requested = None if table.custom else table.scenario_id or None
        scenario = scenario_for_map(table.path, properties, requested)
    except Exception as exc:  # a broken scenario file: its first problem, one line
        return TableDetails(table.title, "", 0, (), (), (), (), str(exc))
    spec = scenario.spec
    formations = library().formations
    own = (spec.formation,) if spec.formation else ()
    forces = tuple((f, formations[f].name) for f in (*own, *spec.swap) if f in formations)
    return TableDetails(
        scenario.title,
        scenario.brief,  # as written: the catalogue knows it so (the panel runs its lines on)
        scenario.turn_limit,
        tuple(scenario.victory_conditions()),
        forces,
        spec.quality,
        spec.morale or (),
        optional_rules=spec.optional_rules,  # house clearing (issue 21)
    )


# --- Commander Insurgent AI (issue 17 §2): the set-up screen's Insurgent AI choice ---
INSURGENT_AI_LABELS = {"ai": N_("Solo rules"), "commander": N_("Commander")}
INSURGENT_AI_TIP = N_(
    "Who plays the Insurgent AI: the solo rules' Action Check tables (the book), or the "
    "Commander, which plays the two-player rules as a person would (README: Commander AI)"
)


@dataclass
class SetupChoices:
    """Everything the set-up screen asks, as plain data (the screen edits one of these)."""

    table: str = "contracting-trouble"
    mode: str = "solo"
    seed_text: str = ""
    pace: str = "normal"
    names: list[str] = field(default_factory=list)  # "" or missing: the mode's default name
    coop_players: int = 2
    owners: dict[str, int] = field(default_factory=dict)  # unit id -> co-op player index
    force: dict[str, Any] = field(default_factory=dict)  # formation, quality, morale (chosen)
    difficulty: str = "book"  # book | hard | brutal (R132-R134)
    optional_rules: list[str] = field(default_factory=list)  # house clearing (issue 21, R246)
    insurgent_ai: str = "ai"  # ai | commander (issue 17 §2, R261)
    # --- difficulty that matters (issue 17 §3, round 4): the player picked the Insurgent AI
    insurgent_chosen: bool = False  # False: it follows the difficulty (Brutal: Commander, R332)


# --- cards (issue 19): the Optional Fog of War toggle (R184), one of the optional rules (R246)
FOG_LABELS = {False: N_("As the scenario"), True: N_("+ Optional rule")}
FOG_TIP = N_(
    "In scenarios with Fog of War: the Optional rule adds a Troop Quality Check of the best "
    "Regular unit each turn, drawing a card when it fails (R184)"
)


def parse_seed(text: str, fallback: int) -> int:
    """The typed seed (empty: `fallback`); SetupError names what is wrong."""
    text = text.strip()
    if not text:
        return fallback
    try:
        seed = int(text)
    except ValueError:
        raise SetupError(
            _("seed {text}: type a whole number, or leave it empty").format(text=repr(text))
        ) from None
    if not 0 <= seed <= MAX_SEED:
        raise SetupError(
            _("seed {seed}: must be between 0 and {most}").format(seed=seed, most=MAX_SEED)
        )
    return seed


def _names(choices: SetupChoices, count: int, defaults: list[str]) -> list[str]:
    names = [
        visible(choices.names[i] if i < len(choices.names) else "").strip()[:MAX_NAME]
        for i in range(count)
    ]
    names = [name or defaults[i] for i, name in enumerate(names)]
    if len(set(n.lower() for n in names)) != len(names):
        raise SetupError(_("two players have the same name: give each player a different name"))
    return names


def build_config(
    choices: SetupChoices, regulars: list[tuple[str, str]] | None = None, *, fallback_seed: int = 1
) -> Any:
    """The `SessionConfig` the choices describe; SetupError (one line) when they cannot start.

    `regulars` (the table's Regular units) is needed for co-op only."""
    from game.client.session import Seat, SessionConfig, check_config

    seed = parse_seed(choices.seed_text, fallback_seed)
    if choices.pace not in PACES:
        raise SetupError(
            _("pace {pace}: choose one of {paces}").format(
                pace=repr(choices.pace), paces=", ".join(PACES)
            )
        )
    if choices.mode == "solo":
        (name,) = _names(choices, 1, [_("You")])
        seats = (Seat(name, "human", "regular"), Seat(_("Insurgent AI"), "ai", "insurgent"))
    elif choices.mode == "hotseat":
        regular, insurgent = _names(choices, 2, [_("Regular player"), _("Insurgent player")])
        seats = (Seat(regular, "human", "regular"), Seat(insurgent, "human", "insurgent"))
    elif choices.mode == "coop":
        seats = _coop_seats(choices, regulars or [])
    elif choices.mode == "watch":
        seats = (Seat(_("Regular AI"), "ai", "regular"), Seat(_("Insurgent AI"), "ai", "insurgent"))
    else:
        raise SetupError(
            _("mode {mode}: choose solo, hot-seat, co-op or watch").format(mode=repr(choices.mode))
        )
    config = SessionConfig(
        mode=choices.mode,  # type: ignore[arg-type]
        table=choices.table,
        seed=seed,
        seats=seats,
        pace=choices.pace,
        force=tuple(sorted(choices.force.items())),
        difficulty=choices.difficulty,
        optional_rules=tuple(sorted(choices.optional_rules)),  # house clearing (R246)
        insurgent_ai=choices.insurgent_ai,
    )
    problem = check_config(config)
    if problem:
        raise SetupError(_("cannot start this game: {problem}").format(problem=problem))
    return config


def _coop_seats(choices: SetupChoices, regulars: list[tuple[str, str]]) -> tuple[Any, ...]:
    from game.client.session import Seat

    count = choices.coop_players
    if not 2 <= count <= MAX_COOP:
        raise SetupError(
            _("co-op needs 2 to {most} Regular players, not {n}").format(most=MAX_COOP, n=count)
        )
    if not regulars:
        raise SetupError(_("this table has no Regular fireteams to share out"))
    if count > len(regulars):
        raise SetupError(
            ngettext(
                "{n} players but only {teams} Regular fireteam: every player needs at least one",
                "{n} players but only {teams} Regular fireteams: every player needs at least one",
                len(regulars),
            ).format(n=count, teams=len(regulars))
        )
    names = _names(choices, count, [_("Regular player {n}").format(n=i + 1) for i in range(count)])
    owned: list[set[str]] = [set() for _player in range(count)]
    for unit_id, unit_name in regulars:
        owner = choices.owners.get(unit_id)
        if owner is None or not 0 <= owner < count:
            raise SetupError(
                _("{unit} ({id}) has no owner: give it to a player").format(
                    unit=unit_name, id=unit_id
                )
            )
        owned[owner].add(unit_id)
    for name, units in zip(names, owned, strict=True):
        if not units:
            raise SetupError(
                _("{name} commands no fireteam: give each player at least one").format(name=name)
            )
    seats = [
        Seat(name, "human", "regular", frozenset(units))
        for name, units in zip(names, owned, strict=True)
    ]
    return (*seats, Seat(_("Insurgent AI"), "ai", "insurgent"))


def deal_owners(regulars: list[tuple[str, str]], players: int) -> dict[str, int]:
    """A first proposal: fireteams dealt to the players in turn (the player may change it)."""
    return {unit_id: i % players for i, (unit_id, _name) in enumerate(regulars)}


def start_game(scene: Scene, config: Any) -> Any:
    """Show the play screen of a new game of `config` in place of the set-up screen.

    Returns the PlayScene; MapOpenError, MapError or ValueError say in one line why it cannot
    start."""
    from game.client.play import open_play
    from game.client.saves import track_session

    play = open_play(config.table, config.seed, config=config)
    track_session(play.session)
    scene.app.replace(play)  # leaving the game goes back to the main menu, not to the set-up
    from game.client.briefing import brief_new_game

    brief_new_game(play, play)
    return play


# --- difficulty that matters (issue 17 §3, round 4): R332 ---
def choose_difficulty(choices: SetupChoices, difficulty: str) -> bool:
    """Set the difficulty; unless the player picked the Insurgent AI themselves, the Insurgent
    AI becomes the difficulty's own (the Commander on Brutal). True when it changed (the
    screen shows the new choice)."""
    from game.engine.difficulty import default_insurgents

    choices.difficulty = difficulty
    if choices.insurgent_chosen:
        return False
    before = choices.insurgent_ai
    choices.insurgent_ai = default_insurgents(difficulty)
    return choices.insurgent_ai != before

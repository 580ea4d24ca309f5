"""Scenario files: one TOML file per scenario beside its map (`maps/NAME.toml` for
`maps/NAME.tmx`), read into a ScenarioSpec. The format is docs/SCENARIOS.md; every problem is
one line naming the file, the key and the fix (ScenarioFileError).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from game.engine.scenario import (
    INSURGENT_OBJECTIVE_KINDS,
    NOT_YET_PLAYED,
    SPECIAL_RULES,
    Objectives,
)
from game.engine.state import INSURGENT, REGULAR
from game.engine.victory import END_HOOKS, VICTORY_HOOKS, VictoryCondition
from game.rules import cards as rc
from game.rules.reinforcements import EDGE_TABLES
from game.rules.support import AssetId  # support assets (issue 19)
from game.rules.vehicle_types import PLACEABLE
from game.scenarios.orbat import DESIGNATIONS, REGULAR_KINDS, Library, library
from game.scenarios.toml_fields import Problems, Table, parse_figures, read_toml

INSURGENT_KINDS = ("leader", "small_arms", "saw", "l_support", "mg", "rpg", "at_rpg", "sniper")
LEVELS = ("automatic", "1", "2", "3", "4", "5", "6")
MAX_TURNS = 99
MAX_UNIT_FIGURES = 30  # as a map's Unit object (R48)


@dataclass(frozen=True)
class UnitSpec:
    """A Regular unit listed figure by figure (instead of a formation of the library)."""

    name: str
    figures: tuple[str, ...]
    quality: int | None = None
    morale: int | None = None
    at: int | None = None  # the number of a Regular StartPosition marker
    designation: str = ""  # support assets (issue 19): special_weapon_team | sniper_team (R196)
    # --- vehicles (issue 20): the unit is the crew of a vehicle of this card, or rides in one ---
    vehicle: str = ""
    facing: float = 0.0
    aboard: str = ""  # the name of the vehicle unit it starts in
    card: str = ""  # the Asset card (cards.toml id) this unit is fielded from (R295)


@dataclass(frozen=True)
class StartGroup:
    """Insurgents standing at a numbered Insurgent StartPosition when the game begins."""

    at: int
    figures: tuple[str, ...]


@dataclass(frozen=True)
class ScenarioSpec:
    id: str
    title: str
    path: str
    brief: str = ""
    turns: int = 10
    turns_from_map: bool = False
    insurgency_level: str = "4"
    fog_of_war: bool = False
    special_rules: tuple[str, ...] = ()
    place_hot_spots: bool = True
    formation: str | None = None
    units: tuple[UnitSpec, ...] = ()
    swap: tuple[str, ...] = ()
    quality: tuple[int, ...] = (8,)
    morale: tuple[int, ...] | None = None
    noun: str = ""
    insurgent_quality: int = 6
    insurgent_morale: int = 10
    leader_quality: int = 6
    leader_morale: int = 10
    start: tuple[StartGroup, ...] = ()
    objectives: Objectives = field(default_factory=Objectives)
    end: tuple[str, ...] = ("no_regulars_left",)
    victory: tuple[VictoryCondition, ...] = ()
    # --- house clearing (issue 21) ---
    optional_rules: tuple[str, ...] = ()  # the optional rules the scenario offers (R246)
    assets: tuple[str, ...] = ()  # support assets (issue 19): the Regulars' asset ids
    fog_of_war_initial: int = 0  # --- cards (issue 19): [cards] fog_of_war_initial
    # --- night (issue 19) ---
    night_vision: tuple[tuple[str, bool], ...] = ()  # (side, has it): the book's default unless
    reinforcement_edges: str = ""  # an edge table's name (arrive = "edges"; R206)


def scenario_file_for(map_path: Path) -> Path:
    """Where a map's own scenario file lives: beside it, with the same name."""
    return map_path.with_suffix(".toml")


def load_scenario_file(path: Path, lib: Library | None = None) -> ScenarioSpec:
    """Read a scenario file; ScenarioFileError lists every problem (one line each)."""
    problems = Problems(str(path))
    spec = read_scenario(read_toml(path, problems), str(path), problems, lib or library())
    problems.raise_if_any()
    assert spec is not None
    return spec


def read_scenario(
    data: dict[str, Any] | None, path: str, problems: Problems, lib: Library
) -> ScenarioSpec | None:
    """A ScenarioSpec from a TOML document (None when it could not be read at all)."""
    if data is None:
        return None
    doc = Table(data, "", problems)
    stem = Path(path).stem
    head: dict[str, Any] = {
        "id": doc.text("id", stem),
        "title": doc.text("title", stem, required=True),
        "brief": doc.text("brief"),
        "turns": doc.integer("turns", 10, 1, MAX_TURNS),
        "turns_from_map": doc.flag("turns_from_map"),
        "insurgency_level": _level(doc),
        "fog_of_war": doc.flag("fog_of_war"),
        "special_rules": _special_rules(doc),
        "optional_rules": _optional_rules(doc),  # house clearing (issue 21)
    }
    head["assets"] = _assets(doc)  # support assets (issue 19)
    arrive = doc.table("reinforcements")
    arrive.choice("table", ("standard",), "standard")
    by = arrive.choice("arrive", ("hot_spots", "edges"), "hot_spots")
    head["place_hot_spots"] = arrive.flag("place_hot_spots", True)
    head["reinforcement_edges"] = _edge_table(arrive, by)  # --- Scenario 3 (issue 19) ---
    arrive.done()
    head.update(_regulars(doc.table("regulars"), lib))
    head.update(_insurgents(doc.table("insurgents"), lib))
    head["night_vision"] = head.pop("night_vision_regular") + head.pop("night_vision_insurgent")
    head["objectives"] = _objectives(doc.table("objectives"))
    head["end"] = _end(doc)
    head["victory"] = _victory(doc)
    head["fog_of_war_initial"] = _cards(doc, head["fog_of_war"])  # --- cards (issue 19)
    doc.done()
    return ScenarioSpec(path=path, **head)


def _level(doc: Table) -> str:
    value = doc.raw("insurgency_level", "4")
    text = str(value).lower() if isinstance(value, (int, str)) else ""
    if text not in LEVELS:
        doc.problems.error(
            "insurgency_level",
            f"{value!r} is not an Insurgency Level",
            'write "automatic" or a number 1 to 6',
        )
        return "4"
    return text


def _special_rules(doc: Table) -> tuple[str, ...]:
    names = doc.strings("special_rules")
    for name in names:
        if name == "building_clearing":  # house clearing (issue 21): played, as an option
            doc.problems.error(
                "special_rules",
                "'building_clearing' is the optional Building Clearing rule (a set-up toggle)",
                'write optional_rules = ["building-clearing"] instead',
            )
            continue
        if name in NOT_YET_PLAYED:
            doc.problems.error(
                "special_rules",
                f"{name!r} ({NOT_YET_PLAYED[name]}) is not played by this version of the game",
                "leave it out, or play the scenario on the table",
            )
        elif name not in SPECIAL_RULES:
            doc.problems.error(
                "special_rules",
                f"{name!r} is not a special rule",
                f"write one of: {', '.join(SPECIAL_RULES)}",
            )
    return tuple(n for n in names if n in SPECIAL_RULES)


def _optional_rules(doc: Table) -> tuple[str, ...]:
    """The optional rules the scenario offers at set-up, off unless the player turns them on
    (R246); every name one the engine plays."""
    from game.engine.optional_rules import OPTIONAL_RULES

    names = doc.strings("optional_rules")
    for name in names:
        if name not in OPTIONAL_RULES:
            doc.problems.error(
                "optional_rules",
                f"{name!r} is not an optional rule",
                f"write one of: {', '.join(OPTIONAL_RULES)}",
            )
    return tuple(n for n in names if n in OPTIONAL_RULES)


def _assets(doc: Table) -> tuple[str, ...]:
    """The Regulars' support assets (issue 19): `assets = [ids]` or `[assets] regular = [ids]`."""
    if isinstance(doc.raw("assets"), dict):
        table = doc.table("assets")
        names, key = table.strings("regular"), "assets.regular"
        table.done()
    else:
        names, key = doc.strings("assets"), "assets"
    known = tuple(a.value for a in AssetId)
    for name in names:
        if name not in known:
            doc.problems.error(
                key,
                f"{name!r} is not a support asset this version of the game plays",
                f"write asset ids ({', '.join(known)}), or leave assets empty ([])",
            )
    return tuple(n for n in names if n in known)


def _regulars(t: Table, lib: Library) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if t.has("force"):
        out["formation"] = t.choice("force", lib.formations, next(iter(lib.formations)))
    units = tuple(_unit(u) for u in t.tables("units"))
    if units:
        out["units"] = units
    if "formation" in out and units:
        t.problems.error(t.key("units"), "given together with force", "keep one of the two")
    if "formation" not in out and not units:
        t.problems.error(
            t.key("force"),
            "is missing (and no [[regulars.units]])",
            f"write force = one of {', '.join(lib.formations)}, or list the units",
        )
    swap = t.raw("swap", "none")
    base = out.get("formation")
    if swap == "similar" and base:
        out["swap"] = tuple(lib.similar_to(base)[1:])
    elif swap == "all":
        out["swap"] = tuple(f for f in lib.formations if f != base)
    elif isinstance(swap, list) and all(s in lib.formations for s in swap):
        out["swap"] = tuple(swap)
    elif swap != "none":
        t.problems.error(
            t.key("swap"),
            f"{swap!r} is not a list of formations",
            f'write "similar", "all", "none" or a list of: {", ".join(lib.formations)}',
        )
    out["quality"] = t.dice("quality", (8,))
    if t.has("morale"):
        out["morale"] = t.dice("morale", (10,))
    out["noun"] = t.text("noun")
    out["night_vision_regular"] = _night_vision(t, REGULAR)
    t.done()
    return out


# --- night and Scenario 3 (issue 19) ---
def _edge_table(t: Table, arrive: str) -> str:
    """`arrive = "edges"` with `edges = "<an edge table>"`: reinforcements come on by the table
    edge a d6 picks on that table (the rules core's `EDGE_TABLES`; R206)."""
    if arrive != "edges":
        if t.has("edges"):
            t.problems.error(t.key("edges"), 'is only for arrive = "edges"', "leave it out")
        return ""
    if not t.has("edges"):
        t.problems.error(
            t.key("edges"), "is missing", f"write edges = one of {', '.join(EDGE_TABLES)}"
        )
        return ""
    return t.choice("edges", EDGE_TABLES, "")


def _night_vision(t: Table, side: str) -> tuple[tuple[str, bool], ...]:
    """`night_vision = true/false` in [regulars] or [insurgents]: the side's night vision
    devices, where the scenario says otherwise than the book (Night Fighting; R201)."""
    return ((side, t.flag("night_vision")),) if t.has("night_vision") else ()


def _unit(u: Table) -> UnitSpec:
    figures = parse_figures(u.raw("figures"), u.key("figures"), REGULAR_KINDS, u.problems)
    if len(figures) > MAX_UNIT_FIGURES:
        u.problems.error(
            u.key("figures"), f"{len(figures)} figures", f"at most {MAX_UNIT_FIGURES} (R48)"
        )
    spec = UnitSpec(
        u.text("name", "Regular unit", required=True),
        tuple(figures),
        u.die("quality", 0) or None,
        u.die("morale", 0) or None,
        u.integer("at", 0, 0, 999) or None,
        u.choice("designation", ("", *DESIGNATIONS), ""),  # support assets (issue 19)
        *_vehicle_keys(u),
    )
    u.done()
    return spec


# --- vehicles (issue 20) ---
def _vehicle_keys(u: Table) -> tuple[str, float, str, str]:
    """`vehicle` (a card of `game/rules/vehicle_types.py`), `facing` (degrees, 0 east, 90
    south), `aboard` (the name of the vehicle unit it starts in), `card` (the Asset card the
    unit is fielded from, R295)."""
    key = u.text("vehicle")
    if key and key not in PLACEABLE:
        u.problems.error(
            u.key("vehicle"), f"{key!r} is not a vehicle", f"write one of {', '.join(PLACEABLE)}"
        )
        key = ""
    facing = float(u.integer("facing", 0, 0, 359))
    card = u.text("card")
    granting = [c.id for c in rc.decks().of(rc.ASSET) if c.grants]
    if card and card not in granting:
        u.problems.error(
            u.key("card"), f"{card!r} is not an Asset card", f"write one of {', '.join(granting)}"
        )
        card = ""
    return key, facing, u.text("aboard"), card


def _insurgents(t: Table, lib: Library) -> dict[str, Any]:
    kind = lib.insurgent_types.get(t.choice("type", lib.insurgent_types, "armed-civilians"))
    assert kind is not None
    out = {
        "insurgent_quality": t.die("quality", kind.quality),
        "insurgent_morale": t.die("morale", kind.morale),
        "leader_quality": t.die("leader_quality", kind.leader_quality),
        "leader_morale": t.die("leader_morale", kind.leader_morale),
    }
    groups: list[StartGroup] = []
    for g in t.tables("start"):
        at = g.integer("at", 1, 1, 999)
        if not g.has("at"):
            g.problems.error(g.key("at"), "is missing", "write the StartPosition's number")
        figures = parse_figures(g.raw("figures"), g.key("figures"), INSURGENT_KINDS, g.problems)
        if at in [s.at for s in groups]:
            g.problems.error(g.key("at"), f"start position {at} is listed twice", "merge them")
        groups.append(StartGroup(at, tuple(figures)))
        g.done()
    night_vision = _night_vision(t, INSURGENT)  # --- night (issue 19) ---
    t.done()
    return {**out, "start": tuple(groups), "night_vision_insurgent": night_vision}


def _objectives(t: Table) -> Objectives:
    """Objectives field by field (whatever fields the engine's Objectives has)."""
    values: dict[str, Any] = {}
    for f in fields(Objectives):
        default = getattr(Objectives(), f.name)
        if isinstance(default, bool):
            values[f.name] = t.flag(f.name, default)
        elif isinstance(default, int):
            values[f.name] = t.integer(f.name, default, 0, 99)
        elif isinstance(default, str):
            values[f.name] = t.text(f.name, default)
    kinds = t.strings("insurgent_objectives")
    for kind in kinds:
        if kind not in INSURGENT_OBJECTIVE_KINDS:
            t.problems.error(
                t.key("insurgent_objectives"),
                f"{kind!r} is not something the Insurgents can play for",
                f"write some of: {', '.join(INSURGENT_OBJECTIVE_KINDS)}",
            )
    known = tuple(k for k in kinds if k in INSURGENT_OBJECTIVE_KINDS)
    values["insurgent_objectives"] = known or None  # unset: they mirror the Regulars' mission
    t.done()
    return Objectives(**values)


def _end(doc: Table) -> tuple[str, ...]:
    names = doc.strings("end_when", ("no_regulars_left",))
    for name in names:
        if name not in END_HOOKS:
            doc.problems.error(
                "end_when", f"{name!r} is not a known end", f"write one of: {', '.join(END_HOOKS)}"
            )
    return tuple(n for n in names if n in END_HOOKS)


def _victory(doc: Table) -> tuple[VictoryCondition, ...]:
    conditions: list[VictoryCondition] = []
    entries = doc.tables("victory")
    if not entries:
        doc.problems.error("victory", "no victory conditions", "add [[victory]] entries")
    for v in entries:
        side = v.choice("side", (REGULAR, INSURGENT), REGULAR)
        hook = ""
        if v.has("condition"):
            hook = v.choice("condition", VICTORY_HOOKS, "")
        else:
            v.problems.error(
                v.key("condition"), "is missing", f"write one of: {', '.join(VICTORY_HOOKS)}"
            )
        points = v.integer("points", 0, -99, 99)
        if not v.has("points"):
            v.problems.error(v.key("points"), "is missing", "write the points it scores")
        label = v.text("label", hook.replace("_", " "))
        if "{" in label and label.replace("{regulars}", "").count("{"):
            v.problems.error(
                v.key("label"), "has a {...} other than {regulars}", "write {regulars} or no braces"
            )
            label = label.replace("{", "(").replace("}", ")")
        same_line = v.flag("same_line")
        turn = v.integer("turn", 0, 0, MAX_TURNS)
        if hook == "objective_held" and not v.has("turn"):
            v.problems.error(v.key("turn"), "is missing", "write the turn to hold until")
        if hook:
            conditions.append(VictoryCondition(side, hook, points, label, same_line, turn))
        v.done()
    return tuple(conditions)


# --- cards (issue 19) ---
def _cards(doc: Table, fog_of_war: bool) -> int:
    """`[cards] fog_of_war_initial`: Fog of War cards drawn at set-up (needs `fog_of_war`)."""
    table = doc.table("cards")
    initial = table.integer("fog_of_war_initial", 0, 0, 5)
    table.done()
    if initial and not fog_of_war:
        doc.problems.error(
            "cards.fog_of_war_initial",
            "draws Fog of War cards in a game without Fog of War",
            "set fog_of_war = true or remove the key",
        )
        return 0
    return initial

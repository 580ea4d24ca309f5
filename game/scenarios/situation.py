"""A rules sandbox situation: any moment of a game, written by hand as JSON (docs/SANDBOX.md).

`read_situation(path)` reads and checks a situation file into a `Situation`; every problem is a
`SituationError` naming the field (`units[2].figures[0].kind: 'gunman' is not one of ...`).
`situation_engine(situation)` starts an `Engine` on it: the map (a shipped one or an inline
one), the units with their figures, ratings and statuses, the turn, the Insurgency Level and the
dice (forced faces or a seed). Pure: no pygame, no AI; `game/sandbox.py` runs the commands.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.battlefield.errors import MapError
from game.battlefield.model import Battlefield, Point
from game.engine import prisoners, vehicles
from game.engine.assets import grant_asset  # support assets (issue 19)
from game.engine.commands import Command
from game.engine.engine import Engine
from game.engine.rulesbridge import KIND_WEAPONS
from game.engine.scenario import Objectives
from game.engine.state import (
    INSURGENT,
    REGULAR,
    SIDES,
    ContractorState,
    FigureState,
    GameState,
    HotSpotState,
    MobState,
    UnitState,
)
from game.engine.terrain import Terrain
from game.rules.dice import DiceSource, Die, ScriptedDice
from game.rules.support import AssetId  # support assets (issue 19)
from game.rules.vehicle_types import VEHICLES
from game.scenarios.catalog import Patrol
from game.scenarios.fields import Fields, SituationError, kind_of, one_of, point
from game.scenarios.ids import SHIPPED_SCENARIO_IDS, scenario_map
from game.scenarios.inline_map import hot_spot_list, inline_battlefield
from game.scenarios.situation_script import _commands, _controllers, _dice

FIGURE_KINDS = ("leader", "rifle", "small_arms", "medic", *KIND_WEAPONS)
STATUSES = (
    "activated",  # Regular: activated this turn; Insurgent: has done all it may this turn
    "pinned",
    "regrouping",  # after a Pull Back: Pinned and may not move this turn
    "shaken",  # Insurgent, Shaken last turn (its limits apply this turn); see morale_shift
    "overwatch",  # Regular
    "interrupted",  # Insurgent: has used its one interruption this turn
    "in_cover",  # Got In Cover (Rulebook: Cover Dice)
    "moved",  # has moved this turn (not stationary)
    "moved_rapidly",  # has moved Rapidly this turn
    "had_casualties",  # Regular: lost figures as casualties earlier (Casualties Quality Check)
)
QUALITY_NAMES = {"untrained": 6, "trained": 8, "veteran": 10, "elite": 12}
DEPENDANTS = ("casualty", "pow", "rescued")
LINE_SPACING = 0.9  # inches between figures laid out by `line` (in cohesion, R2)
MAX_COMMANDS = 2000
ASSET_IDS = tuple(a.value for a in AssetId)  # support assets (issue 19)
DESIGNATIONS = ("special_weapon_team", "sniper_team")
SITUATION_FIELDS = (
    "title", "description", "map", "units", "turn", "turn_limit", "insurgency_level",
    "reinforcements", "night", "hot_spots", "contractors", "aid_stations", "dice", "seed",
    "controllers", "commands", "max_commands",
    "mobs", "poi",  # civilians (issue 21)
    "optional_rules", "cleared_buildings",  # house clearing (issue 21)
    "assets",  # support assets (issue 19)
    "cards",  # --- cards (issue 19): Fog of War cards played as the situation starts
)  # fmt: skip
UNIT_FIELDS = (
    "id", "side", "name", "quality", "morale", "figures", "line", "status", "morale_shift",
    "elevation", "armour", "morale_bonus", "dependants", "seen", "night_vision",
    "designation",  # support assets (issue 19)
    "elevation", "armour", "morale_bonus", "dependants", "seen",
    "vehicle",  # --- vehicles (issue 20) ---
)  # fmt: skip


@dataclass(frozen=True)
class FigureSetup:
    kind: str
    at: Point
    quality: int
    morale: int
    wounded: bool = False


@dataclass(frozen=True)
class UnitSetup:
    id: str
    side: str
    name: str
    figures: tuple[FigureSetup, ...]
    statuses: frozenset[str] = frozenset()
    morale_shift: int = 0
    elevation: int = 0
    armour: bool = False
    morale_bonus: int = 0
    dependants: tuple[str, ...] = ()
    seen: bool = True
    designation: str = ""  # support assets (issue 19): special_weapon_team | sniper_team
    night_vision: bool | None = None  # None: the book's default (Night Fighting)
    # --- vehicles (issue 20): (card key, facing in degrees, passenger unit ids) ---
    vehicle: tuple[str, float, tuple[str, ...]] | None = None


@dataclass(frozen=True)
class Situation:
    source: str  # the file it was read from, for messages
    title: str
    battlefield: Battlefield
    units: tuple[UnitSetup, ...]
    hot_spots: tuple[tuple[int, Point, bool], ...]
    turn: int = 1
    turn_limit: int = 10
    insurgency_level: str = "4"
    reinforcements: bool = False
    seed: int = 0
    dice: tuple[int | tuple[Die, int], ...] | None = None
    contractors: tuple[tuple[Point, str], ...] = ()  # (where, holding unit id or "")
    aid_stations: tuple[Point, ...] = ()  # CASEVAC assets (R128)
    controllers: dict[str, str] = field(default_factory=dict)
    commands: tuple[Command, ...] = ()
    max_commands: int = MAX_COMMANDS
    # --- civilians (issue 21) ---
    mobs: tuple[tuple[str, Point], ...] = ()  # (id, where)
    poi: tuple[Point, str] | None = None  # (where, holding unit id or "")
    # --- house clearing (issue 21) ---
    optional_rules: tuple[str, ...] = ()
    cleared_buildings: tuple[int, ...] = ()
    assets: tuple[str, ...] = ()  # support assets (issue 19): the Regulars' asset ids
    night: bool = False  # Night Fighting (R200)
    cards: tuple[str, ...] = ()  # --- cards (issue 19): Fog of War card ids, played in order


def read_situation(path: str | Path) -> Situation:
    """Read and check a situation file; SituationError (one line, naming the field) if bad."""
    file = Path(path)
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SituationError("", f"cannot read it ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise SituationError("", "is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise SituationError("", f"not JSON: {exc.msg} at line {exc.lineno}") from None
    return parse_situation(data, source=str(file), base=file.resolve().parent)


def parse_situation(data: Any, *, source: str = "situation", base: Path | None = None) -> Situation:
    """Check JSON data as a situation; a map path is read relative to `base`."""
    spec = Fields(data)
    spec.expect(*SITUATION_FIELDS)
    spec.text("description", "")  # free text: the question, the bug, the expected outcome
    battlefield = _battlefield(spec.raw("map"), "map", base or Path.cwd())
    turn = spec.integer("turn", 1, low=1, high=99)
    turn_limit = spec.integer("turn_limit", max(10, turn), low=turn, high=99)
    night = spec.flag("night", False)
    level = _insurgency_level(spec.raw("insurgency_level", "4"), "insurgency_level")
    reinforcements = spec.flag("reinforcements", False)
    if reinforcements and turn == 1:
        raise SituationError("reinforcements", "no reinforcements arrive in turn 1 (R20)")
    units = _units(spec)
    _check_on_table(units, battlefield)
    for i, unit in enumerate(units):
        if "shaken" in unit.statuses and turn == 1:
            raise SituationError(
                f"units[{i}].status", "shaken means Shaken last turn: give turn 2 or later"
            )
    hot_spots = (
        hot_spot_list(spec.raw("hot_spots"), "hot_spots")
        if spec.has("hot_spots")
        else [(h.number, h.position, False) for h in battlefield.hot_spots]
    )
    contractors = _contractors(spec, units)
    mobs, poi = _civilians(spec, units)  # civilians (issue 21)
    aid_stations = tuple(point(v, at) for at, v in spec.items("aid_stations", []))
    controllers = _controllers(spec)
    dice = _dice(spec.raw("dice")) if spec.has("dice") else None
    situation = Situation(
        source=source,
        title=spec.text("title", "Sandbox situation"),
        battlefield=battlefield,
        units=units,
        hot_spots=tuple(hot_spots),
        contractors=contractors,
        aid_stations=aid_stations,
        turn=turn,
        turn_limit=turn_limit,
        night=night,
        insurgency_level=level,
        reinforcements=reinforcements,
        seed=spec.integer("seed", 0),
        dice=dice,
        controllers=controllers,
        commands=_commands(spec.raw("commands", []), controllers),
        max_commands=spec.integer("max_commands", MAX_COMMANDS, low=1, high=100_000),
        mobs=mobs,
        poi=poi,
        **_house_clearing(spec, battlefield),  # house clearing (issue 21)
        assets=tuple(one_of(v, ASSET_IDS, at) for at, v in spec.items("assets", [])),
        cards=tuple(one_of(v, _fog_of_war_cards(), at) for at, v in spec.items("cards", [])),
    )
    spec.done()
    return situation


def _fog_of_war_cards() -> tuple[str, ...]:
    """--- cards (issue 19): the Fog of War card ids a situation may play; and the Asset cards
    that bring vehicles (R300-R302), played as if drawn."""
    from game.rules import cards as rc
    from game.rules.vehicle_entry import CARD_VEHICLES

    assets = [c.id for c in rc.decks().of(rc.ASSET) if c.grants in CARD_VEHICLES]
    return (*(c.id for c in rc.decks().of(rc.FOG_OF_WAR)), *assets)


def _house_clearing(spec: Fields, battlefield: Battlefield) -> dict[str, Any]:
    """`optional_rules` (names, R246) and `cleared_buildings` (building ids) of a situation."""
    from game.engine.optional_rules import check_rules

    names = [str(v) for _, v in spec.items("optional_rules", [])]
    try:
        rules = tuple(check_rules(names))
    except ValueError as why:
        raise SituationError("optional_rules", str(why)) from None
    ids = {b.id for b in battlefield.buildings}
    cleared: list[int] = []
    for at, value in spec.items("cleared_buildings", []):
        if not isinstance(value, int) or isinstance(value, bool) or value not in ids:
            raise SituationError(at, f"{value!r} is not a building id of the map ({sorted(ids)})")
        cleared.append(value)
    return {"optional_rules": rules, "cleared_buildings": tuple(cleared)}


def _battlefield(value: Any, where: str, base: Path) -> Battlefield:
    if isinstance(value, dict):
        return inline_battlefield(value, where, "inline")
    if not isinstance(value, str):
        got = kind_of(value)
        raise SituationError(where, f"expected a scenario id, a .tmx path or a map, got {got}")
    if value in SHIPPED_SCENARIO_IDS:
        path = scenario_map(value)
    else:
        path = Path(value) if Path(value).is_absolute() else base / value
        if path.suffix.lower() != ".tmx":
            shipped = ", ".join(SHIPPED_SCENARIO_IDS)
            raise SituationError(where, f"{value!r} is neither a shipped map ({shipped}) nor .tmx")
        if not path.exists():
            raise SituationError(where, f"{value!r}: no such map file ({path})")
    from game.battlefield.loader import load_battlefield

    try:
        return load_battlefield(path)
    except MapError as exc:
        raise SituationError(where, str(exc).removeprefix("error: ")) from None


def _insurgency_level(value: Any, where: str) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    return one_of(value, ["automatic", *(str(n) for n in range(7))], where)


def _rating(value: Any, where: str, *, names: bool) -> int:
    """A die rating: "d8", 8, or (for Troop Quality) "trained"."""
    if isinstance(value, str) and names and value.lower() in QUALITY_NAMES:
        return QUALITY_NAMES[value.lower()]
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        try:
            return int(Die.parse(str(value)))
        except ValueError:
            pass
    words = "d6, d8, d10, d12" + (" or untrained, trained, veteran, elite" if names else "")
    raise SituationError(where, f"{kind_of(value)} is not a rating ({words})")


def _check_on_table(units: tuple[UnitSetup, ...], battlefield: Battlefield) -> None:
    width, height = battlefield.width, battlefield.height
    for i, unit in enumerate(units):
        for j, figure in enumerate(unit.figures):
            x, y = figure.at
            if not (0.0 <= x <= width and 0.0 <= y <= height):
                raise SituationError(
                    f"units[{i}].figures[{j}]",
                    f'({x:g}, {y:g}) is off the {width:g}" x {height:g}" table',
                )


def _units(spec: Fields) -> tuple[UnitSetup, ...]:
    units: list[UnitSetup] = []
    for where, data in spec.items("units"):
        unit = _unit(data, where)
        if any(u.id == unit.id for u in units):
            raise SituationError(f"{where}.id", f"unit id {unit.id!r} is used twice")
        units.append(unit)
    if not any(u.side == REGULAR for u in units):
        raise SituationError("units", "at least one Regular unit is needed (the game ends without)")
    return tuple(units)


def _unit(data: Any, where: str) -> UnitSetup:
    spec = Fields(data, where)
    spec.expect(*UNIT_FIELDS)
    unit_id = spec.text("id")
    if not unit_id.strip():
        raise SituationError(spec.at("id"), "a unit needs an id")
    side = spec.choice("side", SIDES)
    default_quality = "d8" if side == REGULAR else "d6"
    quality = _rating(spec.raw("quality", default_quality), spec.at("quality"), names=True)
    morale = _rating(spec.raw("morale", "d10"), spec.at("morale"), names=False)
    line = spec.point("line") if spec.has("line") else None
    figures = tuple(
        _figure(value, at, side, (quality, morale), line, i)
        for i, (at, value) in enumerate(spec.items("figures"))
    )
    if not figures:
        raise SituationError(spec.at("figures"), "a unit needs at least one figure")
    statuses = _statuses(spec, side)
    shaken = "shaken" in statuses
    unit = UnitSetup(
        id=unit_id,
        side=side,
        name=spec.text("name", unit_id),
        figures=figures,
        statuses=statuses,
        morale_shift=spec.integer(
            "morale_shift", 1 if shaken else 0, low=1 if shaken else 0, high=3
        ),
        elevation=spec.integer("elevation", 0, high=20),
        armour=spec.flag("armour", False),
        morale_bonus=spec.integer("morale_bonus", 0, high=3),
        dependants=tuple(one_of(v, DEPENDANTS, at) for at, v in spec.items("dependants", [])),
        seen=spec.flag("seen", True),
        designation=spec.choice("designation", DESIGNATIONS) if spec.has("designation") else "",
        night_vision=spec.flag("night_vision", False) if spec.has("night_vision") else None,
        vehicle=_vehicle(spec.raw("vehicle"), spec.at("vehicle")) if spec.has("vehicle") else None,
    )
    spec.done()
    return unit


def _vehicle(value: Any, where: str) -> tuple[str, float, tuple[str, ...]]:
    """Vehicles (issue 20): `{"type": "lvtp", "facing": 90, "passengers": ["R2"]}`, the unit's
    figures being its crew."""
    spec = Fields(value, where)
    spec.expect("type", "facing", "passengers")
    key = spec.text("type")
    if key not in VEHICLES:
        known = ", ".join(sorted(VEHICLES))
        raise SituationError(spec.at("type"), f"{key!r} is not a vehicle (known: {known})")
    facing = spec.number("facing", 0.0)
    passengers = tuple(str(v) for _, v in spec.items("passengers", []))
    spec.done()
    return key, facing, passengers


def _figure(
    value: Any, where: str, side: str, ratings: tuple[int, int], line: Point | None, index: int
) -> FigureSetup:
    if isinstance(value, str):
        if line is None:
            raise SituationError(where, "a figure given by its kind alone needs the unit's `line`")
        kind = one_of(value, FIGURE_KINDS, where)
        return FigureSetup(kind, (line[0] + index * LINE_SPACING, line[1]), *ratings)
    spec = Fields(value, where)
    kind = spec.choice("kind", FIGURE_KINDS)
    at = spec.point("at")
    quality = _rating(spec.raw("quality", ratings[0]), spec.at("quality"), names=True)
    morale = _rating(spec.raw("morale", ratings[1]), spec.at("morale"), names=False)
    wounded = spec.flag("wounded", False)
    if wounded and side == INSURGENT:
        raise SituationError(spec.at("wounded"), "Insurgent casualties are removed, not wounded")
    spec.done()
    return FigureSetup(kind, at, quality, morale, wounded)


def _statuses(spec: Fields, side: str) -> frozenset[str]:
    found: set[str] = set()
    for at, value in spec.items("status", []):
        status = one_of(value, STATUSES, at)
        if status == "overwatch" and side != REGULAR:
            raise SituationError(at, "only Regulars go on Overwatch (Rulebook: Overwatch)")
        if status == "had_casualties" and side != REGULAR:
            raise SituationError(at, "the Casualties Quality Check is for Regulars")
        if status in ("shaken", "interrupted") and side != INSURGENT:
            why = "Regulars are Pinned, never Shaken" if status == "shaken" else "only Insurgents"
            raise SituationError(at, f"{status} is for Insurgent units ({why})")
        found.add(status)
    if "moved_rapidly" in found:
        found.add("moved")
    if "regrouping" in found:
        found.add("pinned")
    return frozenset(found)


def _contractors(spec: Fields, units: tuple[UnitSetup, ...]) -> tuple[tuple[Point, str], ...]:
    """`[{"at": [x, y], "held_by": "R1"}, ...]`: contractors waiting where they stand, or held
    as a Dependant by a Regular unit (Contracting Trouble: Moving the Contractors)."""
    found: list[tuple[Point, str]] = []
    regulars = [u.id for u in units if u.side == REGULAR]
    for where, data in spec.items("contractors", []):
        sub = Fields(data, where)
        at = sub.point("at")
        holder = (
            one_of(sub.raw("held_by"), regulars, sub.at("held_by")) if sub.has("held_by") else ""
        )
        sub.done()
        found.append((at, holder))
    return tuple(found)


# --- civilians (issue 21) ---
def _civilians(
    spec: Fields, units: tuple[UnitSetup, ...]
) -> tuple[tuple[tuple[str, Point], ...], tuple[Point, str] | None]:
    """`"mobs": [{"id": "C1", "at": [x, y]}, ...]` (civilian mobs, R232) and
    `"poi": {"at": [x, y], "held_by": "R1"}` (the Person of Interest, held or left alone)."""
    mobs: list[tuple[str, Point]] = []
    for where, data in spec.items("mobs", []):
        sub = Fields(data, where)
        mob_id = sub.text("id", f"C{len(mobs) + 1}")
        mobs.append((mob_id, sub.point("at")))
        sub.done()
    poi: tuple[Point, str] | None = None
    if spec.has("poi"):
        sub = spec.fields("poi")
        regulars = [u.id for u in units if u.side == REGULAR]
        holder = (
            one_of(sub.raw("held_by"), regulars, sub.at("held_by")) if sub.has("held_by") else ""
        )
        poi = (sub.point("at"), holder)
        sub.done()
    return tuple(mobs), poi


class SituationScenario(Patrol):
    """The scenario of a situation: its units and statuses, placed exactly as written; victory
    points as a patrol (Rulebook: Suggested Victory Point Values)."""

    id = "sandbox"
    title = "Sandbox"
    places_hot_spots = False  # the situation names every hot spot there is

    def __init__(self, situation: Situation) -> None:
        self.situation = situation
        self.title = situation.title
        self.turn_limit = situation.turn_limit
        self.insurgency_level = situation.insurgency_level
        self.night = situation.night
        self.contractors = bool(situation.contractors)  # the contractor rules, when any is given
        # the Regulars' mission: the contractors where there are some, else the hot spots
        self.objectives = Objectives(contractors=self.contractors, hot_spots=not self.contractors)
        self.state: GameState | None = None  # kept to show the log if the set-up itself fails

    def skips_reinforcements(self, turn: int) -> bool:
        """The situation's units are already on the table: its first turn starts after step 8,
        unless it asks for the reinforcement roll (`"reinforcements": true`)."""
        return turn == self.situation.turn and not self.situation.reinforcements

    def setup(self, state: GameState, battlefield: Battlefield, terrain: Terrain) -> None:
        self.state = state
        turn = self.situation.turn
        state.turn = turn - 1  # the sequence of play starts the situation's turn next
        for number, (x, y), neutralized in self.situation.hot_spots:
            state.hot_spots[str(number)] = HotSpotState(number, x, y, neutralized)
        for spec in self.situation.units:
            state.units[spec.id] = _unit_state(spec, turn)
            held = spec.dependants.count("pow")  # enemy POWs: on the other side's tally
            if held:
                state.count(prisoners.pow_tally(prisoners.other_side(spec.side)), held)
            carried = spec.dependants.count("casualty") if spec.side == REGULAR else 0
            if carried:  # carried casualties are wounded figures removed (R123)
                state.count("regular_wia", carried)
        for spec in self.situation.units:  # --- vehicles (issue 20) ---
            if spec.vehicle is not None:
                key, facing, riders = spec.vehicle
                missing = [r for r in riders if r not in state.units]
                if missing:
                    raise SituationError(f"{spec.id}.vehicle.passengers", f"no unit {missing[0]!r}")
                vehicles.add_vehicle(state, state.units[spec.id], key, facing, list(riders))
        for i, ((x, y), holder) in enumerate(self.situation.contractors):
            contractor = ContractorState(f"C{i + 1}", x, y)
            if holder:
                contractor.holder, contractor.status = holder, "held"
                state.units[holder].dependants.append("contractor")
            state.contractors.append(contractor)
        state.next_unit_number = (
            1
            + max(  # arriving groups are I<n>: after any given here
                (int(u[1:]) for u in state.units if u[:1] == "I" and u[1:].isdigit()), default=0
            )
        )
        state.insurgency_level = self.situation.insurgency_level
        # --- civilians (issue 21) ---
        state.mobs = [MobState(mob_id, x, y) for mob_id, (x, y) in self.situation.mobs]
        if self.situation.poi is not None:
            (x, y), holder = self.situation.poi
            poi = ContractorState("POI", x, y, kind="poi")
            if holder:
                poi.holder, poi.status = holder, "held"
                state.units[holder].dependants.append("poi")
            state.contractors.append(poi)
        state.cleared_buildings = list(self.situation.cleared_buildings)  # house clearing
        state.aid_stations = [[x, y] for x, y in self.situation.aid_stations]
        for asset in self.situation.assets:  # support assets (issue 19)
            grant_asset(state, asset)
        if self.situation.cards:  # --- cards (issue 19): played before the first turn (R181)
            from game.engine.cards import empty_table

            state.cards = {**empty_table(), "queue": list(self.situation.cards)}


def _unit_state(spec: UnitSetup, turn: int) -> UnitState:
    figures = [
        FigureState(
            f"{spec.id}.{i + 1}",
            f.kind,
            f.at[0],
            f.at[1],
            f.quality,
            f.morale,
            status="hit" if f.wounded else "ok",
        )
        for i, f in enumerate(spec.figures)
    ]
    unit = UnitState(spec.id, spec.name, spec.side, figures)
    unit.elevation = spec.elevation
    unit.armour = spec.armour
    unit.morale_bonus = spec.morale_bonus
    unit.dependants = list(spec.dependants)
    unit.seen = spec.seen
    unit.night_vision = spec.night_vision
    unit.morale_shift = spec.morale_shift
    # a carried casualty is a figure removed as a casualty; a wounded one is not yet (R123)
    unit.ever_casualties = spec.side == REGULAR and "casualty" in spec.dependants
    unit.ever_casualties |= "had_casualties" in spec.statuses
    marks = {
        "pinned": "pinned_turn",
        "regrouping": "regroup_turn",
        "interrupted": "interrupted_turn",
        "in_cover": "in_cover_turn",
        "moved": "last_moved_turn",
    }
    for status, name in marks.items():
        if status in spec.statuses:
            setattr(unit, name, turn)
    if "shaken" in spec.statuses:
        unit.shake(turn - 1)  # Shaken in the turn before: it recovers this turn
    if "activated" in spec.statuses:
        if spec.side == REGULAR:
            unit.activated_turn = turn
        else:
            unit.acted_turn = unit.finished_turn = turn
    if "moved_rapidly" in spec.statuses:
        unit.move_rate_turn, unit.move_rate = turn, "rapid"
    unit.overwatch = "overwatch" in spec.statuses
    unit.designation = spec.designation  # support assets (issue 19)
    return unit


def situation_dice(situation: Situation) -> DiceSource | None:
    """The forced dice of a situation (None: the seeded dice of its `seed`)."""
    return ScriptedDice(situation.dice) if situation.dice is not None else None


def situation_engine(
    situation: Situation,
    scenario: SituationScenario | None = None,
    dice: DiceSource | None = None,
) -> Engine:
    """An engine started on the situation (its own scenario and dice unless given); it stops at
    the first decision."""
    return Engine(
        scenario or SituationScenario(situation),
        situation.battlefield,
        situation.seed,
        dice=dice if dice is not None else situation_dice(situation),
        optional_rules=situation.optional_rules,  # house clearing (issue 21)
    )


__all__ = ["Situation", "SituationError", "read_situation", "situation_engine"]

"""The scenarios: every one is data (docs/SCENARIOS.md). Contracting Trouble and Sweep & Clear
are the scenario files beside their maps (maps/*.toml); a custom map plays its own scenario file
when it has one, else the generic patrol (game/scenarios/patrol.toml, after the rulebook's
Suggested Victory Point Values). Forces come from the ORBAT library (game/scenarios/orbats.toml)
or figure by figure from the file. The maps carry the positions (maps/README.md): hot spots,
Zone deploy/entry/exit areas, numbered StartPositions and Contractor markers.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game import resources
from game.battlefield.model import Battlefield, Point, Side, Zone
from game.engine import fire_mission, vehicles
from game.engine.assets import grant_asset  # support assets (issue 19)
from game.engine.holdout import START_TALLY
from game.engine.scenario import SPECIAL_RULES, Scenario, edge_distance
from game.engine.state import (
    INSURGENT,
    REGULAR,
    ContractorState,
    FigureState,
    GameState,
    HotSpotState,
    MobState,
    UnitState,
)
from game.engine.terrain import Terrain
from game.engine.victory import END_HOOKS, insurgent_points, regular_points, score_conditions
from game.scenarios.ids import MAPS, scenario_ids, scenario_map
from game.scenarios.orbat import Formation, library
from game.scenarios.scenario_file import ScenarioSpec, load_scenario_file, scenario_file_for

FIRETEAM = ("rifle", "rgl", "saw", "rifle")  # a map's Unit without figures: a USMC Fireteam
FIRETEAM_NAMES = ("Alpha", "Bravo", "Charlie", "Delta")


def parse_figures(text: str) -> list[str]:
    """`leader, 2 rifle, saw` → ['leader', 'rifle', 'rifle', 'saw'] (maps/README.md: Unit)."""
    kinds: list[str] = []
    for part in text.split(","):
        words = part.split()
        if not words:
            continue
        count = int(words[0]) if words[0].isdigit() and len(words) > 1 else 1
        kind = words[-1].lower()
        kinds += [kind] * count
    return kinds


def formation(
    terrain: Terrain,
    anchor: Point,
    count: int,
    spacing: float = 0.9,
    occupied: list[Point] | None = None,
) -> list[Point]:
    """Figures around an anchor in cohesion (R2, R3): the geometry's placement (inside the
    anchor's building when it stands in one), else a small grid skipping blocked spots."""
    placed = terrain.place(anchor, count, occupied=occupied or [])
    if placed is not None:
        return placed
    spots: list[Point] = []
    ring = 0
    while len(spots) < count and ring < 8:
        candidates = [
            (anchor[0] + dx * spacing, anchor[1] + dy * spacing)
            for dx in range(-ring, ring + 1)
            for dy in range(-ring, ring + 1)
            if max(abs(dx), abs(dy)) == ring
        ]
        for p in candidates:
            if len(spots) < count and not terrain.blocked_point(p):
                spots.append(p)
        ring += 1
    while len(spots) < count:
        spots.append(anchor)
    return spots


def make_unit(
    state: GameState,
    terrain: Terrain,
    unit_id: str,
    name: str,
    side: str,
    kinds: list[str],
    anchor: Point,
    profile: dict[str, tuple[int, int]],
    default: tuple[int, int],
) -> UnitState:
    taken = [f.pos for u in state.units.values() for f in u.figures]
    points = formation(terrain, anchor, len(kinds), occupied=taken)
    figures = []
    for i, (kind, p) in enumerate(zip(kinds, points, strict=True)):
        q, m = profile.get(kind, default)
        figures.append(
            FigureState(f"{unit_id}.{i + 1}", kind, round(p[0], 3), round(p[1], 3), q, m)
        )
    unit = UnitState(unit_id, name, side, figures)
    unit.night_vision = state.night_vision.get(side)  # the scenario's, else the book's (R201)
    state.units[unit_id] = unit
    return unit


def zone_centre(zone: Zone) -> Point:
    xs = [p[0] for p in zone.outline]
    ys = [p[1] for p in zone.outline]
    return (sum(xs) / len(xs), sum(ys) / len(ys))


def regular_anchors(battlefield: Battlefield, count: int) -> list[Point]:
    """Where the Regular fireteams start: a deploy zone, else an entry zone, else the entry edge."""
    for role in ("deploy", "entry"):
        zones = [z for z in battlefield.zones if z.role == role and z.side in (None, Side.REGULAR)]
        if zones:
            xs = [p[0] for z in zones for p in z.outline]
            ys = [p[1] for z in zones for p in z.outline]
            x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
            wide = (x1 - x0) >= (y1 - y0)
            return [
                (x0 + (x1 - x0) * (i + 1) / (count + 1), (y0 + y1) / 2)
                if wide
                else ((x0 + x1) / 2, y0 + (y1 - y0) * (i + 1) / (count + 1))
                for i in range(count)
            ]
    w, h = battlefield.width, battlefield.height
    edge = battlefield.entry_edges[0].value if battlefield.entry_edges else "south"
    out: list[Point] = []
    for i in range(count):
        t = (i + 1) / (count + 1)
        out.append(
            {
                "south": (w * t, h - 1.5),
                "north": (w * t, 1.5),
                "west": (1.5, h * t),
                "east": (w - 1.5, h * t),
            }[edge]
        )
    return out


@dataclass(frozen=True)
class ForceChoice:
    """What the player chose at set-up where the scenario allows (None: the scenario's own):
    another formation of the ORBAT library, a Troop Quality, a Morale (die sizes)."""

    formation: str | None = None
    quality: int | None = None
    morale: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ForceChoice:
        """From a save or the command line; ValueError (one line) for anything else."""
        formation = data.get("formation")
        quality, morale = data.get("quality"), data.get("morale")
        unknown = sorted(set(data) - {"formation", "quality", "morale"})
        if unknown or not isinstance(formation, (str, type(None))):
            raise ValueError(f"the force choice {data!r} is not understood")
        for die in (quality, morale):
            if die is not None and (isinstance(die, bool) or die not in (6, 8, 10, 12)):
                raise ValueError(f"{die!r} is not a die size (6, 8, 10 or 12)")
        return cls(formation, quality, morale)


class DataScenario(Scenario):
    """A scenario read from a scenario file: set-up, special rules, objectives, victory points
    and its early ends all come from the ScenarioSpec; the engine's named hooks play them."""

    spec_file: Path | None = None
    _spec: ScenarioSpec | None = None
    _terrain: Terrain | None = None  # the table, kept at set-up for hooks that look at it
    _choice = ForceChoice()

    def __init__(self, spec: ScenarioSpec | None = None, choice: ForceChoice | None = None):
        self._spec = spec
        spec = self.spec
        self._choice = check_choice(spec, choice or ForceChoice())
        self.id = spec.id
        self.title = spec.title
        self.brief = spec.brief
        self.turn_limit = spec.turns
        self.insurgency_level = spec.insurgency_level
        self.fog_of_war = spec.fog_of_war
        self.fog_of_war_initial = spec.fog_of_war_initial  # --- cards (issue 19)
        self.objectives = spec.objectives
        self.places_hot_spots = spec.place_hot_spots
        self.contractors = False
        self.optional_rules = spec.optional_rules  # house clearing (issue 21): offered (R246)
        self.night_vision = dict(spec.night_vision)
        self.reinforcement_edges = spec.reinforcement_edges
        for name in spec.special_rules:
            SPECIAL_RULES[name].apply(self)

    @property
    def spec(self) -> ScenarioSpec:
        """The scenario file read (a subclass that sets its own attributes and skips __init__,
        as the test tables do, still scores and ends as its spec_file says)."""
        if self._spec is None:
            assert self.spec_file is not None, "a DataScenario needs a spec or a spec_file"
            self._spec = shipped_spec(self.spec_file)
        return self._spec

    @property
    def choice(self) -> ForceChoice:
        return self._choice

    @property
    def formation(self) -> Formation | None:
        wanted = self.choice.formation or self.spec.formation
        return library().formations[wanted] if wanted else None

    @property
    def noun(self) -> str:
        """What the Regulars are called in the end reasons and the breakdown ("Marines")."""
        formation = self.formation
        return self.spec.noun or (formation.force.noun if formation else "Regulars")

    def regular_ratings(self) -> tuple[int, int]:
        """(quality, morale) die sizes of the Regulars: the player's pick where the scenario
        lets them choose, else the scenario's, else the force's default Morale (R143)."""
        quality = self.choice.quality or self.spec.quality[0]
        if self.choice.morale:
            return quality, self.choice.morale
        if self.spec.morale:
            return quality, self.spec.morale[0]
        return quality, self.formation.force.morale if self.formation else 10

    def insurgent_profile(self, kind: str) -> tuple[int, int]:
        s = self.spec
        if kind == "leader":
            return (s.leader_quality, s.leader_morale)
        return (s.insurgent_quality, s.insurgent_morale)

    def finished(self, state: GameState) -> str | None:
        for name in self.spec.end:
            reason = END_HOOKS[name](state, self.noun)
            if reason:
                return reason
        return None

    def score(self, state: GameState) -> tuple[int, int, list[str]]:
        return score_conditions(state, self.spec.victory, self.noun, self._terrain)

    def victory_conditions(self) -> list[str]:
        side = {REGULAR: "Regulars", INSURGENT: "Insurgents"}
        return [f"{side[c.side]}: {c.describe(self.noun)}" for c in self.spec.victory]

    def setup(self, state: GameState, battlefield: Battlefield, terrain: Terrain) -> None:
        self._terrain = terrain
        # --- the Commander, round 5 (R350, R351): the Insurgents' VP table is public; the view
        # publishes what each of their conditions scores (`objectives.insurgent_points`)
        state.objectives["insurgent_points"] = insurgent_points(self.spec.victory)
        # --- the team Regular AI, round 7 (R384): the Regulars' VP table too ---
        state.objectives["regular_points"] = regular_points(self.spec.victory)
        for spot in battlefield.hot_spots:
            state.hot_spots[str(spot.number)] = HotSpotState(spot.number, *spot.position)
        self._regulars(state, battlefield, terrain)
        if any(c.hook == "regulars_survive" for c in self.spec.victory):  # Scenario 3 (R204)
            state.tally[START_TALLY] = sum(len(u.figures) for u in state.units_of(REGULAR))
        start = {g.at: list(g.figures) for g in self.spec.start}
        for marker in battlefield.markers:
            if (
                marker.kind == "StartPosition"
                and str(marker.properties.get("side", "")) == INSURGENT
            ):
                kinds = start.get(int(marker.properties.get("number", 0)))
                if kinds:
                    self._insurgents(state, terrain, kinds, marker.position)
            if marker.kind == "Contractor":
                state.contractors.append(
                    ContractorState(f"C{len(state.contractors) + 1}", *marker.position)
                )
        for p in battlefield.units:
            if p.side is Side.INSURGENT:
                self._insurgents(state, terrain, parse_figures(",".join(p.figures)), p.position)
        self._civilians(state, battlefield)  # civilians (issue 21)
        state.insurgency_level = str(
            battlefield.properties.get("insurgency_level", self.insurgency_level)
        ).lower()
        for asset in self.spec.assets:  # support assets (issue 19)
            grant_asset(state, asset)

    # --- civilians (issue 21) ---
    def _civilians(self, state: GameState, battlefield: Battlefield) -> None:
        """Civilian mobs at the map's CivilianMob markers (numbered C1, C2, ... in the map's
        order) and the Person of Interest at its POI marker, in the custody of the Regular
        unit nearest it, as a Dependant (R237), when the scenario names those rules."""
        rules = self.spec.special_rules
        for marker in battlefield.markers:
            if marker.kind == "CivilianMob" and "civilians" in rules:
                state.mobs.append(MobState(f"C{len(state.mobs) + 1}", *marker.position))
            if marker.kind == "POI" and "poi_custody" in rules:
                poi = ContractorState("POI", *marker.position, kind="poi")
                # a fireteam holds him, not a lone squad leader
                regulars = [u for u in state.units_of(REGULAR) if not u.lone_leader]
                if regulars:
                    holder = min(
                        regulars,
                        key=lambda u: (math.dist(u.leader_point, marker.position), u.id),
                    )
                    poi.holder, poi.status = holder.id, "held"
                    holder.dependants.append("poi")
                state.contractors.append(poi)

    def _regulars(self, state: GameState, battlefield: Battlefield, terrain: Terrain) -> None:
        """The map's own Regular Unit objects when it has them, else the scenario's units."""
        quality, morale = self.regular_ratings()
        placed = [u for u in battlefield.units if u.side is Side.REGULAR]
        for i, p in enumerate(placed):
            kinds = parse_figures(",".join(p.figures)) if p.figures else list(FIRETEAM)
            make_unit(
                state,
                terrain,
                f"R{i + 1}",
                p.name or FIRETEAM_NAMES[i % 4],
                REGULAR,
                kinds,
                p.position,
                {},
                (_die(p.quality, quality), _die(p.morale, morale)),
            )
        if placed:
            for i, p in enumerate(placed):  # vehicles (issue 20): a map's vehicle Units (R297)
                if p.vehicle:
                    riders = [f"R{j + 1}" for j, q in enumerate(placed) if q.aboard == p.name]
                    crew = state.units[f"R{i + 1}"]
                    vehicles.add_vehicle(state, crew, p.vehicle, float(p.facing), riders)
            return
        units = self._unit_list(quality, morale)
        starts = regular_starts(battlefield)
        anchors = iter(regular_anchors(battlefield, sum(1 for u in units if u[4] is None)))
        for i, (name, figures, bonus, ratings, at) in enumerate(units):
            anchor = starts.get(at) if at is not None else None
            position = anchor if anchor is not None else next(anchors, None)
            if position is None:  # a StartPosition the map lacks: the entry side, as the rest
                position = regular_anchors(battlefield, 1)[0]
            unit = make_unit(
                state, terrain, f"R{i + 1}", name, REGULAR, list(figures), position, {}, ratings
            )
            unit.morale_bonus = bonus  # a leader above fireteam level: +1 to Morale rolls
            unit.designation = self._designations()[i]  # support assets (issue 19; R196)
        self._vehicles(state, battlefield)  # --- vehicles (issue 20) ---

    # --- vehicles (issue 20) ---
    def _vehicles(self, state: GameState, battlefield: Battlefield) -> None:
        """The scenario's vehicles: the crew unit becomes the vehicle, at the entry zone's centre
        when there is one, with the units listed `aboard` it as passengers (R210, R220)."""
        if self.formation is not None:
            return
        ids = {u.name: f"R{i + 1}" for i, u in enumerate(self.spec.units)}
        entry = [
            z for z in battlefield.zones if z.role == "entry" and z.side in (None, Side.REGULAR)
        ]
        for spec in self.spec.units:
            if not spec.vehicle:
                continue
            crew = state.units[ids[spec.name]]
            if entry:
                x, y = zone_centre(entry[0])
                for f in crew.figures:
                    f.x, f.y = x, y
            riders = [ids[r.name] for r in self.spec.units if r.aboard == spec.name]
            vehicles.add_vehicle(state, crew, spec.vehicle, spec.facing, riders)
        # Asset cards fielded as units at set-up (R295)
        self.asset_units = tuple((ids[u.name], u.card) for u in self.spec.units if u.card)
        if self.fire_mission:  # Turkey Shoot: the sniper teams, known even once they fall
            fire_mission.remember_teams(state)

    def _unit_list(
        self, quality: int, morale: int
    ) -> list[tuple[str, tuple[str, ...], int, tuple[int, int], int | None]]:
        if self.formation is not None:
            return [
                (u.name, u.figures, u.morale_bonus, (quality, morale), None)
                for u in self.formation.units
            ]
        return [
            (
                u.name,
                u.figures,
                int("leader" in u.figures),
                (u.quality or quality, u.morale or morale),
                u.at,
            )
            for u in self.spec.units
        ]

    def _designations(self) -> list[str]:
        """Each unit's team designation, in `_unit_list`'s order (support assets, R196)."""
        if self.formation is not None:
            return [u.designation for u in self.formation.units]
        return [u.designation for u in self.spec.units]

    def _insurgents(self, state: GameState, terrain: Terrain, kinds: list[str], at: Point) -> None:
        number = state.next_unit_number
        state.next_unit_number += 1
        unit = make_unit(
            state,
            terrain,
            f"I{number}",
            f"Insurgent group {number}",
            INSURGENT,
            kinds,
            at,
            {"leader": self.insurgent_profile("leader")},
            self.insurgent_profile("small_arms"),
        )
        unit.placed_turn = 0


@functools.cache
def shipped_spec(path: Path) -> ScenarioSpec:
    """A shipped scenario file, read once (a player's own file is read each time it is used)."""
    return load_scenario_file(path)


def regular_starts(battlefield: Battlefield) -> dict[int, Point]:
    """The map's numbered Regular StartPosition markers."""
    return {
        int(m.properties.get("number", 0)): m.position
        for m in battlefield.markers
        if m.kind == "StartPosition" and str(m.properties.get("side", REGULAR)) == REGULAR
    }


def check_choice(spec: ScenarioSpec, choice: ForceChoice) -> ForceChoice:
    """The player's set-up choice, if the scenario allows it; ValueError (one line) if not."""
    wanted = choice.formation
    if wanted and wanted != spec.formation and wanted not in spec.swap:
        allowed = ", ".join(spec.swap) or "none"
        raise ValueError(
            f"{spec.title}: the force {wanted!r} is not allowed here (the scenario allows: "
            f"{allowed})"
        )
    if choice.quality and choice.quality not in spec.quality:
        raise ValueError(
            f"{spec.title}: Troop Quality d{choice.quality} is not offered "
            f"(choose {', '.join(f'd{d}' for d in spec.quality)})"
        )
    morale = spec.morale or ()
    if choice.morale and choice.morale not in morale:
        offered = ", ".join(f"d{d}" for d in morale) if len(morale) > 1 else "no choice"
        raise ValueError(f"{spec.title}: Morale d{choice.morale} is not offered ({offered})")
    return choice


def _die(text: str | None, default: int) -> int:
    if not text:
        return default
    cleaned = text.lower().lstrip("1").lstrip("d")
    return int(cleaned) if cleaned.isdigit() else default


PATROL_FILE = resources.package_file("game.scenarios", "patrol.toml")


class ContractingTrouble(DataScenario):
    """Scenario 1: Contracting Trouble! (maps/contracting-trouble.toml)."""

    id = "contracting-trouble"
    spec_file = MAPS / "contracting-trouble.toml"


class SweepAndClear(DataScenario):
    """Scenario 4: Sweep & Clear (maps/sweep-and-clear.toml)."""

    id = "sweep-and-clear"
    spec_file = MAPS / "sweep-and-clear.toml"


class TurkeyShoot(DataScenario):
    """Scenario 2: Turkey Shoot (maps/turkey-shoot.toml; issue 20)."""

    id = "turkey-shoot"
    spec_file = MAPS / "turkey-shoot.toml"


class HornetsNest(DataScenario):  # civilians (issue 21)
    """Scenario 5: Hornet's Nest (maps/hornets-nest.toml)."""

    id = "hornets-nest"
    spec_file = MAPS / "hornets-nest.toml"


class MidnightAtTheAlamo(DataScenario):
    """Scenario 3: Midnight at the Alamo (maps/midnight-at-the-alamo.toml; issue 19)."""

    id = "midnight-at-the-alamo"
    spec_file = MAPS / "midnight-at-the-alamo.toml"


class Patrol(DataScenario):
    """A custom map with only terrain and markers: the generic patrol (patrol.toml)."""

    id = "patrol"
    spec_file = PATROL_FILE


SCENARIOS: dict[str, type[DataScenario]] = {
    ContractingTrouble.id: ContractingTrouble,
    SweepAndClear.id: SweepAndClear,
    TurkeyShoot.id: TurkeyShoot,  # issue 20
    HornetsNest.id: HornetsNest,
    MidnightAtTheAlamo.id: MidnightAtTheAlamo,  # --- Scenario 3 (issue 19) ---
    Patrol.id: Patrol,
}


def scenario_for(
    battlefield: Battlefield, requested: str | None = None, choice: ForceChoice | None = None
) -> Scenario:
    """The scenario to play on a map (see `scenario_for_map`)."""
    path = Path(battlefield.path) if battlefield.path else None
    return scenario_for_map(path, battlefield.properties, requested, choice)


def scenario_for_map(
    map_path: Path | None,
    properties: Mapping[str, Any],
    requested: str | None = None,
    choice: ForceChoice | None = None,
) -> DataScenario:
    """The scenario to play on a map: the shipped one asked for by id; else the map's own
    scenario file (beside it, same name); else the shipped scenario its `scenario` property
    names; else the generic patrol, which takes the map's `turns` (docs/SCENARIOS.md).
    ScenarioFileError when a file is broken; ValueError when `choice` is not offered."""
    own = scenario_file_for(map_path) if map_path is not None else None
    if requested in SCENARIOS and requested != Patrol.id:
        return SCENARIOS[requested](choice=choice)
    if requested != Patrol.id and own is not None and own.exists():  # (a save says "patrol")
        return DataScenario(load_scenario_file(own), choice)
    wanted = str(properties.get("scenario", "") or "")
    if requested != Patrol.id and wanted in SCENARIOS and wanted != Patrol.id:
        return SCENARIOS[wanted](choice=choice)
    scenario = Patrol(choice=choice)
    turns = properties.get("turns")
    if scenario.spec.turns_from_map and turns:
        scenario.turn_limit = int(turns)
    return scenario


__all__ = [
    "MAPS",
    "SCENARIOS",
    "DataScenario",
    "ForceChoice",
    "edge_distance",
    "scenario_for",
    "scenario_for_map",
    "scenario_ids",
    "scenario_map",
]

"""The scenarios: Contracting Trouble, Sweep & Clear and a generic patrol for custom maps.

Set-up, forces and victory points follow the scenario pages of the rulebook (Scenario 1:
Contracting Trouble!; Scenario 4: Sweep & Clear) and, for custom maps, its Suggested Victory Point
Values. The maps carry the positions (maps/README.md): hot spots, Zone deploy/entry/exit areas,
numbered StartPositions and Contractor markers.
"""

from __future__ import annotations

from typing import ClassVar

from game.battlefield.model import Battlefield, Point, Side, Zone
from game.engine.scenario import Objectives, Scenario, edge_distance
from game.engine.state import (
    INSURGENT,
    REGULAR,
    ContractorState,
    FigureState,
    GameState,
    HotSpotState,
    UnitState,
)
from game.engine.terrain import Terrain
from game.scenarios.ids import MAPS, scenario_ids, scenario_map

FIRETEAM = ("rifle", "rgl", "saw", "rifle")  # Common ORBATs: USMC Fireteam
FIRETEAM_NAMES = ("Alpha", "Bravo", "Charlie", "Delta")
_KIND_ALIASES = {"leader": "leader", "rifle": "rifle", "small_arms": "small_arms"}


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


class _Standard(Scenario):
    """Shared set-up for the rulebook scenarios: Marine fireteams, hot spots, start positions."""

    fireteams = 2
    marine_morale = 10
    start_forces: ClassVar[dict[int, list[str]]] = {}
    leader_profile = (6, 10)

    def insurgent_profile(self, kind: str) -> tuple[int, int]:
        return self.leader_profile if kind == "leader" else (6, 10)

    def setup(self, state: GameState, battlefield: Battlefield, terrain: Terrain) -> None:
        for spot in battlefield.hot_spots:
            state.hot_spots[str(spot.number)] = HotSpotState(spot.number, *spot.position)
        placed = [u for u in battlefield.units if u.side is Side.REGULAR]
        if placed:
            for i, p in enumerate(placed):
                make_unit(
                    state,
                    terrain,
                    f"R{i + 1}",
                    p.name or FIRETEAM_NAMES[i % 4],
                    REGULAR,
                    parse_figures(",".join(p.figures)) if p.figures else list(FIRETEAM),
                    p.position,
                    {},
                    (_die(p.quality, 8), _die(p.morale, self.marine_morale)),
                )
        else:
            for i, anchor in enumerate(regular_anchors(battlefield, self.fireteams)):
                kinds = list(FIRETEAM)
                if i == 0:
                    kinds = ["leader", *kinds]  # the squad leader marches with Alpha
                unit = make_unit(
                    state,
                    terrain,
                    f"R{i + 1}",
                    f"{FIRETEAM_NAMES[i]} fireteam",
                    REGULAR,
                    kinds,
                    anchor,
                    {},
                    (8, self.marine_morale),
                )
                if i == 0:
                    unit.morale_bonus = 1  # Leaders: above fireteam level, +1 to Morale rolls
        for marker in battlefield.markers:
            if (
                marker.kind == "StartPosition"
                and str(marker.properties.get("side", "")) == INSURGENT
            ):
                number = int(marker.properties.get("number", 0))
                start = self.start_forces.get(number)
                if start:
                    self._insurgents(state, terrain, start, marker.position)
            if marker.kind == "Contractor":
                state.contractors.append(
                    ContractorState(f"C{len(state.contractors) + 1}", *marker.position)
                )
        for p in battlefield.units:
            if p.side is Side.INSURGENT:
                self._insurgents(state, terrain, parse_figures(",".join(p.figures)), p.position)
        state.insurgency_level = str(
            battlefield.properties.get("insurgency_level", self.insurgency_level)
        ).lower()

    def _insurgents(self, state: GameState, terrain: Terrain, kinds: list[str], at: Point) -> None:
        number = state.next_unit_number
        state.next_unit_number += 1
        profile = {"leader": self.leader_profile}
        unit = make_unit(
            state,
            terrain,
            f"I{number}",
            f"Insurgent group {number}",
            INSURGENT,
            kinds,
            at,
            profile,
            (6, 10),
        )
        unit.placed_turn = 0


def _die(text: str | None, default: int) -> int:
    if not text:
        return default
    cleaned = text.lower().lstrip("1").lstrip("d")
    return int(cleaned) if cleaned.isdigit() else default


class ContractingTrouble(_Standard):
    """Scenario 1: Contracting Trouble! — find the two contractors and escort them off."""

    id = "contracting-trouble"
    title = "Contracting Trouble!"
    insurgency_level = "automatic"
    fog_of_war = False
    contractors = True
    # the Insurgents fight for the contractors (5 VP each held captive) until they are off
    objectives = Objectives(
        contractors=True, hot_spots=False, insurgent_objectives=("contractors",)
    )
    fireteams = 2
    marine_morale = 10
    start_forces: ClassVar[dict[int, list[str]]] = {
        1: ["small_arms"] * 6,
        2: ["leader"] * 4,
        3: ["rpg"],
        4: ["leader", "rpg"],
        5: ["rpg"],
    }

    def finished(self, state: GameState) -> str | None:
        if not state.units_of(REGULAR):
            return "no Marines remain on the table"
        if state.contractors and all(
            c.status in ("escorted", "captive") for c in state.contractors
        ):
            return "every contractor has been escorted off or captured"
        return None

    def score(self, state: GameState) -> tuple[int, int, list[str]]:
        t = state.tally
        escorted = sum(1 for c in state.contractors if c.status == "escorted")
        captives = sum(1 for c in state.contractors if c.status == "captive") + t.get(
            "regular_pows", 0
        )
        behind = t.get("casualties_left_behind", 0) + t.get("regular_pows", 0)
        reg = 5 * escorted + (5 if behind == 0 else 0)
        ins = t.get("regular_wia", 0) + 2 * t.get("regular_kia", 0) + 5 * captives
        lines = [
            f"Regulars: {escorted} contractors escorted off x5",
            f"Regulars: no casualties or POWs left behind: {'yes +5' if behind == 0 else 'no'}",
            f"Insurgents: {t.get('regular_wia', 0)} Marines wounded x1, "
            f"{t.get('regular_kia', 0)} killed x2, {captives} captives x5",
        ]
        return reg, ins, lines


class SweepAndClear(_Standard):
    """Scenario 4: Sweep & Clear — neutralize the hot spots, then leave by the north edge."""

    id = "sweep-and-clear"
    title = "Sweep & Clear"
    insurgency_level = "5"
    fog_of_war = True
    # then the north edge; the Insurgents hold the hot spots, then bar the way out
    objectives = Objectives(
        hot_spots=True, exit_after_hot_spots=3, insurgent_objectives=("hot_spots", "exit_edges")
    )
    fireteams = 3
    marine_morale = 8
    leader_profile = (8, 8)
    start_forces: ClassVar[dict[int, list[str]]] = {
        1: ["leader", "small_arms", "small_arms", "small_arms", "small_arms", "saw"],
        2: ["leader", "leader"] + ["small_arms"] * 5,
        3: ["leader", "leader", "saw"] + ["small_arms"] * 6,
        4: ["leader", "rpg"] + ["small_arms"] * 4,
    }

    def finished(self, state: GameState) -> str | None:
        if not state.units_of(REGULAR):
            return "no Marines remain on the table"
        return None

    def score(self, state: GameState) -> tuple[int, int, list[str]]:
        t = state.tally
        neutralized = t.get("hot_spots_neutralized", 0)
        remaining = sum(1 for h in state.hot_spots.values() if not h.neutralized)
        exited = t.get("units_exited", 0) > 0 and not state.units_of(REGULAR)
        reg = 5 * neutralized + (5 if exited else 0)
        ins = (
            t.get("regular_wia", 0)
            + 2 * t.get("regular_kia", 0)
            + 5 * t.get("regular_pows", 0)
            + 5 * remaining
        )
        lines = [
            f"Regulars: {neutralized} hot spots neutralized x5",
            f"Regulars: left by the north edge after 3 neutralized: {'yes +5' if exited else 'no'}",
            f"Insurgents: {t.get('regular_wia', 0)} wounded x1, "
            f"{t.get('regular_kia', 0)} killed x2, "
            f"{t.get('regular_pows', 0)} captives x5, {remaining} hot spots remaining x5",
        ]
        return reg, ins, lines


class Patrol(_Standard):
    """A custom map with only terrain and markers: a patrol against standard reinforcements."""

    id = "patrol"
    title = "Patrol"
    places_hot_spots = True  # a custom map may leave them to the players (R45, R79)
    insurgency_level = "4"
    fireteams = 3
    marine_morale = 10

    def finished(self, state: GameState) -> str | None:
        if not state.units_of(REGULAR):
            return "no Regulars remain on the table"
        return None

    def score(self, state: GameState) -> tuple[int, int, list[str]]:
        t = state.tally
        neutralized = t.get("hot_spots_neutralized", 0)
        broken = t.get("insurgent_units_broken", 0) + t.get("insurgent_units_destroyed", 0)
        exited = (
            bool(state.exit_edges) and t.get("units_exited", 0) > 0 and not state.units_of(REGULAR)
        )
        reg = 3 * neutralized + broken + t.get("insurgent_pows", 0) + (5 if exited else 0)
        reg += 5 if t.get("regular_pows", 0) == 0 else 0
        ins = t.get("regular_kia", 0) + t.get("regular_pows", 0)
        lines = [
            f"Regulars: {neutralized} hot spots x3, {broken} Insurgent units broken x1, "
            f"patrol completed: {'yes +5' if exited else 'no'}, no POWs lost +5",
            f"Insurgents: {t.get('regular_kia', 0)} Regulars killed x1, "
            f"{t.get('regular_pows', 0)} POWs x1",
        ]
        return reg, ins, lines


SCENARIOS: dict[str, type[Scenario]] = {
    ContractingTrouble.id: ContractingTrouble,
    SweepAndClear.id: SweepAndClear,
    Patrol.id: Patrol,
}


def scenario_for(battlefield: Battlefield, requested: str | None = None) -> Scenario:
    """The scenario a map is built for (map property `scenario`), else a generic patrol."""
    wanted = requested or str(battlefield.properties.get("scenario", "") or "")
    cls = SCENARIOS.get(wanted, Patrol)
    scenario = cls()
    if cls is Patrol and battlefield.properties.get("turns"):
        scenario.turn_limit = int(battlefield.properties["turns"])
    return scenario


__all__ = ["MAPS", "SCENARIOS", "edge_distance", "scenario_for", "scenario_ids", "scenario_map"]

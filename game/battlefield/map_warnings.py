"""The loader's checks across objects: hot spot sets (R45), whether a custom map can start, and
the warnings for maps that are legal but would play wrongly (R49, R156, R157, R159).

Plain geometry only (map_checks): no pymunk here. The checks that need the game's own movement
(can anybody reach the exit?) are in `reach_checks.py`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.battlefield import map_checks
from game.battlefield.map_format import (
    DOOR_TOLERANCE,
    HOT_SPOT_NUMBERS,
    OPEN_GROUND_DISTANCE,
    _inches,
)
from game.battlefield.model import Area, Building, HotSpot, Point, Side, UnitPlacement, Wall
from game.battlefield.tmx_xml import ProblemList
from game.rules.reinforcements import HOT_SPOT_SEPARATION


def check_hot_spots(
    problems: ProblemList, hot_spots: Sequence[HotSpot], scenario: str, has_markers: bool
) -> None:
    """R45: hot spots 1 to 5 once each, at least 6" apart, or none at all."""
    seen: dict[int, HotSpot] = {}
    for spot in hot_spots:
        if spot.number in seen:
            problems.error(
                f"hot spot number {spot.number} is used twice (also object "
                f"{seen[spot.number].id}); number them 1 to 5, once each",
                spot.id,
                spot.name,
            )
        else:
            seen[spot.number] = spot
    if not hot_spots:
        # all five or none (R45): with none, the scenario uses the table edges, or the hot
        # spots are placed when the game starts (by the Insurgent player, or R79 in solo)
        if not scenario and has_markers:
            problems.warning(
                "the map has no hot spots, so the game will place five when it starts (R45, "
                "R79); HotSpot markers 1 to 5 placed by hand play better"
            )
        return
    missing = [str(n) for n in HOT_SPOT_NUMBERS if n not in seen]
    if missing and has_markers:
        listed = ", ".join(missing[:-1]) + " and " + missing[-1] if len(missing) > 1 else ""
        what = f"hot spots {listed} are" if listed else f"hot spot {missing[0]} is"
        problems.error(f"{what} missing: a map needs HotSpot markers numbered 1 to 5, once each")
    spots = sorted(seen.values(), key=lambda s: s.number)
    for i, first in enumerate(spots):
        for second in spots[i + 1 :]:
            gap = math.dist(first.position, second.position)
            if gap < HOT_SPOT_SEPARATION - 1e-9:
                problems.error(
                    f'hot spots {first.number} and {second.number} are closer than 6" '
                    f"({_inches(gap)} apart)",
                    second.id,
                    second.name,
                )


def check_start(
    problems: ProblemList, scenario: str, entry_edges_given: bool, units: Sequence[UnitPlacement]
) -> None:
    """A custom map must say where the Regulars start; R156: Regular Units win over entry_edges."""
    if scenario:
        return
    regulars = [u for u in units if u.side is Side.REGULAR]
    if not entry_edges_given and not regulars:
        problems.error(
            "a custom map (no 'scenario' property) needs the map property entry_edges "
            "or at least one Regular Unit, so that the Regulars can start"
        )
    elif entry_edges_given and regulars:
        problems.warning(
            f"the map gives both entry_edges and {len(regulars)} Regular Unit(s): the Regulars "
            "start on their Units, and entry_edges only marks the edge (R156); remove one of "
            "them to make your intent plain"
        )


# --- vehicles (issue 20): Units that are vehicles, and their passengers (R297) ---
def check_vehicles(problems: ProblemList, units: Sequence[UnitPlacement]) -> None:
    """A Unit `aboard` names a vehicle Unit of its side, and is no vehicle itself."""
    vehicles = {u.name: u for u in units if u.vehicle}
    for unit in vehicles.values():  # --- vehicle tiles (issue 20, helper art; R310) ---
        if unit.side is Side.INSURGENT:
            problems.warning(
                f"Unit {unit.name!r} is an Insurgent {unit.vehicle}: a map's Insurgent Units "
                "are played on foot, so only its crew is placed (Insurgent vehicles enter play "
                "from cards)",
                unit.id,
                unit.name,
            )
    for unit in units:
        if not unit.aboard:
            continue
        carrier = vehicles.get(unit.aboard)
        if unit.vehicle:
            problems.error(f"Unit {unit.name!r} is a vehicle and cannot ride aboard another")
        elif carrier is None:
            known = ", ".join(sorted(vehicles)) or "none on this map"
            problems.error(
                f"Unit {unit.name!r} rides aboard {unit.aboard!r}, which is no vehicle Unit "
                f"(vehicle Units: {known})"
            )
        elif carrier.side is not unit.side:
            problems.error(f"Unit {unit.name!r} rides aboard {unit.aboard!r} of the other side")


def warn_suspicious(
    problems: ProblemList,
    buildings: Sequence[Building],
    walls: Sequence[Wall],
    areas: Sequence[Area],
    hot_spots: Sequence[HotSpot],
) -> None:
    """Overlapping buildings, doorless buildings, hot spots in the open (R49) or shut in (R157)."""
    for i, j in map_checks.overlapping_pairs([b.outline for b in buildings]):
        first, second = buildings[i], buildings[j]
        problems.warning(
            f'buildings {first.id} "{first.name}" and {second.id} "{second.name}" '
            "overlap; draw them side by side (sharing a wall is fine)",
            second.id,
            second.name,
        )
    for building in buildings:
        if not building.doors:
            problems.warning(
                "building has no door, so nobody can enter it (R32)", building.id, building.name
            )
    _warn_shared_wall_doors(problems, buildings)
    shapes: list[tuple[tuple[Point, ...], bool]] = [(b.outline, True) for b in buildings]
    shapes += [(w.points, w.closed) for w in walls]
    shapes += [(a.outline, True) for a in areas]
    boxes = [map_checks.bounds(points) for points, _closed in shapes]  # buildings come first
    for spot in hot_spots:
        shut_in = [
            b
            for b, box in zip(buildings, boxes, strict=False)
            if not b.doors
            and map_checks.box_distance(spot.position, box) == 0
            and map_checks.contains(b.outline, spot.position)
        ]
        if shut_in:
            problems.warning(
                f'hot spot {spot.number} is inside building {shut_in[0].id} "{shut_in[0].name}", '
                "which has no door: Insurgents arriving there could never leave it, nor Regulars "
                "get in to neutralize it (R157); add a Door on its outline or move the hot spot",
                spot.id,
                spot.name,
            )
        elif _open_ground(spot.position, shapes, boxes):
            problems.warning(
                f"hot spot {spot.number} stands in open ground, more than "
                f"{_inches(OPEN_GROUND_DISTANCE)} from any building, wall or cover (R49)",
                spot.id,
                spot.name,
            )


def _warn_shared_wall_doors(problems: ProblemList, buildings: Sequence[Building]) -> None:
    """R159: a door opens only its own building's outline; on a shared wall it leads nowhere."""
    near: dict[tuple[int, int], list[Building]] = {}  # 4" cells -> buildings whose box reaches
    for building in buildings:
        x0, y0, x1, y1 = map_checks.bounds(building.outline)
        for cx in range(int((x0 - DOOR_TOLERANCE) // 4), int((x1 + DOOR_TOLERANCE) // 4) + 1):
            for cy in range(int((y0 - DOOR_TOLERANCE) // 4), int((y1 + DOOR_TOLERANCE) // 4) + 1):
                near.setdefault((cx, cy), []).append(building)
    for building in buildings:
        for door in building.doors:
            cell = (int(door.position[0] // 4), int(door.position[1] // 4))
            for other in near.get(cell, []):
                if (
                    other.id != building.id
                    and map_checks.distance_to_outline(door.position, other.outline)
                    <= DOOR_TOLERANCE
                ):
                    problems.warning(
                        f'door of building {building.id} "{building.name}" is on the wall it '
                        f'shares with building {other.id} "{other.name}": it opens only its own '
                        "wall and the other still stands, so it leads nowhere (R159); put doors "
                        "on outside walls, or draw the two as one building",
                        door.id,
                        door.name,
                    )
                    break


def _open_ground(
    p: Point,
    shapes: Sequence[tuple[tuple[Point, ...], bool]],
    boxes: Sequence[tuple[float, float, float, float]],
) -> bool:
    """R49: farther than OPEN_GROUND_DISTANCE from every shape (boxes first: they are cheap)."""
    return not any(
        map_checks.box_distance(p, box) <= OPEN_GROUND_DISTANCE
        and map_checks.distance_to_shape(p, points, closed) <= OPEN_GROUND_DISTANCE
        for (points, closed), box in zip(shapes, boxes, strict=True)
    )

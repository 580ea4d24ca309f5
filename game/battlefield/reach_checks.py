"""R155: warn when an exit or objective cannot be reached from where the Regulars start.

A map can be legal and still unplayable: a high wall across the table, an exit edge behind
impassable water, an objective inside a building without a door. This asks the game's own
movement (Geometry.path: the leader's 3/4" base, doors as the only way into buildings, R3, R32,
R53) rather than a second copy of the rules, so the warning and play always agree.

Starts (R156: Regular Units win): the Regular `Unit` markers, else the Regulars' deploy or
entry zones, else points along the entry edges. Goals: each exit edge, each exit or objective
zone, and each Objective, Contractor and POI marker. A goal is reached when the leader's base can
walk from some start to some point of it, at street level.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from game.battlefield import map_checks
from game.battlefield.geometry import Geometry
from game.battlefield.model import Battlefield, Edge, Point, Side, WallHeight
from game.battlefield.planar import BASE_RADIUS
from game.battlefield.tmx_xml import ProblemList
from game.rules.movement import EDGE_REACH  # a leader within 1" of an exit edge may leave by it

EDGE_DEPTH = EDGE_REACH / 2
"""How far in from a table edge the arriving and leaving points stand."""
EDGE_STEP = 2.0
"""Inches between the sample points along an edge."""
MAX_CORNERS = 400
"""Above this many outline points of movement blockers the check is skipped: building the movement
graph grows with their square (the biggest table of maps/README.md has 256 and is checked in about
1.5 s; 400 would take about 3.5 s)."""
GOAL_MARKERS = ("Objective", "Contractor", "POI")


@dataclass(frozen=True)
class _Place:
    words: str  # "exit edge south", 'Objective 12 "well"'
    points: tuple[Point, ...]
    object_id: int | None = None
    object_name: str | None = None


def warn_unreachable(battlefield: Battlefield, problems: ProblemList) -> None:
    """Add an R155 warning for every goal no start can reach."""
    starts = _starts(battlefield)
    goals = list(_goals(battlefield))
    if not starts or not goals:
        return
    corners = _blocking_corners(battlefield)
    if corners > MAX_CORNERS:
        problems.warning(
            f"the map has {corners} corners of walls, buildings and impassable pieces (more than "
            f"{MAX_CORNERS}), too many to check that every exit and objective can be reached "
            "(R155); play-test it"
        )
        return
    geometry = Geometry(battlefield)
    groups = _start_groups(geometry, [p for place in starts for p in place.points])
    if not groups:
        return  # no start point is free: the scenario places its forces some other way
    where = " or ".join(place.words for place in starts)
    for goal in goals:
        if not any(
            geometry.path(start, point) is not None for point in goal.points for start in groups
        ):
            problems.warning(
                f"{goal.words} cannot be reached from where the Regulars start ({where}): a "
                "high wall, impassable terrain or a building without doors cuts it off (R155); "
                f'leave a gap wider than a base ({2 * BASE_RADIUS:g}") or add a door',
                goal.object_id,
                goal.object_name,
            )


def _start_groups(geometry: Geometry, points: Sequence[Point]) -> list[Point]:
    """One start point per group of starts that can reach each other (usually just one)."""
    groups: list[Point] = []
    for point in points:
        if geometry.path(point, point) is None:
            continue  # not a place a base can stand (inside a building, on a wall)
        if not any(geometry.path(point, other) is not None for other in groups):
            groups.append(point)
    return groups


def _starts(battlefield: Battlefield) -> list[_Place]:
    regulars = [u for u in battlefield.units if u.side is Side.REGULAR]
    if regulars:
        return [_Place(f'Unit {u.id} "{u.name}"', (u.position,)) for u in regulars]
    for role in ("deploy", "entry"):
        zones = [z for z in battlefield.zones if z.role == role and z.side in (None, Side.REGULAR)]
        if zones:
            return [_Place(f'{role} zone {z.id} "{z.name}"', _inside(z.outline)) for z in zones]
    return [
        _Place(f"entry edge {edge.value}", _along(battlefield, edge))
        for edge in battlefield.entry_edges
    ]


def _goals(battlefield: Battlefield) -> Iterator[_Place]:
    for edge in battlefield.exit_edges:
        yield _Place(f"exit edge {edge.value}", _along(battlefield, edge))
    for zone in battlefield.zones:
        if zone.role in ("exit", "objective"):
            yield _Place(f"{zone.role} zone", _inside(zone.outline), zone.id, zone.name)
    for marker in battlefield.markers:
        if marker.kind in GOAL_MARKERS:
            x, y = marker.position
            near = 2 * BASE_RADIUS  # a base touching the marker is in contact with it
            ring = [(x + dx * near, y + dy * near) for dx, dy in _COMPASS]
            yield _Place(marker.kind, ((x, y), *ring), marker.id, marker.name)


_COMPASS = ((1, 0), (0, 1), (-1, 0), (0, -1), (0.7, 0.7), (-0.7, 0.7), (-0.7, -0.7), (0.7, -0.7))


def _along(battlefield: Battlefield, edge: Edge) -> tuple[Point, ...]:
    w, h = battlefield.width, battlefield.height
    length = w if edge in (Edge.NORTH, Edge.SOUTH) else h
    count = max(1, int(length // EDGE_STEP))
    points: list[Point] = []
    for i in range(count):
        t = (i + 0.5) * length / count
        points.append(
            {
                Edge.NORTH: (t, EDGE_DEPTH),
                Edge.SOUTH: (t, h - EDGE_DEPTH),
                Edge.WEST: (EDGE_DEPTH, t),
                Edge.EAST: (w - EDGE_DEPTH, t),
            }[edge]
        )
    return tuple(points)


def _inside(outline: Sequence[Point]) -> tuple[Point, ...]:
    """The centre of an area and points part-way to each corner that lie inside it."""
    cx = sum(p[0] for p in outline) / len(outline)
    cy = sum(p[1] for p in outline) / len(outline)
    points = [(cx, cy)] + [(cx + (x - cx) * 0.6, cy + (y - cy) * 0.6) for x, y in outline[:16]]
    return tuple(p for p in points if map_checks.contains(outline, p)) or ((cx, cy),)


def _blocking_corners(battlefield: Battlefield) -> int:
    corners = sum(len(b.outline) for b in battlefield.buildings)
    corners += sum(len(w.points) for w in battlefield.walls if w.height is WallHeight.HIGH)
    return corners + sum(len(a.outline) for a in battlefield.areas if a.blocks_movement)

"""Stacking (Rulebook: Stacking; R240): the Stack order lines the unit's figures up against the
wall its leader stands by — one base out from the wall, side by side along it, the leader
nearest where he stood — as the book says to do with the figures on the table.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.battlefield.model import Building, Point
from game.battlefield.planar import BASE_RADIUS
from game.engine.buildings import against_wall
from game.engine.state import UnitState
from game.engine.terrain import distance, point_segment_distance

if TYPE_CHECKING:
    from game.engine.engine import Engine

OUT = BASE_RADIUS + 0.05
"""How far (inches) a lined-up figure's centre stands from the wall: its base touches it."""
APART = 2 * BASE_RADIUS + 0.05
"""Centre to centre along the wall: bases side by side."""
CORNER = 0.8
"""How far past the wall's corners the line may run (still within 1" of the building)."""
MOST_STEPS = 40


def _nearest_wall(building: Building, p: Point) -> tuple[Point, Point]:
    poly = building.outline
    walls = [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]
    return min(walls, key=lambda w: point_segment_distance(p, w[0], w[1]))


def line_up(g: Engine, unit: UnitState, building: Building) -> list[Point] | None:
    """Where the unit's combat-effective figures stand lined up along the wall of `building`
    nearest its leader (the leader's spot first; the line may run a little past the wall's
    corners), or None when there is no room for them (other units' bases, the table edge,
    another building, a wall too short for a large unit)."""
    a, b = _nearest_wall(building, unit.leader_point)
    length = distance(a, b)
    if length < 1e-6:
        return None
    dx, dy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    lx, ly = unit.leader_point
    t = max(0.0, min(length, (lx - a[0]) * dx + (ly - a[1]) * dy))
    side = 1.0 if (dx * (ly - a[1]) - dy * (lx - a[0])) >= 0 else -1.0
    nx, ny = -dy * side, dx * side  # the normal toward the leader's side of the wall
    others = [
        f.pos
        for u in g.state.units.values()
        if u.on_table and u.id != unit.id
        for f in u.effective_figures
    ]
    wanted = len(unit.effective_figures)
    spots: list[Point] = []
    for k in range(MOST_STEPS):
        step = (k + 1) // 2 * (1 if k % 2 else -1)  # 0, +1, -1, +2, -2 ...
        along = t + step * APART
        if not -CORNER <= along <= length + CORNER:
            continue
        spot = (a[0] + dx * along + nx * OUT, a[1] + dy * along + ny * OUT)
        if against_wall(building, spot) and _fits(g, spot, others):
            spots.append((round(spot[0], 3), round(spot[1], 3)))
            if len(spots) == wanted:
                return spots
    return None


def _fits(g: Engine, spot: Point, others: list[Point]) -> bool:
    terrain = g.terrain
    if terrain.blocked_point(spot) or terrain.building_at(spot) is not None:
        return False
    return all(math.dist(spot, o) >= 2 * BASE_RADIUS - 1e-6 for o in others)


def place_lined_up(unit: UnitState, spots: list[Point]) -> None:
    """Stand the unit's figures on `spots`: the leader (else the figure nearest the leader's
    point) on the first, the others in order of how near they stand to it."""
    live = unit.effective_figures
    lx, ly = unit.leader_point
    live.sort(key=lambda f: (f.kind != "leader", (f.x - lx) ** 2 + (f.y - ly) ** 2))
    for figure, (x, y) in zip(live, spots, strict=True):
        figure.x, figure.y = x, y
    for figure in unit.figures:
        if not figure.effective:  # the hit figures lie where the leader stands
            figure.x, figure.y = spots[0]

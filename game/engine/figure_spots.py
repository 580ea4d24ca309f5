"""Where a unit's figures stand when its leader stops at a point (R2, R3, R92): the engine's
one placement, which both AIs ask for every destination they weigh (`Terrain.place`).

Rulebook: Unit Cohesion, Moving Units on the Table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import islice
from typing import TYPE_CHECKING

from game.battlefield.model import Point
from game.battlefield.planar import BASE_RADIUS

if TYPE_CHECKING:
    from game.engine.terrain import Terrain

NUDGE = 1.5  # R92: how far a leader is placed beside a base it would stand on
PLACE_TRIES = 12  # leader spots tried before a unit's bases may touch others'
COHESION_WINDOW = 6.0  # other bases farther than this from the leader cannot be in the way


def place(
    terrain: Terrain, leader: Point, count: int, occupied: Sequence[Point], nudge: float
) -> list[Point] | None:
    """Figure spots in cohesion around the leader (R2, R3), clear of other bases, the
    leader's first; None when the unit fits nowhere near. A leader whose base would stand
    on another base is placed beside it instead, up to `nudge` inches away (R92)."""
    geometry = terrain.geometry
    near, nearest = bases_within(occupied, leader, COHESION_WINDOW)
    tried = nearest >= 2 * BASE_RADIUS - 1e-6
    if tried:  # the usual case: room to stand
        try:
            spots = geometry.place_in_cohesion(leader, count, occupied=near)
            return [(float(p[0]), float(p[1])) for p in spots]
        except ValueError:
            pass
    # the bases around every spot the leader may be moved to
    near, _nearest = bases_within(occupied, leader, COHESION_WINDOW + nudge)
    # the nearest leader spots clear of other bases, until the whole unit fits around one
    first: Point | None = None
    for spot in islice(terrain.free_spots(leader, near, within=nudge), PLACE_TRIES):
        first = spot if first is None else first
        if tried and spot == leader:
            continue  # the unit did not fit around its leader just above
        try:
            spots = geometry.place_in_cohesion(spot, count, occupied=near)
        except ValueError:
            continue
        return [(float(p[0]), float(p[1])) for p in spots]
    # no room for the unit clear of the others: bases may touch theirs (R3)
    try:
        spots = geometry.place_in_cohesion(first or leader, count)
    except ValueError:
        return None
    return [(float(p[0]), float(p[1])) for p in spots]


def bases_within(
    occupied: Sequence[Point], centre: Point, reach: float
) -> tuple[list[Point], float]:
    """The bases of `occupied` nearer `centre` than `reach` (in their order), and the
    distance of the nearest of them (`math.inf` for none). A base is measured only when it
    lies inside the square of side 2 * reach about the centre (the same comparisons as
    abs(dx) < reach, without the calls)."""
    x, y = centre
    hypot = math.hypot
    near: list[Point] = []
    nearest = math.inf
    for p in occupied:
        dx = p[0] - x
        if -reach < dx < reach:
            dy = p[1] - y
            if -reach < dy < reach:
                gap = hypot(dx, dy)
                if gap < reach:
                    near.append(p)
                    if gap < nearest:
                        nearest = gap
    return near, nearest

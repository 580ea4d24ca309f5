"""How far from its leader a unit's figures can stand, known before they are placed (issue 17
§5, solo round 6).

Rulebook: Unit Cohesion, Moving Units on the Table (R2, R3, R92).

`Terrain.place` (`figure_spots.place`) puts the leader at his point and every other figure on
the first point of a hex lattice around him, nearest first, that can hold a base, is clear of
other bases and is within cohesion reach of a placed base with no wall between
(`game.battlefield.cohesion`). The Insurgent AI weighs hundreds of destinations a decision and
for most of them only wants to know whether a Regular would see the unit there, or whether it
would touch one; both are settled by a bound on where the figures can stand
(`game.battlefield.disc_sight`).

The bound is exact, never a guess. Where no other base stands within reach of the leader's
point (no R92 nudge) and he stands outside every building, a lattice point within cohesion
reach of him is "sure" when it is clear of every other base, on open ground (its square of
`open_ground` says a base fits anywhere in it) and no wall line crosses the way from the
leader to it. Sure points pass every test of the placement whatever was placed before them
(lattice points are a full inch apart, and the leader is within reach of each), so each figure
is set down no later in the nearest-first order than the first sure point left: with `count - 1`
sure points within distance d, every figure stands within d of the leader. Every test is made
with `slack` to spare, so the bound holds for any leader point within `slack` of the one asked
about (the AI asks before it knows exactly where a walk ends), and it covers the AI's rounding
of the figures to three decimals.
"""

from __future__ import annotations

import math
import threading
import weakref
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from game.battlefield import planar
from game.battlefield.cohesion import _shell_offsets
from game.battlefield.model import Point
from game.battlefield.open_ground import CELL, FITS, NO_WALL_IN_REACH, OpenGround
from game.battlefield.planar import BASE_RADIUS
from game.rules.movement import COHESION_REACH

if TYPE_CHECKING:
    from game.battlefield.geometry import Geometry
    from game.engine.terrain import Terrain

MARGIN = 1e-6
"""Far beyond the rounding of any sum or distance on the table (inches)."""
ROUNDED = 0.001
"""The AI rounds each figure's coordinates to three decimals: it moves at most this far."""
_SPACING = 1.0  # the first lattice `cohesion.place_in_cohesion` tries

Offsets = tuple[tuple[float, float, float], ...]
"""(dx, dy, distance) of lattice points from the leader, nearest first."""


@lru_cache(maxsize=1)
def _sure_offsets() -> Offsets:
    """(dx, dy, distance) of the lattice points within cohesion reach of the leader, nearest
    first (the placement's own offsets: its first shells)."""
    out: list[tuple[float, float, float]] = []
    for shell in _shell_offsets(_SPACING, 4):
        for column, shift, row in shell:
            dx, dy = column + shift, row
            gap = math.hypot(dx, dy)
            if gap <= COHESION_REACH - MARGIN:
                out.append((dx, dy, gap))
    out.sort(key=lambda o: o[2])
    return tuple(out)


def footprint_radius(
    terrain: Terrain, leader: Point, count: int, occupied: Sequence[Point], slack: float
) -> float | None:
    """A distance from `leader` that no figure of `terrain.place(x, count,
    occupied=occupied)` stands beyond, rounded to three decimals, for every leader point x
    within `slack` of `leader` (slack below a quarter inch); None when that is not settled
    here (the caller places the figures). Only the bases of `occupied` within `BASES_REACH`
    of `leader` are looked at."""
    if count < 1 or not 0.0 <= slack < CELL:
        return None
    x, y = leader
    gap = 2 * BASE_RADIUS + slack + MARGIN
    reach = COHESION_REACH + gap
    near = [q for q in occupied if -reach < q[0] - x < reach and -reach < q[1] - y < reach]
    hypot = math.hypot
    for q in near:
        if hypot(q[0] - x, q[1] - y) < gap:
            return None  # the leader may be set beside that base (R92): not bounded here
    sure_points = _sure_on_ground(terrain.geometry, leader, slack)
    if sure_points is None:
        return None
    spare = slack + ROUNDED + MARGIN
    if count == 1:
        return spare
    sure = 0
    for dx, dy, distance in sure_points:
        if near:
            px, py = x + dx, y + dy
            if any(hypot(q[0] - px, q[1] - py) < gap for q in near):
                continue
        sure += 1
        if sure == count - 1:
            return distance + spare
    return None


BASES_REACH = COHESION_REACH + 2 * BASE_RADIUS + CELL + MARGIN
"""Bases farther than this from the leader's point cannot change `footprint_radius`."""

_GROUND_LIMIT = 200_000
_GROUND: weakref.WeakKeyDictionary[Any, dict[tuple[Point, float], Offsets | None]] = (
    weakref.WeakKeyDictionary()
)
_GROUND_LOCK = threading.Lock()


def _sure_on_ground(geometry: Geometry, leader: Point, slack: float) -> Offsets | None:
    """The lattice points around `leader` (offsets, nearest first) where the ground alone
    lets a base stand and be linked to the leader, for every leader point within `slack`;
    None when the leader may stand in a building. Walls and buildings never move, so the
    answer is kept per street graph (`Navigation`, shared by every Geometry of the map)."""
    navigation = geometry.navigation
    with _GROUND_LOCK:
        memo = _GROUND.get(navigation)
        if memo is None:
            memo = _GROUND[navigation] = {}
    key = (leader, slack)
    if key in memo:
        return memo[key]
    found = _measure_ground(geometry, leader, slack)
    if len(memo) >= _GROUND_LIMIT:
        memo.clear()
    memo[key] = found
    return found


def _measure_ground(geometry: Geometry, leader: Point, slack: float) -> Offsets | None:
    ground = geometry.navigation.open_ground
    if _level(ground, leader, slack) < FITS and not _outside_buildings(geometry, leader, slack):
        return None
    street = geometry.navigation.street
    walls = street.thin_filter
    wall_near = street.queries.segment_near
    x, y = leader
    out: list[tuple[float, float, float]] = []
    for dx, dy, distance in _sure_offsets():
        p = (x + dx, y + dy)
        level = _level(ground, p, slack)
        if level < FITS:
            continue
        if level < NO_WALL_IN_REACH and wall_near(leader, p, slack + MARGIN, walls):
            continue
        out.append((dx, dy, distance))
    return tuple(out)


def _level(ground: OpenGround, p: Point, slack: float) -> int:
    """The lowest `open_ground` level of the squares a point within `slack` of p may be in
    (slack below a square's side: the corners of that box fall in every one of them)."""
    reach = slack + MARGIN
    x, y = p
    floor = math.floor
    x0, x1 = floor((x - reach) / CELL), floor((x + reach) / CELL)
    y0, y1 = floor((y - reach) / CELL), floor((y + reach) / CELL)
    if x0 == x1 and y0 == y1:  # the usual case: one square holds the whole box
        return ground.level((x, y))
    return min(
        ground.level((x - reach, y - reach)),
        ground.level((x + reach, y - reach)),
        ground.level((x - reach, y + reach)),
        ground.level((x + reach, y + reach)),
    )


def _outside_buildings(geometry: Geometry, p: Point, slack: float) -> bool:
    """Every point within `slack` of p is outside every building's outline."""
    reach = slack + MARGIN
    x, y = p
    bits = geometry._building_index.overlapping(x - reach, y - reach, x + reach, y + reach)
    buildings, boxes = geometry.battlefield.buildings, geometry._building_boxes
    while bits:
        low = bits & -bits
        index = low.bit_length() - 1
        bits ^= low
        if planar.in_bbox(p, boxes[index], reach) and (
            planar.distance_to_polygon(p, buildings[index].outline) <= reach
        ):
            return False
    return True

"""Grid spots of the end-state search dropped before they are weighed (issue 17 §5, R131; solo
round 6).

When none of a row's ring of destinations reaches its end state, the Insurgent AI searches every
reachable spot of the one-inch grid (`reach.grid_destinations`), and for each spot it weighs it
searches the route, places the figures (`Terrain.place`, the costliest step of a decision) and
traces the Regulars' sight. For the rows whose end state is "out of enemy sight", a spot where
a Regular would surely see the unit can never be chosen from the grid, so it is dropped before
its route is searched. "Surely" is exact: the placement's reach is bounded without placing
(`game.engine.footprint`), and half a Regular unit's figures seeing the whole disc within that
reach means that unit sees the unit however it is placed (`game.battlefield.disc_sight`). A
spot not settled so is weighed as before, so every decision is the one the full search makes;
`tests/ai/test_end_bounds.py` compares both ways on seeded situations.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Sequence

from game.ai.actions import Action
from game.ai.world import _World
from game.battlefield.disc_sight import sees_whole_disc
from game.battlefield.model import Point
from game.engine.footprint import BASES_REACH, footprint_radius
from game.engine.state import UnitState
from game.engine.terrain import Terrain

GRID_SLACK = 0.06
"""How far from its grid spot a walk of the end-state search may end (the search keeps a route
whose last point is within 0.05" of the spot, and a route up to 1e-6" over the move's reach is
cut short at the reach), so that a bound asked at the spot holds at the walk's end."""

SEEN_FAILS = (
    Action.MOVE_OUT_OF_LOS,
    Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND,
    Action.TAKE_COVER_OUT_OF_LOS,
)
"""Rows whose end state no destination has where a Regular sees the unit (`reach.end_state`)."""


def footprint(
    terrain: Terrain, world: _World, unit: UnitState, spot: Point, slack: float
) -> float | None:
    """`footprint_radius` for `unit` with its leader at (within `slack` of) `spot`, among the
    other units' bases, as `InsurgentAI._placed` places it."""
    near = _bases(world, unit).near(spot)
    return footprint_radius(terrain, spot, len(unit.effective_figures), near, slack)


class _Buckets:
    """The other units' bases in squares of `BASES_REACH`: those that may matter to a spot
    are in the nine squares around it (every base within `BASES_REACH` of it is)."""

    def __init__(self, bases: Sequence[Point]) -> None:
        self._squares: dict[tuple[int, int], list[Point]] = {}
        for p in bases:
            key = (math.floor(p[0] / BASES_REACH), math.floor(p[1] / BASES_REACH))
            self._squares.setdefault(key, []).append(p)

    def near(self, spot: Point) -> list[Point]:
        i, j = math.floor(spot[0] / BASES_REACH), math.floor(spot[1] / BASES_REACH)
        squares = self._squares
        out: list[Point] = []
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                found = squares.get((i + di, j + dj))
                if found:
                    out += found
        return out


_BUCKETS: weakref.WeakKeyDictionary[_World, dict[str, _Buckets]] = weakref.WeakKeyDictionary()


def _bases(world: _World, unit: UnitState) -> _Buckets:
    """The other units' bases as `_Buckets`, made once per decision (a `_World`) and unit."""
    per_unit = _BUCKETS.get(world)
    if per_unit is None:
        per_unit = _BUCKETS[world] = {}
    found = per_unit.get(unit.id)
    if found is None:
        found = per_unit[unit.id] = _Buckets(world.others_bases(unit))
    return found


def surely_seen(
    terrain: Terrain,
    world: _World,
    unit: UnitState,
    spot: Point,
    radius: float,
    regulars: Sequence[UnitState],
) -> bool:
    """Some unit of `regulars` surely sees `unit` placed with every figure within `radius` of
    `spot` (R4); False when not settled."""
    terrain.sync_hulls()
    geometry, elevation = terrain.geometry, unit.elevation
    return any(
        sees_whole_disc(geometry, world.position(r), spot, radius, elevation) for r in regulars
    )


def seen_spot_test(
    terrain: Terrain, world: _World, unit: UnitState, action: Action
) -> Callable[[Point], bool] | None:
    """For a row whose end state fails wherever a Regular sees the unit: a test of a grid spot
    that is True only when the unit would surely be seen there (the spot may be dropped
    before its route is searched: it cannot have the end state). None for other rows."""
    if action not in SEEN_FAILS or not world.regulars:
        return None
    centre = world.centre

    def seen(spot: Point) -> bool:
        radius = footprint(terrain, world, unit, spot, GRID_SLACK)
        if radius is None:
            return False
        regulars = sorted(
            world.regulars,
            key=lambda r: (spot[0] - centre(r)[0]) ** 2 + (spot[1] - centre(r)[1]) ** 2,
        )
        return surely_seen(terrain, world, unit, spot, radius, regulars)

    return seen

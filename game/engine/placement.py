"""Units on the table (R2, R3, R92): sightings, placing a unit's figures in cohesion
around its leader, what-if positions, cohesion between units.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from game.battlefield.model import Building, Point
from game.engine.procedure import DIRECTIONS
from game.engine.protocol import EventKind as E
from game.engine.state import (
    FIGURE_OK,
    INSURGENT,
    REGULAR,
    FigureState,
    UnitState,
)
from game.engine.terrain import distance, walk
from game.rules.movement import (
    COHESION_REACH,
)

if TYPE_CHECKING:
    from game.engine.engine import Engine


def nearest_distance(g: Engine, unit: UnitState, others: list[UnitState]) -> float:
    return min((distance(unit.centre, o.centre) for o in others), default=1e9)


def update_sightings(g: Engine) -> None:
    """An Insurgent unit any Regular unit has seen is fixed (Out of Contact Movement)."""
    regulars = g.state.units_of(REGULAR)
    for ins in g.state.units_of(INSURGENT):
        if not ins.seen and any(g.los(r, ins) for r in regulars):
            ins.seen = True
            g.emit(E.FIXED, unit=ins.id, unit_name=ins.name)


def place_unit(
    g: Engine,
    unit: UnitState,
    leader_to: Point,
    *,
    real: bool = True,
    exact: bool = True,
    avoid: Sequence[Point] = (),
) -> bool:
    """Move the leader to a point and keep the others in formation around it (R3); whether
    the figures stand in cohesion, clear of other bases and of the points `avoid` (a wreck's
    hull, R340), or were only shifted there.

    `exact=False` only shifts the formation (the steps of a move, what-if positions); the
    figures are placed properly in cohesion when the unit stops (`settle`)."""
    start = unit.leader_point
    if real and unit.neutralizing and distance(start, leader_to) > 1e-6:
        g.emit(
            E.NEUTRALIZE_ABANDONED,
            unit=unit.id,
            unit_name=unit.name,
            hot_spot=unit.neutralizing,
        )
        unit.neutralizing = 0
    if real and distance(start, leader_to) > 1e-6:
        unit.in_cover_turn = 0  # In Cover is lost by moving (Rulebook: Cover Dice)
    live = unit.effective_figures
    if live and exact:
        occupied = [
            f.pos
            for other in g.state.units.values()
            if other.on_table and other.id != unit.id
            for f in other.effective_figures
        ]
        from game.engine.hull_footing import hulls_underfoot  # --- no figure on a hull (R342)

        avoid = [*avoid, *hulls_underfoot(g, unit)]
        spots = g.terrain.place(leader_to, len(live), occupied=[*occupied, *avoid])
        if spots is not None:
            cx, cy = unit.centre
            # R3: the leader moves, or the figure nearest the centre for a leaderless unit
            live.sort(key=lambda f: (f.kind != "leader", (f.x - cx) ** 2 + (f.y - cy) ** 2))
            for f, p in zip(live, spots, strict=True):
                f.x, f.y = round(p[0], 3), round(p[1], 3)
            for f in unit.figures:
                if not f.effective:
                    f.x, f.y = round(leader_to[0], 3), round(leader_to[1], 3)
            return True
    dx, dy = leader_to[0] - start[0], leader_to[1] - start[1]
    width, height = g.battlefield.width, g.battlefield.height
    for f in unit.figures:
        target = (min(max(f.x + dx, 0.0), width), min(max(f.y + dy, 0.0), height))
        if exact and g.terrain.blocked_point(target):
            target = leader_to
        f.x, f.y = round(target[0], 3), round(target[1], 3)
    return False


def misplaced(g: Engine, unit: UnitState) -> bool:
    """Whether a figure of `unit` stands where a move's shifted step must be set down properly:
    off the table, inside a building or closed wall (`Terrain.blocked_point`: entered by its
    doors, R32), or on a vehicle's hull (R342, R353); `settle` then."""
    from game.engine.hull_footing import on_a_hull

    return any(g.terrain.blocked_point(f.pos) for f in unit.figures) or on_a_hull(g, unit)


def settle(g: Engine, unit: UnitState) -> None:
    """Place a unit's figures properly in cohesion where its leader stands (R2, R3)."""
    if unit.on_table and unit.effective_figures:
        place_unit(g, unit, unit.leader_point, real=False, exact=True)
        if unit.elevation and roof_building(g, unit) is None:
            unit.elevation = 0  # R83: forced off the roof (seek cover, Pull Back, flight)


def roof_building(g: Engine, unit: UnitState) -> Building | None:
    """The building with roof access every figure of `unit` stands in, else None (R83)."""
    spots = [f.pos for f in unit.effective_figures]
    building = g.terrain.building_at(spots[0]) if spots else None
    if building is None or not building.roof_access:
        return None
    if any(g.terrain.building_at(p) is not building for p in spots[1:]):
        return None
    return building


def hypothetical(g: Engine, unit: UnitState, leader_to: Point, *, exact: bool = False) -> UnitState:
    """A copy of the unit moved to `leader_to` (a what-if; the real unit stays put)."""
    copy = UnitState(
        **{**unit.__dict__, "figures": [FigureState(**f.__dict__) for f in unit.figures]}
    )
    place_unit(g, copy, leader_to, real=False, exact=exact)
    return copy


def in_cohesion(g: Engine, a: UnitState, b: UnitState) -> bool:
    """Some figure of `a` within 1" (base edge to edge) of some figure of `b` (R2)."""
    theirs = [(g.x, g.y) for g in b.figures if g.status == FIGURE_OK]
    mine = [(f.x, f.y) for f in a.figures if f.status == FIGURE_OK]
    if not theirs or not mine:
        return False
    reach = COHESION_REACH + 1e-6
    # units whose figures lie farther apart than that along x or y are not in cohesion: merges
    # ask it of every pair of units, most of them far apart
    if (
        min(x for x, _ in theirs) - max(x for x, _ in mine) > reach
        or min(x for x, _ in mine) - max(x for x, _ in theirs) > reach
        or min(y for _, y in theirs) - max(y for _, y in mine) > reach
        or min(y for _, y in mine) - max(y for _, y in theirs) > reach
    ):
        return False
    hypot = math.hypot  # `distance`, spelled out
    return any(hypot(fx - px, fy - py) <= reach for fx, fy in mine for px, py in theirs)


def friends_in_cohesion(g: Engine, unit: UnitState) -> list[UnitState]:
    friends = [
        u
        for u in g.state.units_of(unit.side)
        if u.id != unit.id and u.effective_figures and in_cohesion(g, unit, u)
    ]
    return sorted(friends, key=lambda u: (nearest_distance(g, unit, [u]), u.id))


def reachable_spots(
    g: Engine,
    unit: UnitState,
    reach: float,
    good: Callable[[Point, bool], bool],
    *,
    limit: int = 4,
) -> list[Point]:
    """Up to `limit` spots the unit's leader can walk to within `reach` (a third, two thirds
    and all of it, in 8 directions), nearest first, at least 0.75" apart, for which
    `good(spot, exact)` holds: asked first with the quick what-if placement (`exact=False`),
    then with the real one."""
    start = unit.leader_point
    ends: list[tuple[float, Point, Point]] = []
    for dist in (reach / 3, 2 * reach / 3, reach):
        if dist < 0.5:
            continue
        for dx, dy in DIRECTIONS:
            goal = (start[0] + dx * dist, start[1] + dy * dist)
            end = walk(g.terrain.path(start, goal), reach)
            if distance(end, start) < 0.5:
                continue
            ends.append((distance(end, start), (round(end[0], 2), round(end[1], 2)), end))
    # nearest first (ties in the order found); each is weighed only when it could still be
    # among the first `limit`: the quick guess, then the real placement
    ends.sort(key=lambda e: (e[0], e[1]))
    unique: list[Point] = []
    for _, p, end in ends:
        if len(unique) == limit:
            break
        if good(end, False) and all(distance(p, q) > 0.75 for q in unique) and good(p, True):
            unique.append(p)
    return unique

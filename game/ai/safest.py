"""The solo rows that move "along the safest route" (R274): the route the Regulars see least,
and the point of it this Rapid move reaches, as a destination the engine walks the same way.

Rulebook (solo rules): Insurgent Action Checks. The rows that join a Leader, a friendly or
leaderless unit, or head for a Hot Spot move by the safest route. The route is searched on the
movement graph with each inch in a Regular's sight costing a thousand out of it
(`game.battlefield.safest_route`, R274). Each Regular unit watches from the one figure nearest
its centre; its view (a visibility fan, R54) is built once per place it stands and kept while it
stays there, so the Insurgents' moves of one end of turn share it. The move's destination is
the farthest point of the route within the Rapid reach whose own shortest path (the one the
engine walks) is no more in sight than that stretch of the route.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from game.ai.actions import Action
from game.ai.world import STOP_SHORT_OF_FRIEND, _World
from game.battlefield.model import Point, UnitPosition
from game.battlefield.safest_route import route_seen_length, safest_route
from game.battlefield.visibility import VisibleArea
from game.engine.commands import MoveUnit
from game.engine.protocol import ContractorStatus, MoveRate
from game.engine.state import INSURGENT, UnitState
from game.engine.terrain import Terrain, distance, path_length, truncate, walk
from game.rules.movement import CONTRACTOR_KEEP_OFF, RAPID

if TYPE_CHECKING:
    from collections.abc import Callable

SAFEST_ROWS = frozenset(
    {
        Action.MOVE_TO_LEADER,
        Action.MOVE_TO_FRIENDLY_UNIT,
        Action.MOVE_TO_JOIN_LEADERLESS_UNIT,
        Action.MOVE_TO_HOT_SPOT,
    }
)
"""The rows whose move goes "along the safest route" (Rapid)."""
SLACK = 0.5
"""Inches of sight the engine's own path to the destination may add to the route's stretch."""
MIN_MOVE = 0.5
"""A destination nearer than this along the engine's path is no move (the engine refuses
under a quarter inch)."""
_KEPT_VIEWS = 48


class SafestRoutes:
    """The Regulars' sight as the safest route counts it, kept per watching figure's place."""

    def __init__(self, terrain: Terrain) -> None:
        self.terrain = terrain
        self._views: dict[tuple[Point, int], VisibleArea] = {}

    def seen(self, world: _World) -> Callable[[Point], bool]:
        """Whether some Regular unit on the table sees a one-figure target at a point."""
        areas: list[VisibleArea] = []
        for regular in world.regulars:
            figures = world.position(regular).figures
            if not regular.on_table or not figures:
                continue
            centre = world.centre(regular)
            eye = min(figures, key=lambda p: (distance(p, centre), p))
            key = (eye, regular.elevation)
            area = self._views.get(key)
            if area is None:
                if len(self._views) >= _KEPT_VIEWS:
                    self._views.clear()
                watcher = UnitPosition(regular.id, (eye,), regular.elevation)
                area = self._views[key] = VisibleArea(self.terrain.geometry, [watcher])
            areas.append(area)
        return lambda p: any(area.contains(p) for area in areas)


def safest_move(
    routes: SafestRoutes,
    world: _World,
    unit: UnitState,
    action: Action,
    pool: list[MoveUnit],
    goal: Point | None,
    note: Callable[[str], None],
    usable: Callable[[MoveUnit], bool],
) -> MoveUnit | None:
    """The Rapid move along the safest route toward `goal` (R274), or None where the row is not
    a safest-route row or the route cannot be walked this way (the caller ranks its own
    destinations then): a unit above street level, a Shaken one, no Rapid move offered. A
    destination `usable` refuses (one in contact with the enemy, R94) is passed over."""
    if action not in SAFEST_ROWS or goal is None or unit.elevation:
        return None
    if unit.recovering(world.turn) or all(c.rate != MoveRate.RAPID for c in pool):
        return None
    terrain = routes.terrain
    start = unit.leader_point
    seen = routes.seen(world)
    route = safest_route(terrain.geometry, start, goal, seen)
    if route is None:
        return None
    length = min(RAPID, path_length(route) - STOP_SHORT_OF_FRIEND)
    if length < MIN_MOVE:
        return None
    waiting = [(c.x, c.y) for c in world.state.contractors if c.status == ContractorStatus.WAITING]
    for along in _stops(route, length):
        to = walk(route, along)
        to = (round(to[0], 2), round(to[1], 2))
        if terrain.blocked_point(to) or any(distance(to, c) < CONTRACTOR_KEEP_OFF for c in waiting):
            continue
        walked = terrain.path(start, to)
        if not walked or distance(walked[-1], to) > 0.01:
            continue
        if not MIN_MOVE <= path_length(walked) <= RAPID + 0.01:
            continue
        in_sight = route_seen_length(seen, walked)
        if in_sight > route_seen_length(seen, truncate(route, along)) + SLACK:
            continue
        command = MoveUnit(side=INSURGENT, unit=unit.id, to=to, rate=MoveRate.RAPID)
        if not usable(command):
            continue
        shortest = truncate(terrain.path(start, goal), RAPID)
        note(
            f"T{world.turn} {unit.name} {action.label}: the safest route walks "
            f'{path_length(walked):.1f}" with {in_sight:.1f}" in Regular sight (the shortest '
            f'way: {route_seen_length(seen, shortest):.1f}" in sight) (R274)'
        )
        return command
    return None


def _stops(route: list[Point], length: float) -> list[float]:
    """Where along the route the move may end: its full length, then back to each bend."""
    out = [length]
    travelled = 0.0
    bends: list[float] = []
    for a, b in pairwise(route):
        travelled += distance(a, b)
        if MIN_MOVE <= travelled < length - 0.25:
            bends.append(travelled)
    return out + sorted(bends, reverse=True)


__all__ = ["SAFEST_ROWS", "SafestRoutes", "safest_move"]

"""Paths wanted only when they are short enough (issue 17 §5, R131).

The Insurgent AI's end-state search (`game.ai.reach.grid_destinations`) asks for the route to
every spot of a one-inch grid around a unit and keeps the spots whose route is within the move's
reach. `Terrain.path` would grow the start's route tree as far as each spot needs, however far
round the buildings that is; `path_within` stops as soon as no route within the limit is left
(the tree's keys are taken in rising order, see `_Fan._route`), and otherwise finds the very
route `Terrain.path` finds, which it remembers for the later `Terrain.path` of that move.
"""

from __future__ import annotations

from game.battlefield.model import Point
from game.engine.terrain import _ROUTES_PER_START, Terrain, _fan


def path_within(terrain: Terrain, start: Point, goal: Point, limit: float) -> list[Point] | None:
    """`terrain.path(start, goal)` when that path reaches the goal; None when there is no route
    or its route is longer than `limit` (a path longer than the limit may also be returned:
    the caller measures what it gets)."""
    cached = terrain._paths.get((start, goal))
    if cached is not None:
        return list(cached)
    graph = terrain._street_graph()
    if graph is None:
        return terrain.path(start, goal)
    fan = _fan(graph, start)
    if goal in fan.routes:
        route = fan.routes[goal]
    else:
        route = fan._route(graph, goal, limit)
        if route is None:
            return None  # no route, or none within the limit: nothing is remembered
        if len(fan.routes) >= _ROUTES_PER_START:
            fan.routes.clear()
        fan.routes[goal] = route
    if route is None:
        return None
    found = [(float(p[0]), float(p[1])) for p in route]
    if len(terrain._paths) > 20000:
        terrain._paths.clear()
    terrain._paths[(start, goal)] = tuple(found)
    return found

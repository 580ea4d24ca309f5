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
from game.engine.terrain import Terrain, _fan


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
    route = _fan(graph, start).route(graph, goal, limit)
    if route is None:
        return None  # no route, or none within the limit: nothing is remembered
    return terrain.remember_path(start, goal, [(float(p[0]), float(p[1])) for p in route])

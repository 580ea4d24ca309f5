"""The solo rules' "safest route", cheaply: the street movement graph, each leg costed by the
inches of it some watcher sees (ruling R274; R35, R54 for the exact grid search).

Rulebook (solo rules): Insurgent Action Checks, moves "along the safest route". The exact search
(`visibility.hidden_path`, a 0.5" grid with a sight check every 0.1") costs a fifth of a second
and more per route, too slow for an AI that asks several times a turn. This one searches the
visibility graph the shortest paths already use (nodes just outside every corner and at the
doors), so its routes bend only where terrain makes them bend, and it samples each leg about
every inch at points of a half-inch lattice, so the watchers' sight is asked once per lattice
point however many legs pass there. An inch in sight costs `SEEN_PENALTY` inches out of it:
the route least seen, then the shortest. Only nodes inside an ellipse around start and goal are
searched (a detour longer than that is no route a move of 12" or less is walking).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from game.battlefield import planar
from game.battlefield.model import Point

if TYPE_CHECKING:
    from game.battlefield.geometry import Geometry

SEEN_PENALTY = 1000.0
"""An inch inside the watchers' sight costs this many inches out of it (as R54's exact search)."""
SAMPLE = 1.0
"""Inches between the sight checks along a leg (at most)."""
LATTICE = 0.5
"""Sample points are snapped to this lattice, so neighbouring legs share their sight checks."""
DETOUR_FACTOR = 1.6
DETOUR_SLACK = 6.0
"""Nodes searched: their distance from the start plus to the goal at most this factor times the
straight distance plus this slack."""

Seen = Callable[[Point], bool]


def seen_length(seen: Seen, a: Point, b: Point) -> float:
    """The inches of the leg a-b inside the sight `seen` answers, estimated from checks about
    every `SAMPLE` inches (both ends included) at points snapped to the `LATTICE`."""
    length = planar.distance(a, b)
    steps = max(1, math.ceil(length / SAMPLE))
    hits = 0
    for i in range(steps + 1):
        t = i / steps
        x = a[0] + (b[0] - a[0]) * t
        y = a[1] + (b[1] - a[1]) * t
        hits += seen((round(x / LATTICE) * LATTICE, round(y / LATTICE) * LATTICE))
    return length * hits / (steps + 1)


def route_seen_length(seen: Seen, points: Sequence[Point]) -> float:
    """The inches of a route inside the sight `seen` (estimated as `seen_length`)."""
    return sum(seen_length(seen, a, b) for a, b in pairwise(points))


def safest_route(geometry: Geometry, start: Point, goal: Point, seen: Seen) -> list[Point] | None:
    """The street-level route from `start` to `goal` least inside `seen`, then the shortest,
    over the movement graph's corner and door nodes (R274), or None when no route is found."""
    graph = geometry.navigation.street
    if not (graph.on_ground(start) and graph.on_ground(goal)):
        return None
    hug_s, hug_g = graph.hugged(start), graph.hugged(goal)
    direct = planar.distance(start, goal)
    if graph.clear(start, goal, hug_s, hug_g) and seen_length(seen, start, goal) == 0.0:
        return [start, goal]  # the straight line is unseen: nothing is safer or shorter
    nodes = graph.nodes
    n = len(nodes)
    limit = DETOUR_FACTOR * direct + DETOUR_SLACK
    inside = [planar.distance(start, p) + planar.distance(p, goal) <= limit for p in nodes]
    start_id, goal_id = n, n + 1
    points = [*nodes, start, goal]
    costs: dict[tuple[int, int], float] = {}

    def cost(i: int, j: int) -> float:
        key = (i, j) if i < j else (j, i)
        found = costs.get(key)
        if found is None:
            a, b = points[i], points[j]
            found = planar.distance(a, b) + SEEN_PENALTY * seen_length(seen, a, b)
            costs[key] = found
        return found

    def links(k: int) -> list[int]:
        if k == start_id:
            out = [j for j in range(n) if inside[j] and graph.clear(start, nodes[j], hug_s)]
            if graph.clear(start, goal, hug_s, hug_g):
                out.append(goal_id)
            return out
        out = [j for j, _w in graph.edges[k] if inside[j]]
        if graph.clear(nodes[k], goal, frozenset(), hug_g):
            out.append(goal_id)
        return out

    best: dict[int, float] = {start_id: 0.0}
    parent: dict[int, int] = {}
    heap: list[tuple[float, int]] = [(0.0, start_id)]
    closed: set[int] = set()
    while heap:
        g, k = heapq.heappop(heap)
        if k in closed:
            continue
        closed.add(k)
        if k == goal_id:
            route = [goal_id]
            while route[-1] != start_id:
                route.append(parent[route[-1]])
            return [points[i] for i in reversed(route)]
        for j in links(k):
            if j in closed:
                continue
            ng = g + cost(k, j)
            if ng < best.get(j, math.inf):
                best[j] = ng
                parent[j] = k
                heapq.heappush(heap, (ng, j))
    return None


__all__ = ["SEEN_PENALTY", "route_seen_length", "safest_route", "seen_length"]

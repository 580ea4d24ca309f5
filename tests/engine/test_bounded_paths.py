"""Paths wanted only when short enough (`bounded_paths.path_within`, issue 17 §5): the Insurgent
AI's end-state search (R131) asks for the route to every spot of a grid around a unit; a route
longer than the move's reach is not searched to its end, and every other answer is the very path
`Terrain.path` walks. Rulebook: Moving Units on the Table; R3, R32."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.battlefield.loader import load_battlefield
from game.engine.bounded_paths import path_within
from game.engine.terrain import Terrain, _Fan, path_length

ROOT = Path(__file__).resolve().parents[2]
MAPS = ["maps/contracting-trouble.tmx", "tests/maps/geometry/town.tmx"]


@pytest.mark.parametrize("map_path", MAPS)
def test_paths_within_a_limit_are_the_terrains_own_paths(map_path: str) -> None:
    if not (ROOT / map_path).exists():
        pytest.skip(f"{map_path} is not in this checkout")
    battlefield = load_battlefield(ROOT / map_path)
    terrain = Terrain(battlefield)
    graph = terrain._street_graph()
    rng = random.Random(map_path)
    w, h = battlefield.width, battlefield.height
    within = cut_short = 0
    for _ in range(5):
        start = (round(rng.uniform(0.5, w - 0.5), 3), round(rng.uniform(0.5, h - 0.5), 3))
        own = _Fan(graph, start)  # a route tree of its own: nothing shared with `terrain`
        for _ in range(80):  # spots of one unit's grid within a move's reach as the crow flies
            limit = rng.choice((6.0, 12.0))
            gx, gy = start[0] + rng.uniform(-limit, limit), start[1] + rng.uniform(-limit, limit)
            goal = (float(round(min(max(gx, 0), w))), float(round(min(max(gy, 0), h))))
            route = own.route(graph, goal)
            expected = [start] if route is None else [(float(x), float(y)) for x, y in route]
            got = path_within(terrain, start, goal, limit)
            if route is not None and path_length(expected) <= limit:
                within += 1
                assert got == expected
            else:
                # nothing short enough: refused, or the same path (the caller measures it)
                assert got is None or got == expected
                cut_short += route is not None and got is None  # never searched to its end
            # asked without a limit, the Terrain walks the same way
            assert terrain.path(start, goal) == expected
    assert within > 5 and cut_short > 5

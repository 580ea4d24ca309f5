"""Routes from many starts to one goal (`Terrain.path_to`, one route tree grown from the goal;
the scale game, issue 23 §5) walk as far as the forward routes (`Terrain.path`) and refuse the
same starts and goals. Rulebook: Moving Units on the Table; R3, R32."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from game.battlefield.geometry import Geometry
from game.battlefield.loader import load_battlefield
from game.engine import goal_routes
from game.engine.terrain import Terrain, _clear, _street_graph, path_length

ROOT = Path(__file__).resolve().parents[2]
MAPS = ["maps/contracting-trouble.tmx", "tests/maps/geometry/town.tmx"]


@pytest.mark.parametrize("map_path", MAPS)
def test_many_starts_to_one_goal_walk_as_far_as_the_forward_routes(map_path: str) -> None:
    if not (ROOT / map_path).exists():
        pytest.skip(f"{map_path} is not in this checkout")
    battlefield = load_battlefield(ROOT / map_path)
    terrain = Terrain(battlefield)
    forward = Terrain(battlefield)
    rng = random.Random(map_path)
    w, h = battlefield.width, battlefield.height
    same = detours = refused = 0
    for _ in range(6):
        goal = (rng.uniform(0.5, w - 0.5), rng.uniform(0.5, h - 0.5))
        for _ in range(40):  # the destinations a unit weighs, anywhere on the table
            start = (round(rng.uniform(-0.5, w + 0.5), 2), round(rng.uniform(-0.5, h + 0.5), 2))
            expected = forward.path(start, goal)
            got = terrain.path_to(start, goal)
            if expected == [start]:
                refused += 1
                assert got == [start]
                continue
            assert got[0] == start and got[-1] == goal
            assert math.isclose(path_length(got), path_length(expected), abs_tol=1e-9)
            same += got == expected
            detours += len(expected) > 2
    # the sample covers routes round corners and starts or goals no route joins; the routes
    # differ only where two are exactly as long
    assert detours > 20 and refused > 5
    assert same >= 0.9 * (240 - refused)


def test_every_leg_of_a_route_to_the_goal_is_a_clear_slide() -> None:
    battlefield = load_battlefield(ROOT / MAPS[1])
    terrain = Terrain(battlefield)
    graph = _street_graph(Geometry(battlefield))
    assert graph is not None
    rng = random.Random(3)
    goal = (battlefield.width - 1.0, battlefield.height - 1.0)
    bends = 0
    for _ in range(60):
        start = (rng.uniform(0.5, battlefield.width - 0.5), rng.uniform(0.5, 10.0))
        route = terrain.path_to(start, goal)
        if len(route) < 2:
            continue
        bends += len(route) > 2
        hugs = [graph.hugged(route[0])] + [frozenset()] * (len(route) - 2) + [graph.hugged(goal)]
        for i in range(len(route) - 1):
            assert _clear(graph, route[i], route[i + 1], hugs[i], hugs[i + 1])
    assert bends > 10


def test_a_goal_remembers_a_bounded_number_of_starts_and_answers_the_same_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(goal_routes, "_ROUTES_PER_GOAL", 3)
    battlefield = load_battlefield(ROOT / MAPS[1])
    graph = _street_graph(Geometry(battlefield))
    goal = (1.0, 1.0)
    starts = [(2.0 + k, 2.0 + k / 2) for k in range(7)]
    first = [goal_routes.route_to(graph, s, goal, _clear) for s in starts]
    assert [goal_routes.route_to(graph, s, goal, _clear) for s in starts] == first
    tree = goal_routes._TREES[graph][goal]
    assert len(tree.routes) <= 3

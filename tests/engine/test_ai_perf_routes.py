"""The engine's routes from one start to many goals (`Terrain.path`, built on a shared route
tree per start) are the very routes of the movement graph's own A* search (`Geometry.path`):
same points, same unreachable goals. Rulebook: Moving Units on the Table; R3, R32."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from game.battlefield.geometry import Geometry
from game.battlefield.loader import load_battlefield
from game.engine.terrain import Terrain, _clear, _street_graph

ROOT = Path(__file__).resolve().parents[2]
MAPS = ["maps/contracting-trouble.tmx", "tests/maps/geometry/town.tmx"]


def _ring(start: tuple[float, float], rng: random.Random) -> list[tuple[float, float]]:
    """Goals as the Insurgent AI asks for them: a ring around the start, plus a few far ones."""
    goals = []
    for k in range(16):
        angle = 2 * math.pi * k / 16
        for reach in (4.0, 8.0, 12.0):
            goals.append(
                (
                    round(start[0] + reach * math.cos(angle), 2),
                    round(start[1] + reach * math.sin(angle), 2),
                )
            )
    goals += [(rng.uniform(-1.0, 30.0), rng.uniform(-1.0, 30.0)) for _ in range(6)]
    return goals


@pytest.mark.parametrize("map_path", MAPS)
def test_routes_from_one_start_equal_the_graph_search_for_every_goal(map_path: str) -> None:
    if not (ROOT / map_path).exists():
        pytest.skip(f"{map_path} is not in this checkout")
    battlefield = load_battlefield(ROOT / map_path)
    terrain = Terrain(battlefield)
    reference = Geometry(battlefield)
    graph = _street_graph(reference)
    assert graph is not None
    rng = random.Random(map_path)
    detours = unreachable = 0
    for _ in range(12):
        start = (
            rng.uniform(0.5, battlefield.width - 0.5),
            rng.uniform(0.5, battlefield.height - 0.5),
        )
        for goal in _ring(start, rng):
            expected = graph.search(start, goal)  # the A* itself, not its memo
            got = terrain.path(start, goal)
            if expected is None:
                unreachable += 1
                assert got == [start]
            else:
                detours += len(expected.points) > 2
                assert tuple(got) == expected.points
    # the sample covers routes around corners and goals no route reaches
    assert detours > 20 and unreachable > 5


def test_a_route_asked_again_is_the_same_list_and_may_be_changed_by_the_caller() -> None:
    battlefield = load_battlefield(ROOT / MAPS[1])
    terrain = Terrain(battlefield)
    start, goal = (1.0, 1.0), (battlefield.width - 1.0, battlefield.height - 1.0)
    first = terrain.path(start, goal)
    first.append((0.0, 0.0))
    assert terrain.path(start, goal) == first[:-1]


def test_the_quick_slide_check_agrees_with_the_graph_beside_walls() -> None:
    """Bases touching a wall: the nearest-wall shortcut gives the graph's own answer."""
    battlefield = load_battlefield(ROOT / MAPS[1])
    graph = _street_graph(Geometry(battlefield))
    rng = random.Random(7)
    hugging: list[tuple[float, float]] = []
    while len(hugging) < 300:
        p = (rng.uniform(0.0, battlefield.width), rng.uniform(0.0, battlefield.height))
        if graph.hugged(p):
            hugging.append(p)
    answers = set()
    for _ in range(3000):
        a = rng.choice(hugging) if rng.random() < 0.7 else rng.choice(graph.nodes)
        b = rng.choice([rng.choice(hugging), rng.choice(graph.nodes)])
        if rng.random() < 0.4:
            b = (a[0] + rng.uniform(-6.0, 6.0), a[1] + rng.uniform(-6.0, 6.0))
        hug_a, hug_b = graph.hugged(a), graph.hugged(b)
        expected = graph.clear(a, b, hug_a, hug_b)
        assert _clear(graph, a, b, hug_a, hug_b) == expected
        answers.add(expected)
    assert answers == {True, False}


def test_a_start_remembers_a_bounded_number_of_goals_and_answers_the_same_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pointer hovering over the table asks one start for ever new goals: the memo is
    cleared when full, and the routes asked again are the same."""
    import game.engine.terrain as terrain_module

    monkeypatch.setattr(terrain_module, "_ROUTES_PER_START", 3)
    battlefield = load_battlefield(ROOT / MAPS[1])
    graph = _street_graph(Geometry(battlefield))
    start = (1.0, 1.0)
    goals = [(2.0 + k, 2.0 + k / 2) for k in range(7)]
    fan = terrain_module._fan(graph, start)
    first = [fan.route(graph, goal) for goal in goals]
    assert len(fan.routes) <= 3
    assert [fan.route(graph, goal) for goal in goals] == first
    assert first == [
        (p.points if p is not None else None) for p in (graph.search(start, g) for g in goals)
    ]

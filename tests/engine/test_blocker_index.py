"""Where a leader may not stand (`Terrain.blocked_point`: buildings entered by their doors,
closed high walls, impassable areas; R32) is answered from the blockers near the point only
(`game/engine/blocker_index.py`), the same answer as asking every blocker; and two units far
apart are out of cohesion without measuring every pair of figures (R2)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.battlefield.loader import load_battlefield
from game.engine import placement
from game.engine.state import FigureState, UnitState
from game.engine.terrain import Terrain, point_in_polygon

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("map_path", ["maps/sweep-and-clear.tmx", "tests/maps/geometry/town.tmx"])
def test_blocked_points_are_those_some_blocker_holds(map_path: str) -> None:
    battlefield = load_battlefield(ROOT / map_path)
    terrain = Terrain(battlefield)
    every = terrain._closed_move_blockers
    rng = random.Random(map_path)
    points = [
        (rng.uniform(-1.0, battlefield.width + 1.0), rng.uniform(-1.0, battlefield.height + 1.0))
        for _ in range(3000)
    ]
    # the corners of every blocker's box: points on the cells' and boxes' edges
    points += [(box[i], box[j]) for _, box in every for i in (0, 2) for j in (1, 3)]
    blocked = 0
    for p in points:
        expected = not terrain.on_table(p) or any(
            box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3] and point_in_polygon(p, outline)
            for outline, box in every
        )
        assert terrain.blocked_point(p) == expected, p
        blocked += expected
    assert 100 < blocked < len(points) - 100


def _unit(uid: str, spots: list[tuple[float, float]]) -> UnitState:
    figures = [
        FigureState(id=f"{uid}-{k}", kind="rifle", x=x, y=y) for k, (x, y) in enumerate(spots)
    ]
    return UnitState(id=uid, name=uid, side="insurgent", figures=figures)


def test_cohesion_is_measured_figure_to_figure_and_far_units_are_never_in_it() -> None:
    rng = random.Random(5)
    met = apart = 0
    for _ in range(2000):
        ax, ay = rng.uniform(0, 20), rng.uniform(0, 20)
        bx, by = ax + rng.uniform(-6, 6), ay + rng.uniform(-6, 6)
        a = _unit("A", [(ax + rng.uniform(-1.5, 1.5), ay + rng.uniform(-1.5, 1.5)) for _ in "abc"])
        b = _unit("B", [(bx + rng.uniform(-1.5, 1.5), by + rng.uniform(-1.5, 1.5)) for _ in "ab"])
        expected = any(
            ((f.x - g.x) ** 2 + (f.y - g.y) ** 2) ** 0.5 <= placement.COHESION_REACH + 1e-6
            for f in a.figures
            for g in b.figures
        )
        assert placement.in_cohesion(None, a, b) == expected  # type: ignore[arg-type]
        met += expected
        apart += not expected
    assert met > 200 and apart > 200

"""Exposed is worked out once per figure's point (the scale game, issue 23 §5): the remembered
answer is the one worked out afresh, and Swiss Cheese's lost cover is never read from it."""

from __future__ import annotations

from pathlib import Path

from game.battlefield.geometry import Geometry
from game.battlefield.loader import load_battlefield

ROOT = Path(__file__).resolve().parents[2]


def test_exposed_remembered_per_point_is_the_fresh_answer() -> None:
    cover = Geometry(load_battlefield(ROOT / "maps" / "sweep-and-clear.tmx")).cover_map
    points = [(x * 1.7 + 0.3, y * 1.3 + 0.4) for x in range(14) for y in range(18)]
    fresh = [cover._exposed_uncached(p) for p in points]
    assert [cover.figure_exposed(p) for p in points] == fresh  # worked out, then remembered
    assert [cover.figure_exposed(p) for p in points] == fresh  # read back
    assert True in fresh and False in fresh
    # Swiss Cheese (R282): with cover lost, the remembered answers are not read
    buildings = frozenset(range(len(cover.battlefield.buildings)))
    walls = frozenset(range(len(cover.battlefield.walls)))
    cover.no_cover = (buildings, walls)
    lost = [cover.figure_exposed_except(p, buildings, walls) for p in points]
    assert [cover.figure_exposed(p) for p in points] == lost
    assert sum(lost) > sum(fresh)  # some figures near a building are Exposed without it

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


def test_swiss_cheese_answers_are_remembered_per_pieces_left_out() -> None:
    """With pieces left out (R282), Exposed and Solid Cover are remembered under the figure and
    the pieces (issue 15): each set of pieces reads its own answers, never another's."""
    cover = Geometry(load_battlefield(ROOT / "maps" / "sweep-and-clear.tmx")).cover_map
    points = [(x * 1.7 + 0.3, y * 1.3 + 0.4) for x in range(14) for y in range(18)]
    count = len(cover.battlefield.buildings)
    none = (frozenset[int](), frozenset[int]())
    half = (frozenset(range(0, count, 2)), frozenset[int]())
    every = (frozenset(range(count)), frozenset(range(len(cover.battlefield.walls))))
    seen: dict[int, tuple[list[bool], list[bool]]] = {}
    for _rounds in range(2):  # worked out, then read back, the sets taken in turn
        for k, pieces in enumerate((half, every, half, none)):
            cover.no_cover = pieces
            exposed = [cover.figure_exposed(p) for p in points]
            solid = [cover.figure_in_solid_cover(p) for p in points]
            if pieces != none:
                assert exposed == [cover.figure_exposed_except(p, *pieces) for p in points]
                assert solid == [cover.figure_in_solid_cover_except(p, *pieces) for p in points]
            else:
                assert exposed == [cover._exposed_uncached(p) for p in points]
                assert solid == [cover._solid_cover_uncached(p) for p in points]
            seen.setdefault(k, (exposed, solid))
            assert seen[k] == (exposed, solid)
    assert sum(seen[1][0]) > sum(seen[0][0]) > sum(seen[3][0])  # fewer pieces, more Exposed
    assert sum(seen[1][1]) < sum(seen[3][1])  # and less Solid Cover
    cover.clear_caches()
    assert not cover._except

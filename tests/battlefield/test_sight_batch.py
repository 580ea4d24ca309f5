"""The whole-table line of sight (`Geometry.sight_counts`, game/battlefield/sight_batch.py) gives
the same counts as the plain figure-to-figure rays (issue #3: all pairs of 40 units at once).

The oracle is `naive_counts`: one public pymunk segment query per ray, no caches, no shortcuts,
the way rulings R4, R5 and R50 say. Besides the shipped maps, a test town has every kind of
blocker the batch treats differently: a rectangle and a convex pentagon (one blocker each), an
L-shaped building (cut into edges), a high wall chain, a closed high wall and an impassable
area that blocks LOS (edges, with no footprint of their own), with two- and three-storey roofs.
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from game.battlefield.geometry import Geometry
from game.battlefield.loader import load_battlefield
from game.battlefield.model import (
    Area,
    AreaKind,
    Battlefield,
    Building,
    Point,
    UnitPosition,
    Wall,
    WallHeight,
)
from game.battlefield.sight_batch import all_pair_counts
from tests.battlefield.test_geometry_fast_los import (
    GRAZING_CASES,
    field_with_block,
    naive_counts,
    random_units,
)

ROOT = Path(__file__).resolve().parents[2]


def town() -> Geometry:
    box = Building(1, "box", ((3.0, 3.0), (7.0, 3.0), (7.0, 6.0), (3.0, 6.0)), storeys=2)
    pentagon = Building(
        2, "chapel", ((14.0, 3.0), (18.0, 4.0), (18.5, 7.0), (15.0, 8.5), (12.5, 6.0)), storeys=1
    )
    ell = Building(
        3,
        "ell",
        ((4.0, 12.0), (10.0, 12.0), (10.0, 14.0), (6.0, 14.0), (6.0, 19.0), (4.0, 19.0)),
        storeys=3,
    )
    chain = Wall(
        4, "garden wall", ((13.0, 12.0), (17.0, 12.5), (19.0, 16.0)), False, WallHeight.HIGH
    )
    pen = Wall(
        5, "pen", ((20.0, 19.0), (22.0, 19.0), (22.0, 21.0), (20.0, 21.0)), True, WallHeight.HIGH
    )
    low = Wall(6, "low wall", ((12.0, 20.0), (16.0, 20.0)), False, WallHeight.LOW)
    pit = Area(
        7,
        "crater",
        AreaKind.IMPASSABLE,
        ((9.0, 21.0), (11.0, 20.5), (10.5, 23.0)),
        True,
        True,
        False,
    )
    return Geometry(
        Battlefield(
            "town", "town", 24.0, 24.0, 32.0, (box, pentagon, ell), (chain, pen, low), (pit,)
        )
    )


def check(geometry: Geometry, units: list[UnitPosition]) -> int:
    counts = geometry.sight_counts(units)
    pairs = list(combinations(units, 2))
    assert len(counts) == len(pairs)
    for (a, b), got in zip(pairs, counts, strict=True):
        assert got == naive_counts(geometry, a, b), (a, b)
    return len(pairs)


def test_sight_counts_equal_the_naive_rays_around_every_kind_of_blocker() -> None:
    geometry = town()
    compared = 0
    for seed in (1, 2, 5):
        compared += check(geometry, random_units(geometry, 16, random.Random(seed)))
    assert compared == 3 * 16 * 15 // 2


@pytest.mark.parametrize("map_path", ["maps/contracting-trouble.tmx", "maps/sweep-and-clear.tmx"])
def test_sight_counts_equal_line_of_sight_for_forty_units_on_the_shipped_maps(
    map_path: str,
) -> None:
    geometry = Geometry(load_battlefield(ROOT / map_path))
    units = random_units(geometry, 40, random.Random(23))
    counts = geometry.sight_counts(units)
    geometry.clear_caches()
    expected = [
        (s.seeing, s.visible)
        for s in (geometry.line_of_sight(a, b) for a, b in combinations(units, 2))
    ]
    assert counts == expected
    assert any(c == (0, 0) for c in counts) and any(c[0] > 0 for c in counts)


@pytest.mark.parametrize(("viewer", "target"), GRAZING_CASES)
def test_grazing_rays_in_the_batch_get_pymunks_own_answer(
    viewer: tuple[Point, ...], target: tuple[Point, ...]
) -> None:
    wall = Wall(1, "screen", ((14.0, 14.0), (14.0, 22.0)), False, WallHeight.HIGH)
    geometry = field_with_block(wall)
    a, b = UnitPosition("a", viewer), UnitPosition("b", target)
    far = UnitPosition("c", ((22.0, 2.0), (22.0, 3.0), (21.0, 2.5)))
    check(geometry, [a, b, far])


def test_corner_ray_is_blocked_and_a_ray_beside_it_clear_in_the_batch_too() -> None:
    geometry = field_with_block()
    viewer = UnitPosition("a", ((4.0, 12.0),))
    corner = UnitPosition("b", ((12.0, 4.0),))
    beside = UnitPosition("c", ((12.0, 3.9),))
    assert geometry.sight_counts([viewer, corner, beside]) == [(0, 0), (1, 1), (1, 1)]


def test_figures_of_two_units_on_one_spot_and_units_of_every_size() -> None:
    geometry = field_with_block()
    crowd = UnitPosition("crowd", tuple((2.0 + 0.8 * k, 20.0) for k in range(10)))
    single = UnitPosition("single", ((2.0, 20.0),))  # on the crowd's first figure
    behind = UnitPosition("behind", ((10.0, 2.0), (11.0, 2.0)))
    inside = UnitPosition("inside", ((9.0, 9.0), (11.0, 11.0), (9.0, 11.0)))
    assert check(geometry, [crowd, single, behind, inside]) == 6


def test_the_batch_itself_takes_units_of_any_size() -> None:
    """Geometry.sight_counts sends the pairs of units over 8 figures one by one; the batch
    pads every unit to the largest, and still counts right when asked directly."""
    geometry = field_with_block()
    crowd = UnitPosition("crowd", tuple((2.0 + 0.8 * k, 20.0) for k in range(11)))
    others = [
        UnitPosition("behind", ((10.0, 2.0), (11.0, 2.0))),
        UnitPosition("inside", ((9.0, 9.0), (11.0, 11.0), (9.0, 11.0))),
        UnitPosition("east", ((20.0, 9.0), (20.0, 10.0), (21.0, 9.5), (20.5, 11.0))),
    ]
    units = [crowd, *others]
    direct = all_pair_counts(geometry, geometry._terrain_arrays, units)
    assert direct == geometry.sight_counts(units)
    assert direct == [naive_counts(geometry, a, b) for a, b in combinations(units, 2)]


def test_no_pairs_for_fewer_than_two_units_and_no_unit_without_figures() -> None:
    geometry = field_with_block()
    assert geometry.sight_counts([]) == []
    assert geometry.sight_counts([UnitPosition("a", ((1.0, 1.0),))]) == []
    with pytest.raises(ValueError, match="no figures"):
        geometry.sight_counts([UnitPosition("a", ((1.0, 1.0),)), UnitPosition("b", ())])


def test_sight_table_from_the_batch_holds_both_directions() -> None:
    geometry = field_with_block()
    west = UnitPosition("w", ((2.0, 10.0), (2.0, 11.0)))
    east = UnitPosition("e", ((18.0, 10.0), (18.0, 11.0), (18.0, 12.0)))
    north = UnitPosition("n", ((10.0, 2.0),))
    table = geometry.sight_table([west, east, north])
    assert not table[("w", "e")].has_los and table[("e", "w")].viewer_figures == 3
    assert table[("w", "n")].has_los and table[("n", "w")].has_los

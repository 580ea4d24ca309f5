"""The fast line of sight gives exactly the plain answer (issue #3: speed without changing one).

The oracle counts every figure-to-figure ray with `Geometry.reference_figure_sees` (one public
pymunk segment query per ray, no caches, no shortcuts), the way rulings R4, R5 and R50 say.
Placements are seeded; the edge cases are lines that graze corners, run along walls or start
on a wall's line, where the fast test must hand the ray to pymunk rather than guess.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.battlefield.geometry import Geometry, _BoxIndex
from game.battlefield.loader import load_battlefield
from game.battlefield.model import Battlefield, Building, Point, UnitPosition, Wall, WallHeight

ROOT = Path(__file__).resolve().parents[2]
SHIPPED_MAPS = ("maps/contracting-trouble.tmx", "maps/sweep-and-clear.tmx")


def naive_counts(geometry: Geometry, a: UnitPosition, b: UnitPosition) -> tuple[int, int]:
    sees = [False] * len(a.figures)
    visible = [False] * len(b.figures)
    for i, p in enumerate(a.figures):
        for j, q in enumerate(b.figures):
            if geometry.reference_figure_sees(p, a.elevation, q, b.elevation):
                sees[i] = visible[j] = True
    return sum(sees), sum(visible)


def random_units(geometry: Geometry, count: int, rng: random.Random) -> list[UnitPosition]:
    """Units of 1-6 figures in cohesion: most on the street, some inside buildings at street
    level or on the roof (R5, R10), so own-building rays and every elevation pair occur."""
    units: list[UnitPosition] = []
    occupied: list[Point] = []
    street = geometry.navigation.street
    while len(units) < count:
        leader = (rng.uniform(0.5, geometry.width - 0.5), rng.uniform(0.5, geometry.height - 0.5))
        building = geometry.building_at(leader)
        if building is None and not street.free(leader):
            continue
        if any((leader[0] - o[0]) ** 2 + (leader[1] - o[1]) ** 2 < 0.5625 for o in occupied):
            continue
        try:
            figures = geometry.place_in_cohesion(leader, rng.randint(1, 6), occupied=occupied)
        except ValueError:
            continue
        elevation = 0
        if building is not None and rng.random() < 0.5:
            elevation = geometry.roof_elevation_at(leader)
        units.append(UnitPosition(f"u{len(units)}", figures, elevation))
        occupied.extend(figures)
    return units


@pytest.mark.parametrize("map_path", SHIPPED_MAPS)
def test_fast_all_pairs_los_equals_the_naive_rays_on_random_placements(map_path: str) -> None:
    geometry = Geometry(load_battlefield(ROOT / map_path))
    compared = 0
    for seed in (3, 17):
        units = random_units(geometry, 18, random.Random(seed))
        geometry.clear_caches()
        for i, a in enumerate(units):
            for b in units[i + 1 :]:
                expected = naive_counts(geometry, a, b)
                sight = geometry.line_of_sight(a, b)
                assert (sight.seeing, sight.visible) == expected, (map_path, seed, a, b)
                back = geometry.line_of_sight(b, a)
                assert (back.seeing, back.visible) == expected[::-1]
                compared += 1
        for a, b in zip(units[1:], units[:-1], strict=True):  # asked the other way round
            sight = geometry.line_of_sight(a, b)
            assert (sight.seeing, sight.visible) == naive_counts(geometry, a, b)
    assert compared == 2 * 18 * 17 // 2


def test_los_after_a_unit_moves_is_recomputed_not_remembered() -> None:
    geometry = field_with_block()
    watcher = UnitPosition("w", ((2.0, 10.0), (2.0, 11.0)))
    hidden = UnitPosition("t", ((18.0, 10.0), (18.0, 11.0)))
    assert geometry.line_of_sight(watcher, hidden).visible == 0
    moved = UnitPosition("t", ((18.0, 2.0), (18.0, 3.0)))  # same id, out from behind the block
    assert geometry.line_of_sight(watcher, moved).visible == 2
    assert geometry.line_of_sight(watcher, hidden).visible == 0


def field_with_block(*walls: Wall) -> Geometry:
    block = Building(1, "block", ((8.0, 8.0), (12.0, 8.0), (12.0, 12.0), (8.0, 12.0)), storeys=1)
    return Geometry(Battlefield("t", "t", 24.0, 24.0, 32.0, (block,), walls, ()))


GRAZING_CASES = [
    # a ray that only touches the block's corner (8, 8), and one along its diagonal
    (((4.0, 12.0),), ((12.0, 4.0),)),
    (((4.0, 4.0),), ((16.0, 16.0),)),
    # rays along the block's north wall line y = 8, outside it and touching its ends
    (((2.0, 8.0),), ((20.0, 8.0),)),
    (((2.0, 8.0),), ((8.0, 8.0), (5.0, 8.0))),
    # a figure standing on the line of the west wall, north of the block
    (((8.0, 2.0), (9.0, 2.0)), ((8.0, 20.0), (14.0, 20.0))),
    # rays that end exactly on the high wall's line, and one that slides along it
    (((2.0, 16.0),), ((20.0, 14.0), (20.0, 16.0))),
    (((14.0, 14.0),), ((14.0, 22.0),)),
    # a unit inside the block looking out past its own corner (R5)
    (((9.0, 9.0), (11.0, 11.0)), ((8.0, 2.0), (2.0, 8.0), (20.0, 20.0))),
]


@pytest.mark.parametrize(("viewer", "target"), GRAZING_CASES)
def test_grazing_rays_get_pymunks_own_answer(
    viewer: tuple[Point, ...], target: tuple[Point, ...]
) -> None:
    wall = Wall(1, "screen", ((14.0, 14.0), (14.0, 22.0)), False, WallHeight.HIGH)
    geometry = field_with_block(wall)
    a, b = UnitPosition("a", viewer), UnitPosition("b", target)
    sight = geometry.line_of_sight(a, b)
    assert (sight.seeing, sight.visible) == naive_counts(geometry, a, b)
    for p in viewer:
        for q in target:
            assert geometry.figure_sees(p, 0, q, 0) == geometry.reference_figure_sees(p, 0, q, 0)


def test_corner_ray_counts_as_blocked_as_pymunk_says() -> None:
    """Pymunk counts an edge touched at its end as a hit, so the ray that only touches the
    block's corner is blocked, while one passing 0.05" beside it is clear."""
    geometry = field_with_block()
    corner = geometry.line_of_sight(
        UnitPosition("a", ((4.0, 12.0),)), UnitPosition("b", ((12.0, 4.0),))
    )
    beside = geometry.line_of_sight(
        UnitPosition("a", ((4.0, 12.0),)), UnitPosition("b", ((12.0, 3.9),))
    )
    assert corner.visible == 0
    assert beside.visible == 1


def test_box_index_finds_every_box_that_meets_the_query() -> None:
    """The index that skips far terrain may answer a box too many, never one too few."""
    rng = random.Random(11)
    boxes = []
    for _ in range(40):
        x, y = rng.uniform(-2, 26), rng.uniform(-2, 26)
        boxes.append((x, y, x + rng.uniform(0, 6), y + rng.uniform(0, 6)))
    index = _BoxIndex(boxes, 24.0, 24.0)
    extra = 0
    for _ in range(300):
        x, y = rng.uniform(-3, 27), rng.uniform(-3, 27)
        query = (x, y, x + rng.uniform(0, 10), y + rng.uniform(0, 10))
        found = index.overlapping(*query)
        for k, box in enumerate(boxes):
            meets = box[0] <= query[2] and query[0] <= box[2] and box[1] <= query[3]
            meets = meets and query[1] <= box[3]
            assert not meets or found >> k & 1, (box, query)
            extra += bool(found >> k & 1) and not meets
    assert extra < 300 * 40 // 4  # and it does skip most boxes that do not meet
    # a single point (which building holds it) in one look-up per axis: the same answer
    points = [(rng.uniform(-3, 27), rng.uniform(-3, 27)) for _ in range(2000)]
    points += [(0.0, 0.0), (24.0, 24.0), (23.999, 7.0), (5.0, -0.5), (1.0, 1.0)]
    for x, y in points:
        assert index.at(x, y) == index.overlapping(x, y, x, y)

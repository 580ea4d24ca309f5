"""The Solid Cover pieces indexed by box (issue 17 §5, helper "solo"): Solid Cover (R8, R32,
R52) is asked of the wrecks, Solid Cover areas and low walls near a figure only, with the very
answers measuring every piece on the map gives; Exposed (R7, R51) checked alongside.
Rulebook: Cover Dice."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.battlefield import planar
from game.battlefield.cover_map import CoverMap
from game.battlefield.geometry import Geometry
from game.battlefield.loader import load_battlefield
from game.battlefield.model import AreaKind, Point, WallHeight
from game.battlefield.planar import BASE_RADIUS
from game.rules.cover import EXPOSED_DISTANCE, SOLID_COVER_REACH

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "maps").glob("*.tmx"))
MAPS = [*SHIPPED, "tests/maps/geometry/town.tmx"]


def _exposed_every_piece(cover: CoverMap, figure: Point) -> bool:
    reach = EXPOSED_DISTANCE + BASE_RADIUS
    return not any(
        planar.distance_to_chain(figure, points, closed) <= reach + 1e-9
        for points, closed, _box in cover._cover_pieces
    )


def _solid_every_piece(cover: CoverMap, figure: Point, walls: frozenset[int]) -> bool:
    if cover.building_index_at(figure) is not None:
        return True
    reach = SOLID_COVER_REACH + BASE_RADIUS
    for area in cover.battlefield.areas:
        if area.kind is AreaKind.WRECK:
            if planar.distance_to_polygon(figure, area.outline) <= reach + 1e-9:
                return True
        elif area.solid_cover and planar.point_in_polygon(figure, area.outline):
            return True
    return any(
        i not in walls
        and wall.height is WallHeight.LOW
        and planar.distance_to_chain(figure, wall.points, wall.closed) <= reach + 1e-9
        for i, wall in enumerate(cover.battlefield.walls)
    )


@pytest.mark.parametrize("map_path", MAPS)
def test_r7_r8_cover_near_a_figure_is_the_cover_of_every_piece(map_path: str) -> None:
    battlefield = load_battlefield(ROOT / map_path)
    cover = Geometry(battlefield).cover_map
    rng = random.Random(map_path)
    w, h = battlefield.width, battlefield.height
    exposed = solid = 0
    low_walls = frozenset(i for i, x in enumerate(battlefield.walls) if x.height is WallHeight.LOW)
    for _ in range(1500):  # anywhere, a little off the table too
        figure = (round(rng.uniform(-1.0, w + 1.0), 3), round(rng.uniform(-1.0, h + 1.0), 3))
        assert cover.figure_exposed(figure) == _exposed_every_piece(cover, figure), figure
        expected = _solid_every_piece(cover, figure, frozenset())
        assert cover._solid_cover_uncached(figure) == expected, figure
        # Swiss Cheese (R282): walls left out are left out of the indexed answer too
        got = cover.figure_in_solid_cover_except(figure, frozenset(), low_walls)
        assert got == _solid_every_piece(cover, figure, low_walls), figure
        exposed += expected is False and _exposed_every_piece(cover, figure)
        solid += expected
    assert exposed > 10 and solid > 10  # both answers were put to the test

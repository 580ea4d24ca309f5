"""Geometry on fixture maps read through the Tiled loader: the same answers as the hand-built
battlefields, so pixels really became inches on the way in (R1)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from game.battlefield.geometry import Cover, Geometry
from game.battlefield.loader import load_battlefield
from game.battlefield.model import UnitPosition
from game.battlefield.planar import BASE_RADIUS, distance_to_segment, in_cohesion

MAPS = Path(__file__).resolve().parents[1] / "maps" / "geometry"
NODE_OFFSET = BASE_RADIUS + 0.01


@pytest.fixture(scope="module")
def block() -> Geometry:
    return Geometry(load_battlefield(MAPS / "block.tmx"))


def test_block_map_path_round_the_building_and_in_through_the_door(block: Geometry) -> None:
    around = block.path((6, 10), (14, 10))
    assert around is not None
    o = NODE_OFFSET
    assert around.length == pytest.approx(2 * math.hypot(2 - o, 2 + o) + 4 + 2 * o, abs=1e-9)
    inside = block.path((10, 4), (10, 10))
    assert inside is not None
    assert (
        min(
            distance_to_segment((10, 12), a, b)
            for a, b in zip(inside.points, inside.points[1:], strict=False)
        )
        <= 0.5
    )
    assert block.building_at(inside.end) is not None


def test_block_map_high_wall_blocks_los_low_wall_gives_solid_cover(block: Geometry) -> None:
    west = UnitPosition("west", ((14, 6), (14, 7)))
    east = UnitPosition("east", ((18, 6), (18, 7)))
    assert not block.has_line_of_sight(west, east)
    behind_wall = UnitPosition("garden", ((4, 20.6), (5, 20.6), (6, 20.6)))
    assert block.cover_of(behind_wall) is Cover.SOLID
    by_stalls = UnitPosition("stalls", ((23, 21), (23, 22)))
    assert block.cover_of(by_stalls) is Cover.IN_COVER_ELIGIBLE


def test_town_map_cohesion_and_symmetric_los() -> None:
    town = Geometry(load_battlefield(MAPS / "town.tmx"))
    placed = []
    occupied: list[tuple[float, float]] = []
    for leader in ((6, 6), (6, 12), (12, 6), (18, 18), (6, 18), (12.5, 12.5), (18, 6)):
        assert town.building_at(leader) is None
        figures = town.place_in_cohesion(leader, 5, occupied=occupied)
        assert in_cohesion(figures)
        occupied.extend(figures)
        placed.append(UnitPosition(f"u{leader}", figures))
    answers = set()
    for a in placed:
        for b in placed:
            if a is not b:
                sight = town.line_of_sight(a, b)
                assert sight == town.line_of_sight(b, a).reversed()
                answers.add(sight.has_los)
    assert answers == {True, False}

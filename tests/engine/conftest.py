"""Tiny hand-built battlefields for engine tests (no Tiled file, no mocks)."""

from __future__ import annotations

import pytest

from game.battlefield.model import (
    Battlefield,
    Building,
    Edge,
    HotSpot,
    Marker,
    Side,
    Wall,
    WallHeight,
    Zone,
)


def town(**properties: str | int | float) -> Battlefield:
    """A 24"x24" table: one building in the middle, a low wall, five hot spots, a deploy zone in
    the south, three insurgent start positions and two contractors in the north-west."""
    return Battlefield(
        path="tests/town.tmx",
        title="Test town",
        width=24.0,
        height=24.0,
        pixels_per_inch=32.0,
        buildings=(Building(1, "block", ((10, 10), (14, 10), (14, 14), (10, 14))),),
        walls=(Wall(2, "low wall", ((4, 16), (8, 16)), False, WallHeight.LOW),),
        hot_spots=tuple(
            HotSpot(10 + n, f"hs{n}", n, p)
            for n, p in enumerate([(3, 3), (12, 3), (21, 3), (3, 12), (21, 12)], start=1)
        ),
        zones=(Zone(20, "deploy", "deploy", Side.REGULAR, ((6, 20), (18, 20), (18, 23), (6, 23))),),
        markers=(
            Marker(30, "s1", "StartPosition", (4, 6), {"side": "insurgent", "number": 1}),
            Marker(31, "s3", "StartPosition", (20, 7), {"side": "insurgent", "number": 3}),
            Marker(32, "s4", "StartPosition", (12, 6), {"side": "insurgent", "number": 4}),
            Marker(33, "c1", "Contractor", (6, 9), {}),
            Marker(34, "c2", "Contractor", (7, 9), {}),
        ),
        entry_edges=(Edge.SOUTH,),
        exit_edges=(Edge.SOUTH, Edge.WEST),
        properties=dict(properties),
    )


@pytest.fixture
def town_map() -> Battlefield:
    return town()

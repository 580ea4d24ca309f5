"""Client tests: pygame on the dummy video driver, and a small hand-built table."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.battlefield.model import (
    Battlefield,
    Building,
    Door,
    Edge,
    HotSpot,
    Marker,
    Side,
    UnitPlacement,
    Wall,
    WallHeight,
    Zone,
)

DATA = Path(__file__).resolve().parent / "data"
TEST_MAP = DATA / "test_table.tmx"


def table_battlefield() -> Battlefield:
    """What the battlefield loader makes of `data/test_table.tmx` (written out by hand, so the
    client tests do not depend on the loader)."""
    return Battlefield(
        path=str(TEST_MAP),
        title="Test Table",
        width=24.0,
        height=16.0,
        pixels_per_inch=32.0,
        buildings=(
            Building(
                1,
                "Shop",
                ((4, 2), (10, 2), (10, 7), (4, 7)),
                storeys=2,
                doors=(Door(2, "shop door", (7, 7), 1),),
            ),
            Building(
                3, "House", ((17, 2), (22, 2), (22, 6), (17, 6)), doors=(Door(4, "", (17, 4), 3),)
            ),
        ),
        walls=(Wall(5, "garden wall", ((3, 13), (8, 13)), False, WallHeight.LOW),),
        hot_spots=tuple(
            HotSpot(10 + i, str(i + 1), i + 1, pos)
            for i, pos in enumerate([(2, 2), (13, 2), (22.5, 2), (3, 9), (22, 9)])
        ),
        zones=(Zone(25, "deploy", "deploy", Side.REGULAR, ((0, 13), (24, 13), (24, 16), (0, 16))),),
        markers=(
            Marker(22, "", "StartPosition", (12, 8), {"number": 1, "side": "insurgent"}),
            Marker(23, "target", "Objective", (7, 4.5), {"label": "Shop"}),
            Marker(24, "", "Contractor", (19.5, 4)),
        ),
        units=(
            UnitPlacement(
                20, "Alpha", Side.REGULAR, (10, 14), ("leader", "2 rifle", "saw"), "d8", "d10"
            ),
            UnitPlacement(
                21, "Bravo", Side.REGULAR, (17, 14), ("leader", "rifle", "rgl", "saw"), "d8", "d8"
            ),
        ),
        entry_edges=(Edge.SOUTH,),
        exit_edges=(Edge.NORTH,),
    )


@pytest.fixture
def battlefield() -> Battlefield:
    return table_battlefield()


@pytest.fixture
def app() -> Iterator[object]:
    from game.client.scenes import App

    application = App((1280, 800), headless=True)
    yield application
    application.shutdown()

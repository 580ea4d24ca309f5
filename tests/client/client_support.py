"""Helpers shared by the client tests: the little test table and synthetic input events.

(`conftest.py` puts this folder on sys.path; the name is unique so it cannot shadow another
room's helpers.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

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
DESCRIPTION = "A small table for the client tests."


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
                3,
                "House",
                ((17, 2), (22, 2), (22, 6), (17, 6)),
                doors=(Door(4, "house door", (17, 4), 3),),
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
                20,
                "Alpha",
                Side.REGULAR,
                (10, 14),
                ("leader", "rifle", "rifle", "saw"),
                "d8",
                "d10",
            ),
            UnitPlacement(
                21, "Bravo", Side.REGULAR, (17, 14), ("leader", "rifle", "rgl", "saw"), "d8", "d8"
            ),
        ),
        entry_edges=(Edge.SOUTH,),
        exit_edges=(Edge.NORTH,),
        properties={
            "title": "Test Table",
            "pixels_per_inch": 32.0,
            "entry_edges": "south",
            "exit_edges": "north",
            "description": DESCRIPTION,
        },
        description=DESCRIPTION,
    )


def key_down(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0, window=None)


def key_up(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0, window=None)


def mouse_down(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(
        pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False, window=None
    )


def mouse_up(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(
        pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False, window=None
    )


def mouse_move(
    pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)
) -> pygame.event.Event:
    return pygame.event.Event(
        pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons, touch=False, window=None
    )


def wheel(notches: int) -> pygame.event.Event:
    return pygame.event.Event(
        pygame.MOUSEWHEEL,
        x=0,
        y=notches,
        precise_x=0.0,
        precise_y=float(notches),
        flipped=False,
        touch=False,
        window=None,
    )


def until_checked(app: Any, scene: Any, seconds: float = 60.0) -> None:
    """Step the app until the set-up screen has the answer of its map check (the validator
    runs in a worker thread); fails after `seconds`."""
    import time

    deadline = time.monotonic() + seconds
    while scene.check is None or scene._start_when_checked:
        app.step()
        if app.stack.top is not scene:
            return  # the game started once the check came
        assert time.monotonic() < deadline, "the map check never answered"
        time.sleep(0.005)

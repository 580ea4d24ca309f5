"""The pre-rendered table: tile art from the .tmx, one scaled surface per zoom level."""

from __future__ import annotations

import pygame
import pytest
from client_support import TEST_MAP, table_battlefield

from game.client import map_render
from game.client.map_render import MapArt
from game.client.scenes import App

SAND = (176, 160, 120)
ROOF = (150, 80, 60)


def colour_at(art_surface: pygame.Surface, x: int, y: int) -> tuple[int, int, int]:
    c = art_surface.get_at((x, y))
    return (c.r, c.g, c.b)


def test_tiles_are_drawn_at_their_grid_places(app: App) -> None:
    art = MapArt(TEST_MAP, table_battlefield())
    assert (art.world_width, art.world_height) == (24.0, 16.0)
    assert art.base.get_size() == (768, 512)
    assert colour_at(art.base, 16 + 32 * 1, 16 + 32 * 8) == SAND  # tile (1, 8): ground
    assert colour_at(art.base, 16 + 32 * 5, 16 + 32 * 3) == ROOF  # tile (5, 3): the shop roof


def test_a_zoom_level_is_rendered_once_and_the_cache_stays_within_budget(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    art = MapArt(TEST_MAP, table_battlefield())
    first = art.surface_at(50.0)
    assert first.get_size() == (1200, 800)
    assert art.surface_at(50.0) is first  # cached, not rendered again
    budget = 1200 * 800 * 2
    monkeypatch.setattr(map_render, "_ZOOM_CACHE_PIXELS", budget)
    for scale in (40.0, 60.0, 70.0, 80.0):
        current = art.surface_at(scale)
        cached = list(art._scaled.values())
        assert current in cached
        assert sum(s.get_width() * s.get_height() for s in cached) <= max(
            budget, current.get_width() * current.get_height()
        )

"""The table's ground is drawn once per map (game/client/map_art_cache.py, issue 15): a second
`MapArt` of the same map, battlefield and palette shares the first one's drawing, and anything
that decides the picture (the .tmx, its tileset image, the battlefield, the palette) draws it
afresh when it changes."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from client_support import TEST_MAP, table_battlefield

from game.client import map_art_cache
from game.client.map_render import MapArt
from game.client.palette import DEFAULT_PALETTE
from game.client.scenes import App

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.battlefield.tiled_maps import csv, write_map  # noqa: E402

SAND = (150, 140, 110)  # tile 1 of the fixture tileset
ASH = (90, 90, 95)  # tile 2


@pytest.fixture(autouse=True)
def nothing_kept() -> Iterator[None]:
    map_art_cache.forget()
    yield
    map_art_cache.forget()


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def rgb(surface: pygame.Surface, x: int, y: int) -> tuple[int, int, int]:
    c = surface.get_at((x, y))
    return (c.r, c.g, c.b)


def test_the_same_map_is_drawn_once_and_shared_as_drawn_afresh(app: App) -> None:
    first = MapArt(TEST_MAP, table_battlefield())
    again = MapArt(TEST_MAP, table_battlefield())  # an equal battlefield, another object
    assert again.base is first.base
    assert (again.pixel_width, again.pixel_height, again.pixels_per_inch) == (768, 512, 32.0)
    assert again.notes == first.notes
    map_art_cache.forget()
    fresh = MapArt(TEST_MAP, table_battlefield())
    assert fresh.base is not first.base
    assert pixels(fresh.base) == pixels(first.base)


def test_editing_the_map_file_draws_it_afresh(app: App, tmp_path: Path) -> None:
    path = write_map(tmp_path, ground=csv(1))
    before = MapArt(path, None)
    assert rgb(before.base, 4, 4) == SAND
    write_map(tmp_path, ground=csv(2))  # the same file, its ground now ash
    after = MapArt(path, None)
    assert after.base is not before.base
    assert rgb(after.base, 4, 4) == ASH


def test_a_changed_tileset_image_draws_it_afresh(app: App, tmp_path: Path) -> None:
    path = write_map(tmp_path, ground=csv(1))
    before = MapArt(path, None)
    image = tmp_path / "ground.png"
    tiles = pygame.image.load(str(image))
    tiles.fill((200, 20, 20), pygame.Rect(0, 0, 32, 32))  # tile 1 repainted red
    pygame.image.save(tiles, str(image))
    stat = image.stat()
    os.utime(image, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    after = MapArt(path, None)
    assert after.base is not before.base
    assert rgb(after.base, 4, 4) == (200, 20, 20)


def test_another_battlefield_or_palette_draws_it_afresh(app: App) -> None:
    battlefield = table_battlefield()
    first = MapArt(TEST_MAP, battlefield)
    no_zones = MapArt(TEST_MAP, replace(battlefield, zones=(), entry_edges=(), exit_edges=()))
    assert no_zones.base is not first.base
    assert pixels(no_zones.base) != pixels(first.base)  # the zones and edges are tinted in
    finer = MapArt(TEST_MAP, replace(battlefield, pixels_per_inch=16.0))  # another scale
    assert finer.base is not first.base
    assert (finer.world_width, finer.world_height) == (48.0, 32.0)
    palette = replace(DEFAULT_PALETTE, fallback_ground=(1, 2, 3))
    assert MapArt(TEST_MAP, battlefield, palette).base is not first.base
    assert MapArt(TEST_MAP, battlefield).base is first.base  # still kept


def test_a_map_without_a_file_is_kept_by_its_battlefield(app: App) -> None:
    battlefield = replace(table_battlefield(), path="")
    first = MapArt(None, battlefield)
    assert MapArt(None, battlefield).base is first.base
    assert first.notes == ["This map has no tile art: terrain drawn from its objects."]
    moved = replace(battlefield, buildings=())
    assert MapArt(None, moved).base is not first.base


def test_only_a_few_drawings_are_kept(app: App, tmp_path: Path) -> None:
    paths = [write_map(tmp_path, name=f"m{k}.tmx") for k in range(map_art_cache.KEPT + 2)]
    arts = [MapArt(path, None) for path in paths]
    kept = [d for drawings in map_art_cache._kept.values() for d in drawings]
    assert len(kept) == map_art_cache.KEPT
    assert MapArt(paths[-1], None).base is arts[-1].base  # the newest stays
    assert MapArt(paths[0], None).base is not arts[0].base  # the oldest was dropped

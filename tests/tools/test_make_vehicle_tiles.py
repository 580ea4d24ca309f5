"""The vehicle tileset (issue 20, R310): byte-identical output, every ORBAT vehicle a tile that is
a Unit with its card, side and crew, drawn at its card's footprint in the middle of its tile."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame

from game.rules.vehicle_types import PLACEABLE, VEHICLES
from tools import make_vehicle_tiles

ROOT = Path(__file__).resolve().parents[2]
COMMITTED_PNG = ROOT / "assets" / "tiles" / "vehicles.png"
COMMITTED_TSX = ROOT / "maps" / "vehicles.tsx"


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("vehicle-tiles")
    make_vehicle_tiles.write_tileset(root)
    return root


def test_regenerating_gives_the_committed_files_byte_for_byte(regenerated: Path) -> None:
    assert (regenerated / "assets" / "tiles" / "vehicles.png").read_bytes() == (
        COMMITTED_PNG.read_bytes()
    )
    assert (regenerated / "maps" / "vehicles.tsx").read_bytes() == COMMITTED_TSX.read_bytes()


def test_every_tile_is_a_unit_of_its_vehicle_with_its_side_and_crew() -> None:
    root = ET.parse(COMMITTED_TSX).getroot()
    tiles = {}
    for tile in root.findall("tile"):
        assert tile.get("type") == "Unit"
        props = {p.get("name"): p.get("value") for p in tile.iter("property")}
        tiles[props["vehicle"]] = props
    assert set(tiles) == set(PLACEABLE)  # traffic and the ambulance: by card only (R298)
    assert tiles["lvtp"] == {"vehicle": "lvtp", "side": "regular", "figures": "4 rifle"}
    assert tiles["humvee"]["figures"] == "rifle"
    assert tiles["technical"]["side"] == "insurgent"


def test_each_vehicle_fills_its_footprint_in_the_middle_of_its_tile() -> None:
    pygame.init()
    atlas = pygame.image.load(str(COMMITTED_PNG))
    width, height = make_vehicle_tiles.TILE_W, make_vehicle_tiles.TILE_H
    for index, kind in enumerate(make_vehicle_tiles.TILE_KINDS):
        column, row = index % make_vehicle_tiles.COLUMNS, index // make_vehicle_tiles.COLUMNS
        tile = atlas.subsurface((column * width, row * height, width, height))
        drawn = tile.get_bounding_rect()
        card = VEHICLES[kind]
        assert drawn.size == (round(card.length * 32), round(card.width * 32)), kind
        assert abs(drawn.centerx - width // 2) <= 1 and abs(drawn.centery - height // 2) <= 1


def test_a_bad_root_is_one_readable_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert make_vehicle_tiles.main(["--root", str(tmp_path / "nowhere")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not a directory" in err[0]

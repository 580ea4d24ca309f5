"""The tileset generator: byte-identical output, a .tsx that matches its image, sane layering."""

from __future__ import annotations

import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tools import make_tileset

ROOT = Path(__file__).resolve().parents[2]
COMMITTED_PNG = ROOT / "assets" / "tiles" / "urban.png"
COMMITTED_TSX = ROOT / "maps" / "urban.tsx"


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tileset")
    make_tileset.write_tileset(root)
    return root


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_regenerating_gives_the_committed_files_byte_for_byte(regenerated: Path) -> None:
    assert (regenerated / "assets" / "tiles" / "urban.png").read_bytes() == (
        COMMITTED_PNG.read_bytes()
    )
    assert (regenerated / "maps" / "urban.tsx").read_bytes() == COMMITTED_TSX.read_bytes()


def test_the_tsx_describes_its_image() -> None:
    tileset = ET.parse(COMMITTED_TSX).getroot()
    image = tileset.find("image")
    assert image is not None
    assert (COMMITTED_TSX.parent / image.get("source", "")).resolve() == COMMITTED_PNG.resolve()
    width, height = png_size(COMMITTED_PNG.read_bytes())
    assert (int(image.get("width", 0)), int(image.get("height", 0))) == (width, height)
    tile_w, tile_h = int(tileset.get("tilewidth", 0)), int(tileset.get("tileheight", 0))
    assert (tile_w, tile_h) == (32, 32)
    columns, count = int(tileset.get("columns", 0)), int(tileset.get("tilecount", 0))
    assert columns == width // tile_w
    rows = height // tile_h
    assert (rows - 1) * columns < count <= rows * columns
    names = [p.get("value") for p in tileset.iter("property") if p.get("name") == "art"]
    assert len(names) == count == len(set(names)) == len(make_tileset.tile_names())
    assert names == make_tileset.tile_names()


def tile_alphas(name: str) -> list[int]:
    import pygame

    atlas = pygame.image.load(str(COMMITTED_PNG))
    index = make_tileset.tile_names().index(name)
    x, y = (index % make_tileset.COLUMNS) * 32, (index // make_tileset.COLUMNS) * 32
    return [atlas.get_at((x + i, y + j))[3] for j in range(32) for i in range(32)]


@pytest.mark.parametrize(
    "name",
    [
        "sand_1",
        "dirt_2",
        "alley_3",
        "courtyard_1",
        "asphalt_line_h",
        "pavement_m05",
        "roof_concrete_m00",
        "roof_ochre_m15",
    ],
)
def test_ground_and_roof_tiles_are_opaque(name: str) -> None:
    assert min(tile_alphas(name)) == 255


@pytest.mark.parametrize(
    "name",
    [
        "wall_high_m05",
        "wall_low_m10",
        "door_n",
        "shadow2_e",
        "rubble_1",
        "rooftop_stair_hut",
        "suv_wreck_w",
        "palm",
        "dust_1",
    ],
)
def test_overlay_tiles_let_the_ground_show_through(name: str) -> None:
    alphas = tile_alphas(name)
    assert 0 in alphas and max(alphas) > 0


def test_a_wall_tile_draws_an_arm_only_where_the_wall_continues() -> None:
    # mask 5 = north and south: the middle of the top and bottom edges is wall, the sides are not
    index = make_tileset.tile_names().index("wall_high_m05")
    import pygame

    atlas = pygame.image.load(str(COMMITTED_PNG))
    x, y = (index % make_tileset.COLUMNS) * 32, (index // make_tileset.COLUMNS) * 32
    assert atlas.get_at((x + 15, y))[3] == 255 and atlas.get_at((x + 15, y + 31))[3] == 255
    assert atlas.get_at((x, y + 10))[3] == 0 and atlas.get_at((x + 31, y + 10))[3] == 0


def test_a_bad_root_is_one_readable_line() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_tileset.py"), "--root", "/no/such/folder"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == "error: --root /no/such/folder: not a directory"


def test_preview_map_draws_the_roof_tile_at_a_building_and_the_overlay_on_top(
    tmp_path: Path,
) -> None:
    import pygame

    from tools import preview_map

    shipped = ROOT / "maps" / "contracting-trouble.tmx"
    art = preview_map.render(shipped, overlay=False)
    marked = preview_map.render(shipped, overlay=True)
    atlas = pygame.image.load(str(COMMITTED_PNG))
    # the Apartment block covers tiles (5..8, 0..4); its inner tile (6, 3) shows the roof tile
    roof_index = make_tileset.tile_names().index("roof_concrete_m15")
    rx, ry = (roof_index % make_tileset.COLUMNS) * 32, (roof_index // make_tileset.COLUMNS) * 32
    assert art.get_size() == (768, 768)
    assert art.get_at((6 * 32 + 1, 3 * 32 + 1)) == atlas.get_at((rx + 1, ry + 1))
    # hot spot 1 stands at (14.5", 2.5"): the overlay paints it red, the art does not
    centre = (int(14.5 * 32) - 6, int(2.5 * 32) + 6)  # inside the disc, clear of its digit
    red = marked.get_at(centre)
    assert red.r > 150 and red.g < 80 and art.get_at(centre) != red
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "preview_map.py"),
            "no/such.tmx",
            str(tmp_path / "x.png"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stderr.strip() == "error: no/such.tmx: no such map file"

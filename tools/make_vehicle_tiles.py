"""Paint the vehicle tileset: every vehicle of the ORBAT data seen from above, to place on a map.

    python3 tools/make_vehicle_tiles.py [--root DIR]

Writes `DIR/assets/tiles/vehicles.png` (one 128x64-pixel tile per vehicle but the civilian car,
which no map places: 4" by 2" at the
shipped maps' 32 pixels per inch) and `DIR/maps/vehicles.tsx` (the external Tiled tileset). Each
vehicle is drawn by the game's own vehicle art (`game/client/vehicle_art.py`) at its card's
footprint, bow east, centred in its tile, in its side's colours: what the author places is what
the game draws. Every tile has the class `Unit` and the properties `vehicle`, `side` and
`figures` (its crew), so a tile object inserted from this tileset on the `markers` layer is a
vehicle Unit ready to play (R297, R310): rotate the object to set its facing. DIR defaults to the
repository root; the output is byte-identical on every run (pygame's generic smoothscale, the
PNG encoded by `tools/make_tileset.py`).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402  (the environment above must be set first)

from game.client.palette import DEFAULT_PALETTE  # noqa: E402
from game.client.vehicle_art import TILE_KINDS, vehicle_sprite  # noqa: E402
from game.client.viewmodel import VehicleLook  # noqa: E402
from game.rules.vehicle_types import VEHICLES  # noqa: E402

# the PNG writer of the tool beside this one (mypy sees tools/ as loose scripts, not a package)
encode_png: Callable[[bytes, int, int], bytes] = importlib.import_module(
    "tools.make_tileset"
).encode_png

PIXELS_PER_INCH = 32
TILE_W, TILE_H = 128, 64
COLUMNS = 4
ATLAS_PATH = Path("assets/tiles/vehicles.png")
TSX_PATH = Path("maps/vehicles.tsx")
INSURGENT_KINDS = frozenset({"technical"})


def side_of(kind: str) -> str:
    return "insurgent" if kind in INSURGENT_KINDS else "regular"


def crew_figures(kind: str) -> str:
    """The crew as a Unit's `figures` text: one rifle per crew figure of the card."""
    crew = VEHICLES[kind].crew
    return "rifle" if crew == 1 else f"{crew} rifle"


def paint_tile(kind: str) -> pygame.Surface:
    card = VEHICLES[kind]
    length = round(card.length * PIXELS_PER_INCH)
    width = round(card.width * PIXELS_PER_INCH)
    scheme = DEFAULT_PALETTE.insurgent if side_of(kind) == "insurgent" else DEFAULT_PALETTE.regular
    hull = vehicle_sprite(VehicleLook(kind), length, width, 0, scheme)
    tile = pygame.Surface((TILE_W, TILE_H), pygame.SRCALPHA, 32)
    tile.fill((0, 0, 0, 0))
    tile.blit(hull, hull.get_rect(center=(TILE_W // 2, TILE_H // 2)))
    return tile


def paint_atlas() -> pygame.Surface:
    rows = (len(TILE_KINDS) + COLUMNS - 1) // COLUMNS
    atlas = pygame.Surface((COLUMNS * TILE_W, rows * TILE_H), pygame.SRCALPHA, 32)
    atlas.fill((0, 0, 0, 0))
    for index, kind in enumerate(TILE_KINDS):
        atlas.blit(paint_tile(kind), ((index % COLUMNS) * TILE_W, (index // COLUMNS) * TILE_H))
    return atlas


def tsx_text(image_width: int, image_height: int) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<tileset version="1.10" tiledversion="1.10.2" name="vehicles" '
        f'tilewidth="{TILE_W}" tileheight="{TILE_H}" tilecount="{len(TILE_KINDS)}" '
        f'columns="{COLUMNS}" objectalignment="center">',
        f' <image source="../{ATLAS_PATH.as_posix()}" '
        f'width="{image_width}" height="{image_height}"/>',
    ]
    for index, kind in enumerate(TILE_KINDS):
        lines += [
            f' <tile id="{index}" type="Unit">',
            "  <properties>",
            f'   <property name="figures" value="{crew_figures(kind)}"/>',
            f'   <property name="side" propertytype="Side" value="{side_of(kind)}"/>',
            f'   <property name="vehicle" propertytype="Vehicle" value="{kind}"/>',
            "  </properties>",
            " </tile>",
        ]
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def write_tileset(root: Path) -> list[Path]:
    """Paint the vehicles and write them with their .tsx under `root`; the written paths."""
    pygame.init()
    pygame.transform.set_smoothscale_backend("GENERIC")  # the same bytes on every processor
    vehicle_sprite.cache_clear()
    atlas = paint_atlas()
    width, height = atlas.get_size()
    png = encode_png(pygame.image.tobytes(atlas, "RGBA"), width, height)
    atlas_file, tsx_file = root / ATLAS_PATH, root / TSX_PATH
    atlas_file.parent.mkdir(parents=True, exist_ok=True)
    tsx_file.parent.mkdir(parents=True, exist_ok=True)
    atlas_file.write_bytes(png)
    tsx_file.write_text(tsx_text(width, height), encoding="utf-8", newline="\n")
    return [atlas_file, tsx_file]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Regenerate the vehicle tileset and its .tsx.")
    parser.add_argument("--root", type=Path, default=ROOT, help="where assets/ and maps/ go")
    args = parser.parse_args(argv)
    if not args.root.is_dir():
        print(f"error: --root {args.root}: not a directory", file=sys.stderr)
        return 2
    for path in write_tileset(args.root):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Generate big (and hostile) Tiled maps for the scale benchmark and the map-limit tests.

    python3 tools/scale_map.py OUT.tmx [--inches 96] [--units 80]

The default is the biggest table a player would build: 96" x 96" (8' x 8'), one tile per inch
at 32 pixels, an 8 x 8 grid of city blocks (a building with a door and a low wall each), five
hot spots and 80 units (a quarter Regular fireteams along the south edge, the rest Insurgent
groups in the town). The shipped tileset is referenced by its absolute path, so the map can be
written to any folder (the bench writes it to a temporary one and never ships it).

The keyword arguments of `write_map` make the hostile variants the tests need: many extra
objects, a polygon of many points, a huge tile grid, a tileset image that is not an image.
"""

from __future__ import annotations

import argparse
import base64
import math
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TILESET = ROOT / "maps" / "urban.tsx"
BLOCKS = 8


def _polygon(cx: float, cy: float, radius: float, points: int) -> str:
    """A star-free regular polygon of `points` corners around (cx, cy), relative to it."""
    pairs = []
    for i in range(points):
        angle = 2 * math.pi * i / points
        pairs.append(f"{radius * math.cos(angle):.3f},{radius * math.sin(angle):.3f}")
    return " ".join(pairs)


def write_map(
    path: Path,
    *,
    inches: int = 96,
    units: int = 80,
    ppi: float = 32,
    tile_px: int | None = None,
    tiles: int | None = None,
    extra_objects: int = 0,
    polygon_points: int = 0,
    tileset: Path | None = None,
    tile_layers: int = 1,
    zlib_tiles: bool = False,
    extra_kind: str = "Cover",
) -> Path:
    """Write a playable custom map (or a hostile variant) to `path`; returns `path`."""
    tile_px = tile_px or round(ppi)
    tiles = tiles or round(inches * ppi / tile_px)
    tileset = tileset or TILESET
    ids = iter(range(1, 10_000_000))
    terrain: list[str] = []
    markers: list[str] = []
    block = inches / BLOCKS
    size = block * 0.55
    for row in range(BLOCKS):
        for col in range(BLOCKS):
            x0, y0 = col * block + block * 0.2, row * block + block * 0.15
            bid = next(ids)
            terrain.append(
                f'<object id="{bid}" name="b{bid}" type="Building" x="{x0 * ppi:.1f}" '
                f'y="{y0 * ppi:.1f}" width="{size * ppi:.1f}" height="{size * ppi:.1f}"/>'
            )
            terrain.append(
                f'<object id="{next(ids)}" type="Door" x="{(x0 + size / 2) * ppi:.1f}" '
                f'y="{(y0 + size) * ppi:.1f}"><point/></object>'
            )
            wy = (y0 + size + block * 0.18) * ppi
            terrain.append(
                f'<object id="{next(ids)}" type="LowWall" x="{x0 * ppi:.1f}" y="{wy:.1f}">'
                f'<polyline points="0,0 {size * 0.6 * ppi:.1f},0"/></object>'
            )
    if polygon_points:
        terrain.append(
            f'<object id="{next(ids)}" type="Cover" x="{inches * ppi / 2:.1f}" '
            f'y="{inches * ppi / 2:.1f}"><polygon points="'
            f'{_polygon(0, 0, block * 0.1 * ppi, polygon_points)}"/></object>'
        )
    for i in range(extra_objects):
        x, y = (i * 7919) % (inches - 2) + 0.5, (i * 104729) % (inches - 2) + 0.5
        terrain.append(
            f'<object id="{next(ids)}" type="{extra_kind}" x="{x * ppi:.1f}" y="{y * ppi:.1f}" '
            f'width="{0.5 * ppi:.1f}" height="{0.5 * ppi:.1f}"/>'
        )
    for number in range(1, 6):
        x = (number * 2 - 1) * inches / 10
        y = inches * 0.35 + (number % 2) * block
        markers.append(
            f'<object id="{next(ids)}" type="HotSpot" x="{x * ppi:.1f}" y="{y * ppi:.1f}">'
            f'<properties><property name="number" type="int" value="{number}"/></properties>'
            "<point/></object>"
        )
    regulars = units // 4
    for i in range(units):
        if i < regulars:
            x, y = (i + 0.5) * inches / regulars, inches - 1.5
            side, figures = "regular", "leader, 2 rifle, saw"
        else:
            k = i - regulars
            col, row = k % BLOCKS, (k // BLOCKS) % (BLOCKS - 1)
            x, y = (col + 0.1) * block, (row + 0.9) * block
            side, figures = "insurgent", "leader, 3 rifle, rpg"
        markers.append(
            f'<object id="{next(ids)}" name="{side} {i}" type="Unit" x="{x * ppi:.1f}" '
            f'y="{y * ppi:.1f}"><properties><property name="side" value="{side}"/>'
            f'<property name="figures" value="{figures}"/></properties><point/></object>'
        )
    if zlib_tiles:  # tiny on disk however many tiles: what a hostile map would use
        packed = base64.b64encode(zlib.compress((1).to_bytes(4, "little") * tiles * tiles))
        data, encoding = packed.decode("ascii"), 'encoding="base64" compression="zlib"'
    else:
        line = ",".join(["1"] * tiles)
        data, encoding = ",\n".join([line] * tiles), 'encoding="csv"'
    layers = "\n".join(
        f' <layer id="{100 + n}" name="ground {n}" width="{tiles}" height="{tiles}">'
        f"<data {encoding}>\n{data}\n</data></layer>"
        for n in range(tile_layers)
    )
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" \
width="{tiles}" height="{tiles}" tilewidth="{tile_px}" tileheight="{tile_px}" infinite="0" \
nextlayerid="200" nextobjectid="{next(ids)}">
 <properties>
  <property name="title" value="Scale {inches} inches, {units} units"/>
  <property name="pixels_per_inch" type="float" value="{ppi}"/>
  <property name="entry_edges" value="south"/>
  <property name="exit_edges" value="north"/>
 </properties>
 <tileset firstgid="1" source="{tileset.as_posix()}"/>
{layers}
 <objectgroup id="1" name="terrain">
{chr(10).join(terrain)}
 </objectgroup>
 <objectgroup id="2" name="markers">
{chr(10).join(markers)}
 </objectgroup>
</map>
"""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--inches", type=int, default=96)
    parser.add_argument("--units", type=int, default=80)
    args = parser.parse_args(argv)
    print(write_map(args.out, inches=args.inches, units=args.units))
    return 0


if __name__ == "__main__":
    sys.exit(main())

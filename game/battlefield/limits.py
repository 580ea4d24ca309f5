"""How big a map may be: caps by bytes, objects, points, tiles and pixels, and image checks.

Every cap is far above what a player builds (the biggest table, 96" x 96" at 32 pixels an inch
with a town of a few hundred objects, is well inside each) and low enough that the largest map
the validator accepts checks in about a second and opens in well under 500 MB. A map over a cap
is refused with one sentence saying which cap and by how much, before pytmx or the geometry sees
it (issue 23: a 5,000-point polygon took 15 s, 50,000 objects 29 s, 4096 x 4096 tiles 5.5 GB).

Tileset and image-layer pictures are read far enough to know they are pictures (PNG, JPEG, GIF,
BMP or WebP, from their first bytes) and how many pixels they hold.
"""

from __future__ import annotations

import os
import stat
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

from game import fileio

MAX_OBJECTS = 5000
"""Objects in all object layers together (a dense 8' x 8' town has a few hundred)."""
MAX_POLYGON_POINTS = 1000
"""Points of one polygon or polyline."""
MAX_MAP_POINTS = 50_000
"""Points of all polygons and polylines together."""
MAX_TILE_CELLS = 1_048_576
"""Tiles of all tile layers together (1024 x 1024 on one layer; 96" at an inch a tile is 9,216)."""
MAX_MAP_PIXELS = 4096 * 4096
"""The table drawn at its own resolution (96" at 42 pixels an inch; a 64 MB picture)."""
MAX_IMAGE_PIXELS = 4096 * 4096
"""One tileset or image-layer picture."""
IMAGE_KINDS = "PNG, JPEG, GIF, BMP or WebP"


def map_size_problem(width: int, height: int, tile_w: int, tile_h: int, layers: int) -> str | None:
    """Why a map of this grid is too big to open, or None."""
    pixels = width * tile_w * height * tile_h
    if pixels > MAX_MAP_PIXELS:
        return (
            f"the map is {width * tile_w} x {height * tile_h} pixels ({_millions(pixels)} "
            f"pixels); at most {_millions(MAX_MAP_PIXELS)} are allowed: use smaller tiles or "
            "a lower pixels_per_inch"
        )
    cells = width * height * layers
    if cells > MAX_TILE_CELLS:
        return (
            f"the map's tile layers hold {cells:,} tiles ({layers} layer(s) of {width} x "
            f"{height}); at most {MAX_TILE_CELLS:,} are allowed: use bigger tiles or fewer "
            "tile layers"
        )
    return None


def count_problem(root: ET.Element) -> str | None:
    """Why the map holds too many objects or polygon points to be checked quickly, or None."""
    objects = sum(1 for _ in root.iter("object"))
    if objects > MAX_OBJECTS:
        return f"the map has {objects:,} objects; at most {MAX_OBJECTS:,} are allowed"
    points = sum(
        len((shape.get("points") or "").split())
        for tag in ("polygon", "polyline")
        for shape in root.iter(tag)
    )
    if points > MAX_MAP_POINTS:
        return (
            f"the map's polygons and polylines have {points:,} points together; at most "
            f"{MAX_MAP_POINTS:,} are allowed"
        )
    return None


def image_problem(path: Path) -> str | None:
    """Why the file is not a picture the game can draw within the pixel cap, or None."""
    try:
        with path.open("rb") as handle:
            head = handle.read(65_536)
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    size = image_size(head)
    if size is None:
        return f"is not a {IMAGE_KINDS} image"
    width, height = size
    if width <= 0 or height <= 0:
        return "is an image with no pixels"
    if width * height > MAX_IMAGE_PIXELS:
        return (
            f"is {width} x {height} pixels; at most {_millions(MAX_IMAGE_PIXELS)} pixels are "
            "allowed in one image"
        )
    return None


def image_size(head: bytes) -> tuple[int, int] | None:
    """(width, height) of a PNG, GIF, BMP, WebP or JPEG from its first bytes; None if not one."""
    if head.startswith(b"\x89PNG\r\n\x1a\n") and len(head) >= 24:
        width, height = struct.unpack(">II", head[16:24])
        return width, height
    if head[:6] in (b"GIF87a", b"GIF89a") and len(head) >= 10:
        width, height = struct.unpack("<HH", head[6:10])
        return width, height
    if head.startswith(b"BM") and len(head) >= 26:
        width, height = struct.unpack("<ii", head[18:26])
        return width, abs(height)
    if head.startswith(b"RIFF") and head[8:12] == b"WEBP" and len(head) >= 30:
        return _webp_size(head)
    if head.startswith(b"\xff\xd8\xff"):
        return _jpeg_size(head)
    return None


def _webp_size(head: bytes) -> tuple[int, int] | None:
    chunk = head[12:16]
    if chunk == b"VP8X":
        width = int.from_bytes(head[24:27], "little") + 1
        height = int.from_bytes(head[27:30], "little") + 1
        return width, height
    if chunk == b"VP8 " and len(head) >= 30:
        width, height = struct.unpack("<HH", head[26:30])
        return width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L" and len(head) >= 25:
        bits = int.from_bytes(head[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    return None


def _jpeg_size(head: bytes) -> tuple[int, int] | None:
    """The size in the first start-of-frame segment (SOF0-SOF15 but DHT, JPG and DAC)."""
    at = 2
    while at + 9 < len(head):
        if head[at] != 0xFF:
            return None
        marker = head[at + 1]
        if marker == 0xFF:
            at += 1
            continue
        length = int.from_bytes(head[at + 2 : at + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", head[at + 5 : at + 9])
            return width, height
        at += 2 + length
    return None


def _millions(pixels: int) -> str:
    return f"{pixels / 1_000_000:.1f} million"


class NotReadable(Exception):
    """A map file that is not read; the message is a short reason (without the path)."""


def read_regular_file(path: Path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most `max_bytes`: never a folder, a device such as
    /dev/zero (endless) or a named pipe (it would block); NotReadable says why otherwise, in a
    map author's words. The bounded read itself is game/fileio.py's."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise NotReadable("file not found") from None
    except ValueError:
        raise NotReadable("is not a usable file name") from None
    except OSError as exc:
        raise NotReadable(f"cannot be read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise NotReadable("is a folder, not a map file")
    if not stat.S_ISREG(info.st_mode):
        raise NotReadable("is not a regular file (a device or a pipe)")
    too_large = f"is too large (at most {max_bytes // (1024 * 1024)} MB)"
    if info.st_size > max_bytes:
        raise NotReadable(too_large)
    try:
        return fileio.read_capped(path, max_bytes, too_large)
    except fileio.ReadError as exc:
        raise NotReadable(str(exc)) from None

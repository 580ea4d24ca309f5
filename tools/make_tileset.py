"""Paint the urban tileset of the shipped maps: a dusty Middle-Eastern town seen from above.

    python3 tools/make_tileset.py [--root DIR]

Writes `DIR/assets/tiles/urban.png` (the atlas, 32x32-pixel tiles, 16 columns) and
`DIR/maps/urban.tsx` (the external Tiled tileset that points at it; every tile carries an `art`
property naming it, which `tools/build_maps.py` and the tests read). DIR defaults to the
repository root. The output is byte-identical on every run: each tile is painted by pygame-ce on
an off-screen surface with its own `random.Random` seeded from the tile's name, and the PNG is
encoded here with zlib instead of by SDL.

Conventions the map builder relies on:
- `*_mNN` tiles are autotiles: NN is a 4-bit mask of the neighbours that continue the piece
  (1 north, 2 east, 4 south, 8 west). Roofs draw a parapet on every side that does not continue,
  walls draw an arm towards every side that does, kerbs are drawn on every side that meets the
  street.
- Walls run through the middle of their tiles; doors are drawn on the ground tile just outside
  the building, `door_n` meaning the building lies to the north of that tile.
- Shadows fall to the south-east; `shadowS_*` is the shadow of an S-storey building.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # the environment above must be set first

SEED = 1983
TILE = 32
COLUMNS = 16
ATLAS_PATH = Path("assets/tiles/urban.png")
TSX_PATH = Path("maps/urban.tsx")
ROOT = Path(__file__).resolve().parent.parent

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Painter = Callable[[random.Random], pygame.Surface]

N, E, S, W = 1, 2, 4, 8

# Palette: sun-bleached sand, ochre plaster, concrete greys.
SAND: RGB = (214, 192, 150)
DIRT: RGB = (178, 150, 110)
ALLEY: RGB = (162, 136, 102)
FLAGSTONE: RGB = (200, 182, 150)
ASPHALT: RGB = (84, 82, 78)
PAVEMENT: RGB = (184, 175, 160)
KERB: RGB = (206, 200, 188)
PAINT: RGB = (226, 220, 196)
ROOF_STYLES: dict[str, RGB] = {
    "concrete": (172, 168, 160),
    "plaster": (212, 196, 164),
    "ochre": (198, 162, 112),
}
SHADOW: RGBA = (24, 18, 10, 92)


def clamp(value: float) -> int:
    return 0 if value < 0 else 255 if value > 255 else int(value)


def shade(color: RGB, amount: float) -> RGB:
    return (clamp(color[0] + amount), clamp(color[1] + amount), clamp(color[2] + amount))


def new_tile(width: int = TILE, height: int = TILE) -> pygame.Surface:
    surface = pygame.Surface((width, height), pygame.SRCALPHA, 32)
    surface.fill((0, 0, 0, 0))
    return surface


def textured(
    rng: random.Random, color: RGB, grain: float = 9.0, coarse: float = 12.0, size: int = TILE
) -> pygame.Surface:
    """An opaque tile of `color` with fine grain and soft blotches.

    The coarse noise is pinned to zero on the tile border, so any two ground tiles of the same
    family meet without a visible seam.
    """
    cells = 4
    grid = [
        [0.0 if i == 0 or j == 0 else rng.uniform(-coarse, coarse) for i in range(cells)]
        for j in range(cells)
    ]
    buffer = bytearray()
    for y in range(size):
        fy = y / size * cells
        y0 = int(fy)
        ty = fy - y0
        ty = ty * ty * (3 - 2 * ty)
        for x in range(size):
            fx = x / size * cells
            x0 = int(fx)
            tx = fx - x0
            tx = tx * tx * (3 - 2 * tx)
            a = grid[y0 % cells][x0 % cells]
            b = grid[y0 % cells][(x0 + 1) % cells]
            c = grid[(y0 + 1) % cells][x0 % cells]
            d = grid[(y0 + 1) % cells][(x0 + 1) % cells]
            low = (a + (b - a) * tx) + ((c + (d - c) * tx) - (a + (b - a) * tx)) * ty
            value = low + rng.uniform(-grain, grain)
            buffer += bytes(
                (
                    clamp(color[0] + value),
                    clamp(color[1] + value * 0.95),
                    clamp(color[2] + value * 0.85),
                    255,
                )
            )
    return pygame.image.frombytes(bytes(buffer), (size, size), "RGBA")


def blend(target: pygame.Surface, draw: Callable[..., object], *args: object) -> None:
    """Draw with alpha onto `target` (pygame.draw writes RGBA without blending)."""
    layer = pygame.Surface(target.get_size(), pygame.SRCALPHA, 32)
    layer.fill((0, 0, 0, 0))
    draw(layer, *args)
    target.blit(layer, (0, 0))


def blotches(
    surface: pygame.Surface,
    rng: random.Random,
    count: int,
    color: RGB,
    alpha: tuple[int, int],
    radius: tuple[int, int],
) -> None:
    """Soft stains kept off the border (so tiles still join cleanly)."""
    width, height = surface.get_size()
    for _ in range(count):
        r = rng.randint(*radius)
        cx = rng.randint(r + 1, max(r + 1, width - r - 2))
        cy = rng.randint(r + 1, max(r + 1, height - r - 2))
        a = rng.randint(*alpha)
        for step in range(5):
            rr = max(1, r - step * r // 5)
            blend(surface, pygame.draw.circle, (*color, max(4, a // 3)), (cx, cy), rr)


def speckle(
    surface: pygame.Surface, rng: random.Random, count: int, colors: list[RGB], margin: int = 0
) -> None:
    width, height = surface.get_size()
    for _ in range(count):
        x = rng.randint(margin, width - 1 - margin)
        y = rng.randint(margin, height - 1 - margin)
        surface.set_at((x, y), (*rng.choice(colors), 255))


def pebbles(surface: pygame.Surface, rng: random.Random, count: int, base: RGB) -> None:
    width, height = surface.get_size()
    for _ in range(count):
        x = rng.randint(2, width - 4)
        y = rng.randint(2, height - 4)
        tone = shade(base, rng.randint(-40, 25))
        surface.set_at((x + 1, y + 1), (*shade(tone, -45), 255))
        surface.set_at((x, y), (*tone, 255))
        surface.set_at((x + 1, y), (*shade(tone, -15), 255))
        surface.set_at((x, y + 1), (*shade(tone, 20), 255))


def crack(surface: pygame.Surface, rng: random.Random, color: RGBA, length: int) -> None:
    width, height = surface.get_size()
    x = float(rng.randint(5, width - 6))
    y = float(rng.randint(5, height - 6))
    angle = rng.uniform(0, math.tau)
    for _ in range(length):
        angle += rng.uniform(-0.7, 0.7)
        x = min(width - 3.0, max(2.0, x + math.cos(angle)))
        y = min(height - 3.0, max(2.0, y + math.sin(angle)))
        blend(surface, pygame.Surface.set_at, (int(x), int(y)), color)


def worn_rect(surface: pygame.Surface, rng: random.Random, rect: pygame.Rect, color: RGB) -> None:
    """Road paint that has half gone: some pixels missing, the rest uneven."""
    for y in range(rect.top, rect.bottom):
        for x in range(rect.left, rect.right):
            if rng.random() < 0.12:
                continue
            alpha = rng.randint(150, 240)
            under = surface.get_at((x, y))
            mixed = tuple(clamp(under[i] + (color[i] - under[i]) * alpha / 255) for i in range(3))
            surface.set_at((x, y), (*mixed, 255))


def drop_shadow(
    surface: pygame.Surface, shape: Callable[[pygame.Surface, RGBA], object], offset: int
) -> None:
    layer = new_tile(*surface.get_size())
    shape(layer, SHADOW)
    surface.blit(layer, (offset, offset))


# --- ground -------------------------------------------------------------------------------


def sand(rng: random.Random) -> pygame.Surface:
    tile = textured(rng, SAND, grain=7, coarse=9)
    blotches(tile, rng, 2, shade(SAND, 18), (30, 60), (3, 7))
    blotches(tile, rng, 1, shade(SAND, -25), (20, 40), (3, 6))
    speckle(tile, rng, 18, [shade(SAND, -45), shade(SAND, 22)])
    pebbles(tile, rng, 2, (170, 150, 120))
    return tile


def dirt(rng: random.Random) -> pygame.Surface:
    tile = textured(rng, DIRT, grain=10, coarse=12)
    blotches(tile, rng, 2, shade(DIRT, -28), (30, 60), (3, 8))
    blotches(tile, rng, 2, SAND, (40, 80), (3, 7))
    pebbles(tile, rng, 6, (150, 135, 115))
    speckle(tile, rng, 20, [shade(DIRT, -50), shade(DIRT, 30)])
    return tile


def alley(rng: random.Random) -> pygame.Surface:
    tile = textured(rng, ALLEY, grain=11, coarse=10)
    for _ in range(2):
        x = rng.randint(7, 24)
        for y in range(TILE):
            if rng.random() < 0.75:
                tile.set_at((x + rng.randint(-1, 1), y), (*shade(ALLEY, -30), 255))
    pebbles(tile, rng, 10, (160, 150, 132))
    blotches(tile, rng, 1, (70, 60, 50), (25, 45), (2, 5))
    speckle(tile, rng, 16, [shade(ALLEY, -45), shade(ALLEY, 28)])
    return tile


def flagstones(rng: random.Random) -> pygame.Surface:
    tile = textured(rng, FLAGSTONE, grain=6, coarse=6)
    joint = shade(FLAGSTONE, -42)
    rows = [0, 11, 21]
    for i, top in enumerate(rows):
        bottom = rows[i + 1] if i + 1 < len(rows) else TILE
        pygame.draw.line(tile, joint, (0, top), (TILE - 1, top))
        x = rng.randint(4, 12)
        while x < TILE:
            pygame.draw.line(tile, joint, (x, top), (x, bottom - 1))
            x += rng.randint(9, 15)
        for _ in range(2):
            cx = rng.randint(1, TILE - 6)
            tone = rng.randint(-14, 10)
            blend(
                tile,
                pygame.draw.rect,
                (*shade(FLAGSTONE, tone), 90),
                (cx, top + 1, 5, bottom - top - 1),
            )
    pygame.draw.line(tile, joint, (0, 0), (0, TILE - 1))
    speckle(tile, rng, 14, [shade(FLAGSTONE, -40), shade(FLAGSTONE, 20)])
    blotches(tile, rng, 1, SAND, (40, 70), (3, 6))
    return tile


def asphalt(rng: random.Random, cracked: bool = True) -> pygame.Surface:
    tile = textured(rng, ASPHALT, grain=8, coarse=6)
    speckle(tile, rng, 40, [(118, 116, 110), (60, 58, 56), (130, 126, 116)])
    blotches(tile, rng, 1, SAND, (30, 70), (3, 8))
    if cracked and rng.random() < 0.7:
        crack(tile, rng, (44, 42, 40, 220), rng.randint(8, 18))
    return tile


def asphalt_with(kind: str) -> Painter:
    def paint(rng: random.Random) -> pygame.Surface:
        tile = asphalt(rng, cracked=kind not in ("line_h", "line_v", "zebra_h", "zebra_v"))
        if kind == "line_h":
            worn_rect(tile, rng, pygame.Rect(4, 15, 16, 3), PAINT)
        elif kind == "line_v":
            worn_rect(tile, rng, pygame.Rect(15, 4, 3, 16), PAINT)
        elif kind == "zebra_h":  # upright bars: a crossing over a north-south street
            for x in range(2, TILE, 8):
                worn_rect(tile, rng, pygame.Rect(x, 2, 4, 28), PAINT)
        elif kind == "zebra_v":
            for y in range(2, TILE, 8):
                worn_rect(tile, rng, pygame.Rect(2, y, 28, 4), PAINT)
        elif kind == "manhole":
            pygame.draw.circle(tile, (58, 56, 54), (16, 16), 7)
            pygame.draw.circle(tile, (104, 100, 94), (16, 16), 7, 1)
            for k in range(-4, 5, 3):
                pygame.draw.line(tile, (88, 86, 82), (12, 16 + k), (20, 16 + k))
        elif kind == "patch":
            corners = [(6, 8), (22, 5), (26, 20), (17, 26), (5, 21)]
            pygame.draw.polygon(tile, (76, 74, 70), corners)
            pygame.draw.polygon(tile, (62, 60, 57), corners, 1)
            speckle(tile, rng, 12, [(104, 100, 94)], margin=9)
        elif kind == "pothole":
            pygame.draw.ellipse(tile, (50, 46, 42), (9, 11, 14, 10))
            pygame.draw.ellipse(tile, (140, 120, 92), (12, 14, 8, 5))
            pebbles(tile, rng, 5, (120, 116, 108))
        return tile

    return paint


def pavement(mask: int, variant: int = 0) -> Painter:
    """Concrete slabs; a raised kerb (painted in faded stripes) on every side facing the street."""

    def paint(rng: random.Random) -> pygame.Surface:
        tile = textured(rng, PAVEMENT, grain=6, coarse=5)
        joint = shade(PAVEMENT, -34)
        for k in (0, 16):
            pygame.draw.line(tile, joint, (0, k), (TILE - 1, k))
            pygame.draw.line(tile, joint, (k, 0), (k, TILE - 1))
        for sx in (0, 16):
            for sy in (0, 16):
                tone = rng.randint(-10, 8)
                blend(
                    tile, pygame.draw.rect, (*shade(PAVEMENT, tone), 110), (sx + 1, sy + 1, 15, 15)
                )
        if variant == 1:
            crack(tile, rng, (120, 112, 100, 230), 14)
        if variant == 2:
            pygame.draw.rect(tile, shade(PAVEMENT, -22), (17, 17, 15, 15))
            speckle(tile, rng, 10, [shade(PAVEMENT, -50)], margin=10)
        blotches(tile, rng, 2, SAND, (30, 60), (3, 6))
        speckle(tile, rng, 14, [shade(PAVEMENT, -40), shade(PAVEMENT, 22)])
        for side, rect in (
            (N, pygame.Rect(0, 0, TILE, 5)),
            (E, pygame.Rect(TILE - 5, 0, 5, TILE)),
            (S, pygame.Rect(0, TILE - 5, TILE, 5)),
            (W, pygame.Rect(0, 0, 5, TILE)),
        ):
            if not mask & side:
                continue
            pygame.draw.rect(tile, KERB, rect)
            horizontal = rect.width > rect.height
            for k in range(0, TILE, 16):
                stripe = (
                    pygame.Rect(k, rect.top, 8, rect.height)
                    if horizontal
                    else pygame.Rect(rect.left, k, rect.width, 8)
                )
                worn_rect(tile, rng, stripe, (70, 68, 62))
            edge = {
                N: ((0, 0), (TILE - 1, 0)),
                E: ((TILE - 1, 0), (TILE - 1, TILE - 1)),
                S: ((0, TILE - 1), (TILE - 1, TILE - 1)),
                W: ((0, 0), (0, TILE - 1)),
            }[side]
            pygame.draw.line(tile, (96, 92, 84), *edge)
        return tile

    return paint


# --- roofs ---------------------------------------------------------------------------------


def roof(style: str, mask: int) -> Painter:
    """A flat roof; a parapet runs along every side where the building ends."""
    base = ROOF_STYLES[style]

    def paint(rng: random.Random) -> pygame.Surface:
        tile = textured(rng, base, grain=6, coarse=7)
        if style == "concrete":
            seam = shade(base, -16)
            pygame.draw.line(tile, seam, (0, 15), (TILE - 1, 15))
            pygame.draw.line(tile, seam, (15, 0), (15, TILE - 1))
        blotches(tile, rng, 2, shade(base, -30), (25, 55), (3, 7))
        blotches(tile, rng, 1, (250, 246, 236), (8, 18), (3, 6))
        speckle(tile, rng, 12, [shade(base, -35), shade(base, 20)])
        if rng.random() < 0.35:
            crack(tile, rng, (*shade(base, -55), 200), 10)
        top = shade(base, 26)
        outer = shade(base, -72)
        inner = shade(base, -38)
        width = 5
        bands = {
            N: pygame.Rect(0, 0, TILE, width),
            E: pygame.Rect(TILE - width, 0, width, TILE),
            S: pygame.Rect(0, TILE - width, TILE, width),
            W: pygame.Rect(0, 0, width, TILE),
        }
        # the parapets of the north and west sides throw a shadow onto the roof
        if not mask & N:
            blend(tile, pygame.draw.rect, (20, 15, 10, 70), (0, width, TILE, 4))
        if not mask & W:
            blend(tile, pygame.draw.rect, (20, 15, 10, 70), (width, 0, 4, TILE))
        for side, band in bands.items():
            if mask & side:
                continue
            pygame.draw.rect(tile, top, band)
            for _ in range(6):
                px = rng.randint(band.left, band.right - 1)
                py = rng.randint(band.top, band.bottom - 1)
                tile.set_at((px, py), (*shade(top, rng.randint(-25, 10)), 255))
        for side in bands:
            if mask & side:
                continue
            if side == N:
                pygame.draw.line(tile, outer, (0, 0), (TILE - 1, 0))
                pygame.draw.line(tile, inner, (0, width - 1), (TILE - 1, width - 1))
            elif side == S:
                pygame.draw.line(tile, outer, (0, TILE - 1), (TILE - 1, TILE - 1))
                pygame.draw.line(tile, inner, (0, TILE - width), (TILE - 1, TILE - width))
            elif side == W:
                pygame.draw.line(tile, outer, (0, 0), (0, TILE - 1))
                pygame.draw.line(tile, inner, (width - 1, 0), (width - 1, TILE - 1))
            else:
                pygame.draw.line(tile, outer, (TILE - 1, 0), (TILE - 1, TILE - 1))
                pygame.draw.line(tile, inner, (TILE - width, 0), (TILE - width, TILE - 1))
        # clean the inner corners where two parapets meet
        for sides, corner in (
            (N | W, (0, 0)),
            (N | E, (TILE - width, 0)),
            (S | W, (0, TILE - width)),
            (S | E, (TILE - width, TILE - width)),
        ):
            if not mask & sides:
                pygame.draw.rect(tile, top, (*corner, width, width))
                cx = 0 if corner[0] == 0 else TILE - 1
                cy = 0 if corner[1] == 0 else TILE - 1
                pygame.draw.line(tile, outer, (cx, corner[1]), (cx, corner[1] + width - 1))
                pygame.draw.line(tile, outer, (corner[0], cy), (corner[0] + width - 1, cy))
        return tile

    return paint


def rooftop(kind: str) -> Painter:
    """Transparent clutter that stands on a roof: tanks, air conditioners, the stair hut."""

    def paint(rng: random.Random) -> pygame.Surface:
        tile = new_tile()
        if kind in ("tank_black", "tank_white"):
            body = (46, 46, 50) if kind == "tank_black" else (222, 222, 214)

            def disc(s: pygame.Surface, c: RGBA) -> None:
                pygame.draw.circle(s, c, (15, 15), 9)

            drop_shadow(tile, disc, 4)
            for leg in ((8, 8), (22, 8), (8, 22), (22, 22)):
                pygame.draw.line(tile, (90, 84, 74), (15, 15), leg, 2)
            pygame.draw.circle(tile, body, (15, 15), 9)
            pygame.draw.circle(tile, shade(body, -30), (15, 15), 9, 1)
            pygame.draw.circle(tile, shade(body, 30), (12, 12), 4)
            pygame.draw.circle(tile, shade(body, -20), (15, 15), 3)
            pygame.draw.circle(tile, shade(body, 10), (15, 15), 3, 1)
        elif kind == "ac_unit":
            for ox, oy in ((5, 6), (17, 16)):

                def box(s: pygame.Surface, c: RGBA, ox: int = ox, oy: int = oy) -> None:
                    pygame.draw.rect(s, c, (ox, oy, 11, 9))

                drop_shadow(tile, box, 3)
                pygame.draw.rect(tile, (196, 198, 196), (ox, oy, 11, 9))
                pygame.draw.rect(tile, (120, 122, 122), (ox, oy, 11, 9), 1)
                pygame.draw.circle(tile, (70, 72, 74), (ox + 5, oy + 4), 3)
                pygame.draw.line(tile, (150, 150, 148), (ox + 3, oy + 4), (ox + 7, oy + 4))
            pygame.draw.line(tile, (60, 60, 60), (16, 10), (22, 16))
        elif kind == "stair_hut":

            def hut(s: pygame.Surface, c: RGBA) -> None:
                pygame.draw.rect(s, c, (6, 6, 18, 16))

            drop_shadow(tile, hut, 5)
            pygame.draw.rect(tile, (218, 208, 186), (6, 6, 18, 16))
            pygame.draw.rect(tile, (236, 228, 210), (6, 6, 18, 3))
            pygame.draw.rect(tile, (150, 138, 116), (6, 6, 18, 16), 1)
            pygame.draw.rect(tile, (80, 62, 44), (11, 21, 8, 3))
            speckle(tile, rng, 6, [(190, 180, 160)], margin=8)
        elif kind == "dish":

            def dish_shape(s: pygame.Surface, c: RGBA) -> None:
                pygame.draw.ellipse(s, c, (9, 9, 13, 11))

            drop_shadow(tile, dish_shape, 3)
            pygame.draw.ellipse(tile, (232, 232, 228), (9, 9, 13, 11))
            pygame.draw.ellipse(tile, (170, 170, 166), (9, 9, 13, 11), 1)
            pygame.draw.line(tile, (60, 60, 60), (15, 14), (21, 20), 2)
        elif kind == "solar":

            def panel(s: pygame.Surface, c: RGBA) -> None:
                pygame.draw.rect(s, c, (5, 12, 22, 13))

            drop_shadow(tile, panel, 3)
            pygame.draw.rect(tile, (44, 58, 86), (5, 12, 22, 13))
            for x in range(5, 27, 5):
                pygame.draw.line(tile, (90, 108, 140), (x, 12), (x, 24))
            pygame.draw.rect(tile, (150, 150, 150), (5, 12, 22, 13), 1)
            pygame.draw.rect(tile, (226, 226, 220), (6, 6, 20, 5))
            pygame.draw.rect(tile, (160, 160, 154), (6, 6, 20, 5), 1)
        elif kind == "laundry":
            pygame.draw.line(tile, (80, 80, 80), (3, 10), (28, 10))
            pygame.draw.line(tile, (80, 80, 80), (3, 20), (28, 20))
            for y in (10, 20):
                x = 5
                while x < 26:
                    color = rng.choice(
                        [(200, 60, 50), (60, 90, 160), (230, 230, 220), (70, 130, 80)]
                    )
                    pygame.draw.rect(tile, color, (x, y + 1, 4, 5))
                    x += rng.randint(5, 8)
        return tile

    return paint


# --- walls ---------------------------------------------------------------------------------


def wall(height: str, mask: int) -> Painter:
    """A wall through the middle of the tile, with an arm towards every side in `mask`."""
    thick = 8 if height == "high" else 5
    top = (216, 196, 154) if height == "high" else (178, 168, 148)
    edge = (104, 86, 60) if height == "high" else (92, 84, 72)
    cast = 5 if height == "high" else 3
    lo = (TILE - thick) // 2

    def pieces() -> list[tuple[pygame.Rect, int, int]]:
        """Rectangles with how far their shadow shifts in x and y (never along the arm)."""
        rects = [(pygame.Rect(lo, lo, thick, thick), cast, cast)]
        if mask & N:
            rects.append((pygame.Rect(lo, 0, thick, lo + thick), cast, 0))
        if mask & S:
            rects.append((pygame.Rect(lo, lo, thick, TILE - lo), cast, 0))
        if mask & W:
            rects.append((pygame.Rect(0, lo, lo + thick, thick), 0, cast))
        if mask & E:
            rects.append((pygame.Rect(lo, lo, TILE - lo, thick), 0, cast))
        return rects

    def paint(rng: random.Random) -> pygame.Surface:
        tile = new_tile()
        shadow = new_tile()
        for rect, dx, dy in pieces():
            pygame.draw.rect(shadow, SHADOW, rect.move(dx, dy))
        tile.blit(shadow, (0, 0))
        for rect, _, _ in pieces():
            pygame.draw.rect(tile, edge, rect)
        tops = [pygame.Rect(lo + 1, lo + 1, thick - 2, thick - 2)]
        if mask & N:
            tops.append(pygame.Rect(lo + 1, 0, thick - 2, lo + thick - 1))
        if mask & S:
            tops.append(pygame.Rect(lo + 1, lo + 1, thick - 2, TILE - lo - 1))
        if mask & W:
            tops.append(pygame.Rect(0, lo + 1, lo + thick - 1, thick - 2))
        if mask & E:
            tops.append(pygame.Rect(lo + 1, lo + 1, TILE - lo - 1, thick - 2))
        for rect in tops:
            pygame.draw.rect(tile, top, rect)
        # texture: mud-brick joints on the high wall, stones on the low one
        for y in range(TILE):
            for x in range(TILE):
                if tile.get_at((x, y))[:3] != top:
                    continue
                if height == "high":
                    if rng.random() < 0.12:
                        tile.set_at((x, y), (*shade(top, rng.randint(-22, 14)), 255))
                else:
                    if (x + y * 3) % 5 == 0 or rng.random() < 0.2:
                        tile.set_at((x, y), (*shade(top, rng.randint(-34, 10)), 255))
        return tile

    return paint


# --- doors and shadows ---------------------------------------------------------------------


def door(building_side: int) -> Painter:
    """A doorway in the building wall on the `building_side` edge of this ground tile."""

    def paint(rng: random.Random) -> pygame.Surface:
        tile = new_tile()
        blend(tile, pygame.draw.rect, SHADOW, (10, 2, 16, 8))
        pygame.draw.rect(tile, (196, 188, 172), (8, 0, 16, 8))
        pygame.draw.rect(tile, (120, 112, 98), (8, 0, 16, 8), 1)
        pygame.draw.rect(tile, (58, 40, 28), (10, 0, 12, 3))
        pygame.draw.line(tile, (130, 92, 56), (10, 3), (21, 3))
        speckle(tile, rng, 3, [(120, 114, 100)], margin=10)
        angle = {N: 0, W: 90, S: 180, E: 270}[building_side]
        return pygame.transform.rotate(tile, angle)

    return paint


def shadow(storeys: int, part: str) -> Painter:
    length = 4 + 5 * storeys

    def paint(rng: random.Random) -> pygame.Surface:
        tile = new_tile()
        rect = {
            "e": pygame.Rect(0, 0, length, TILE),
            "e_start": pygame.Rect(0, length, length, TILE - length),
            "s": pygame.Rect(0, 0, TILE, length),
            "s_start": pygame.Rect(length, 0, TILE - length, length),
            "se": pygame.Rect(0, 0, length, length),
        }[part]
        pygame.draw.rect(tile, SHADOW, rect)
        return tile

    return paint


# --- debris, vehicles, scenery -------------------------------------------------------------


def rubble(rng: random.Random) -> pygame.Surface:
    tile = new_tile()
    blend(tile, pygame.draw.circle, (*shade(SAND, -10), 110), (16, 16), 14)
    blend(tile, pygame.draw.circle, (*shade(SAND, -30), 70), (16, 16), 10)
    for _ in range(13):
        cx, cy = rng.randint(5, 26), rng.randint(5, 26)
        size = rng.randint(2, 6)
        points = [
            (
                cx
                + math.cos(k / 5 * math.tau + rng.uniform(-0.3, 0.3))
                * size
                * rng.uniform(0.6, 1.2),
                cy
                + math.sin(k / 5 * math.tau + rng.uniform(-0.3, 0.3))
                * size
                * rng.uniform(0.6, 1.2),
            )
            for k in range(5)
        ]
        tone = rng.choice([(176, 170, 160), (198, 182, 150), (150, 140, 126), (206, 196, 176)])
        shadow_points = [(x + 2, y + 2) for x, y in points]
        blend(tile, pygame.draw.polygon, SHADOW, shadow_points)
        pygame.draw.polygon(tile, tone, points)
        pygame.draw.polygon(tile, shade(tone, -50), points, 1)
        pygame.draw.line(tile, shade(tone, 30), points[0], points[1])
    for _ in range(2):
        x, y = rng.randint(6, 24), rng.randint(6, 24)
        pygame.draw.line(
            tile, (120, 62, 36), (x, y), (x + rng.randint(-6, 6), y + rng.randint(-6, 6))
        )
    speckle(tile, rng, 25, [(130, 122, 110), (210, 200, 180)], margin=4)
    return tile


def vehicle(kind: str) -> pygame.Surface:
    """A whole vehicle, 64x32 facing east; `tile_of` cuts it into two tiles."""
    rng = random.Random(SEED ^ hash_name(kind))
    surface = new_tile(64, 32)
    body = pygame.Rect(5, 5, 54, 22)
    if kind == "suv_wreck":
        blend(surface, pygame.draw.ellipse, (20, 16, 12, 90), (0, 0, 64, 32))
        blend(surface, pygame.draw.ellipse, (20, 16, 12, 80), (8, 3, 48, 26))
        pygame.draw.rect(surface, (20, 16, 12, 110), body.move(3, 3), border_radius=6)
        pygame.draw.rect(surface, (58, 54, 50), body, border_radius=6)
        pygame.draw.rect(surface, (30, 28, 26), body, 1, border_radius=6)
        for _ in range(10):
            x, y = rng.randint(8, 54), rng.randint(7, 24)
            pygame.draw.circle(
                surface,
                rng.choice([(128, 70, 38), (104, 60, 36), (88, 80, 74)]),
                (x, y),
                rng.randint(1, 3),
            )
        pygame.draw.rect(surface, (34, 30, 28), (17, 8, 28, 16), border_radius=2)  # burnt cabin
        pygame.draw.rect(surface, (80, 74, 66), (17, 8, 28, 16), 1, border_radius=2)
        for _ in range(7):  # what is left of the seats: springs and frames
            x, y = rng.randint(19, 41), rng.randint(10, 20)
            pygame.draw.line(surface, (96, 86, 76), (x, y), (x + rng.randint(-3, 3), y + 3))
        pygame.draw.rect(surface, (46, 42, 40), (47, 8, 9, 16), border_radius=3)  # bonnet
        pygame.draw.line(surface, (110, 104, 96), (49, 10), (54, 21))
        pygame.draw.line(surface, (110, 104, 96), (54, 10), (49, 21))
        for wheel in ((12, 3), (44, 3), (12, 25), (44, 25)):
            pygame.draw.rect(surface, (24, 22, 22), (*wheel, 9, 4))
        for _ in range(18):
            surface.set_at((rng.randint(6, 58), rng.randint(6, 26)), (200, 210, 214, 255))
        for _ in range(8):
            surface.set_at((rng.randint(8, 56), rng.randint(6, 26)), (14, 12, 12, 255))
    else:
        paint = (222, 222, 216) if kind == "car_white" else (70, 96, 140)
        pygame.draw.rect(surface, (20, 16, 12, 100), body.move(3, 3), border_radius=8)
        pygame.draw.rect(surface, paint, body, border_radius=8)
        pygame.draw.rect(surface, shade(paint, -70), body, 1, border_radius=8)
        pygame.draw.rect(surface, shade(paint, 18), (22, 9, 18, 14), border_radius=3)  # roof
        pygame.draw.polygon(surface, (46, 58, 66), [(40, 8), (47, 6), (47, 26), (40, 24)])
        pygame.draw.polygon(surface, (46, 58, 66), [(22, 8), (16, 7), (16, 25), (22, 24)])
        pygame.draw.line(surface, (160, 176, 184), (43, 9), (45, 22))
        pygame.draw.circle(surface, (250, 240, 190), (57, 9), 1)
        pygame.draw.circle(surface, (250, 240, 190), (57, 23), 1)
        pygame.draw.circle(surface, (180, 40, 30), (6, 9), 1)
        pygame.draw.circle(surface, (180, 40, 30), (6, 23), 1)
        speckle(surface, rng, 20, [shade(paint, -25), (190, 170, 130)], margin=7)
    return surface


def hash_name(name: str) -> int:
    return zlib.crc32(name.encode("utf-8"))


def vehicle_part(kind: str, part: str) -> Painter:
    def paint(rng: random.Random) -> pygame.Surface:
        whole = vehicle(kind)
        if part in ("n", "s"):
            whole = pygame.transform.rotate(whole, 90)  # nose to the north
        offsets = {"w": (0, 0), "e": (TILE, 0), "n": (0, 0), "s": (0, TILE)}
        tile = new_tile()
        tile.blit(whole, (-offsets[part][0], -offsets[part][1]))
        return tile

    return paint


def market_stall(awning: RGB) -> Painter:
    def paint(rng: random.Random) -> pygame.Surface:
        tile = new_tile()
        blend(tile, pygame.draw.rect, SHADOW, (7, 8, 24, 22))
        pygame.draw.rect(tile, awning, (3, 4, 24, 22))
        for x in range(3, 27, 6):
            pygame.draw.rect(tile, (236, 230, 214), (x, 4, 3, 22))
        pygame.draw.rect(tile, shade(awning, -60), (3, 4, 24, 22), 1)
        blend(tile, pygame.draw.rect, (255, 255, 255, 40), (3, 4, 24, 8))
        for _ in range(4):
            x = rng.randint(4, 24)
            pygame.draw.rect(
                tile, rng.choice([(200, 120, 40), (90, 140, 60), (190, 50, 40)]), (x, 27, 3, 3)
            )
        return tile

    return paint


def palm(rng: random.Random) -> pygame.Surface:
    tile = new_tile()
    fronds = []
    for k in range(9):
        angle = k / 9 * math.tau + rng.uniform(-0.2, 0.2)
        length = rng.uniform(11, 15)
        fronds.append((angle, length))
    for angle, length in fronds:
        end = (19 + math.cos(angle) * length, 19 + math.sin(angle) * length)
        blend(tile, pygame.draw.line, SHADOW, (19, 19), end, 4)
    for angle, length in fronds:
        end = (16 + math.cos(angle) * length, 16 + math.sin(angle) * length)
        pygame.draw.line(tile, (62, 92, 46), (16, 16), end, 4)
        pygame.draw.line(tile, (104, 138, 70), (16, 16), end, 1)
    pygame.draw.circle(tile, (96, 74, 48), (16, 16), 3)
    return tile


def crates(rng: random.Random) -> pygame.Surface:
    tile = new_tile()
    for x, y in ((4, 5), (14, 7), (8, 16)):
        blend(tile, pygame.draw.rect, SHADOW, (x + 3, y + 3, 9, 9))
        pygame.draw.rect(tile, (170, 126, 74), (x, y, 9, 9))
        pygame.draw.rect(tile, (110, 78, 44), (x, y, 9, 9), 1)
        pygame.draw.line(tile, (110, 78, 44), (x, y), (x + 8, y + 8))
    for x, y, color in ((24, 20, (40, 80, 140)), (20, 26, (140, 70, 40))):
        blend(tile, pygame.draw.circle, SHADOW, (x + 2, y + 2), 4)
        pygame.draw.circle(tile, color, (x, y), 4)
        pygame.draw.circle(tile, shade(color, 50), (x, y), 2, 1)
    return tile


def trash(rng: random.Random) -> pygame.Surface:
    tile = new_tile()
    blend(tile, pygame.draw.circle, (60, 50, 40, 35), (16, 16), 8)
    for _ in range(9):
        x, y = rng.randint(9, 22), rng.randint(9, 22)
        color = rng.choice(
            [(230, 230, 226), (60, 60, 64), (170, 60, 50), (80, 110, 160), (200, 180, 120)]
        )
        pygame.draw.rect(tile, color, (x, y, rng.randint(1, 3), rng.randint(1, 3)))
    return tile


def dust(rng: random.Random) -> pygame.Surface:
    tile = new_tile()
    blotches(tile, rng, 4, SAND, (30, 60), (4, 9))
    speckle(tile, rng, 10, [shade(SAND, -20)], margin=6)
    return tile


# --- the atlas -----------------------------------------------------------------------------


def tile_specs() -> list[tuple[str, Painter]]:
    """Every tile of the atlas, in atlas order. Append new tiles at the end only."""
    specs: list[tuple[str, Painter]] = []
    specs += [(f"sand_{i}", sand) for i in range(1, 4)]
    specs += [(f"dirt_{i}", dirt) for i in range(1, 4)]
    specs += [(f"alley_{i}", alley) for i in range(1, 4)]
    specs += [(f"courtyard_{i}", flagstones) for i in range(1, 4)]
    specs += [(f"asphalt_{i}", asphalt) for i in range(1, 5)]
    for kind in ("line_h", "line_v", "zebra_h", "zebra_v", "manhole", "patch", "pothole"):
        specs.append((f"asphalt_{kind}", asphalt_with(kind)))
    specs += [(f"pavement_{i}", pavement(0, i - 1)) for i in range(1, 4)]
    specs += [(f"pavement_m{mask:02d}", pavement(mask)) for mask in range(1, 16)]
    for style in ROOF_STYLES:
        specs += [(f"roof_{style}_m{mask:02d}", roof(style, mask)) for mask in range(16)]
    for kind in ("tank_black", "tank_white", "ac_unit", "stair_hut", "dish", "solar", "laundry"):
        specs.append((f"rooftop_{kind}", rooftop(kind)))
    for height in ("high", "low"):
        specs += [(f"wall_{height}_m{mask:02d}", wall(height, mask)) for mask in range(16)]
    specs += [
        (f"door_{name}", door(side)) for name, side in (("n", N), ("e", E), ("s", S), ("w", W))
    ]
    for storeys in (1, 2, 3):
        for part in ("e", "e_start", "s", "s_start", "se"):
            specs.append((f"shadow{storeys}_{part}", shadow(storeys, part)))
    specs += [(f"rubble_{i}", rubble) for i in range(1, 5)]
    for kind in ("suv_wreck", "car_white"):
        specs += [(f"{kind}_w", vehicle_part(kind, "w")), (f"{kind}_e", vehicle_part(kind, "e"))]
    specs += [
        ("car_blue_n", vehicle_part("car_blue", "n")),
        ("car_blue_s", vehicle_part("car_blue", "s")),
    ]
    specs += [
        ("stall_red", market_stall((176, 56, 44))),
        ("stall_green", market_stall((60, 122, 78))),
        ("palm", palm),
        ("crates", crates),
        ("trash", trash),
    ]
    specs += [(f"dust_{i}", dust) for i in range(1, 4)]
    return specs


def tile_names() -> list[str]:
    return [name for name, _ in tile_specs()]


def paint_atlas() -> pygame.Surface:
    specs = tile_specs()
    rows = (len(specs) + COLUMNS - 1) // COLUMNS
    atlas = new_tile(COLUMNS * TILE, rows * TILE)
    for index, (name, painter) in enumerate(specs):
        tile = painter(random.Random(SEED ^ hash_name(name)))
        if tile.get_size() != (TILE, TILE):
            raise RuntimeError(f"tile {name} is {tile.get_size()}, not {TILE}x{TILE}")
        atlas.blit(tile, ((index % COLUMNS) * TILE, (index // COLUMNS) * TILE))
    return atlas


def encode_png(rgba: bytes, width: int, height: int) -> bytes:
    """A plain RGBA8 PNG; zlib at a fixed level so the bytes never change between runs."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    stride = width * 4
    raw = bytearray()
    previous = bytes(stride)
    for y in range(height):
        row = rgba[y * stride : (y + 1) * stride]
        # filter "Up": subtract the row above; the noise textures compress a little better
        raw.append(2)
        raw += bytes((row[i] - previous[i]) & 0xFF for i in range(stride))
        previous = row
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
        + chunk(b"IEND", b"")
    )


def tsx_text(names: list[str], image_width: int, image_height: int) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<tileset version="1.10" tiledversion="1.10.2" name="urban" '
        f'tilewidth="{TILE}" tileheight="{TILE}" tilecount="{len(names)}" columns="{COLUMNS}">',
        f' <image source="../{ATLAS_PATH.as_posix()}" '
        f'width="{image_width}" height="{image_height}"/>',
    ]
    for index, name in enumerate(names):
        lines.append(
            f' <tile id="{index}"><properties><property name="art" value="{name}"/>'
            "</properties></tile>"
        )
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def write_tileset(root: Path) -> list[Path]:
    """Paint the atlas and write it with its .tsx under `root`; returns the written paths."""
    pygame.init()
    atlas = paint_atlas()
    width, height = atlas.get_size()
    png = encode_png(pygame.image.tobytes(atlas, "RGBA"), width, height)
    tsx = tsx_text(tile_names(), width, height)
    atlas_file = root / ATLAS_PATH
    tsx_file = root / TSX_PATH
    atlas_file.parent.mkdir(parents=True, exist_ok=True)
    tsx_file.parent.mkdir(parents=True, exist_ok=True)
    atlas_file.write_bytes(png)
    tsx_file.write_text(tsx, encoding="utf-8", newline="\n")
    return [atlas_file, tsx_file]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Regenerate the urban tileset and its .tsx.")
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

"""Road Block! on the table (R304, R305): a barricade across the street, drawn top-down in the
figures' manner (dark rim, shaded body, supersampled), three concrete barriers with red and white
hazard stripes, and a faint ring where wheeled vehicles may not pass. The card is played openly
(the log names the street), so both sides see it. A pure reading of the game state
(`game.engine.road_block`)."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

import pygame

from game.client import text
from game.engine import road_block
from game.i18n import _
from game.rules.vehicle_entry import ROAD_BLOCK_RADIUS

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.engine.engine import Engine

    _ToScreen = Callable[[tuple[float, float]], tuple[float, float]]

Span = tuple[bool, float, float]

BLOCK_COLOUR = (232, 64, 48)
RIM = (28, 26, 24)
CONCRETE = (178, 172, 160)
CONCRETE_SHADE = (128, 122, 112)
STRIPE_RED = (210, 40, 32)
STRIPE_WHITE = (240, 236, 228)
DEPTH = 0.55
"""Inches a barrier is deep (the barricade runs from kerb to kerb, within the block's reach)."""
_SUPERSAMPLE = 4
_ACROSS: weakref.WeakKeyDictionary[Engine, dict[tuple[float, float], Span]] = (
    weakref.WeakKeyDictionary()
)


def across(engine: Engine, x: float, y: float) -> Span:
    """Whether the barricade lies east-west (the street runs north-south), and how far it runs
    back (west or north) and on (east or south) from the block's point, in inches: from kerb to
    kerb across the street, at most the block's reach either side."""
    known = _ACROSS.setdefault(engine, {})
    found = known.get((x, y))
    if found is None:
        east_west, north_south = road_block.street_reaches(engine, (x, y))
        lies_east_west = sum(east_west) <= sum(north_south)
        back, on = east_west if lies_east_west else north_south
        found = known[(x, y)] = (
            lies_east_west,
            min(back - 0.25, ROAD_BLOCK_RADIUS),
            min(on - 0.25, ROAD_BLOCK_RADIUS),
        )
    return found


def barricade(length_px: int, depth_px: int) -> pygame.Surface:
    """Three barriers side by side, lying east-west, `length_px` by `depth_px`."""
    big_w, big_h = max(6, length_px) * _SUPERSAMPLE, max(3, depth_px) * _SUPERSAMPLE
    surface = pygame.Surface((big_w, big_h), pygame.SRCALPHA)
    gap = big_h // 5
    width = (big_w - 2 * gap) // 3
    for i in range(3):
        box = pygame.Rect(i * (width + gap), 0, width, big_h)
        radius = big_h // 4
        pygame.draw.rect(surface, RIM, box, border_radius=radius)
        body = box.inflate(-big_h // 5, -big_h // 5)
        pygame.draw.rect(surface, CONCRETE_SHADE, body, border_radius=radius)
        top = body.inflate(-big_h // 6, -big_h // 3)
        pygame.draw.rect(surface, CONCRETE, top, border_radius=radius)
        stripe = max(2, top.h)
        clip = surface.get_clip()
        surface.set_clip(top)
        for k, x in enumerate(range(top.left - top.h, top.right, stripe)):
            colour = STRIPE_RED if k % 2 == 0 else STRIPE_WHITE
            points = [(x, top.bottom), (x + stripe, top.bottom), (x + 2 * stripe, top.top)]
            pygame.draw.polygon(surface, colour, [*points, (x + stripe, top.top)])
        surface.set_clip(clip)
    return pygame.transform.smoothscale(surface, (max(6, length_px), max(3, depth_px)))


def draw_road_blocks(surface: pygame.Surface, engine: Engine, to_screen: _ToScreen) -> None:
    """Each road block: the barricade across its street, its reach and a label."""
    ox, _oy = to_screen((0.0, 0.0))
    inch = max(1.0, to_screen((1.0, 0.0))[0] - ox)
    for block in road_block.blocks(engine):
        x, y = float(block["x"]), float(block["y"])
        lies_east_west, back, on = across(engine, x, y)
        sprite = barricade(round((back + on) * inch), round(DEPTH * inch))
        shift = (on - back) / 2
        middle = (x + shift, y) if lies_east_west else (x, y + shift)
        if not lies_east_west:
            sprite = pygame.transform.rotate(sprite, 90)
        sx, sy = to_screen((x, y))
        reach = round(ROAD_BLOCK_RADIUS * inch)
        if reach < 4000:
            pygame.draw.circle(surface, BLOCK_COLOUR, (round(sx), round(sy)), reach, 1)
        mx, my = to_screen(middle)
        box = sprite.get_rect(center=(round(mx), round(my)))
        surface.blit(sprite, box)
        label = text.text(_("road block"), 14, BLOCK_COLOUR, bold=True, shadow=(0, 0, 0))
        surface.blit(label, label.get_rect(midtop=(box.centerx, box.bottom + 3)))

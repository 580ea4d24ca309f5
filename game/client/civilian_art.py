"""Civilian mobs drawn on the table (issue 21; Rulebook: Civilians on the Battlefield): a 2"x3"
stand of unarmed figures in everyday clothes, in the figures' top-down style (shoulders, head,
no weapon, no helmet), so a mob reads at once as people and never as a fighting unit."""

from __future__ import annotations

import math

import pygame

from game.battlefield.model import Point
from game.client.palette import Colour

STAND_IN = (3.0, 2.0)  # the rulebook's paper stand, long side across the table
CLOTHES: tuple[Colour, ...] = (
    (236, 232, 220),  # white dishdasha
    (196, 176, 140),  # sand
    (120, 136, 160),  # faded blue
    (150, 90, 90),  # maroon scarf
    (90, 110, 90),  # olive jacket
    (210, 200, 170),  # cream
    (70, 70, 80),  # dark coat
)
SPOTS = ((-0.33, -0.22), (0.0, -0.28), (0.33, -0.2), (-0.2, 0.22), (0.15, 0.24), (0.4, 0.2))
"""Where the figures stand on the stand, as fractions of its size from its centre."""


def draw_mob(surface: pygame.Surface, centre: Point, px_per_inch: float, seed: int) -> pygame.Rect:
    """One mob's stand at screen point `centre`; `seed` varies the crowd from mob to mob.
    Returns the stand's rectangle (for the caption below it)."""
    w, h = STAND_IN[0] * px_per_inch, STAND_IN[1] * px_per_inch
    stand = pygame.Rect(0, 0, max(12, round(w)), max(8, round(h)))
    stand.center = (round(centre[0]), round(centre[1]))
    radius = max(2, stand.height // 5)
    pygame.draw.rect(surface, (60, 52, 40), stand, border_radius=radius)
    pygame.draw.rect(surface, (214, 200, 168), stand.inflate(-3, -3), border_radius=radius)
    pygame.draw.rect(surface, (150, 140, 120), stand.inflate(-3, -3), 1, border_radius=radius)
    figure_r = max(2.0, 0.3 * px_per_inch)
    for i, (fx, fy) in enumerate(SPOTS):
        x = stand.centerx + fx * stand.width
        y = stand.centery + fy * stand.height
        clothes = CLOTHES[(seed * 3 + i * 5) % len(CLOTHES)]
        facing = ((seed + i) * 1.3) % (2 * math.pi)
        _person(surface, (x, y), figure_r, facing, clothes)
    return stand


def _person(surface: pygame.Surface, at: Point, r: float, facing: float, clothes: Colour) -> None:
    """A civilian seen from above: shoulders across the facing, bare head, arms at the sides."""
    fx, fy = math.cos(facing), math.sin(facing)
    sx, sy = -fy, fx
    shade = tuple(max(0, c - 45) for c in clothes)
    left = (at[0] - sx * r * 0.8, at[1] - sy * r * 0.8)
    right = (at[0] + sx * r * 0.8, at[1] + sy * r * 0.8)
    width = max(2, round(r * 0.9))
    pygame.draw.line(surface, shade, left, right, width + 2)
    pygame.draw.line(surface, clothes, left, right, width)
    for end in (left, right):
        pygame.draw.circle(surface, clothes, end, width / 2)
    head = (at[0] + fx * r * 0.1, at[1] + fy * r * 0.1)
    pygame.draw.circle(surface, (40, 30, 24), head, r * 0.5)  # dark hair
    pygame.draw.circle(
        surface, (176, 128, 96), (head[0] + fx * r * 0.18, head[1] + fy * r * 0.18), r * 0.22
    )

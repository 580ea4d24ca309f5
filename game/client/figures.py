"""15 mm figures on their 3/4" bases (R2), drawn at the current zoom.

Each figure is a small top-down sprite: the round base, a soldier seen from above (shoulders,
head, weapon) facing away from the unit's centre, and the coloured tell-tale dot on the back of
the base that the rulebook suggests (Rulebook: Differentiating Between Special Figures): yellow
for leaders, red for support weapons. Sprites are drawn once per size and facing, supersampled.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.battlefield.model import Point
from game.client.palette import DEFAULT_PALETTE, Colour, Palette
from game.client.viewmodel import FigureSprite

FACINGS = 16
CIVILIAN_SHIRT: Colour = (70, 130, 225)  # contractors and the POI: no side's colours
CIVILIAN_SHIRT_SHADE: Colour = (36, 66, 130)
_SUPERSAMPLE = 4


def facing_index(angle_rad: float) -> int:
    """Quantise a direction (0 = east, y grows south) to one of `FACINGS` sprite facings."""
    step = 2 * math.pi / FACINGS
    return round(angle_rad / step) % FACINGS


class FigureArt:
    """A cache of figure sprites keyed by look, pixel diameter and facing."""

    def __init__(self, palette: Palette = DEFAULT_PALETTE) -> None:
        self.palette = palette
        self._cache: dict[tuple[str, bool, bool, bool, bool, bool, int, int], pygame.Surface] = {}

    def sprite(self, figure: FigureSprite, diameter_px: int, facing: int) -> pygame.Surface:
        key = (
            figure.side.value,
            figure.is_leader,
            figure.has_support_weapon,
            figure.is_dependant,
            figure.is_fallen,
            figure.is_civilian,
            diameter_px,
            facing % FACINGS,
        )
        cached = self._cache.get(key)
        if cached is None:
            if len(self._cache) > 4000:
                self._cache.clear()
            cached = self._draw(figure, diameter_px, facing % FACINGS)
            self._cache[key] = cached
        return cached

    def _draw(self, figure: FigureSprite, diameter_px: int, facing: int) -> pygame.Surface:
        big = max(4, diameter_px) * _SUPERSAMPLE
        surface = pygame.Surface((big, big), pygame.SRCALPHA)
        c = big / 2
        r = big / 2
        angle = facing * 2 * math.pi / FACINGS
        fwd = (math.cos(angle), math.sin(angle))
        side = (-fwd[1], fwd[0])

        def at(forward: float, across: float) -> tuple[float, float]:
            return (
                c + r * (forward * fwd[0] + across * side[0]),
                c + r * (forward * fwd[1] + across * side[1]),
            )

        if figure.is_fallen:
            self._fallen(surface, figure, at, r)
            return pygame.transform.smoothscale(surface, (diameter_px, diameter_px))
        if figure.is_civilian:
            self._civilian(surface, at, c, r)
            return pygame.transform.smoothscale(surface, (diameter_px, diameter_px))
        scheme = self.palette.side(figure.side)
        if figure.is_dependant:
            base, rim = self.palette.dependant_base, (90, 90, 90)
            body, shade = self.palette.dependant_figure, (190, 190, 186)
        else:
            base, rim, body, shade = scheme.base, scheme.rim, scheme.figure, scheme.figure_shade

        pygame.draw.circle(surface, rim, (c, c), r)
        pygame.draw.circle(surface, base, (c, c), r * 0.84)
        if figure.is_dependant:
            # A casualty or prisoner lying on the base, head towards the facing.
            _capsule(surface, shade, at(-0.42, 0.0), at(0.2, 0.0), r * 0.26)
            _capsule(surface, body, at(-0.38, 0.0), at(0.18, 0.0), r * 0.2)
            pygame.draw.circle(surface, shade, at(0.46, 0.0), r * 0.2)
            pygame.draw.circle(surface, body, at(0.46, 0.0), r * 0.15)
            return pygame.transform.smoothscale(surface, (diameter_px, diameter_px))

        # Weapon first so the arms and head sit on top of it; held across the right side.
        weapon_colour: Colour = (24, 24, 22)
        weapon_len = 0.8 if figure.has_support_weapon else 0.66
        weapon_w = r * (0.15 if figure.has_support_weapon else 0.09)
        _capsule(surface, weapon_colour, at(-0.05, 0.16), at(weapon_len, 0.1), weapon_w)
        # Pack, shoulders (an oval across the facing), arms reaching for the weapon.
        pygame.draw.circle(surface, shade, at(-0.28, 0.0), r * 0.22)
        _capsule(surface, shade, at(-0.02, -0.4), at(-0.02, 0.4), r * 0.25)
        _capsule(surface, body, at(0.0, -0.36), at(0.0, 0.36), r * 0.2)
        _capsule(surface, body, at(0.0, 0.36), at(0.22, 0.16), r * 0.1)
        _capsule(surface, body, at(0.0, -0.36), at(0.42, 0.08), r * 0.1)
        # Head: a helmet for Regulars, a head-scarf for Insurgents (darker than the body).
        pygame.draw.circle(surface, (20, 20, 18), at(0.04, 0.0), r * 0.21)
        pygame.draw.circle(surface, shade, at(0.04, 0.0), r * 0.18)
        pygame.draw.circle(surface, body, at(0.08, -0.03), r * 0.1)
        # Tell-tale dots on the back of the base.
        dot_r = r * 0.22
        if figure.is_leader:
            pygame.draw.circle(surface, (30, 30, 10), at(-0.62, -0.3), dot_r * 1.25)
            pygame.draw.circle(surface, self.palette.leader_dot, at(-0.62, -0.3), dot_r)
        if figure.has_support_weapon:
            pygame.draw.circle(surface, (30, 10, 10), at(-0.62, 0.3), dot_r * 1.25)
            pygame.draw.circle(surface, self.palette.support_dot, at(-0.62, 0.3), dot_r)
        return pygame.transform.smoothscale(surface, (diameter_px, diameter_px))

    def _fallen(self, surface: pygame.Surface, figure: FigureSprite, at: _At, r: float) -> None:
        """A body lying where it fell, no base: a dark stain, the side's colours dulled, arms
        out, the weapon dropped beside it."""
        scheme = self.palette.side(figure.side)
        body, shade = _dulled(scheme.figure), _dulled(scheme.figure_shade)
        stain = pygame.Rect(0, 0, round(r * 1.3), round(r * 0.9))
        stain.center = (round(at(-0.05, 0.1)[0]), round(at(-0.05, 0.1)[1]))
        pygame.draw.ellipse(surface, (70, 20, 16, 150), stain)
        _capsule(surface, (24, 24, 22), at(-0.3, 0.55), at(0.35, 0.7), r * 0.08)  # dropped arms
        _capsule(surface, shade, at(-0.55, -0.12), at(0.25, 0.0), r * 0.24)  # legs to shoulders
        _capsule(surface, body, at(-0.5, -0.1), at(0.22, 0.0), r * 0.18)
        _capsule(surface, body, at(0.15, -0.05), at(0.3, -0.55), r * 0.09)  # flung arm
        _capsule(surface, body, at(0.15, 0.05), at(0.45, 0.4), r * 0.09)
        pygame.draw.circle(surface, shade, at(0.5, 0.0), r * 0.19)
        pygame.draw.circle(surface, body, at(0.52, -0.02), r * 0.12)

    def _civilian(self, surface: pygame.Surface, at: _At, c: float, r: float) -> None:
        """A person on a pale base: a bright shirt, bare head, no weapon, no helmet."""
        p = self.palette
        pygame.draw.circle(surface, (60, 60, 60), (c, c), r)
        pygame.draw.circle(surface, p.dependant_base, (c, c), r * 0.84)
        shirt, shade = CIVILIAN_SHIRT, CIVILIAN_SHIRT_SHADE
        _capsule(surface, shade, at(-0.02, -0.38), at(-0.02, 0.38), r * 0.24)
        _capsule(surface, shirt, at(0.0, -0.34), at(0.0, 0.34), r * 0.19)
        _capsule(surface, shirt, at(0.0, 0.34), at(-0.25, 0.42), r * 0.09)  # arms at the sides
        _capsule(surface, shirt, at(0.0, -0.34), at(-0.25, -0.42), r * 0.09)
        pygame.draw.circle(surface, (40, 30, 24), at(0.02, 0.0), r * 0.2)  # hair
        pygame.draw.circle(surface, (214, 170, 130), at(0.1, 0.0), r * 0.13)  # face


_At = Callable[[float, float], tuple[float, float]]


def _dulled(colour: Colour) -> Colour:
    """A colour greyed and darkened: the fallen read apart from the living at a glance."""
    grey = sum(colour[:3]) / 3
    return tuple(round((0.45 * v + 0.55 * grey) * 0.7) for v in colour[:3])  # type: ignore[return-value]


def _capsule(
    surface: pygame.Surface,
    colour: Colour,
    a: tuple[float, float],
    b: tuple[float, float],
    radius: float,
) -> None:
    pygame.draw.line(surface, colour, a, b, max(1, round(2 * radius)))
    pygame.draw.circle(surface, colour, a, radius)
    pygame.draw.circle(surface, colour, b, radius)


def figure_facing(figure: Point, unit_centre: Point) -> int:
    """Figures look outward from their unit's centre (all-round security); the centre one north."""
    dx, dy = figure[0] - unit_centre[0], figure[1] - unit_centre[1]
    if abs(dx) < 1e-6 and abs(dy) < 1e-6:
        return facing_index(-math.pi / 2)
    return facing_index(math.atan2(dy, dx))

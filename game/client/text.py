"""Cached fonts and text surfaces (rendering text is the slow part of a frame)."""

from __future__ import annotations

import pygame

from game.client.palette import Colour

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_texts: dict[tuple[str, int, bool, Colour, Colour | None], pygame.Surface] = {}
_TEXT_CACHE_LIMIT = 2000


def font(size: int, bold: bool = False) -> pygame.font.Font:
    key = (max(6, size), bold)
    cached = _fonts.get(key)
    if cached is None:
        if not pygame.font.get_init():
            pygame.font.init()
        cached = pygame.font.Font(None, key[0])
        cached.set_bold(bold)
        _fonts[key] = cached
    return cached


def text(
    value: str, size: int, colour: Colour, bold: bool = False, shadow: Colour | None = None
) -> pygame.Surface:
    """A rendered line of text, with a one-pixel drop shadow when `shadow` is given."""
    key = (value, max(6, size), bold, colour, shadow)
    cached = _texts.get(key)
    if cached is not None:
        return cached
    face = font(size, bold)
    front = face.render(value, True, colour)
    if shadow is None:
        surface = front
    else:
        back = face.render(value, True, shadow)
        surface = pygame.Surface((front.get_width() + 1, front.get_height() + 1), pygame.SRCALPHA)
        surface.blit(back, (1, 1))
        surface.blit(front, (0, 0))
    if len(_texts) > _TEXT_CACHE_LIMIT:
        _texts.clear()
    _texts[key] = surface
    return surface

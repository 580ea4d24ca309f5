"""Cached fonts and text surfaces (rendering text is the slow part of a frame)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pygame

from game.client.palette import Colour
from game.client.typed import visible

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
# What to draw instead of a symbol the font has no glyph for (pygame's default font has no
# arrows, and the game's rolls read "d6=2 → Stand"); looked up only for a missing glyph.
FALLBACKS = {"→": "->", "←": "<-", "⇒": "=>", "≥": ">=", "≤": "<=", "−": "-", "—": "-", "×": "x"}
_missing: dict[tuple[int, str], bool] = {}
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


def has_glyph(face: pygame.font.Font, char: str) -> bool:
    """The font draws `char` as itself, not as its "missing" box: told by drawing both."""
    key = (id(face), char)
    known = _missing.get(key)
    if known is None:
        missing = face.render("\ue000", True, (255, 255, 255), (0, 0, 0))
        drawn = face.render(char, True, (255, 255, 255), (0, 0, 0))
        known = _missing[key] = drawn.get_size() == missing.get_size() and pygame.image.tobytes(
            drawn, "RGB"
        ) == pygame.image.tobytes(missing, "RGB")
    return not known


def displayable(value: str, face: pygame.font.Font) -> str:
    """`value` with each symbol the font cannot draw replaced by its plain fallback, and the
    characters that draw as nothing left out (SDL refuses a text of only those)."""
    if value.isascii() and value.isprintable():
        return value
    value = visible(value)
    return "".join(FALLBACKS[c] if c in FALLBACKS and not has_glyph(face, c) else c for c in value)


def guard_widget_fonts() -> None:
    """Make pygame_gui's fonts measure and draw a text of only invisible characters (typed,
    pasted or read from a file) as an empty text, instead of raising "Text has zero width"
    out of the widget and closing the window. Installed once, by the App."""
    from pygame_gui.core import gui_font_pygame

    font_class: Any = gui_font_pygame.GUIFontPygame
    if getattr(font_class, "_zero_width_guarded", False):
        return
    for name in ("get_rect", "render_premul", "render_premul_to", "get_metrics"):
        setattr(font_class, name, _guarded(getattr(font_class, name)))
    font_class._zero_width_guarded = True


def _guarded(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def call(self: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, text, *args, **kwargs)
        except (pygame.error, ValueError):
            cleaned = visible(text)
            if cleaned == text:
                raise
            if cleaned:
                return method(self, cleaned, *args, **kwargs)
            # nothing to draw: a space's height (a line has its height), but no width
            result = method(self, " ", *args, **kwargs)
            if isinstance(result, pygame.Rect):
                result.width = 0
            return result

    return call


def text(
    value: str, size: int, colour: Colour, bold: bool = False, shadow: Colour | None = None
) -> pygame.Surface:
    """A rendered line of text, with a one-pixel drop shadow when `shadow` is given."""
    key = (value, max(6, size), bold, colour, shadow)
    cached = _texts.get(key)
    if cached is not None:
        return cached
    face = font(size, bold)
    value = displayable(value, face)
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


def fit(value: str, size: int, width: int, bold: bool = False) -> str:
    """`value` cut at a word so it draws within `width` pixels, ending in "…" when cut."""
    face = font(size, bold)
    if face.size(displayable(value, face))[0] <= width:
        return value
    ellipsis = "..." if not has_glyph(face, "…") else "…"
    words = value.split(" ")
    while len(words) > 1:
        words.pop()
        shorter = " ".join(words).rstrip(" ,;:·—-") + ellipsis
        if face.size(displayable(shorter, face))[0] <= width:
            return shorter
    cut = value
    while cut and face.size(displayable(cut + ellipsis, face))[0] > width:
        cut = cut[:-1]
    return cut + ellipsis


def wrap(value: str, size: int, width: int, bold: bool = False) -> list[str]:
    """`value` broken at words into lines that each draw within `width` pixels (a word longer
    than the width is cut to fit)."""
    face = font(size, bold)
    lines: list[str] = []
    current = ""
    for word in value.split(" "):
        trial = f"{current} {word}" if current else word
        if face.size(displayable(trial, face))[0] <= width or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return [fit(line, size, width, bold) for line in lines]

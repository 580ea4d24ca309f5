"""The event-log panel: recent lines at the bottom of the battle screen, scrollable.

Drawn by hand rather than with pygame_gui's UITextBox: that widget lays out and re-renders every
line on each append (measured here: 45 ms per line with 100 lines shown, 200 ms with 400), which
a game that logs every roll cannot afford. Here a new line costs one wrap and one cached render.
"""

from __future__ import annotations

import pygame

from game.client import text
from game.client.palette import Colour

BACKGROUND: Colour = (31, 33, 26)
BORDER: Colour = (85, 84, 62)
TEXT: Colour = (224, 220, 196)
SCROLL_BAR: Colour = (120, 116, 86)
FONT_SIZE = 19
PADDING = 8
MAX_LINES = 2000
"""Older lines are dropped (the full log is the engine's event list)."""


class LogPanel:
    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.lines: list[str] = []
        self.rows: list[str] = []  # the lines wrapped to the panel's width
        self.scroll = 0  # rows scrolled up from the newest
        self._wrap_width = self._text_width()

    # -- content ------------------------------------------------------------------------------
    def add(self, line: str) -> None:
        self.lines.append(line)
        new_rows = self._wrap(line)
        self.rows.extend(new_rows)
        if self.scroll:  # reading older lines: keep them still while new ones arrive
            self.scroll += len(new_rows)
        if len(self.lines) > MAX_LINES + MAX_LINES // 4:
            del self.lines[:-MAX_LINES]
            self._rewrap()
        self._clamp()

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        if self._text_width() != self._wrap_width:
            self._wrap_width = self._text_width()
            self._rewrap()
        self._clamp()

    # -- scrolling ----------------------------------------------------------------------------
    @property
    def visible_count(self) -> int:
        return max(1, (self.rect.height - 2 * PADDING) // self._line_height())

    def visible_rows(self) -> list[str]:
        end = len(self.rows) - self.scroll
        return self.rows[max(0, end - self.visible_count) : end]

    def scroll_by(self, rows: int) -> None:
        """Positive: towards older lines."""
        self.scroll += rows
        self._clamp()

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BORDER, self.rect)
        surface.fill(BACKGROUND, self.rect.inflate(-2, -2))
        height = self._line_height()
        y = self.rect.top + PADDING
        blits = [
            (text.text(row, FONT_SIZE, TEXT), (self.rect.left + PADDING, y + i * height))
            for i, row in enumerate(self.visible_rows())
        ]
        surface.fblits(blits)
        if len(self.rows) > self.visible_count:
            track = self.rect.inflate(0, -2 * PADDING)
            share = self.visible_count / len(self.rows)
            bar_h = max(12, round(track.height * share))
            top_share = (len(self.rows) - self.scroll - self.visible_count) / len(self.rows)
            bar_y = track.top + round(track.height * top_share)
            bar = pygame.Rect(self.rect.right - 7, bar_y, 4, bar_h)
            surface.fill(SCROLL_BAR, bar.clip(track))

    # -- helpers ------------------------------------------------------------------------------
    def _text_width(self) -> int:
        return max(40, self.rect.width - 2 * PADDING - 10)

    def _line_height(self) -> int:
        return text.font(FONT_SIZE).get_linesize() + 3

    def _wrap(self, line: str) -> list[str]:
        face = text.font(FONT_SIZE)
        line = text.displayable(line, face)  # measured as it will be drawn
        width = self._wrap_width
        if face.size(line)[0] <= width:
            return [line]
        rows: list[str] = []
        current = ""
        for word in line.split(" "):
            candidate = f"{current} {word}" if current else word
            if face.size(candidate)[0] <= width or not current:
                current = candidate
            else:
                rows.append(current)
                current = word
        rows.append(current)
        return rows

    def _rewrap(self) -> None:
        self.rows = [row for line in self.lines for row in self._wrap(line)]

    def _clamp(self) -> None:
        self.scroll = min(max(0, self.scroll), max(0, len(self.rows) - self.visible_count))

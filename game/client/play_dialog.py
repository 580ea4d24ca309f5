"""The small dialog for decisions not answered on the board (keys 1-9).

Methods of `PlayScene` (game/client/play.py), written as functions of the scene and bound
in its class body.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from game.client import orders
from game.client.play_consts import (
    BOARD_KINDS,
)
from game.client.play_interrupts import interrupt_points
from game.i18n import retell

if TYPE_CHECKING:
    from game.client.play import PlayScene


def _sync_dialog(self: PlayScene) -> None:
    pending = self.session.engine.pending
    if pending is None or pending.kind in BOARD_KINDS:
        self._kill_dialog()
        return
    if self.dialog_for == pending.id and self.dialog_panel is not None:
        return
    self._build_dialog()


def _build_dialog(self: PlayScene) -> None:
    self._kill_dialog()
    pending = self.session.engine.pending
    if pending is None:
        return
    manager = self.app.manager
    options = list(pending.options)[:9]
    labels = [
        f"{i + 1}. {label}"
        for i, label in enumerate(orders.describe_options(self.session.engine, options))
    ]
    vp = self.layout.viewport
    # as wide as the longest label needs (moves are marked on the map: keep it in view)
    button_font = manager.get_theme().get_font(["button"])
    longest = max((button_font.size(label)[0] for label in labels), default=0)
    width = min(560, vp.width - 40, max(320, longest + 40))
    # the prompt whole: as many lines as it wraps to (found in play: cut in a two-line box)
    prompt_font = manager.get_theme().get_font(["text_box"])
    prompt = retell(pending.prompt)  # the engine's English, in the language in use
    lines = _wrapped_lines(prompt, prompt_font, width - 70)  # bold, a scroll bar
    top = 22 + max(2, lines) * (prompt_font.size("Ag")[1] + 6)
    height = top + 34 * len(options) + 8
    table = pygame.Rect(vp.left, vp.top, vp.width, vp.height)
    rect = dialog_rect(table, (width, height), _dialog_avoids(self, options))
    panel = UIPanel(rect, manager=manager, object_id="#decision")
    UITextBox(
        f"<b>{html.escape(prompt)}</b>",
        pygame.Rect(4, 2, width - 14, top - 2),
        manager,
        container=panel,
    )
    self.dialog_buttons = []
    for i, (option, label) in enumerate(zip(options, labels, strict=True)):
        whole = button_font.size(label)[0] <= width - 40
        button = UIButton(
            pygame.Rect(8, top + 34 * i, width - 20, 30),
            label,
            manager,
            container=panel,
            tool_tip_text=None if whole else label,  # the whole label, when it is cut
        )
        self.dialog_buttons.append((button, option))
    self.dialog_panel = panel
    self.dialog_for = pending.id
    self.dialog_options = options
    self.say(prompt)


def _wrapped_lines(text: str, font: Any, width: int) -> int:
    """How many lines `text` takes in `font` wrapped at `width` pixels."""
    lines, line = 1, ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and font.size(trial)[0] > width:
            lines, line = lines + 1, word
        else:
            line = trial
    return lines


def _dialog_avoids(self: PlayScene, options: list[Any]) -> list[tuple[tuple[int, int], int]]:
    """Screen points the dialog should not cover, with weights: the options' spots and the
    units the decision is about first, every other figure after."""
    engine = self.session.engine
    pending = engine.pending
    context = dict(pending.context or {}) if pending is not None else {}
    named = {str(v) for v in context.values() if isinstance(v, str)}
    named |= {str(getattr(o, "unit", "")) for o in options}
    avoid: list[tuple[tuple[int, int], int]] = []
    for option in options:
        point = orders.choice_point(option)
        if point is not None:
            avoid.append((self._to_screen(point), 10))
    for point, _ in interrupt_points(engine, options):
        avoid.append((self._to_screen(point), 10))
    for unit in engine.state.units.values():
        if unit.on_table:
            weight = 10 if unit.id in named else 1
            avoid += [(self._to_screen((f.x, f.y)), weight) for f in unit.figures]
    return avoid


def dialog_rect(
    viewport: pygame.Rect, size: tuple[int, int], avoid: list[tuple[tuple[int, int], int]]
) -> pygame.Rect:
    """Where the dialog goes: the corner of the table view covering the least of what it talks
    about (found in play: it hid the cover spots, a group and the exit on the west side)."""
    corners = ("bottomleft", "bottomright", "topleft", "topright")
    best: tuple[int, int, pygame.Rect] | None = None
    for order, corner in enumerate(corners):
        rect = pygame.Rect((0, 0), size)
        inner = pygame.Rect(viewport.left + 8, viewport.top + 8, viewport.w - 16, viewport.h - 48)
        setattr(rect, corner, getattr(inner, corner))
        margin = rect.inflate(24, 24)
        covered = sum(weight for point, weight in avoid if margin.collidepoint(point))
        if best is None or (covered, order) < best[:2]:
            best = (covered, order, rect)
    assert best is not None
    return best[2]


def _kill_dialog(self: PlayScene) -> None:
    if self.dialog_panel is not None:
        self.dialog_panel.kill()
    self.dialog_panel = None
    self.dialog_buttons = []
    self.dialog_for = None
    self.dialog_options = []


def answer(self: PlayScene, index: int) -> None:
    if self.human_seat() is not None and 0 <= index < len(self.dialog_options):
        self.give(self.dialog_options[index])

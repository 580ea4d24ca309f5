"""The small dialog for decisions not answered on the board (keys 1-9).

Methods of `PlayScene` (game/client/play.py), written as functions of the scene and bound
in its class body.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from game.client import orders
from game.client.play_consts import (
    BOARD_KINDS,
)

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
    height = 76 + 34 * len(options) + 8
    rect = pygame.Rect(0, 0, width, height)
    rect.bottomleft = (vp.left + 8, vp.top + vp.height - 40)
    panel = UIPanel(rect, manager=manager, object_id="#decision")
    UITextBox(
        f"<b>{html.escape(pending.prompt)}</b>",
        pygame.Rect(4, 2, width - 14, 72),
        manager,
        container=panel,
    )
    self.dialog_buttons = []
    for i, (option, label) in enumerate(zip(options, labels, strict=True)):
        whole = button_font.size(label)[0] <= width - 40
        button = UIButton(
            pygame.Rect(8, 74 + 34 * i, width - 20, 30),
            label,
            manager,
            container=panel,
            tool_tip_text=None if whole else label,  # the whole label, when it is cut
        )
        self.dialog_buttons.append((button, option))
    self.dialog_panel = panel
    self.dialog_for = pending.id
    self.dialog_options = options
    self.say(pending.prompt)


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

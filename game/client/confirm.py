"""A yes/no question over the dimmed screen: Enter or Y confirms, Esc or N cancels."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from game.client.scenes import Overlay, Scene
from game.client.settings import current_settings
from game.i18n import _


class ConfirmScene(Overlay):
    """Ask `question`; `on_yes` runs (after the question is gone) only when confirmed."""

    def __init__(self, below: Scene | None, question: str, on_yes: Callable[[], object]) -> None:
        super().__init__(below)
        self.question = question
        self.on_yes = on_yes
        self.answered: bool | None = None
        self.widgets: list[UILabel | UIButton] = []
        self.yes: UIButton | None = None
        self.no: UIButton | None = None

    def build_ui(self, manager: pygame_gui.UIManager) -> None:
        w, h = self.app.size
        box = pygame.Rect((w - 560) // 2, h // 2 - 60, 560, 120)
        self.yes = UIButton(
            pygame.Rect(box.centerx - 170, box.top + 60, 160, 40),
            _("Yes [Enter]"),
            manager,
            tool_tip_text=_("Do it"),
        )
        self.no = UIButton(
            pygame.Rect(box.centerx + 10, box.top + 60, 160, 40),
            _("No [Esc]"),
            manager,
            tool_tip_text=_("Go back without doing it"),
        )
        self.widgets = [
            UILabel(pygame.Rect(box.left, box.top, box.width, 40), self.question, manager)
        ]
        self.widgets += [self.yes, self.no]

    def clear_ui(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets = []

    def answer(self, yes: bool) -> None:
        if self.answered is not None:
            return
        self.answered = yes
        self.app.pop()
        if yes:
            self.on_yes()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in (self.yes, self.no):
            self.answer(event.ui_element is self.yes)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                self.answer(True)
            elif event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.answer(False)


def confirm_end_activation(scene: Scene, unit_name: str, end: Callable[[], object]) -> None:
    """End an activation, first asking when the "confirm ending an activation" setting is on."""
    if not current_settings().confirm_end_activation:
        end()
        return
    scene.app.push(
        ConfirmScene(scene, _("End the activation of {unit}?").format(unit=unit_name), end)
    )

"""The end-of-game screen: the victory points item by item and the margin of victory.

The items are the scenario's own score lines (the engine's `GameEnd` event carries them); the
margin comes from the engine's result (Rulebook: Victory Points; the margin table of
`game.rules.victory`).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox

from game.client.menu import draw_menu_background
from game.client.scenes import Scene
from game.engine.protocol import EventKind

WINNERS = {"regular": "Regular victory", "insurgent": "Insurgent victory", "none": "Nobody wins"}


@dataclass(frozen=True)
class GameSummary:
    title: str
    turns: int
    reason: str
    vp_regular: int
    vp_insurgent: int
    margin: str
    winner: str
    items: tuple[str, ...]

    @property
    def headline(self) -> str:
        return f"{self.margin} — {WINNERS.get(self.winner, self.winner)}"


def summary_of(
    state_title: str, result: dict[str, Any], events: list[dict[str, Any]]
) -> GameSummary:
    """The summary of a finished game from its result and its GameEnd event."""
    end = next((e for e in reversed(events) if e.get("kind") == EventKind.GAME_END), None)
    data = (end or {}).get("data", {}) or {}
    items = tuple(str(line) for line in data.get("breakdown", ()))
    return GameSummary(
        title=state_title,
        turns=int(result.get("turns", 0)),
        reason=str(result.get("reason", "")),
        vp_regular=int(result.get("vp_regular", data.get("vp_regular", 0))),
        vp_insurgent=int(result.get("vp_insurgent", data.get("vp_insurgent", 0))),
        margin=str(result.get("margin", data.get("margin", ""))),
        winner=str(result.get("winner", data.get("winner", "none"))),
        items=items,
    )


def summary_html(summary: GameSummary) -> str:
    diff = summary.vp_regular - summary.vp_insurgent
    lines = [
        f"<font size=6><b>{html.escape(summary.headline)}</b></font>",
        "",
        f"{html.escape(summary.title)} — game over after turn {summary.turns}: "
        f"{html.escape(summary.reason)}.",
        "",
        "<b>Victory points</b>",
        *(f"• {html.escape(item)}" for item in summary.items),
        "",
        f"<b>Regulars {summary.vp_regular} VP · Insurgents {summary.vp_insurgent} VP</b>",
        f"Margin of victory: {abs(diff)} VP, <b>{html.escape(summary.margin)}</b>",
        "",
        "<i>Enter or Esc: back to the menu</i>",
    ]
    return "<br>".join(lines)


class EndGameScene(Scene):
    def __init__(self, summary: GameSummary) -> None:
        self.summary = summary
        self.box: UITextBox | None = None
        self.button: UIButton | None = None

    def build_ui(self, manager: pygame_gui.UIManager) -> None:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(760, w - 80), min(460, h - 240))
        rect.center = (w // 2, h // 2 + 40)
        self.box = UITextBox(summary_html(self.summary), rect, manager, object_id="#end_game")
        self.button = UIButton(
            pygame.Rect(rect.centerx - 110, rect.bottom + 12, 220, 40),
            "Back to the menu",
            manager,
            tool_tip_text="Leave the game (the autosave keeps it)",
        )

    def clear_ui(self) -> None:
        for element in (self.box, self.button):
            if element is not None:
                element.kill()
        self.box = self.button = None

    def to_menu(self) -> None:
        """Leave the end screen and the game under it (back to whatever opened the game)."""
        self.app.pop()
        top = self.app.stack.top
        if top is not None and hasattr(top, "session"):
            self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key
            in (
                pygame.K_RETURN,
                pygame.K_ESCAPE,
                pygame.K_KP_ENTER,
            )
        ) or (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button):
            self.to_menu()

    def draw(self, surface: pygame.Surface) -> None:
        draw_menu_background(surface, "GAME OVER", self.summary.title)

"""The end-of-game screen: the victory points item by item and the margin of victory, and, for
a game at hand, the after-action report (`game.report`: units, objectives, the VP chart, the luck
ledger) with its buttons: Replay, Save report, New game, Back to the menu.

The items are the scenario's own score lines (the engine's `GameEnd` event carries them); the
margin comes from the engine's result (Rulebook: Victory Points; the margin table of
`game.rules.victory`).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox

from game.client.menu import draw_menu_background
from game.client.scenes import Scene
from game.engine.difficulty import LABELS
from game.engine.protocol import EventKind
from game.i18n import N_, _, narr

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.report import AfterAction

WINNERS = {
    "regular": N_("Regular victory"),
    "insurgent": N_("Insurgent victory"),
    "none": N_("Nobody wins"),
}


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
    difficulty: str = "book"  # R132-R134
    insurgents: str = ""  # --- difficulty (issue 17 §3, R332): who played them ("" not shown)

    @property
    def headline(self) -> str:
        margin = narr(self.margin)
        return f"{margin[:1].upper()}{margin[1:]} — {_(WINNERS.get(self.winner, self.winner))}"


def summary_of(
    state_title: str,
    result: dict[str, Any],
    events: list[dict[str, Any]],
    difficulty: str = "book",
    insurgents: str = "",
) -> GameSummary:
    """The summary of a finished game from its result and its GameEnd event."""
    end = next((e for e in reversed(events) if e.get("kind") == EventKind.GAME_END), None)
    data = (end or {}).get("data", {}) or {}
    from game.report import item_words  # told as the report tells them (polish round 7)

    items = tuple(
        ", ".join(item_words(item) for item in str(line).split(", "))
        for line in data.get("breakdown", ())
    )
    return GameSummary(
        title=state_title,
        turns=int(result.get("turns", 0)),
        reason=str(result.get("reason", "")),
        vp_regular=int(result.get("vp_regular", data.get("vp_regular", 0))),
        vp_insurgent=int(result.get("vp_insurgent", data.get("vp_insurgent", 0))),
        margin=str(result.get("margin", data.get("margin", ""))),
        winner=str(result.get("winner", data.get("winner", "none"))),
        items=items,
        difficulty=difficulty,
        insurgents=insurgents,
    )


def summary_html(summary: GameSummary) -> str:
    diff = summary.vp_regular - summary.vp_insurgent
    lines = [
        f"<font size=6><b>{html.escape(summary.headline)}</b></font>",
        "",
        _("{title} — game over after turn {turn}: {reason}.").format(
            title=html.escape(summary.title),
            turn=summary.turns,
            reason=html.escape(summary.reason),
        ),
        difficulty_html(summary),
        "",
        "<b>" + _("Victory points") + "</b>",
        *(f"• {html.escape(item)}" for item in summary.items),
        "",
        "<b>"
        + _("Regulars {regular} VP · Insurgents {insurgent} VP").format(
            regular=summary.vp_regular, insurgent=summary.vp_insurgent
        )
        + "</b>",
        _("Margin of victory: {n} VP, <b>{margin}</b>").format(
            n=abs(diff), margin=html.escape(narr(summary.margin))
        ),
        "",
        "<i>" + _("Enter or Esc: back to the menu") + "</i>",
    ]
    return "<br>".join(lines)


def difficulty_html(summary: GameSummary) -> str:
    """ "Difficulty: Brutal · Insurgents: Commander" (R134, R332): the end screen and the
    after-action report both show it."""
    return _("Difficulty: {level}").format(
        level=html.escape(_(LABELS.get(summary.difficulty, summary.difficulty)))
    ) + insurgents_note(summary.insurgents)


def insurgents_note(name: str) -> str:
    """ " · Insurgents: Commander" after the difficulty (R332); nothing when not known."""
    from game.client.setup_config import INSURGENT_AI_LABELS

    if name not in INSURGENT_AI_LABELS:
        return ""
    return " · " + _("Insurgents: {who}").format(who=html.escape(_(INSURGENT_AI_LABELS[name])))


class EndGameScene(Scene):
    """The end screen; with the game's engine it shows the after-action report beside."""

    def __init__(self, summary: GameSummary, engine: Engine | None = None) -> None:
        self.summary = summary
        self.engine = engine
        self.report: AfterAction | None = None
        if engine is not None:
            from game.report import after_action

            self.report = after_action(engine)
        self.box: UITextBox | None = None
        self.button: UIButton | None = None
        self.buttons: dict[str, UIButton] = {}
        self.status = ""
        self.chart_rects: tuple[pygame.Rect, pygame.Rect] | None = None

    def build_ui(self, manager: pygame_gui.UIManager) -> None:
        if self.report is not None:
            self._build_report_ui(manager)
            return
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(760, w - 80), min(460, h - 240))
        rect.center = (w // 2, h // 2 + 40)
        self.box = UITextBox(summary_html(self.summary), rect, manager, object_id="#end_game")
        self.button = UIButton(
            pygame.Rect(rect.centerx - 110, rect.bottom + 12, 220, 40),
            _("Back to the menu"),
            manager,
            tool_tip_text=_("Leave the game (the autosave keeps it)"),
        )

    def _build_report_ui(self, manager: pygame_gui.UIManager) -> None:
        from game.client.report_view import report_html

        assert self.report is not None
        w, h = self.app.size
        top, bottom = round(h * 0.2), h - 70
        left = pygame.Rect(20, top, max(300, round(w * 0.56)), bottom - top)
        right_w = w - left.right - 40
        half = (bottom - top - 10) // 2
        self.chart_rects = (
            pygame.Rect(left.right + 20, top, right_w, half),
            pygame.Rect(left.right + 20, top + half + 10, right_w, half),
        )
        self.box = UITextBox(
            report_html(self.report, difficulty_html(self.summary)),
            left,
            manager,
            object_id="#end_game",
        )
        labels = (
            ("replay", _("Replay"), _("Step through this game again, forward and back")),
            ("save", _("Save report"), _("Write the report and the full log to a text file")),
            ("new", _("New game"), _("Set up another game")),
            ("menu", _("Back to the menu"), _("Leave the game (the autosave keeps it)")),
        )
        bw = min(200, (w - 40) // len(labels) - 10)
        x = (w - len(labels) * (bw + 10)) // 2
        for key, label, tip in labels:
            self.buttons[key] = UIButton(
                pygame.Rect(x, bottom + 14, bw, 40), label, manager, tool_tip_text=tip
            )
            x += bw + 10
        self.button = self.buttons["menu"]

    def clear_ui(self) -> None:
        for element in (self.box, self.button, *self.buttons.values()):
            if element is not None:
                element.kill()
        self.box = self.button = None
        self.buttons = {}

    def to_menu(self) -> None:
        """Leave the end screen and the game under it (back to whatever opened the game)."""
        self.app.pop()
        top = self.app.stack.top
        if top is not None and hasattr(top, "session"):
            self.app.pop()

    def new_game(self) -> None:
        from game.client.setup import SetupScene

        self.to_menu()
        self.app.push(SetupScene())

    def save_report(self) -> Path | None:
        """Write the report with the full log and the AI's reasons; the path, or None."""
        from game.client.report_view import report_path, save_report
        from game.report import report_text
        from game.save import data_dir

        if self.report is None or self.engine is None:
            return None
        path = report_path(data_dir(), self.report, self.engine.state.seed)
        self.status = save_report(path, report_text(self.report, self.engine.notes))
        return path if self.status == _("Report saved: {path}").format(path=path) else None

    def replay(self) -> None:
        from game.client.catalogue import MapOpenError
        from game.client.replay import ReplayScene

        if self.engine is None:
            return
        try:
            scene = ReplayScene.of_engine(self.engine)
        except (MapOpenError, ValueError, OSError) as exc:  # a map gone, a game that differs
            self.status = _("cannot replay this game: {problem}").format(problem=exc)
            return
        self.app.push(scene)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_ESCAPE,
            pygame.K_KP_ENTER,
        ):
            self.to_menu()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.button:
                self.to_menu()
            elif event.ui_element is self.buttons.get("save"):
                self.save_report()
            elif event.ui_element is self.buttons.get("new"):
                self.new_game()
            elif event.ui_element is self.buttons.get("replay"):
                self.replay()

    def draw(self, surface: pygame.Surface) -> None:
        draw_menu_background(surface, _("GAME OVER"), narr(self.summary.title))
        if self.report is not None and self.chart_rects is not None:
            from game.client import text
            from game.client.report_view import draw_luck_chart, draw_vp_chart

            draw_vp_chart(surface, self.chart_rects[0], self.report.vp_by_turn)
            draw_luck_chart(surface, self.chart_rects[1], self.report.luck)
            if self.status:
                line = text.text(self.status, 14, (230, 230, 210))
                w, h = surface.get_size()
                surface.blit(line, line.get_rect(midbottom=(w // 2, h - 2)))

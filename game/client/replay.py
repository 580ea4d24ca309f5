"""The replay screen: a finished or saved game, stepped through forward and back by event,
activation or turn, the board as it was (`game.replay.Replay`), the log with the AI's reasons.

Opened from the end screen's Replay button and from the main menu's "Replay a save…" (the list
of saves). It reads snapshots and never changes a game.
"""

from __future__ import annotations

import html
from dataclasses import replace
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.client import saves
from game.client.adapter import view_from_game
from game.client.battle import BattleScene
from game.client.camera import Viewport
from game.client.catalogue import MapOpenError, OpenedMap, open_map
from game.client.log_panel import LogPanel
from game.client.play_consts import CARD_BG
from game.client.saves_ui import ERROR_COLOUR, LoadScene
from game.client.viewmodel import BattleView
from game.engine.engine import Engine
from game.i18n import N_, _
from game.replay import Replay
from game.save import SaveError

BUTTON_ROW = 50
"""The strip under the map that holds the step buttons (pixels)."""

LOG_LINES = 200
"""The log panel shows the last lines up to the event on the board (the saved report has all)."""

REPLAY_HELP = N_(
    "Replay: ←/→ one event · Shift+←/→ one activation · Ctrl+←/→ one turn · "
    "WASD or drag: pan · Esc: leave"
)

BUTTONS = (
    ("turn", -1, N_("<< Turn"), N_("Back to the start of this turn (or the one before): Ctrl+←")),
    ("activation", -1, N_("< Unit"), N_("Back one activation: Shift+←")),
    ("event", -1, N_("< Event"), N_("Back one event: ←")),
    ("event", 1, N_("Event >"), N_("Forward one event: →")),
    ("activation", 1, N_("Unit >"), N_("Forward to the next activation: Shift+→")),
    ("turn", 1, N_("Turn >>"), N_("Forward to the next turn: Ctrl+→")),
)


class ReplayScene(BattleScene):
    def __init__(self, replay: Replay, opened: OpenedMap, *, position: int = 0) -> None:
        self.replay = replay
        self._view: BattleView | None = None
        self._view_at = -1
        super().__init__(opened, view_provider=self.current_view, title=replay.title)
        self.buttons: list[tuple[UIButton, str, int]] = []
        replay.go(position)

    @classmethod
    def of_engine(cls, engine: Engine) -> ReplayScene:
        """The replay of a game at hand (the end screen's Replay), from its first event."""
        return cls(Replay(engine), open_map(Path(engine.state.map_path)))

    @classmethod
    def of_save(cls, path: Path) -> ReplayScene:
        """The replay of a save; SaveError (one line naming the file) when it cannot be read."""
        replay = Replay.of_save(path)
        return cls(replay, open_map(Path(replay.battlefield.path)))

    # -- the view ------------------------------------------------------------------------------
    def current_view(self) -> BattleView:
        replay = self.replay
        if self._view is None or self._view_at != replay.position:
            state = replay.state()
            reg, ins, _margin = replay.scenario.score(state)
            view = view_from_game(state, score=(reg, ins), terrain=replay.terrain)
            where = _("Replay: event {n} of {count}").format(
                n=replay.position + 1, count=len(replay)
            )
            self._view = replace(view, phase_text=where)
            self._view_at = replay.position
        return self._view

    def _refill_log(self) -> None:
        self.log_panel = LogPanel(self.layout.log)
        for line in self.replay.log(limit=LOG_LINES):
            self.log_panel.add(f"    {line.text}" if line.note else line.text)

    # -- life cycle ----------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.resize(self.app.size)
        self.camera.fit()
        self._refill_log()
        self.log(_(REPLAY_HELP))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        # the map above the row of step buttons, so they cover none of it
        vp = self.layout.viewport
        self.camera.set_viewport(
            Viewport(vp.left, vp.top, vp.width, max(vp.height // 2, vp.height - BUTTON_ROW))
        )
        self._refill_log()

    def build_ui(self, manager: pygame_gui.UIManager) -> None:
        super().build_ui(manager)
        vp = self.layout.viewport
        width = min(110, (vp.width - 20) // len(BUTTONS) - 6)
        x = vp.left + (vp.width - len(BUTTONS) * (width + 6)) // 2
        y = vp.top + vp.height - 44
        for how, step, label, tip in BUTTONS:
            button = UIButton(pygame.Rect(x, y, width, 36), _(label), manager, tool_tip_text=_(tip))
            self.buttons.append((button, how, step))
            x += width + 6

    def clear_ui(self) -> None:
        super().clear_ui()
        for button, _how, _step in self.buttons:
            button.kill()
        self.buttons = []

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(CARD_BG, self.layout.card)  # the screen below may show through the card
        vp, map_vp = self.layout.viewport, self.camera.viewport
        strip = pygame.Rect(
            vp.left, map_vp.top + map_vp.height, vp.width, vp.height - map_vp.height
        )
        surface.fill(CARD_BG, strip)  # under the step buttons
        super().draw(surface)

    # -- stepping ------------------------------------------------------------------------------
    def step(self, how: str, step: int) -> int:
        """Move by one event, activation or turn (`how`), forward (1) or back (-1)."""
        before = self.replay.position
        if how == "turn":
            self.replay.step_turn(step)
        elif how == "activation":
            self.replay.step_activation(step)
        else:
            self.replay.step_event(step)
        if self.replay.position != before:
            self._refill_log()
        return self.replay.position

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for button, how, step in self.buttons:
                if event.ui_element is button:
                    self.step(how, step)
                    return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_RIGHT else -1
            mod = getattr(event, "mod", 0)
            if mod & pygame.KMOD_CTRL:
                self.step("turn", step)
            elif mod & pygame.KMOD_SHIFT:
                self.step("activation", step)
            else:
                self.step("event", step)
            return
        super().handle_event(event)


class ReplayListScene(LoadScene):
    """The saved games, each opened on the replay screen instead of resumed."""

    title = N_("Replay a save")
    subtitle = N_("Choose a game to step through")

    def load(self, info: saves.SaveInfo) -> bool:
        if not info.readable:
            self.describe(info)
            return False
        try:
            scene = ReplayScene.of_save(info.path)
        except (SaveError, MapOpenError, ValueError, OSError) as exc:
            self.set_details(f"<font color='{ERROR_COLOUR}'>{html.escape(str(exc))}</font>")
            return False
        self.app.push(scene)
        return True

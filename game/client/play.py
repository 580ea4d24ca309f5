"""The playable battle screen: C's battle screen bound to a `GameSession`.

The human seat commands its fireteams with the mouse and keys; every order is first asked of the
engine (`orders.check`) and an illegal one only earns a line in the status bar. AI seats answer
their decisions one at a time while `Playback` shows what happened at the player's pace. Other
decisions the engine puts to a human (react, seek cover, which Overwatch units fire…) get a small
dialog listing the legal answers (keys 1-9).
"""

from __future__ import annotations

import math
from contextlib import ExitStack
from dataclasses import replace
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel

from game.battlefield.model import Point
from game.client import orders, play_card, play_dialog, play_draw, play_input, play_orders
from game.client.adapter import view_from_game
from game.client.battle import BattleScene
from game.client.camera import Viewport
from game.client.card_fit import fit_card_text
from game.client.catalogue import OpenedMap
from game.client.endgame import EndGameScene, summary_of
from game.client.handoff import HandoffScene, hand_off_first, handoff_due
from game.client.move_checks import ExitPreview
from game.client.play_consts import (
    ACTIONS,
    BLOCKED_COLOUR,
    BOARD_KINDS,
    BUTTON_ROW,
    CARD_BG,
    CAUTIOUS_COLOUR,
    ERROR_TEXT,
    KEYS,
    LABEL_WIDTH,
    PATH_CASING,
    PLAY_HELP,
    RAPID_COLOUR,
    SPOTLIGHT_COLOUR,
    STATUS_BG,
    STATUS_STRIP,
    STATUS_TEXT,
    TARGET_COLOUR,
    TARGET_RING_INCHES,
    load_settings,
)
from game.client.play_risk import plan_move_extras
from game.client.play_start import advance_to_turn
from game.client.playback import Beat, Playback, beat_of
from game.client.risk import RiskPreview
from game.client.session import GameSession, Seat, SessionConfig
from game.client.sound import loudest
from game.client.top_bar import top_bar_text
from game.client.vehicle_input import VehiclePlan  # --- vehicles (issue 20)
from game.client.viewmodel import BattleView
from game.client.words import PACE_NAMES
from game.engine.commands import (
    Command,
)
from game.i18n import _
from game.steady_gc import Collector, steady_collector


class PlayScene(BattleScene):
    """The battle screen of a game in progress."""

    # the screen's topics live in their own modules (play_orders, play_input, ...)
    human_seat = play_orders.human_seat
    give = play_orders.give
    _ordered_unit = play_orders._ordered_unit
    _select_at_phase_start = play_orders._select_at_phase_start
    select_default_unit = play_orders.select_default_unit
    order = play_orders.order
    _key = play_input._key
    _click = play_input._click
    _waiting_for_handoff = play_input._waiting_for_handoff
    _split_click = play_input._split_click
    _commit_move = play_input._commit_move
    _sync_dialog = play_dialog._sync_dialog
    _build_dialog = play_dialog._build_dialog
    _kill_dialog = play_dialog._kill_dialog
    answer = play_dialog.answer
    card_markup = play_card.card_markup
    activation_summary = play_card.activation_summary
    _card_target = play_card._card_target
    _to_screen = play_draw._to_screen
    _selected_own = play_draw._selected_own
    _draw_reach = play_draw._draw_reach
    _ring_radius = play_draw._ring_radius
    _draw_targets = play_draw._draw_targets
    _draw_move_plan = play_draw._draw_move_plan
    _draw_los = play_draw._draw_los
    _draw_choice_points = play_draw._draw_choice_points
    _draw_spotlight = play_draw._draw_spotlight
    _draw_status = play_draw._draw_status
    _label = play_draw._label
    _target_figure_rects = play_draw._target_figure_rects

    def __init__(self, opened: OpenedMap, session: GameSession) -> None:
        self.session = session
        self._collector = ExitStack()  # holds the steady collector while the battle is shown
        self._gc: Collector | None = None
        self._settled_turn = session.engine.state.turn
        self._view_key: tuple[int, int, str] | None = None
        self._view: BattleView | None = None
        from game.client.settings import chosen_palette  # the colour-scheme setting

        super().__init__(opened, view_provider=self.current_view, palette=chosen_palette())
        settings = load_settings()
        pace = session.config.pace
        self.show_odds = bool(getattr(settings, "show_odds", True))
        self.playback = Playback(pace)
        self.mode = "select"
        self._threaded_ai: bool | None = None
        self._card_repaint = 2  # frames left to clear behind the card (its box is see-through)
        self.splitting = False
        self.split_targets: list[str] = []
        self._fire_plan_key: tuple[str, bool, str | None] | None = None
        self.status = ""
        self.status_is_error = False
        self._status_decision: int | None = None
        self.fed_events = 0
        self.fed_notes = 0
        self.last_human: Seat | None = None  # the person who took the computer last
        self._phase_seen: tuple[int, str, str] | None = None  # the turn, phase and player shown
        self.hand_off_first = hand_off_first(session)
        self.ended = False
        self.move_plan: orders.MovePreview | None = None
        self.move_exit: ExitPreview | None = None  # the plan leaves the table
        self.move_risk: RiskPreview | None = None  # who could interrupt it, and the odds
        self.force_rate: str | None = None
        self.vehicle_plan = VehiclePlan()  # vehicles (issue 20): waypoints, a way out
        self.fire_plan: orders.FirePreview | None = None
        self.preview_text = ""
        self.call_asset, self._call_key = "", ""  # support assets (issue 19): play_support
        self.preview_rect: pygame.Rect | None = None  # where the preview box was drawn
        self.los_start: Point | None = None
        self.los_start_unit: str | None = None
        self.los_probe: orders.SightProbe | None = None
        self.los_text = ""
        self._reach_key: tuple[Any, ...] | None = None
        self._reach: tuple[list[Point], list[Point]] = ([], [])
        self._reach_screen: tuple[Any, list[list[tuple[int, int]]]] = (None, [[], []])
        self._targets_key: tuple[Any, ...] | None = None
        self._targets: dict[str, str] = {}
        self._card_key: tuple[Any, ...] | None = None
        self.buttons: dict[str, UIButton] = {}
        self.button_panel: UIPanel | None = None
        self.dialog_panel: UIPanel | None = None
        self.dialog_buttons: list[tuple[UIButton, Command]] = []
        self.dialog_for: int | None = None
        self.dialog_options: list[Command] = []

    # -- the view ------------------------------------------------------------------------------
    def current_view(self) -> BattleView:
        engine = self.session.engine
        state = engine.state
        key = (len(state.events), state.decisions_asked, state.phase)
        # the player named can change with no event (a co-op pass, an AI's seat taken over):
        # the phase text is asked afresh (found in play: the top bar named the wrong player)
        phase_text = self.phase_text()
        if key != self._view_key or self._view is None:
            vp_reg, vp_ins, _margin = self.session.score()
            view = view_from_game(state, score=(vp_reg, vp_ins), terrain=engine.terrain)
            self._view = replace(view, phase_text=phase_text)
            self._view_key = key
        elif self._view.phase_text != phase_text:
            self._view = replace(self._view, phase_text=phase_text)
        return self._view

    def phase_text(self) -> str:
        return top_bar_text(self.session)

    @property
    def engine_state_json(self) -> str:
        return self.session.engine.state.to_json()

    # -- life cycle ----------------------------------------------------------------------------
    def on_enter(self) -> None:
        super().on_enter()
        # the map, its geometry and the code live all battle long: keep the cycle collector's
        # full walks of them out of the AI's thinking and the frames (game/steady_gc.py)
        self._gc = self._collector.enter_context(steady_collector())
        self.log(_(PLAY_HELP))
        self.absorb_events()
        for beat in self.playback.skip():
            self._reveal(beat)
        self.select_default_unit()

    def resize(self, size: tuple[int, int]) -> None:
        """The battle layout, with a strip for the status line between the table and the log:
        drawn over the table, it hid the bottom of the map (a Regular deployment zone)."""
        super().resize(size)
        vp = self.layout.viewport
        table = Viewport(vp.left, vp.top, vp.width, max(40, vp.height - STATUS_STRIP))
        self.layout = replace(self.layout, viewport=table)
        self.camera.set_viewport(table)
        self.status_rect = pygame.Rect(
            vp.left, table.top + table.height, vp.width, vp.height - table.height
        )

    def on_exit(self) -> None:
        self._collector.close()
        self._gc = None
        super().on_exit()

    def build_ui(self, manager: pygame_gui.UIManager) -> None:
        super().build_ui(manager)
        card = self.layout.card
        # watching two AIs: the viewing tools only, no order buttons nobody may press
        watching = not any(seat.human for seat in self.session.config.seats)
        actions = play_orders.order_buttons(self, watching)  # and house clearing's (issue 21)
        rows = (len(actions) + 1) // 2
        height = rows * BUTTON_ROW + 8
        if self.card_box is not None:
            self.card_box.set_dimensions((card.width, max(80, card.height - height)))
        panel_rect = pygame.Rect(card.left, card.bottom - height, card.width, height)
        self.button_panel = UIPanel(panel_rect, manager=manager, object_id="#orders")
        width = (card.width - 12) // 2
        self.buttons = {}
        for i, (action, label, tip) in enumerate(actions):
            rect = pygame.Rect(
                4 + (i % 2) * (width + 2), 2 + (i // 2) * BUTTON_ROW, width, BUTTON_ROW - 2
            )
            if action == "pace":
                label = _("Pace: {pace} [V]").format(pace=_(PACE_NAMES[self.playback.pace]))
            self.buttons[action] = UIButton(
                rect, _(label), manager, container=self.button_panel, tool_tip_text=_(tip)
            )
        self.dialog_for = None  # rebuilt on the next update
        self.card_html = ""
        self._card_repaint = 2

    def clear_ui(self) -> None:
        super().clear_ui()
        if self.button_panel is not None:
            self.button_panel.kill()
        self.button_panel = None
        self.buttons = {}
        self._kill_dialog()

    # -- events from the engine ----------------------------------------------------------------
    def absorb_events(self) -> None:
        """Queue the engine's new events (and the AI's reasons) for the playback."""
        events = self.session.events
        notes = self.session.engine.notes  # the AI's reasons, kept with the save
        beats: list[Beat] = []
        for line in self.session.ai_log:  # the session's own messages (autosave trouble)
            beats.append(Beat(line, "AI", None, None, "ai"))
        self.session.ai_log.clear()
        for index in range(self.fed_events, len(events) + 1):
            # a note made after `at` events comes before event number `at`
            while self.fed_notes < len(notes) and notes[self.fed_notes][0] <= index:
                line = notes[self.fed_notes][1]
                beats.append(Beat(_("AI: {reason}").format(reason=line), "AI", None, None, "ai"))
                self.fed_notes += 1
            if index < len(events):
                beats.append(beat_of(events[index]))
        self.fed_events = len(events)
        self.playback.feed(beats)

    def _reveal(self, beat: Beat) -> None:
        self.log(beat.text)

    # -- frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        revealed = self.playback.update(dt)
        for beat in revealed:
            self._reveal(beat)
        self.app.sound.play(loudest([beat.sound for beat in revealed]))
        session = self.session
        if session.engine.state.turn != self._settled_turn and self._gc is not None:
            self._settled_turn = session.engine.state.turn
            self._gc.settle()  # a new turn: the calm moment to collect (game/steady_gc.py)
        if session.over:
            if not self.playback.busy and not self.ended:
                self.ended = True
                state = session.engine.state
                summary = summary_of(
                    state.title,
                    state.result or {},
                    state.events,
                    state.difficulty,
                    state.insurgent_ai,
                )
                self.app.push(EndGameScene(summary, session.engine))
                return
        elif session.ai_to_move:
            if not self.playback.busy:
                self._kill_dialog()
                seat = session.current_seat()
                try:
                    if self.threaded_ai:
                        session.start_ai_step()
                        session.finish_ai_step()
                    else:
                        session.step_ai()
                except Exception as exc:  # an engine bug must not take the window down
                    if seat is not None:  # a person answers; no move is made up for the AI
                        session.hand_over(
                            seat.side,
                            _("The game failed ({problem})").format(
                                problem=f"{type(exc).__name__}: {exc}"
                            ),
                        )
                for alert in session.alerts:  # an AI that failed: its seat is a person's now
                    self.say(alert, True)
                session.alerts.clear()
                self.absorb_events()
                seat = session.current_seat()  # a person's turn now: their unit, at once
                if seat is not None and seat.human and seat == self.last_human:
                    self._select_at_phase_start(seat)
        else:
            seat = session.current_seat()
            if seat is not None and seat.human:
                if self._needs_handoff(seat):
                    return
                self._select_at_phase_start(seat)
                self._sync_dialog()
        self._expire_status()
        self._refresh_hud(self.current_view())

    @property
    def threaded_ai(self) -> bool:
        """In a real window the AI thinks in a worker thread, so the screen keeps drawing;
        headless runs (tests, screenshots) step it in line, frame by frame, reproducibly."""
        if self._threaded_ai is not None:
            return self._threaded_ai
        return not getattr(self.app, "headless", True)

    def _needs_handoff(self, seat: Seat) -> bool:
        if not handoff_due(seat, self.last_human, self.hand_off_first):
            self.last_human = seat
            return False
        if self.playback.busy:
            return True  # the last player watches the outcome before handing over
        self.last_human = seat
        self._kill_dialog()
        self.mode = "select"
        self.move_plan = None
        self.fire_plan = None
        self.select(None)
        detail = (
            ""
            if seat.units is None
            else _("Your fireteams: {units}").format(units=", ".join(sorted(seat.units)))
        )
        self.app.push(HandoffScene(seat.name, detail, seat.side))
        self.select_default_unit()
        return True

    def selectable_units(self) -> list[str]:
        """Tab walks the units of the player at the table (their own fireteams in co-op); in
        watch mode, or when nobody human plays, every unit."""
        seat = (
            self.human_seat()
            or self.last_human
            or next((s for s in self.session.config.seats if s.human), None)
        )
        if seat is None:
            return super().selectable_units()
        engine = self.session.engine
        return [
            u.unit_id
            for u in self.current_view().units
            if (unit := engine.state.units.get(u.unit_id)) is not None
            and unit.side == seat.side
            and seat.owns(unit.id)
        ]

    # -- the HUD -------------------------------------------------------------------------------
    def _refresh_hud(self, view: BattleView) -> None:
        texts = (
            f"{_(view.turn_text)} — {_(view.phase_text)}",
            view.title,
            _(view.victory_points),
        )
        self._set_top_texts(texts)
        key = (
            self._view_key,
            self.overlays.selected_unit,
            self.overlays.hovered_unit,
            self.mode,
        )
        if key != self._card_key and self.card_box is not None:
            card = self.card_markup()
            if card != self.card_html:
                fit_card_text(self.card_box, card)  # polish: above the buttons
                self.card_html = card
                self._card_repaint = 2
            self._card_key = key

    def say(self, message: str, error: bool = False) -> None:
        self.status = message
        self.status_is_error = error
        pending = self.session.engine.pending
        self._status_decision = pending.id if pending is not None else None

    def _expire_status(self) -> None:
        """A refusal or note answers the decision it was said at: once the game has moved on
        to another decision, it is stale and the prompt of the new one shows instead."""
        pending = self.session.engine.pending
        now = pending.id if pending is not None else None
        if self.status and now != self._status_decision:
            self.status = ""
            self.status_is_error = False

    # -- dialogs for the other decisions -------------------------------------------------------

    # -- giving orders -------------------------------------------------------------------------

    # -- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for action, button in self.buttons.items():
                if event.ui_element is button:
                    self.order(action)
                    return
            for i, (button, _command) in enumerate(self.dialog_buttons):
                if event.ui_element is button:
                    self.answer(i)
                    return
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not self.ruler_held
            and self.camera.viewport.contains(event.pos)
            and (self._click(event.pos) or self._waiting_for_handoff())
        ):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.mode != "select":
            self.mode = "select"
            self.move_plan = None
            self.fire_plan = None
            self.say("")
        super().handle_event(event)

    def _mouse_moved(self, pos: tuple[int, int]) -> None:
        super()._mouse_moved(pos)
        if not self.camera.viewport.contains(pos):
            return
        seat = self.human_seat()
        engine = self.session.engine
        unit_id = self.overlays.selected_unit
        unit = engine.state.units.get(unit_id) if unit_id else None
        if seat is None or unit is None:
            return
        if self.mode == "move":
            world = self.camera.screen_to_world(pos)
            to = (round(world[0] * 4) / 4, round(world[1] * 4) / 4)
            if self.move_plan is None or self.move_plan.path[-1:] != (to,):
                bends = self.vehicle_plan.waypoints  # vehicles (issue 20)
                rate = self.force_rate
                self.move_plan = orders.move_preview(
                    engine, unit, to, force_rate=rate, waypoints=bends
                )
                plan_move_extras(self)
        elif self.mode in ("fire", "assault"):
            hovered = self.overlays.hovered_unit
            target = engine.state.units.get(hovered) if hovered else None
            if target is not None and target.side != unit.side and self.mode == "fire":
                # the second target of a split is shown with the figures it would get (R19)
                first = self.split_targets[0] if self.splitting and self.split_targets else None
                key = (target.name, self.splitting, first)
                if self.fire_plan is None or self._fire_plan_key != key:
                    self.fire_plan = orders.fire_preview(
                        engine, unit, target, splitting=self.splitting, split_first=first
                    )
                    self._fire_plan_key = key
                    self.preview_text = " | ".join(self.fire_plan.lines)
            elif self.mode == "fire":
                self.fire_plan = None
                self.preview_text = ""

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        # The unit card's text box does not repaint what is behind it: without this, the
        # previous card's words show through when its text changes.
        if self._card_repaint > 0:
            surface.fill(CARD_BG, self.layout.card)
            self._card_repaint -= 1
        super().draw(surface)
        vp = self.camera.viewport
        clip = pygame.Rect(vp.left, vp.top, vp.width, vp.height)
        previous = surface.get_clip()
        surface.set_clip(clip)
        self._draw_reach(surface)
        play_draw._draw_night(self, surface)  # --- night (issue 19): sight circle, NV chips
        self._draw_targets(surface)
        self._draw_move_plan(surface)
        self._draw_los(surface)
        self._draw_choice_points(surface)
        self._draw_spotlight(surface)
        surface.set_clip(previous)
        self._draw_status(surface)

    def unit_at(self, pos: tuple[int, int]) -> str | None:
        """The unit under `pos`; in the fire and charge modes also the enemy whose ring holds
        it (found in play: a click between a target's figures, inside its ring, was refused)."""
        found = super().unit_at(pos)
        if found is not None or self.mode not in ("fire", "assault") or not self._targets:
            return found
        units = self.session.engine.state.units
        radius = self._ring_radius()
        rings = [
            (math.dist(self._to_screen(units[foe_id].centre), pos), foe_id)
            for foe_id in self._targets
            if foe_id in units
        ]
        inside = [ring for ring in rings if ring[0] <= radius]
        return min(inside)[1] if inside else None


def open_play(table: str, seed: int = 1, *, config: SessionConfig | None = None) -> PlayScene:
    """The play screen of a new game on a scenario id or a .tmx path (solo unless `config`).

    Raises MapOpenError / MapError / ValueError with a one-line message when it cannot start."""
    from pathlib import Path

    from game.client.catalogue import open_map
    from game.save import resolve_map

    if config is None:
        config = SessionConfig(mode="solo", table=table, seed=seed)
    map_path, _scenario = resolve_map(config.table)
    opened = open_map(Path(map_path))
    session = GameSession(config)
    return PlayScene(opened, session)


def battle_scene_for(
    opened: OpenedMap, seed: int = 1, turn: int | None = None, *, autosave: bool = True
) -> BattleScene:
    """A solo game on this table (the play screen); the view-only screen when the engine cannot
    set the table up (the reason goes to its log)."""
    if opened.path is None or opened.battlefield is None:
        return BattleScene(opened)
    try:
        config = SessionConfig(mode="solo", table=str(opened.path), seed=seed, autosave=autosave)
        session = GameSession(config)
        if turn is not None and turn > 1:
            advance_to_turn(session, turn)
        if autosave:
            from game.client.saves import track_session  # offered as Continue if left mid-way

            track_session(session)
    except Exception as exc:  # a table the engine cannot play is still worth looking at
        scene = BattleScene(opened)
        scene.opened = replace(
            opened,
            notes=(
                *opened.notes,
                _("This table cannot be played ({problem}).").format(problem=exc),
            ),
        )
        return scene
    return PlayScene(opened, session)


__all__ = [
    "ACTIONS",
    "BLOCKED_COLOUR",
    "BOARD_KINDS",
    "BUTTON_ROW",
    "CARD_BG",
    "CAUTIOUS_COLOUR",
    "ERROR_TEXT",
    "KEYS",
    "LABEL_WIDTH",
    "PATH_CASING",
    "PLAY_HELP",
    "RAPID_COLOUR",
    "SPOTLIGHT_COLOUR",
    "STATUS_BG",
    "STATUS_STRIP",
    "STATUS_TEXT",
    "TARGET_COLOUR",
    "TARGET_RING_INCHES",
    "PlayScene",
    "advance_to_turn",
    "battle_scene_for",
    "load_settings",
    "open_play",
]

"""The playable battle screen: C's battle screen bound to a `GameSession`.

The human seat commands its fireteams with the mouse and keys; every order is first asked of the
engine (`orders.check`) and an illegal one only earns a line in the status bar. AI seats answer
their decisions one at a time while `Playback` shows what happened at the player's pace. Other
decisions the engine puts to a human (react, seek cover, which Overwatch units fire…) get a small
dialog listing the legal answers (keys 1-9).
"""

from __future__ import annotations

import html
import math
from contextlib import ExitStack
from dataclasses import replace
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from game.battlefield.model import Point
from game.client import orders, text
from game.client.adapter import PHASE_NAMES, view_from_game
from game.client.battle import BattleScene, figures_summary
from game.client.camera import Viewport
from game.client.catalogue import OpenedMap
from game.client.endgame import EndGameScene, summary_of
from game.client.handoff import HandoffScene, hand_off_first, handoff_due
from game.client.playback import Beat, Playback, beat_of
from game.client.session import GameSession, Seat, SessionConfig
from game.client.viewmodel import BattleView
from game.engine.commands import (
    CloseAssault,
    Command,
    EndActivation,
    EndPhase,
    Fire,
    FirstAid,
    IllegalCommand,
    MoveUnit,
    NeutralizeHotSpot,
    Overwatch,
)
from game.engine.protocol import DecisionKind, FigureStatus, MoveRate
from game.engine.state import UnitState, side_name
from game.engine.terrain import distance
from game.rules.movement import CAUTIOUS, RAPID
from game.steady_gc import Collector, steady_collector

BOARD_KINDS = frozenset(
    {DecisionKind.ACTIVATE, DecisionKind.CONTINUE, DecisionKind.INSURGENT_ACTION}
)
"""Decisions answered on the board itself (select a unit, then an order); others get a dialog."""

CAUTIOUS_COLOUR = (90, 200, 110)
RAPID_COLOUR = (240, 160, 50)
BLOCKED_COLOUR = (220, 70, 60)
PATH_CASING = (20, 20, 16)
TARGET_COLOUR = (250, 220, 80)
SPOTLIGHT_COLOUR = (255, 240, 120)
STATUS_BG = (20, 22, 18)
CARD_BG = (29, 31, 25)
STATUS_TEXT = (235, 230, 205)
STATUS_STRIP = 28  # pixels between the table and the log for the status line
LABEL_WIDTH = 760  # the widest a caption over the table gets before it wraps
ERROR_TEXT = (255, 150, 130)

PLAY_HELP = (
    "Click/Tab: select · M move (C: Cautious only) · F fire (S: split) · A assault · "
    "O overwatch · H hot spot · G first aid · "
    "E end activation · P end phase · L line of sight · hold R: ruler · V pace · Space: skip · "
    "Esc: cancel/menu"
)


ACTIONS: tuple[tuple[str, str, str], ...] = (
    (
        "move",
        "Move [M]",
        'Plan a move with the mouse: up to 6" is Cautious (Reaction Test +1, '
        'R14), up to 12" Rapid (−1). The path follows real streets. Click to commit, Esc cancels.',
    ),
    (
        "fire",
        "Fire [F]",
        "Pick a target: legal targets are ringed, blocked ones say why. "
        "Hovering shows Firepower vs Defense and the exact casualty odds. Click to fire. "
        "S splits the fire between two targets (R19), half the figures each.",
    ),
    (
        "assault",
        "Assault [A]",
        "Close Assault an enemy unit within Rapid reach "
        "(Rulebook: Close Assault). Takes the whole activation.",
    ),
    (
        "overwatch",
        "Overwatch [O]",
        "Spend the activation watching: fire at Insurgents who act "
        "in sight (Rulebook: Overwatch, R23).",
    ),
    (
        "hotspot",
        "Hot spot [H]",
        'Start neutralizing a hot spot within 1"; the unit must stay '
        "until its next activation (R28).",
    ),
    (
        "first_aid",
        "First Aid [G]",
        "Tend hit figures (Rulebook: First Aid Checks for "
        "Regulars, R27); needs Solid Cover or no Insurgent in sight.",
    ),
    (
        "end",
        "End activation [E]",
        "Finish this unit's activation (a unit that did nothing holds its position).",
    ),
    (
        "end_phase",
        "End phase [P]",
        "The remaining units hold; the Insurgents' end-of-turn actions follow.",
    ),
    (
        "los",
        "Line of sight [L]",
        "Click two points or units: the line is drawn and what "
        "blocks it is named (Rulebook: Line of Sight).",
    ),
    ("pace", "Pace [V]", "How fast the other side's actions play out: instant, normal, slow."),
    ("skip", "Skip [Space]", "Show at once everything still being played out."),
)
KEYS: dict[int, str] = {
    pygame.K_m: "move",
    pygame.K_f: "fire",
    pygame.K_a: "assault",
    pygame.K_o: "overwatch",
    pygame.K_h: "hotspot",
    pygame.K_g: "first_aid",
    pygame.K_e: "end",
    pygame.K_p: "end_phase",
    pygame.K_l: "los",
    pygame.K_v: "pace",
    pygame.K_SPACE: "skip",
}
BUTTON_ROW = 32
TARGET_RING_INCHES = 1.6  # the ring around each enemy in the fire and charge modes


def load_settings() -> Any:
    """The player's settings (C3's `game.client.settings`) when present, else None."""
    try:
        from game.client import settings as settings_module

        return settings_module.current_settings()
    except Exception:  # no settings module yet, or an unreadable file: the defaults
        return None


class PlayScene(BattleScene):
    """The battle screen of a game in progress."""

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
        self.hand_off_first = hand_off_first(session)
        self.ended = False
        self.move_plan: orders.MovePreview | None = None
        self.force_rate: str | None = None
        self.fire_plan: orders.FirePreview | None = None
        self.preview_text = ""
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
        if key != self._view_key or self._view is None:
            vp_reg, vp_ins, _ = self.session.score()
            view = view_from_game(state, score=(vp_reg, vp_ins), terrain=engine.terrain)
            self._view = replace(view, phase_text=self.phase_text())
            self._view_key = key
        return self._view

    def phase_text(self) -> str:
        engine = self.session.engine
        state = engine.state
        phase = PHASE_NAMES.get(state.phase, state.phase)
        seat = self.session.current_seat()
        if seat is None:
            return phase
        acting = engine.act.unit if engine.act is not None else ""
        if seat.human:
            who = f"{seat.name} ({side_name(seat.side)})"
        else:
            who = seat.name if "AI" in seat.name.split() else f"{seat.name} (AI)"
        if acting:
            return f"{phase} · {engine.state.units[acting].name} activating · {who}"
        return f"{phase} · {who} to answer"

    @property
    def engine_state_json(self) -> str:
        return self.session.engine.state.to_json()

    # -- life cycle ----------------------------------------------------------------------------
    def on_enter(self) -> None:
        super().on_enter()
        # the map, its geometry and the code live all battle long: keep the cycle collector's
        # full walks of them out of the AI's thinking and the frames (game/steady_gc.py)
        self._gc = self._collector.enter_context(steady_collector())
        self.log(PLAY_HELP)
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
        rows = (len(ACTIONS) + 1) // 2
        height = rows * BUTTON_ROW + 8
        if self.card_box is not None:
            self.card_box.set_dimensions((card.width, max(80, card.height - height)))
        panel_rect = pygame.Rect(card.left, card.bottom - height, card.width, height)
        self.button_panel = UIPanel(panel_rect, manager=manager, object_id="#orders")
        width = (card.width - 12) // 2
        self.buttons = {}
        for i, (action, label, tip) in enumerate(ACTIONS):
            rect = pygame.Rect(
                4 + (i % 2) * (width + 2), 2 + (i // 2) * BUTTON_ROW, width, BUTTON_ROW - 2
            )
            if action == "pace":
                label = f"Pace: {self.playback.pace} [V]"
            self.buttons[action] = UIButton(
                rect, label, manager, container=self.button_panel, tool_tip_text=tip
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
            beats.append(Beat(line, "AI", None, None, (), "ai"))
        self.session.ai_log.clear()
        for index in range(self.fed_events, len(events) + 1):
            # a note made after `at` events comes before event number `at`
            while self.fed_notes < len(notes) and notes[self.fed_notes][0] <= index:
                line = notes[self.fed_notes][1]
                beats.append(Beat(f"AI: {line}", "AI", None, None, (), "ai"))
                self.fed_notes += 1
            if index < len(events):
                beats.append(beat_of(events[index]))
        self.fed_events = len(events)
        self.playback.feed(beats)

    def _reveal(self, beat: Beat) -> None:
        self.log(beat.text)

    # -- frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for beat in self.playback.update(dt):
            self._reveal(beat)
        session = self.session
        if session.engine.state.turn != self._settled_turn and self._gc is not None:
            self._settled_turn = session.engine.state.turn
            self._gc.settle()  # a new turn: the calm moment to collect (game/steady_gc.py)
        if session.over:
            if not self.playback.busy and not self.ended:
                self.ended = True
                state = session.engine.state
                summary = summary_of(state.title, state.result or {}, state.events)
                self.app.push(EndGameScene(summary))
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
                            seat.side, f"The game failed ({type(exc).__name__}: {exc})"
                        )
                for alert in session.alerts:  # an AI that failed: its seat is a person's now
                    self.say(alert, True)
                session.alerts.clear()
                self.absorb_events()
        else:
            seat = session.current_seat()
            if seat is not None and seat.human:
                if self._needs_handoff(seat):
                    return
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
        detail = "" if seat.units is None else "Your fireteams: " + ", ".join(sorted(seat.units))
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

    def select_default_unit(self) -> None:
        seat = self.session.current_seat()
        engine = self.session.engine
        if seat is None or not seat.human:
            return
        if engine.act is not None:
            self.select(engine.act.unit)
            return
        turn = engine.state.turn
        for unit in engine.state.units_of(seat.side):
            if unit.activated_turn != turn and seat.owns(unit.id):
                self.select(unit.id)
                return

    # -- the HUD -------------------------------------------------------------------------------
    def _refresh_hud(self, view: BattleView) -> None:
        texts = (f"{view.turn_text} — {view.phase_text}", view.title, view.victory_points)
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
                self.card_box.set_text(card)
                self.card_html = card
                self._card_repaint = 2
            self._card_key = key

    def card_markup(self) -> str:
        engine = self.session.engine
        unit_id = self.overlays.selected_unit
        unit = engine.state.units.get(unit_id) if unit_id else None
        if unit is None or not unit.on_table:
            return "<i>No unit selected.</i><br><br>Click one of your fireteams, or press Tab."
        sprite = self.current_view().unit(unit.id)
        morale = unit.morale_die()
        parts = [
            f"<font size=5><b>{html.escape(unit.name)}</b></font>",
            side_name(unit.side),
            f"Troop Quality <b>{unit.quality_die().label}</b> · Morale "
            f"<b>{morale.label if morale is not None else 'broken'}</b>",
        ]
        if sprite is not None:
            hit = sum(1 for f in unit.figures if f.status == FigureStatus.HIT)
            parts.append(
                f"Figures: {len(unit.effective_figures)} able"
                + (f", {hit} hit" if hit else "")
                + " — "
                + html.escape(", ".join(figures_summary(sprite)))
            )
            if sprite.badges:
                from game.client.help import badge_tooltip  # what each status means

                parts += [html.escape(badge_tooltip(b.value)) for b in sprite.badges]
        parts += [f"<b>Now:</b> {html.escape(self.activation_summary(unit))}"]
        parts += [f"<b>Defense:</b> {html.escape(engine.defense(unit).describe())}"]
        foe = self._card_target(unit)
        if foe is not None and unit.effective_figures and self.fire_plan is None:
            fp = engine.firepower(unit, foe, interruption_penalty=orders.penalty_now(engine, unit))
            label = "Reaction fire at" if orders.reacting_to(engine, unit) else "Firepower at"
            # found in play: the card gave Firepower at an enemy it could not fire at
            unseen = "" if engine.los(unit, foe) else " (not in sight now)"
            parts += [
                f"<b>{label} {html.escape(foe.name)}{unseen}:</b> {html.escape(fp.describe())}"
            ]
        if self.fire_plan is not None and self.show_odds:
            parts += ["<b>If it fires:</b>", *(html.escape(x) for x in self.fire_plan.lines)]
        return "<br>".join(parts)

    def activation_summary(self, unit: UnitState) -> str:
        engine = self.session.engine
        act = engine.act
        if act is not None and act.unit == unit.id:
            moved = f'moved {act.moved:.1f}" {act.rate or ""}'.strip() if act.moved else "not moved"
            fired = "fired" if act.fired else "not fired"
            extra = f", interrupted {act.interruptions}×" if act.interruptions else ""
            return f"Activating now: {moved}, {fired}{extra}"
        if unit.activated_turn == engine.state.turn and engine.state.turn > 0:
            return "Already activated this turn"
        if unit.overwatch:
            return "On Overwatch"
        return "Not yet activated this turn"

    def _card_target(self, unit: UnitState) -> UnitState | None:
        engine = self.session.engine
        hovered = self.overlays.hovered_unit
        interrupter = orders.reacting_to(engine, unit)
        if not hovered and interrupter in engine.state.units:
            return engine.state.units[interrupter]  # the reaction fire's target (R24)
        if hovered:
            other = engine.state.units.get(hovered)
            if other is not None and other.side != unit.side and other.on_table:
                return other
        foes = [f for f in engine.enemies(unit) if f.effective_figures]
        if not foes:
            return None
        seen = [f for f in foes if engine.los(unit, f)]
        pool = seen or foes
        return min(pool, key=lambda f: distance(f.centre, unit.centre))

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
    def _sync_dialog(self) -> None:
        pending = self.session.engine.pending
        if pending is None or pending.kind in BOARD_KINDS:
            self._kill_dialog()
            return
        if self.dialog_for == pending.id and self.dialog_panel is not None:
            return
        self._build_dialog()

    def _build_dialog(self) -> None:
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

    def _kill_dialog(self) -> None:
        if self.dialog_panel is not None:
            self.dialog_panel.kill()
        self.dialog_panel = None
        self.dialog_buttons = []
        self.dialog_for = None
        self.dialog_options = []

    def answer(self, index: int) -> None:
        if self.human_seat() is not None and 0 <= index < len(self.dialog_options):
            self.give(self.dialog_options[index])

    # -- giving orders -------------------------------------------------------------------------
    def human_seat(self) -> Seat | None:
        """The person at the computer who must answer now; None while the computer has still
        to change hands (then no input acts for anyone)."""
        seat = self.session.current_seat()
        if seat is None or not seat.human:
            return None
        return None if handoff_due(seat, self.last_human, self.hand_off_first) else seat

    def give(self, command: Command) -> bool:
        """Send an order to the engine; an illegal one only earns a status line."""
        try:
            self.session.apply(command)
        except IllegalCommand as exc:
            self.say(str(exc), True)
            return False
        self.say("")
        self.mode = "select"
        self.move_plan = None
        self.fire_plan = None
        self._kill_dialog()
        self.absorb_events()
        self.select_default_unit()
        return True

    def _ordered_unit(self, seat: Seat) -> UnitState | None:
        unit_id = self.overlays.selected_unit
        engine = self.session.engine
        acting = engine.state.units.get(engine.act.unit) if engine.act is not None else None
        pending = engine.pending
        if (
            acting is not None
            and acting.side == seat.side
            and pending is not None
            and pending.kind == DecisionKind.CONTINUE
            and acting.id != unit_id
        ):
            unit_id = acting.id  # mid-activation every order is for the unit acting
            self.select(unit_id)
        unit = engine.state.units.get(unit_id) if unit_id else None
        if unit is None:
            self.say("Select one of your units first (click it or press Tab).", True)
            return None
        why = self.session.may_command(seat, unit.id)
        if why:
            self.say(why, True)
            return None
        return unit

    def order(self, action: str) -> None:
        """A button or key: an order for the selected unit, a mode, or a tool."""
        if action == "pace":
            pace = self.playback.cycle_pace()
            if "pace" in self.buttons:
                self.buttons["pace"].set_text(f"Pace: {pace} [V]")
            self.say(f"Pace: {pace}")
            return
        if action == "skip":
            for beat in self.playback.skip():
                self._reveal(beat)
            return
        if action == "los":
            self.mode = "los" if self.mode != "los" else "select"
            self.los_start = None
            self.los_probe = None
            self.say("Line of sight: click the first point or unit" if self.mode == "los" else "")
            return
        seat = self.human_seat()
        if seat is None:
            self.say("Wait: the other side is acting.", True)
            return
        pending = self.session.engine.pending
        if pending is not None and pending.kind not in BOARD_KINDS:
            self.say(f"Answer first: {pending.prompt}", True)
            return
        if action == "end_phase":
            self.give(EndPhase(side=seat.side))
            return
        unit = self._ordered_unit(seat)
        if unit is None:
            return
        side = seat.side
        if action in ("move", "fire", "assault"):
            why = orders.cannot(self.session.engine, unit, action)
            if why:
                verb = {"move": "move", "fire": "fire", "assault": "charge"}[action]
                self.say(f"{unit.name} cannot {verb} now: {why}", True)
                return
        if action == "move":
            self.mode = "move"
            self.force_rate = None
            self.say(f"{unit.name}: move — click where the leader goes (Esc cancels)")
        elif action in ("fire", "assault"):
            self.mode = action
            self._targets_key = None
            verb = "fire at" if action == "fire" else "charge"
            self.say(f"{unit.name}: click an enemy unit to {verb} (Esc cancels)")
        elif action == "overwatch":
            self.give(Overwatch(side=side, unit=unit.id))
        elif action == "first_aid":
            self.give(FirstAid(side=side, unit=unit.id))
        elif action == "end":
            from game.client.confirm import confirm_end_activation  # the setting may ask first

            end = EndActivation(side=side, unit=unit.id)
            confirm_end_activation(self, unit.name, lambda: self.give(end))
        elif action == "hotspot":
            spots = [h for h in self.session.engine.state.hot_spots.values() if not h.neutralized]
            if not spots:
                self.say("There is no active hot spot on the table.", True)
                return
            spot = min(spots, key=lambda h: distance((h.x, h.y), unit.leader_point))
            self.give(NeutralizeHotSpot(side=side, unit=unit.id, hot_spot=spot.number))

    # -- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for action, button in self.buttons.items():
                if event.ui_element is button:
                    self.order(action)
                    return
            for i, (button, _) in enumerate(self.dialog_buttons):
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

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE and self.mode != "select":
            self.mode = "select"
            self.splitting = False
            self.split_targets = []
            self.move_plan = None
            self.fire_plan = None
            self.los_probe = None
            self.say("Cancelled.")
            return True
        if self.dialog_options and pygame.K_1 <= key <= pygame.K_9:
            self.answer(key - pygame.K_1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.mode == "move":
            if self.move_plan is not None and self.move_plan.path:
                self._commit_move(self.move_plan.path[-1])
            return True
        if key == pygame.K_s and self.mode == "fire":
            self.splitting = not self.splitting
            self.split_targets = []
            self.say(
                "Split fire: click the first target, then the second (R19)"
                if self.splitting
                else "Fire at one target"
            )
            return True
        if key == pygame.K_c and self.mode == "move":
            self.force_rate = None if self.force_rate else "cautious"
            self.say("Move: Cautious only" if self.force_rate else "Move: rate by distance")
            self.move_plan = None  # the planned path and its label follow the new rate at once
            self._mouse_moved(self.mouse_pos)
            return True
        if key == pygame.K_l and getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
            self.overlays.unit_labels = not self.overlays.unit_labels
            return True
        if key in KEYS:
            self.order(KEYS[key])
            return True
        # with A for Assault, WASD pans only the map viewer (F1); the arrows pan a game
        return key in (pygame.K_w, pygame.K_s, pygame.K_d)

    def _click(self, pos: tuple[int, int]) -> bool:
        """A left click on the table in an order mode; False lets the base screen select."""
        world = self.camera.screen_to_world(pos)
        clicked = self.unit_at(pos)
        engine = self.session.engine
        if self.mode == "los":
            unit = engine.state.units.get(clicked) if clicked else None
            point = unit.leader_point if unit is not None else world
            if self.los_start is None:
                self.los_start, self.los_start_unit = point, clicked
                self.say("Line of sight: now click the second point or unit")
            else:
                self.los_probe = orders.sight_between(engine, self.los_start, point)
                first = engine.state.units.get(self.los_start_unit or "")
                if first is not None and unit is not None and first.id != unit.id:
                    self.los_text = orders.sight_between_units(engine, first, unit)
                    if not self.los_probe.clear:  # and what stands between the leaders
                        self.los_text += f" · leader to leader: {self.los_probe.text}"
                else:
                    self.los_text = self.los_probe.text
                self.say(self.los_text)
                self.los_start = None
            return True
        seat = self.human_seat()
        if self.mode == "move" and seat is not None:
            self._commit_move(world)
            return True
        if self.mode in ("fire", "assault") and seat is not None:
            unit = self._ordered_unit(seat)
            if unit is None:
                return True
            target = engine.state.units.get(clicked) if clicked else None
            if target is None or target.side == unit.side:
                self.say("Click an enemy unit (Esc cancels).", True)
                return True
            if self.mode == "fire" and self.splitting:
                self._split_click(seat, unit, target)
            elif self.mode == "fire":
                self.give(Fire(side=seat.side, unit=unit.id, target=target.id))
            else:
                self.give(CloseAssault(side=seat.side, unit=unit.id, target=target.id))
            return True
        return False

    def _waiting_for_handoff(self) -> bool:
        """The computer must change hands first: a click selects nobody's units."""
        seat = self.session.current_seat()
        return handoff_due(seat, self.last_human, self.hand_off_first)

    def _split_click(self, seat: Seat, unit: UnitState, target: UnitState) -> None:
        """Splitting Fire (R19): the first target takes the first half of the figures (leader
        first), the second the rest; the engine says whether the Troop Quality allows it."""
        if target.id in self.split_targets:
            self.say(f"{target.name} is already a target of this split", True)
            return
        self.split_targets.append(target.id)
        if len(self.split_targets) < 2:
            self.say(f"Split fire: {target.name} first; click the second target (Esc cancels)")
            return
        halves = orders.split_halves(unit)
        first, second = self.split_targets
        self.splitting = False
        self.split_targets = []
        self.give(
            Fire(
                side=seat.side,
                unit=unit.id,
                target=first,
                split=((first, halves[0]), (second, halves[1])),
            )
        )

    def _commit_move(self, world: Point) -> None:
        seat = self.human_seat()
        if seat is None:
            return
        unit = self._ordered_unit(seat)
        if unit is None:
            return
        plan = orders.move_preview(
            self.session.engine,
            unit,
            (round(world[0], 2), round(world[1], 2)),
            force_rate=self.force_rate,
        )
        if plan.blocked:
            self.say(plan.blocked, True)
            return
        self.give(MoveUnit(side=seat.side, unit=unit.id, to=plan.destination, rate=plan.rate))

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
                self.move_plan = orders.move_preview(engine, unit, to, force_rate=self.force_rate)
                self.preview_text = self.move_plan.label
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
        self._draw_targets(surface)
        self._draw_move_plan(surface)
        self._draw_los(surface)
        self._draw_choice_points(surface)
        self._draw_spotlight(surface)
        surface.set_clip(previous)
        self._draw_status(surface)

    def _to_screen(self, point: Point) -> tuple[int, int]:
        x, y = self.camera.world_to_screen(point)
        return (round(x), round(y))

    def _selected_own(self) -> UnitState | None:
        seat = self.human_seat()
        unit_id = self.overlays.selected_unit
        if seat is None or not unit_id:
            return None
        unit = self.session.engine.state.units.get(unit_id)
        if unit is None or not unit.on_table or unit.side != seat.side:
            return None
        return unit

    def _draw_reach(self, surface: pygame.Surface) -> None:
        unit = self._selected_own()
        engine = self.session.engine
        if unit is None or self.mode not in ("select", "move"):
            return
        acting = engine.act is not None and engine.act.unit == unit.id
        if unit.activated_turn == engine.state.turn and not acting:
            return
        if acting and engine.act is not None and engine.act.moved > 0:
            return
        key = (unit.id, unit.leader_point, len(engine.state.events))
        if key != self._reach_key:
            self._reach = (
                orders.reach_outline(engine, unit, CAUTIOUS),
                # a unit with Dependants may not move Rapidly: no Rapid outline for it
                [] if unit.dependants else orders.reach_outline(engine, unit, RAPID),
            )
            self._reach_key = key
        camera = (self.camera.scale, self.camera.origin_x, self.camera.origin_y)
        if self._reach_screen[0] != (key, camera):
            self._reach_screen = (
                (key, camera),
                [[self._to_screen(p) for p in outline] for outline in self._reach],
            )
        colours = (CAUTIOUS_COLOUR, RAPID_COLOUR)
        for points, colour in zip(self._reach_screen[1], colours, strict=True):
            if len(points) >= 3:
                pygame.draw.lines(surface, colour, True, points, 2)

    def _ring_radius(self) -> int:
        """The screen radius of the rings marking the enemies in the fire and charge modes."""
        return max(8, round(self.camera.length_to_screen(TARGET_RING_INCHES)))

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

    def _draw_targets(self, surface: pygame.Surface) -> None:
        unit = self._selected_own()
        if unit is None or self.mode not in ("fire", "assault"):
            return
        engine = self.session.engine
        key = (unit.id, len(engine.state.events), engine.state.decisions_asked, self.mode)
        if key != self._targets_key:
            self._targets = {}
            for foe in engine.enemies(unit):
                if not foe.effective_figures:
                    continue
                command: Command = (
                    Fire(side=unit.side, unit=unit.id, target=foe.id)
                    if self.mode == "fire"
                    else CloseAssault(side=unit.side, unit=unit.id, target=foe.id)
                )
                self._targets[foe.id] = orders.check(engine, command)
            self._targets_key = key
        radius = self._ring_radius()
        for foe_id, why in self._targets.items():
            foe = engine.state.units[foe_id]
            centre = self._to_screen(foe.centre)
            colour = TARGET_COLOUR if not why else BLOCKED_COLOUR
            pygame.draw.circle(surface, colour, centre, radius, 2 if why else 3)
        why_not = self._targets.get(self.overlays.hovered_unit or "")
        if why_not:
            self.preview_text = f"Blocked: {why_not}"

    def _draw_move_plan(self, surface: pygame.Surface) -> None:
        if self.mode == "move" and self.move_plan is not None and len(self.move_plan.path) >= 2:
            plan = self.move_plan
            colour = CAUTIOUS_COLOUR if plan.rate == MoveRate.CAUTIOUS else RAPID_COLOUR
            if plan.blocked:
                colour = BLOCKED_COLOUR
            points = [self._to_screen(p) for p in plan.path]
            # a dark casing under the rate's colour: the path stands out from the thin reach
            # outlines drawn in the same colours
            pygame.draw.lines(surface, PATH_CASING, False, points, 7)
            pygame.draw.lines(surface, colour, False, points, 3)
            pygame.draw.circle(surface, PATH_CASING, points[-1], 7)
            pygame.draw.circle(surface, colour, points[-1], 5)
        if self.mode in ("move", "fire", "assault") and self.preview_text:
            self._label(
                surface, self.preview_text, (self.mouse_pos[0] + 16, self.mouse_pos[1] + 14)
            )

    def _draw_los(self, surface: pygame.Surface) -> None:
        if self.mode == "los" and self.los_start is not None:
            pygame.draw.line(
                surface, (200, 200, 255), self._to_screen(self.los_start), self.mouse_pos, 1
            )
        probe = self.los_probe
        if probe is None or self.mode != "los":
            return
        a, b = self._to_screen(probe.start), self._to_screen(probe.end)
        if probe.clear or probe.blocked_at is None:
            pygame.draw.line(surface, CAUTIOUS_COLOUR, a, b, 3)
        else:
            stop = self._to_screen(probe.blocked_at)
            pygame.draw.line(surface, CAUTIOUS_COLOUR, a, stop, 3)
            pygame.draw.line(surface, BLOCKED_COLOUR, stop, b, 3)
            pygame.draw.circle(surface, BLOCKED_COLOUR, stop, 6, 2)
        self._label(surface, self.los_text or probe.text, (b[0] + 10, b[1] + 8))

    def _draw_choice_points(self, surface: pygame.Surface) -> None:
        hovered = {id(option) for button, option in self.dialog_buttons if button.hovered}
        for i, option in enumerate(self.dialog_options):
            point = orders.choice_point(option)
            if point is None:
                continue
            centre = self._to_screen(point)
            if id(option) in hovered:  # the option under the mouse: where it goes, from where
                mover = self.session.engine.state.units.get(str(getattr(option, "unit", "")))
                if mover is not None and mover.on_table:
                    start = self._to_screen(mover.centre)
                    pygame.draw.line(surface, TARGET_COLOUR, start, centre, 2)
                pygame.draw.circle(surface, TARGET_COLOUR, centre, 14, 4)
            pygame.draw.circle(surface, TARGET_COLOUR, centre, 10, 2)
            number = text.text(str(i + 1), 18, TARGET_COLOUR, bold=True, shadow=(0, 0, 0))
            surface.blit(number, number.get_rect(center=centre))

    def _draw_spotlight(self, surface: pygame.Surface) -> None:
        beat = self.playback.current
        if beat is None or not self.playback.busy:
            return
        engine = self.session.engine
        for unit_id, colour in ((beat.actor, SPOTLIGHT_COLOUR), (beat.target, BLOCKED_COLOUR)):
            unit = engine.state.units.get(unit_id or "")
            if unit is not None and unit.figures:
                radius = max(10, round(self.camera.length_to_screen(2.0)))
                pygame.draw.circle(surface, colour, self._to_screen(unit.centre), radius, 3)
        vp = self.camera.viewport
        line = beat.text
        if beat.faces:
            line += "   " + "  ".join(f"{name}: {list(faces)}" for name, faces in beat.faces)
        self._label(surface, line, (vp.left + 10, vp.top + 10))

    def _draw_status(self, surface: pygame.Surface) -> None:
        message = self.status
        if not message:
            pending = self.session.engine.pending
            seat = self.session.current_seat()
            if pending is not None and seat is not None and seat.human:
                message = f"{seat.name}: {pending.prompt}"
            elif seat is not None:
                message = f"{seat.name} is thinking… (Space: skip the playback)"
        strip = self.status_rect
        surface.fill(STATUS_BG, strip)
        if not message:
            return
        colour = ERROR_TEXT if self.status_is_error else STATUS_TEXT
        line = text.text(text.fit(message, 18, strip.width - 16), 18, colour)
        previous = surface.get_clip()
        surface.set_clip(strip)
        surface.blit(line, (strip.left + 8, strip.centery - line.get_height() // 2))
        surface.set_clip(previous)

    def _label(self, surface: pygame.Surface, message: str, at: tuple[int, int]) -> None:
        """A dark box with the message, one line per ' | ' part, kept inside the viewport."""
        vp = self.camera.viewport
        # long parts (a roll with all its dice) wrap inside the table rather than run off it
        most = max(120, min(vp.width - 24, LABEL_WIDTH))
        lines = [
            text.text(row, 16, (250, 246, 230))
            for part in message.split(" | ")
            for row in text.wrap(part, 16, most)
        ]
        width = max(line.get_width() for line in lines)
        height = sum(line.get_height() + 2 for line in lines)
        box = pygame.Rect(at[0], at[1], width, height).inflate(8, 6)
        box.right = min(box.right, vp.left + vp.width - 2)
        box.left = max(box.left, vp.left + 2)
        if box.bottom > vp.top + vp.height - 30:
            box.bottom = vp.top + vp.height - 32
        surface.fill((16, 18, 14), box)
        y = box.top + 3
        for line in lines:
            surface.blit(line, (box.left + 4, y))
            y += line.get_height() + 2


def open_play(table: str, seed: int = 1, *, config: SessionConfig | None = None) -> PlayScene:
    """The play screen of a new game on a scenario id or a .tmx path (solo unless `config`).

    Raises MapOpenError / MapError / ValueError with a one-line message when it cannot start."""
    from pathlib import Path

    from game.client.catalogue import open_map
    from game.save import resolve_map

    if config is None:
        config = SessionConfig(mode="solo", table=table, seed=seed)
    map_path, _ = resolve_map(config.table)
    opened = open_map(Path(map_path))
    session = GameSession(config)
    return PlayScene(opened, session)


def advance_to_turn(session: GameSession, turn: int) -> None:
    """Let AIs play both sides until `turn` begins (the pictures on demand, `--turn T`)."""
    from game.ai.regular import RegularAI
    from game.engine.state import INSURGENT, REGULAR
    from game.engine.view import player_view

    engine = session.engine
    stand_ins: dict[str, Any] = {
        REGULAR: RegularAI(engine.battlefield),
        INSURGENT: session.controllers.get(INSURGENT) or session._make_ai(INSURGENT),
    }
    for _ in range(20000):
        pending = engine.pending
        if pending is None or (engine.state.turn >= turn and pending.kind == DecisionKind.ACTIVATE):
            return
        seat = session.current_seat()
        if seat is not None and not seat.human:
            session.step_ai()
            continue
        controller = stand_ins[pending.side]
        session.apply(controller.choose(player_view(engine, pending.side)))


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
            opened, notes=(*opened.notes, f"This table cannot be played ({exc}).")
        )
        return scene
    return PlayScene(opened, session)

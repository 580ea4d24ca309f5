"""Giving orders: the buttons and keys, the engine's answer, the order panel's actions.

Methods of `PlayScene` (game/client/play.py), written as functions of the scene and bound
in its class body.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.client import civilian_orders, orders, vehicle_input, vehicle_orders
from game.client.handoff import handoff_due
from game.client.play_consts import (
    BOARD_KINDS,
)
from game.client.prompt_words import prompt_text
from game.client.session import Seat
from game.client.words import PACE_NAMES
from game.engine.commands import (
    AbandonCasualties,
    Command,
    EndActivation,
    EndPhase,
    FirstAid,
    IllegalCommand,
    NeutralizeHotSpot,
    Overwatch,
    ReleasePows,
)
from game.engine.protocol import DecisionKind
from game.engine.state import UnitState
from game.engine.terrain import distance
from game.i18n import _, retell

if TYPE_CHECKING:
    from game.client.play import PlayScene


def human_seat(self: PlayScene) -> Seat | None:
    """The person at the computer who must answer now; None while the computer has still
    to change hands (then no input acts for anyone)."""
    seat = self.session.current_seat()
    if seat is None or not seat.human:
        return None
    return None if handoff_due(seat, self.last_human, self.hand_off_first) else seat


def give(self: PlayScene, command: Command) -> bool:
    """Send an order to the engine; an illegal one only earns a status line."""
    try:
        self.session.apply(command)
    except IllegalCommand as exc:
        self.say(orders.refusal(exc), True)
        return False
    self.say("")
    self.mode = "select"
    self.move_plan = None
    self.fire_plan = None
    self._kill_dialog()
    self.absorb_events()
    self.select_default_unit()
    return True


def _ordered_unit(self: PlayScene, seat: Seat) -> UnitState | None:
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
        self.say(_("Select one of your units first (click it or press Tab)."), True)
        return None
    why = self.session.may_command(seat, unit.id)
    if why:
        self.say(why, True)
        return None
    return unit


def order(self: PlayScene, action: str) -> None:
    """A button or key: an order for the selected unit, a mode, or a tool."""
    if action == "pace":
        pace = self.playback.cycle_pace()
        if "pace" in self.buttons:
            self.buttons["pace"].set_text(_("Pace: {pace} [V]").format(pace=_(PACE_NAMES[pace])))
        self.say(_("Pace: {pace}").format(pace=_(PACE_NAMES[pace])))
        return
    if action == "skip":
        for beat in self.playback.skip():
            self._reveal(beat)
        return
    if action == "los":
        self.mode = "los" if self.mode != "los" else "select"
        self.los_start = None
        self.los_probe = None
        self.say(_("Line of sight: click the first point or unit") if self.mode == "los" else "")
        return
    seat = self.human_seat()
    if seat is None:
        self.say(_("Wait: the other side is acting."), True)
        return
    pending = self.session.engine.pending
    if pending is not None and pending.kind not in BOARD_KINDS:
        self.say(_("Answer first: {question}").format(question=prompt_text(pending)), True)
        return
    if action == "end_phase":
        self.give(EndPhase(side=seat.side))
        return
    unit = self._ordered_unit(seat)
    if unit is None:
        return
    side = seat.side
    if action == "support":  # support assets (issue 19)
        from game.client.play_support import support_order

        support_order(self, seat, unit)
        return
    driving = action == "move" and vehicle_orders.is_vehicle(self.session.engine, unit)
    if action in ("move", "fire", "assault") and not driving:  # vehicles: the click says why
        why = orders.cannot(self.session.engine, unit, action)
        if why:
            words = {
                "move": _("{unit} cannot move now: {why}"),
                "fire": _("{unit} cannot fire now: {why}"),
                "assault": _("{unit} cannot charge now: {why}"),
            }[action]
            said = words.format(unit=retell(unit.name), why=why)
            if action == "move" and not orders.check(
                self.session.engine, FirstAid(side=side, unit=unit.id)
            ):  # found in play (polish round 7): a unit tending its wounded waited for ever
                said += " · " + _("First Aid [G] to tend them")
            self.say(said, True)
            return
    if action == "move":
        self.mode = "move"
        self.force_rate = None
        self.vehicle_plan.clear()  # vehicles (issue 20): a new drive, no waypoints yet
        self.say(
            _("{unit}: move — click where the leader goes (Esc cancels)").format(
                unit=retell(unit.name)
            )
        )
    elif action in ("fire", "assault"):
        self.mode = action
        self._targets_key = None
        words = (
            _("{unit}: click an enemy unit to fire at (Esc cancels)")
            if action == "fire"
            else _("{unit}: click an enemy unit to charge (Esc cancels)")
        )
        self.say(words.format(unit=retell(unit.name)))
    elif action == "overwatch":
        self.give(Overwatch(side=side, unit=unit.id))
    elif action == "first_aid":
        self.give(FirstAid(side=side, unit=unit.id))
    elif action == "abandon":
        self.give(AbandonCasualties(side=side, unit=unit.id))
    elif action == "release":
        self.give(ReleasePows(side=side, unit=unit.id))
    elif action == "join" and vehicle_orders.is_vehicle(self.session.engine, unit):
        vehicle_input.start_dismount(self, unit)  # vehicles (issue 20): the spot is clicked
    elif action in ("split", "join"):
        command = (
            orders.split_order(side, unit)
            if action == "split"
            else orders.join_order(self.session.engine, side, unit)
        )
        if command is None:
            words = (
                _("{unit} has nothing to split with.")
                if action == "split"
                else _("{unit} has nothing to join with.")
            )
            self.say(words.format(unit=retell(unit.name)), True)
            return
        self.give(command)
    elif action == "end":
        from game.client.confirm import confirm_end_activation  # the setting may ask first

        end = EndActivation(side=side, unit=unit.id)
        confirm_end_activation(self, unit.name, lambda: self.give(end))
    elif action == "mob":  # civilians (issue 21)
        command = civilian_orders.mob_order(self.session.engine, side, unit)
        if command is None:
            self.say(
                _("{unit} has no civilian mob within reach.").format(unit=retell(unit.name)), True
            )
            return
        self.give(command)
    elif action == "hotspot":
        spots = [h for h in self.session.engine.state.hot_spots.values() if not h.neutralized]
        if not spots:
            self.say(_("There is no active hot spot on the table."), True)
            return
        spot = min(spots, key=lambda h: distance((h.x, h.y), unit.leader_point))
        self.give(NeutralizeHotSpot(side=side, unit=unit.id, hot_spot=spot.number))
    elif action in ("stack", "clear"):  # house clearing (issue 21)
        from game.client.house_orders import give_house_order

        give_house_order(self, side, unit, action)


def order_buttons(self: PlayScene, watching: bool) -> list[tuple[str, str, str]]:
    """The order buttons: the viewing tools only when `watching` two AIs, Stack and Clear
    under the optional Building Clearing rule, the mob order with civilians on the table
    (issue 21)."""
    from game.client.house_orders import house_buttons
    from game.client.play_consts import ACTIONS, WATCH_ACTIONS

    state = self.session.engine.state
    actions = [a for a in ACTIONS if not watching or a[0] in WATCH_ACTIONS]
    if not state.mobs:  # civilians (issue 21): the mob order only where mobs were set up
        actions = [a for a in actions if a[0] != "mob"]
    return house_buttons(actions, state)


def _select_at_phase_start(self: PlayScene, seat: Seat) -> None:
    """When a player's phase (or turn at the table) begins, a unit they do not command
    (an enemy they looked at while the other side played) gives way to one of theirs."""
    state = self.session.engine.state
    key = (state.turn, state.phase, seat.name)
    if key == self._phase_seen:
        return
    self._phase_seen = key
    unit = state.units.get(self.overlays.selected_unit or "")
    if unit is None or unit.side != seat.side or not seat.owns(unit.id):
        self.select_default_unit()


def select_default_unit(self: PlayScene) -> None:
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

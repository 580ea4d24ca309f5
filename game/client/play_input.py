"""The battle screen's input modes: select, move, fire, split fire, line of sight, ruler.

Methods of `PlayScene` (game/client/play.py), written as functions of the scene and bound
in its class body.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.battlefield.model import Point
from game.client import orders, vehicle_input, vehicle_orders
from game.client.handoff import handoff_due
from game.client.play_consts import (
    KEYS,
)
from game.client.session import Seat
from game.engine.commands import (
    CloseAssault,
    Fire,
    MoveUnit,
)
from game.engine.state import UnitState
from game.i18n import _

if TYPE_CHECKING:
    from game.client.play import PlayScene


def _key(self: PlayScene, event: pygame.event.Event) -> bool:
    key = event.key
    if key == pygame.K_ESCAPE and self.mode != "select":
        self.mode = "select"
        self.splitting = False
        self.split_targets = []
        self.move_plan = None
        self.fire_plan = None
        self.los_probe = None
        self.vehicle_plan.clear()  # vehicles (issue 20)
        self.say(_("Cancelled."))
        return True
    if key == pygame.K_ESCAPE:  # nothing to cancel: ask before leaving the battle
        from game.client.confirm import ConfirmScene

        question = _("Leave the battle for the menu? (it is saved: Continue brings it back)")
        if not self.session.config.autosave:
            question = _("Leave the battle for the menu? (this game is not saved)")
        self.app.push(ConfirmScene(self, question, self.app.pop))
        return True
    if self.dialog_options and pygame.K_1 <= key <= pygame.K_9:
        self.answer(key - pygame.K_1)
        return True
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.mode == "move":
        if isinstance(self.move_plan, vehicle_orders.DrivePreview):  # vehicles (issue 20)
            seat = self.human_seat()
            unit = self._ordered_unit(seat) if seat is not None else None
            order = None if unit is None else vehicle_orders.drive_order(self.move_plan, unit)
            if order is not None and not self.move_plan.blocked and self.give(order):
                self.vehicle_plan.clear()
        elif self.move_plan is not None and self.move_plan.path:
            self._commit_move(self.move_plan.path[-1])
        return True
    if key == pygame.K_s and self.mode == "fire":
        self.splitting = not self.splitting
        self.split_targets = []
        self.say(
            _("Split fire: click the first target, then the second (R19)")
            if self.splitting
            else _("Fire at one target")
        )
        return True
    if key == pygame.K_c and self.mode == "move":
        self.force_rate = None if self.force_rate else "cautious"
        self.say(_("Move: Cautious only") if self.force_rate else _("Move: rate by distance"))
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


def _click(self: PlayScene, pos: tuple[int, int]) -> bool:
    """A left click on the table in an order mode; False lets the base screen select."""
    world = self.camera.screen_to_world(pos)
    clicked = self.unit_at(pos)
    engine = self.session.engine
    if self.mode == "los":
        unit = engine.state.units.get(clicked) if clicked else None
        point = unit.leader_point if unit is not None else world
        if self.los_start is None:
            self.los_start, self.los_start_unit = point, clicked
            self.say(_("Line of sight: now click the second point or unit"))
        else:
            self.los_probe = orders.sight_between(engine, self.los_start, point)
            first = engine.state.units.get(self.los_start_unit or "")
            if first is not None and unit is not None and first.id != unit.id:
                self.los_text = orders.sight_between_units(engine, first, unit)
                if not self.los_probe.clear:  # and what stands between the leaders
                    self.los_text += " · " + _("leader to leader: {sight}").format(
                        sight=self.los_probe.text
                    )
            else:
                self.los_text = self.los_probe.text
            self.say(self.los_text)
            self.los_start = None
        return True
    seat = self.human_seat()
    if self.mode == "move" and seat is not None:
        self._commit_move(world)
        return True
    if self.mode == "dismount" and seat is not None:  # vehicles (issue 20): the way out
        vehicle_input.dismount_click(self, seat, world)
        return True
    if self.mode == "call" and seat is not None:  # support assets (issue 19)
        from game.client.play_support import support_click

        support_click(self, seat, clicked)
        return True
    if self.mode in ("fire", "assault") and seat is not None:
        unit = self._ordered_unit(seat)
        if unit is None:
            return True
        target = engine.state.units.get(clicked) if clicked else None
        if target is None or target.side == unit.side:
            self.say(_("Click an enemy unit (Esc cancels)."), True)
            return True
        if self.mode == "fire" and self.splitting:
            self._split_click(seat, unit, target)
        elif self.mode == "fire":
            self.give(Fire(side=seat.side, unit=unit.id, target=target.id))
        else:
            self.give(CloseAssault(side=seat.side, unit=unit.id, target=target.id))
        return True
    return False


def _waiting_for_handoff(self: PlayScene) -> bool:
    """The computer must change hands first: a click selects nobody's units."""
    seat = self.session.current_seat()
    return handoff_due(seat, self.last_human, self.hand_off_first)


def _split_click(self: PlayScene, seat: Seat, unit: UnitState, target: UnitState) -> None:
    """Splitting Fire (R19): the first target takes the first half of the figures (leader
    first), the second the rest; the engine says whether the Troop Quality allows it."""
    if target.id in self.split_targets:
        self.say(_("{unit} is already a target of this split").format(unit=target.name), True)
        return
    self.split_targets.append(target.id)
    if len(self.split_targets) < 2:
        self.say(
            _("Split fire: {unit} first; click the second target (Esc cancels)").format(
                unit=target.name
            )
        )
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


def _commit_move(self: PlayScene, world: Point) -> None:
    seat = self.human_seat()
    if seat is None:
        return
    unit = self._ordered_unit(seat)
    if unit is None:
        return
    # --- vehicles (issue 20): a vehicle drives; a click onto a friendly vehicle boards it ---
    engine = self.session.engine
    if vehicle_orders.is_vehicle(engine, unit):
        vehicle_input.drive_click(self, unit, world)  # Shift: a waypoint
        return
    board = vehicle_orders.board_order(engine, unit, world)
    if board is not None:
        self.give(board)
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

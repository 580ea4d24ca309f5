"""Why the solo Insurgent AI does not carry out a row (issue 17 §1): the log says so."""

from __future__ import annotations

from game.ai.actions import Action, Interrupt
from game.ai.procedure import CheckOutcome
from game.engine.commands import Command, Fire, MoveUnit
from game.engine.state import UnitState


def why_not(turn: int, unit: UnitState, outcome: CheckOutcome, options: list[Command]) -> str:
    """Why a row that asks for a move or fire is not carried out: a leader joined the unit this
    turn (R80: it may only fire), no target, no move offered; "" when nothing is missing."""
    action = outcome.action
    if action in (Action.NO_ACTION, Action.REMAIN_IN_PLACE):
        return ""
    fires = action.interrupt is Interrupt.FIRE or action is Action.FIRE_AT_NEAREST_ENEMY
    if not fires and unit.joined_turn == turn:
        return "a leader joined it this turn, so it may only fire (R80); it holds"
    if fires and not any(isinstance(c, Fire) for c in options):
        return "no Regular unit it may fire at (sight, range or a unit in the way); it holds"
    if not fires and not any(isinstance(c, MoveUnit) for c in options):
        return "the engine offers it no move this turn; it holds"
    return ""

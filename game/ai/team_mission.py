"""The team Regular AI and a mission that hangs on one unit (issue 17 §4, round 6, helper team2).

Turkey Shoot's fire mission (Rulebook: Scenario 2: Turkey Shoot, Regular Mission Objective and
Insurgent Victory Conditions) is done by the sniper team alone: two men. While it is not done,
the mission fails only when no member of the team is left able to fight, and that loses the
Insurgents' VP for the mission prevented and for the team lost, besides the Regulars' own award.
The basic AI walked the team to the target building like any fireteam, at the same danger: in
the seeds where it failed (5, 38 of the round-6 sample) the two snipers went first, in sight of
two groups, and one volley ended the game's purpose on turn 3 or 4.

- **R380** the mission's unit goes last: while the mission is due, a move of the sniper team
  waits, within its own turn, for every other unit that has something worth doing to do it
  first (fireteams walk in ahead of it, the LVTP and the others fire at what can see its way).
  It still walks in the same turn, so no turn of the mission is lost: a first try at waiting
  for a quiet turn (the team counting its danger six times over, as R351 counts a hit on it)
  cost the escort off in a third of the games and lost more missions than it saved, because
  the Insurgency Level brings more groups every turn.

Nothing here rolls dice or remembers anything between decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.rca import Pick
from game.engine.commands import Command, MoveUnit
from game.engine.state import UnitState

if TYPE_CHECKING:
    from game.ai.regular_board import Board


def mission_published(board: Board) -> bool:
    """The view publishes a fire mission (`Objectives.fire_mission`)."""
    return bool(board.objective("fire_mission"))


def mission_due(board: Board) -> bool:
    """The published fire mission is not done yet."""
    return mission_published(board) and not board.state.tally.get("fire_mission_done")


def is_mission_unit(board: Board, unit: UnitState) -> bool:
    """The unit the fire mission hangs on: a sniper team (its designation or a sniper figure)
    on foot, in a scenario that publishes a fire mission."""
    if not mission_published(board) or unit.id in board.state.vehicles:
        return False
    return unit.designation == "sniper_team" or any(f.kind == "sniper" for f in unit.figures)


MISSION_NOTE = "{unit} lets the others act first: the fire mission hangs on it (R380)"


def mission_last(
    board: Board, picks: list[tuple[float, str, Pick[Command]]]
) -> tuple[list[tuple[float, str, Pick[Command]]], str]:
    """R380: `picks` (best first) with the mission unit's move put after every other unit's
    pick worth making (score above 0), while the mission is due; and the note to log ("" when
    nothing moved)."""
    if not mission_due(board):
        return picks, ""
    others = [p for p in picks if p[0] > 0.0 and not _is_mission_move(board, p)]
    if not others:
        return picks, ""
    waiting = [p for p in picks if p[0] > 0.0 and _is_mission_move(board, p)]
    if not waiting or picks[0] not in waiting:
        return picks, ""
    rest = [p for p in picks if p not in waiting]
    unit = board.unit(waiting[0][1])
    name = unit.name if unit is not None else waiting[0][1]
    return others + waiting + [p for p in rest if p not in others], MISSION_NOTE.format(unit=name)


def _is_mission_move(board: Board, pick: tuple[float, str, Pick[Command]]) -> bool:
    unit = board.unit(pick[1])
    return unit is not None and is_mission_unit(board, unit) and isinstance(pick[2].plan, MoveUnit)

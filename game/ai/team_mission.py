"""The team Regular AI and a mission that hangs on one unit (issue 17 §4, round 6, helper team2).

Turkey Shoot's fire mission (Rulebook: Scenario 2: Turkey Shoot, Regular Mission Objective and
Insurgent Victory Conditions) is done by the sniper team alone: two men. While it is not done,
the mission fails only when no member of the team is left able to fight, and that loses the
Insurgents' VP for the mission prevented and for the team lost, besides the Regulars' own award.
The basic AI walked the team to the target building like any fireteam, at the same danger: in
the seeds where it failed (5, 38 of the round-6 sample) the two snipers went first, in sight of
two groups, and one volley ended the game's purpose on turn 3 or 4.

- **R380** the mission's unit goes last: while the mission is due (and, R383, until the team
  is off), a move of the sniper team waits, within its own turn, for every other unit that has
  something worth doing to do it first (fireteams walk in ahead of it, the LVTP and the others
  fire at what can see its way). It still walks in the same turn, so no turn of the mission is
  lost: a first try at waiting for a quiet turn (the team counting its danger six times over,
  as R351 counts a hit on it) cost the escort off in a third of the games and lost more
  missions than it saved, because the Insurgency Level brings more groups every turn.
- **R382** no ride in a vehicle that cannot drive: the team AI does not board an immobilized
  APC, and one lets its passengers out, the snipers first.
- **R383** the sniper team is never paired in fire and movement (R272), and goes last until
  it is off the table.

Nothing here rolls dice or remembers anything between decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.rca import NOTHING, CandidateAction, Pick
from game.ai.regular_candidates import Focus, _describe
from game.ai.regular_vehicles import BoardCandidate, vehicle_candidates
from game.battlefield.model import Point
from game.engine.commands import Command, Dismount, Mount, MoveUnit
from game.engine.state import UnitState
from game.rules.vehicle_damage import VehicleDamage

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
ESCORT_NOTE = "{unit} lets the others act first: it is to be escorted off (R383)"


def mission_last(
    board: Board, picks: list[tuple[float, str, Pick[Command]]]
) -> tuple[list[tuple[float, str, Pick[Command]]], str]:
    """R380: `picks` (best first) with the mission unit's move put after every other unit's
    pick worth making (score above 0), while it is on the table: the mission due, then the
    escort off (R383); and the note to log ("" when nothing moved)."""
    if not mission_published(board):
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
    note = MISSION_NOTE if mission_due(board) else ESCORT_NOTE
    return others + waiting + [p for p in rest if p not in others], note.format(unit=name)


def without_mission_unit(board: Board, picks: dict[str, Pick[Command]]) -> dict[str, Pick[Command]]:
    """R383: the picks fire and movement (R272) may pair, the mission unit's left out: it
    neither suppresses for a friend (its fire draws the interruptions onto two men the mission
    and the escort off hang on) nor moves on a friend's suppression (it goes last, R380)."""
    if not mission_published(board):
        return picks
    out = {}
    for uid, pick in picks.items():
        unit = board.unit(uid)
        if unit is None or not is_mission_unit(board, unit):
            out[uid] = pick
    return out


def _is_mission_move(board: Board, pick: tuple[float, str, Pick[Command]]) -> bool:
    unit = board.unit(pick[1])
    return unit is not None and is_mission_unit(board, unit) and isinstance(pick[2].plan, MoveUnit)


# -- R382: no ride in a vehicle that cannot drive ------------------------------------------------
def immobilized(board: Board, vehicle_id: str) -> bool:
    """The view's vehicle `vehicle_id` can no longer drive: two Mobility breakdowns, or
    destroyed (Rulebook: Effects of Mobility Breakdowns)."""
    raw = board.state.vehicles.get(vehicle_id)
    if raw is None:
        return False
    damage = raw.get("damage") or {}
    if not damage:
        return False
    return VehicleDamage.from_json(damage).immobilized


class WalkNotRideCandidate(BoardCandidate):
    """R382: `BoardCandidate` (the mission done, a unit boards the APC for the ride out), but
    never into a vehicle that can no longer drive: aboard it the unit would wait for the end,
    and the sniper team would not be escorted off; on foot it walks to the exit edge."""

    def evaluate(self, focus: Focus) -> float:
        score = super().evaluate(focus)
        plan = self.plan
        if score != NOTHING and isinstance(plan, Mount) and immobilized(focus.board, plan.vehicle):
            self.plan = None
            return NOTHING
        return score


class GetOutCandidate(CandidateAction[Focus, Command]):
    """R382: a vehicle that can no longer drive lets its passengers out (the sniper team
    first), each on the offered spot nearest where it is wanted: the target building while the
    fire mission is due, the exit edge once it is done. A passenger left aboard goes nowhere."""

    name = "get out of a vehicle that cannot drive"
    priority = 97

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        if not immobilized(board, unit.id):
            return NOTHING
        outs = [c for c in focus.options if isinstance(c, Dismount)]
        if not outs:
            return NOTHING
        riders = {c.passenger for c in outs}
        first = sorted(riders, key=lambda r: (not _is_sniper(board, r), r))[0]
        goal = _where_wanted(board, focus.unit)
        mine = [c for c in outs if c.passenger == first]
        best = min(mine, key=lambda c: (_away(board, c, goal), c.to))
        rider = board.unit(first)
        name = rider.name if rider is not None else first
        return self.propose(
            best,
            f"{unit.name} can no longer drive: {name} gets out at {_describe(best.to)} "
            "to go on foot (R382)",
            125.0,
        )


def _is_sniper(board: Board, unit_id: str) -> bool:
    unit = board.unit(unit_id)
    return unit is not None and is_mission_unit(board, unit)


def _where_wanted(board: Board, vehicle: UnitState) -> Point | None:
    marks = [m.position for m in board.terrain.battlefield.markers if m.kind == "Objective"]
    if mission_due(board) and marks:
        return marks[0]
    return board.exit_point(vehicle.leader_point)


def _away(board: Board, command: Dismount, goal: Point | None) -> float:
    if goal is None:
        return 0.0
    return board.path_distance((command.to[0], command.to[1]), goal)


def team_vehicle_candidates() -> list[CandidateAction[Focus, Command]]:
    """The vehicle candidates of `regular_vehicles` for the team AI: boarding skips a vehicle
    that cannot drive, and such a vehicle lets its passengers out (R382)."""
    swapped = [
        WalkNotRideCandidate() if isinstance(c, BoardCandidate) else c for c in vehicle_candidates()
    ]
    return [GetOutCandidate(), *swapped]

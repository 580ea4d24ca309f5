"""The team Regular AI and the unit a mission needs escorted off (issue 17 §4, round 7, helper
team; R374, R375).

Turkey Shoot's sniper team, once its fire mission is done (Rulebook: Scenario 2: Turkey Shoot,
Regular Mission Objective, Victory Conditions), is worth 5 VP to the Regulars if a sniper
leaves by the south edge and 5 VP to the Insurgents if the team is killed or captured: two men
carrying ten points, as the Person of Interest's escort carries his (R324). Read in the games
the team AI lost to the basic one (round 7, seeds 9 and 15): the team, its work done, spent its
activation firing for a friend under interruption, then was shot by a second group that the
shot had shown it to; or ran Rapidly for the LVTP in sight of two groups, and one volley took
both men.

- **R374** the mission's unit never reacts for a friend (Rulebook: Regular Reaction to
  Interruptions): that reaction spends its activation and, in the solo rules, every group in
  sight of a Regular unit that fires checks for an interruption; R383 keeps it out of fire and
  movement for the same reason.
- **R375** once the fire mission is done, the danger the sniper team weighs counts
  `ESCORT_OFF_CARE` times over, as R324 counts the POI carrier's, and with R361's clock: when
  its Cautious walk to the exit needs every turn left but one, it counts once. Boarding the
  APC is a Rapid run in the sight of every group that sees the team where it stands (Loading
  and Unloading Passengers, R218, R220), so the team AI's boarding is worth its 115 points
  less that danger; and a shot by the team is worth less the fire it draws (R381's figure).

Nothing here rolls dice or remembers anything between decisions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.ai.rca import NOTHING, CandidateAction
from game.ai.regular_board import W_THREAT
from game.ai.regular_candidates import Focus
from game.ai.team_mission import WalkNotRideCandidate, is_mission_unit, mission_due
from game.engine.commands import Command, Mount
from game.engine.state import UnitState

if TYPE_CHECKING:
    from game.ai.regular_board import Board

ESCORT_OFF_CARE = 4.0
"""Not a rule (R375): how many times over the sniper team, its mission done, counts the
casualties a spot or a run would cost it: a casualty is one of two men, the team's loss is the
Insurgents' 5 VP and the escort off the Regulars' 5 (R324's figure for the POI)."""
DRAWN_SHARE = 0.5
"""Not a rule (R375, as R381's `DRAWN`): the share of the danger at the firer's spot that its
shot is expected to bring down on it."""


def to_be_escorted_off(board: Board, unit: UnitState) -> bool:
    """R375: the unit is the published fire mission's own (the sniper team), the mission done:
    what is left is to get it off the table."""
    return is_mission_unit(board, unit) and not mission_due(board)


def helper_barred(board: Board, unit: UnitState) -> bool:
    """R374: the mission's unit never reacts for a friend."""
    return is_mission_unit(board, unit)


class CarefulBoardCandidate(WalkNotRideCandidate):
    """R375: boarding (R382's candidate) less the danger of the Rapid run to the vehicle, which
    every group that sees the unit where it stands may interrupt."""

    def evaluate(self, focus: Focus) -> float:
        score = super().evaluate(focus)
        plan = self.plan
        if score == NOTHING or not isinstance(plan, Mount):
            return score
        board, unit = focus.board, focus.unit
        danger = board.threat(unit, board.spot_of(unit), stationary=False, rapid=True)
        if danger <= 0.0:
            return score
        return self.propose(
            plan,
            f"{self.why}; the run to it is in sight, danger E={danger:.2f} (R375)",
            score - W_THREAT * danger,
        )


def drawn_fire(board: Board, unit: UnitState) -> float:
    """R375: the fire a shot by the sniper team draws, its mission done (0 for any other
    unit): R381's figure, at its spot, standing, with R375's care."""
    if not to_be_escorted_off(board, unit):
        return 0.0
    return DRAWN_SHARE * board.threat(unit, board.spot_of(unit), stationary=True)


def careful_boarding(
    candidates: Sequence[CandidateAction[Focus, Command]],
) -> list[CandidateAction[Focus, Command]]:
    """The team AI's candidates with R382's boarding weighed by R375."""
    return [CarefulBoardCandidate() if type(c) is WalkNotRideCandidate else c for c in candidates]

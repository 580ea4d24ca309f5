"""The Regular AI that fights as a team (issue 17 §4): its candidate actions beside the basic ones.

`team_candidates()` is the basic list (`regular_candidates.default_candidates`) with the team's
additions; `regular.RegularAI(style="ai")` plays it, `style="basic"` keeps the earlier list for
comparison. Added here: Close Assault when the rules core's own procedure says it pays (R270,
R271).
"""

from __future__ import annotations

from game.ai.assault_odds import assault_odds
from game.ai.rca import NOTHING, CandidateAction
from game.ai.regular_board import W_FIRE, W_THREAT
from game.ai.regular_candidates import Focus, default_candidates
from game.engine.commands import CloseAssault, Command
from game.engine.terrain import distance

ASSAULT_WIN = 0.5
"""Not a rule (R271): a charge is worth making when the chargers win at least this often..."""
ASSAULT_TRADE = 2.0
"""...and take out at least this many enemy figures for each figure of their own they lose."""
OWN_LOSS = 1.5
"""Not a rule: a Regular figure lost weighs this many Insurgent figures (VP and the mission)."""
RUN_AND_STAND = 1.5
"""Not a rule: the danger of the charge's spot counts for the run there and the stand after."""


class CloseAssaultCandidate(CandidateAction[Focus, Command]):
    """Charge an Insurgent unit within reach when the odds favour it (Rulebook: Close Assault;
    R270, R271)."""

    name = "close assault"
    priority = 65

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        best_score = NOTHING
        for c in focus.options:
            if not isinstance(c, CloseAssault):
                continue  # the engine offers a charge only where it is legal
            target = board.unit(c.target)
            if target is None:
                continue
            odds = assault_odds(
                unit, target, distance=distance(unit.centre, target.centre), turn=board.turn
            )
            if odds.win < ASSAULT_WIN or odds.enemy_lost < ASSAULT_TRADE * odds.own_lost:
                continue
            after = board.ghost(unit, target.leader_point)
            # the run (Rapid) and standing where the enemy stood, in sight of every other group
            danger = board.threat(unit, after, stationary=False, rapid=True, ignore=target.id)
            score = (
                10.0
                + W_FIRE * (odds.enemy_lost - OWN_LOSS * odds.own_lost)
                + 10.0 * odds.win
                - RUN_AND_STAND * W_THREAT * danger
            )
            if score > best_score:
                best_score = self.propose(
                    c,
                    f"{unit.name} charges {target.name}: {odds.describe()} "
                    f"(danger there E={danger:.2f}; R270, R271)",
                    score,
                )
        return best_score


def team_candidates() -> list[CandidateAction[Focus, Command]]:
    return [CloseAssaultCandidate(), *default_candidates()]

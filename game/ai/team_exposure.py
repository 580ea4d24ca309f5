"""The team Regular AI: fire that draws fire (issue 17 §4, round 6, helper team2; R381).

In the solo rules every Insurgent group in sight of a Regular unit that activates and moves or
fires checks for an interruption (Rulebook: Insurgent Action Checks, "Regulars move or fire in
LOS"; Interruptions), and the rows for groups within reach mostly answer with fire. A unit that
holds provokes none. So a shot is not free: its price is the interrupting volleys it invites,
at the firer where it stands. The basic AI's fire candidate weighs only the casualties it
causes; in Midnight at the Alamo, seeds 1-20 of round 6, 84 of the 88 Insurgent interruptions by
fire (29 of the 33 Marine casualties they caused) answered a Marine unit firing "at best odds"
from the compound, and a casualty there is 1-2 VP while an Insurgent one scores nothing.

- **R381** where the scenario's Regular mission is to hold a position (the view publishes
  `hold_objectives`), the team AI's fire candidate takes off the fire it draws: the danger of
  the firer's own spot (every group that sees it, stationary, as the move candidates count
  danger) times `DRAWN`, in the same points as a casualty (`W_THREAT`). A good shot is still
  taken; a poor one from a spot in sight of several groups is not, and the unit holds, takes
  cover or does something else. Where the Regulars must go somewhere (an exit, a hot spot,
  the POI, a target building) their fire clears the way for that move, and the first try,
  played everywhere, cost Hornet's Nest's escort: seeds 1-20, team − basic +6.15 without it,
  +1.15 with it.

Nothing here rolls dice or remembers anything between decisions.
"""

from __future__ import annotations

from game.ai.rca import NOTHING
from game.ai.regular_board import W_THREAT
from game.ai.regular_candidates import FireCandidate, Focus
from game.ai.team_escort_off import drawn_fire  # round 7, team (R375)

DRAWN = 0.5
"""Not a rule (R381): the share of the danger at the firer's spot that its firing is expected
to bring down on it now (a group in sight may fail its Interrupt Check, lose the Reaction Test
to a firer who then hits it first, or take a row that moves rather than fires)."""


class DrawnFireCandidate(FireCandidate):
    """`FireCandidate` less the fire its shot draws (R381)."""

    def evaluate(self, focus: Focus) -> float:
        score = super().evaluate(focus)
        if score == NOTHING:
            return score
        board, unit = focus.board, focus.unit
        escort_off = drawn_fire(board, unit)  # --- round 7, team: the sniper team's shot (R375)
        if escort_off > 0.0:
            assert self.plan is not None
            return self.propose(
                self.plan,
                f"{self.why}; it draws fire onto the team to be escorted off, "
                f"E={escort_off:.2f} (R375)",
                score - W_THREAT * escort_off,
            )
        if not board.objective("hold_objectives"):
            return score  # R381: only where the mission is to hold
        drawn = DRAWN * board.threat(unit, board.spot_of(unit), stationary=True)
        if drawn <= 0.0:
            return score
        assert self.plan is not None
        return self.propose(
            self.plan,
            f"{self.why}; firing draws the fire of the groups in sight, E={drawn:.2f} (R381)",
            score - W_THREAT * drawn,
        )

"""The Regular AI's use of support assets (Asset cards; R190-R199; support assets, issue 19).

One candidate action: bring an attached asset (medic, SMAW, team) into play as soon as it is
offered, and call off-board fire or the Predator's Hellfire on the Insurgent unit where the
exact odds of the call (`game.rules.support.call_odds`: the card's d6 and the attack roll) give
the most expected casualties, when they pay: calling costs no fire, but the mortars and aircraft
keep the caller still, and the Hellfire is fired once.
"""

from __future__ import annotations

from game.ai.rca import NOTHING, CandidateAction, best
from game.ai.regular_board import W_FIRE
from game.ai.regular_candidates import Focus
from game.engine.commands import CallAsset, Command
from game.rules import support as sp

ATTACHED = frozenset(
    {
        sp.AssetId.ATTACHED_MEDIC,
        sp.AssetId.SMAW,
        sp.AssetId.ATTACHED_SNIPER_TEAM,
        sp.AssetId.ATTACHED_LMG_TEAM,
        sp.AssetId.ATTACHED_MG_TEAM,
    }
)
PAYS = 0.5
"""Expected casualties a call must promise before the AI makes it."""
HELLFIRE_PAYS = 1.2
"""The Predator fires once: it waits for a target worth its one missile."""
STAY_PUT_COST = 8.0
"""What keeping the caller still is worth giving up (mortars, aircraft; R191)."""


MOVES = ("move", "join_unit", "change_level", "close_assault")
"""The orders a unit calling mortars or aircraft gives up (R191)."""


class AssetCandidate(CandidateAction[Focus, Command]):
    name = "call a support asset"
    priority = 70

    def evaluate(self, focus: Focus) -> float:
        calls = [c for c in focus.options if isinstance(c, CallAsset)]
        if not calls:
            return NOTHING
        for c in calls:
            asset = sp.AssetId(c.asset)
            if asset in ATTACHED:
                return self.propose(
                    c,
                    f"{focus.unit.name} brings the {sp.ASSET_TITLES[asset]} into play at once "
                    "(it costs no action; R195)",
                    95.0,
                )
        other = self._best_other(focus)
        best_score = NOTHING
        for c in calls:
            score, why = self._weigh(focus, c, other)
            if score > best_score:
                best_score = self.propose(c, why, score)
        return best_score

    @staticmethod
    def _best_other(focus: Focus) -> tuple[float, str]:
        """The best the unit could do instead: its score and its order's kind."""
        from game.ai.regular_candidates import default_candidates

        others = [c for c in default_candidates() if not isinstance(c, AssetCandidate)]
        pick = best(others, focus)
        return (pick.score, pick.plan.kind) if pick is not None else (0.0, "end_activation")

    @staticmethod
    def _weigh(focus: Focus, command: CallAsset, other: tuple[float, str]) -> tuple[float, str]:
        board = focus.board
        target = board.unit(command.target)
        if target is None:
            return NOTHING, ""
        asset = sp.AssetId(command.asset)
        stationary = target.last_moved_turn != board.turn
        dice = board.defense(target, board.spot_of(target), stationary=stationary)
        odds = sp.call_odds(asset, dice, target.quality_die())
        figures = len(target.effective_figures)  # no more casualties than figures
        e = float(sum(min(k, figures) * p for k, p in enumerate(odds.exact)))
        need = HELLFIRE_PAYS if asset is sp.AssetId.ARMED_PREDATOR else PAYS
        if e < need:
            return NOTHING, ""
        if asset in sp.CALLER_STAYS_PUT and other[1] in MOVES:
            score = 12.0 + W_FIRE * e - STAY_PUT_COST  # against the move it would give up
            cost = "it stays put instead of moving"
        else:
            score = max(other[0] + 1.0, 1.0)  # free: call first, then do the rest
            cost = "it costs no action"
        why = (
            f"{focus.unit.name} calls the {sp.ASSET_TITLES[asset]} on {target.name}: "
            f"E={e:.2f} casualties over the card's d6 and the attack "
            f"(no fire {float(odds.no_fire):.0%}, card lost {float(odds.lost):.0%}); {cost}"
        )
        return score, why

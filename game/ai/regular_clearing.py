"""The Regular AI under the optional Building Clearing rule (Rulebook: House Clearing,
Stacking; R240-R246): a unit whose objective lies in, or whose way to it runs through, a
building not yet cleared stacks against its wall and clears it the turn after. Moves that would
walk into such a building stop at its wall (`Board.destinations`), as the engine refuses them.
"""

from __future__ import annotations

from game.ai.rca import NOTHING, CandidateAction
from game.ai.regular_candidates import Focus
from game.engine.buildings import building_named, building_words, first_uncleared
from game.engine.commands import ClearBuilding, Command, StackOnBuilding

SCORE = 70.0
"""What clearing the way to the objective is worth before the danger of standing still (more
than a move's progress, less than First Aid or a hot spot neutralized)."""


class ClearBuildingCandidate(CandidateAction[Focus, Command]):
    name = "stack and clear a building"
    priority = 70

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        orders = [c for c in focus.options if isinstance(c, (StackOnBuilding, ClearBuilding))]
        goal = board.goal_for(unit) if orders and not focus.wounded else None
        if goal is None:
            return NOTHING
        found = first_uncleared(
            board.state, board.terrain, board.path(unit.leader_point, goal.point)
        )
        if found is None:
            return NOTHING
        building = found[0]
        stacked = unit.stacked_on == building.id and unit.stacked_turn == board.turn - 1
        mine = [c for c in orders if c.building == building.id]
        stack = next((c for c in mine if isinstance(c, StackOnBuilding)), None)
        clear = next((c for c in mine if isinstance(c, ClearBuilding)), None)
        command: Command | None = clear if stacked or stack is None else stack
        if command is None:
            return NOTHING
        named = building_named(board.terrain, building.id)
        words = building_words(named) if named is not None else f"building {building.id}"
        danger = board.threat(unit, board.spot_of(unit), stationary=True)
        if isinstance(command, StackOnBuilding):
            why = (
                f"stacks against {words}, which stands between it and {goal.label}, to clear "
                "it next turn (+1, Stacking)"
            )
        elif stacked:
            why = f"clears {words} after stacking the turn before (+1), on the way to {goal.label}"
        else:
            why = (
                f"clears {words} on the way to {goal.label} without stacking (−1): its figures "
                "are not all against the wall"
            )
        return self.propose(
            command, f"{unit.name} {why} (danger E={danger:.2f})", SCORE - 5.0 * danger
        )

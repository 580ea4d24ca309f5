"""The Regular AI and the hostage of Since You're Already in the Area . . . (R313-R319): while
the hostage is held, the Regular unit with the shortest walk to his building makes it its goal;
the house-clearing candidate (`regular_clearing`) then stacks against the building and clears
it, as it does any uncleared building on a unit's way, since only clearing rescues him (R315).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.buildings import building_named, building_words, hostage_building, is_cleared

if TYPE_CHECKING:
    from game.ai.regular_board import Board, Goal

RESCUE_BONUS = 25.0
"""What reaching the hostage's walls is worth: more than a hot spot (20), since the rescue moves
the whole result one step (R313)."""


def hostage_goal(board: Board) -> tuple[str, Goal] | None:
    """(the unit id, its goal) for the rescue, or None when no hostage waits."""
    from game.ai.regular_board import Goal

    number = hostage_building(board.state)
    building = None if number is None else building_named(board.terrain, number)
    if building is None or is_cleared(board.state, building):
        return None
    pts = building.outline
    centre = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
    able = [u for u in board.regulars if u.on_table and u.effective_figures]
    if not able:
        return None
    unit = min(able, key=lambda u: (board.path_distance(u.leader_point, centre), u.id))
    label = f"the hostage in {building_words(building)}"
    return unit.id, Goal(centre, label, RESCUE_BONUS, urgency=1.5)


def with_rescue(board: Board, goals: dict[str, Goal | None]) -> dict[str, Goal | None]:
    """The scenario's goals with the rescue given to its unit (R318)."""
    rescue = hostage_goal(board)
    if rescue is not None:
        goals[rescue[0]] = rescue[1]
    return goals

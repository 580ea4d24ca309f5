"""The Regular AI's goals in the scenarios that hold or send a mission (split out of
`regular_board.py`): Midnight at the Alamo's hold-out (R208) and Turkey Shoot's fire mission."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.movement import EDGE_REACH

if TYPE_CHECKING:
    from game.ai.regular_board import Board, Goal


def hold_goals(self: Board) -> dict[str, Goal | None]:
    """R208: each unit keeps to the nearest building marked by an Objective point (the
    position the scenario holds), and never steps off the table."""
    from game.ai.regular_board import HOLD_REACH, Goal

    marked = sorted(m.position for m in self.terrain.battlefield.markers if m.kind == "Objective")
    goals: dict[str, Goal | None] = {}
    for unit in self.regulars:
        if not marked:
            goals[unit.id] = None
            continue
        spot = min(marked, key=lambda p: (self.path_distance(unit.leader_point, p), p))
        goals[unit.id] = Goal(spot, "the position to hold", 10.0, HOLD_REACH)
    return goals


def fire_mission_goals(self: Board) -> dict[str, Goal | None]:
    """Everyone on foot to the target building (the Objective marker) until the snipers'
    fire mission is done, then to the exit edge; vehicles go by `regular_vehicles`."""
    from game.ai.regular_board import Goal

    marks = [m.position for m in self.terrain.battlefield.markers if m.kind == "Objective"]
    done = bool(self.state.tally.get("fire_mission_done"))
    goals: dict[str, Goal | None] = {}
    for unit in self.regulars:
        if unit.id in self.state.vehicles:
            goals[unit.id] = None
        elif done or not marks:
            exit_at = self.exit_point(unit.leader_point)
            goals[unit.id] = (
                Goal(exit_at, "the exit edge", 30.0, EDGE_REACH, 2.0) if exit_at else None
            )
        else:
            goals[unit.id] = Goal(marks[0], "the target building", 30.0, urgency=2.0)
    return goals

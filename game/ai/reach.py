"""Rows that name where the unit must end up, and the spots a move can reach (issue 17, R131).

Rulebook: Insurgent Action Checks. Several rows name an end state: "into cover", "out of LOS",
"take cover but remain out of LOS of enemy", "take cover and gain LOS of enemy", "into Optimum
Range". The controller first weighs a ring of destinations; when none of them reaches the row's
end state, it searches every reachable spot of a one-inch grid (`grid_destinations`) before it
settles for less, so the row is carried out whenever a reachable spot allows it (R131).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.ai.actions import Action
from game.battlefield.model import Point
from game.engine.bounded_paths import path_within
from game.engine.terrain import Terrain, path_length

GRID_STEP = 1.0
"""The end-state search looks at every reachable spot of this grid (inches, from the origin)."""

EndState = Callable[[Any], bool]
"""A test of one destination's facts (`ranking._LazyCandidate`): has the row's end state?"""


def end_state(action: Action, optimum_range: float) -> tuple[str, EndState] | None:
    """The end state a row names, in words and as a test of a destination; None when the row
    names none (a move toward a friend, a hot spot or the objective: as near as it can)."""
    if action in (Action.MOVE_INTO_COVER, Action.TAKE_COVER):
        return "in Solid Cover", lambda c: bool(c.solid)
    if action is Action.TAKE_COVER_OUT_OF_LOS:
        return "in Solid Cover out of enemy sight", lambda c: c.solid and not c.sees_enemy
    if action in (Action.TAKE_COVER_WITH_LOS, Action.ADVANCE_TO_ENEMY):
        return "in Solid Cover with the enemy in sight", lambda c: c.solid and c.sees_enemy
    if action in (Action.MOVE_OUT_OF_LOS, Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND):
        return "out of enemy sight", lambda c: not c.sees_enemy
    if action is Action.MOVE_OUT_OF_LOS_OR_INTO_COVER_TOWARD_FRIEND:
        return "out of enemy sight or in Solid Cover", lambda c: c.solid or not c.sees_enemy
    if action is Action.MOVE_INTO_OPTIMUM_RANGE:
        return (
            "within Optimum Range of the activated unit",
            lambda c: c.activated_distance <= optimum_range,
        )
    return None


def grid_destinations(terrain: Terrain, start: Point, reach: float) -> list[Point]:
    """Every point of the one-inch grid on the table, off blockers, that a walk of at most
    `reach` inches from `start` arrives at (its route no longer than the reach), nearest first."""
    out: list[tuple[float, Point]] = []
    lo_x, hi_x = math.floor(start[0] - reach), math.ceil(start[0] + reach)
    lo_y, hi_y = math.floor(start[1] - reach), math.ceil(start[1] + reach)
    for gx in range(lo_x, hi_x + 1):
        for gy in range(lo_y, hi_y + 1):
            p = (gx * GRID_STEP, gy * GRID_STEP)
            straight = math.dist(start, p)
            if straight > reach or straight < 0.25:
                continue
            if not terrain.on_table(p) or terrain.blocked_point(p):
                continue
            # routes longer than the reach are not searched for (`bounded_paths`)
            path = path_within(terrain, start, p, reach + 1e-3)
            if path is None or math.dist(path[-1], p) > 0.05 or path_length(path) > reach + 1e-6:
                continue
            out.append((straight, p))
    out.sort()
    return [p for _, p in out]

"""The team Regular AI reads a move's danger along the whole walk, first step included (issue 17
§4, round 7, helper team; R373).

In the solo rules an Insurgent group that sees a Regular unit move may interrupt it (Rulebook:
Insurgent Action Checks, "Regulars move or fire in LOS"; Interruptions): the groups that see
the unit where it stands are offered the interruption as it sets off, and each group that
first sees it further on is offered one there. A moving unit claims no In Cover die (Cover
Dice; R52, R68), so it is shot at where it walks, in the street, not where it will stop behind
a wall. The Regular AI weighed a move by the danger at its end only; R360 (round 5) read the
whole walk for the unit carrying the Person of Interest alone.

- **R373** every unit of the team AI weighs a move by the danger along its walk: each
  Insurgent group that could see the unit at its first step, at any point of the walk
  (sampled every 2"), or at its end counts once, with its best shot at the unit on that walk,
  as a moving unit. Found in Contracting Trouble (round 7, seeds 24 and 34): a fireteam walked
  from Solid Cover "to Solid Cover, danger E=0.58" across a street in sight of a group with an
  RPG 5" away; the group interrupted as it set off and one volley put the whole fireteam out
  of action; a wounded fireteam "carried its wounded to safety out of sight" through the view
  of two groups and was wiped out on the way.

Nothing here rolls dice or remembers anything between decisions.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.engine.protocol import DecisionKind
from game.engine.state import UnitState
from game.engine.terrain import path_length, walk

if TYPE_CHECKING:
    from game.ai.regular_board import Board, Spot

WALK_SAMPLE = 2.0
"""Not a rule (R360, R373): the step, in inches, at which a walk is looked along."""


def danger_on_the_walk(
    board: Board, unit: UnitState, spot: Spot, *, rapid: bool = False, ignore: str = ""
) -> float:
    """R373: the danger of a move to `spot`: each Insurgent group that could see the unit on its
    walk there (where it sets off, every 2" on, and where it stops) counts once, with its best
    shot at the moving unit anywhere on that walk. Not capped here (R364 caps the total).
    Outside an activation (an answer to an interruption, a move resumed) the interruption
    window at the start has passed: the walk is read from its first sample on, as R360 read
    it, and only for the POI carrier (`TeamBoard.threat`)."""
    memo = _memo(board)
    key = (unit.id, spot.leader, rapid, ignore)
    known = memo.get(key)
    if known is not None:
        return known  # the cover and objective candidates weigh the same moves
    route = board.path(unit.leader_point, spot.leader)
    length = path_length(route)
    worst = board.threat_by_group(unit, spot, stationary=False, rapid=rapid, ignore=ignore)
    steps = math.ceil(length / WALK_SAMPLE)
    # the first step counts when the move is still to be ordered (an activation): the groups
    # that see the unit then are offered the interruption as it sets off; in an answer to an
    # interruption that window has passed (R360's reading, from the first sample on)
    first = 0 if board.kind == DecisionKind.ACTIVATE else 1
    for i in range(first, steps):
        if i == 0:  # setting off: the same for every move of the unit, weighed once
            seen = _setting_off(board, unit, rapid=rapid, ignore=ignore)
        else:
            ghost = board.ghost(unit, walk(route, length * i / steps))
            seen = board.threat_by_group(unit, ghost, stationary=False, rapid=rapid, ignore=ignore)
        for group, e in seen.items():
            if e > worst.get(group, 0.0):
                worst[group] = e
    total = 0.0
    for e in worst.values():
        total += e
    memo[key] = total
    return total


def _memo(board: Board) -> dict[tuple[str, tuple[float, float], bool, str], float]:
    """The walks weighed on this board (one board per decision; speed only)."""
    memo: dict[tuple[str, tuple[float, float], bool, str], float] | None = getattr(
        board, WALKS, None
    )
    if memo is None:
        memo = {}
        setattr(board, WALKS, memo)
    return memo


WALKS = "_r373_walks"
"""The board attribute `_memo` keeps the weighed walks in."""


def _setting_off(board: Board, unit: UnitState, *, rapid: bool, ignore: str) -> dict[str, float]:
    """`threat_by_group` at the unit's first step (its leader where it stands), remembered on
    the board for the decision (speed only: every move of the unit sets off there)."""
    memo: dict[tuple[str, bool, str], dict[str, float]] | None = getattr(board, MEMO, None)
    if memo is None:
        memo = {}
        setattr(board, MEMO, memo)
    key = (unit.id, rapid, ignore)
    found = memo.get(key)
    if found is None:
        ghost = board.ghost(unit, unit.leader_point)
        found = board.threat_by_group(unit, ghost, stationary=False, rapid=rapid, ignore=ignore)
        memo[key] = found
    return found


MEMO = "_r373_setting_off"
"""The board attribute `_setting_off` keeps its figures in (one board per decision)."""

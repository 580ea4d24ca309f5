"""The team Regular AI's breakout from a position it holds (issue 17 §4, round 7, helper team2;
R384, R385).

A scenario that asks the Regulars to hold a position (the view publishes `hold_objectives`) may
also pay for each Regular who leaves by an exit edge, and pay the other side once for quitting
the table (Scenario 3: Midnight at the Alamo, Regular and Insurgent Victory Conditions: 1 VP a
Marine out by the north edge from turn 4, 5 VP to the Insurgents when the Marines quit, 10 VP
for the compound held at the end). The basic AI never weighs the exit there (R208): holding is
worth more than the whole squad out. A player reads the sums unit by unit: the hold needs one
unit in a marked building at the end, so the others are free to go, and they score when their
figures out outnumber the points the quitting gives away.

- **R384** the unit that stays is the one whose staying lets the most figures out (then the
  one in, or nearest, a marked building); every other unit that can still reach the exit
  edge by the last turn goes, when the figures they would take out, in the scenario's
  points, beat the points the quitting gives the other side by at least `BREAKOUT_MARGIN`
  (by nothing once a unit is on its way, and nothing to beat once a unit has left). The walk
  is timed to reach the edge when leaving opens: a unit still in the position goes once its
  Cautious walk, with a turn to spare, needs every turn before then; a unit on its way keeps
  going while it can be out by the last turn. A vehicle neither holds nor goes (its crew
  holds no house).
- **R385** once the breakout is on, the exit is open to the units that go from the scenario's
  turn (`exit_from_turn`), as for any other exit edge (R207).

The points are the scenario's own, as the view publishes them (`objectives.regular_points` and
`objectives.insurgent_points`); nothing here reads the scenario's id, rolls dice or remembers
anything between decisions.
"""

from __future__ import annotations

import math

from game.ai.regular_board import HOLD_REACH, Board, Goal
from game.engine.protocol import UnitStatus
from game.engine.state import REGULAR, UnitState
from game.rules.movement import CAUTIOUS, EDGE_REACH

BREAKOUT_MARGIN = 2
"""Not a rule (R384): the points the figures out must beat the quitting by, for the risks of the
walk (an interruption, a wounded man who must be tended) and of the unit left to hold alone."""
BREAKOUT_LABEL = "the breakout by the exit edge (R384)"


def exit_worth(unit: UnitState) -> int:
    """The figures `unit` takes out by the exit edge, as the scenario counts them (R204): its
    figures, fit or hit, and the casualties it carries."""
    return len(unit.figures) + unit.dependants.count("casualty")


def _points(board: Board) -> tuple[int, int]:
    """(points a Regular figure out scores, points quitting the table gives the Insurgents)."""
    ours = board.state.objectives.get("regular_points") or {}
    theirs = board.state.objectives.get("insurgent_points") or {}
    return int(ours.get("regular_exited", 0)), int(theirs.get("regulars_left_table", 0))


def _already_left(board: Board) -> bool:
    return any(
        u.side == REGULAR and u.status == UnitStatus.EXITED for u in board.state.units.values()
    )


def _home(board: Board, unit: UnitState) -> float:
    """How far `unit` is from the position it holds (the nearest Objective point, counted as
    there within `HOLD_REACH`, R208); infinite when the map marks none."""
    marked = [m.position for m in board.terrain.battlefield.markers if m.kind == "Objective"]
    near = min((board.path_distance(unit.leader_point, p) for p in marked), default=math.inf)
    return max(near, HOLD_REACH)


def _can_go(board: Board, unit: UnitState) -> Goal | None:
    """The exit goal of `unit` if it can be out by the last turn at Cautious speed (R384), and it
    is time: a unit still in the position leaves once its walk, with a turn to spare, needs
    every turn before the exit opens; a unit on its way keeps going."""
    exit_at = board.exit_point(unit.leader_point)
    if exit_at is None:
        return None
    opens = int(board.objective("exit_from_turn"))
    walk = max(1, math.ceil(board.path_distance(unit.leader_point, exit_at) / CAUTIOUS))
    if max(board.turn + walk - 1, opens) > board.state.turn_limit:
        return None  # it cannot be out by the last turn
    if board.turn + walk < opens and _home(board, unit) <= HOLD_REACH:
        return None  # too early: it would wait at the edge; it holds for now
    return Goal(exit_at, BREAKOUT_LABEL, 30.0, EDGE_REACH, 2.0)


def plan(board: Board, units: list[UnitState]) -> tuple[UnitState | None, dict[str, Goal], int]:
    """R384: (the unit that holds, the exit goals of the units that go, the figures they take
    out). The one that holds is the one whose staying lets the most figures out, then the one
    nearest its building's Objective point (one inside stays inside), then the first by id."""
    if len(units) < 2 or math.isinf(_home(board, units[0])):
        return None, {}, 0
    goals = {u.id: g for u in units if (g := _can_go(board, u)) is not None}
    best: tuple[int, float, str] | None = None
    keep: UnitState | None = None
    for k in units:
        out = sum(exit_worth(u) for u in units if u is not k and u.id in goals)
        key = (-out, _home(board, k), k.id)
        if best is None or key < best:
            best, keep = key, k
    assert keep is not None and best is not None
    going = {uid: g for uid, g in goals.items() if uid != keep.id}
    return keep, going, -best[0]


def breakout_goals(board: Board, goals: dict[str, Goal | None]) -> dict[str, Goal | None]:
    """R384: `goals` (each unit to the position it holds, R208) with the units that break out
    sent to the exit edge, when the breakout scores more than holding with everyone: the points
    of the figures out beat the quitting's by `BREAKOUT_MARGIN` before any unit is on its way,
    and at all once one is (turning back costs the walk again, under the same fire)."""
    each, quitting = _points(board)
    if each <= 0 or not board.state.exit_edges:
        return goals
    units = [u for u in board.regulars if u.on_table and u.id not in board.state.vehicles]
    _, going, figures = plan(board, units)
    cost = 0 if _already_left(board) else quitting
    on_the_way = any(_home(board, board.state.units[uid]) > HOLD_REACH for uid in going)
    if not going or each * figures < cost + (0 if on_the_way else BREAKOUT_MARGIN):
        return goals
    out = dict(goals)
    out.update(going)
    return out


def breakout_open(board: Board) -> bool:
    """R385: where the breakout is weighed, the exit edge is open from the scenario's turn (the
    units sent there are the breakout's; the one that holds keeps its building)."""
    each, _ = _points(board)
    return (
        each > 0
        and bool(board.state.exit_edges)
        and board.turn >= int(board.objective("exit_from_turn"))
    )

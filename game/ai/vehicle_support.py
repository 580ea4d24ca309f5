"""The Regular AI's vehicles that came on mid-game carrying nobody (an Asset card's APC, gun
truck, IFV, LAV-25 or tank, R300-R302): fire support that follows the fight (R307). A
scenario's own vehicles (Turkey Shoot's LVTP) keep the part R229 gives them.

A vehicle with no target for its weapons this activation drives at Patrol speed toward the
nearest Insurgent unit it knows of, stopping no nearer than `STANDOFF` to it (a hull is no
assault party); knowing of none, toward the scenario's goal for it, else toward the middle of
the other Regular units. When it can fire, the ordinary fire candidate outscores this one
(a drive scores below any shot)."""

from __future__ import annotations

from game.ai.rca import NOTHING, CandidateAction
from game.ai.regular_board import Board
from game.ai.regular_candidates import Focus, _describe
from game.ai.regular_vehicles import is_vehicle
from game.battlefield.model import Point
from game.engine.commands import Command, Drive, Fire
from game.engine.state import UnitState
from game.engine.terrain import distance

STANDOFF = 8.0
"""Inches an empty vehicle keeps from the Insurgent unit it drives toward."""
SCORE = 5.0
"""Below any shot the fire candidate offers (10 and more), above holding still (0)."""


def _goal(board: Board, unit: UnitState) -> tuple[Point, str, float] | None:
    """Where the vehicle heads, what it is, and how near it may come."""
    here = unit.centre
    if board.insurgents:
        foe = min(board.insurgents, key=lambda u: (distance(u.centre, here), u.id))
        return foe.centre, foe.name, STANDOFF
    goal = board.goal_for(unit)
    if goal is not None:
        return goal.point, goal.label, 0.0
    others = [u for u in board.regulars if u.id != unit.id and not is_vehicle(board, u)]
    if not others:
        return None
    xs, ys = [u.centre[0] for u in others], [u.centre[1] for u in others]
    return (sum(xs) / len(xs), sum(ys) / len(ys)), "the other Regular units", STANDOFF


class SupportDriveCandidate(CandidateAction[Focus, Command]):
    name = "vehicle fire support drive"
    priority = 93

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        raw = board.state.vehicles.get(unit.id)
        if raw is None or not is_vehicle(board, unit) or raw.get("passengers"):
            return NOTHING
        if not raw.get("source"):  # a scenario's own vehicle keeps its part (R229)
            return NOTHING
        if any(isinstance(c, Fire) for c in focus.options):
            return NOTHING  # it has a target: the fire candidate weighs it
        found = _goal(board, unit)
        if found is None:
            return NOTHING
        goal, label, keep = found
        here = distance(unit.centre, goal)
        best: tuple[float, Drive] | None = None
        for c in focus.options:
            if not isinstance(c, Drive) or c.speed != "patrol":
                continue
            end = (float(c.path[-1][0]), float(c.path[-1][1]))
            left = distance(end, goal)
            if left < keep or here - left < 1.0:
                continue
            if best is None or left < best[0] - 1e-9:
                best = (left, c)
        if best is None:
            return NOTHING
        end = (float(best[1].path[-1][0]), float(best[1].path[-1][1]))
        return self.propose(
            best[1],
            f"{unit.name} has nothing to fire at: it drives toward {label} to {_describe(end)}, "
            f'{here - best[0]:.1f}" closer (R307)',
            SCORE,
        )

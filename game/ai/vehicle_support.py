"""The Regular AI's vehicles that came on mid-game carrying nobody (an Asset card's APC, gun
truck, IFV, LAV-25 or tank, R300-R302): fire support that follows the fight (R307). A
scenario's own vehicles (Turkey Shoot's LVTP) keep the part R229 gives them.

A vehicle with no target for its weapons this activation drives at Patrol speed toward the
nearest Insurgent unit it knows of, stopping no nearer than `STANDOFF` to it (a hull is no
assault party); knowing of none, toward the scenario's goal for it, else toward the middle of
the other Regular units. When it can fire, the ordinary fire candidate outscores this one
(a drive scores below any shot)."""

from __future__ import annotations

from typing import Any

from game.ai.rca import NOTHING, CandidateAction
from game.ai.regular_board import Board
from game.ai.regular_candidates import Focus, _describe
from game.ai.regular_vehicles import is_vehicle
from game.battlefield.model import Point
from game.engine.commands import Answer, Command, Drive, Fire
from game.engine.state import REGULAR, UnitState
from game.engine.terrain import distance
from game.engine.view import PlayerView

STANDOFF = 8.0
"""Inches an empty vehicle keeps from the Insurgent unit it drives toward."""
AMBULANCE_REACH = 1.5
"""Inches from the casualties' unit's middle the ambulance stops (its hull then touches them)."""
SCORE = 5.0
"""Below any shot the fire candidate offers (10 and more), above holding still (0)."""


def _goal(board: Board, unit: UnitState) -> tuple[Point, str, float] | None:
    """Where the vehicle heads, what it is, and how near it may come."""
    here = unit.centre
    # --- Ambulance on Call! (R299): the ambulance seeks the unit carrying most casualties ---
    if board.state.vehicles.get(unit.id, {}).get("type") == "ambulance":
        carrying = [u for u in board.regulars if u.dependants.count("casualty")]
        if carrying:
            most = min(
                carrying,
                key=lambda u: (-u.dependants.count("casualty"), distance(u.centre, here), u.id),
            )
            return most.centre, most.name, AMBULANCE_REACH
    if board.insurgents and board.state.vehicles.get(unit.id, {}).get("type") != "ambulance":
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


# --- Cross-Town Traffic (R308, R309) ---
CAR_CLOSE = 10.0
"""Inches from a Regular figure inside which an unknown car is a threat to be met."""


def _car_gap(state: dict[str, Any], car_id: str) -> float:
    """Inches from a car to the nearest Regular figure on the table, in a view's state."""
    units = state["units"]
    car = units[car_id]
    spots = [(f["x"], f["y"]) for f in car["figures"]]
    return min(
        (
            distance((f["x"], f["y"]), s)
            for u in units.values()
            if u["side"] == REGULAR and u["status"] == "active"
            for f in u["figures"]
            if f["status"] == "ok"
            for s in spots
        ),
        default=99.0,
    )


def identify_choice(view: PlayerView, title: str, answers: list[Answer]) -> tuple[Command, str]:
    """Which unit tests Quality to make out the car: the best-Quality one offered while the
    car is more than 10" off (each test lets it 4" closer); nearer than that, none (R308)."""
    context = view.decision.get("context", {}) if view.decision else {}
    cars = view.state.get("cards", {}).get("effects", {}).get("cars", {})
    near = min((_car_gap(view.state, c) for c in cars if c in view.state["units"]), default=99.0)
    units = [a for a in answers if a.choice != "none"]
    none = next(a for a in answers if a.choice == "none")
    if not units or near <= CAR_CLOSE + 4.0:
        return none, f'{title}: the car is {near:.1f}" off: no time to look closer (R308)'
    del context

    def quality(a: Answer) -> tuple[int, str]:
        figures = view.state["units"][str(a.choice)]["figures"]
        return (-max(int(f["quality"]) for f in figures), str(a.choice))

    pick = min(units, key=quality)
    name = view.state["units"][str(pick.choice)]["name"]
    return pick, f'{title}: {name} looks the car over, {near:.1f}" off (R308)'


def car_shot_penalty(board: Board, target: UnitState) -> float:
    """How much the Regular AI holds back from firing at a car (R309): a car known to be
    civilians is never shot; one not made out is shot only within 10" of a Regular figure (a
    threat too close to wait); gunmen and car bombs are fair targets."""
    fx = board.state.cards.get("effects", {}).get("cars", {}) if board.state.cards else {}
    car = fx.get(target.id)
    if car is None:
        return 0.0
    if car.get("nature") == "civilians":
        return 1000.0
    if car.get("known"):
        return 0.0
    near = min(
        (
            distance(f.pos, g.pos)
            for u in board.regulars
            for f in u.effective_figures
            for g in target.figures
        ),
        default=99.0,
    )
    return 0.0 if near <= CAR_CLOSE else 1000.0

"""Vehicle movement: Patrol and Cruising speeds, turns, loading and unloading (Rulebook: Vehicle
Movement; Loading and Unloading Passengers; Crew/Passengers). Rulings R211, R218.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from game.rules.vehicle_damage import VehicleDamage
from game.rules.vehicle_types import STRAIGHT_TOLERANCE_DEGREES, VehicleType

# --- Vehicle Movement: Patrol and Cruising, and the turns they allow ---

Point = tuple[float, float]


def heading(a: Point, b: Point) -> float:
    """The direction from a to b in degrees, 0 = +x (east on the map), counter-clockwise."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


def _angle_gap(a: float, b: float) -> float:
    gap = abs(a - b) % 360.0
    return min(gap, 360.0 - gap)


def path_length(path: Sequence[Point]) -> float:
    return sum(math.dist(a, b) for a, b in itertools.pairwise(path))


def check_vehicle_move(
    path: Sequence[Point],
    facing: float,
    mode: str,
    damage: VehicleDamage,
    *,
    loaded_this_turn: bool = False,
) -> str | None:
    """Why this move is illegal, or None (Patrol Speed; Cruising Speed; Loading and Unloading).

    `path` runs from the vehicle's centre now to where it stops. At Patrol speed the vehicle may
    turn where it likes (R211); at Cruising speed every leg runs straight along its facing, so it
    ends facing as it began. No vehicle moves on a turn it loads or unloads passengers.
    """
    if mode not in ("patrol", "cruising"):
        return f"unknown vehicle speed {mode!r} (patrol or cruising)"
    if loaded_this_turn:
        return "a vehicle may not move on the turn it loads or unloads passengers"
    if damage.immobilized:
        return "the vehicle is immobilized" if not damage.destroyed else "the vehicle is destroyed"
    if len(path) < 2:
        return "a move needs a start and an end"
    length = path_length(path)
    allowed = damage.speed(mode)
    if length > allowed + 1e-6:
        return f'{length:.1f}" is beyond the {mode.capitalize()} speed of {allowed:.0f}"'
    if mode == "cruising":
        for a, b in itertools.pairwise(path):
            if math.dist(a, b) < 1e-9:
                continue
            if _angle_gap(heading(a, b), facing) > STRAIGHT_TOLERANCE_DEGREES:
                return "at Cruising speed a vehicle makes no turns: it drives straight ahead"
    return None


def facing_after(path: Sequence[Point], facing: float, mode: str) -> float:
    """The facing at the end of a legal move: the last leg's heading at Patrol, unchanged at
    Cruising (Cruising Speed)."""
    if mode == "cruising":
        return facing
    for a, b in reversed(list(itertools.pairwise(path))):
        if math.dist(a, b) > 1e-9:
            return heading(a, b)
    return facing


# --- Crew/Passengers: movement rates when loading and unloading ---


def passenger_rate_allowed(rate: str, *, boarding: bool) -> bool:
    """May a unit board/leave a vehicle at this rate? (Loading and Unloading Passengers; R218).

    Boarding may be Rapid; leaving is Cautious only.
    """
    if boarding:
        return rate in ("cautious", "rapid")
    return rate == "cautious"


def boarding_problem(aboard: int, boarding: int, vehicle: VehicleType) -> str | None:
    """Why these passengers cannot board, or None (Crew/Passengers: the vehicle's capacity)."""
    if aboard + boarding > vehicle.capacity:
        return (
            f"{vehicle.name} carries {vehicle.capacity} passengers: {aboard} aboard, "
            f"{boarding} more will not fit"
        )
    return None

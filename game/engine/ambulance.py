"""Ambulance on Call! in play (Rulebook: Fog of War & Asset Cards; Casualty Evacuation (CASEVAC);
R298, R299): the card's unarmed armoured ambulance is a moving aid station. A Regular unit ending
a move with a figure within contact (1") of its hull hands over its carried casualties (R128).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.battlefield.hulls import hull_coordinates
from game.battlefield.model import Point
from game.engine.state import REGULAR

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.state import GameState

AMBULANCE = "ambulance"


def hull_gap(point: Point, centre: Point, facing: float, length: float, width: float) -> float:
    """Inches from `point` to the nearest part of a hull (0 inside it)."""
    u, v = hull_coordinates(centre, facing, point)
    return math.hypot(max(0.0, abs(u) - length / 2), max(0.0, abs(v) - width / 2))


def ambulances(state: GameState) -> list[tuple[str, Point, float]]:
    """The Regulars' ambulances still running as CASEVAC assets: (crew unit id, hull centre,
    facing). A destroyed one evacuates nobody (R299)."""
    from game.engine import vehicles  # the vehicle records (imported late: no cycle)

    found = []
    for unit_id in sorted(state.vehicles):
        rec = vehicles.record(state, unit_id)
        if rec is None or rec.type != AMBULANCE or rec.state.destroyed:
            continue
        crew = state.units.get(unit_id)
        if crew is None or crew.side != REGULAR or not crew.on_table:
            continue
        found.append((unit_id, rec.centre, rec.facing))
    return found


def touching(state: GameState, figures: list[Point], contact: float) -> Point | None:
    """The hull centre of a Regular ambulance one of `figures` is in contact with, if any."""
    from game.rules.vehicle_types import vehicle_type

    card = vehicle_type(AMBULANCE)
    for _, centre, facing in ambulances(state):
        if any(hull_gap(p, centre, facing, card.length, card.width) <= contact for p in figures):
            return centre
    return None


def drove_up(g: Engine) -> None:
    """The ambulance has ended a drive: every Regular unit carrying casualties now in contact
    with a Regular ambulance's hull hands them over, as if it had walked up to it (R298)."""
    from game.engine import casualties

    for unit in g.state.units_of(REGULAR):
        casualties.casevac(g, unit)

"""Where the survivors of a destroyed vehicle stand (Rulebook: Effects of Reliability Breakdowns;
R224, R340). The book says only that every figure aboard checks to survive; we set the surviving
passengers and crew down beside the wreck, every base clear of its hull (the hull is terrain,
R290), out of the back first (the usual hatch), else beside either flank, else by the bow, the
first spot where the whole unit stands in cohesion. Where none fits they are set down around
the wreck as before.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.battlefield.hulls import hull_frame
from game.battlefield.model import Point
from game.battlefield.planar import BASE_RADIUS
from game.engine import placement

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.state import UnitState
    from game.engine.vehicles import VehicleRecord

STEP = 0.5
"""Inches between the points of the hull the bases keep clear of."""
OFF = 2 * BASE_RADIUS + 0.05
"""Inches from the hull to the leader's spot: his base clears the hull's points on its edge."""


def hull_grid(rec: VehicleRecord) -> list[Point]:
    """The whole hull (outline and inside) sampled every `STEP` inches."""
    card, at = rec.card, hull_frame(rec.centre, rec.facing)
    along, across = max(2, math.ceil(card.length / STEP)), max(2, math.ceil(card.width / STEP))
    points = []
    for i in range(along + 1):
        u = -card.length / 2 + card.length * i / along
        for j in range(across + 1):
            v = -card.width / 2 + card.width * j / across
            points.append(at(u, v))
    return points


RING = 2.5
"""Inches between the rings of leader spots around a hull: a unit beside it, then the next."""


def leader_spots(rec: VehicleRecord, ring: int = 0) -> list[Point]:
    """Spots just off the hull: behind it, then beside each flank (rear, middle, front), then
    before the bow; ring 1, 2... the same spots `RING` inches further out each time."""
    card, at = rec.card, hull_frame(rec.centre, rec.facing)
    out = OFF + ring * RING
    back, side = card.length / 2 + out, card.width / 2 + out
    thirds = (-card.length / 3, 0.0, card.length / 3)
    offsets = [(-back, 0.0), *((u, v) for u in thirds for v in (side, -side)), (back, 0.0)]
    return [at(u, v) for u, v in offsets]


def set_down_beside(g: Engine, unit: UnitState, rec: VehicleRecord) -> None:
    """Place `unit`, which got out of the destroyed vehicle `rec`, beside the wreck (R340)."""
    if not unit.effective_figures:
        placement.place_unit(g, unit, rec.centre, real=False)
        return
    grid = hull_grid(rec)
    bases = [  # the leader's own spot keeps clear of every base already standing (R355)
        f.pos
        for other in g.state.units.values()
        if other.on_table and other.id != unit.id
        for f in other.effective_figures
    ]
    spots = [spot for ring in range(4) for spot in leader_spots(rec, ring)]
    for spot in spots:  # the nearest ring first; a unit already beside it pushes the next out
        if not g.terrain.on_table(spot) or g.terrain.blocked_point(spot):
            continue
        if any(math.dist(spot, pos) < 2 * BASE_RADIUS for pos in bases):
            continue
        if placement.place_unit(g, unit, spot, real=False, avoid=grid):
            return
    placement.place_unit(g, unit, rec.centre, real=False)


def set_riders_down(g: Engine, vehicle_id: str, rec: VehicleRecord) -> list[UnitState]:
    """Every unit aboard `rec` gets out and is set down beside the hull (`set_down_beside`),
    the vehicle's record then carries no one: a wreck's survivors (R224, R340), a crewless
    vehicle's riders (R355). The units, in the order they got out."""
    from game.engine import vehicles
    from game.engine.protocol import UnitStatus

    riders = []
    for pid in list(rec.passengers):
        rider = g.state.units[pid]
        rider.status = UnitStatus.ACTIVE
        set_down_beside(g, rider, rec)
        riders.append(rider)
    rec.passengers = []
    vehicles.save(g.state, vehicle_id, rec)
    return riders

"""No figure stands on a vehicle (Rulebook: Vehicle Rules; R342, polish round 5).

The book says nothing of foot figures and vehicles beyond the crew and passengers aboard: no rule
forbids walking past one (R294 keeps that: a route may cross a hull's outline, as if the men
squeezed round it), but a figure on the table cannot be stood on a model vehicle, and figures
drawn on top of the LVTP were found in play. So wherever a unit's figures are placed in cohesion
(the end of a move, getting out, seeking cover: `placement.place_unit`), every base keeps clear
of every hull on the table, wrecks included, as of other bases (the leader set beside it, R92);
a vehicle's own crew stands on its hull (R210) and is left alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.battlefield.model import Point

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.state import UnitState


def hulls_underfoot(g: Engine, unit: UnitState) -> list[Point]:
    """Points of every hull on the table that `unit`'s bases keep clear of (none for a live
    vehicle's crew, or with no vehicle in play)."""
    vehicles = g.state.vehicles
    if not vehicles:
        return []
    from game.engine.bail_out import hull_grid
    from game.engine.terrain import _on_table, _wrecked
    from game.engine.vehicles import record

    own = vehicles.get(unit.id)
    if own is not None and not _wrecked(own):
        return []
    points: list[Point] = []
    for uid in vehicles:
        rec = record(g.state, uid)
        if rec is not None and _on_table(g.state, uid):
            points += hull_grid(rec)
    return points


def on_a_hull(g: Engine, unit: UnitState) -> bool:
    """Whether a figure of `unit` stands on a hull it keeps clear of (`hulls_underfoot`): its
    base closer to the outline than its radius, or inside. Found in play (polish, round 6): an
    Out of Contact move spotted halfway across a vehicle left the Insurgents standing on it."""
    vehicles = g.state.vehicles
    if not vehicles:
        return False
    from game.battlefield.planar import BASE_RADIUS
    from game.engine.terrain import _hull, _on_table, _wrecked

    own = vehicles.get(unit.id)
    if own is not None and not _wrecked(own):
        return False
    hulls = [
        _hull(uid, raw["x"], raw["y"], raw["facing"], raw["type"], _wrecked(raw))
        for uid, raw in vehicles.items()
        if _on_table(g.state, uid)
    ]
    return any(hull.distance_to(f.pos) < BASE_RADIUS - 1e-6 for hull in hulls for f in unit.figures)

"""Step 8 for a scenario whose reinforcements come on by table edges (Rulebook: Scenario 3,
Midnight at the Alamo, Insurgency Level; R206): the Insurgency Level roll and the table as
usual, then a d6 per group on the scenario's edge table instead of a hot spot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.battlefield.model import Point, Side
from game.engine import placement
from game.engine import rulesbridge as rb
from game.engine.protocol import EventKind as E

if TYPE_CHECKING:
    from game.engine.engine import Engine

EDGE_INSET = 1.0
"""How far in from its edge an arriving group's leader stands (R206)."""


def reinforcement_step(g: Engine) -> None:
    """The Insurgency Level roll, the 2d6 table, and each group's table edge (R20, R206)."""
    from game.engine.reinforcements import new_insurgent_unit  # the one way a group is made

    head, arrivals = rb.roll_reinforcements(
        g.state.insurgency_level, g.dice, set(), edges=g.scenario.reinforcement_edges
    )
    g.emit(E.INSURGENCY_LEVEL, groups=len(arrivals), **head)
    for arrival in arrivals:
        g.emit(E.REINFORCEMENT_ROLL, **arrival.rolls)
        at = arrival_point(g, arrival.edge)
        unit = new_insurgent_unit(g, arrival.figures, at, leader_weapon=arrival.leader_weapon)
        g.emit(
            E.REINFORCEMENTS_AT_EDGE,
            unit=unit.id,
            edge=arrival.edge,
            face=arrival.hot_spot_face,
            at=[round(at[0], 2), round(at[1], 2)],
            unit_name=unit.name,
            figures=len(unit.figures),
            has_leader=unit.has_leader,
        )
    placement.update_sightings(g)


def arrival_point(g: Engine, edge: str) -> Point:
    """Where a group coming on by `edge` stands (R206): the middle of the map's Insurgent zone
    on that edge (a Zone with side insurgent touching it), else the middle of the edge, 1" in."""
    w, h = g.battlefield.width, g.battlefield.height
    along: tuple[float, float] = (0.0, w) if edge in ("north", "south") else (0.0, h)
    for zone in g.battlefield.zones:
        if zone.side is not Side.INSURGENT:
            continue
        xs = [p[0] for p in zone.outline]
        ys = [p[1] for p in zone.outline]
        touches = {
            "north": min(ys) <= 0.01,
            "south": max(ys) >= h - 0.01,
            "west": min(xs) <= 0.01,
            "east": max(xs) >= w - 0.01,
        }[edge]
        if touches:
            along = (min(xs), max(xs)) if edge in ("north", "south") else (min(ys), max(ys))
            break
    middle = (along[0] + along[1]) / 2
    return {
        "north": (middle, EDGE_INSET),
        "south": (middle, h - EDGE_INSET),
        "west": (EDGE_INSET, middle),
        "east": (w - EDGE_INSET, middle),
    }[edge]

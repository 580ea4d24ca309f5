"""Step 8: Insurgent reinforcements (Rulebook: Insurgent Reinforcements, Arrival of
Insurgent Reinforcements; R20): the Insurgency Level roll, the table, the hot spots.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.battlefield.model import Point
from game.engine import difficulty, edge_arrivals, placement
from game.engine import rulesbridge as rb
from game.engine.procedure import (
    DIRECTIONS,
    Flow,
)
from game.engine.protocol import DecisionKind
from game.engine.protocol import EventKind as E
from game.engine.state import (
    INSURGENT,
    FigureState,
    UnitState,
)
from game.engine.terrain import distance
from game.rules.movement import (
    ARRIVAL_RADIUS,
)

if TYPE_CHECKING:
    from game.engine.engine import Engine


def reinforcement_step(g: Engine) -> Flow:
    """Step 8: the Insurgency Level roll, the table, the hot spots (R20)."""
    if g.scenario.reinforcement_edges:  # --- Scenario 3 (issue 19): by table edges, R206
        edge_arrivals.reinforcement_step(g)
        return
    unavailable = {n for n in range(1, 6) if str(n) not in g.state.hot_spots} | {
        int(k) for k, h in g.state.hot_spots.items() if h.neutralized
    }
    head, arrivals = rb.roll_reinforcements(g.state.insurgency_level, g.dice, unavailable)
    g.emit(E.INSURGENCY_LEVEL, groups=len(arrivals), **head)
    for arrival in arrivals:
        g.emit(E.REINFORCEMENT_ROLL, **arrival.rolls)
        face = arrival.hot_spot_face
        number = arrival.hot_spot
        if arrival.insurgent_chooses:
            active = sorted(int(k) for k, h in g.state.hot_spots.items() if not h.neutralized)
            number = yield from g.choose(
                INSURGENT,
                DecisionKind.HOT_SPOT,
                "Hot spot roll of 6: choose the hot spot where the reinforcements arrive",
                active,
            )
        spot = g.state.hot_spots.get(str(number)) if number is not None else None
        # a 6 is the Insurgent player's pick of the hot spots still active
        if arrival.lost or spot is None or spot.neutralized:
            why = "neutralized" if str(face) in g.state.hot_spots else "not_on_table"
            g.emit(E.REINFORCEMENTS_LOST, face=face, cause="no_spot_left" if face == 6 else why)
            continue
        unit = new_insurgent_unit(
            g, arrival.figures, (spot.x, spot.y), leader_weapon=arrival.leader_weapon
        )
        g.emit(
            E.REINFORCEMENTS_ARRIVE,
            unit=unit.id,
            hot_spot=number,
            face=face,
            unit_name=unit.name,
            figures=len(unit.figures),
            has_leader=unit.has_leader,
        )
    placement.update_sightings(g)


def new_insurgent_unit(
    g: Engine, kinds: tuple[str, ...], at: Point, leader_weapon: str = ""
) -> UnitState:
    number = g.state.next_unit_number
    g.state.next_unit_number += 1
    unit_id = f"I{number}"
    occupied = [f.pos for u in g.state.units.values() if u.on_table for f in u.effective_figures]
    spots = g.terrain.place(at, len(kinds), occupied=occupied, nudge=ARRIVAL_RADIUS - 1.0)
    if spots is None or any(distance(p, at) > ARRIVAL_RADIUS for p in spots):
        spots = []
        for i in range(len(kinds)):
            ring = 0 if i == 0 else 1.0 + 0.9 * ((i - 1) // 8)
            dx, dy = DIRECTIONS[(i - 1) % 8] if i else (0.0, 0.0)
            p = (at[0] + ring * dx, at[1] + ring * dy)
            spots.append(at if g.terrain.blocked_point(p) else p)
    figures = []
    for i, (kind, p) in enumerate(zip(kinds, spots, strict=True)):
        q, m = difficulty.insurgent_profile(g, kind)
        x, y = round(p[0], 3), round(p[1], 3)
        weapon = leader_weapon if kind == "leader" else ""
        figures.append(FigureState(f"{unit_id}.{i + 1}", kind, x, y, q, m, weapon=weapon))
    unit = UnitState(unit_id, f"Insurgent group {number}", INSURGENT, figures)
    unit.placed_turn = g.state.turn
    unit.night_vision = g.state.night_vision.get(INSURGENT)  # the scenario's, else the book's
    g.state.units[unit_id] = unit
    return unit

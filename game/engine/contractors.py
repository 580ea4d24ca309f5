"""Contractors, Dependants and table edges (Contracting Trouble: Moving the Contractors;
Rulebook: Dependants, Disposing of Dependants & Casualties): contact, exits and hand-offs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.battlefield.model import Edge, Point
from game.engine.protocol import ContractorStatus, UnitStatus
from game.engine.protocol import EventKind as E
from game.engine.scenario import edge_distance
from game.engine.state import (
    INSURGENT,
    REGULAR,
    GameState,
    UnitState,
)
from game.engine.terrain import distance
from game.rules.movement import (
    CONTACT,
    EDGE_REACH,
)

if TYPE_CHECKING:
    from game.engine.engine import Engine


def contractor_contact(g: Engine, unit: UnitState) -> None:
    if unit.side != REGULAR:
        return
    for c in g.state.contractors:
        if c.status == ContractorStatus.WAITING and any(
            distance(f.pos, (c.x, c.y)) <= CONTACT for f in unit.effective_figures
        ):
            c.status = ContractorStatus.HELD
            c.holder = unit.id
            unit.dependants.append(c.kind)
            g.emit(E.CONTRACTOR_JOINS, unit=unit.id, contractor=c.id, unit_name=unit.name)


def at_edge(g: Engine, unit: UnitState, edges: list[str]) -> str:
    return edge_near(g, unit.leader_point, edges)


def edge_near(g: Engine, point: Point, edges: list[str]) -> str:
    """The first of `edges` a leader standing at `point` may leave by (within EDGE_REACH)."""
    w, h = g.battlefield.width, g.battlefield.height
    for edge in edges:
        if edge_distance(point, edge, w, h) <= EDGE_REACH:
            return edge
    return ""


def exit_edge_at(g: Engine, unit: UnitState, point: Point) -> str:
    """The exit edge `unit` leaves the table by when its leader reaches `point` now, or '' (not a
    Regular unit, no exit edge there, or the scenario does not let it leave yet)."""
    if unit.side != REGULAR:
        return ""
    edge = edge_near(g, point, g.state.exit_edges)
    if not edge or not g.scenario.exit_allowed(g.state, unit):
        return ""
    return edge


def leave_table(state: GameState, unit: UnitState) -> None:
    """`unit` leaves the table by an exit edge: it is gone, and the contractors it holds are
    escorted off (counted for the victory points)."""
    unit.status = UnitStatus.EXITED
    state.count("units_exited")
    for c in state.contractors:
        if c.holder == unit.id and c.status == ContractorStatus.HELD:
            c.status = ContractorStatus.ESCORTED
            state.count("contractors_escorted" if c.kind == "contractor" else "poi_escorted")


def try_exit(g: Engine, unit: UnitState) -> bool:
    edge = exit_edge_at(g, unit, unit.leader_point)
    if not edge:
        return False
    leave_table(g.state, unit)
    g.emit(
        E.UNIT_EXITS,
        unit=unit.id,
        edge=edge,
        unit_name=unit.name,
        dependants=len(unit.dependants),
    )
    return True


def friendly_edges(g: Engine, side: str) -> list[str]:
    """The table edges where `side` may hand off Dependants (Rulebook: Disposing of Dependants &
    Casualties; POWs): the Regulars' entry and exit edges; for the Insurgents every other edge
    (R115)."""
    regular = g.state.entry_edges + g.state.exit_edges
    return regular if side == REGULAR else [e.value for e in Edge if e.value not in regular]


HANDED_OFF = ("casualty", "pow", "rescued")
"""What a unit hands off at a friendly edge: casualties, POWs, friendly POWs it rescued."""


def handoff_dependants(g: Engine, unit: UnitState) -> None:
    """A unit that ends a move at a friendly edge hands off its casualties and POWs and is rid
    of their Dependant penalty; POWs handed off stay POWs but can no longer be rescued
    (Rulebook: Disposing of Dependants & Casualties; POWs; R115)."""
    if not at_edge(g, unit, friendly_edges(g, unit.side)):
        return
    handed = [d for d in unit.dependants if d in HANDED_OFF]
    if handed:
        unit.dependants = [d for d in unit.dependants if d not in HANDED_OFF]
        if unit.side == REGULAR:
            g.state.count("casualties_evacuated", handed.count("casualty"))
        g.emit(E.DEPENDANTS_HANDED_OFF, unit=unit.id, unit_name=unit.name, count=len(handed))


def release_contractors(g: Engine, unit: UnitState, captor: UnitState | None) -> None:
    for c in g.state.contractors:
        if c.holder != unit.id or c.status not in (ContractorStatus.HELD, ContractorStatus.CAPTIVE):
            continue
        if captor is not None:
            c.holder = captor.id
            c.status = (
                ContractorStatus.CAPTIVE if captor.side == INSURGENT else ContractorStatus.HELD
            )
            captor.dependants.append(c.kind)
            g.emit(
                E.CONTRACTOR_TAKEN,
                unit=captor.id,
                unit_name=captor.name,
                side=captor.side,
                contractor=c.id,
                released_by=unit.id,
            )
        else:
            c.status = ContractorStatus.WAITING
            c.holder = ""
            c.x, c.y = unit.leader_point
            g.emit(E.CONTRACTOR_LEFT, contractor=c.id, unit=unit.id, unit_name=unit.name)

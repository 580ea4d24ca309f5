"""Contractors, Dependants and table edges (Contracting Trouble: Moving the Contractors;
Rulebook: Dependants, Disposing of Dependants & Casualties): contact, exits and hand-offs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.scenario import edge_distance
from game.engine.state import (
    INSURGENT,
    REGULAR,
    UnitState,
)
from game.engine.terrain import distance
from game.rules.movement import (
    CONTACT,
    EDGE_REACH,
)
from game.rules.wording import counted

if TYPE_CHECKING:
    from game.engine.engine import Engine


def contractor_contact(g: Engine, unit: UnitState) -> None:
    if unit.side != REGULAR:
        return
    for c in g.state.contractors:
        if c.status == "waiting" and any(
            distance(f.pos, (c.x, c.y)) <= CONTACT for f in unit.effective_figures
        ):
            c.status = "held"
            c.holder = unit.id
            unit.dependants.append("contractor")
            g.emit(
                "ContractorJoins",
                f"{unit.name} reaches contractor {c.id}: the contractor joins as a Dependant "
                "(Contracting Trouble: Moving the Contractors)",
                unit=unit.id,
                contractor=c.id,
            )


def at_edge(g: Engine, unit: UnitState, edges: list[str]) -> str:
    w, h = g.battlefield.width, g.battlefield.height
    for edge in edges:
        if edge_distance(unit.leader_point, edge, w, h) <= EDGE_REACH:
            return edge
    return ""


def try_exit(g: Engine, unit: UnitState) -> bool:
    if unit.side != REGULAR:
        return False
    edge = at_edge(g, unit, g.state.exit_edges)
    if not edge or not g.scenario.exit_allowed(g.state, unit):
        return False
    unit.status = "exited"
    g.state.count("units_exited")
    for c in g.state.contractors:
        if c.holder == unit.id and c.status == "held":
            c.status = "escorted"
            g.state.count("contractors_escorted")
    g.emit(
        "UnitExits",
        f"{unit.name} leaves the table by the {edge} edge"
        + (f" with {counted(len(unit.dependants), 'Dependant')}" if unit.dependants else ""),
        unit=unit.id,
        edge=edge,
    )
    return True


def handoff_dependants(g: Engine, unit: UnitState) -> None:
    if unit.side != REGULAR:
        return
    if not at_edge(g, unit, g.state.entry_edges + g.state.exit_edges):
        return
    handed = [d for d in unit.dependants if d in ("casualty", "pow")]
    if handed:
        unit.dependants = [d for d in unit.dependants if d not in ("casualty", "pow")]
        g.state.count("casualties_evacuated", handed.count("casualty"))
        g.emit(
            "DependantsHandedOff",
            f"{unit.name} hands {counted(len(handed), 'Dependant')} off at the friendly edge "
            "(Rulebook: Disposing of Dependants & Casualties)",
        )


def release_contractors(g: Engine, unit: UnitState, captor: UnitState | None) -> None:
    for c in g.state.contractors:
        if c.holder != unit.id or c.status not in ("held", "captive"):
            continue
        if captor is not None:
            c.holder = captor.id
            c.status = "captive" if captor.side == INSURGENT else "held"
            captor.dependants.append("contractor")
            verb = "seizes" if captor.side == INSURGENT else "frees"
            g.emit("ContractorTaken", f"{captor.name} {verb} contractor {c.id}")
        else:
            c.status = "waiting"
            c.holder = ""
            c.x, c.y = unit.leader_point
            g.emit("ContractorLeft", f"Contractor {c.id} is left where {unit.name} fell")

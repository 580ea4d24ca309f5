"""Casualties of a house clearing (Rulebook: House Clearing, after the Building Clearance
Table; R247, R248): a clearing unit's potential casualties roll First Aid as usual; each one
that comes out killed or wounded rolls a Quality Test, and a failed test leaves that casualty
inside the building as a POW if the unit withdraws before the building is cleared. A unit wiped
out clearing a building leaves its members there as POWs until another unit clears it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import rulesbridge as rb
from game.engine.buildings import against_wall, building_named, building_words, is_cleared
from game.engine.protocol import EventKind as E
from game.engine.state import FigureState, UnitState

if TYPE_CHECKING:
    from game.engine.engine import Engine


def mark_hits(unit: UnitState, before: set[str], building_id: int) -> None:
    """Remember the figures the clearance of `building_id` hit (hit now, not in `before`)."""
    hit = [f.id for f in unit.figures if f.status == "hit" and f.id not in before]
    unit.clearing_hits = [*unit.clearing_hits, *hit]
    if hit:
        unit.trapped_in = building_id


def after_first_aid(g: Engine, unit: UnitState, figure: FigureState, result: str) -> None:
    """R247: a casualty of a clearing that is killed or wounded rolls a Quality Test; failed,
    it stays inside the building (a POW if the unit withdraws before it is cleared)."""
    if figure.id not in unit.clearing_hits:
        return
    unit.clearing_hits = [f for f in unit.clearing_hits if f != figure.id]
    if result not in ("kia", "wia"):
        return
    test = rb.quality_test(unit.quality_die(), g.dice)
    if not test.passed:
        unit.trapped += 1
    g.emit(
        E.CLEARING_CASUALTY_CHECK,
        unit=unit.id,
        unit_name=unit.name,
        figure=figure.id,
        building=unit.trapped_in,
        left_inside=not test.passed,
        **test.to_data(),
    )


def withdrawals(g: Engine) -> None:
    """R248, before each Regular phase: casualties left inside a building are recovered once it
    is cleared; when their unit no longer stands against its wall (it withdrew, or left the
    table) they become POWs, held there until the building is cleared."""
    state = g.state
    for unit in state.units.values():
        if unit.trapped <= 0:
            continue
        building = building_named(g.terrain, unit.trapped_in)
        if building is None:
            continue
        if is_cleared(state, building):
            g.emit(
                E.CLEARING_CASUALTIES_RECOVERED,
                unit=unit.id,
                unit_name=unit.name,
                count=unit.trapped,
                building_name=building_words(building),
            )
            unit.trapped = 0
            continue
        near = unit.on_table and any(against_wall(building, f.pos) for f in unit.figures)
        if near:
            continue
        count = (
            min(unit.trapped, unit.dependants.count("casualty")) if unit.on_table else unit.trapped
        )
        for _ in range(count if unit.on_table else 0):
            unit.dependants.remove("casualty")
        unit.trapped = 0
        left_as_pows(g, building.id, count, unit.name)


def left_as_pows(g: Engine, building_id: int, count: int, unit_name: str) -> None:
    """`count` Regulars held as POWs in the building until it is cleared (R248)."""
    if count <= 0:
        return
    state = g.state
    key = str(building_id)
    state.pows_in_buildings[key] = state.pows_in_buildings.get(key, 0) + count
    state.count("regular_pows", count)
    building = building_named(g.terrain, building_id)
    g.emit(
        E.CLEARING_POWS,
        unit_name=unit_name,
        count=count,
        building=building_id,
        building_name=building_words(building) if building else key,
    )


def freed_by_clearing(g: Engine, building_id: int, unit_name: str) -> None:
    """A building cleared: the Regulars held in it as POWs are freed (R248)."""
    count = g.state.pows_in_buildings.pop(str(building_id), 0)
    if count <= 0:
        return
    g.state.count("regular_pows", -count)
    building = building_named(g.terrain, building_id)
    g.emit(
        E.CLEARING_POWS_FREED,
        unit_name=unit_name,
        count=count,
        building=building_id,
        building_name=building_words(building) if building else str(building_id),
    )

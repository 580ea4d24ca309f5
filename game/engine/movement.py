"""Movement (Rulebook: Movement, Cautious and Rapid Movement, Out of Contact Movement; R66,
R83): a move walked in 1" steps with sightings and interruptions, Insurgent moves, roofs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.battlefield.model import Point
from game.engine import (
    casualties,
    checks,
    contractors,
    interruptions,
    leaders,
    overwatch,
    placement,
)
from game.engine import rulesbridge as rb
from game.engine.commands import (
    ChangeLevel,
    MoveUnit,
)
from game.engine.procedure import (
    STEP,
    Activation,
    Flow,
)
from game.engine.protocol import EventKind as E
from game.engine.protocol import MoveRate
from game.engine.state import (
    INSURGENT,
    REGULAR,
    UnitState,
)
from game.engine.terrain import path_length, truncate, walk
from game.rules.movement import (
    CAUTIOUS,
)

if TYPE_CHECKING:
    from game.engine.engine import Engine


def regular_move(g: Engine, unit: UnitState, act: Activation, command: MoveUnit) -> Flow:
    turn = g.state.turn
    rate = command.rate
    if rate == MoveRate.RAPID and unit.ever_casualties:
        test = rb.quality_test(unit.quality_die(), g.dice, pinned=unit.pinned_turn == turn)
        g.emit(
            E.QUALITY_CHECK,
            unit=unit.id,
            unit_name=unit.name,
            cause="rapid_move",
            **test.to_data(),
        )
        if not test.passed:
            rate = MoveRate.CAUTIOUS
    act.rate = rate
    act.action = "move"
    act.targets = []
    unit.move_rate = rate
    unit.move_rate_turn = turn
    path = g.terrain.path(unit.leader_point, command.to)
    act.path = truncate(path, checks.move_allowance(g, unit, rate, act))
    act.travelled = 0.0
    act.sighted = [i.id for i in g.state.units_of(INSURGENT) if g.los(i, unit)]
    g.emit(
        E.MOVE_START,
        unit=unit.id,
        rate=rate,
        unit_name=unit.name,
        to=list(command.to),
        length=path_length(act.path),
    )
    if not act.window_done:
        act.window_done = True
        yield from interruptions.interruption_window(g, unit, act)
    yield from continue_move(g, unit, act)


def continue_move(g: Engine, unit: UnitState, act: Activation) -> Flow:
    """Walk the rest of the planned path in steps, watching for new sightings and contacts."""
    turn = g.state.turn
    if not act.path:
        return
    while unit.on_table and act.path:
        total = path_length(act.path)
        limit = min(
            total,
            max(
                0.0,
                checks.move_allowance(g, unit, act.rate or MoveRate.CAUTIOUS, act) + act.travelled,
            ),
        )
        if unit.pinned_turn == turn or unit.regroup_turn == turn or act.travelled >= limit - 1e-6:
            break
        step_to = min(limit, act.travelled + STEP)
        point = walk(act.path, step_to)
        placement.place_unit(g, unit, point, exact=False)
        act.moved += step_to - act.travelled
        act.travelled = step_to
        unit.last_moved_turn = turn
        contractors.contractor_contact(g, unit)
        if contractors.try_exit(g, unit):
            return
        newly = [
            i for i in g.state.units_of(INSURGENT) if i.id not in act.sighted and g.los(i, unit)
        ]
        if newly:
            # the figures stand properly around the leader before anyone is offered an
            # interruption: sight is judged from where they will be when it is resolved
            placement.settle(g, unit)
            newly = [i for i in newly if g.los(i, unit)]
        for i in newly:
            act.sighted.append(i.id)
        placement.update_sightings(g)
        fresh = [i for i in newly if interruptions.may_interrupt(g, i)]
        if fresh:
            yield from interruptions.interruption_window(g, unit, act, only=fresh)
    if not act.path:
        return  # a reaction inside that window finished the move (and said so)
    if unit.on_table:
        placement.settle(g, unit)
        g.emit(
            E.MOVE_END,
            unit=unit.id,
            moved=round(act.moved, 3),
            unit_name=unit.name,
            at=list(unit.leader_point),
            distance=act.moved,
        )
        contractors.handoff_dependants(g, unit)
        if act.tending and checks.safe_for_first_aid(g, unit):
            casualties.first_aid(g, unit)  # R27: the move that brought the wounded to safety
    act.path = []


def movement_left(g: Engine, unit: UnitState) -> float:
    turn = g.state.turn
    if g.act is not None and g.act.unit == unit.id:
        return max(0.0, CAUTIOUS - g.act.moved)
    if unit.last_moved_turn == turn:
        return 0.0
    return CAUTIOUS


def insurgent_move(
    g: Engine, unit: UnitState, act: Activation, command: MoveUnit, *, join: str = ""
) -> Flow:
    """An Insurgent move; Out of Contact moves stop on entering Regular sight. A lone leader
    that ends it in cohesion with a friendly unit joins it (`join` names the one it
    wants, else the nearest; Rulebook: Leaders Joining a Unit, R80)."""
    turn = g.state.turn
    act.rate = command.rate
    unit.move_rate = command.rate
    unit.move_rate_turn = turn
    regulars = g.state.units_of(REGULAR)
    route: list[Point] | None = None
    if command.rate == MoveRate.OUT_OF_CONTACT:  # a route no Regular sees, when there is one
        route = g.terrain.unseen_path(
            unit.leader_point, command.to, [r.position() for r in regulars]
        )
    path = truncate(
        route or g.terrain.path(unit.leader_point, command.to),
        checks.move_allowance(g, unit, command.rate, act),
    )
    total = path_length(path)
    travelled = 0.0
    stopped = halted = False
    seen = {w.id for w in overwatch.watching(g, unit)}  # offered before it set off (R101)
    late: list[str] = []
    while travelled < total - 1e-6:
        travelled = min(total, travelled + STEP)
        placement.place_unit(g, unit, walk(path, travelled), exact=False)
        if command.rate == MoveRate.OUT_OF_CONTACT and any(g.los(r, unit) for r in regulars):
            stopped = True
            break
        halted = yield from overwatch.into_sight(g, unit, seen, late)
        if halted:
            break
    act.moved = travelled
    unit.last_moved_turn = turn
    if stopped:
        unit.seen = True  # it was in a Regular's sight where it stopped: fixed for good
        if any(g.terrain.blocked_point(f.pos) for f in unit.figures):
            placement.settle(g, unit)
    elif not halted:
        placement.settle(g, unit)
    if not unit.on_table:
        return
    g.emit(
        E.MOVE,
        unit=unit.id,
        rate=command.rate,
        moved=round(travelled, 3),
        unit_name=unit.name,
        at=list(unit.leader_point),
        distance=travelled,
        spotted=stopped,
    )
    if not halted:
        yield from overwatch.into_sight(g, unit, seen, late)  # where it stopped (R101)
    yield from overwatch.reactors_fire(g, late, unit)
    if not unit.on_table:
        return
    placement.update_sightings(g)
    if unit.lone_leader:
        leaders.leader_joins(g, unit, join)


def change_level(g: Engine, unit: UnitState, act: Activation, command: ChangeLevel) -> None:
    """R83: up to the roof (elevation = the building's storeys) or down to the street; it
    is the unit's move for the activation, made at the Cautious rate."""
    turn = g.state.turn
    building = placement.roof_building(g, unit)
    unit.elevation = building.storeys if command.up and building is not None else 0
    act.rate = MoveRate.CAUTIOUS
    act.moved = CAUTIOUS
    unit.move_rate, unit.move_rate_turn = MoveRate.CAUTIOUS, turn
    unit.last_moved_turn = turn
    unit.in_cover_turn = 0
    up = command.up and building is not None
    g.emit(
        E.CHANGE_LEVEL,
        unit=unit.id,
        elevation=unit.elevation,
        unit_name=unit.name,
        roof=(building.label or building.name) if up and building is not None else "",
    )
    placement.update_sightings(g)

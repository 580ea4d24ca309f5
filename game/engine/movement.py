"""Movement (Rulebook: Movement, Cautious and Rapid Movement, Out of Contact Movement; R66,
R83): a move walked in 1" steps with sightings and interruptions, Insurgent moves, roofs.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

from game.battlefield.model import Point
from game.engine import (
    casualties,
    checks,
    civilians,
    contractors,
    house_clearing,
    hull_footing,
    interruptions,
    leaders,
    overwatch,
    placement,
)
from game.engine import rulesbridge as rb
from game.engine.commands import (
    ChangeLevel,
    Command,
    IllegalCommand,
    MoveUnit,
)
from game.engine.decisions import ResumeMoveContext
from game.engine.procedure import (
    DIRECTIONS,
    STEP,
    Activation,
    Flow,
)
from game.engine.protocol import DecisionKind, MoveRate
from game.engine.protocol import EventKind as E
from game.engine.state import (
    INSURGENT,
    REGULAR,
    UnitState,
)
from game.engine.terrain import distance, path_length, truncate, walk
from game.i18n import N_
from game.rules.movement import (
    CAUTIOUS,
)

if TYPE_CHECKING:
    from game.engine.engine import Engine


def rapid_check(g: Engine, unit: UnitState, rate: str, cause: str = "rapid_move") -> str:
    """A Regular unit that has taken casualties passes a Quality Check to move faster than
    Cautious (a Rapid move, or a charge: `cause` "charge", R110), else it moves Cautiously
    (Rulebook: Casualties); the rate it moves at."""
    turn = g.state.turn
    if rate == MoveRate.RAPID and unit.side == REGULAR and unit.ever_casualties:
        test = rb.quality_test(unit.quality_die(), g.dice, pinned=unit.pinned_turn == turn)
        g.emit(
            E.QUALITY_CHECK,
            unit=unit.id,
            unit_name=unit.name,
            cause=cause,
            **test.to_data(),
        )
        if not test.passed:
            return MoveRate.CAUTIOUS
    return rate


def regular_move(g: Engine, unit: UnitState, act: Activation, command: MoveUnit) -> Flow:
    turn = g.state.turn
    rate = rapid_check(g, unit, command.rate)
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
        if house_clearing.blocks_step(g, unit, point):  # house clearing (issue 21, R244)
            break
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
        casualties.casevac(g, unit)
        if act.tending and casualties.safe_for_first_aid(g, unit):
            casualties.first_aid(g, unit)  # R27: the move that brought the wounded to safety
    act.path = []


def resume_move(g: Engine, unit: UnitState, act: Activation, planned: MoveUnit) -> Flow:
    """Movement: a unit whose move was interrupted and that is neither Pinned nor Pulling Back
    may change its rate and direction for the rest of it; a faster rate still counts the
    distance already moved (`act.moved`; R105). Asks the mover; returns the move to go on
    with: `planned` (the first option) to keep it, else the new one, its rate checked."""
    turn = g.state.turn
    if unit.pinned_turn == turn or unit.regroup_turn == turn or not unit.on_table:
        return planned
    options = resume_options(g, unit, act, planned)
    if len(options) == 1:
        return planned
    command = yield from g.ask(
        unit.side,
        DecisionKind.RESUME_MOVE,
        N_(
            "The move of {unit} was interrupted: go on as planned, or change its rate or direction"
        ).format(unit=unit.name),
        options,
        functools.partial(accept_resume, g, unit, act, planned),
        context=ResumeMoveContext(
            unit=unit.id,
            to=[planned.to[0], planned.to[1]],
            rate=planned.rate,
            moved=round(act.moved, 2),
        ),
    )
    assert isinstance(command, MoveUnit)
    if command.rate == planned.rate and distance(command.to, planned.to) < 0.05:
        return planned  # on as planned
    rate = rapid_check(g, unit, command.rate)
    g.emit(
        E.MOVE_CHANGED,
        unit=unit.id,
        unit_name=unit.name,
        rate=rate,
        to=list(command.to),
        length=min(
            path_length(g.terrain.path(unit.leader_point, command.to)),
            checks.move_allowance(g, unit, rate, act),
        ),
    )
    return MoveUnit(side=unit.side, unit=unit.id, to=command.to, rate=rate)


def resume_options(g: Engine, unit: UnitState, act: Activation, planned: MoveUnit) -> list[Command]:
    """At most nine ways on, for a dialog: as planned; to the same place at the other rate;
    turning toward seven of the eight compass points (not the one nearest the planned way) at
    the planned rate, as far as the rate allows. The engine accepts any legal move."""
    other = MoveRate.RAPID if planned.rate == MoveRate.CAUTIOUS else MoveRate.CAUTIOUS
    start = unit.leader_point
    heading = math.atan2(planned.to[1] - start[1], planned.to[0] - start[0])
    ahead = min(
        DIRECTIONS,
        key=lambda d: abs(math.remainder(math.atan2(d[1], d[0]) - heading, math.tau)),
    )
    reach = max(1.0, checks.move_allowance(g, unit, planned.rate, act))
    wanted = [MoveUnit(side=unit.side, unit=unit.id, to=planned.to, rate=other)] + [
        MoveUnit(
            side=unit.side,
            unit=unit.id,
            to=(round(start[0] + dx * reach, 2), round(start[1] + dy * reach, 2)),
            rate=planned.rate,
        )
        for dx, dy in DIRECTIONS
        if (dx, dy) != ahead
    ]
    options: list[Command] = [planned]
    for c in wanted:
        try:
            accept_resume(g, unit, act, planned, c)
        except IllegalCommand:
            continue
        options.append(c)
    return options


def accept_resume(
    g: Engine, unit: UnitState, act: Activation, planned: MoveUnit, command: Command
) -> None:
    """The rest of an interrupted move: the planned one, or the mover's own, Cautious or
    Rapid, legal from here and with movement left at that rate (R105)."""
    if not isinstance(command, MoveUnit) or command.unit != unit.id:
        raise IllegalCommand(f"{unit.name} must say how its move goes on (a move of its own)")
    if command.rate == planned.rate and distance(command.to, planned.to) < 0.05:
        return  # on as planned
    if command.rate not in (MoveRate.CAUTIOUS, MoveRate.RAPID):
        raise IllegalCommand("the rest of a move is Cautious or Rapid")
    checks.check_move(g, unit, command, act, resuming=True)
    if checks.move_allowance(g, unit, command.rate, act) < 0.25:
        raise IllegalCommand(
            f'{unit.name} has no movement left at the {command.rate} rate ({act.moved:.1f}" moved)'
        )


def regular_resume(g: Engine, unit: UnitState, act: Activation) -> Flow:
    """After an interruption chain in a Regular unit's move: the mover may change the rest of
    it (R105); a new rate or direction replaces the rest of the path."""
    if not act.path or act.unit != unit.id or path_length(act.path) - act.travelled < 0.25:
        return
    planned = MoveUnit(side=unit.side, unit=unit.id, to=act.path[-1], rate=act.rate)
    command = yield from resume_move(g, unit, act, planned)
    if command is planned:
        return
    act.rate = command.rate
    unit.move_rate, unit.move_rate_turn = command.rate, g.state.turn
    path = g.terrain.path(unit.leader_point, command.to)
    act.path = truncate(path, checks.move_allowance(g, unit, command.rate, act))
    act.travelled = 0.0


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
    seen = {w.id for w in overwatch.watching(g, unit)}  # offered before it set off (R101)
    late: list[str] = []
    rate, done, travelled = command.rate, 0.0, 0.0
    while True:
        travelled, outcome = yield from _insurgent_walk(g, unit, path, travelled, rate, seen, late)
        act.moved = done + travelled
        if outcome != "fired" or path_length(path) - travelled < 0.25:
            break
        planned = MoveUnit(side=unit.side, unit=unit.id, to=path[-1], rate=rate)
        changed = yield from resume_move(g, unit, act, planned)  # Overwatch fired first (R105)
        if changed is not planned:
            done, travelled, rate = act.moved, 0.0, changed.rate
            act.rate = unit.move_rate = rate
            path = truncate(
                g.terrain.path(unit.leader_point, changed.to),
                checks.move_allowance(g, unit, rate, act),
            )
    stopped, halted = outcome == "spotted", outcome == "halted"
    travelled = act.moved
    unit.last_moved_turn = turn
    if stopped:
        unit.seen = True  # it was in a Regular's sight where it stopped: fixed for good
        if placement.misplaced(g, unit):  # in a building or wall, or on a hull (R353)
            placement.settle(g, unit)
    elif not halted or hull_footing.on_a_hull(g, unit):  # halted on a hull: beside it (R353)
        placement.settle(g, unit)
    if not unit.on_table:
        return
    g.emit(
        E.MOVE,
        unit=unit.id,
        rate=rate,
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
    contractors.handoff_dependants(g, unit)  # POWs taken off a friendly edge (R115)
    civilians.poi_contact(g, unit)  # civilians (issue 21): a POI left alone (R237)
    if unit.lone_leader:
        leaders.leader_joins(g, unit, join)


def _insurgent_walk(
    g: Engine,
    unit: UnitState,
    path: list[Point],
    travelled: float,
    rate: str,
    seen: set[str],
    late: list[str],
) -> Flow:
    """Walk an Insurgent move on from `travelled` in 1" steps: an Out of Contact move stops
    where a Regular sees it ("spotted"); Overwatch units that first see it may interrupt there
    (R101): their fire may end the move ("halted") or, fired first, let the mover change it
    ("fired", R105). Returns (inches walked along `path`, outcome)."""
    regulars = g.state.units_of(REGULAR)
    total = path_length(path)
    while travelled < total - 1e-6:
        travelled = min(total, travelled + STEP)
        placement.place_unit(g, unit, walk(path, travelled), exact=False)
        if rate == MoveRate.OUT_OF_CONTACT and any(g.los(r, unit) for r in regulars):
            return travelled, "spotted"
        outcome = yield from overwatch.into_sight(g, unit, seen, late)
        if outcome:
            return travelled, outcome
    return travelled, ""


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

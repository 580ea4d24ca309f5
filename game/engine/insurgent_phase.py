"""The Insurgent phase (Rulebook: Sequence of Play, step 12): every Insurgent unit that did
not interrupt acts once, with Overwatch reacting to it; joins and merges are declared here.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from game.engine import (
    casualties,
    checks,
    civilians,
    close_assault,
    fire,
    leaders,
    movement,
    overwatch,
    samples,
    vehicles,
)
from game.engine import rulesbridge as rb
from game.engine.commands import (
    ChangeLevel,
    CloseAssault,
    Command,
    Drive,
    EndActivation,
    EndPhase,
    Fire,
    IllegalCommand,
    InfluenceMob,
    JoinUnit,
    Merge,
    MoveUnit,
    ReleasePows,
    SplitUnit,
)
from game.engine.decisions import ContinueContext
from game.engine.procedure import (
    Activation,
    Flow,
)
from game.engine.protocol import DecisionKind
from game.engine.protocol import EventKind as E
from game.engine.state import (
    INSURGENT,
    REGULAR,
    UnitState,
)
from game.i18n import N_

if TYPE_CHECKING:
    from game.engine.engine import Engine


def insurgent_phase(g: Engine) -> Flow:
    turn = g.state.turn
    if g.state.cards:  # --- vehicles entering play: Cross-Town Traffic's cars drive (R308) ---
        from game.engine import cross_town

        yield from cross_town.cars_drive(g)
    while True:
        waiting = [
            u
            for u in g.state.units_of(INSURGENT)
            if u.interrupted_turn != turn
            and u.finished_turn != turn
            and u.acted_turn != turn  # each unit acts once in the phase
            and u.effective_figures
            and not (g.state.cards and _is_car(g, u))  # nobody commands a car (R308)
        ]
        if not waiting or not g.state.units_of(REGULAR):
            break
        options = samples.insurgent_action_offer(g, waiting)  # lazy sample commands (issue 23)
        ids = {u.id for u in waiting}

        def accepts(c: Command, ids: set[str] = ids) -> None:
            if isinstance(c, EndPhase):
                return
            if isinstance(c, Merge):
                checks.check_merge(g, c)
                return
            uid = getattr(c, "unit", "")
            if uid not in ids:
                raise IllegalCommand(f"{uid or 'that unit'} cannot act in the Insurgent phase now")
            checks.check_action(g, g.unit(uid), c, Activation(uid))

        command = yield from g.ask(
            INSURGENT,
            DecisionKind.INSURGENT_ACTION,
            N_("Move or fire an Insurgent unit that did not interrupt"),
            options,
            accepts,
        )
        if isinstance(command, EndPhase):
            break
        if isinstance(command, Merge):
            leaders.declare_merge(g, command)
            continue
        if isinstance(command, ReleasePows):  # no action spent (Releasing POWs, R127)
            casualties.release_pows(g, g.unit(command.unit))
            continue
        if isinstance(command, SplitUnit):  # before the unit acts (Split Units, R125)
            leaders.split_unit(g, g.unit(command.unit), command)
            continue
        unit = g.unit(getattr(command, "unit", ""))
        yield from insurgent_activation(g, unit, command)
        if g.scenario.finished(g.state):
            break
    g.emit(E.PHASE_END, side=INSURGENT)


def insurgent_activation(g: Engine, unit: UnitState, first: Command) -> Flow:
    turn = g.state.turn
    unit.acted_turn = turn  # activated, whatever it does (Rulebook: Leaders Joining a Unit)
    if isinstance(first, EndActivation):
        if unit.last_moved_turn == turn:
            g.emit(E.HOLD, unit=unit.id, unit_name=unit.name, side=INSURGENT)
            return
        if g.terrain.is_exposed(unit.position()):  # never In Cover (Cover Dice; R52, R120)
            g.emit(E.IN_COVER, unit=unit.id, unit_name=unit.name, passed="exposed")
            return
        test = rb.quality_test(unit.quality_die(), g.dice, pinned=unit.pinned_turn == turn)
        if test.passed:
            unit.in_cover_turn = turn + 1  # until it moves, through the next turn (R68)
        g.emit(E.IN_COVER, unit=unit.id, unit_name=unit.name, **test.to_data())
        return
    if not unit.has_leader:
        test = rb.quality_test(unit.quality_die(), g.dice, pinned=unit.pinned_turn == turn)
        g.emit(
            E.QUALITY_CHECK,
            unit=unit.id,
            unit_name=unit.name,
            cause="leaderless",
            **test.to_data(),
        )
        if not test.passed:
            return
    act = Activation(unit.id)
    command = first
    while unit.on_table:
        if isinstance(command, EndActivation):
            break
        if isinstance(command, (ChangeLevel, JoinUnit, MoveUnit, Fire)):
            if isinstance(command, Fire):
                act.fired = True
            step = functools.partial(functools.partial(insurgent_step, g), unit, act, command)
            yield from overwatch.overwatch_then(g, unit, step)
        elif isinstance(command, CloseAssault):
            yield from close_assault.charge(g, unit, act, command, then=insurgent_assault)
            break
        elif isinstance(command, ReleasePows):
            casualties.release_pows(g, unit)
        elif isinstance(command, Drive):  # --- vehicles entering play: a technical (R303) ---
            drive = functools.partial(vehicles.drive, g, unit, act, command)
            yield from overwatch.overwatch_then(g, unit, drive)
        elif isinstance(command, InfluenceMob):  # civilians (issue 21): all it does (R236)
            civilians.influence(g, unit, command)
            break
        act.acted = act.acted or not isinstance(command, ReleasePows)
        if (act.fired and act.rate) or not unit.on_table or g.scenario.finished(g.state):
            break
        options = [
            c for c in samples.unit_action_options(g, unit, act) if not isinstance(c, CloseAssault)
        ]
        command = yield from g.ask(
            INSURGENT,
            DecisionKind.CONTINUE,
            N_("{unit}: fire, move or stop").format(unit=unit.name),
            options,
            checks.validator(g, unit, act, assault=False),
            context=ContinueContext(unit=unit.id),
        )


def insurgent_assault(g: Engine, unit: UnitState, target: UnitState) -> Flow:
    """An Insurgent Close Assault, which the Overwatch units in sight may interrupt like any
    Insurgent action; the charged unit answers with the assault's own fire instead (R101). A
    charge Shaken by Overwatch fire before it is made is abandoned (Rulebook: Close Assault)."""
    shaken = unit.shaken_turn

    def charge() -> Flow:
        if unit.shaken_turn != shaken:
            g.emit(E.ASSAULT_ABORTED, unit=unit.id, unit_name=unit.name)
        elif target.on_table:
            yield from close_assault.close_assault(g, unit, target)

    yield from overwatch.overwatch_then(g, unit, charge, skip=(target.id,))


def insurgent_step(g: Engine, unit: UnitState, act: Activation, command: Command) -> Flow:
    """One action of an Insurgent activation, once any Overwatch has had its say."""
    if not unit.on_table:
        return
    if isinstance(command, ChangeLevel):
        movement.change_level(g, unit, act, command)
    elif isinstance(command, JoinUnit):
        move = leaders.join_move(g, unit, command)
        yield from movement.insurgent_move(g, unit, act, move, join=command.target)
    elif isinstance(command, MoveUnit):
        yield from movement.insurgent_move(g, unit, act, command)
    elif isinstance(command, Fire):
        yield from fire.resolve_declared_fire(g, unit, command, 0)


def _is_car(g: Engine, unit: UnitState) -> bool:  # --- vehicles entering play (R308) ---
    from game.engine.cross_town import is_car

    return is_car(g, unit)

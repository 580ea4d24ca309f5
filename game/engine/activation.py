"""One Regular activation (Rulebook: Sequence of Play, steps 9-11; Activating Units, Actions):
the unit's first action, then fire-after-move or a Cautious move after fire, until it ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import (
    assets,
    casualties,
    checks,
    civilians,
    close_assault,
    fire,
    hot_spots,
    house_clearing,
    interruptions,
    leaders,
    movement,
    placement,
    samples,
    vehicles,
)
from game.engine.commands import (  # --- vehicles (issue 20) ---
    AbandonCasualties,
    CallAsset,  # support assets (issue 19)
    ChangeLevel,
    CloseAssault,
    Command,
    Dismount,
    DisperseMob,
    Drive,
    EndActivation,
    Fire,
    FirstAid,
    JoinUnit,
    Mount,
    MoveUnit,
    NeutralizeHotSpot,
    Overwatch,
    ReleasePows,
    SplitUnit,
)
from game.engine.decisions import ActivityContext, ContinueContext
from game.engine.procedure import (
    Activation,
    Flow,
)
from game.engine.protocol import DecisionKind
from game.engine.protocol import EventKind as E
from game.engine.state import (
    REGULAR,
    UnitState,
)
from game.i18n import N_

if TYPE_CHECKING:
    from game.engine.engine import Engine


def run_activation(g: Engine, first: Command) -> Flow:
    unit = g.unit(getattr(first, "unit", ""))
    turn = g.state.turn
    unit.activated_turn = turn
    act = Activation.begin(unit)
    g.state.activation = act
    g.emit(E.ACTIVATE, unit=unit.id, unit_name=unit.name)
    if unit.overwatch:
        unit.overwatch = False
        unit.overwatch_shots = 0
        g.emit(E.OVERWATCH_ENDS, unit=unit.id, unit_name=unit.name)
    hot_spots.complete_neutralization(g, unit)
    command = first
    while True:
        if isinstance(command, EndActivation):
            if not act.acted and not act.called:  # a unit that called support did not hold
                g.emit(E.HOLD, unit=unit.id, unit_name=unit.name, side=REGULAR)
            break
        if isinstance(command, CallAsset):  # support assets (issue 19): no action spent
            yield from assets.call_asset(g, unit, act, command)
            if not unit.on_table or g.scenario.finished(g.state):
                break
        elif isinstance(command, FREE_ACTIONS):  # no action spent (R125-R127)
            free_action(g, unit, command)
            if not unit.on_table:
                break
        else:
            yield from regular_action(g, unit, act, command)
            act.acted = True
            if not unit.on_table or g.scenario.finished(g.state):
                break
            if isinstance(command, (Overwatch, NeutralizeHotSpot, FirstAid, CloseAssault)):
                break
            if isinstance(command, DisperseMob):  # all it does this turn (R236)
                break
            if isinstance(command, house_clearing.HOUSE_COMMANDS):  # house clearing (issue 21)
                break
            if act.fired and act.rate:
                break
        options = samples.unit_action_options(g, unit, act)
        command = yield from g.ask(
            REGULAR,
            DecisionKind.CONTINUE,
            N_("{unit}: fire, move or end the activation").format(unit=unit.name),
            options,
            checks.validator(g, unit, act),
            context=ContinueContext(unit=unit.id),
        )
    g.state.activation = None
    if not g.scenario.finished(g.state):
        yield from interruptions.fire_on_pinned(g)


FREE_ACTIONS = (SplitUnit, AbandonCasualties, ReleasePows)
"""Orders that spend none of the activation's actions."""


def free_action(g: Engine, unit: UnitState, command: Command) -> None:
    """Split Units (R125), Abandoning Casualties (R126), Releasing POWs (R127)."""
    if isinstance(command, SplitUnit):
        leaders.split_unit(g, unit, command)
    elif isinstance(command, AbandonCasualties):
        casualties.abandon_casualties(g, unit)
    elif isinstance(command, ReleasePows):
        casualties.release_pows(g, unit)


def regular_action(g: Engine, unit: UnitState, act: Activation, command: Command) -> Flow:
    turn = g.state.turn
    if isinstance(command, Overwatch):
        unit.overwatch = True
        unit.overwatch_shots = 0
        g.emit(E.OVERWATCH, unit=unit.id, unit_name=unit.name)
        return
    if isinstance(command, NeutralizeHotSpot):
        unit.neutralizing = command.hot_spot
        unit.neutralize_turn = turn
        g.emit(E.NEUTRALIZE_STARTED, unit=unit.id, unit_name=unit.name, hot_spot=command.hot_spot)
        return
    if isinstance(command, FirstAid):
        casualties.first_aid(g, unit)
        return
    if isinstance(command, Fire):
        act.action = "fire"
        act.targets = [target for target, _ in checks.portions(g, unit, command)]
        if not act.window_done:
            act.window_done = True
            yield from interruptions.interruption_window(g, unit, act)
        act.fired = True
        if not unit.on_table:
            return
        yield from fire.resolve_declared_fire(g, unit, command, act.own_fire_penalty)
        return
    if isinstance(command, MoveUnit):
        yield from movement.regular_move(g, unit, act, command)
        return
    if isinstance(command, JoinUnit):  # a lone squad leader (Leaders Joining a Unit; R125)
        if not placement.in_cohesion(g, unit, g.unit(command.target)):
            yield from movement.regular_move(g, unit, act, leaders.join_move(g, unit, command))
        if unit.on_table and unit.effective_figures:
            leaders.leader_joins(g, unit, command.target)
        return
    if isinstance(command, ChangeLevel):
        act.action = "move"
        act.targets = []
        if not act.window_done:
            act.window_done = True
            yield from interruptions.interruption_window(g, unit, act)
        if unit.on_table:
            movement.change_level(g, unit, act, command)
        return
    if isinstance(command, CloseAssault):
        yield from close_assault.charge(g, unit, act, command)
        return
    # --- vehicles (issue 20) ---
    if isinstance(command, Drive):
        yield from vehicles.drive(g, unit, act, command)
        return
    if isinstance(command, Mount):
        yield from vehicles.mount(g, unit, act, command)
        return
    if isinstance(command, Dismount):
        vehicles.dismount(g, unit, command)
        return
    if isinstance(command, DisperseMob):  # civilians (issue 21)
        civilians.disperse(g, unit, command)
        return
    if isinstance(command, house_clearing.HOUSE_COMMANDS):  # house clearing (issue 21)
        house_clearing.act_on_building(g, unit, command)
        return


def activity_context(act: Activation) -> ActivityContext:
    """What the activated Regular is doing, for the Insurgents' Action Checks (solo rules:
    the rows for units fired on by Regulars and for Regulars moving in sight)."""
    firing = act.action == "fire"
    return {
        "action": act.action,
        "moving": bool(act.path),
        "rate": act.rate if act.path else "",
        "target": act.targets[0] if firing and act.targets else "",
        "targets": list(act.targets) if firing else [],
        "assault_target": act.targets[0] if act.action == "close_assault" else "",
    }

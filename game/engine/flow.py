"""The sequence of play (Rulebook: Sequence of Play, steps 1-13): turns, the Regular phase and
the Insurgent phase in order, start and end of turn, until the scenario or the turn limit ends it.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from game.engine import (
    activation,
    asset_cards,
    cards,
    checks,
    civilians,
    difficulty,
    fire_mission,
    hot_spots,
    house_clearing,
    insurgent_phase,
    leaders,
    placement,
    reinforcements,
    samples,
    victory,
)
from game.engine.commands import (
    Command,
    EndPhase,
    IllegalCommand,
    Merge,
)
from game.engine.procedure import (
    Activation,
    Flow,
)
from game.engine.protocol import DecisionKind, FigureStatus
from game.engine.protocol import EventKind as E
from game.engine.state import (
    INSURGENT,
    REGULAR,
)
from game.i18n import N_

if TYPE_CHECKING:
    from game.engine.engine import Engine


def sequence_of_play(g: Engine) -> Flow:
    g.scenario.setup(g.state, g.battlefield, g.terrain)
    difficulty.apply_at_setup(g)
    hot_spots.place_hot_spots(g)
    g.emit(
        E.SETUP,
        units=sorted(g.state.units),
        title=g.scenario.title,
        regulars=len(g.state.units_of(REGULAR)),
        insurgents=len(g.state.units_of(INSURGENT)),
        hot_spots=len(g.state.hot_spots),
    )
    asset_cards.field_scenario_cards(g)  # --- vehicles (issue 20): R295
    initial = g.scenario.fog_of_war_initial if g.state.fog_of_war else 0
    if initial:  # --- cards (issue 19): the scenario's draws (Sequence of Play, step 2)
        g.emit(E.FOG_OF_WAR, cause="setup", count=initial)
        cards.setup_draws(g, initial)
    placement.update_sightings(g)
    yield from cards.resolve_pending(g)
    reason: str | None = None
    while True:
        g.state.turn += 1
        g.emit(E.TURN_START)
        start_of_turn(g)
        yield from cards.start_of_turn(g)  # --- cards (issue 19): R184, Where'd THEY Come From
        if g.state.turn > 1 and not g.scenario.skips_reinforcements(g.state.turn):
            yield from reinforcements.reinforcement_step(g)
        house_clearing.hold_buildings(g)  # house clearing (issue 21, R245)
        g.state.phase = "regular"
        yield from regular_phase(g)
        reason = g.scenario.finished(g.state)
        if reason:
            break
        g.state.phase = "insurgent"
        yield from insurgent_phase.insurgent_phase(g)
        yield from cards.resolve_pending(g)  # --- cards (issue 19): R181
        end_of_turn(g)
        reason = g.scenario.finished(g.state)
        if reason:
            break
        if g.state.turn >= g.state.turn_limit:
            reason = f"the turn limit ({g.state.turn_limit}) is reached (R31)"
            break
    victory.finish_game(g, reason)


def start_of_turn(g: Engine) -> None:
    leaders.merge_declared_units(g)
    for unit in g.state.units.values():
        unit.pins_this_turn = 0
        for f in unit.figures:
            if f.status == FigureStatus.RETURNING:
                f.status = FigureStatus.OK
                g.emit(E.RETURNS_TO_ACTION, unit=unit.id, unit_name=unit.name, figure=f.id)
    house_clearing.start_of_turn(g)  # house clearing (issue 21): a lost turn (R243)


def end_of_turn(g: Engine) -> None:
    turn = g.state.turn
    for unit in g.state.units.values():
        if unit.on_table and unit.pinned_turn == turn:
            g.emit(E.UNPINNED, unit=unit.id, unit_name=unit.name)
        if unit.on_table and unit.regroup_turn == turn:
            g.emit(E.REGROUPED, unit=unit.id, unit_name=unit.name)
    fire_mission.end_of_turn(g)  # --- Turkey Shoot (issue 20) ---
    civilians.move_mobs(g)  # civilians (issue 21): mobs move at the end of the turn (R230)
    g.emit(E.TURN_END)


def regular_phase(g: Engine) -> Flow:
    while True:
        waiting = [u for u in g.state.units_of(REGULAR) if u.activated_turn != g.state.turn]
        if not waiting or g.scenario.finished(g.state):
            return
        options = samples.activation_offer(g, waiting)  # lazy sample commands (issue 23 §5)
        command = yield from g.ask(
            REGULAR,
            DecisionKind.ACTIVATE,
            N_("Activate a Regular unit (or end the phase: the rest hold)"),
            options,
            functools.partial(accept_activation, g),
        )
        if isinstance(command, EndPhase):
            for u in waiting:
                u.activated_turn = g.state.turn
            g.emit(E.PHASE_END, side=REGULAR)
            return
        if isinstance(command, Merge):  # a declaration, no activation (Merging Units; R125)
            leaders.declare_merge(g, command)
            continue
        yield from activation.run_activation(g, command)
        yield from cards.resolve_pending(g)  # --- cards (issue 19): R181


def accept_activation(g: Engine, command: Command) -> None:
    if isinstance(command, EndPhase):
        return
    if isinstance(command, Merge):
        checks.check_merge(g, command)
        return
    unit_id = getattr(command, "unit", "")
    unit = g.unit(unit_id)
    if unit.side != REGULAR or not unit.on_table:
        raise IllegalCommand(f"{unit.name} is not a Regular unit on the table")
    if unit.activated_turn == g.state.turn:
        raise IllegalCommand(f"{unit.name} has already been activated this turn")
    checks.check_regular_action(g, unit, command, Activation.begin(unit))

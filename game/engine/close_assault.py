"""Close Assault (Rulebook: Close Assault): the defender's reaction, fire at the charge,
hand-to-hand rounds, and taking prisoners.

The rules core's steps (`game.rules.close_assault`) decide: what the defender may answer,
where a fleeing unit runs and whether it ends Pinned, whether defensive fire broke the charge,
how many rounds may be fought, who won, which fate dice capture a Regular and whether the captor
may refuse prisoners. The engine drives them, moves the figures, asks the decisions, emits the
events and resolves each volley as fire combat (`fire.fire`, melee: no cover, Regulars check no
morale, broken Insurgents are captured).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.battlefield.model import Point
from game.engine import (
    casualties,
    contractors,
    fire,
    interruptions,
    movement,
    placement,
    prisoners,
)
from game.engine import rulesbridge as rb
from game.engine.commands import CloseAssault
from game.engine.decisions import AssaultedContext
from game.engine.procedure import Activation, Flow
from game.engine.protocol import DecisionKind, MoveRate, UnitStatus
from game.engine.protocol import EventKind as E
from game.engine.state import (
    INSURGENT,
    REGULAR,
    UnitState,
)
from game.engine.terrain import distance, path_length, walk
from game.rules import close_assault as ca
from game.rules.movement import BASE_DIAMETER, CAUTIOUS
from game.rules.units import Side

if TYPE_CHECKING:
    from game.engine.engine import Engine

RESPONSE_WORDS = {
    ca.DefenderResponse.FIRE: "fire",
    ca.DefenderResponse.STAND: "stand",
    ca.DefenderResponse.FLEE: "flee",
}
"""The charged unit's answers as the `assaulted` decision offers them."""


CHARGE_ROUTES_TRIED = 8
"""Not a rule: how many charger-target figure pairs, nearest first, are tried for a route."""


def charge_route(g: Engine, unit: UnitState, target: UnitState, reach: float) -> list[Point] | None:
    """A real path (round walls and buildings, through doors) on which one of `unit`'s figures
    reaches a figure of `target` within `reach` inches, or None (Rulebook: Close Assault: a unit
    with a figure within Rapid movement distance of the enemy may charge; R111)."""
    pairs = sorted(
        (distance(a.pos, b.pos), a.pos, b.pos)
        for a in unit.effective_figures
        for b in target.effective_figures
    )
    for straight, start, goal in pairs[:CHARGE_ROUTES_TRIED]:
        if straight > reach:
            break
        route = g.terrain.path(start, goal)
        if distance(route[-1], goal) <= BASE_DIAMETER and path_length(route) <= reach + 1e-6:
            return route
    return None


def charge(
    g: Engine,
    unit: UnitState,
    act: Activation,
    command: CloseAssault,
    *,
    then: Callable[[Engine, UnitState, UnitState], Flow] | None = None,
) -> Flow:
    """A charge is a move at the Rapid rate (Cautious with Dependants; Rulebook: Close Assault,
    Rapid Movement, Dependants; R110): a Regular unit that has lost figures takes the Casualties
    Quality Check first and, failing it, charges only what a Cautious move reaches. From the
    declaration to contact the chargers are moving Rapidly (−1 on their Reaction Tests, +1
    Firepower for whoever fires at them) and defend a die down against any fire (R42)."""
    target = g.unit(command.target)
    act.action, act.targets = "close_assault", [target.id]
    rate = MoveRate.CAUTIOUS if unit.dependants else MoveRate.RAPID
    if rate == MoveRate.RAPID and movement.rapid_check(g, unit, rate, "charge") != rate:
        rate = MoveRate.CAUTIOUS
        if charge_route(g, unit, target, CAUTIOUS) is None:
            g.emit(E.CHARGE_FAILED, unit=unit.id, unit_name=unit.name, target_name=target.name)
            return
    act.rate = rate
    unit.move_rate, unit.move_rate_turn = rate, g.state.turn
    unit.charging = True
    if unit.side == REGULAR and not act.window_done:
        act.window_done = True
        yield from interruptions.interruption_window(g, unit, act)
    if unit.on_table and target.on_table:
        # `then`: the Insurgents' charge, which Overwatch may interrupt first (R101)
        yield from (then or close_assault)(g, unit, target)
    unit.charging = False


def close_assault(g: Engine, attacker: UnitState, defender: UnitState) -> Flow:
    """Close Assault: quality checks, defensive fire or flight, then fight to the finish."""
    turn = g.state.turn
    down_before = {f.id for u in (attacker, defender) for f in u.figures if not f.effective}
    test = rb.quality_test(attacker.quality_die(), g.dice, pinned=attacker.pinned_turn == turn)
    g.emit(
        E.CLOSE_ASSAULT_CHECK,
        unit=attacker.id,
        target=defender.id,
        unit_name=attacker.name,
        target_name=defender.name,
        role="attacker",
        **test.to_data(),
    )
    if not test.passed:
        attacker.charging = False
        return
    dtest = rb.quality_test(defender.quality_die(), g.dice, pinned=defender.pinned_turn == turn)
    responses = ca.defender_responses(dtest.passed, may_flee=not defender.dependants)
    choices: list[Any] = [RESPONSE_WORDS[r] for r in responses]
    g.emit(
        E.CLOSE_ASSAULT_CHECK,
        unit=defender.id,
        unit_name=defender.name,
        role="defender",
        **dtest.to_data(),
    )
    choice = yield from g.choose(
        defender.side,
        DecisionKind.ASSAULTED,
        f"{defender.name} is charged: {' or '.join(choices)}?",
        choices,
        context=AssaultedContext(unit=defender.id),
    )
    forfeit_the_turn(g, defender)
    if choice == "stand":
        g.emit(E.STAND_GROUND, unit=defender.id, unit_name=defender.name)
    if choice == "flee":
        flee(g, attacker, defender, passed_check=dtest.passed)
        return
    if choice == "fire" and g.los(defender, attacker):
        start = [(f.x, f.y) for f in attacker.figures]
        hits = yield from fire.fire(
            g,
            defender,
            attacker,
            manner="charge",
            close_assault_defence=True,
            target_charging=True,
        )
        if not attacker.on_table:
            return
        regular = attacker.side == REGULAR
        if ca.charge_broken(
            casualties=hits,
            pinned=regular and attacker.pinned_turn == turn,
            shaken=not regular and attacker.shaken_turn == turn,
        ):
            for f, p in zip(attacker.figures, start, strict=False):
                f.x, f.y = p
            attacker.charging = False
            g.emit(E.ASSAULT_ABORTED, unit=attacker.id, unit_name=attacker.name)
            return
    # contact: the attackers close in, then the fight goes on until one side is gone
    route = g.terrain.path(attacker.leader_point, defender.leader_point)
    placement.place_unit(g, attacker, walk(route, max(0.0, path_length(route) - 1.0)))
    attacker.last_moved_turn = turn
    attacker.charging = False
    yield from _fight_to_the_finish(g, attacker, defender)
    yield from _aftermath(g, attacker, defender, down_before)


def forfeit_the_turn(g: Engine, defender: UnitState) -> None:
    """Rulebook: Close Assault Quality Checks — once the charged unit has answered the charge
    (fire, stand or flee) it forfeits its other actions this turn (R112): an Insurgent unit may
    no longer interrupt or act, a Regular unit's activation is spent and its Overwatch ends."""
    turn = g.state.turn
    if defender.side == INSURGENT:
        defender.finished_turn = turn
        return
    defender.activated_turn = turn
    if defender.overwatch:
        defender.overwatch, defender.overwatch_shots = False, 0
        g.emit(E.OVERWATCH_ENDS, unit=defender.id, unit_name=defender.name)


def flee(g: Engine, attacker: UnitState, defender: UnitState, *, passed_check: bool) -> None:
    """The defender runs a full Rapid move away from the attackers, Pinned if its Quality
    Check failed (the rules core's `flight`; Rulebook: Close Assault Quality Checks)."""
    turn = g.state.turn
    run = ca.flight(defender.leader_point, attacker.centre, passed_check=passed_check)
    to = walk(g.terrain.path(defender.leader_point, run.goal), run.reach)
    placement.place_unit(g, defender, to)
    defender.last_moved_turn = turn
    if run.pinned:
        defender.pinned_turn = turn
    g.emit(E.FLEE, unit=defender.id, unit_name=defender.name, to=list(to), pinned=run.pinned)
    placement.update_sightings(g)


def _aftermath(g: Engine, attacker: UnitState, defender: UnitState, down_before: set[str]) -> Flow:
    """The loser is wiped out or captured; prisoners, Dependants and contractors change hands
    (R42, R113)."""
    won = ca.assault_winner(_fighting(attacker), _fighting(defender))
    winner, loser = (attacker, defender) if won == "attacker" else (defender, attacker)
    if loser.on_table:
        casualties.unit_wiped(g, loser, captor=winner)
    earlier = 0
    if loser.side == REGULAR and winner.side == INSURGENT:
        earlier = sum(1 for f in loser.figures if f.id in down_before)
        yield from regulars_taken(g, loser, winner, down_before)
    elif loser.side == INSURGENT and loser.status == UnitStatus.CAPTURED:
        survivors = len(loser.figures)
        contractors.release_contractors(g, loser, winner)
        if survivors:
            prisoners.take_prisoners(g, winner, survivors)
            g.emit(
                E.PRISONERS,
                unit=winner.id,
                unit_name=winner.name,
                count=survivors,
                cause="insurgents_captured",
            )
    prisoners.take_custody(g, winner, loser, earlier)
    g.emit(E.CLOSE_ASSAULT_END, unit=winner.id, unit_name=winner.name, cause="won")


def _fighting(unit: UnitState) -> bool:
    return unit.on_table and bool(unit.effective_figures)


def _fight_to_the_finish(g: Engine, attacker: UnitState, defender: UnitState) -> Flow:
    """Rulebook: Resolving an Infantry vs Infantry Close Assault — the attackers strike first,
    then the defenders, round after round until one side is wiped out or captured. There is no
    round limit (R95): the rules core's MAX_COMBAT_ROUNDS is a guard against a bug only."""
    for _ in ca.combat_rounds():
        for striker, other in ((attacker, defender), (defender, attacker)):
            if not (_fighting(attacker) and _fighting(defender)):
                return
            yield from fire.fire(g, striker, other, manner="melee", melee=True)
    raise RuntimeError(
        f"close assault of {attacker.name} on {defender.name}: no result after "
        f"{ca.MAX_COMBAT_ROUNDS} rounds"
    )


def regulars_taken(g: Engine, loser: UnitState, winner: UnitState, down_before: set[str]) -> Flow:
    """A Regular unit wiped out in a Close Assault: a d6 for each figure that fell in this
    assault, 1 is captured if the Insurgents take prisoners, the others are killed (Rulebook:
    Resolving an Infantry vs Infantry Close Assault; R42, R58, R113). Figures already down
    before it pass into the winner's custody instead (`prisoners.take_custody`)."""
    fell = [f for f in loser.figures if f.id not in down_before]
    rolled, captured_at = ca.fate_rolls(g.dice, len(fell))
    faces, captured = list(rolled), len(captured_at)
    take = bool(captured)
    if captured and ca.captor_may_refuse_prisoners(Side.INSURGENT):
        take = yield from g.choose(
            INSURGENT,
            DecisionKind.PRISONERS,
            f"{captured} Regulars of {loser.name} can be taken prisoner: take them?",
            [True, False],
        )
    if take:
        prisoners.take_prisoners(g, winner, captured)
    g.state.count("regular_kia", len(faces) - (captured if take else 0))
    g.emit(
        E.PRISONERS,
        unit=loser.id,
        unit_name=loser.name,
        faces=faces,
        taken=captured if take else 0,
        cause="regulars_fate",
    )

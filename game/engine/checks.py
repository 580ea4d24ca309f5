"""Whether a unit may do a command now (pure: changes nothing, raises IllegalCommand with the
rule that forbids it). Rulebook: Actions, Movement, Fire Combat, Overwatch, First Aid, Hot Spots,
Close Assault; R21, R27, R28, R80, R83.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.battlefield.model import Point
from game.engine import (
    assets,
    casualties,
    civilians,
    close_assault,
    fire,
    hot_spots,
    house_clearing,
    leaders,
    placement,
    vehicles,
)
from game.engine import rulesbridge as rb
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
    IllegalCommand,
    InfluenceMob,
    JoinUnit,
    Merge,
    Mount,
    MoveUnit,
    NeutralizeHotSpot,
    Overwatch,
    ReleasePows,
    SplitUnit,
)
from game.engine.position_memo import position_of
from game.engine.procedure import (
    Activation,
)
from game.engine.protocol import ContractorStatus, FigureStatus, MoveRate
from game.engine.state import (
    INSURGENT,
    REGULAR,
    UnitState,
)
from game.engine.terrain import distance, path_length, walk
from game.rules.movement import (
    COHESION_REACH,
    CONTRACTOR_KEEP_OFF,
    HOT_SPOT_CONTACT,
    allowance,
    charge_reach,
)

if TYPE_CHECKING:
    from game.engine.engine import Engine


_MOVE_RATES = tuple(MoveRate)  # built once: every sample move of every unit is checked


def validator(
    g: Engine, unit: UnitState, act: Activation, *, moves_only: bool = False, assault: bool = True
) -> Callable[[Command], None]:
    def accepts(command: Command) -> None:
        if moves_only and not isinstance(command, MoveUnit):
            raise IllegalCommand(f"{unit.name} interrupts by moving: choose a destination")
        if not assault and isinstance(command, CloseAssault):
            raise IllegalCommand(f"{unit.name} cannot charge now")
        check_action(g, unit, command, act)

    return accepts


def check_regular_action(g: Engine, unit: UnitState, command: Command, act: Activation) -> None:
    check_action(g, unit, command, act)


def check_action(g: Engine, unit: UnitState, command: Command, act: Activation) -> None:
    """Raise IllegalCommand unless `unit` may do `command` now (pure: changes nothing).

    The checks every action shares come first; then the command's own validator from
    `VALIDATORS`, one per command type."""
    name = unit.name
    if getattr(command, "unit", unit.id) != unit.id:
        raise IllegalCommand(f"{name} is the unit acting now")
    if isinstance(command, EndActivation):
        return
    if isinstance(command, (MoveUnit, JoinUnit, CloseAssault, ChangeLevel)) and (
        unit.joined_turn == g.state.turn
    ):
        raise IllegalCommand(
            f"{name} was joined by a leader this turn: that was its move, it may only fire "
            "(Rulebook: Leaders Joining a Unit)"
        )
    # --- support assets (issue 19): a unit calling mortars or aircraft stays put (R191) ---
    if act.called in assets.sp.CALLER_STAYS_PUT and isinstance(
        command, (MoveUnit, JoinUnit, CloseAssault, ChangeLevel)
    ):
        raise IllegalCommand(f"{name} called for fire this activation and may not move (R191)")
    if isinstance(command, (Overwatch, NeutralizeHotSpot, FirstAid, CloseAssault)) and act.acted:
        raise IllegalCommand(f"{name} has already acted; that takes a whole activation (R21)")
    if isinstance(command, VEHICLE_REFUSES) and vehicles.is_vehicle(g.state, unit):
        raise IllegalCommand(f"{name} is a vehicle: its crew stays aboard (R225)")  # issue 20
    if type(command) in CARD_HELD_ORDERS and g.state.cards:  # --- cards (issue 19): R280
        from game.engine import card_orders

        why = card_orders.order_refused(g, unit, CARD_HELD_ORDERS[type(command)])
        if why:
            raise IllegalCommand(why)
    validator = VALIDATORS.get(type(command))
    if validator is None:
        raise IllegalCommand(f"{command.kind} is not something {name} can do now")
    validator(g, unit, command, act)


def _wounded(unit: UnitState) -> bool:
    return any(f.status == FigureStatus.HIT for f in unit.figures)


def _tending(unit: UnitState, act: Activation) -> bool:
    """R27: an activation that began with wounded to tend is spent tending them, even once
    First Aid has sorted them out: the unit may only react (First Aid Checks for Regulars).
    Figures hit during this activation wait for the next one: the unit finishes this one as
    usual, moving and firing (Rulebook: Interruption Aftermath, R97)."""
    return unit.side == REGULAR and act.tending


def _refuse_aggression(g: Engine, unit: UnitState, act: Activation) -> None:
    """Fire and Close Assault: not while tending wounded (R27), not while Shaken."""
    if _tending(unit, act):
        raise IllegalCommand(f"{unit.name} is tending its wounded and may only react (R27)")
    if unit.side == INSURGENT and unit.recovering(g.state.turn):
        raise IllegalCommand(f"{unit.name} is Shaken and may take no aggressive action")


def check_overwatch(g: Engine, unit: UnitState, command: Command, act: Activation) -> None:
    if unit.side != REGULAR:
        raise IllegalCommand("only Regulars can use Overwatch (Rulebook: Overwatch)")
    if _wounded(unit):
        raise IllegalCommand(f"{unit.name} must tend its wounded first (R27)")


def check_first_aid(g: Engine, unit: UnitState, command: Command, act: Activation) -> None:
    if not _wounded(unit):
        raise IllegalCommand(f"{unit.name} has no wounded figures to tend")
    if not casualties.safe_for_first_aid(g, unit):
        raise IllegalCommand(
            f"{unit.name} must reach Solid Cover or get out of Insurgent sight first (R27)"
        )


def check_neutralize(g: Engine, unit: UnitState, command: Command, act: Activation) -> None:
    assert isinstance(command, NeutralizeHotSpot)
    spot = g.state.hot_spots.get(str(command.hot_spot))
    if spot is None or spot.neutralized:
        raise IllegalCommand(f"there is no active hot spot {command.hot_spot}")
    if hot_spots.completing(g, unit) is spot:  # --- polish round 7 (R359) ---
        raise IllegalCommand(
            f"{unit.name} completes the neutralization of hot spot {spot.number} as its "
            "activation begins: give it another order (R28, R359)"
        )
    if _wounded(unit):
        raise IllegalCommand(f"{unit.name} must tend its wounded first (R27)")
    if min(distance(f.pos, (spot.x, spot.y)) for f in unit.effective_figures) > (HOT_SPOT_CONTACT):
        raise IllegalCommand(f'{unit.name} has no figure within 1" of hot spot {spot.number}')


def check_fire_command(g: Engine, unit: UnitState, command: Command, act: Activation) -> None:
    assert isinstance(command, Fire)
    if act.fired:
        raise IllegalCommand(f"{unit.name} has already fired this activation")
    _refuse_aggression(g, unit, act)
    check_declared_fire(g, unit, command, act.own_fire_penalty)


def check_close_assault(g: Engine, unit: UnitState, command: Command, act: Activation) -> None:
    assert isinstance(command, CloseAssault)
    name, turn = unit.name, g.state.turn
    target = g.unit(command.target)
    if target.side == unit.side or not target.on_table:
        raise IllegalCommand(f"{target.name} is not an enemy unit on the table")
    if vehicles.is_vehicle(g.state, unit) or vehicles.is_vehicle(g.state, target):
        raise IllegalCommand("vehicles neither charge nor are charged (R225)")  # issue 20
    _refuse_aggression(g, unit, act)
    if unit.pinned_turn == turn or unit.regroup_turn == turn:
        raise IllegalCommand(f"{name} is Pinned or regrouping and cannot charge")
    if blocked_contractor_assault(g, unit, target):
        raise IllegalCommand("the Insurgents may not go for the contractors yet")
    reach = charge_reach(bool(unit.dependants))
    if not unit.effective_figures or not target.effective_figures:  # every figure hit (TS 18)
        raise IllegalCommand(f"{name} or {target.name} has no figure able to fight")
    # every pair of figures (the same distances as `distance`, spelled out: every unit's
    # samples ask this of every enemy)
    theirs = [(b.x, b.y) for b in target.effective_figures]
    gap = min(math.hypot(a.x - bx, a.y - by) for a in unit.effective_figures for bx, by in theirs)
    if gap > reach:
        raise IllegalCommand(
            f'{target.name} is {gap:.1f}" away, beyond the charge reach of {name} ({reach:.0f}")'
        )
    route = close_assault.charge_route(g, unit, target, reach)
    if route is None:
        raise IllegalCommand(
            f'{name} cannot reach {target.name} within its charge reach ({reach:.0f}") along a '
            "real path (round walls and buildings; Rulebook: Close Assault)"
        )
    through_mob = civilians.move_refused(g, unit, route, reach)  # civilians (issue 21, R232)
    if through_mob:
        raise IllegalCommand(through_mob)
    if g.state.cards:  # --- cards (issue 19): garbled orders, a spotted IED, a fire (R280-R283)
        from game.engine import card_orders

        why = card_orders.charge_refused(g, unit, route, reach)
        if why:
            raise IllegalCommand(why)


def check_move_command(g: Engine, unit: UnitState, command: Command, act: Activation) -> None:
    assert isinstance(command, MoveUnit)
    if unit.elevation:
        raise IllegalCommand(f"{unit.name} is on a roof: it must come down first (R83)")
    check_move(g, unit, command, act)


def portions(g: Engine, unit: UnitState, command: Fire) -> list[tuple[str, tuple[str, ...] | None]]:
    if not command.split:
        return [(command.target, None)]
    return [(target, tuple(ids)) for target, ids in command.split]


def check_declared_fire(g: Engine, unit: UnitState, command: Fire, penalty: int) -> None:
    """A Fire command, whole or split (R19), is legal now (pure)."""
    if command.split:
        if command.target != command.split[0][0]:
            raise IllegalCommand("split fire: the target must be the first portion's target")
        why = rb.check_split(unit, command.split)
        if why:
            raise IllegalCommand(f"{unit.name} cannot split its fire that way: {why}")
    for i, (target_id, ids) in enumerate(portions(g, unit, command)):
        target = g.unit(target_id)
        check_fire(g, unit, target, penalty)
        if ids is not None:
            fp = fire.firepower(
                g, unit, target, interruption_penalty=penalty, figure_ids=ids, team_bonus=i == 0
            )
            if fp.total <= 0:
                raise IllegalCommand(
                    f"{unit.name}'s portion at {target.name} has no Firepower ({fp.describe()})"
                )


def check_fire(g: Engine, unit: UnitState, target: UnitState, penalty: int) -> None:
    if target.side == unit.side or not target.on_table:
        raise IllegalCommand(f"{target.name} is not an enemy unit on the table")
    if not unit.effective_figures:
        raise IllegalCommand(f"{unit.name} has no one left able to fire")
    if not g.los(unit, target):
        raise IllegalCommand(f"{unit.name} has no line of sight to {target.name} (R4)")
    through_mob = civilians.fire_refused(g, unit, target)  # civilians (issue 21, R232)
    if through_mob:
        raise IllegalCommand(through_mob)
    blockers = fire_blockers(g, unit, target)
    if blockers:
        raise IllegalCommand(
            f"{unit.name} cannot fire at {target.name}: {blockers} in the line of fire (R6)"
        )
    fp = fire.firepower(g, unit, target, interruption_penalty=penalty)
    if fp.total <= 0:
        raise IllegalCommand(f"{unit.name} has no Firepower left ({fp.describe()})")


def fire_blockers(g: Engine, unit: UnitState, target: UnitState) -> str:
    """R6: the units that stop `unit` firing at `target`, by name (empty: it may fire): every
    one the centre line passes straight through at the firer's level (a vehicle's hull too,
    R291), and for Regulars any friendly unit in the line. Asked of the one line-of-fire path
    (`game.battlefield.line_of_fire`, through the terrain adapter)."""
    if not unit.effective_figures or not target.effective_figures:
        return ""
    others = [u for u in g.state.units.values() if u.on_table and u.id not in (unit.id, target.id)]
    lof = g.terrain.line_of_fire(  # positions remembered while samples are built (issue 23 §5)
        position_of(g, unit), position_of(g, target), [position_of(g, o) for o in others]
    )
    friends = {o.id for o in others if o.side == REGULAR} if unit.side == REGULAR else set()
    ids = [oid for oid in lof.units_in_line if oid in lof.blocking or oid in friends]
    return ", ".join(g.state.units[oid].name for oid in ids)


def check_move(
    g: Engine, unit: UnitState, command: MoveUnit, act: Activation, *, resuming: bool = False
) -> None:
    """A move is legal now; `resuming`: the rest of a move changed after an interruption (R105)."""
    name = unit.name
    turn = g.state.turn
    if vehicles.is_vehicle(g.state, unit):  # --- vehicles (issue 20) ---
        raise IllegalCommand(f"{name} is a vehicle: it drives (Rulebook: Vehicle Movement)")
    if command.rate not in _MOVE_RATES:
        raise IllegalCommand(f"unknown movement rate {command.rate!r}")
    if not resuming and (act.moved > 0 or act.rate):
        raise IllegalCommand(f"{name} has already moved this activation")
    if not unit.effective_figures:
        raise IllegalCommand(f"{name} has no one able to move")
    if unit.regroup_turn == turn:
        raise IllegalCommand(f"{name} is regrouping after a Pull Back and may not move")
    if unit.pinned_turn == turn:
        raise IllegalCommand(f"{name} is Pinned and may only seek cover")
    if command.rate == MoveRate.RAPID:
        if act.fired:
            raise IllegalCommand(f"{name} has fired and may only move Cautiously (R21)")
        if unit.dependants:
            raise IllegalCommand(f"{name} has Dependants and may not move Rapidly")
    if command.rate == MoveRate.OUT_OF_CONTACT and not may_move_out_of_contact(g, unit):
        raise IllegalCommand(f"{name} cannot use Out of Contact movement")
    x, y = command.to
    if not (math.isfinite(x) and math.isfinite(y)):
        raise IllegalCommand("the destination is not a point on the table")
    path = g.terrain.path(unit.leader_point, (float(x), float(y)))
    if path_length(path) < 0.25:
        raise IllegalCommand(f"{name} cannot move that way")
    if unit.side == INSURGENT:
        if unit.recovering(turn):
            end = walk(path, move_allowance(g, unit, command.rate, act))
            if placement.nearest_distance(
                g, placement.hypothetical(g, unit, end), g.enemies(unit)
            ) < (placement.nearest_distance(g, unit, g.enemies(unit))):
                raise IllegalCommand(f"{name} is Shaken and may only move away from the enemy")
        if blocked_contractor_move(g, unit, walk(path, move_allowance(g, unit, command.rate, act))):
            raise IllegalCommand(
                "the Insurgents may not go for the contractors before the Marines reach them"
            )
    through_mob = civilians.move_refused(g, unit, path, move_allowance(g, unit, command.rate, act))
    if through_mob:  # civilians (issue 21, R232)
        raise IllegalCommand(through_mob)
    if unit.side == REGULAR and act.tending:  # only to reach a safe position (R27, R122)
        end = walk(path, move_allowance(g, unit, command.rate, act))
        why = casualties.tending_move_refused(g, unit, end)
        if why:
            raise IllegalCommand(why)
    if unit.side == REGULAR:  # house clearing (issue 21): no entering uncleared buildings
        house_clearing.check_entry(g, unit, path, move_allowance(g, unit, command.rate, act))
    if g.state.cards:  # --- cards (issue 19): garbled orders, a spotted IED, a fire (R280-R283)
        from game.engine import card_orders

        why = card_orders.move_refused(g, unit, path, move_allowance(g, unit, command.rate, act))
        if why:
            raise IllegalCommand(why)


def move_allowance(g: Engine, unit: UnitState, rate: str, act: Activation) -> float:
    return max(0.0, allowance(rate) - act.moved - act.penalty)


def may_move_out_of_contact(g: Engine, unit: UnitState) -> bool:
    """Out of Contact Movement: an Insurgent unit never seen, placed before this turn, and no
    UAV over the table (Rulebook: UAVs; support assets, issue 19)."""
    return (
        unit.side == INSURGENT
        and not unit.seen
        and unit.placed_turn < g.state.turn
        and assets.out_of_contact_allowed(g.state)
    )


def blocked_contractor_move(g: Engine, unit: UnitState, end: Point) -> bool:
    if not g.scenario.contractors:
        return False
    return any(
        c.status == ContractorStatus.WAITING and distance(end, (c.x, c.y)) < CONTRACTOR_KEEP_OFF
        for c in g.state.contractors
    )


def blocked_contractor_assault(g: Engine, unit: UnitState, target: UnitState) -> bool:
    return False


def check_change_level(g: Engine, unit: UnitState, command: ChangeLevel, act: Activation) -> None:
    name = unit.name
    turn = g.state.turn
    if act.moved > 0 or act.rate:
        raise IllegalCommand(f"{name} has already moved this activation")
    if act.fired:
        raise IllegalCommand(f"{name} has fired: climbing takes its whole move first (R83)")
    if unit.regroup_turn == turn or unit.pinned_turn == turn:
        raise IllegalCommand(f"{name} is Pinned or regrouping and may not move")
    if unit.side == INSURGENT and unit.recovering(turn):
        raise IllegalCommand(f"{name} is Shaken and may only move away from the enemy")
    if command.up and unit.elevation:
        raise IllegalCommand(f"{name} is already on the roof")
    if not command.up and not unit.elevation:
        raise IllegalCommand(f"{name} is already at street level")
    if command.up and placement.roof_building(g, unit) is None:
        raise IllegalCommand(
            f"{name} must stand wholly inside a building with roof access to go up (R83)"
        )


def check_join(g: Engine, unit: UnitState, command: JoinUnit, act: Activation) -> None:
    target = g.state.units.get(command.target)
    if not unit.lone_leader:
        raise IllegalCommand(
            f"only a lone leader joins a unit (Rulebook: Leaders Joining a Unit; a squad "
            f"leader first splits off, R125); {unit.name} is not one"
        )
    if target is None or target.side != unit.side or not target.on_table or target is unit:
        raise IllegalCommand(f"{command.target or 'that'} is not a friendly unit on the table")
    if not target.effective_figures:
        raise IllegalCommand(f"{target.name} has no one left to lead")
    if not placement.in_cohesion(g, unit, target):
        move = leaders.join_move(g, unit, command)
        check_move(g, unit, move, act)
        path = g.terrain.path(unit.leader_point, move.to)
        reach = move_allowance(g, unit, move.rate, act) + COHESION_REACH
        if path_length(path) > reach + 1e-6:
            raise IllegalCommand(
                f'{target.name} is {path_length(path):.1f}" away: {unit.name} cannot reach '
                f'cohesion with it this move ({reach:.1f}")'
            )


def check_merge(g: Engine, command: Merge) -> None:
    unit = g.state.units.get(command.unit)
    target = g.state.units.get(command.target)
    if unit is None or not unit.on_table or unit.side != command.side:
        raise IllegalCommand(f"{command.unit or 'that'} is not one of your units on the table")
    if target is None or not target.on_table or target.side != unit.side or target is unit:
        raise IllegalCommand(f"{command.target or 'that'} is not a friendly unit to merge with")
    if unit.merge_with or target.merge_with:
        raise IllegalCommand(f"{unit.name} or {target.name} has already chosen a merge")
    if not placement.in_cohesion(g, unit, target):
        raise IllegalCommand(
            f'{unit.name} must be in cohesion (1") with {target.name} to merge (R2)'
        )


def check_split(g: Engine, unit: UnitState, command: SplitUnit, act: Activation) -> None:
    """Rulebook: Split Units (R125): a unit, at the start of its activation, into two elements
    that each keep at least one figure able to fight."""
    if act.acted or act.moved > 0 or act.fired:
        raise IllegalCommand(f"{unit.name} may split only at the start of its activation")
    live = {f.id for f in unit.effective_figures}
    taken = set(command.figures)
    if not taken or len(taken) != len(command.figures) or not taken <= live:
        raise IllegalCommand(f"name figures of {unit.name} able to fight to form the new element")
    if not live - taken:
        raise IllegalCommand(f"{unit.name} must keep at least one figure able to fight")


def check_abandon(g: Engine, unit: UnitState, command: Command, act: Activation) -> None:
    """Rulebook: Abandoning Casualties (R126): a Regular unit carrying casualties."""
    if unit.side != REGULAR or "casualty" not in unit.dependants:
        raise IllegalCommand(f"{unit.name} carries no casualties to abandon")


def check_release(g: Engine, unit: UnitState, command: Command, act: Activation) -> None:
    """Rulebook: Releasing POWs (R127): a unit holding prisoners."""
    if "pow" not in unit.dependants:
        raise IllegalCommand(f"{unit.name} holds no prisoners")


# --- vehicles (issue 20): what a crew unit in its vehicle may not do (R225) ---
VEHICLE_REFUSES = (SplitUnit, ChangeLevel, NeutralizeHotSpot, JoinUnit, CloseAssault, Mount)

Validator = Callable[["Engine", UnitState, Any, Activation], None]

VALIDATORS: dict[type[Command], Validator] = {
    Overwatch: check_overwatch,
    FirstAid: check_first_aid,
    NeutralizeHotSpot: check_neutralize,
    Fire: check_fire_command,
    CloseAssault: check_close_assault,
    JoinUnit: check_join,
    ChangeLevel: check_change_level,
    MoveUnit: check_move_command,
    SplitUnit: check_split,
    AbandonCasualties: check_abandon,
    ReleasePows: check_release,
    # --- vehicles (issue 20) ---
    Drive: lambda g, unit, command, act: vehicles.check_drive(g, unit, command, act),
    Mount: lambda g, unit, command, act: vehicles.check_mount(g, unit, command, act),
    Dismount: lambda g, unit, command, act: vehicles.check_dismount(g, unit, command, act),
    # --- civilians (issue 21) ---
    DisperseMob: civilians.check_disperse,
    InfluenceMob: civilians.check_influence,
    **house_clearing.VALIDATORS,  # house clearing (issue 21)
    CallAsset: lambda g, unit, command, act: assets.check_call(g, unit, command, act),  # issue 19
}
"""One validator per command type a unit may give (after the checks every action shares)."""

# --- cards (issue 19): the orders garbled orders hold back besides walking (R280) ---
CARD_HELD_ORDERS: dict[type[Command], str] = {
    Drive: "drive",
    Mount: "board a vehicle",
    Dismount: "leave its vehicle",
    ChangeLevel: "climb or come down",
    JoinUnit: "move to join another unit",
}

"""Fire Combat (Rulebook: Fire Combat, Firepower, Defense, Making the Attack Roll, Splitting Fire;
R16-R19): Firepower and Defense of engine units, a declared fire resolved portion by portion.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.battlefield.model import UnitPosition
from game.engine import casualties, checks, civilians, morale, vehicle_fire, vehicles
from game.engine import rulesbridge as rb
from game.engine.commands import (
    Fire,
    IllegalCommand,
)
from game.engine.procedure import (
    Flow,
)
from game.engine.protocol import EventKind as E
from game.engine.state import (
    INSURGENT,
    REGULAR,
    UnitState,
)
from game.engine.terrain import distance

SNIPER_TEAM = "sniper_team"
"""`UnitState.designation` of a Sniper Team (support assets, issue 19)."""

if TYPE_CHECKING:
    from game.engine.engine import Engine


def resolve_declared_fire(g: Engine, unit: UnitState, command: Fire, penalty: int) -> Flow:
    """Resolve a Fire command, portion by portion when split (R19)."""
    for i, (target_id, ids) in enumerate(checks.portions(g, unit, command)):
        target = g.state.units.get(target_id)
        if target is None or not target.on_table or not unit.on_table:
            g.emit(
                E.FIRE_CANCELLED,
                cause="target_gone",
                unit=unit.id,
                unit_name=unit.name,
                target=target_id,
            )
            continue
        try:
            checks.check_fire(g, unit, target, penalty)
        except IllegalCommand as reason:
            g.emit(
                E.FIRE_CANCELLED,
                cause="cannot_fire",
                unit=unit.id,
                unit_name=unit.name,
                target=target.id,
                reason=str(reason),
            )
            continue
        if ids is not None:
            ids = tuple(f.id for f in unit.effective_figures if f.id in ids)
            if not ids:
                continue
        yield from fire(g, unit, target, penalty=penalty, figure_ids=ids, team_bonus=i == 0)


def firepower(
    g: Engine,
    unit: UnitState,
    target: UnitState,
    *,
    interruption_penalty: int = 0,
    close_assault_defence: bool = False,
    figure_ids: tuple[str, ...] | None = None,
    team_bonus: bool = True,
    target_at: UnitPosition | None = None,
    target_moving_rapidly: bool | None = None,
) -> rb.Breakdown:
    """Firepower with its breakdown (R16, R17); `figure_ids` for one portion of split fire.
    `target_at` / `target_moving_rapidly`: at the target as it would stand and move there (the
    client's interrupt-risk preview of a planned move asks this)."""
    if vehicles.is_vehicle(g.state, unit):  # --- vehicles (issue 20): its mounted weapons ---
        return vehicle_fire.vehicle_firepower(g, unit, target, interruption_penalty)
    if vehicles.is_vehicle(g.state, target):  # the weapons that can harm its armour (R217)
        return vehicle_fire.infantry_firepower(g, unit, target, interruption_penalty, figure_ids)
    turn = g.state.turn
    where = target_at if target_at is not None else target.position()
    exposed = bool(where.figures) and g.terrain.is_exposed(where)
    live = bool(unit.effective_figures and where.figures)
    gap = measured_range(g, unit, distance(unit.centre, where.centre), figure_ids) if live else 1e9
    return rb.firepower(
        unit,
        distance=gap,
        target_exposed=exposed,
        target_moved_rapidly=(
            rb.moved_rapidly(target, turn)
            if target_moving_rapidly is None
            else target_moving_rapidly
        ),
        interruption_penalty=interruption_penalty,
        vs_close_assault=close_assault_defence,
        firer_moved_rapidly=rb.moved_rapidly(unit, turn),
        figure_ids=figure_ids,
        team_bonus=team_bonus,
        night=g.state.night,
    )


def is_stationary(g: Engine, unit: UnitState) -> bool:
    """Whether the unit has not moved this turn, for its automatic In Cover die (Rulebook: Cover
    Dice: only on an activation in which it does not move; R110, R116). A unit whose activation
    declared a move (or a change of level) is moving from the declaration, even when it is
    interrupted before it has gone an inch; a charging unit is moving until it reaches contact."""
    act = g.state.activation
    moving_now = act is not None and act.unit == unit.id and act.action == "move"
    return unit.last_moved_turn != g.state.turn and not unit.charging and not moving_now


def defense(
    g: Engine,
    unit: UnitState,
    *,
    charging: bool = False,
    melee: bool = False,
    thermobaric: bool = False,
    at: UnitPosition | None = None,
    moving: bool = False,
) -> rb.Breakdown:
    """Defense with its breakdown (R18); no cover dice in a Close Assault. Chargers defend a
    die down against any fire until they reach contact (R42), and are not stationary.
    `thermobaric`: fire with a SMAW in it ignores the cover dice (support assets, R194).
    `at` / `moving`: the unit as it would stand there in the middle of a move (no In Cover die
    while moving, R110; the interrupt-risk preview asks this)."""
    if vehicles.is_vehicle(g.state, unit):  # --- vehicles (issue 20): its armour (R213) ---
        return vehicle_fire.defense_of(g, unit)
    turn = g.state.turn
    pos = at if at is not None else unit.position()
    in_cover = solid = False
    charging = charging or (unit.charging and not melee)
    if not melee and not thermobaric and pos.figures:
        stationary = is_stationary(g, unit) and not moving
        exposed = g.terrain.is_exposed(pos)
        in_cover = not moving and rb.counts_in_cover(
            unit, turn, stationary=stationary, exposed=exposed
        )
        solid = g.terrain.in_solid_cover(pos)
    # --- cards (issue 19) --- An Excellent Position: one more die against fire (R189), inside
    # the cap of 10 like every other die (R250)
    extra: tuple[tuple[str, int], ...] = ()
    if not melee and g.state.cards:
        from game.engine.card_effects import excellent_position_die

        extra = (("An Excellent Position (card)", excellent_position_die(g, unit)),)
    return rb.defense(unit, in_cover=in_cover, solid_cover=solid, charging=charging, extra=extra)


def melee_firepower(firer: UnitState, *, night: bool = False) -> rb.Breakdown:
    """Firepower hand to hand: in contact, Optimum Range and nothing else (no cover either;
    Rulebook: Close Assault); at night a unit without night vision is a die down (R202)."""
    return rb.firepower(
        firer,
        distance=0.0,
        target_exposed=False,
        target_moved_rapidly=False,
        interruption_penalty=0,
        vs_close_assault=False,
        firer_moved_rapidly=False,
        night=night,
    )


def fire(
    g: Engine,
    firer: UnitState,
    target: UnitState,
    *,
    penalty: int = 0,
    manner: str = "fire",
    close_assault_defence: bool = False,
    target_charging: bool = False,
    melee: bool = False,
    figure_ids: tuple[str, ...] | None = None,
    team_bonus: bool = True,
) -> Flow:
    """One fire combat, Firepower to morale (Rulebook: Fire Combat; Making the Attack Roll).

    `manner` says how the firer fires, for the log: fire, interrupt, react, charge (at a
    charging unit) or melee (hand to hand)."""
    if vehicles.is_vehicle(g.state, target) and not melee:  # --- vehicles (issue 20) ---
        lost = vehicle_fire.fire_at_vehicle(
            g, firer, target, penalty=penalty, manner=manner, figure_ids=figure_ids
        )
        if g.state.cards:  # --- vehicles entering play: a car fired at (R309) ---
            from game.engine import cross_town

            yield from cross_town.after_fire(g, firer, target)
        return lost
    fp = (
        melee_firepower(firer, night=g.state.night)
        if melee
        else firepower(
            g,
            firer,
            target,
            interruption_penalty=penalty,
            close_assault_defence=close_assault_defence,
            figure_ids=figure_ids,
            team_bonus=team_bonus,
        )
    )
    thermobaric = not melee and smaw_fires(firer, figure_ids)  # support assets (R194)
    df = defense(g, target, charging=target_charging, melee=melee, thermobaric=thermobaric)
    firer.fired_turn = g.state.turn
    if fp.total > 0 and not melee and vehicles.is_vehicle(g.state, firer):
        vehicle_fire.note_fired(g, firer, target, penalty)  # rules audit round 7 (R345)
    if fp.total <= 0:
        g.emit(
            E.FIRE_CANCELLED,
            cause="no_firepower",
            unit=firer.id,
            unit_name=firer.name,
            target=target.id,
            firepower_breakdown=fp.to_data(),
        )
        return 0
    fire_die, def_die = firer.quality_die(), target.quality_die()
    if g.state.cards and not melee:  # --- cards (issue 19): low on ammunition (R182)
        from game.engine.card_effects import firepower_die

        fire_die = firepower_die(g, firer, fire_die)
    leaderless_before = not target.has_leader
    roll = rb.attack_roll(fire_die, fp.total, def_die, df.total, g.dice)
    lost = min(roll.casualties, len(target.effective_figures))
    g.emit(
        E.FIRE,
        firer=firer.id,
        firer_name=firer.name,
        target_name=target.name,
        manner=manner,
        split_figures=len(figure_ids) if figure_ids is not None else 0,
        firepower_breakdown=fp.to_data(),
        defense_breakdown=df.to_data(),
        firepower_die=fire_die.label,
        defense_die=def_die.label,
        target=target.id,
        firepower=fp.total,
        defense=df.total,
        firepower_faces=list(roll.firepower_faces),
        defense_faces=list(roll.defense_faces),
        casualties=lost,
        **({"thermobaric": True} if thermobaric else {}),
    )
    target.last_attacker = firer.id
    if not melee:
        civilians.after_fire(g, firer, target)  # civilians near the line of fire (issue 21)
    if lost:
        casualties.apply_casualties(
            g,
            target,
            lost,
            roll.defense_failures > len(roll.defense_faces) - roll.defense_failures,
            captor=firer if melee else None,
            sniper=firer.designation == SNIPER_TEAM and not melee,  # Sniper Teams (R196)
        )
    if not target.on_table:
        return lost
    if target.side == INSURGENT and (lost or leaderless_before):
        yield from morale.morale(g, target, firer, melee=melee)
    elif target.side == REGULAR and lost and not melee:
        yield from morale.morale(g, target, firer)
    return lost


def measured_range(
    g: Engine, unit: UnitState, gap: float, figure_ids: tuple[str, ...] | None
) -> float:
    """The distance `unit`'s Optimum Range test reads, at infantry or at a vehicle (R325): the
    dust cards shorten the reach, added to the gap (R182); a Dragunov! sniper is always in
    Optimum Range (R284)."""
    if g.state.cards:  # --- cards (issue 19): dust shortens Optimum Range (R182)
        from game.engine.card_effects import optimum_cut

        gap += optimum_cut(g, unit, figure_ids)
        from game.engine.card_teams import is_lone_sniper

        if is_lone_sniper(g, unit):  # Dragunov!: a sniper is always in Optimum Range (R284)
            gap = 0.0
    return gap


# --- support assets (issue 19) ---
def smaw_fires(firer: UnitState, figure_ids: tuple[str, ...] | None = None) -> bool:
    """Whether a SMAW is among the figures firing (the SMAW Asset card; R194)."""
    return any(
        f.arms == "smaw" and (figure_ids is None or f.id in figure_ids)
        for f in firer.effective_figures
    )

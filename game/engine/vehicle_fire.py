"""Fire from and at vehicles (Rulebook: Vehicle Weapon Dice, Vehicle Firepower, Vehicle Defense vs.
Weapon Class, Determining Vehicle Damage, Vehicle Breakdown; issue 20). Rulings R212, R213,
R216, R217, R223, R224.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine import bail_out, casualties, civilians, vehicles
from game.engine import rulesbridge as rb
from game.engine.protocol import EventKind as E
from game.engine.state import UnitState
from game.engine.terrain import distance
from game.rules.dice import Die
from game.rules.firepower import FireConditions, Firepower
from game.rules.quality import Quality
from game.rules.vehicle_damage import CrewRisk, crew_checks, random_index
from game.rules.vehicle_types import vehicle_defense
from game.rules.vehicles import (
    Penetration,
    VehicleAttack,
    against_vehicle,
    attack_vehicle,
    infantry_vs_vehicle,
    vehicle_weapon_options,
)

if TYPE_CHECKING:
    from game.engine.engine import Engine


def conditions_at(g: Engine, target: UnitState, penalty: int, dist: float) -> FireConditions:
    turn = g.state.turn
    vehicle_target = vehicles.is_vehicle(g.state, target)
    exposed = (
        not vehicle_target
        and bool(target.effective_figures)
        and g.terrain.is_exposed(target.position())
    )
    return FireConditions(
        distance=dist,
        target_exposed=exposed,
        target_moved_rapidly=rb.moved_rapidly(target, turn),
        interruptions=penalty + 1 if penalty else 0,
        night=g.state.night,  # rules audit round 7: Night Fighting reaches vehicle fire (R346)
    )


def _weapon_options(
    g: Engine, firer: UnitState, target: UnitState, penalty: int
) -> list[tuple[int, str, Any, Penetration]]:
    rec = vehicles.record(g.state, firer.id)
    assert rec is not None
    dist = distance(firer.centre, target.centre)
    conditions = conditions_at(g, target, penalty, dist)
    moved = rec.moved_turn == g.state.turn
    quality = Quality(int(firer.quality_die()))
    target_rec = (
        vehicles.record(g.state, target.id) if vehicles.is_vehicle(g.state, target) else None
    )
    fires = vehicle_weapon_options(
        rec.card,
        quality,
        rec.state,
        conditions,
        moved=moved,
        target=target_rec.card if target_rec is not None else None,
        night_vision=rb.rules_unit(firer).has_night_vision,  # Night Fighting (R346)
    )  # the rules core's one list, which the AIs read too (R223; R354)
    return [
        (fire.dice, weapon.name, fire, how)
        for weapon, (fire, how) in zip(rec.card.weapons, fires, strict=True)
    ]


def vehicle_firepower(g: Engine, firer: UnitState, target: UnitState, penalty: int) -> rb.Breakdown:
    """The vehicle fires the one mounted weapon that throws the most dice at this target (R223)."""
    options = _weapon_options(g, firer, target, penalty)
    if not options:  # an unarmed vehicle (Ambulance on Call!'s, R298): no Firepower at all
        return rb.breakdown_of((), 0)
    best = max(options, key=lambda o: o[0])
    return rb.breakdown_of(best[2].items, 0)


def note_fired(g: Engine, firer: UnitState, target: UnitState, penalty: int) -> None:
    """Fire-or-Move (R345): a vehicle whose fire at `target` is its Fire-or-Move weapon (the
    weapon R223 picks: the most dice) may not move for the rest of the turn."""
    rec = vehicles.record(g.state, firer.id)
    if rec is None or not any(w.fire_or_move for w in rec.card.weapons):
        return
    options = _weapon_options(g, firer, target, penalty)
    if not options:
        return
    best = max(options, key=lambda o: o[0])
    weapon = rec.card.weapons[options.index(best)]
    if weapon.fire_or_move and best[0] > 0:
        rec.fire_or_move_turn = g.state.turn
        vehicles.save(g.state, firer.id, rec)


def infantry_firepower(
    g: Engine,
    firer: UnitState,
    target: UnitState,
    penalty: int,
    figure_ids: tuple[str, ...] | None = None,
) -> rb.Breakdown:
    """An infantry unit's Firepower at a vehicle, for previews and the AIs (R217)."""
    rec = vehicles.record(g.state, target.id)
    assert rec is not None
    conditions = conditions_at(g, target, penalty, _gap(g, firer, target, figure_ids))
    fire, _ = infantry_vs_vehicle(rb.rules_unit(firer), rec.card, conditions, figure_ids=figure_ids)
    return rb.breakdown_of(fire.items, 0)


def _gap(
    g: Engine, firer: UnitState, target: UnitState, figure_ids: tuple[str, ...] | None
) -> float:
    """The range infantry fire at a vehicle is measured at: the cards' as for any fire (R325)."""
    from game.engine.fire import measured_range

    return measured_range(g, firer, distance(firer.centre, target.centre), figure_ids)


def defense_die(g: Engine, target: UnitState) -> Die:
    """The die a vehicle's armour rolls (Vehicle Defense Dice)."""
    rec = vehicles.record(g.state, target.id)
    assert rec is not None
    return vehicle_defense(rec.card).die


def defense_of(g: Engine, target: UnitState) -> rb.Breakdown:
    rec = vehicles.record(g.state, target.id)
    assert rec is not None
    return rb.breakdown_of(vehicle_defense(rec.card).items, 1)


def fire_at_vehicle(
    g: Engine,
    firer: UnitState,
    target: UnitState,
    *,
    penalty: int = 0,
    manner: str = "fire",
    figure_ids: tuple[str, ...] | None = None,
) -> int:
    """Fire at a vehicle: Firepower after Vehicle Defense vs. Weapon Class, the vehicle's
    Defense dice, a damage check per penetrating hit (Determining Vehicle Damage; R213)."""
    rec = vehicles.record(g.state, target.id)
    assert rec is not None
    turn = g.state.turn
    firer.fired_turn = turn
    if vehicles.is_vehicle(g.state, firer):
        best = max(_weapon_options(g, firer, target, penalty), key=lambda o: o[0])
        fire, how = best[2], best[3]
    else:
        conditions = conditions_at(g, target, penalty, _gap(g, firer, target, figure_ids))
        fire, how = infantry_vs_vehicle(
            rb.rules_unit(firer), rec.card, conditions, figure_ids=figure_ids
        )
    fire_die = Die(int(firer.quality_die()))
    if g.state.cards:  # rules audit round 7: Praise the Lord... at a vehicle too (R325)
        from game.engine.card_effects import firepower_die

        fire_die = firepower_die(g, firer, fire_die)
    fire = type(fire)(dice=fire.dice, die=fire_die, items=fire.items)
    if fire.can_fire and vehicles.is_vehicle(g.state, firer):
        note_fired(g, firer, target, penalty)  # rules audit round 7: Fire-or-Move (R345)
    if not fire.can_fire:
        g.emit(
            E.FIRE_CANCELLED,
            cause="no_firepower",
            unit=firer.id,
            unit_name=firer.name,
            target=target.id,
            firepower_breakdown=rb.breakdown_of(fire.items, 0).to_data(),
        )
        return 0
    attack = attack_vehicle(fire, how, rec.card, rec.state, g.dice)
    target.last_attacker = firer.id
    _resolve(g, (firer.id, firer.name), target, manner, attack)
    civilians.after_fire(g, firer, target)  # rules audit round 7: mobs near its line (R349)
    return 0


def blast_at_vehicle(
    g: Engine,
    title: str,
    target: UnitState,
    pool: tuple[int, Die],
    weapon_cls: int,
    *,
    manner: str = "blast",
) -> None:
    """A Fog of War card's blast at a vehicle (IED Detonated!, Incoming!; R356), or a support
    asset's off-board fire (`manner` "asset", R344): the pool's Firepower as a weapon of
    `weapon_cls` against the vehicle's armour class and Defense dice, then a damage check per
    penetrating hit, as any fire at a vehicle (Determining Vehicle Damage; R213) — not hits on
    its crew's figures. No unit fired it, so no one is remembered as the vehicle's attacker."""
    rec = vehicles.record(g.state, target.id)
    assert rec is not None
    count, die = pool
    blast = Firepower(dice=count, die=die, items=((title, count),))
    fire, how = against_vehicle(blast, weapon_cls, rec.card)
    attack = attack_vehicle(fire, how, rec.card, rec.state, g.dice)
    _resolve(g, ("", title), target, manner, attack)


def _resolve(
    g: Engine, firer: tuple[str, str], target: UnitState, manner: str, attack: VehicleAttack
) -> None:
    """The attack at a vehicle told (who fired, id and name; how; the dice), then its damage
    checks one by one until one destroys it (Determining Vehicle Damage; R213)."""
    fire, how = attack.fire, attack.penetration
    g.emit(
        E.VEHICLE_HIT,
        firer=firer[0],
        firer_name=firer[1],
        target=target.id,
        target_name=target.name,
        manner=manner,
        penetration=how.value,
        firepower_breakdown=rb.breakdown_of(fire.items, 0).to_data(),
        firepower_die=fire.die.label,
        defense=attack.defense.dice,
        defense_die=attack.defense.die.label,
        firepower_faces=list(attack.attack_faces),
        defense_faces=list(attack.defense_faces),
        hits=attack.penetrating_hits,
    )
    for step in attack.steps:
        _apply_step(g, target, step)
        if step.after.destroyed:
            break


def _apply_step(g: Engine, vehicle: UnitState, step: Any) -> None:
    rec = vehicles.record(g.state, vehicle.id)
    assert rec is not None
    rec.damage = step.after.to_json()
    vehicles.save(g.state, vehicle.id, rec)
    g.emit(
        E.VEHICLE_DAMAGE,
        unit=vehicle.id,
        unit_name=vehicle.name,
        reliability_die=step.reliability_die.label,
        reliability_face=step.reliability_face,
        breakdown_face=step.breakdown_face or 0,
        breakdown=step.breakdown.value if step.breakdown else "",
        speed_face=step.speed_face or 0,
        immobilized=step.after.immobilized,
        weapons_out=step.after.weapons_out,
        destroyed=step.after.destroyed,
        reliability_left=step.after.reliability.label if step.after.reliability else "",
    )
    if step.crew_risk is CrewRisk.ONE:
        _risk_one(g, vehicle, rec)
    elif step.crew_risk is CrewRisk.EACH:
        _destroyed(g, vehicle, rec)
    rec = vehicles.record(g.state, vehicle.id)
    assert rec is not None
    if rec.state.immobilized and not rec.scored:
        rec.scored = True
        vehicles.save(g.state, vehicle.id, rec)
        g.state.count(f"vehicles_lost_{vehicle.side}")


def _aboard_units(g: Engine, vehicle: UnitState, rec: vehicles.VehicleRecord) -> list[UnitState]:
    units = [vehicle, *(g.state.units[p] for p in rec.passengers)]
    return [u for u in units if u.effective_figures]


def _risk_one(g: Engine, vehicle: UnitState, rec: vehicles.VehicleRecord) -> None:
    """R216: one unit aboard picked at random; it loses a figure on a failed 4+ Quality check."""
    aboard = _aboard_units(g, vehicle, rec)
    if not aboard:
        return
    index, faces = random_index(min(len(aboard), 12), g.dice)
    unit = aboard[index]
    ((face, lost),) = crew_checks([Quality(int(unit.quality_die()))], g.dice)
    g.emit(
        E.VEHICLE_CREW_CHECK,
        unit=unit.id,
        unit_name=unit.name,
        vehicle_name=vehicle.name,
        pick_faces=list(faces),
        faces=[face],
        lost=int(lost),
    )
    if lost:
        _hit_figures(g, unit, 1)


def _destroyed(g: Engine, vehicle: UnitState, rec: vehicles.VehicleRecord) -> None:
    """R224: every figure aboard checks; the survivors bail out beside the wreck, the crew
    fighting on foot as an infantry unit."""
    for unit in _aboard_units(g, vehicle, rec):
        quality = Quality(int(unit.quality_die()))
        results = crew_checks([quality] * len(unit.effective_figures), g.dice)
        lost = sum(1 for _, bad in results if bad)
        g.emit(
            E.VEHICLE_CREW_CHECK,
            unit=unit.id,
            unit_name=unit.name,
            vehicle_name=vehicle.name,
            pick_faces=[],
            faces=[face for face, _ in results],
            lost=lost,
        )
        if lost:
            _hit_figures(g, unit, lost)
    bail_out.set_riders_down(g, vehicle.id, rec)  # beside the wreck, off its hull (R340)
    if vehicle.effective_figures and not vehicle.name.endswith("'s crew"):
        vehicle.name = f"{vehicle.name}'s crew"  # they walk on as its crew (qa round 3)
    if vehicle.on_table and vehicle.effective_figures:
        bail_out.set_down_beside(g, vehicle, rec)


def _hit_figures(g: Engine, unit: UnitState, count: int) -> None:
    casualties.apply_casualties(g, unit, count, False)

"""Casualties (Rulebook: Who Got Hit?, Casualties, First Aid Checks; R27, R41): hits become
figures down, weapons are taken up, units wiped out, and Regular wounded are tended.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.battlefield.model import Point
from game.engine import (
    ambulance,
    civilians,
    clearing_casualties,
    contractors,
    placement,
    prisoners,
)
from game.engine import rulesbridge as rb
from game.engine.commands import MoveUnit
from game.engine.leaders import keep_unbroken
from game.engine.protocol import EventKind as E
from game.engine.protocol import FigureStatus, MoveRate, UnitStatus
from game.engine.state import (
    INSURGENT,
    REGULAR,
    SUPPORT_DICE,
    UnitState,
)
from game.engine.terrain import distance
from game.rules.dice import Die
from game.rules.movement import CAUTIOUS, CONTACT

if TYPE_CHECKING:
    from game.engine.engine import Engine


def apply_casualties(
    g: Engine,
    unit: UnitState,
    count: int,
    dependant_hit: bool,
    captor: UnitState | None = None,
    *,
    sniper: bool = False,
) -> None:
    """Who got hit; Insurgent casualties leave, Regular ones await First Aid (R27). `sniper`:
    the hits may take a Leader first (Sniper Teams; support assets, issue 19)."""
    if dependant_hit and dependant_falls(g, unit):
        count -= 1
    hits = rb.who_got_hit(unit, count, g.dice, sniper=sniper)  # Who Got Hit? (R41)
    by_id = {f.id: f for f in unit.figures}
    for hit in (by_id[fid] for fid in hits):
        if unit.side == INSURGENT:
            unit.last_x, unit.last_y = hit.x, hit.y
            unit.figures.remove(hit)
            g.state.fallen.append([hit.x, hit.y, unit.side, hit.kind])  # drawn where it fell
            if not unit.figures:
                unit.status = UnitStatus.REMOVED
            else:  # losing the leader whose die it used is no Morale Check: no break (R252)
                keep_unbroken(unit)
            g.state.count("insurgents_killed")
            leaderless = hit.kind == "leader" and bool(unit.figures) and not unit.has_leader
            take_up = None
            if hit.arms in SUPPORT_DICE and unit.figures:
                take_up = take_up_weapon(g, unit, hit.arms)
            g.emit(
                E.CASUALTY,
                unit=unit.id,
                figure=hit.id,
                unit_name=unit.name,
                side=unit.side,
                figure_kind=hit.kind,
                figure_weapon=hit.weapon,
                leaderless=leaderless,
                take_up=take_up,
            )
        else:
            hit.status = FigureStatus.HIT
            g.emit(E.CASUALTY, unit=unit.id, figure=hit.id, unit_name=unit.name, side=unit.side)
    if not unit.effective_figures:
        unit_wiped(g, unit, captor)


DEPENDANT_DIES = {
    # the Dependants a hit may fall on (contractors never become casualties, Contracting
    # Trouble!): (kind, side of the unit carrying it) -> (tally that loses one, that gains one)
    ("casualty", REGULAR): ("regular_wia", "regular_kia"),
    ("pow", INSURGENT): ("regular_pows", "regular_kia"),
    ("pow", REGULAR): ("insurgent_pows", "insurgents_killed"),
}


def dependant_falls(g: Engine, unit: UnitState) -> bool:
    """Rulebook: Fire at Units with Dependants & Casualties (R40, R123): one hit falls on a
    carried casualty or a POW, of either side's unit, who dies. False when it has none."""
    if civilians.poi_falls(g, unit):  # the Person of Interest first (issue 21, R237)
        return True
    kind = next((d for d in unit.dependants if (d, unit.side) in DEPENDANT_DIES), None)
    if kind is None:
        return False
    if kind == "casualty" and unit.side == REGULAR and not carried_wounded(unit):
        # R358: every casualty it carries is dead already: the hit falls on one, and nothing
        # more happens (it had moved a wounded man to the killed a second time)
        g.emit(E.DEPENDANT_HIT, unit=unit.id, unit_name=unit.name, dependant="dead_casualty")
        return True
    unit.dependants.remove(kind)
    lose, gain = DEPENDANT_DIES[(kind, unit.side)]
    g.state.count(lose, -1)
    g.state.count(gain)
    g.emit(E.DEPENDANT_HIT, unit=unit.id, unit_name=unit.name, dependant=kind)
    return True


# --- polish round 7 (R358): a carried casualty First Aid found dead cannot die again ---
def carried_wounded(unit: UnitState) -> int:
    """How many of the casualties `unit` carries are wounded, not dead; its count of carried
    dead set back to no more than the casualties it still carries (they are handed off,
    evacuated or abandoned all at once)."""
    carried = unit.dependants.count("casualty")
    unit.carried_dead = min(unit.carried_dead, carried)
    return carried - unit.carried_dead


def unit_wiped(g: Engine, unit: UnitState, captor: UnitState | None = None) -> None:
    """A unit with no one left able to fight leaves the table (R58); in a Close Assault the
    victor takes custody of its Dependants (Close Assaults against Units with Dependants)."""
    if captor is None:
        prisoners.free_captives(g, unit)  # in a Close Assault the winner takes custody (R114)
    if unit.side == INSURGENT:
        unit.status = UnitStatus.REMOVED
        g.state.count("insurgent_units_destroyed")
        contractors.release_contractors(g, unit, captor)
        g.emit(E.UNIT_DESTROYED, unit=unit.id, unit_name=unit.name, cause="wiped_out")
        return
    unit.status = UnitStatus.REMOVED
    if captor is None:  # out of action under fire: the wounded are left on the field (R58)
        leave_wounded_behind(g, unit)
    contractors.release_contractors(g, unit, captor)
    g.emit(E.UNIT_DESTROYED, unit=unit.id, unit_name=unit.name, cause="out_of_action")
    riders_get_out(g, unit)


def riders_get_out(g: Engine, vehicle: UnitState) -> None:
    """R355: a vehicle whose crew is out of action carries no one on: its passengers get out
    beside it at once, off its hull (R340), and fight on foot (Loading and Unloading
    Passengers). Before, they stayed aboard with no one to drive and no way out, and a force
    that started aboard lost the game on turn 1 (Turkey Shoot seeds 16 and 27)."""
    from game.engine import bail_out, vehicles

    rec = vehicles.record(g.state, vehicle.id)
    if rec is None or not rec.passengers:
        return
    for rider in bail_out.set_riders_down(g, vehicle.id, rec):
        g.emit(
            E.DISMOUNT,
            unit=rider.id,
            unit_name=rider.name,
            vehicle=vehicle.id,
            vehicle_name=vehicle.name,
            at=list(rider.leader_point),
            cause="crew_lost",
        )


def leave_wounded_behind(g: Engine, unit: UnitState) -> None:
    """A Regular unit leaving the table without its hit figures: First Aid is rolled for each
    where it lies, and it counts as a casualty left behind (R58)."""
    for f in [f for f in unit.figures if f.status == FigureStatus.HIT]:
        face = g.dice.roll(Die.D6)
        result = rb.first_aid(face, any(g.kind == "medic" for g in unit.figures))
        key = "regular_kia" if result == "kia" else "regular_wia"
        g.state.count(key)
        g.state.count("casualties_left_behind")
        g.emit(
            E.FIRST_AID,
            unit=unit.id,
            figure=f.id,
            face=face,
            result="kia" if key == "regular_kia" else "wia",
            unit_name=unit.name,
            cause="left_behind",
        )


def take_up_weapon(g: Engine, unit: UnitState, weapon: str) -> dict[str, Any]:
    """Who Got Hit? (R41): a fallen Insurgent gunner's weapon is taken up on a passed
    Quality Check by a rifleman, or by a leader when no rifleman is left; with nobody able
    to carry it, no check is rolled and it is lost. Returns what happened, for the event:
    the weapon, the outcome (nobody, failed, leader, carrier), the check and the carrier."""
    carriers = [f for f in unit.effective_figures if f.kind in ("small_arms", "rifle")]
    carriers = carriers or [
        f for f in unit.effective_figures if f.kind == "leader" and not f.weapon
    ]
    if not carriers:
        return {"weapon": weapon, "outcome": "nobody"}
    test = rb.quality_test(unit.quality_die(), g.dice, pinned=unit.pinned_turn == g.state.turn)
    if not test.passed:
        return {"weapon": weapon, "outcome": "failed", **test.to_data()}
    carrier = carriers[0]
    if carrier.kind == "leader":
        carrier.weapon = weapon
        return {"weapon": weapon, "outcome": "leader", "carrier": carrier.id, **test.to_data()}
    carrier.kind = weapon
    return {"weapon": weapon, "outcome": "carrier", "carrier": carrier.id, **test.to_data()}


def first_aid(g: Engine, unit: UnitState) -> None:
    medic = any(f.kind == "medic" and f.effective for f in unit.figures)
    for f in list(unit.figures):
        if f.status != FigureStatus.HIT:
            continue
        face = g.dice.roll(Die.D6)
        result = rb.first_aid(face, medic)
        if result == "slight":
            f.status = FigureStatus.RETURNING
        else:
            unit.figures.remove(f)
            carried_wounded(unit)  # the count of carried dead kept to those still carried
            unit.dependants.append("casualty")
            if result == "kia":  # R358: carried dead, he cannot die again
                unit.carried_dead += 1
            unit.ever_casualties = True  # removed as a casualty (Rulebook: Casualties, R123)
            g.state.count("regular_kia" if result == "kia" else "regular_wia")
        g.emit(
            E.FIRST_AID,
            unit=unit.id,
            figure=f.id,
            face=face,
            result=result,
            unit_name=unit.name,
            cause="tended",
            medic=medic,
        )
        clearing_casualties.after_first_aid(g, unit, f, result)  # house clearing (R247)
    if not unit.figures:
        unit.status = UnitStatus.REMOVED
        prisoners.free_captives(g, unit)
        g.emit(E.UNIT_DESTROYED, unit=unit.id, unit_name=unit.name, cause="no_one_left")


def safe_for_first_aid(g: Engine, unit: UnitState) -> bool:
    """Rulebook: First Aid Checks for Regulars (R27): in Solid Cover or out of every
    Insurgent unit's sight."""
    if g.terrain.in_solid_cover(unit.position()):
        return True
    return not any(g.los(i, unit) for i in g.state.units_of(INSURGENT))


def watchers(g: Engine, unit: UnitState) -> int:
    """How many Insurgent units see the unit."""
    return sum(1 for i in g.state.units_of(INSURGENT) if g.los(i, unit))


def tending_move_refused(g: Engine, unit: UnitState, end: Point) -> str:
    """Why a unit tending its wounded may not make a move ending at `end`, or '' (Rulebook:
    First Aid Checks for Regulars; R27, R122). It moves only if it must, to reach a safe
    position: not at all when it is safe already; otherwise into a safe position, or toward
    one: to where fewer Insurgent units see it."""
    if safe_for_first_aid(g, unit):
        return f"{unit.name} is safe where it is: it tends its wounded there, not moving (R122)"
    ghost = placement.hypothetical(g, unit, end, exact=True)
    if safe_for_first_aid(g, ghost) or watchers(g, ghost) < watchers(g, unit):
        return ""
    return (
        f"{unit.name} is tending its wounded: it may move only into Solid Cover or out of "
        "Insurgent sight, or toward it, where fewer Insurgent units see it (R27, R122)"
    )


def safety_moves(g: Engine, unit: UnitState) -> list[MoveUnit]:
    """Cautious moves to the nearest safe positions in reach, offered to a unit that must take
    its wounded to safety (R27, R122); none when it is safe already."""
    if safe_for_first_aid(g, unit):
        return []

    def safe(end: Point, exact: bool) -> bool:
        return safe_for_first_aid(g, placement.hypothetical(g, unit, end, exact=exact))

    spots = placement.reachable_spots(g, unit, CAUTIOUS, safe)
    return [MoveUnit(side=unit.side, unit=unit.id, to=p, rate=MoveRate.CAUTIOUS) for p in spots]


def abandon_casualties(g: Engine, unit: UnitState) -> None:
    """Rulebook: Abandoning Casualties (R126). The carried casualties stay behind (each may be
    taken prisoner at the game's end); the unit's Troop Quality and Morale drop one die type,
    and a unit whose Quality or Morale falls below d6 is no longer combat effective and is
    removed from play."""
    left = unit.dependants.count("casualty")
    unit.dependants = [d for d in unit.dependants if d != "casualty"]
    g.state.count("casualties_abandoned", left)
    g.state.count("casualties_left_behind", left)
    morale = unit.morale_die()
    quality = unit.quality_die().shifted(-1)
    lower_morale = morale.shifted(-1) if morale is not None else None
    removed = quality is None or lower_morale is None
    if not removed:
        for f in unit.figures:
            f.quality = int(Die(f.quality).shifted(-1) or Die.D6)
            f.morale = int(Die(f.morale).shifted(-1) or Die.D6)
    g.emit(
        E.CASUALTIES_ABANDONED,
        unit=unit.id,
        unit_name=unit.name,
        count=left,
        quality=unit.quality_die().label,
        morale=(unit.morale_die() or Die.D6).label,
        removed=removed,
    )
    if removed:
        unit.status = UnitStatus.REMOVED
        leave_wounded_behind(g, unit)
        contractors.release_contractors(g, unit, None)
        g.emit(E.UNIT_DESTROYED, unit=unit.id, unit_name=unit.name, cause="abandoned")


ABANDONED_TAKEN = 4
"""Rulebook: Abandoning Casualties — at the end, a d6 of 4+ makes an abandoned casualty a POW."""


def abandoned_fate(g: Engine) -> None:
    """At the end of the game each abandoned casualty may fall into enemy hands (R126)."""
    left = g.state.tally.get("casualties_abandoned", 0)
    if not left:
        return
    faces = [g.dice.roll(Die.D6) for _ in range(left)]
    taken = sum(1 for face in faces if face >= ABANDONED_TAKEN)
    g.state.count("regular_pows", taken)
    g.emit(E.ABANDONED_FATE, faces=faces, taken=taken, count=left)


def release_pows(g: Engine, unit: UnitState) -> None:
    """Rulebook: Releasing POWs (R127): the unit lets its prisoners go; they no longer count
    as POWs for either side, and the unit sheds their Dependant penalty."""
    freed = unit.dependants.count("pow")
    unit.dependants = [d for d in unit.dependants if d != "pow"]
    g.state.count("regular_pows" if unit.side == INSURGENT else "insurgent_pows", -freed)
    g.state.count("pows_released", freed)
    g.emit(E.POWS_RELEASED, unit=unit.id, unit_name=unit.name, count=freed, side=unit.side)


def casevac(g: Engine, unit: UnitState) -> None:
    """Rulebook: Casualty Evacuation (CASEVAC), Disposing of Dependants & Casualties (R128): a
    Regular unit that ends a move in contact (1") with a CASEVAC asset the scenario provides
    (an aid station, an ambulance) hands its carried casualties over."""
    if unit.side != REGULAR or "casualty" not in unit.dependants:
        return
    for x, y in g.state.aid_stations:
        if any(distance(f.pos, (x, y)) <= CONTACT for f in unit.effective_figures):
            handed = unit.dependants.count("casualty")
            unit.dependants = [d for d in unit.dependants if d != "casualty"]
            g.state.count("casualties_evacuated", handed)
            g.emit(E.CASEVAC, unit=unit.id, unit_name=unit.name, count=handed, at=[x, y])
            return
    # --- Ambulance on Call!: a Regular ambulance in play is a moving aid station (R298) ---
    hull = ambulance.touching(g.state, [f.pos for f in unit.effective_figures], CONTACT)
    if hull is not None:
        handed = unit.dependants.count("casualty")
        unit.dependants = [d for d in unit.dependants if d != "casualty"]
        g.state.count("casualties_evacuated", handed)
        g.emit(
            E.CASEVAC,
            unit=unit.id,
            unit_name=unit.name,
            count=handed,
            at=[round(hull[0], 2), round(hull[1], 2)],
        )

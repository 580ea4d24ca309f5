"""Civilians on the battlefield (Rulebook: Civilians on the Battlefield; Regulars and Civilian
Mobs; Insurgent Leaders and Civilian Mobs; solo rules: Civilians) and the Person of Interest
under the Dependants rule (Scenario 5: Hornet's Nest; R230-R239).

Mobs are nobody's units: the engine moves them at the end of each turn by the solo Civilians
table in every game (R230). Regular fire may not pass through a mob, nor a Regular move; a line
of fire within 3" of one is checked for a casualty; who caused it is tallied for the victory
points and moves the Insurgency Level (R76). The rules are `game.rules.civilians`; this module
applies them to the game state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.battlefield.model import Edge, Point, UnitPosition
from game.engine import reinforcements
from game.engine.commands import DisperseMob, IllegalCommand, InfluenceMob
from game.engine.procedure import Activation
from game.engine.protocol import ContractorStatus
from game.engine.protocol import EventKind as E
from game.engine.state import INSURGENT, REGULAR, MobState, UnitState
from game.engine.terrain import distance, path_length, truncate, walk
from game.rules import civilians as rules
from game.rules.dice import Die
from game.rules.movement import CONTACT

if TYPE_CHECKING:
    from game.engine.commands import Command
    from game.engine.engine import Engine

POI = "poi"
"""The Dependant entry (and `ContractorState.kind`) of Hornet's Nest's Person of Interest."""


def mobs_on_table(g: Engine) -> list[MobState]:
    return [m for m in g.state.mobs if m.on_table]


def find_mob(g: Engine, mob_id: str) -> MobState:
    for m in g.state.mobs:
        if m.id == mob_id and m.on_table:
            return m
    raise IllegalCommand(f"there is no civilian mob {mob_id!r} on the table")


def mob_position(mob: MobState) -> UnitPosition:
    """A mob as the geometry sees a unit: one stand at its centre (R232)."""
    return UnitPosition(id=mob.id, figures=(mob.pos,), elevation=0, leader=mob.pos)


# == lines of fire and moves through mobs (R232) ==============================================


def fire_refused(g: Engine, unit: UnitState, target: UnitState) -> str:
    """Why a Regular unit may not fire at `target`: the line passes through a mob; '' if it
    may (Civilians on the Battlefield: Regulars may not fire through a mob)."""
    if unit.side != REGULAR:
        return ""
    a, b = unit.centre, target.centre
    through = [m.id for m in mobs_on_table(g) if rules.line_through_mob(a, b, m.pos)]
    if not through:
        return ""
    return (
        f"{unit.name} may not fire through civilian mob {', '.join(through)} "
        "(Rulebook: Civilians on the Battlefield; R232)"
    )


def move_refused(g: Engine, unit: UnitState, path: list[Point], length: float) -> str:
    """Why a Regular unit may not walk the first `length` inches of `path`: it crosses a mob
    (Civilians on the Battlefield; R232); '' if it may."""
    if unit.side != REGULAR or not g.state.mobs:
        return ""
    walked = truncate(path, length)
    through = [m.id for m in mobs_on_table(g) if rules.path_through_mob(walked, m.pos)]
    if not through:
        return ""
    return (
        f"{unit.name} may not move through civilian mob {', '.join(through)} "
        "(Rulebook: Civilians on the Battlefield; R232)"
    )


def after_fire(g: Engine, firer: UnitState, target: UnitState) -> None:
    """A fire combat took place: the mobs near its line are checked for a casualty, one roll
    of the firing unit's Quality die each, and the combat is remembered for the mobs' moves
    at the end of the turn (solo rules: Civilians, combat within 6")."""
    if not g.state.mobs:
        return
    a, b = firer.centre, target.centre
    g.state.civilian_combats += [[round(a[0], 3), round(a[1], 3)], [round(b[0], 3), round(b[1], 3)]]
    points = {m.id: m.pos for m in mobs_on_table(g)}
    for mob_id in rules.mobs_near_line(a, b, points):
        mob = find_mob(g, mob_id)
        check = rules.civilian_casualty_check(firer.quality_die(), g.dice)
        g.emit(
            E.CIVILIAN_CHECK,
            mob=mob.id,
            unit=firer.id,
            unit_name=firer.name,
            side=firer.side,
            die=check.die.label,
            face=check.face,
            hit=check.success,
        )
        if check.success:
            civilian_killed(g, mob, firer.side)


def civilian_killed(g: Engine, mob: MobState, side: str) -> None:
    """One civilian of `mob` killed by `side`'s fire: tallied for the victory points (R238) and
    moving the Insurgency Level (R76)."""
    mob.killed += 1
    g.state.count(f"civilians_killed_by_{side}")
    turn = g.state.turn
    shift = rules.insurgency_shift(
        side == REGULAR,
        raised=g.state.insurgency_raised_turn == turn,
        lowered=g.state.insurgency_lowered_turn == turn,
    )
    if shift > 0:
        g.state.insurgency_raised_turn = turn
    elif shift < 0:
        g.state.insurgency_lowered_turn = turn
    before = g.state.insurgency_level
    after = rules.shifted_level(before, shift)
    g.state.insurgency_level = after
    g.emit(E.INSURGENCY_SHIFT, mob=mob.id, side=side, before=before, after=after, shift=shift)
    if g.state.cards:  # --- cards (issue 19): Smile for the Camera! (R286)
        from game.engine.card_camera import civilian_killed as filmed

        filmed(g, mob, side)


# == the mobs' move at the end of the turn (R230) =============================================


def regular_objectives(g: Engine, at: Point) -> tuple[Point, ...]:
    """The Regulars' objectives a mob may head for: the contractors or POI still to be brought
    out, the active hot spots when they count, Objective markers, and the nearest point of
    each exit edge (R230)."""
    s = g.state
    points: list[Point] = [
        (c.x, c.y) for c in s.contractors if c.status == ContractorStatus.WAITING
    ] + [
        s.units[c.holder].leader_point
        for c in s.contractors
        if c.status == ContractorStatus.HELD and c.holder in s.units
    ]
    if s.objectives.get("hot_spots"):
        points += [(h.x, h.y) for h in s.hot_spots.values() if not h.neutralized]
    points += [m.position for m in g.battlefield.markers if m.kind == "Objective"]
    w, h = g.battlefield.width, g.battlefield.height
    for edge in s.exit_edges:
        points.append(
            {
                Edge.NORTH.value: (at[0], 0.5),
                Edge.SOUTH.value: (at[0], h - 0.5),
                Edge.WEST.value: (0.5, at[1]),
                Edge.EAST.value: (w - 0.5, at[1]),
            }[edge]
        )
    return tuple(points)


def situation(g: Engine, mob: MobState) -> rules.MobSituation:
    pos = mob_position(mob)

    def seen(side: str) -> tuple[Point, ...]:
        return tuple(
            u.centre
            for u in g.state.units_of(side)
            if u.effective_figures and g.terrain.line_of_sight(pos, u.position())
        )

    return rules.MobSituation(
        regulars_in_sight=seen(REGULAR),
        insurgents_in_sight=seen(INSURGENT),
        combats=tuple((c[0], c[1]) for c in g.state.civilian_combats),
        objectives=regular_objectives(g, mob.pos),
    )


def move_mobs(g: Engine) -> None:
    """Every mob on the table moves 3" by the solo Civilians table, stopping within 6" of a
    Regular unit (Civilians on the Battlefield; solo rules: Civilians; R76, R230)."""
    regulars = [f.pos for u in g.state.units_of(REGULAR) for f in u.effective_figures]
    for mob in mobs_on_table(g):
        start = mob.pos
        if rules.halted(start, regulars):
            g.emit(E.MOB_MOVE, mob=mob.id, row="halted", at=list(start), to=list(start), moved=0.0)
            continue
        order = rules.civilians_row(start, situation(g, mob))
        end = start
        if order.target is not None:
            path = g.terrain.path(start, order.target)
            end = rules.mob_walk(path, regulars) if path else start
        mob.x, mob.y = end
        g.emit(
            E.MOB_MOVE,
            mob=mob.id,
            row=str(order.row),
            at=[round(start[0], 3), round(start[1], 3)],
            to=[round(end[0], 3), round(end[1], 3)],
            moved=round(distance(start, end), 3),
        )
    g.state.civilian_combats = []


# == Regulars and civilian mobs ================================================================


def check_disperse(g: Engine, unit: UnitState, command: Command, act: Activation) -> None:
    """Rulebook: Regulars and Civilian Mobs: a Regular unit within 6" of a mob, doing nothing
    else this activation (R236)."""
    assert isinstance(command, DisperseMob)
    if unit.side != REGULAR:
        raise IllegalCommand("only Regulars reason with a civilian mob")
    if act.acted or act.moved > 0 or act.fired:
        raise IllegalCommand(f"{unit.name} has already acted: dispersing a mob is all it does")
    if act.tending:
        raise IllegalCommand(f"{unit.name} is tending its wounded and may only react (R27)")
    if unit.pinned_turn == g.state.turn or unit.regroup_turn == g.state.turn:
        raise IllegalCommand(f"{unit.name} is Pinned or regrouping")
    mob = find_mob(g, command.mob)
    gap = gap_to(unit, mob)
    if gap > rules.DISPERSE_REACH:
        raise IllegalCommand(
            f'{unit.name} is {gap:.1f}" from mob {mob.id}: it must be within 6" to disperse it'
        )


def gap_to(unit: UnitState, mob: MobState) -> float:
    """The distance from a unit's nearest able figure to the edge of a mob's stand (R232)."""
    return max(
        0.0, min(distance(f.pos, mob.pos) for f in unit.effective_figures) - rules.STAND_RADIUS
    )


def disperse(g: Engine, unit: UnitState, command: DisperseMob) -> None:
    mob = find_mob(g, command.mob)
    check = rules.disperse_check(unit.quality_die(), g.state.insurgency_level, g.dice)
    if check.success:
        mob.status = "dispersed"
        g.state.count("mobs_dispersed")
    g.emit(
        E.MOB_DISPERSE,
        unit=unit.id,
        unit_name=unit.name,
        mob=mob.id,
        die=check.die.label,
        face=check.face,
        level=g.state.insurgency_level,
        passed=check.success,
    )


# == Insurgent leaders and civilian mobs =======================================================


def leader_of(unit: UnitState) -> Die | None:
    for f in unit.effective_figures:
        if f.kind == "leader":
            return Die(f.quality)
    return None


def check_influence(g: Engine, unit: UnitState, command: Command, act: Activation) -> None:
    """Rulebook: Insurgent Leaders and Civilian Mobs: a leader in base contact with the mob;
    arming it needs at least one Insurgent figure with him (R236)."""
    assert isinstance(command, InfluenceMob)
    if unit.side != INSURGENT or leader_of(unit) is None:
        raise IllegalCommand("only an Insurgent leader sways a civilian mob")
    if act.acted or act.moved > 0 or act.fired:
        raise IllegalCommand(f"{unit.name} has already acted this phase")
    mob = find_mob(g, command.mob)
    leader = next(f for f in unit.effective_figures if f.kind == "leader")
    if distance(leader.pos, mob.pos) - rules.STAND_RADIUS > CONTACT:
        raise IllegalCommand(f"{unit.name}'s leader must be in base contact with mob {mob.id}")
    if command.arm and len(unit.effective_figures) < 2:
        raise IllegalCommand(f"{unit.name}'s leader needs an Insurgent with him to pass out arms")


def influence(g: Engine, unit: UnitState, command: InfluenceMob) -> None:
    mob = find_mob(g, command.mob)
    quality = leader_of(unit) or unit.quality_die()
    check = rules.influence_check(quality, g.state.insurgency_level, g.dice)
    g.emit(
        E.MOB_INFLUENCE,
        unit=unit.id,
        unit_name=unit.name,
        mob=mob.id,
        arm=command.arm,
        die=check.die.label,
        face=check.face,
        level=g.state.insurgency_level,
        passed=check.success,
    )
    if not check.success:
        return
    if command.arm:
        arm_mob(g, unit, mob)
        return
    start = mob.pos
    path = g.terrain.path(start, (float(command.to[0]), float(command.to[1])))
    end = walk(path, rules.MANIPULATE_MOVE) if path_length(path) > 0 else start
    mob.x, mob.y = round(end[0], 3), round(end[1], 3)
    g.emit(
        E.MOB_MOVE,
        mob=mob.id,
        row="manipulated",
        at=[round(start[0], 3), round(start[1], 3)],
        to=[mob.x, mob.y],
        moved=round(distance(start, mob.pos), 3),
    )


def arm_mob(g: Engine, unit: UnitState, mob: MobState) -> None:
    """The mob becomes a new leaderless Insurgent unit on its stand (R233, R236)."""
    helpers = sum(1 for f in unit.effective_figures if f.kind != "leader")
    armed = rules.roll_armed_mob(helpers, g.dice)
    kinds = ("small_arms",) * armed.small_arms + (("rpg",) if armed.rpg else ())
    mob.status = "armed"
    new = reinforcements.new_insurgent_unit(g, kinds, mob.pos)
    new.acted_turn = g.state.turn  # it acts from the next turn
    g.emit(
        E.MOB_ARMED,
        unit=unit.id,
        unit_name=unit.name,
        mob=mob.id,
        face=armed.face,
        helpers=helpers,
        total=armed.total,
        small_arms_face=armed.small_arms_face,
        small_arms=armed.small_arms,
        rpg=int(armed.rpg),
        new_unit=new.id,
        new_unit_name=new.name,
    )


def mob_options(g: Engine, unit: UnitState, act: Activation) -> list[Command]:
    """Sample orders for the mobs near `unit` (the validators decide which are legal)."""
    out: list[Command] = []
    for mob in mobs_on_table(g):
        if unit.side == REGULAR:
            out.append(DisperseMob(side=REGULAR, unit=unit.id, mob=mob.id))
            continue
        away = (mob.x, mob.y + rules.MANIPULATE_MOVE)
        towards = min(
            (r.centre for r in g.state.units_of(REGULAR)),
            key=lambda p: distance(p, mob.pos),
            default=away,
        )
        out.append(InfluenceMob(side=INSURGENT, unit=unit.id, mob=mob.id, to=towards))
        out.append(InfluenceMob(side=INSURGENT, unit=unit.id, mob=mob.id, arm=True))
    return out


# == the Person of Interest (Hornet's Nest: Special Rules; Dependants; R237) ====================


def poi_falls(g: Engine, unit: UnitState) -> bool:
    """A hit that falls on a Dependant falls on the POI first when the unit holds him: he is
    killed by fire (Fire at Units with Dependants & Casualties; R237). False if it holds none."""
    if POI not in unit.dependants:
        return False
    unit.dependants.remove(POI)
    for c in g.state.contractors:
        if c.kind == POI and c.holder == unit.id:
            c.status = "killed"
            c.holder = ""
            c.x, c.y = unit.leader_point
            g.state.count("poi_killed")
            g.emit(E.POI_KILLED, unit=unit.id, unit_name=unit.name, side=unit.side)
    return True


def poi_contact(g: Engine, unit: UnitState) -> None:
    """An Insurgent unit reaching a POI left alone (his escort fell under fire) takes him into
    custody: he is rescued (R237). Regulars pick him up as a contractor is picked up."""
    if unit.side != INSURGENT:
        return
    for c in g.state.contractors:
        if c.kind != POI or c.status != ContractorStatus.WAITING:
            continue
        if any(distance(f.pos, (c.x, c.y)) <= CONTACT for f in unit.effective_figures):
            c.status = ContractorStatus.CAPTIVE
            c.holder = unit.id
            unit.dependants.append(POI)
            g.emit(
                E.CONTRACTOR_TAKEN,
                unit=unit.id,
                unit_name=unit.name,
                side=unit.side,
                contractor=c.id,
                released_by="",
            )

"""Morale (Rulebook: Morale Checks, Pinned, Pull Back, Shrink, Shaken; R25, R26, R82): the
check after fire and its effects, seeking cover and pulling back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.battlefield.model import Point
from game.engine import contractors, movement, placement, prisoners
from game.engine import rulesbridge as rb
from game.engine.decisions import SeekCoverContext
from game.engine.procedure import (
    Flow,
)
from game.engine.protocol import DecisionKind, UnitStatus
from game.engine.protocol import EventKind as E
from game.engine.state import (
    INSURGENT,
    UnitState,
)
from game.engine.terrain import distance, walk
from game.rules.movement import (
    PULL_BACK,
)

if TYPE_CHECKING:
    from game.engine.engine import Engine


def morale(g: Engine, unit: UnitState, attacker: UnitState, *, melee: bool = False) -> Flow:
    """One Morale Check and its effects (Rulebook: Morale; R25, R26)."""
    turn = g.state.turn
    die = unit.morale_die()
    if die is None or not unit.effective_figures:
        return
    bonus = unit.morale_bonus if unit.has_leader else 0  # the squad leader must stand
    check = rb.morale_check(die, len(unit.effective_figures), bonus, g.dice)
    report = {
        "unit": unit.id,
        "faces": list(check.faces),
        "unit_name": unit.name,
        "side": unit.side,
        "die": die.label,
        "bonus": bonus,
        "successes": check.successes,
        "failures": check.failures,
    }
    if unit.side == INSURGENT:
        effect = rb.insurgent_morale(unit, check)
        gone = [f for f in unit.figures if f.id in effect.shrink]
        for f in gone:
            unit.last_x, unit.last_y = f.x, f.y
            unit.figures.remove(f)
        outcome = "Shaken" if effect.shaken else "Stand"
        broken = ""
        if effect.shaken:
            unit.morale_shift += 1
            unit.shake(turn)
            if effect.broken:
                unit.status = UnitStatus.CAPTURED if melee else UnitStatus.BROKEN
                broken = "morale"
        if not broken and not unit.effective_figures:
            unit.status = UnitStatus.BROKEN
            broken = "melted"
        g.emit(E.MORALE, result=outcome, shrunk=len(gone), **report)
        if broken:
            g.state.count("insurgent_units_broken")
            g.emit(E.BROKEN, unit=unit.id, unit_name=unit.name, cause=broken)
            if not melee:
                contractors.release_contractors(g, unit, None)
                prisoners.free_captives(g, unit)
            return
        if effect.shaken and not melee:
            yield from seek_cover(g, unit, attacker)
        return
    pinned_before = unit.pinned_turn == turn  # by an earlier check, or fleeing (R82)
    in_solid_cover = (
        pinned_before and not check.passed and g.terrain.in_solid_cover(unit.position())
    )
    result = rb.regular_morale(check, pinned_this_turn=pinned_before, in_solid_cover=in_solid_cover)
    if result == "stand":
        g.emit(E.MORALE, result="Stand", again=False, **report)
        return
    unit.pins_this_turn += 1
    if pinned_before:
        if result == "pinned":  # it holds a defensible position and stays Pinned (R26)
            g.emit(E.MORALE, result="Pinned", again=True, **report)
            return
        g.emit(E.MORALE, result="PullBack", again=True, **report)
        pull_back(g, unit, attacker)
        return
    unit.pinned_turn = turn
    g.emit(E.MORALE, result="Pinned", again=False, **report)
    yield from seek_cover(g, unit, attacker)


def cover_spots(
    g: Engine,
    unit: UnitState,
    away_from: UnitState,
    reach: float,
    need_solid: bool,
    *,
    limit: int = 4,
) -> list[Point]:
    """Up to `limit` covered spots within `reach`, nearest first, at least 0.75" apart."""
    here = distance(unit.centre, away_from.centre)
    return placement.reachable_spots(
        g,
        unit,
        reach,
        lambda end, exact: covered_spot(g, unit, away_from, end, here, need_solid, exact=exact),
        limit=limit,
    )


def covered_spot(
    g: Engine,
    unit: UnitState,
    away_from: UnitState,
    end: Point,
    here: float,
    need_solid: bool,
    *,
    exact: bool,
) -> bool:
    """Would the unit at `end` be in Solid Cover (or out of sight) and no nearer the enemy?"""
    ghost = placement.hypothetical(g, unit, end, exact=exact)
    if distance(ghost.centre, away_from.centre) < here - 1e-6:
        return False
    if g.terrain.in_solid_cover(ghost.position()):
        return True
    return not need_solid and not g.los(away_from, ghost)


def seek_cover(g: Engine, unit: UnitState, attacker: UnitState) -> Flow:
    """Pinned and Shaken units must move to cover, never nearer the enemy, while they have
    movement left; only a Pinned unit that can reach no such cover tries to Get In Cover
    (Rulebook: Pinned; Shaken; Cover Dice; R62, R121)."""
    if not unit.on_table:
        return
    reach = movement.movement_left(g, unit)
    if g.terrain.in_solid_cover(unit.position()):
        return
    spots = cover_spots(g, unit, attacker, reach, need_solid=False) if reach > 0.5 else []
    if not spots:
        get_in_cover(g, unit)
        return
    choice = yield from g.choose(
        unit.side,
        DecisionKind.SEEK_COVER,
        f"{unit.name} must move to cover: choose a covered spot (not toward the enemy)",
        [list(p) for p in spots],
        context=SeekCoverContext(unit=unit.id),
    )
    to = (float(choice[0]), float(choice[1]))
    placement.place_unit(g, unit, to)
    unit.last_moved_turn = g.state.turn
    if g.act is not None and g.act.unit == unit.id:
        g.act.path = []
    g.emit(E.SEEK_COVER, unit=unit.id, unit_name=unit.name, to=list(to))
    placement.update_sightings(g)


def get_in_cover(g: Engine, unit: UnitState) -> None:
    """A unit that must seek cover and can reach none stays. A Pinned one takes a Quality test
    (one die down) to be In Cover; an Exposed one cannot be (R120); a Shaken Insurgent, which
    the book gives no such test, just stays (Rulebook: Pinned; Shaken; R121)."""
    turn = g.state.turn
    if unit.pinned_turn != turn:
        g.emit(E.GET_IN_COVER, unit=unit.id, unit_name=unit.name, passed="shaken")
        return
    if g.terrain.is_exposed(unit.position()):  # never In Cover (Cover Dice; R52, R120)
        g.emit(E.GET_IN_COVER, unit=unit.id, unit_name=unit.name, passed="exposed")
        return
    test = rb.quality_test(unit.quality_die(), g.dice, pinned=True)
    if test.passed:
        unit.in_cover_turn = turn
    g.emit(E.GET_IN_COVER, unit=unit.id, unit_name=unit.name, **test.to_data())


def pull_back(g: Engine, unit: UnitState, attacker: UnitState) -> None:
    """Pull Back: up to 6" away from the last attacker to the nearest cover, then regroup."""
    turn = g.state.turn
    spots = cover_spots(g, unit, attacker, PULL_BACK, need_solid=True, limit=1)
    if spots:
        to = spots[0]
    else:
        ux, uy = unit.leader_point
        ax, ay = attacker.centre
        d = max(distance((ux, uy), (ax, ay)), 1e-6)
        goal = (ux + (ux - ax) / d * PULL_BACK, uy + (uy - ay) / d * PULL_BACK)
        to = walk(g.terrain.path((ux, uy), goal), PULL_BACK)
    placement.place_unit(g, unit, to)
    unit.last_moved_turn = turn
    unit.pinned_turn = turn
    unit.regroup_turn = turn + 1
    if g.act is not None and g.act.unit == unit.id:
        g.act.path = []
    g.emit(E.PULL_BACK, unit=unit.id, unit_name=unit.name, to=list(to))
    placement.update_sightings(g)

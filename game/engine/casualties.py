"""Casualties (Rulebook: Who Got Hit?, Casualties, First Aid Checks; R27, R41): hits become
figures down, weapons are taken up, units wiped out, and Regular wounded are tended.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import contractors
from game.engine import rulesbridge as rb
from game.engine.state import (
    INSURGENT,
    REGULAR,
    SUPPORT_DICE,
    UnitState,
)
from game.rules.dice import Die

if TYPE_CHECKING:
    from game.engine.engine import Engine


def apply_casualties(
    g: Engine, unit: UnitState, count: int, dependant_hit: bool, captor: UnitState | None = None
) -> None:
    """Who got hit; Insurgent casualties leave, Regular ones await First Aid (R27)."""
    if unit.side == REGULAR and dependant_hit and "casualty" in unit.dependants:
        unit.dependants.remove("casualty")
        g.state.count("regular_kia")
        g.state.count("regular_wia", -1)
        count -= 1
        g.emit(
            "DependantHit",
            f"{unit.name}: more Defense failures than successes, so one hit falls on a carried "
            "casualty, who dies (Rulebook: Fire at Units with Dependants & Casualties)",
        )
    hits = rb.who_got_hit(unit, count, g.dice)  # Rulebook: Who Got Hit? (R41)
    by_id = {f.id: f for f in unit.figures}
    for hit in (by_id[fid] for fid in hits):
        if unit.side == INSURGENT:
            unit.last_x, unit.last_y = hit.x, hit.y
            unit.figures.remove(hit)
            if not unit.figures:
                unit.status = "removed"
            g.state.count("insurgents_killed")
            text = (
                f"{unit.name}: {hit.id} ({rb.figure_words(hit.kind, hit.weapon)}) "
                "is a casualty and is removed"
            )
            if hit.kind == "leader" and unit.figures and not unit.has_leader:
                text += "; the unit is now leaderless"
            if hit.arms in SUPPORT_DICE and unit.figures:
                text += take_up_weapon(g, unit, hit.arms)
            g.emit("Casualty", text + " (Rulebook: Who Got Hit?)", unit=unit.id, figure=hit.id)
        else:
            hit.status = "hit"
            unit.ever_casualties = True
            g.emit(
                "Casualty",
                f"{unit.name}: {hit.id} is hit and stops counting until First Aid (R27)",
                unit=unit.id,
                figure=hit.id,
            )
    if not unit.effective_figures:
        unit_wiped(g, unit, captor)


def unit_wiped(g: Engine, unit: UnitState, captor: UnitState | None = None) -> None:
    """A unit with no one left able to fight leaves the table (R58); in a Close Assault the
    victor takes custody of its Dependants (Close Assaults against Units with Dependants)."""
    if unit.side == INSURGENT:
        unit.status = "removed"
        g.state.count("insurgent_units_destroyed")
        contractors.release_contractors(g, unit, captor)
        g.emit("UnitDestroyed", f"{unit.name} is wiped out", unit=unit.id)
        return
    unit.status = "removed"
    if captor is None:  # out of action under fire: the wounded are left on the field (R58)
        for f in [f for f in unit.figures if f.status == "hit"]:
            face = g.dice.roll(Die.D6)
            result = rb.first_aid(face, any(g.kind == "medic" for g in unit.figures))
            key = "regular_kia" if result == "kia" else "regular_wia"
            g.state.count(key)
            g.state.count("casualties_left_behind")
            g.emit(
                "FirstAid",
                f"{unit.name} is out of action: {f.id} left on the field, d6={face} → "
                f"{'KIA' if key == 'regular_kia' else 'WIA'} (R27; R58)",
            )
    contractors.release_contractors(g, unit, captor)
    g.emit("UnitDestroyed", f"{unit.name} has no one left able to fight", unit=unit.id)


def take_up_weapon(g: Engine, unit: UnitState, weapon: str) -> str:
    """Who Got Hit? (R41): a fallen Insurgent gunner's weapon is taken up on a passed
    Quality Check by a rifleman, or by a leader when no rifleman is left; with nobody able
    to carry it, no check is rolled and it is lost. Returns the words for the log."""
    carriers = [f for f in unit.effective_figures if f.kind in ("small_arms", "rifle")]
    carriers = carriers or [
        f for f in unit.effective_figures if f.kind == "leader" and not f.weapon
    ]
    name = rb.weapon_words(weapon)
    if not carriers:
        return f"; nobody left can take up the {name}: it is lost"
    test = rb.quality_test(unit.quality_die(), g.dice, pinned=unit.pinned_turn == g.state.turn)
    if not test.passed:
        return f"; Quality Check {test.shown()}: failed, the {name} is lost"
    carrier = carriers[0]
    if carrier.kind == "leader":
        carrier.weapon = weapon
        return f"; Quality Check {test.shown()}: the leader {carrier.id} takes up the {name}"
    carrier.kind = weapon
    return f"; Quality Check {test.shown()}: {carrier.id} takes up the {name}"


def first_aid(g: Engine, unit: UnitState) -> None:
    medic = any(f.kind == "medic" and f.effective for f in unit.figures)
    for f in list(unit.figures):
        if f.status != "hit":
            continue
        face = g.dice.roll(Die.D6)
        result = rb.first_aid(face, medic)
        table = "Medic First Aid Table" if medic else "Standard First Aid Table"
        if result == "slight":
            f.status = "returning"
            verdict = "slight wound, back next turn"
        else:
            unit.figures.remove(f)
            unit.dependants.append("casualty")
            g.state.count("regular_kia" if result == "kia" else "regular_wia")
            verdict = f"{result.upper()}: removed, carried as a Dependant"
        g.emit(
            "FirstAid",
            f"T{g.state.turn} First Aid ({table}): {unit.name} {f.id} d6={face} → {verdict}",
            unit=unit.id,
            figure=f.id,
            face=face,
            result=result,
        )
    if not unit.figures:
        unit.status = "removed"
        g.emit("UnitDestroyed", f"{unit.name} has no one left", unit=unit.id)

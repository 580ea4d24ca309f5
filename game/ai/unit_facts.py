"""Facts about an Insurgent unit that the solo tables test, read from the rules core's `Unit`.

Rulebook: Insurgent Action Checks (which table; Firepower > 6 / < 6; a Support Weapon that would
harm the vehicle), Optimum Range, Support Weapon Dice, Vehicle Defense vs. Weapon Class. Rulings
R33, R73, R74. The controller uses these when it builds a `Situation` from its PlayerView.
"""

from __future__ import annotations

import math

from game.ai.situation import UnitKind
from game.rules.firepower import FIREPOWER_CAP, SPECIAL_WEAPON_TEAM_BONUS, optimum_range
from game.rules.quality import Quality
from game.rules.units import Figure, Unit
from game.rules.vehicles import weapon_class


def situation_kind(unit: Unit) -> UnitKind:
    """Which solo table an Insurgent unit uses (Insurgent Action Checks; Leaders).

    Only effective figures count: a unit whose leader fell is a leaderless unit from then on, and
    a "unit" of nothing but leader figures is a Leader without a unit.
    """
    effective = unit.effective_figures
    leaders = [f for f in effective if f.role.is_leader]
    if leaders and len(leaders) == len(effective):
        return UnitKind.LEADER_ALONE
    return UnitKind.WITH_LEADER if leaders else UnitKind.LEADERLESS


def table_firepower(unit: Unit) -> int:
    """The Firepower the solo tables compare with 6 (ruling R73, read per R33).

    The unit's own dice before any target is chosen: effective figures, support weapon dice and a
    Special Weapon Team's bonus, capped at 10; no Optimum Range or target dice, no penalties.
    """
    dice = unit.effective_count + unit.support_weapon_dice
    if unit.is_special_weapon_team and unit.quality >= Quality.TRAINED:
        dice += SPECIAL_WEAPON_TEAM_BONUS
    return min(dice, FIREPOWER_CAP)


def table_optimum_range(unit: Unit, *, night: bool = False) -> float:
    """Optimum Range for the tables' range rows; infinite when always in range (Optimum Range)."""
    reach = optimum_range(unit, night=night)
    return math.inf if reach is None else reach


def vehicle_weapon_class(figure: Figure) -> int:
    """The armour-piercing class of a figure's weapon: the rules core's (R74)."""
    return weapon_class(figure)


def can_harm_vehicle(unit: Unit, armour_class: int) -> bool:
    """Does the unit carry a Support Weapon that can hurt this armour? (R74; Vehicle Defense).

    A weapon of a lower class than the armour does nothing; an equal class still harms (at half
    Firepower); so a support weapon of class >= the armour class is enough.
    """
    if not 0 <= armour_class <= 3:
        raise ValueError(f"vehicle armour class must be 0 to 3, got {armour_class}")
    return any(vehicle_weapon_class(f) >= armour_class for f in unit.support_weapon_figures)

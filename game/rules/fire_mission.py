"""Scenario 2: Turkey Shoot — the snipers' fire mission (Rulebook: Scenario 2, Regular Mission
Objective; rulings R226-R228).

The sniper team must be kept alive in the target building for three turns, firing at no target
on the table in those turns; it counts as alive while one member is left able to fire.
"""

from __future__ import annotations

FIRE_MISSION_TURNS = 3


def mission_turn_counts(*, able_inside: int, fired_on_table: bool) -> bool:
    """Does this turn count toward the fire mission? (R226): at its end a member of the team able
    to fire is in the target building, and the team fired at nothing on the table this turn."""
    return able_inside > 0 and not fired_on_table


def mission_done(turns_counted: int) -> bool:
    return turns_counted >= FIRE_MISSION_TURNS

"""Insurgent Motivation: what each kind of Insurgent (and a civilian mob) is drawn toward.

Rulebook: Solo and Co-Op Gaming, Insurgent Motivation; the Civilians solo table. Leaders look for
a unit to join, leaderless units for a Leader or other friends, units with a Leader for friends or
the enemy; civilians flock to whatever they can see. These functions return the kind of target
the motivation points at right now, or None when nothing in reach draws the unit; the end-of-turn
rows of `game.ai.tables` are written with them, and "toward a friend" moves use `friend_to_seek`.
"""

from __future__ import annotations

from game.ai.actions import Target
from game.ai.situation import Situation, UnitKind

HOT_SPOT_ARRIVAL_INCHES = 3.0
"""A lone Leader within this distance of a Hot Spot has reached it (Leader w/No Unit table)."""


def leader_goal(situation: Situation) -> Target | None:
    """A lone Leader: a leaderless unit in sight, else a Hot Spot, else cover at one (R75)."""
    if situation.leaderless_unit_in_los:
        return Target.LEADERLESS_UNIT
    if situation.distance_to_nearest_hot_spot is None:
        return None
    if situation.hot_spot_within(HOT_SPOT_ARRIVAL_INCHES):
        return Target.COVER
    return Target.HOT_SPOT


def leaderless_goal(situation: Situation) -> Target | None:
    """A leaderless unit: a Leader in sight first, else another friendly unit in sight."""
    if situation.friendly_leader_in_los:
        return Target.FRIENDLY_LEADER
    if situation.friendly_unit_in_los:
        return Target.FRIENDLY_UNIT
    return None


def led_unit_goal(situation: Situation) -> Target | None:
    """A unit with a Leader: the enemy in sight, else toward nearby fighting, else the objective."""
    if situation.enemy_in_los:
        return Target.NEAREST_ENEMY_IN_LOS
    if situation.combat_within(10):
        return Target.NEAREST_ENEMY
    if situation.objective_known:
        return Target.OBJECTIVE
    return None


def civilian_goal(situation: Situation) -> Target | None:
    """A civilian mob: Regulars in sight, else Insurgents in sight, else the objective (R76)."""
    if situation.enemy_in_los:
        return Target.NEAREST_ENEMY_IN_LOS
    if situation.friendly_unit_in_los:
        return Target.FRIENDLY_UNIT
    if situation.objective_known:
        return Target.OBJECTIVE
    if situation.combat_within(6):
        return Target.COMBAT
    return None


def friend_to_seek(situation: Situation) -> Target:
    """Which friend a "move toward the nearest friendly unit" heads for, by the unit's motivation.

    A lone Leader prefers a leaderless unit (one he could lead), a leaderless unit prefers a
    Leader; when the preferred friend is not in sight, the nearest friendly unit will do.
    """
    if situation.kind is UnitKind.LEADER_ALONE and situation.leaderless_unit_in_los:
        return Target.LEADERLESS_UNIT
    if situation.kind is UnitKind.LEADERLESS and situation.friendly_leader_in_los:
        return Target.FRIENDLY_LEADER
    return Target.FRIENDLY_UNIT

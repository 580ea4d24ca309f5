"""Civilians on the battlefield: mobs, their movement, civilian casualties, dispersing mobs,
Insurgent leaders and mobs, and the Insurgency Level changes they cause.

Rulebook: Civilians on the Battlefield (with Regulars and Civilian Mobs, Insurgent Leaders and
Civilian Mobs); Line of Fire (civilians in the line of fire). Solo rules: the Civilians table of
the Insurgent Action Checks and its Insurgency Level changes. Rulings R230-R239.

Positions are points in table inches. A mob is one stand, measured from its centre (R232).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from game.rules.dice import DiceSource, Die

Point = tuple[float, float]

MOB_MOVE: Final = 3.0
"""A mob moves 3" at the end of each turn (Civilians on the Battlefield)."""

MOB_HALT: Final = 6.0
"""A mob stops once it comes within 6" of a Regular unit (Civilians on the Battlefield)."""

COMBAT_NEAR: Final = 6.0
"""The solo Civilians row: combat within 6" draws the mob towards it."""

CIVILIAN_LINE_REACH: Final = 3.0
"""A line of fire passing within 3" of a mob calls for a civilian casualty check."""

CASUALTY_FACES: Final = 2
"""The casualty check: the firing unit's Quality die showing 1 or 2 hits the mob."""

DISPERSE_REACH: Final = 6.0
"""A Regular unit within 6" of a mob may try to disperse it (Regulars and Civilian Mobs)."""

MANIPULATE_MOVE: Final = 6.0
"""A mob an Insurgent leader manipulates moves 6" in any direction (Insurgent Leaders and
Civilian Mobs)."""

STAND_RADIUS: Final = 1.0
"""R232: a mob's 2"x3" stand counts as a disc of 1" radius about its centre: a line or a path
passing closer than that goes *through* the mob; distances to a mob are taken from that disc."""

INSURGENCY_MIN: Final = 1
INSURGENCY_MAX: Final = 6
"""The Insurgency Level a civilian casualty moves stays within 1..6 (R235)."""

ARMED_MOB_ROW_CAP: Final = 10
"""R233: the armed-mob table ends at 10; a higher total reads the 10 row."""


# == the solo Civilians table ===================================================================


class CivilianRow(StrEnum):
    """The rows of the solo Civilians table, in the order they are tried (R76)."""

    REGULAR_IN_SIGHT = "regular_in_sight"  # move towards the Regular unit
    INSURGENT_IN_SIGHT = "insurgent_in_sight"  # no Regular in sight: towards the Insurgents
    OBJECTIVE = "objective"  # no unit in sight: towards the nearest Regular objective
    COMBAT = "combat"  # combat within 6": move towards it
    STAY = "stay"  # nothing to move towards (no objective on the table)


@dataclass(frozen=True)
class MobSituation:
    """What a mob's row tests: the units it sees (their centres), the combats of this turn (the
    firing and target units' centres) and the Regulars' objectives (points)."""

    regulars_in_sight: tuple[Point, ...] = ()
    insurgents_in_sight: tuple[Point, ...] = ()
    combats: tuple[Point, ...] = ()
    objectives: tuple[Point, ...] = ()


@dataclass(frozen=True)
class MobOrder:
    """The row a mob acts on and the point it heads for (None: it stays)."""

    row: CivilianRow
    target: Point | None


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _nearest(origin: Point, points: Sequence[Point]) -> Point:
    return min(points, key=lambda p: (distance(origin, p), p))


def civilians_row(mob: Point, s: MobSituation) -> MobOrder:
    """The solo Civilians table for one mob, read top-down (solo rules: Civilians; R76): a
    Regular unit in sight, else an Insurgent unit in sight, else the nearest Regular objective
    (when the scenario marks one), else combat within 6"."""
    if s.regulars_in_sight:
        return MobOrder(CivilianRow.REGULAR_IN_SIGHT, _nearest(mob, s.regulars_in_sight))
    if s.insurgents_in_sight:
        return MobOrder(CivilianRow.INSURGENT_IN_SIGHT, _nearest(mob, s.insurgents_in_sight))
    if s.objectives:
        return MobOrder(CivilianRow.OBJECTIVE, _nearest(mob, s.objectives))
    near = [c for c in s.combats if distance(mob, c) <= COMBAT_NEAR]
    if near:
        return MobOrder(CivilianRow.COMBAT, _nearest(mob, near))
    return MobOrder(CivilianRow.STAY, None)


def halted(point: Point, regulars: Sequence[Point]) -> bool:
    """Whether a mob at `point` is within 6" of a Regular unit (it moves no further)."""
    return any(distance(point, r) <= MOB_HALT for r in regulars)


def mob_walk(
    path: Sequence[Point],
    regulars: Sequence[Point],
    allowance: float = MOB_MOVE,
    keep_off: float = 2 * STAND_RADIUS,
) -> Point:
    """Where a mob walking `path` (its own spot first) ends: `allowance` inches along it, no
    closer than `keep_off` to the path's end (the unit it heads for), and stopping where it
    first comes within 6" of a Regular unit (Civilians on the Battlefield). A mob already
    within 6" of a Regular unit stays."""
    start = path[0]
    if halted(start, regulars):
        return start
    total = sum(distance(a, b) for a, b in itertools.pairwise(path))
    budget = min(allowance, max(0.0, total - keep_off))
    here = start
    step = 0.1
    for a, b in itertools.pairwise(path):
        leg = distance(a, b)
        walked = 0.0
        while walked < leg and budget > 1e-9:
            move = min(step, leg - walked, budget)
            walked += move
            budget -= move
            t = walked / leg
            here = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if halted(here, regulars):
                return (round(here[0], 3), round(here[1], 3))
        if budget <= 1e-9:
            break
    return (round(here[0], 3), round(here[1], 3))


# == civilians and lines of fire ================================================================


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """The distance from `p` to the segment a-b."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return distance(p, a)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return distance(p, (ax + dx * t, ay + dy * t))


def mobs_near_line(firer: Point, target: Point, mobs: Mapping[str, Point]) -> list[str]:
    """The mobs a line of fire from `firer` to `target` (unit middles) passes within 3" of,
    each of which is checked for a casualty (Civilians on the Battlefield; R232)."""
    return sorted(
        m
        for m, p in mobs.items()
        if segment_distance(p, firer, target) - STAND_RADIUS <= CIVILIAN_LINE_REACH
    )


def line_through_mob(a: Point, b: Point, mob: Point) -> bool:
    """Whether the segment a-b passes through a mob's stand (R232): Regulars may not fire or
    move through a mob (Civilians on the Battlefield)."""
    return segment_distance(mob, a, b) < STAND_RADIUS


def path_through_mob(path: Sequence[Point], mob: Point) -> bool:
    """Whether a path (a polyline) crosses a mob's stand anywhere."""
    if len(path) == 1:
        return distance(path[0], mob) < STAND_RADIUS
    return any(line_through_mob(a, b, mob) for a, b in itertools.pairwise(path))


@dataclass(frozen=True)
class Check:
    """One die rolled against a number: its face and whether it succeeded."""

    die: Die
    face: int
    success: bool


def civilian_casualty_check(quality: Die, dice: DiceSource) -> Check:
    """The firing unit's Quality die: 1 or 2 and the mob has suffered a casualty
    (Civilians on the Battlefield). `success` means a civilian was hit."""
    face = dice.roll(quality)
    return Check(quality, face, face <= CASUALTY_FACES)


# == the Insurgency Level =======================================================================


def numeric_level(level: str | int) -> int | None:
    """The Insurgency Level as a number, None when it is "automatic" (R235)."""
    text = str(level)
    return int(text) if text.isdigit() else None


def level_for_civilians(level: str | int) -> int:
    """The Insurgency Level the civilian rolls compare with; "automatic" reads as 6 (R235)."""
    value = numeric_level(level)
    return INSURGENCY_MAX if value is None else value


def insurgency_shift(by_regulars: bool, *, raised: bool, lowered: bool) -> int:
    """How a civilian casualty moves the Insurgency Level (solo rules: Civilians): up one when
    Regular fire caused it, down one when Insurgent fire did; each at most once per turn, so
    0 when the level was already raised (or lowered) this turn (R76)."""
    if by_regulars:
        return 0 if raised else 1
    return 0 if lowered else -1


def shifted_level(level: str | int, shift: int) -> str:
    """The level after a shift, kept within 1..6; "automatic" does not move (R235)."""
    value = numeric_level(level)
    if value is None:
        return str(level)
    return str(max(INSURGENCY_MIN, min(INSURGENCY_MAX, value + shift)))


# == Regulars and civilian mobs =================================================================


def disperse_check(quality: Die, level: str | int, dice: DiceSource) -> Check:
    """Reasoning with a mob (Regulars and Civilian Mobs): the unit's Quality die must roll
    greater than the Insurgency Level; then the mob disperses."""
    face = dice.roll(quality)
    return Check(quality, face, face > level_for_civilians(level))


# == Insurgent leaders and civilian mobs ========================================================


class Influence(StrEnum):
    """What an Insurgent leader in contact with a mob announces."""

    MANIPULATE = "manipulate"  # the Insurgents move the mob 6" in any direction
    ARM = "arm"  # the mob becomes an armed Insurgent unit


def influence_check(quality: Die, level: str | int, dice: DiceSource) -> Check:
    """An Insurgent leader works on a mob (Insurgent Leaders and Civilian Mobs): he succeeds on
    a roll equal to or under the Insurgency Level, rolled on his Troop Quality die (R231)."""
    face = dice.roll(quality)
    return Check(quality, face, face <= level_for_civilians(level))


@dataclass(frozen=True)
class ArmedMobRow:
    small_arms_bonus: int  # 1d6 + this many small arms
    rpg: bool


ARMED_MOB_TABLE: Final[dict[int, ArmedMobRow]] = {
    **{total: ArmedMobRow(0, False) for total in range(1, 6)},
    6: ArmedMobRow(0, True),
    7: ArmedMobRow(2, True),
    8: ArmedMobRow(3, True),
    9: ArmedMobRow(4, True),
    10: ArmedMobRow(5, True),
}
"""The armed-mob table (Insurgent Leaders and Civilian Mobs): d6 + 1 per Insurgent with the
leader -> 1d6 + bonus small arms, and an RPG from 6 up."""


@dataclass(frozen=True)
class ArmedMob:
    face: int
    helpers: int
    total: int
    small_arms_face: int
    small_arms: int
    rpg: bool


def roll_armed_mob(helpers: int, dice: DiceSource) -> ArmedMob:
    """The unit a transformed mob becomes: d6 + `helpers` (the Insurgent figures with the
    leader) on the table, read at 10 above 10 (R233), then the 1d6 small arms."""
    face = dice.roll(Die.D6)
    total = face + helpers
    row = ARMED_MOB_TABLE[min(total, ARMED_MOB_ROW_CAP)]
    arms_face = dice.roll(Die.D6)
    return ArmedMob(face, helpers, total, arms_face, arms_face + row.small_arms_bonus, row.rpg)


def manipulated_spot(mob: Point, towards: Point) -> Point:
    """Where a manipulated mob ends when moved towards `towards`: up to 6" along the straight
    line (the engine keeps it on open ground)."""
    d = distance(mob, towards)
    if d <= MANIPULATE_MOVE:
        return towards
    t = MANIPULATE_MOVE / d
    return (
        round(mob[0] + (towards[0] - mob[0]) * t, 3),
        round(mob[1] + (towards[1] - mob[1]) * t, 3),
    )

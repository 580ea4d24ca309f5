"""Morale: when units check, the check itself, and what Regulars and Insurgents do after it.

Rulebook: Morale; Morale Checks; Insurgent / Regular Morale Check Points; Morale Effects;
Explanation of Morale Effects (Pinned, Pull Back, Shrink, Shaken); Leaders (the +1 of a leader
above fireteam leader). Rulings R11, R25, R26, R42.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from game.rules.casualties import HitCategory, unit_hit_categories
from game.rules.dice import DiceSource, Die
from game.rules.quality import SUCCESS_TARGET, Morale
from game.rules.units import Side, Unit
from game.rules.wording import counted


class MoraleTrigger(Enum):
    """Why a unit checks morale (Rulebook: Insurgent / Regular Morale Check Points)."""

    LEADERLESS_FIRED_UPON = "fired upon without a leader"
    TOOK_CASUALTIES = "took casualties"
    AIR_OR_ARTILLERY_NEARBY = "air strike or artillery within 6 inches"
    IED_NEARBY = "IED detonated within 10 inches"
    HURT_CIVILIAN = "own fire hurt a civilian"


def insurgent_morale_triggers(
    *,
    has_leader: bool,
    fired_upon: bool = False,
    took_casualties: bool = False,
    air_or_artillery_within_6: bool = False,
) -> tuple[MoraleTrigger, ...]:
    """Rulebook: Insurgent Morale Check Points — every reason that applies to this event.

    However many reasons one fire resolution gives, the unit checks once (R25): test the result
    for emptiness, never count it. `has_leader` is the leader's presence when the fire arrives.
    """
    triggers: list[MoraleTrigger] = []
    if fired_upon and not has_leader:
        triggers.append(MoraleTrigger.LEADERLESS_FIRED_UPON)
    if took_casualties:
        triggers.append(MoraleTrigger.TOOK_CASUALTIES)
    if air_or_artillery_within_6:
        triggers.append(MoraleTrigger.AIR_OR_ARTILLERY_NEARBY)
    return tuple(triggers)


def regular_morale_triggers(
    *,
    took_casualties: bool = False,
    ied_within_10: bool = False,
    hurt_civilian: bool = False,
    in_close_assault_combat: bool = False,
) -> tuple[MoraleTrigger, ...]:
    """Rulebook: Regular Morale Check Points — reasons to check; none during close combat.

    Regulars never check morale while fighting a Close Assault (Resolving an Infantry vs Infantry
    Close Assault); defensive fire against their charge is not close combat and does count.
    One event gives at most one check (R25).
    """
    if in_close_assault_combat:
        return ()
    triggers: list[MoraleTrigger] = []
    if took_casualties:
        triggers.append(MoraleTrigger.TOOK_CASUALTIES)
    if ied_within_10:
        triggers.append(MoraleTrigger.IED_NEARBY)
    if hurt_civilian:
        triggers.append(MoraleTrigger.HURT_CIVILIAN)
    return tuple(triggers)


@dataclass(frozen=True)
class MoraleCheck:
    """One Morale Check: a Morale die per figure, each modified by `modifier` (Morale Effects)."""

    die: Die
    faces: tuple[int, ...]
    modifier: int

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(face + self.modifier for face in self.faces)

    @property
    def successes(self) -> int:
        return sum(1 for total in self.totals if total >= SUCCESS_TARGET)

    @property
    def failures(self) -> int:
        return len(self.faces) - self.successes

    @property
    def passed(self) -> bool:
        """Stand: more successes than failures; a tie fails (Morale Effects)."""
        return self.successes > self.failures

    @property
    def natural_ones(self) -> int:
        """Dice that show a 1 before any modifier: the figures that may Shrink (R42)."""
        return sum(1 for face in self.faces if face == 1)

    def describe(self) -> str:
        bonus = f" ({self.modifier:+d} each)" if self.modifier else ""
        verdict = "passed" if self.passed else "failed"
        return (
            f"Morale check {len(self.faces)}{self.die.label}{bonus}: {list(self.faces)} -> "
            f"{counted(self.successes, 'success', 'successes')}, "
            f"{counted(self.failures, 'failure')}: {verdict}"
        )


def roll_morale_check(
    figures: int, morale: Morale, dice: DiceSource, *, higher_leader: bool = False
) -> MoraleCheck:
    """Rulebook: Morale Checks; Leaders — a Morale die per figure, +1 on each die with a leader
    above fireteam leader in cohesion with the unit."""
    if figures < 1:
        raise ValueError(f"morale check: a unit needs at least one figure, got {figures}")
    faces = dice.roll_many(morale.die, figures)
    return MoraleCheck(morale.die, faces, 1 if higher_leader else 0)


def roll_unit_morale_check(unit: Unit, dice: DiceSource) -> MoraleCheck:
    """Rulebook: Morale Checks — the unit's combat-effective figures roll its Morale die.

    Dependants and hit figures awaiting First Aid do not roll (they are not in the fight).
    """
    return roll_morale_check(
        unit.effective_count, unit.morale, dice, higher_leader=unit.higher_leader_present
    )


# --- Regulars ------------------------------------------------------------------------------------


class RegularMoraleEffect(Enum):
    """Rulebook: Regular Morale Effects."""

    STAND = "stand"
    PINNED = "pinned"
    PULL_BACK = "pull back"


def regular_morale_effect(
    check: MoraleCheck, *, pinned_this_turn: bool, in_solid_cover: bool
) -> RegularMoraleEffect:
    """Rulebook: Regular Morale Effects; Pull Back — R26.

    A failed check pins the unit; a second Pinned in the same turn means Pull Back, except that a
    unit already in Solid Cover (a defensible position) simply stays Pinned.
    """
    if check.passed:
        return RegularMoraleEffect.STAND
    if pinned_this_turn and not in_solid_cover:
        return RegularMoraleEffect.PULL_BACK
    return RegularMoraleEffect.PINNED


# --- Insurgents ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class InsurgentMoraleOutcome:
    """Rulebook: Insurgent Morale Effects — Stand or Shaken, plus Shrink either way.

    `shrunk` are indices (into the categories given) of figures that leave play. `morale` is the
    unit's rating afterwards; None means it fell below d6 and the unit broke (R11).
    """

    check: MoraleCheck
    shaken: bool
    morale: Morale | None
    shrunk: tuple[int, ...]

    @property
    def broken(self) -> bool:
        return self.morale is None

    @property
    def stands(self) -> bool:
        return not self.shaken


def shaken_morale(morale: Morale) -> Morale | None:
    """Rulebook: Shaken — one Morale die type down; below d6 the unit breaks (None, R11)."""
    lower = morale.die.shifted(-1)
    return Morale.from_die(lower) if lower is not None else None


def shrinkage(categories: Sequence[HitCategory], ones: int) -> tuple[int, ...]:
    """Rulebook: Shrink — one figure leaves per natural 1; never a leader; gunners go last.

    Returns the indices of the figures removed: plain figures first (latest first, so a unit's
    listed order keeps its front figures), then support gunners.
    """
    plain = [i for i, c in enumerate(categories) if c is HitCategory.OTHER]
    gunners = [i for i, c in enumerate(categories) if c is HitCategory.SPECIAL]
    order = list(reversed(plain)) + list(reversed(gunners))
    return tuple(order[: max(ones, 0)])


def insurgent_morale_effect(
    check: MoraleCheck, categories: Sequence[HitCategory], morale: Morale
) -> InsurgentMoraleOutcome:
    """Rulebook: Insurgent Morale Effects; Shrink; Shaken — apply one check to an Insurgent unit."""
    shaken = not check.passed
    new_morale = shaken_morale(morale) if shaken else morale
    return InsurgentMoraleOutcome(
        check, shaken, new_morale, shrinkage(categories, check.natural_ones)
    )


@dataclass(frozen=True)
class UnitMoraleResult:
    """A morale check applied to a Unit, for the engine: what happened and who leaves."""

    check: MoraleCheck
    regular_effect: RegularMoraleEffect | None
    insurgent_outcome: InsurgentMoraleOutcome | None
    removed_figure_ids: tuple[str, ...]


def check_unit_morale(
    unit: Unit,
    dice: DiceSource,
    *,
    pinned_this_turn: bool = False,
    in_solid_cover: bool = False,
) -> UnitMoraleResult:
    """Rulebook: Morale Effects — roll the unit's check and read it for its side.

    For Insurgents `removed_figure_ids` are the figures that Shrink (all of them when the unit
    breaks); Regulars never lose figures to morale.
    """
    check = roll_unit_morale_check(unit, dice)
    if unit.side is Side.REGULAR:
        effect = regular_morale_effect(
            check, pinned_this_turn=pinned_this_turn, in_solid_cover=in_solid_cover
        )
        return UnitMoraleResult(check, effect, None, ())
    effective = unit.effective_figures
    outcome = insurgent_morale_effect(check, unit_hit_categories(unit), unit.morale)
    if outcome.broken:
        removed = tuple(figure.id for figure in effective)
    else:
        removed = tuple(effective[index].id for index in sorted(outcome.shrunk))
    return UnitMoraleResult(check, None, outcome, removed)

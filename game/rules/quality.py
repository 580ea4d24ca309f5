"""Troop Quality, Morale ratings and the tests built on them.

Rulebook sections: Troop Quality and Morale Ratings; The (Nearly) Universal Mechanic; Insurgent
Interrupt Check; The Reaction Test; Reaction Tests and Fog of War. Rulings R11-R14.

Every roll returns a small frozen result that keeps the die, the face, the modifier and a one-line
reason, so the engine can narrate it without recomputing anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Self

from game.rules.dice import DiceSource, Die

SUCCESS_TARGET = 4
"""The (nearly) universal mechanic: a roll of 4 or more succeeds."""


class _DieRating(IntEnum):
    """A rating valued by the sides of the die it rolls (Troop Quality, Morale)."""

    @classmethod
    def rating_name(cls) -> str:
        raise NotImplementedError

    @property
    def die(self) -> Die:
        """The die this rating rolls (Rulebook: Troop Quality Dice; Morale Ratings Dice)."""
        return Die(int(self))

    @property
    def label(self) -> str:
        return f"{self.name.capitalize()} ({self.die.label})"

    @classmethod
    def from_die(cls, die: Die) -> Self:
        """The rating that rolls this die (Rulebook: Troop Quality Dice; Morale Ratings Dice)."""
        return cls(int(die))

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read a rating's name (any case), `d10` or `10`; ValueError naming the text otherwise."""
        cleaned = text.strip()
        for member in cls:
            if member.name.lower() == cleaned.lower():
                return member
        try:
            return cls.from_die(Die.parse(cleaned))
        except ValueError:
            names = ", ".join(m.name.lower() for m in cls)
            raise ValueError(
                f"not a {cls.rating_name()}: {text!r} (use {names} or a die)"
            ) from None


class Quality(_DieRating):
    """Troop Quality, valued by the sides of its die (Rulebook: Troop Quality)."""

    UNTRAINED = 6
    TRAINED = 8
    VETERAN = 10
    ELITE = 12

    @classmethod
    def rating_name(cls) -> str:
        return "Troop Quality"

    @property
    def optimum_range(self) -> int:
        """Optimum Range in inches before support weapons or night (Rulebook: Optimum Ranges)."""
        return int(self)

    @property
    def max_targets(self) -> int:
        """How many targets the unit may split its fire between (Rulebook: Splitting Fire)."""
        return list(Quality).index(self) + 1


class Morale(_DieRating):
    """Morale rating, valued by the sides of its die (Rulebook: Morale)."""

    LOW = 6
    AVERAGE = 8
    GOOD = 10
    HIGH = 12

    @classmethod
    def rating_name(cls) -> str:
        return "Morale rating"


def succeeds(total: int) -> bool:
    """The universal mechanic: a (modified) roll succeeds on 4+ (Rulebook: Universal Mechanic)."""
    return total >= SUCCESS_TARGET


def active_side_wins(active_total: int, defender_total: int) -> bool:
    """Opposed roll: the active side needs 4+ and strictly higher; ties to the defender (R13)."""
    return succeeds(active_total) and active_total > defender_total


def quality_test_die(quality: Quality, *, pinned: bool = False, shift: int = 0) -> Die:
    """The die a unit throws on a Troop Quality test: Pinned is one step down, never below d6.

    Rulebook: Pinned; rulings R11, R12. `shift` adds further whole-type shifts (+1 up, -1 down).
    """
    return quality.die.shift_for_quality(shift - (1 if pinned else 0))


@dataclass(frozen=True)
class QualityTestResult:
    """One Troop Quality test: the die thrown, its face, the modifier and the outcome."""

    die: Die
    face: int
    modifier: int
    passed: bool
    reason: str

    @property
    def total(self) -> int:
        return self.face + self.modifier


def quality_test(
    quality: Quality,
    dice: DiceSource,
    *,
    pinned: bool = False,
    shift: int = 0,
    modifier: int = 0,
    purpose: str = "Quality test",
) -> QualityTestResult:
    """Roll a Troop Quality test: 4+ on the (shifted) die passes (Glossary: Quality Test)."""
    die = quality_test_die(quality, pinned=pinned, shift=shift)
    face = dice.roll(die)
    total = face + modifier
    passed = succeeds(total)
    shown = f"{face}{modifier:+d}={total}" if modifier else f"{face}"
    pinned_note = " (Pinned: one die type down)" if pinned else ""
    verdict = "passed" if passed else "failed"
    reason = f"{purpose}: {die.label}{pinned_note} rolled {shown}, needs 4+: {verdict}"
    return QualityTestResult(die=die, face=face, modifier=modifier, passed=passed, reason=reason)


@dataclass(frozen=True)
class OpposedRollResult:
    """An opposed roll between an active side and a defender (R13)."""

    active_die: Die
    active_face: int
    active_modifier: int
    defender_die: Die
    defender_face: int
    defender_modifier: int
    active_wins: bool
    reason: str

    @property
    def active_total(self) -> int:
        return self.active_face + self.active_modifier

    @property
    def defender_total(self) -> int:
        return self.defender_face + self.defender_modifier


def opposed_roll(
    active_die: Die,
    defender_die: Die,
    dice: DiceSource,
    *,
    active_modifier: int = 0,
    defender_modifier: int = 0,
) -> OpposedRollResult:
    """Roll an opposed test, active side first: 4+ and strictly higher wins (Universal Mechanic).

    Ruling R13: a tie goes to the defender.
    """
    active_face = dice.roll(active_die)
    defender_face = dice.roll(defender_die)
    active_total = active_face + active_modifier
    defender_total = defender_face + defender_modifier
    wins = active_side_wins(active_total, defender_total)
    if wins:
        reason = f"active {active_total} is 4+ and beats {defender_total}"
    elif not succeeds(active_total):
        reason = f"active {active_total} is below 4"
    elif active_total == defender_total:
        reason = f"tie at {active_total} goes to the defender"
    else:
        reason = f"active {active_total} does not beat {defender_total}"
    return OpposedRollResult(
        active_die=active_die,
        active_face=active_face,
        active_modifier=active_modifier,
        defender_die=defender_die,
        defender_face=defender_face,
        defender_modifier=defender_modifier,
        active_wins=wins,
        reason=reason,
    )


class ReactionStance(Enum):
    """What the Regular unit was doing when it takes a Reaction Test (R14)."""

    OVERWATCH = "overwatch"
    STATIONARY = "stationary"
    CAUTIOUS = "cautious"
    RAPID = "rapid"
    NONE = "none"
    """No modifier applies (e.g. a scripted or house-ruled situation)."""


def reaction_modifier(stance: ReactionStance) -> int:
    """The Regular's Reaction Test modifier: +1 Overwatch/stationary/Cautious, −1 Rapid (R14).

    Rulebook: The Reaction Test; Halted or on Overwatch; Cautious Movement; Rapid Movement. A unit
    is in exactly one stance, so the +1 bonuses can never stack.
    """
    if stance in (ReactionStance.OVERWATCH, ReactionStance.STATIONARY, ReactionStance.CAUTIOUS):
        return 1
    if stance is ReactionStance.RAPID:
        return -1
    return 0


@dataclass(frozen=True)
class ReactionTestResult:
    """A Reaction Test: who acts first, with every face and modifier (Rulebook: The Reaction Test).

    `fog_of_war` is set when the Regular die shows a natural 1 (Reaction Tests and Fog of War, R14);
    the engine draws a card only when the scenario uses Fog of War.
    """

    insurgent_die: Die
    insurgent_face: int
    regular_die: Die
    regular_face: int
    regular_modifier: int
    insurgents_first: bool
    fog_of_war: bool
    reason: str

    @property
    def regular_total(self) -> int:
        return self.regular_face + self.regular_modifier

    @property
    def regulars_first(self) -> bool:
        return not self.insurgents_first


def reaction_test(
    insurgent_quality: Quality,
    regular_quality: Quality,
    dice: DiceSource,
    *,
    stance: ReactionStance,
    insurgent_pinned: bool = False,
    regular_pinned: bool = False,
) -> ReactionTestResult:
    """Roll a Reaction Test, Insurgent die first, then Regular (Rulebook: The Reaction Test).

    The Insurgents act first only on 4+ AND strictly higher than the Regular's modified roll
    (R13, R14); Pinned units throw one die type lower (R12).
    """
    insurgent_die = quality_test_die(insurgent_quality, pinned=insurgent_pinned)
    regular_die = quality_test_die(regular_quality, pinned=regular_pinned)
    insurgent_face = dice.roll(insurgent_die)
    regular_face = dice.roll(regular_die)
    modifier = reaction_modifier(stance)
    regular_total = regular_face + modifier
    insurgents_first = active_side_wins(insurgent_face, regular_total)
    fog = regular_face == 1
    shown = f"{regular_face}{modifier:+d}={regular_total}" if modifier else f"{regular_face}"
    if insurgents_first:
        verdict = "Insurgents act first"
    elif not succeeds(insurgent_face):
        verdict = "Insurgent roll below 4, Regulars react first"
    elif insurgent_face == regular_total:
        verdict = "tie goes to the Regulars, who react first"
    else:
        verdict = "Regulars roll higher and react first"
    reason = (
        f"Reaction Test: Insurgent {insurgent_die.label} {insurgent_face} vs Regular "
        f"{regular_die.label} {shown} ({stance.value}): {verdict}"
        + ("; natural 1: Fog of War" if fog else "")
    )
    return ReactionTestResult(
        insurgent_die=insurgent_die,
        insurgent_face=insurgent_face,
        regular_die=regular_die,
        regular_face=regular_face,
        regular_modifier=modifier,
        insurgents_first=insurgents_first,
        fog_of_war=fog,
        reason=reason,
    )


@dataclass(frozen=True)
class InterruptCheckResult:
    """An Insurgent Interrupt Check: automatic with a leader, else 4+ on the quality die."""

    automatic: bool
    die: Die | None
    face: int | None
    passed: bool
    reason: str


def insurgent_interrupt_check(
    quality: Quality,
    dice: DiceSource,
    *,
    has_leader: bool,
    pinned: bool = False,
) -> InterruptCheckResult:
    """May an Insurgent unit interrupt? Leader: no roll; else 4+ (Insurgent Interrupt Check)."""
    if has_leader:
        return InterruptCheckResult(
            automatic=True,
            die=None,
            face=None,
            passed=True,
            reason="Interrupt check: a leader is attached, no roll needed",
        )
    result = quality_test(quality, dice, pinned=pinned, purpose="Interrupt check (no leader)")
    return InterruptCheckResult(
        automatic=False,
        die=result.die,
        face=result.face,
        passed=result.passed,
        reason=result.reason,
    )

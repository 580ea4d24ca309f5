"""Exact casualty odds of an attack roll (Rulebook: Making the Attack Roll; R15).

With dice under 4 discarded and the defender pairing optimally, the number of casualties has a
closed form (Hall's theorem; the Defense dice that can answer an attack die are nested):

    casualties = max(0, max over t = 4..top of (attack dice showing t or more
                                              - defense dice showing t or more))

So instead of enumerating up to 12^20 outcomes we sweep the faces from the top down, tracking
how many attack and defense dice have shown so far and the running maximum of that difference.
Each state carries an exact integer count of outcomes (binomial weights: the dice not yet placed
are uniform on the faces still below), so the result is exact; fractions come only at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from game.rules.dice import Die, ScriptedDice
from game.rules.quality import (
    SUCCESS_TARGET,
    Quality,
    ReactionStance,
    quality_test_die,
    reaction_test,
)

MAX_POOL = 10
"""Both the Firepower cap and the Defense cap (Rulebook: The Firepower Cap; The Defense Cap)."""


@dataclass(frozen=True)
class CasualtyOdds:
    """The exact distribution of casualties: `exact[k]` is P(exactly k casualties)."""

    attack_dice: int
    attack_die: Die
    defense_dice: int
    defense_die: Die
    exact: tuple[Fraction, ...]

    @property
    def probabilities(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.exact)

    @property
    def expected_exact(self) -> Fraction:
        return sum((k * p for k, p in enumerate(self.exact)), Fraction(0))

    @property
    def expected(self) -> float:
        return float(self.expected_exact)

    def at_least(self, casualties: int) -> Fraction:
        """P(casualties >= k)."""
        return sum(self.exact[max(casualties, 0) :], Fraction(0))

    @property
    def attack_label(self) -> str:
        return f"{self.attack_dice}{self.attack_die.label}"

    @property
    def defense_label(self) -> str:
        return f"{self.defense_dice}{self.defense_die.label}"


def _check_pool(count: int, die: Die, what: str, minimum: int) -> None:
    if not isinstance(die, Die):
        raise ValueError(f"{what}: not a die type: {die!r} (use d6, d8, d10 or d12)")
    if not minimum <= count <= MAX_POOL:
        raise ValueError(f"{what}: {count} dice is outside {minimum}..{MAX_POOL}")


def casualty_odds(
    attack_dice: int, attack_die: Die, defense_dice: int, defense_die: Die
) -> CasualtyOdds:
    """Exact odds of each number of casualties (Rulebook: Making the Attack Roll; R15).

    Pools of 0 to 10 dice on either side (0 attack dice: nothing happens; 0 defense dice: every
    attack die of 4+ is a casualty).
    """
    _check_pool(attack_dice, attack_die, "attack", 0)
    _check_pool(defense_dice, defense_die, "defense", 0)
    counts = _outcome_counts(attack_dice, int(attack_die), defense_dice, int(defense_die))
    total = int(attack_die) ** attack_dice * int(defense_die) ** defense_dice
    return CasualtyOdds(
        attack_dice=attack_dice,
        attack_die=attack_die,
        defense_dice=defense_dice,
        defense_die=defense_die,
        exact=tuple(Fraction(c, total) for c in counts),
    )


_BINOMIAL = tuple(tuple(comb(r, i) for i in range(r + 1)) for r in range(MAX_POOL + 1))


@lru_cache(maxsize=1024)
def _outcome_counts(n: int, attack_sides: int, m: int, defense_sides: int) -> tuple[int, ...]:
    """How many of the attack_sides^n * defense_sides^m outcomes give each casualty count."""
    counts = [0] * (n + 1)
    # State: (attack dice placed at faces >= t, defense dice placed at faces >= t, running max of
    # their difference, floored at 0) -> number of ways so far.
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for face in range(max(attack_sides, defense_sides), SUCCESS_TARGET - 1, -1):
        if face <= attack_sides:
            stepped: dict[tuple[int, int, int], int] = {}
            get = stepped.get
            for (a, d, best), ways in states.items():
                row = _BINOMIAL[n - a]
                for i, weight in enumerate(row):
                    key = (a + i, d, best)
                    stepped[key] = get(key, 0) + ways * weight
            states = stepped
        stepped = {}
        get = stepped.get
        defense_rolls_here = face <= defense_sides
        below = face - 1
        attack_below = min(below, attack_sides)
        defense_below = min(below, defense_sides)
        for (a, d, best), ways in states.items():
            row = _BINOMIAL[m - d] if defense_rolls_here else _BINOMIAL[0]
            for j, weight in enumerate(row):
                gap = a - d - j
                top = best if best >= gap else gap
                if top >= n - d - j:
                    # The running maximum can no longer be beaten, even if every remaining attack
                    # die rolls high and no defense die does: count all completions at once.
                    counts[top] += (
                        ways * weight * attack_below ** (n - a) * defense_below ** (m - d - j)
                    )
                else:
                    key = (a, d + j, top)
                    stepped[key] = get(key, 0) + ways * weight
        states = stepped
    low_faces = SUCCESS_TARGET - 1
    for (a, d, best), ways in states.items():
        counts[best] += ways * low_faces ** (n - a) * low_faces ** (m - d)
    return tuple(counts)


def attack_odds_text(odds: CasualtyOdds) -> str:
    """A readable table of the odds: P(k), P(at least k), and the expected casualties."""
    lines = [
        f"Attack {odds.attack_label} vs Defense {odds.defense_label}",
        f"{'casualties':>10}  {'exactly':>9}  {'at least':>9}",
    ]
    for k, p in enumerate(odds.exact):
        lines.append(f"{k:>10}  {float(p):>9.2%}  {float(odds.at_least(k)):>9.2%}")
    lines.append(f"expected casualties: {odds.expected:.3f}")
    return "\n".join(lines)


@lru_cache(maxsize=512)
def reaction_odds(
    insurgent_quality: Quality,
    regular_quality: Quality,
    *,
    stance: ReactionStance,
    insurgent_pinned: bool = False,
    regular_pinned: bool = False,
) -> Fraction:
    """The exact chance that the Insurgents act first in a Reaction Test (Rulebook: The Reaction
    Test; R12-R14): every pair of faces is put through `quality.reaction_test` itself, so the
    odds can never disagree with the roll (for the interrupt-risk preview, issue 22)."""
    insurgent_die = quality_test_die(insurgent_quality, pinned=insurgent_pinned)
    regular_die = quality_test_die(regular_quality, pinned=regular_pinned)
    wins = 0
    for ins_face in range(1, int(insurgent_die) + 1):
        for reg_face in range(1, int(regular_die) + 1):
            result = reaction_test(
                insurgent_quality,
                regular_quality,
                ScriptedDice([(insurgent_die, ins_face), (regular_die, reg_face)]),
                stance=stance,
                insurgent_pinned=insurgent_pinned,
                regular_pinned=regular_pinned,
            )
            wins += result.insurgents_first
    return Fraction(wins, int(insurgent_die) * int(regular_die))

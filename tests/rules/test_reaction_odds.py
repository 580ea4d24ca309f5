"""Exact Reaction Test odds (Rulebook: The Reaction Test; R12-R14), for the interrupt-risk
preview of issue 22: counted by hand for small dice, and equal to the frequency of the roll."""

from __future__ import annotations

from fractions import Fraction

from game.rules.dice import SeededDice
from game.rules.odds import reaction_odds
from game.rules.quality import Quality, ReactionStance, reaction_test


def test_the_reaction_test_d6_insurgents_against_cautious_d8_regulars_win_3_in_16() -> None:
    # Insurgent 4 beats a Regular 1-2 (+1 Cautious), 5 beats 1-3, 6 beats 1-4: 9 of 48 pairs
    odds = reaction_odds(Quality.UNTRAINED, Quality.TRAINED, stance=ReactionStance.CAUTIOUS)
    assert odds == Fraction(3, 16)


def test_the_reaction_test_rapid_movement_and_pinned_regulars_favour_the_insurgents() -> None:
    # Rapid: -1. Pinned d8 throws d6. Insurgent d6: 4 beats 1-4 (total <4), 5 beats 1-5, 6 all
    odds = reaction_odds(
        Quality.UNTRAINED, Quality.TRAINED, stance=ReactionStance.RAPID, regular_pinned=True
    )
    assert odds == Fraction(4 + 5 + 6, 36)


def test_the_reaction_test_odds_match_ten_thousand_seeded_rolls() -> None:
    dice = SeededDice(22)
    wins = sum(
        reaction_test(
            Quality.TRAINED, Quality.VETERAN, dice, stance=ReactionStance.STATIONARY
        ).insurgents_first
        for _ in range(10000)
    )
    exact = reaction_odds(Quality.TRAINED, Quality.VETERAN, stance=ReactionStance.STATIONARY)
    assert abs(wins / 10000 - float(exact)) < 0.015

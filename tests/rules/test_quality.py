"""Troop Quality, Morale and the roll mechanics built on them (rulebook sections in each test)."""

import pytest

from game.rules.dice import Die, ScriptedDice
from game.rules.quality import (
    Morale,
    Quality,
    ReactionStance,
    active_side_wins,
    insurgent_interrupt_check,
    opposed_roll,
    quality_test,
    quality_test_die,
    reaction_modifier,
    reaction_test,
    succeeds,
)


def test_troop_quality_dice_ranges_and_targets() -> None:
    # Rulebook: Troop Quality Dice; Optimum Ranges; Splitting Fire (Targets Engaged by Quality).
    table = {q: (q.die, q.optimum_range, q.max_targets) for q in Quality}
    assert table == {
        Quality.UNTRAINED: (Die.D6, 6, 1),
        Quality.TRAINED: (Die.D8, 8, 2),
        Quality.VETERAN: (Die.D10, 10, 3),
        Quality.ELITE: (Die.D12, 12, 4),
    }


def test_morale_rating_dice() -> None:
    # Rulebook: Morale Ratings Dice.
    assert [m.die for m in (Morale.LOW, Morale.AVERAGE, Morale.GOOD, Morale.HIGH)] == [
        Die.D6,
        Die.D8,
        Die.D10,
        Die.D12,
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("trained", Quality.TRAINED),
        ("Elite", Quality.ELITE),
        ("d10", Quality.VETERAN),
        ("6", Quality.UNTRAINED),
    ],
)
def test_quality_parse_reads_names_and_dice(text: str, expected: Quality) -> None:
    assert Quality.parse(text) == expected


def test_quality_and_morale_parse_reject_garbage_with_the_text() -> None:
    with pytest.raises(ValueError, match="'superb'"):
        Quality.parse("superb")
    with pytest.raises(ValueError, match="'d7'"):
        Morale.parse("d7")
    assert Morale.parse("good") is Morale.GOOD


def test_universal_mechanic_needs_four_or_more() -> None:
    # Rulebook: The (Nearly) Universal Mechanic.
    assert [succeeds(n) for n in range(1, 7)] == [False, False, False, True, True, True]


@pytest.mark.parametrize(
    ("active", "defender", "wins"),
    [(4, 3, True), (4, 4, False), (5, 4, True), (3, 1, False), (6, 7, False), (12, 11, True)],
)
def test_r13_opposed_roll_needs_four_and_strictly_higher(
    active: int, defender: int, wins: bool
) -> None:
    assert active_side_wins(active, defender) is wins


def test_r13_opposed_roll_tie_goes_to_defender_and_rolls_active_first() -> None:
    dice = ScriptedDice([(Die.D10, 5), (Die.D8, 5)])
    result = opposed_roll(Die.D10, Die.D8, dice)
    assert (result.active_face, result.defender_face, result.active_wins) == (5, 5, False)
    assert "tie" in result.reason
    modified = opposed_roll(Die.D6, Die.D6, ScriptedDice([3, 3]), active_modifier=1)
    assert modified.active_total == 4 and modified.active_wins


def test_r12_pinned_quality_test_throws_one_die_type_lower_never_below_d6() -> None:
    assert quality_test_die(Quality.VETERAN, pinned=True) is Die.D8
    assert quality_test_die(Quality.UNTRAINED, pinned=True) is Die.D6
    assert quality_test_die(Quality.TRAINED, shift=1) is Die.D10
    result = quality_test(Quality.TRAINED, ScriptedDice([(Die.D6, 4)]), pinned=True)
    assert result.passed and result.die is Die.D6 and result.face == 4
    assert "Pinned" in result.reason


def test_quality_test_fails_below_four() -> None:
    result = quality_test(Quality.ELITE, ScriptedDice([(Die.D12, 3)]))
    assert not result.passed and result.total == 3


def test_r14_reaction_modifiers_do_not_stack() -> None:
    # Rulebook: The Reaction Test; Halted or on Overwatch; Cautious Movement; Rapid Movement.
    assert {s: reaction_modifier(s) for s in ReactionStance} == {
        ReactionStance.OVERWATCH: 1,
        ReactionStance.STATIONARY: 1,
        ReactionStance.CAUTIOUS: 1,
        ReactionStance.RAPID: -1,
        ReactionStance.NONE: 0,
    }


def test_reaction_test_insurgents_first_only_on_four_plus_and_higher() -> None:
    # Rulebook: The Reaction Test. Insurgent die rolled first, then the Regular's.
    won = reaction_test(
        Quality.UNTRAINED,
        Quality.TRAINED,
        ScriptedDice([(Die.D6, 5), (Die.D8, 3)]),
        stance=ReactionStance.CAUTIOUS,
    )
    assert won.insurgents_first and won.regular_total == 4 and won.regular_modifier == 1
    tie = reaction_test(
        Quality.UNTRAINED,
        Quality.TRAINED,
        ScriptedDice([(Die.D6, 5), (Die.D8, 4)]),
        stance=ReactionStance.CAUTIOUS,
    )
    assert not tie.insurgents_first and tie.regulars_first
    low = reaction_test(
        Quality.UNTRAINED,
        Quality.TRAINED,
        ScriptedDice([(Die.D6, 3), (Die.D8, 1)]),
        stance=ReactionStance.RAPID,
    )
    assert not low.insurgents_first and low.regular_total == 0


def test_reaction_test_rapid_movement_costs_the_regulars_the_tie() -> None:
    result = reaction_test(
        Quality.VETERAN, Quality.VETERAN, ScriptedDice([6, 6]), stance=ReactionStance.RAPID
    )
    assert result.insurgents_first and result.regular_total == 5


def test_reaction_tests_and_fog_of_war_natural_one_flags_a_card() -> None:
    # Rulebook: Reaction Tests and Fog of War (Veteran Regular rolls a 1 on its d10).
    result = reaction_test(
        Quality.UNTRAINED,
        Quality.VETERAN,
        ScriptedDice([(Die.D6, 2), (Die.D10, 1)]),
        stance=ReactionStance.OVERWATCH,
    )
    assert result.fog_of_war and result.regular_total == 2 and not result.insurgents_first
    assert "Fog of War" in result.reason
    plain = reaction_test(
        Quality.UNTRAINED, Quality.VETERAN, ScriptedDice([1, 2]), stance=ReactionStance.NONE
    )
    assert not plain.fog_of_war  # only the Regular's natural 1 counts


def test_reaction_test_pinned_sides_throw_lower_dice() -> None:
    dice = ScriptedDice([(Die.D8, 4), (Die.D6, 2)])
    result = reaction_test(
        Quality.VETERAN,
        Quality.TRAINED,
        dice,
        stance=ReactionStance.NONE,
        insurgent_pinned=True,
        regular_pinned=True,
    )
    assert result.insurgent_die is Die.D8 and result.regular_die is Die.D6
    assert result.insurgents_first


def test_insurgent_interrupt_check_with_leader_rolls_nothing() -> None:
    # Rulebook: Insurgent Interrupt Check. An empty script raises if any die is asked for.
    dice = ScriptedDice([])
    result = insurgent_interrupt_check(Quality.UNTRAINED, dice, has_leader=True)
    assert result.passed and result.automatic and result.face is None


@pytest.mark.parametrize(("face", "passed"), [(3, False), (4, True)])
def test_insurgent_interrupt_check_without_leader_needs_four(face: int, passed: bool) -> None:
    dice = ScriptedDice([(Die.D8, face)])
    result = insurgent_interrupt_check(Quality.TRAINED, dice, has_leader=False)
    assert result.passed is passed and not result.automatic and result.face == face
    assert dice.remaining == ()

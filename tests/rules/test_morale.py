"""Rulebook: Morale; Morale Check Points; Morale Effects; Pinned, Pull Back, Shrink, Shaken."""

import pytest

from game.rules.casualties import HitCategory
from game.rules.dice import Die, ScriptedDice
from game.rules.morale import (
    MoraleCheck,
    MoraleTrigger,
    RegularMoraleEffect,
    check_unit_morale,
    insurgent_morale_effect,
    insurgent_morale_triggers,
    regular_morale_effect,
    regular_morale_triggers,
    roll_morale_check,
    shaken_morale,
    shrinkage,
)
from game.rules.quality import Morale, Quality
from game.rules.units import Figure, FigureStatus, Role, Side, Unit, Weapon

LDR, GUN, RIF = HitCategory.LEADER, HitCategory.SPECIAL, HitCategory.OTHER


def check(die: Die, *faces: int, modifier: int = 0) -> MoraleCheck:
    return MoraleCheck(die, faces, modifier)


def test_morale_check_rolls_one_die_per_figure_and_counts_4_plus() -> None:
    result = roll_morale_check(4, Morale.GOOD, ScriptedDice([(Die.D10, f) for f in (1, 4, 9, 3)]))
    assert (result.successes, result.failures, result.passed) == (2, 2, False)


def test_higher_leader_adds_one_to_each_morale_die() -> None:
    # Rulebook: Leaders — a 3 becomes a 4, so 3 of 4 dice succeed
    faces = [(Die.D8, f) for f in (3, 3, 2, 5)]
    result = roll_morale_check(4, Morale.AVERAGE, ScriptedDice(faces), higher_leader=True)
    assert result.totals == (4, 4, 3, 6)
    assert (result.successes, result.failures, result.passed) == (3, 1, True)


def test_morale_check_needs_a_figure() -> None:
    with pytest.raises(ValueError, match="at least one figure"):
        roll_morale_check(0, Morale.LOW, ScriptedDice([]))


@pytest.mark.parametrize(
    ("faces", "pinned_before", "solid", "effect"),
    [
        ((4, 5, 1), False, False, RegularMoraleEffect.STAND),
        ((4, 5, 1, 2), False, False, RegularMoraleEffect.PINNED),  # a tie pins
        ((1, 2, 6), False, False, RegularMoraleEffect.PINNED),
        ((1, 2, 6), True, False, RegularMoraleEffect.PULL_BACK),
        ((1, 2, 6), True, True, RegularMoraleEffect.PINNED),
        ((6, 6, 1), True, False, RegularMoraleEffect.STAND),
    ],
)
def test_r26_regular_morale_effects(
    faces: tuple[int, ...], pinned_before: bool, solid: bool, effect: RegularMoraleEffect
) -> None:
    got = regular_morale_effect(
        check(Die.D8, *faces), pinned_this_turn=pinned_before, in_solid_cover=solid
    )
    assert got is effect


def test_r26_pull_back_vs_already_in_solid_cover() -> None:
    failed = check(Die.D10, 1, 1, 3, 7)
    exposed = regular_morale_effect(failed, pinned_this_turn=True, in_solid_cover=False)
    covered = regular_morale_effect(failed, pinned_this_turn=True, in_solid_cover=True)
    assert (exposed, covered) == (RegularMoraleEffect.PULL_BACK, RegularMoraleEffect.PINNED)


def test_insurgent_stand_still_shrinks_on_ones() -> None:
    outcome = insurgent_morale_effect(check(Die.D10, 1, 8, 9, 5, 6), [RIF] * 5, Morale.GOOD)
    assert outcome.stands and outcome.morale is Morale.GOOD
    assert len(outcome.shrunk) == 1


def test_insurgent_shaken_drops_one_die_type() -> None:
    outcome = insurgent_morale_effect(check(Die.D10, 2, 3, 9, 5), [RIF] * 4, Morale.GOOD)
    assert outcome.shaken and outcome.morale is Morale.AVERAGE and not outcome.broken


def test_r11_shaken_below_d6_breaks_the_unit() -> None:
    outcome = insurgent_morale_effect(check(Die.D6, 2, 3, 4), [RIF] * 3, Morale.LOW)
    assert outcome.shaken and outcome.broken and outcome.morale is None
    assert shaken_morale(Morale.LOW) is None
    assert shaken_morale(Morale.HIGH) is Morale.GOOD


def test_shrink_never_takes_a_leader() -> None:
    # three 1s, but only one plain figure and no gunner: the two leaders stay
    assert shrinkage([LDR, RIF, LDR], 3) == (1,)


def test_shrink_takes_support_weapons_last() -> None:
    categories = [LDR, GUN, RIF, RIF, GUN]
    assert shrinkage(categories, 2) == (3, 2)
    assert shrinkage(categories, 3) == (3, 2, 4)
    assert shrinkage(categories, 6) == (3, 2, 4, 1)


def test_shrink_counts_natural_ones_only() -> None:
    modified = check(Die.D6, 1, 1, 5, modifier=1)
    assert modified.natural_ones == 2


def test_insurgent_morale_check_points() -> None:
    assert insurgent_morale_triggers(has_leader=True, fired_upon=True) == ()
    assert insurgent_morale_triggers(has_leader=False, fired_upon=True) == (
        MoraleTrigger.LEADERLESS_FIRED_UPON,
    )
    assert insurgent_morale_triggers(has_leader=True, took_casualties=True) == (
        MoraleTrigger.TOOK_CASUALTIES,
    )
    assert insurgent_morale_triggers(has_leader=True, air_or_artillery_within_6=True)


def test_r25_two_triggers_in_one_fire_resolution_still_one_check() -> None:
    triggers = insurgent_morale_triggers(has_leader=False, fired_upon=True, took_casualties=True)
    assert len(triggers) == 2  # both reasons are reported for the log ...
    unit = insurgent_unit(3)
    dice = ScriptedDice([(Die.D10, 5), (Die.D10, 6), (Die.D10, 7), (Die.D10, 1)])
    check_unit_morale(unit, dice)  # ... and the engine rolls one check: 3 dice, not 6
    assert len(dice.remaining) == 1


def test_regular_morale_check_points_and_none_in_close_combat() -> None:
    assert regular_morale_triggers(took_casualties=True) == (MoraleTrigger.TOOK_CASUALTIES,)
    assert regular_morale_triggers(ied_within_10=True) == (MoraleTrigger.IED_NEARBY,)
    assert regular_morale_triggers(hurt_civilian=True) == (MoraleTrigger.HURT_CIVILIAN,)
    assert regular_morale_triggers() == ()
    assert regular_morale_triggers(took_casualties=True, in_close_assault_combat=True) == ()


def insurgent_unit(riflemen: int, *, leader: bool = False, morale: Morale = Morale.GOOD) -> Unit:
    figures = [Figure(f"r{i}") for i in range(riflemen)]
    if leader:
        figures.insert(0, Figure("boss", role=Role.INSURGENT_LEADER))
    return Unit("ins", Side.INSURGENT, Quality.UNTRAINED, morale, tuple(figures))


def test_unit_check_shrinks_named_figures_gunner_last() -> None:
    unit = Unit(
        "ins",
        Side.INSURGENT,
        Quality.UNTRAINED,
        Morale.GOOD,
        (
            Figure("boss", role=Role.INSURGENT_LEADER),
            Figure("saw", weapon=Weapon.LIGHT_SUPPORT),
            Figure("a"),
        ),
    )
    # the leader's Morale (d10, unit rating) is rolled; two 1s: "a" then the gunner go
    result = check_unit_morale(unit, ScriptedDice([(Die.D10, 1), (Die.D10, 1), (Die.D10, 9)]))
    assert result.insurgent_outcome is not None and result.insurgent_outcome.shaken
    assert result.removed_figure_ids == ("saw", "a")


def test_unit_check_broken_insurgents_all_leave() -> None:
    unit = insurgent_unit(2, leader=True, morale=Morale.LOW)
    result = check_unit_morale(unit, ScriptedDice([(Die.D6, 2), (Die.D6, 3), (Die.D6, 5)]))
    assert result.insurgent_outcome is not None and result.insurgent_outcome.broken
    assert set(result.removed_figure_ids) == {"boss", "r0", "r1"}


def test_regular_unit_check_uses_squad_leader_bonus_and_skips_wounded() -> None:
    unit = Unit(
        "m",
        Side.REGULAR,
        Quality.TRAINED,
        Morale.AVERAGE,
        (
            Figure("sql", role=Role.LEADER),
            Figure("a"),
            Figure("b"),
            Figure("hit", status=FigureStatus.CASUALTY),
        ),
    )
    dice = ScriptedDice([(Die.D8, 3), (Die.D8, 3), (Die.D8, 1)])
    result = check_unit_morale(unit, dice, pinned_this_turn=True)
    assert result.check.totals == (4, 4, 2)
    assert result.regular_effect is RegularMoraleEffect.STAND
    assert dice.remaining == () and result.removed_figure_ids == ()

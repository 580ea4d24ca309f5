"""The attack roll: optimal defender pairing (Rulebook: Making the Attack Roll; R15)."""

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.combat import casualties_from_rolls, pair_attack, resolve_fire
from game.rules.dice import Die, ScriptedDice
from game.rules.firepower import Defense, Firepower


def test_r15_making_the_attack_roll_example() -> None:
    # Marines' 7d10: 10, 9, 7, 5, 4 (+ a 3 and a 1 discarded) vs Fedayeen 4d8: 8, 5, 4, 4.
    attack = [10, 9, 7, 5, 4, 3, 1]
    defense = [8, 5, 4, 4]
    assert casualties_from_rolls(attack, defense) == 2
    pairing = pair_attack(attack, defense)
    assert pairing.hits == (10, 9)
    assert pairing.cancelled == ((7, 8), (5, 5), (4, 4))
    assert pairing.attack_discarded == (3, 1)
    assert pairing.unused_defense == (4,)
    assert pairing.describe().startswith("10-X, 9-X, 7-8, 5-5, 4-4: 2 casualties")


def test_defense_dice_under_four_are_discarded_and_ties_cancel() -> None:
    assert casualties_from_rolls([4], [3]) == 1
    assert casualties_from_rolls([4], [4]) == 0  # equal is enough
    assert casualties_from_rolls([6], [5]) == 1
    assert casualties_from_rolls([3, 2, 1], []) == 0  # nothing of 4+ to answer


def test_fire_at_units_with_dependants_example_counts_failures() -> None:
    # Marines' Defense 1, 2, 3, 4 against Insurgent Firepower 2, 3, 5, 6: 2 casualties, and the
    # failures outnumber the successes (one of the two must fall on a Dependant).
    pairing = pair_attack([2, 3, 5, 6], [1, 2, 3, 4])
    assert pairing.casualties == 2
    assert (pairing.defense_failures, pairing.defense_successes) == (3, 1)


def _brute_force_cancellations(attack: list[int], defense: list[int]) -> int:
    kept_attack = [a for a in attack if a >= 4]
    kept_defense = [d for d in defense if d >= 4]
    best = 0
    # Try every assignment of defense dice to attack dice; zeros stand for "no defense die here".
    padded = kept_defense + [0] * max(0, len(kept_attack) - len(kept_defense))
    for order in set(permutations(padded)):
        cancelled = sum(1 for a, d in zip(kept_attack, order, strict=False) if d >= a)
        best = max(best, cancelled)
    return len(kept_attack) - best


@settings(max_examples=300, deadline=None)
@given(
    attack=st.lists(st.integers(1, 12), max_size=6),
    defense=st.lists(st.integers(1, 12), max_size=6),
)
def test_r15_greedy_pairing_equals_brute_force(attack: list[int], defense: list[int]) -> None:
    assert casualties_from_rolls(attack, defense) == _brute_force_cancellations(attack, defense)


@settings(max_examples=200, deadline=None)
@given(
    attack=st.lists(st.integers(1, 12), max_size=10),
    defense=st.lists(st.integers(1, 12), max_size=10),
)
def test_pairing_is_consistent(attack: list[int], defense: list[int]) -> None:
    pairing = pair_attack(attack, defense)
    assert all(d >= a >= 4 for a, d in pairing.cancelled)
    assert sorted(
        [a for a, _ in pairing.cancelled] + list(pairing.hits + pairing.attack_discarded)
    ) == sorted(attack)
    used = [d for _, d in pairing.cancelled] + list(
        pairing.unused_defense + pairing.defense_discarded
    )
    assert sorted(used) == sorted(defense)
    # Optimality certificate: no unused defense die could have answered a hit.
    assert not any(u >= h for u in pairing.unused_defense for h in pairing.hits)


def test_resolve_fire_rolls_attack_then_defense() -> None:
    fp = Firepower(dice=3, die=Die.D10, items=(("3 figures", 3),))
    df = Defense(dice=2, die=Die.D6, items=(("2 figures", 2),))
    dice = ScriptedDice([(Die.D10, 9), (Die.D10, 4), (Die.D10, 2), (Die.D6, 6), (Die.D6, 4)])
    result = resolve_fire(fp, df, dice)
    assert result.attack_faces == (9, 4, 2) and result.defense_faces == (6, 4)
    assert result.casualties == 1 and result.pairing.hits == (9,)
    assert "3d10 rolled [9, 4, 2] vs 2d6 rolled [6, 4]" in result.reason
    assert dice.remaining == ()


def test_resolve_fire_that_cannot_fire_rolls_nothing() -> None:
    fp = Firepower(dice=0, die=Die.D8, items=(("1 figure", 1), ("Dependants", -1)))
    df = Defense(dice=4, die=Die.D8, items=(("4 figures", 4),))
    result = resolve_fire(fp, df, ScriptedDice([]))
    assert result.casualties == 0 and result.attack_faces == () and result.defense_faces == ()


def test_log_words_agree_with_their_counts() -> None:
    """The log reads "1 casualty", "1 success, 2 failures", never "1 casualties"."""
    from game.rules.wording import counted

    assert counted(1, "casualty", "casualties") == "1 casualty"
    assert counted(0, "casualty", "casualties") == "0 casualties"
    assert counted(1, "failure") == "1 failure" and counted(3, "failure") == "3 failures"
    one_hit = pair_attack((6,), (1,))
    assert one_hit.describe().endswith(": 1 casualty (discarded under 4: 1)")

"""The rules core's speed-ups give the answers it gave before (issue 15, the game's speed):
Firepower and Defense remembered on the frozen unit, the dice's `roll_many` written out in one
loop, `Die.shifted` read from a table, a unit's duplicate-id check."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.rules import firepower as fp
from game.rules.dice import Die, SeededDice
from game.rules.firepower import FireConditions, defense, firepower
from game.rules.quality import Morale, Quality
from game.rules.units import DependantKind, Figure, FigureStatus, Side, Unit, Weapon

CONDITIONS = [
    FireConditions(),
    FireConditions(distance=4.0),
    FireConditions(distance=30.0, target_exposed=True),
    FireConditions(distance=0.0, vs_close_assault=True, interruptions=3),
    FireConditions(distance=12.0, night=True, firer_moved_rapidly=True),
]


def fireteam() -> Unit:
    figures = (
        Figure("a1"),
        Figure("a2"),
        Figure("a3", quality=Quality.UNTRAINED),
        Figure("saw", weapon=Weapon.LIGHT_SUPPORT, weapon_name="SAW"),
    )
    return Unit("R1", Side.REGULAR, Quality.TRAINED, Morale.GOOD, figures)


def fresh_firepower(unit: Unit, conditions: FireConditions, team_bonus: bool = True) -> object:
    return fp._firepower(unit, conditions, None, team_bonus)


def test_firepower_is_worked_out_once_per_unit_and_conditions_and_is_the_same_answer() -> None:
    unit = fireteam()
    for conditions in CONDITIONS:
        for bonus in (True, False):
            first = firepower(unit, conditions, team_bonus=bonus)
            assert firepower(unit, conditions, team_bonus=bonus) is first  # remembered
            assert first == fresh_firepower(unit, conditions, bonus)
    near, far = firepower(unit, CONDITIONS[1]), firepower(unit, CONDITIONS[2])
    assert (near.dice, far.dice) == (6, 6)  # 4 figures + SAW 1 + Optimum Range / Exposed
    assert "Optimum Range" in near.reason and "Optimum Range" not in far.reason


def test_a_changed_unit_is_asked_afresh_never_answered_from_the_old_one() -> None:
    unit = fireteam()
    before = firepower(unit, CONDITIONS[1])
    guarded = defense(unit, in_cover=True)
    hit = unit.with_figure_status("saw", FigureStatus.CASUALTY)  # a new (frozen) unit
    after = firepower(hit, CONDITIONS[1])
    assert (before.dice, after.dice) == (6, 4)  # the SAW gunner and his die are gone
    assert after == fresh_firepower(hit, CONDITIONS[1])
    assert (guarded.dice, defense(hit, in_cover=True).dice) == (5, 4)
    escorting = unit.with_dependants(DependantKind.CIVILIAN, 1)
    assert firepower(escorting, CONDITIONS[1]).dice == 5  # Dependants: a die off
    shaken = replace(unit, base_quality=Quality.UNTRAINED)
    assert firepower(shaken, CONDITIONS[0]).die is Die.D6
    assert firepower(unit, CONDITIONS[0]).die is Die.D8


def test_split_fire_portions_are_never_taken_for_the_whole_unit() -> None:
    unit = fireteam()
    whole = firepower(unit, CONDITIONS[1])
    portion = firepower(unit, CONDITIONS[1], figure_ids=["a1", "a2"])
    assert (whole.dice, portion.dice) == (6, 3)
    assert firepower(unit, CONDITIONS[1]) is whole


def test_defense_is_remembered_by_every_argument() -> None:
    unit = fireteam()
    answers = {}
    for in_cover in (False, True):
        for solid in (False, True):
            for charging in (False, True):
                for extra in ((), (("card", 1),)):
                    got = defense(
                        unit, in_cover=in_cover, solid_cover=solid, charging=charging, extra=extra
                    )
                    assert got == fp._defense(unit, in_cover, solid, charging, extra)
                    answers[(in_cover, solid, charging, extra)] = got.dice
    assert answers[(False, False, False, ())] == 4
    assert answers[(True, True, False, (("card", 1),))] == 7
    assert answers[(False, False, True, ())] == 3
    as_list = defense(unit, extra=[("card", 1)])  # type: ignore[arg-type]
    assert as_list.dice == 5


def test_the_memo_of_a_unit_stays_small() -> None:
    unit = fireteam()
    for k in range(fp.MEMO_ANSWERS * 2 + 3):
        got = firepower(unit, FireConditions(distance=k / 4))
        assert got == fresh_firepower(unit, FireConditions(distance=k / 4))
    assert 0 < len(unit.rules_memo) <= fp.MEMO_ANSWERS


def test_roll_many_rolls_the_faces_roll_would_in_the_same_order() -> None:
    for seed in (0, 1, 2**64 - 1, 20261128):
        many, one = SeededDice(seed), SeededDice(seed)
        for die in Die:
            for count in (0, 1, 2, 7, 25):
                faces = many.roll_many(die, count)
                assert faces == tuple(one.roll(die) for _ in range(count))
                assert all(1 <= face <= int(die) for face in faces)
                assert many.get_state() == one.get_state()


def test_die_shifts_step_along_the_die_types() -> None:
    order = [Die.D6, Die.D8, Die.D10, Die.D12]
    for k, die in enumerate(order):
        for steps in range(-5, 6):
            expected = None if k + steps < 0 else order[min(k + steps, 3)]
            assert die.shifted(steps) is expected
    assert Die.D8.shift_for_quality(-3) is Die.D6


def test_a_unit_still_refuses_a_figure_id_used_twice() -> None:
    figures = (Figure("a"), Figure("b"), Figure("a"))
    with pytest.raises(ValueError, match="figure ids used twice: a"):
        Unit("R1", Side.REGULAR, Quality.TRAINED, Morale.GOOD, figures)

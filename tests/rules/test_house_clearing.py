"""Rulebook: Special Rules, House Clearing (Clearance Modifiers, Stacking, Building Clearance
Table); rulings R241-R243."""

import pytest

from game.rules.dice import Die, ScriptedDice
from game.rules.house_clearing import (
    ClearanceRow,
    clearance_modifiers,
    clearance_row,
    hostiles_possible,
    roll_clearance,
)
from game.rules.reinforcements import AUTOMATIC


@pytest.mark.parametrize(
    ("total", "row"),
    [
        (-2, ClearanceRow(2, cleared=False, loses_next_turn=False)),
        (-1, ClearanceRow(2, cleared=False, loses_next_turn=False)),
        (0, ClearanceRow(2, cleared=True, loses_next_turn=False)),
        (1, ClearanceRow(1, cleared=True, loses_next_turn=False)),
        (2, ClearanceRow(0, cleared=True, loses_next_turn=True)),
        (9, ClearanceRow(0, cleared=True, loses_next_turn=True)),
    ],
)
def test_r243_building_clearance_table_rows(total: int, row: ClearanceRow) -> None:
    assert clearance_row(total) == row


def test_clearance_modifiers_are_cumulative_for_a_stacked_squad_with_its_leader() -> None:
    mods = clearance_modifiers(figures=10, higher_leader=True, stacked=True, specialists=True)
    assert sum(v for _, v in mods) == 1 + 2 + 1 + 1
    assert ("stacked the turn before", 1) in mods


def test_clearance_modifiers_small_team_that_did_not_stack_is_minus_two() -> None:
    mods = clearance_modifiers(figures=3, higher_leader=False, stacked=False)
    assert mods == (("did not stack", -1), ("only 3 figures", -1))


def test_r242_four_figures_get_neither_the_five_bonus_nor_the_small_team_penalty() -> None:
    mods = clearance_modifiers(figures=4, higher_leader=False, stacked=True)
    assert mods == (("stacked the turn before", 1),)
    assert sum(v for _, v in clearance_modifiers(figures=9, higher_leader=False, stacked=True)) == 2


@pytest.mark.parametrize(
    ("face", "level", "possible"),
    [(4, "4", True), (5, "4", False), (1, "0", False), (6, AUTOMATIC, True), (3, 2, False)],
)
def test_r241_first_roll_at_or_under_the_insurgency_level(
    face: int, level: str | int, possible: bool
) -> None:
    assert hostiles_possible(face, level) is possible


def test_house_clearing_step_3_roll_above_the_level_clears_without_a_quality_roll() -> None:
    dice = ScriptedDice([(Die.D6, 5)])  # no second die may be asked for
    result = roll_clearance(
        dice, "4", Die.D8, clearance_modifiers(figures=4, higher_leader=False, stacked=False)
    )
    assert result.empty and result.row.cleared and result.row.potential_casualties == 0
    assert result.total is None and not result.row.loses_next_turn


def test_house_clearing_step_4_quality_roll_with_modifiers_reads_the_table() -> None:
    # a d8 fireteam of 4 that did not stack rolls 1 on the Quality die: 1 - 1 = 0, two potential
    # casualties, building cleared
    dice = ScriptedDice([(Die.D6, 2), (Die.D8, 1)])
    mods = clearance_modifiers(figures=4, higher_leader=False, stacked=False)
    result = roll_clearance(dice, "4", Die.D8, mods)
    assert result.quality_face == 1 and result.total == 0
    assert result.row == ClearanceRow(2, cleared=True, loses_next_turn=False)

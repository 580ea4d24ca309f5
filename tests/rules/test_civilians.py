"""Rulebook: Civilians on the Battlefield (Regulars and Civilian Mobs, Insurgent Leaders and
Civilian Mobs); solo rules: the Civilians table and its Insurgency Level changes (R230-R235)."""

import pytest

from game.rules.civilians import (
    ARMED_MOB_TABLE,
    CivilianRow,
    MobSituation,
    civilian_casualty_check,
    civilians_row,
    disperse_check,
    influence_check,
    insurgency_shift,
    line_through_mob,
    manipulated_spot,
    mob_walk,
    mobs_near_line,
    path_through_mob,
    roll_armed_mob,
    shifted_level,
)
from game.rules.dice import Die, ScriptedDice

MOB = (10.0, 10.0)


# -- the solo Civilians table, row by row ---------------------------------------------------------


def test_civilians_table_row_regular_in_sight_moves_towards_the_nearest_regular() -> None:
    s = MobSituation(regulars_in_sight=((10.0, 30.0), (20.0, 10.0)), insurgents_in_sight=((9, 9),))
    order = civilians_row(MOB, s)
    assert order.row == CivilianRow.REGULAR_IN_SIGHT
    assert order.target == (20.0, 10.0)


def test_civilians_table_row_insurgent_in_sight_when_no_regular_is() -> None:
    s = MobSituation(insurgents_in_sight=((0.0, 10.0), (10.0, 14.0)), objectives=((5, 5),))
    order = civilians_row(MOB, s)
    assert order.row == CivilianRow.INSURGENT_IN_SIGHT
    assert order.target == (10.0, 14.0)


def test_civilians_table_row_no_unit_in_sight_heads_for_the_nearest_regular_objective() -> None:
    order = civilians_row(MOB, MobSituation(objectives=((10.0, 24.0), (10.0, 0.0))))
    assert order.row == CivilianRow.OBJECTIVE
    assert order.target == (10.0, 0.0)


def test_civilians_table_row_combat_within_six_inches_when_nothing_else_applies_r76() -> None:
    s = MobSituation(combats=((14.0, 10.0), (10.0, 17.0)))
    order = civilians_row(MOB, s)
    assert order.row == CivilianRow.COMBAT
    assert order.target == (14.0, 10.0)


def test_civilians_table_reads_top_down_units_in_sight_before_combat_r76() -> None:
    s = MobSituation(regulars_in_sight=((10.0, 30.0),), combats=((10.0, 12.0),))
    assert civilians_row(MOB, s).row == CivilianRow.REGULAR_IN_SIGHT


def test_civilians_table_combat_further_than_six_inches_is_ignored() -> None:
    assert civilians_row(MOB, MobSituation(combats=((10.0, 16.5),))).row == CivilianRow.STAY


def test_civilians_table_nothing_to_head_for_stays() -> None:
    assert civilians_row(MOB, MobSituation()) == civilians_row(MOB, MobSituation())
    assert civilians_row(MOB, MobSituation()).target is None


# -- mob movement -------------------------------------------------------------------------------


def test_mob_moves_three_inches_at_the_end_of_the_turn() -> None:
    end = mob_walk([MOB, (10.0, 30.0)], regulars=[(0.0, 40.0)])
    assert end == pytest.approx((10.0, 13.0))


def test_mob_stops_when_it_comes_within_six_inches_of_a_regular_unit() -> None:
    end = mob_walk([MOB, (10.0, 30.0)], regulars=[(10.0, 18.0)])
    assert end[1] == pytest.approx(12.0, abs=0.11)
    assert end[1] <= 12.0 + 1e-9


def test_mob_already_within_six_inches_of_a_regular_stays() -> None:
    assert mob_walk([MOB, (10.0, 30.0)], regulars=[(10.0, 15.0)]) == MOB


def test_mob_keeps_off_the_unit_it_heads_for() -> None:
    end = mob_walk([MOB, (10.0, 12.5)], regulars=[])
    assert end == pytest.approx((10.0, 10.5))


# -- lines of fire -----------------------------------------------------------------------------


def test_line_of_fire_within_three_inches_of_a_mob_calls_for_a_check_r232() -> None:
    mobs = {"C1": (10.0, 4.0), "C2": (10.0, 4.2), "C3": (10.0, -3.5)}
    # the line runs along y = 0: C1's stand edge is 3" off, C2's 3.2", C3's 2.5"
    assert mobs_near_line((0.0, 0.0), (20.0, 0.0), mobs) == ["C1", "C3"]


def test_line_through_a_stand_is_barred_for_regulars_r232() -> None:
    assert line_through_mob((0.0, 0.0), (20.0, 0.0), (10.0, 0.9))
    assert not line_through_mob((0.0, 0.0), (20.0, 0.0), (10.0, 1.0))
    assert path_through_mob([(0.0, 5.0), (10.0, 5.0), (10.0, -5.0)], (10.0, 0.0))


@pytest.mark.parametrize(("face", "hit"), [(1, True), (2, True), (3, False), (8, False)])
def test_civilian_casualty_check_hits_on_one_or_two(face: int, hit: bool) -> None:
    check = civilian_casualty_check(Die.D8, ScriptedDice([(Die.D8, face)]))
    assert (check.face, check.success) == (face, hit)


# -- the Insurgency Level ---------------------------------------------------------------------


def test_insurgency_level_up_for_regular_fire_down_for_insurgent_fire_once_each_r76() -> None:
    assert insurgency_shift(True, raised=False, lowered=False) == 1
    assert insurgency_shift(True, raised=True, lowered=False) == 0
    assert insurgency_shift(False, raised=True, lowered=False) == -1
    assert insurgency_shift(False, raised=False, lowered=True) == 0


def test_insurgency_level_stays_within_one_to_six_and_automatic_never_moves_r235() -> None:
    assert shifted_level("2", 1) == "3"
    assert shifted_level("6", 1) == "6"
    assert shifted_level("1", -1) == "1"
    assert shifted_level("automatic", 1) == "automatic"


# -- Regulars and civilian mobs ---------------------------------------------------------------


@pytest.mark.parametrize(("face", "dispersed"), [(2, False), (3, True)])
def test_regulars_disperse_a_mob_by_rolling_over_the_insurgency_level(
    face: int, dispersed: bool
) -> None:
    assert disperse_check(Die.D8, "2", ScriptedDice([(Die.D8, face)])).success is dispersed


def test_dispersing_under_an_automatic_level_needs_more_than_six_r235() -> None:
    assert not disperse_check(Die.D8, "automatic", ScriptedDice([(Die.D8, 6)])).success
    assert disperse_check(Die.D8, "automatic", ScriptedDice([(Die.D8, 7)])).success


# -- Insurgent leaders and civilian mobs -------------------------------------------------------


@pytest.mark.parametrize(("face", "ok"), [(2, True), (3, False)])
def test_insurgent_leader_sways_a_mob_at_or_under_the_level_on_his_quality_die_r231(
    face: int, ok: bool
) -> None:
    assert influence_check(Die.D8, "2", ScriptedDice([(Die.D8, face)])).success is ok


def test_manipulated_mob_moves_up_to_six_inches() -> None:
    assert manipulated_spot(MOB, (10.0, 30.0)) == (10.0, 16.0)
    assert manipulated_spot(MOB, (10.0, 13.0)) == (10.0, 13.0)


def test_armed_mob_table_rows() -> None:
    assert [ARMED_MOB_TABLE[t].rpg for t in range(1, 11)] == [False] * 5 + [True] * 5
    assert [ARMED_MOB_TABLE[t].small_arms_bonus for t in range(6, 11)] == [0, 2, 3, 4, 5]


def test_armed_mob_adds_one_per_insurgent_with_the_leader() -> None:
    mob = roll_armed_mob(2, ScriptedDice([(Die.D6, 5), (Die.D6, 4)]))
    assert (mob.total, mob.small_arms, mob.rpg) == (7, 6, True)


def test_armed_mob_total_over_ten_reads_the_ten_row_r233() -> None:
    mob = roll_armed_mob(6, ScriptedDice([(Die.D6, 6), (Die.D6, 1)]))
    assert (mob.total, mob.small_arms, mob.rpg) == (12, 6, True)


def test_armed_mob_low_roll_gives_small_arms_only() -> None:
    mob = roll_armed_mob(1, ScriptedDice([(Die.D6, 3), (Die.D6, 2)]))
    assert (mob.small_arms, mob.rpg) == (2, False)

"""Rulebook: Arrival of Insurgent Reinforcements and the scenarios' reinforcement table."""

from collections import Counter

import pytest

from game.rules.dice import Die, ScriptedDice, SeededDice
from game.rules.quality import Morale, Quality
from game.rules.reinforcements import (
    AUTOMATIC,
    MIDNIGHT_AT_THE_ALAMO_EDGES,
    REINFORCEMENT_TABLE,
    ArrivingFigure,
    EdgeRoll,
    arriving_unit_to_unit,
    check_insurgency_level,
    roll_arriving_unit,
    roll_hot_spot,
    roll_reinforcements,
)
from game.rules.units import Role, Side, Weapon

D6 = Die.D6


def weapons(figures: tuple[ArrivingFigure, ...]) -> Counter[Weapon]:
    return Counter(figure.weapon for figure in figures)


def test_table_has_one_row_per_2d6_total_with_roll_again_on_4_and_9() -> None:
    assert sorted(REINFORCEMENT_TABLE) == list(range(2, 13))
    assert [r for r, row in REINFORCEMENT_TABLE.items() if row.roll_again] == [4, 9]
    assert [r for r, row in REINFORCEMENT_TABLE.items() if row.leader] == [7, 11]
    assert REINFORCEMENT_TABLE[12].small_arms_dice == 2
    assert REINFORCEMENT_TABLE[6].small_arms_bonus == 2
    assert REINFORCEMENT_TABLE[8].small_arms_bonus == 2
    assert REINFORCEMENT_TABLE[11].describe() == "1d6 small arms + leader + 1 RPG"


@pytest.mark.parametrize(("level", "face", "arrive"), [(4, 4, True), (4, 5, False), (2, 3, False)])
def test_insurgency_level_roll_succeeds_at_or_under_the_level(
    level: int, face: int, arrive: bool
) -> None:
    roll = check_insurgency_level(level, ScriptedDice([(D6, face)]))
    assert roll.face == face and roll.arrive is arrive


def test_r20_automatic_insurgency_always_arrives_without_rolling() -> None:
    dice = ScriptedDice([])
    roll = check_insurgency_level("Automatic", dice)
    assert roll.arrive and roll.face is None and roll.level == AUTOMATIC


def test_bad_insurgency_level_is_one_clear_line() -> None:
    with pytest.raises(ValueError, match="insurgency level: 'often'"):
        check_insurgency_level("often", ScriptedDice([]))
    with pytest.raises(ValueError, match="insurgency level: 7"):
        check_insurgency_level(7, ScriptedDice([]))


def test_no_reinforcements_when_the_insurgency_roll_fails() -> None:
    report = roll_reinforcements(3, ScriptedDice([(D6, 4)]))
    assert report.units == () and not report.insurgency.arrive


def test_row_6_is_1d6_plus_2_small_arms_and_a_leaderless_unit_stays_leaderless_on_2() -> None:
    # 2d6 = 3+3, small arms d6 = 4 -> 6 riflemen, leaderless d6 = 2, hot spot 3
    unit = roll_arriving_unit(ScriptedDice([3, 3, 4, (D6, 2), (D6, 3)]))
    assert unit.row.roll == 6
    assert weapons(unit.figures) == Counter({Weapon.STANDARD: 6})
    assert unit.leaderless_face == 2 and not unit.has_leader
    assert unit.hot_spot == 3 and unit.arrives


def test_leaderless_unit_gets_a_leader_on_a_1_replacing_a_rifleman() -> None:
    # row 2: 1d6 small arms (2) + 1 light support; leaderless d6 = 1
    unit = roll_arriving_unit(ScriptedDice([1, 1, 2, 1, 5]))
    assert len(unit.figures) == 3
    assert [f for f in unit.figures if f.is_leader] == [ArrivingFigure(Weapon.STANDARD, True)]
    assert weapons(unit.figures) == Counter({Weapon.STANDARD: 2, Weapon.LIGHT_SUPPORT: 1})


def test_r43_lone_gunner_promoted_to_leader_keeps_his_weapon() -> None:
    # row 10: one light support gunner; leaderless d6 = 1
    unit = roll_arriving_unit(ScriptedDice([4, 6, 1, 2]))
    assert unit.figures == (ArrivingFigure(Weapon.LIGHT_SUPPORT, is_leader=True),)


def test_rows_with_a_leader_roll_no_leaderless_die() -> None:
    # row 7: 1d6 (3) small arms + leader + 1 light support; then straight to the hot spot d6
    unit = roll_arriving_unit(ScriptedDice([3, 4, 3, (D6, 1)]))
    assert unit.leaderless_face is None and unit.has_leader
    assert weapons(unit.figures) == Counter({Weapon.STANDARD: 4, Weapon.LIGHT_SUPPORT: 1})
    assert unit.hot_spot == 1


@pytest.mark.parametrize(
    ("face", "weapon"), [(4, Weapon.RPG), (5, Weapon.AT_RPG), (6, Weapon.AT_RPG)]
)
def test_rpg_d6_gives_an_anti_tank_rpg_on_5_or_6(face: int, weapon: Weapon) -> None:
    # row 3: one RPG; RPG d6; leaderless d6 = 4; hot spot 2
    unit = roll_arriving_unit(ScriptedDice([1, 2, face, 4, 2]))
    assert unit.figures == (ArrivingFigure(weapon),)
    assert unit.rpg_faces == (face,)


def test_row_12_rolls_two_d6_for_small_arms() -> None:
    unit = roll_arriving_unit(ScriptedDice([6, 6, 5, 6, 3, 4]))
    assert weapons(unit.figures) == Counter({Weapon.STANDARD: 11})


def test_roll_again_brings_a_second_unit_with_its_own_hot_spot() -> None:
    script: list[int | tuple[Die, int]] = [
        (D6, 2),  # insurgency level 5: arrives
        *[2, 2, 3, 4, 1],  # row 4: 3 small arms, leaderless 4, hot spot 1, ROLL AGAIN
        *[5, 5, 2, 4],  # row 10: light support, leaderless 2, hot spot 4
    ]
    report = roll_reinforcements(5, ScriptedDice(script))
    assert [unit.row.roll for unit in report.units] == [4, 10]
    assert [unit.hot_spot for unit in report.units] == [1, 4]


def test_r124_roll_again_chains_have_no_cap() -> None:
    """Rulebook: Arrival of Insurgent Reinforcements (R43, R124): each ROLL AGAIN rolls the
    table once more, however many come up in a row."""
    one_roll_again_unit = [1, 3, 1, 4, 2]  # row 4: 1 rifleman, leaderless 4, hot spot 2
    row_10 = [5, 5, 2, 4]  # light support, leaderless 2, hot spot 4
    dice = ScriptedDice(one_roll_again_unit * 6 + row_10)
    report = roll_reinforcements(AUTOMATIC, dice)
    assert [unit.row.roll for unit in report.units] == [4] * 6 + [10]
    assert not dice.remaining


def test_r124_an_endless_roll_again_chain_is_a_bug_not_a_rule() -> None:
    class AlwaysFour:
        def roll(self, die: Die) -> int:
            return 2  # 2 + 2 on the table: row 4, ROLL AGAIN, for ever

        def roll_many(self, die: Die, count: int) -> tuple[int, ...]:
            return tuple(2 for _ in range(count))

    with pytest.raises(RuntimeError, match="ROLL AGAIN results in a row"):
        roll_reinforcements(AUTOMATIC, AlwaysFour())


def test_roll_again_chain_of_two_then_an_ordinary_row() -> None:
    script = [*[4, 5, 1, 4, 2], *[2, 2, 6, 4, 3], *[3, 3, 2, 4, 5]]  # rows 9, 4, 6
    report = roll_reinforcements(AUTOMATIC, ScriptedDice(script))
    assert [unit.row.roll for unit in report.units] == [9, 4, 6]
    assert [len(unit.figures) for unit in report.units] == [1, 6, 4]


def test_hot_spot_6_asks_the_insurgent_player_to_choose() -> None:
    arrival = roll_hot_spot(ScriptedDice([(D6, 6)]), neutralized={2})
    assert arrival.insurgent_chooses and arrival.hot_spot is None and not arrival.lost
    assert arrival.active_hot_spots == (1, 3, 4, 5)


def test_neutralized_hot_spot_loses_the_reinforcement_without_reroll() -> None:
    dice = ScriptedDice([(D6, 3)])
    arrival = roll_hot_spot(dice, neutralized={3})
    assert arrival.lost and arrival.hot_spot is None and not arrival.insurgent_chooses
    assert dice.remaining == ()


def test_hot_spot_6_with_every_hot_spot_neutralized_is_lost() -> None:
    arrival = roll_hot_spot(ScriptedDice([6]), neutralized={1, 2, 3, 4, 5})
    assert arrival.lost and not arrival.insurgent_chooses


def test_lost_unit_is_reported_but_not_arriving() -> None:
    report = roll_reinforcements(AUTOMATIC, ScriptedDice([3, 3, 1, 3, 5]), neutralized={5})
    assert len(report.units) == 1 and report.arriving == ()


def test_seeded_reinforcements_replay_identically_and_stay_in_the_table() -> None:
    first = [roll_reinforcements(4, SeededDice(seed)) for seed in range(200)]
    again = [roll_reinforcements(4, SeededDice(seed)) for seed in range(200)]
    assert first == again
    for report in first:
        assert len(report.units) <= 4
        for unit in report.units:
            assert 1 <= len(unit.figures) <= 14
            assert sum(unit.table_roll) == unit.row.roll


def test_arriving_unit_becomes_an_insurgent_unit_with_rated_leader() -> None:
    # row 11: 1d6 (2) small arms + leader + RPG (d6 5: AT RPG); Turkey Shoot ratings
    unit = roll_arriving_unit(ScriptedDice([5, 6, 2, 5, 4]))
    gang = arriving_unit_to_unit(
        unit,
        "r3",
        Quality.UNTRAINED,
        Morale.GOOD,
        leader_quality=Quality.TRAINED,
        leader_morale=Morale.AVERAGE,
    )
    assert gang.side is Side.INSURGENT and gang.leader_present
    assert [f.id for f in gang.figures] == ["r3-1", "r3-2", "r3-3", "r3-4"]
    assert gang.figures[0].role is Role.INSURGENT_LEADER
    assert gang.figure_quality(gang.figures[0]) is Quality.TRAINED
    assert gang.quality is Quality.UNTRAINED  # the majority's Troop Quality
    assert gang.morale is Morale.AVERAGE  # a mixed unit takes its leader's Morale
    assert gang.support_weapon_dice == 2  # the AT RPG is a medium support weapon


def test_midnight_at_the_alamo_units_roll_a_table_edge_each() -> None:
    script: list[int | tuple[Die, int]] = [
        (D6, 5),  # Insurgency Level 5: arrives
        *[4, 5, 1, 4, 3],  # row 9: 1 rifleman, ROLL AGAIN, leaderless 4, edge d6 3: east
        *[5, 5, 3, 4],  # row 10: light support, leaderless 3, edge d6 4: west
    ]
    report = roll_reinforcements(5, ScriptedDice(script), edges=MIDNIGHT_AT_THE_ALAMO_EDGES)
    assert [unit.arrival for unit in report.units] == [EdgeRoll(3, "east"), EdgeRoll(4, "west")]
    assert len(report.arriving) == 2
    assert [unit.edge for unit in report.units] == ["east", "west"]
    assert report.units[0].hot_spot is None


def test_arriving_unit_on_hot_spot_6_waits_for_the_insurgent_choice() -> None:
    unit = roll_arriving_unit(ScriptedDice([1, 2, 4, 4, (D6, 6)]))  # row 3, RPG 4, leaderless 4
    assert unit.insurgent_chooses and unit.arrives and unit.hot_spot is None

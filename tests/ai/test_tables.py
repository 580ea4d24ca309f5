"""The solo Action Check tables (Rulebook: Solo and Co-Op Gaming, Insurgent Action Checks).

One case per table row: a Situation where that row is the first that applies, built so that some
rows below it apply too, proving the top-down reading. Then the dice rows at every face boundary
(R34), the Firepower-exactly-6 fall-through (R33), the no-row rule (R70) and the log lines.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

import pytest

from game.ai.actions import Action, Interrupt, Pace, Target
from game.ai.situation import Moment, Situation, UnitKind
from game.ai.tables import (
    ALL_TABLES,
    CIVILIANS_END_OF_TURN,
    LEADER_ALONE_ACTIVATION,
    LEADER_ALONE_END_OF_TURN,
    LEADERLESS_ACTIVATION,
    LEADERLESS_END_OF_TURN,
    WITH_LEADER_ACTIVATION,
    WITH_LEADER_END_OF_TURN,
    DiceAction,
    Table,
    action_check,
    table_for,
)
from game.rules.dice import Die, ScriptedDice
from game.rules.quality import Quality

ACT = Moment.REGULAR_ACTIVATION
END = Moment.END_OF_TURN


def activation(kind: UnitKind, **facts: Any) -> Situation:
    """A unit in LOS of the activated Regular where, by default, no row applies."""
    base: dict[str, Any] = {
        "unit_id": "u1",
        "kind": kind,
        "moment": ACT,
        "distance_to_activated": 20.0,
        "in_cover": True,
        "firepower": 6,
        "optimum_range": 6.0,
        "enemy_in_los": True,
    }
    base.update(facts)
    return Situation(**base)


def end_of_turn(kind: UnitKind, **facts: Any) -> Situation:
    """A unit at the end of the turn that sees nothing and knows of no combat or objective."""
    base: dict[str, Any] = {"unit_id": "u1", "kind": kind, "moment": END, "firepower": 5}
    base.update(facts)
    return Situation(**base)


@dataclass(frozen=True)
class RowCase:
    table: Table
    row: int
    situation: Situation
    action: Action
    also_true: tuple[int, ...] = ()
    """Rows below `row` whose conditions hold too: the case proves the top row wins."""
    dice: tuple[int, ...] = field(default=())

    @property
    def id(self) -> str:
        return f"{self.table.heading} row {self.row}"


LL, WL, LA, CM = (
    UnitKind.LEADERLESS,
    UnitKind.WITH_LEADER,
    UnitKind.LEADER_ALONE,
    UnitKind.CIVILIAN_MOB,
)

ROW_CASES = [
    # Insurgents w/No Leader, Regulars move or fire in LOS
    RowCase(
        LEADERLESS_ACTIVATION,
        1,
        activation(
            LL,
            activated_is_vehicle=True,
            can_harm_activated_vehicle=True,
            in_cover=False,
            firepower=8,
            distance_to_activated=3.0,
            fired_on=True,
        ),
        Action.FIRE_AT_VEHICLE,
        also_true=(2, 5, 7),
    ),
    RowCase(
        LEADERLESS_ACTIVATION,
        2,
        activation(
            LL,
            activated_is_vehicle=True,
            in_cover=False,
            firepower=8,
            distance_to_activated=3.0,
            fired_on=True,
        ),
        Action.MOVE_INTO_COVER,
        also_true=(5, 7),
    ),
    RowCase(
        LEADERLESS_ACTIVATION,
        3,
        activation(LL, in_cover=False, firepower=4, distance_to_activated=3.0, fired_on=True),
        Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND,
        also_true=(5, 6),
    ),
    RowCase(
        LEADERLESS_ACTIVATION,
        4,
        activation(LL, firepower=4, distance_to_activated=10.0, fired_on=True),
        Action.MOVE_INTO_OPTIMUM_RANGE,
        also_true=(6,),
        dice=(2,),
    ),
    RowCase(
        LEADERLESS_ACTIVATION,
        5,
        activation(LL, firepower=8, distance_to_activated=6.0, fired_on=True),
        Action.FIRE,
        also_true=(7,),
    ),
    RowCase(
        LEADERLESS_ACTIVATION,
        6,
        activation(LL, firepower=4, distance_to_activated=20.0, fired_on=True),
        Action.MOVE_OUT_OF_LOS,
    ),
    RowCase(
        LEADERLESS_ACTIVATION,
        7,
        activation(LL, firepower=9, distance_to_activated=20.0, fired_on=True),
        Action.FIRE,
    ),
    # Insurgents w/Leader, Regulars move or fire in LOS
    RowCase(
        WITH_LEADER_ACTIVATION,
        1,
        activation(
            WL,
            activated_is_vehicle=True,
            can_harm_activated_vehicle=True,
            in_cover=False,
            firepower=8,
            distance_to_activated=3.0,
            fired_on=True,
        ),
        Action.FIRE_AT_VEHICLE,
        also_true=(2, 5, 8),
    ),
    RowCase(
        WITH_LEADER_ACTIVATION,
        2,
        activation(WL, in_cover=False, firepower=8, distance_to_activated=3.0, fired_on=True),
        Action.MOVE_INTO_COVER,
        also_true=(5, 8),
    ),
    RowCase(
        WITH_LEADER_ACTIVATION,
        3,
        activation(WL, in_cover=False, firepower=4, distance_to_activated=10.0, fired_on=True),
        Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND,
        also_true=(4, 7),
    ),
    RowCase(
        WITH_LEADER_ACTIVATION,
        4,
        activation(WL, firepower=4, distance_to_activated=10.0, fired_on=True),
        Action.FIRE,
        also_true=(7,),
        dice=(5,),
    ),
    RowCase(
        WITH_LEADER_ACTIVATION,
        5,
        activation(WL, firepower=8, distance_to_activated=5.0, fired_on=True),
        Action.FIRE,
        also_true=(8,),
    ),
    RowCase(
        WITH_LEADER_ACTIVATION,
        6,
        activation(WL, firepower=8, distance_to_activated=20.0, fired_on=True),
        Action.FIRE,
        also_true=(8,),
    ),
    RowCase(
        WITH_LEADER_ACTIVATION,
        7,
        activation(WL, firepower=4, distance_to_activated=20.0, fired_on=True),
        Action.MOVE_OUT_OF_LOS,
    ),
    # Insurgent Leader w/No Unit, Regulars move or fire in LOS
    RowCase(
        LEADER_ALONE_ACTIVATION,
        1,
        activation(LA, regulars_moving=True, fired_on=True),
        Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND,
        also_true=(2,),
    ),
    RowCase(
        LEADER_ALONE_ACTIVATION,
        2,
        activation(LA, regulars_moving=False, fired_on=True),
        Action.MOVE_OUT_OF_LOS_OR_INTO_COVER_TOWARD_FRIEND,
    ),
    # Insurgent Leader w/No Unit, end of turn
    RowCase(
        LEADER_ALONE_END_OF_TURN,
        1,
        end_of_turn(LA, leaderless_unit_in_los=True, distance_to_nearest_hot_spot=2.0),
        Action.MOVE_TO_JOIN_LEADERLESS_UNIT,
    ),
    RowCase(
        LEADER_ALONE_END_OF_TURN,
        2,
        end_of_turn(LA, friendly_unit_in_los=True, distance_to_nearest_hot_spot=8.0),
        Action.MOVE_TO_HOT_SPOT,
    ),
    RowCase(
        LEADER_ALONE_END_OF_TURN,
        3,
        end_of_turn(LA, distance_to_nearest_hot_spot=3.0),
        Action.TAKE_COVER,
    ),
    # Insurgents w/No Leader, end of turn
    RowCase(
        LEADERLESS_END_OF_TURN,
        1,
        end_of_turn(
            LL,
            distance_to_nearest_combat=6.0,
            friendly_leader_in_los=True,
            friendly_unit_in_los=True,
        ),
        Action.TAKE_COVER_OUT_OF_LOS,
        also_true=(3,),
    ),
    RowCase(
        LEADERLESS_END_OF_TURN,
        2,
        end_of_turn(LL, distance_to_nearest_combat=4.0, in_cover=True, friendly_unit_in_los=True),
        Action.REMAIN_IN_PLACE,
        also_true=(4,),
    ),
    RowCase(
        LEADERLESS_END_OF_TURN,
        3,
        end_of_turn(
            LL,
            distance_to_nearest_combat=4.0,
            in_cover=True,
            enemy_in_los=True,
            friendly_leader_in_los=True,
            friendly_unit_in_los=True,
        ),
        Action.MOVE_TO_LEADER,
    ),
    RowCase(
        LEADERLESS_END_OF_TURN,
        4,
        end_of_turn(LL, friendly_unit_in_los=True),
        Action.MOVE_TO_FRIENDLY_UNIT,
    ),
    # Insurgents w/Leader, end of turn
    RowCase(
        WITH_LEADER_END_OF_TURN,
        1,
        end_of_turn(WL, distance_to_nearest_combat=5.0, enemy_in_los=True),
        Action.TAKE_COVER_WITH_LOS,
        also_true=(5,),
    ),
    RowCase(
        WITH_LEADER_END_OF_TURN,
        2,
        end_of_turn(WL, distance_to_nearest_combat=5.0, in_cover=True, enemy_in_los=True),
        Action.REMAIN_IN_PLACE,
        also_true=(5,),
    ),
    RowCase(
        WITH_LEADER_END_OF_TURN,
        3,
        end_of_turn(WL, objective_known=True, distance_to_nearest_combat=10.5),
        Action.ADVANCE_TO_OBJECTIVE,
    ),
    RowCase(
        WITH_LEADER_END_OF_TURN,
        4,
        end_of_turn(WL, objective_known=True, in_cover=True, distance_to_nearest_combat=5.0),
        Action.ADVANCE_TO_ENEMY,
    ),
    RowCase(
        WITH_LEADER_END_OF_TURN,
        5,
        end_of_turn(WL, enemy_in_los=True, in_cover=True, distance_to_nearest_combat=8.0),
        Action.FIRE_AT_NEAREST_ENEMY,
    ),
    # Civilians (end of turn only)
    RowCase(
        CIVILIANS_END_OF_TURN,
        1,
        end_of_turn(
            CM,
            enemy_in_los=True,
            friendly_unit_in_los=True,
            objective_known=True,
            distance_to_nearest_combat=2.0,
        ),
        Action.CIVILIANS_TOWARD_REGULARS,
    ),
    RowCase(
        CIVILIANS_END_OF_TURN,
        2,
        end_of_turn(
            CM, friendly_unit_in_los=True, objective_known=True, distance_to_nearest_combat=2.0
        ),
        Action.CIVILIANS_TOWARD_INSURGENTS,
    ),
    RowCase(
        CIVILIANS_END_OF_TURN,
        3,
        end_of_turn(CM, objective_known=True, distance_to_nearest_combat=2.0),
        Action.CIVILIANS_TOWARD_OBJECTIVE,
    ),
    RowCase(
        CIVILIANS_END_OF_TURN,
        4,
        end_of_turn(CM, distance_to_nearest_combat=6.0),
        Action.CIVILIANS_TOWARD_COMBAT,
    ),
]

SHADOWED_ROWS = {(WITH_LEADER_ACTIVATION.heading, 8)}
"""Rows no situation can reach: every situation they fit is caught by an earlier row."""


def first_row(table: Table, situation: Situation) -> int | None:
    for row in table.rows:
        if row.condition(situation):
            return row.number
    return None


@pytest.mark.parametrize("case", ROW_CASES, ids=lambda c: c.id)
def test_each_row_is_taken_when_it_is_the_first_that_applies(case: RowCase) -> None:
    dice = ScriptedDice(case.dice)
    choice = action_check(case.table, case.situation, dice)
    assert (choice.row, choice.action) == (case.row, case.action)
    assert choice.table == case.table.heading
    assert dice.remaining == ()  # rolled exactly what the row asked for
    holding = [r.number for r in case.table.rows if r.condition(case.situation)]
    assert holding == [case.row, *case.also_true]


def test_every_row_has_a_case_or_is_known_to_be_shadowed() -> None:
    covered = {(c.table.heading, c.row) for c in ROW_CASES}
    every = {(t.heading, r.number) for t in ALL_TABLES for r in t.rows}
    assert covered | SHADOWED_ROWS == every
    assert not covered & SHADOWED_ROWS


def _activation_grid(kind: UnitKind) -> list[Situation]:
    grid = itertools.product(
        [(False, False), (True, False), (True, True)],
        [False, True],
        [3, 6, 9],
        [3.0, 6.0, 9.0, 12.0, 20.0],
        [False, True],
        [False, True],
    )
    return [
        activation(
            kind,
            activated_is_vehicle=vehicle,
            can_harm_activated_vehicle=harm,
            in_cover=cover,
            firepower=fp,
            distance_to_activated=dist,
            fired_on=fired,
            regulars_moving=moving,
        )
        for (vehicle, harm), cover, fp, dist, fired, moving in grid
    ]


def _end_grid(kind: UnitKind) -> list[Situation]:
    flags = itertools.product([False, True], repeat=6)
    out = []
    for enemy, leader, leaderless, friend, objective, cover in flags:
        for combat in (None, 5.0, 8.0, 15.0):
            for hot in (None, 2.0, 3.0, 8.0):
                out.append(
                    end_of_turn(
                        kind,
                        enemy_in_los=enemy,
                        friendly_leader_in_los=leader,
                        leaderless_unit_in_los=leaderless,
                        friendly_unit_in_los=friend or leaderless,
                        objective_known=objective,
                        in_cover=cover,
                        distance_to_nearest_combat=combat,
                        distance_to_nearest_hot_spot=hot,
                    )
                )
    return out


@pytest.mark.parametrize("table", ALL_TABLES, ids=lambda t: t.heading)
def test_reachable_rows_are_all_rows_but_the_shadowed_ones(table: Table) -> None:
    grid = _activation_grid(table.kind) if table.moment is ACT else _end_grid(table.kind)
    reached = {first_row(table, s) for s in grid} - {None}
    expected = {r.number for r in table.rows if (table.heading, r.number) not in SHADOWED_ROWS}
    assert reached == expected


def test_with_leader_row_8_is_always_caught_by_an_earlier_row() -> None:
    """Fired on with Firepower > 6: out of cover row 2 moves; else row 5 or row 6 fires."""
    fits_row_8 = [s for s in _activation_grid(WL) if s.fired_on and s.firepower > 6]
    assert len(fits_row_8) > 0
    for s in fits_row_8:
        assert first_row(WITH_LEADER_ACTIVATION, s) in {1, 2, 5, 6}


@pytest.mark.parametrize(
    ("face", "expected"),
    [
        (1, Action.MOVE_INTO_OPTIMUM_RANGE),
        (3, Action.MOVE_INTO_OPTIMUM_RANGE),
        (4, Action.FIRE),
        (6, Action.FIRE),
    ],
)
def test_r34_with_leader_double_range_d6_faces_1_to_3_move_4_to_6_fire(
    face: int, expected: Action
) -> None:
    s = activation(WL, firepower=5, distance_to_activated=12.0)
    choice = action_check(WITH_LEADER_ACTIVATION, s, ScriptedDice([(Die.D6, face)]))
    assert (choice.row, choice.face, choice.action) == (4, face, expected)


@pytest.mark.parametrize(
    ("face", "expected"),
    [
        (1, Action.MOVE_INTO_OPTIMUM_RANGE),
        (2, Action.MOVE_INTO_OPTIMUM_RANGE),
        (3, Action.FIRE),
        (6, Action.FIRE),
    ],
)
def test_leaderless_double_range_d6_faces_1_2_move_3_up_fire(face: int, expected: Action) -> None:
    s = activation(LL, firepower=9, distance_to_activated=6.5)
    choice = action_check(LEADERLESS_ACTIVATION, s, ScriptedDice([(Die.D6, face)]))
    assert (choice.row, choice.face, choice.action) == (4, face, expected)


def test_r71_exactly_optimum_range_is_within_it_and_exactly_double_is_the_dice_row() -> None:
    at_range = activation(WL, firepower=4, distance_to_activated=6.0)
    at_double = activation(WL, firepower=4, distance_to_activated=12.0)
    past_double = activation(WL, firepower=4, distance_to_activated=12.01)
    assert first_row(WITH_LEADER_ACTIVATION, at_range) == 5
    assert first_row(WITH_LEADER_ACTIVATION, at_double) == 4
    assert first_row(WITH_LEADER_ACTIVATION, past_double) is None


def test_r33_firepower_exactly_6_out_of_cover_falls_through_both_cover_rows() -> None:
    s = activation(LL, in_cover=False, firepower=6, distance_to_activated=5.0)
    choice = action_check(LEADERLESS_ACTIVATION, s, ScriptedDice([]))
    assert (choice.row, choice.action) == (5, Action.FIRE)
    assert first_row(LEADERLESS_ACTIVATION, activation(LL, in_cover=False, firepower=7)) == 2
    assert first_row(LEADERLESS_ACTIVATION, activation(LL, in_cover=False, firepower=5)) == 3


def test_r33_firepower_exactly_6_fired_on_far_away_matches_no_row() -> None:
    s = activation(LL, firepower=6, distance_to_activated=20.0, fired_on=True)
    choice = action_check(LEADERLESS_ACTIVATION, s, ScriptedDice([]))
    assert (choice.row, choice.action) == (None, Action.NO_ACTION)


def test_r33_with_leader_firepower_6_in_double_range_rolls_no_die_and_takes_no_row() -> None:
    s = activation(WL, firepower=6, distance_to_activated=10.0)
    dice = ScriptedDice([])
    choice = action_check(WITH_LEADER_ACTIVATION, s, dice)
    assert (choice.row, choice.face, choice.action) == (None, None, Action.NO_ACTION)


@pytest.mark.parametrize("table", ALL_TABLES, ids=lambda t: t.heading)
def test_r70_no_row_applies_means_no_action_and_says_so(table: Table) -> None:
    s = activation(table.kind) if table.moment is ACT else end_of_turn(table.kind)
    choice = action_check(table, s, ScriptedDice([]))
    assert (choice.row, choice.action, choice.target) == (None, Action.NO_ACTION, Target.NONE)
    assert choice.log.startswith(f"{table.heading} (unit u1): Firepower ")
    assert choice.log.endswith("; no row applies → no action (R70)")


def test_log_line_names_table_row_reason_and_roll() -> None:
    s = activation(WL, unit_id="3", firepower=4, distance_to_activated=9.0)
    choice = action_check(WITH_LEADER_ACTIVATION, s, ScriptedDice([2]))
    assert choice.log == (
        'Insurgents w/Leader [Regulars move or fire in LOS] (unit 3): Firepower 4, 9.0" from '
        'the activated unit (within double Optimum Range 6"), in cover, enemy in sight; row 4: '
        "within double Optimum Range, Firepower < 6, d6=2 → interrupt by moving into Optimum "
        "Range (R34)"
    )


def test_log_names_the_unit_as_the_narration_does_and_marks_the_projects_own_row() -> None:
    s = end_of_turn(WL, unit_id="I3", name="Insurgent group 3", enemy_in_los=True)
    choice = action_check(WITH_LEADER_END_OF_TURN, s, ScriptedDice([]))
    assert choice.log == (
        "Insurgents w/Leader [end of turn] (Insurgent group 3): Firepower 5, not in cover, "
        "enemy in sight, no combat, no objective; row 5 (the project's own): enemy in sight "
        "and no row above applies (motivation: attack) → fire at the nearest enemy in LOS (R77)"
    )


def test_toward_a_friend_follows_the_motivation() -> None:
    leaderless = activation(
        LL, in_cover=False, firepower=3, friendly_leader_in_los=True, friendly_unit_in_los=True
    )
    choice = action_check(LEADERLESS_ACTIVATION, leaderless, ScriptedDice([]))
    assert (choice.action, choice.toward) == (
        Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND,
        Target.FRIENDLY_LEADER,
    )
    # the friend is named once, in place of the row's "a friend"
    assert choice.log.endswith("→ interrupt by moving out of LOS toward a friendly Leader (R33)")
    leader = activation(LA, regulars_moving=True, leaderless_unit_in_los=True)
    assert action_check(LEADER_ALONE_ACTIVATION, leader, ScriptedDice([])).toward is (
        Target.LEADERLESS_UNIT
    )
    led = activation(WL, in_cover=False, firepower=3, friendly_leader_in_los=True)
    assert action_check(WITH_LEADER_ACTIVATION, led, ScriptedDice([])).toward is (
        Target.FRIENDLY_UNIT
    )
    fire = activation(WL, firepower=8, distance_to_activated=3.0)
    assert action_check(WITH_LEADER_ACTIVATION, fire, ScriptedDice([])).toward is Target.NONE


def test_a_table_refuses_a_situation_of_another_kind_or_moment() -> None:
    with pytest.raises(ValueError, match="unit u1 is leaderless at end_of_turn"):
        action_check(WITH_LEADER_ACTIVATION, end_of_turn(LL), ScriptedDice([]))


def test_table_for_finds_each_half_and_civilians_have_no_activation_table() -> None:
    assert table_for(WL, ACT) is WITH_LEADER_ACTIVATION
    assert table_for(LL, END) is LEADERLESS_END_OF_TURN
    assert table_for(CM, END) is CIVILIANS_END_OF_TURN
    assert table_for(CM, ACT) is None


def test_interruptions_only_happen_at_an_activation_and_moves_have_a_pace() -> None:
    for table in ALL_TABLES:
        for row in table.rows:
            actions = row.action.actions if isinstance(row.action, DiceAction) else (row.action,)
            for action in actions:
                interrupts = action.interrupt is not Interrupt.NONE
                assert interrupts == (table.moment is ACT), (table.heading, row.number)
                assert action.moves == (action.pace is not Pace.NONE), action


def test_every_action_is_a_distinct_member() -> None:
    assert len(Action) == len(Action.__members__)
    assert len({a.label for a in Action}) == len(Action)


def test_dice_action_bands_must_cover_the_die() -> None:
    with pytest.raises(ValueError, match=r"cover 1\.\.6"):
        DiceAction(Die.D6, ((1, 2, Action.FIRE), (4, 6, Action.FIRE)))
    with pytest.raises(ValueError, match=r"cover 1\.\.6"):
        DiceAction(Die.D6, ((1, 5, Action.FIRE),))


def test_situation_rejects_impossible_values() -> None:
    with pytest.raises(ValueError, match="u1: firepower is negative"):
        activation(LL, firepower=-1)
    with pytest.raises(ValueError, match="distance_to_activated is negative"):
        activation(LL, distance_to_activated=-2.0)
    with pytest.raises(ValueError, match="optimum_range must be positive"):
        activation(LL, optimum_range=0.0)


def test_always_in_range_units_take_the_optimum_range_row_at_any_distance() -> None:
    s = activation(WL, firepower=4, distance_to_activated=40.0, optimum_range=float("inf"))
    assert s.within_optimum_range and not s.within_double_optimum_range_only
    assert first_row(WITH_LEADER_ACTIVATION, s) == 5


def test_without_an_optimum_range_a_situation_reads_its_quality_s_from_the_rules_core() -> None:
    """Rulebook: Optimum Ranges. The default is the rules core's table, not a copy of it: a
    Veteran (d10) unit 10" away is within it, 10.5" away only within double."""
    at_ten = Situation("u1", WL, ACT, distance_to_activated=10.0, quality=Die.D10)
    past_ten = Situation("u1", WL, ACT, distance_to_activated=10.5, quality=Die.D10)
    assert at_ten.optimum_reach == Quality.VETERAN.optimum_range == 10
    assert at_ten.within_optimum_range
    assert past_ten.within_double_optimum_range_only and not past_ten.within_optimum_range

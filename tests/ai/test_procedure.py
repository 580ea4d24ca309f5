"""The solo Action Check procedure (Rulebook: Solo and Co-Op Gaming, Insurgent Action Checks).

Nearest first, leaderless units behind a Quality Check, one Action Check per unit per turn (R72),
civilians only at the end of the turn (R76), the Insurgency Level once each way per turn (R76).
"""

from __future__ import annotations

from typing import Any

import pytest

from game.ai.actions import Action, Target
from game.ai.motivation import civilian_goal, friend_to_seek, leader_goal, leaderless_goal
from game.ai.procedure import (
    InsurgencyShifts,
    TurnLedger,
    checks_at_activation,
    checks_at_end_of_turn,
    leaderless_quality_check,
)
from game.ai.situation import Moment, Situation, UnitKind
from game.battlefield.model import Side
from game.rules.dice import Die, ScriptedDice

LL, WL, LA, CM = (
    UnitKind.LEADERLESS,
    UnitKind.WITH_LEADER,
    UnitKind.LEADER_ALONE,
    UnitKind.CIVILIAN_MOB,
)


def at_activation(unit_id: str, kind: UnitKind, distance: float | None, **facts: Any) -> Situation:
    """In cover, Firepower 5: within 6" it fires (row 5), farther it takes the dice row or none."""
    base: dict[str, Any] = {
        "unit_id": unit_id,
        "kind": kind,
        "moment": Moment.REGULAR_ACTIVATION,
        "distance_to_activated": distance,
        "in_cover": True,
        "firepower": 5,
        "regulars_moving": True,
    }
    base.update(facts)
    return Situation(**base)


def at_end(unit_id: str, kind: UnitKind, **facts: Any) -> Situation:
    base: dict[str, Any] = {"unit_id": unit_id, "kind": kind, "moment": Moment.END_OF_TURN}
    base.update(facts)
    return Situation(**base)


def test_units_in_los_check_nearest_first_and_others_are_left_alone() -> None:
    situations = [
        at_activation("far", WL, 5.5),
        at_activation("blind", WL, None),
        at_activation("near", WL, 2.0),
        at_activation("mid", LA, 4.0),
        at_activation("mob", CM, 1.0),
    ]
    outcomes, ledger = checks_at_activation(situations, TurnLedger(turn=1), ScriptedDice([]))
    assert [o.unit_id for o in outcomes] == ["near", "mid", "far"]
    assert [o.action for o in outcomes] == [
        Action.FIRE,
        Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND,
        Action.FIRE,
    ]
    assert ledger.checked == {"near", "mid", "far"}


def test_equal_distances_resolve_by_unit_id() -> None:
    situations = [at_activation("b", WL, 3.0), at_activation("a", WL, 3.0)]
    outcomes, _ = checks_at_activation(situations, TurnLedger(turn=1), ScriptedDice([]))
    assert [o.unit_id for o in outcomes] == ["a", "b"]


def test_leaderless_unit_that_fails_its_quality_check_does_nothing_and_says_why() -> None:
    dice = ScriptedDice([(Die.D6, 3)])
    outcomes, ledger = checks_at_activation([at_activation("7", LL, 3.0)], TurnLedger(turn=2), dice)
    (outcome,) = outcomes
    assert outcome.choice is None
    assert outcome.action is Action.NO_ACTION
    assert outcome.quality_check is not None and not outcome.quality_check.passed
    assert outcome.log == (
        "Insurgents w/No Leader [Regulars move or fire in LOS] (unit 7): "
        "Quality Check: d6 rolled 3, needs 4+: failed → no action until next turn (R72)"
    )
    assert ledger.has_checked("7")


def test_leaderless_unit_that_passes_goes_on_to_its_table() -> None:
    dice = ScriptedDice([(Die.D8, 4)])
    outcomes, _ = checks_at_activation(
        [at_activation("7", LL, 3.0, quality=Die.D8)], TurnLedger(turn=2), dice
    )
    (outcome,) = outcomes
    assert outcome.action is Action.FIRE
    assert outcome.choice is not None and outcome.choice.row == 5
    assert outcome.log.startswith(
        "Quality Check: d8 rolled 4, needs 4+: passed; Insurgents w/No Leader"
    )


def test_pinned_leaderless_unit_rolls_one_die_type_lower_but_never_below_d6() -> None:
    d8_pinned = at_activation("p", LL, 3.0, quality=Die.D8, pinned=True)
    check = leaderless_quality_check(d8_pinned, ScriptedDice([(Die.D6, 4)]))
    assert (check.die, check.passed) == (Die.D6, True)
    assert "Pinned" in check.text
    d6_pinned = at_activation("p", LL, 3.0, quality=Die.D6, pinned=True)
    assert leaderless_quality_check(d6_pinned, ScriptedDice([(Die.D6, 3)])).die is Die.D6


def test_units_with_a_leader_and_lone_leaders_roll_no_quality_check() -> None:
    dice = ScriptedDice([])
    outcomes, _ = checks_at_activation(
        [at_activation("w", WL, 2.0), at_activation("l", LA, 3.0)], TurnLedger(turn=1), dice
    )
    assert all(o.quality_check is None for o in outcomes)


def test_r72_one_action_check_per_unit_per_turn() -> None:
    ledger = TurnLedger(turn=1)
    first, ledger = checks_at_activation([at_activation("u", WL, 2.0)], ledger, ScriptedDice([]))
    assert [o.unit_id for o in first] == ["u"]
    again, ledger = checks_at_activation([at_activation("u", WL, 2.0)], ledger, ScriptedDice([]))
    assert again == ()
    end, ledger = checks_at_end_of_turn(
        [at_end("u", WL, objective_known=True), at_end("v", WL, objective_known=True)],
        ledger,
        ScriptedDice([]),
    )
    assert [o.unit_id for o in end] == ["v"]
    next_turn = ledger.next_turn()
    assert next_turn.turn == 2 and not next_turn.has_checked("u")


def test_r72_failed_quality_check_also_keeps_the_unit_still_at_end_of_turn() -> None:
    ledger = TurnLedger(turn=1)
    _, ledger = checks_at_activation(
        [at_activation("x", LL, 3.0)], ledger, ScriptedDice([(Die.D6, 1)])
    )
    end, _ = checks_at_end_of_turn(
        [at_end("x", LL, friendly_unit_in_los=True)], ledger, ScriptedDice([])
    )
    assert end == ()


def test_r72_an_action_check_that_chose_no_action_still_uses_up_the_turn() -> None:
    ledger = TurnLedger(turn=1)
    outcomes, ledger = checks_at_activation(
        [at_activation("z", WL, 20.0, firepower=6)], ledger, ScriptedDice([])
    )
    assert outcomes[0].action is Action.NO_ACTION
    assert ledger.has_checked("z")


def test_end_of_turn_insurgents_nearest_enemy_first_then_civilians() -> None:
    situations = [
        at_end("mob", CM, distance_to_nearest_enemy=1.0, enemy_in_los=True),
        at_end("far", WL, distance_to_nearest_enemy=9.0, objective_known=True),
        at_end("unseen", WL, objective_known=True),
        at_end("near", LL, distance_to_nearest_enemy=2.0, friendly_unit_in_los=True),
    ]
    outcomes, _ = checks_at_end_of_turn(situations, TurnLedger(turn=1), ScriptedDice([5]))
    assert [o.unit_id for o in outcomes] == ["near", "far", "unseen", "mob"]
    assert [o.action for o in outcomes] == [
        Action.MOVE_TO_FRIENDLY_UNIT,
        Action.ADVANCE_TO_OBJECTIVE,
        Action.ADVANCE_TO_OBJECTIVE,
        Action.CIVILIANS_TOWARD_REGULARS,
    ]


def test_situations_for_the_wrong_moment_or_duplicated_are_refused() -> None:
    with pytest.raises(ValueError, match="unit e: situation is for end_of_turn"):
        checks_at_activation([at_end("e", WL)], TurnLedger(turn=1), ScriptedDice([]))
    with pytest.raises(ValueError, match="two situations for the same unit"):
        checks_at_end_of_turn([at_end("e", WL), at_end("e", WL)], TurnLedger(1), ScriptedDice([]))


def test_civilian_casualties_move_the_insurgency_level_once_each_way_per_turn() -> None:
    shifts = InsurgencyShifts(turn=3)
    up, shifts = shifts.record_civilian_casualty(Side.REGULAR)
    again, shifts = shifts.record_civilian_casualty(Side.REGULAR)
    down, shifts = shifts.record_civilian_casualty(Side.INSURGENT)
    down_again, shifts = shifts.record_civilian_casualty(Side.INSURGENT)
    assert (up, again, down, down_again) == (1, 0, -1, 0)
    fresh = shifts.next_turn()
    assert fresh.turn == 4
    assert fresh.record_civilian_casualty(Side.REGULAR)[0] == 1


def test_motivations_point_each_kind_at_its_own_goal() -> None:
    leader = at_end("l", LA, friendly_unit_in_los=True, distance_to_nearest_hot_spot=5.0)
    assert leader_goal(leader) is Target.HOT_SPOT  # a unit with a leader is not his first pick
    assert leader_goal(at_end("l", LA)) is None  # every Hot Spot neutralized: nowhere to go
    assert leaderless_goal(at_end("u", LL, friendly_leader_in_los=True)) is Target.FRIENDLY_LEADER
    assert leaderless_goal(at_end("u", LL)) is None
    assert civilian_goal(at_end("c", CM, distance_to_nearest_combat=7.0)) is None
    assert friend_to_seek(at_end("l", LA, leaderless_unit_in_los=True)) is Target.LEADERLESS_UNIT
    assert friend_to_seek(at_end("l", LA, friendly_unit_in_los=True)) is Target.FRIENDLY_UNIT

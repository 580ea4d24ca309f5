"""The team Regular AI, round 6 (issue 17 §4, helper team2): play principles found by reading the
Turkey Shoot and Midnight at the Alamo games the team AI lost to the basic one (R380-R389). Each
test sets up the situation and asserts the better choice."""

from __future__ import annotations

from game.ai.rca import Pick
from game.ai.regular_board import W_THREAT, Board
from game.ai.regular_candidates import FireCandidate, Focus, default_candidates
from game.ai.regular_team import team_candidates
from game.ai.team_exposure import DRAWN, DrawnFireCandidate
from game.ai.team_mission import is_mission_unit, mission_last
from game.battlefield.model import Battlefield
from game.engine.commands import Command, EndActivation, MoveUnit
from game.engine.engine import Engine
from game.engine.protocol import MoveRate
from game.engine.state import INSURGENT, REGULAR
from game.engine.view import player_view
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line

Picks = list[tuple[float, str, Pick[Command]]]


def _sniper_and_escort(*, mission: bool = True, done: bool = False) -> Board:
    """A two-man sniper team S and a fireteam R1 south of a group of gunmen, in a scenario that
    publishes a fire mission (Turkey Shoot's objectives) or not."""
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0)
    units = [
        UnitSpec("S", REGULAR, line(10.0, 30.0, 2), kinds=["sniper", "rifle"], quality=10),
        UnitSpec("R1", REGULAR, line(20.0, 30.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        UnitSpec("G", INSURGENT, line(15.0, 18.0, 5), quality=6),
    ]
    engine = Engine(StagedScenario(Staging(units=units)), battlefield, 7)
    if mission:
        engine.state.objectives["fire_mission"] = True
    if done:
        engine.state.tally["fire_mission_done"] = 1
    return Board(player_view(engine, REGULAR), engine.terrain)


def _move(unit: str, score: float) -> tuple[float, str, Pick[Command]]:
    command = MoveUnit(side=REGULAR, unit=unit, to=(15.0, 26.0), rate=MoveRate.CAUTIOUS)
    return (score, unit, Pick("pursue the objective", score, f"{unit} heads north", command))


def _hold(unit: str) -> tuple[float, str, Pick[Command]]:
    return (0.0, unit, Pick("hold", 0.0, "nothing better", EndActivation(side=REGULAR, unit=unit)))


def test_r380_the_sniper_team_moves_after_its_escorts_while_the_mission_is_due() -> None:
    board = _sniper_and_escort()
    sniper = board.unit("S")
    assert sniper is not None and is_mission_unit(board, sniper)
    picks: Picks = [_move("S", 86.0), _move("R1", 77.0)]
    ordered, note = mission_last(board, picks)
    assert [uid for _, uid, _ in ordered] == ["R1", "S"]  # the fireteam walks in first
    assert "S lets the others act first" in note and "(R380)" in note


def test_r380_the_sniper_team_still_goes_in_its_turn_when_no_one_else_acts() -> None:
    board = _sniper_and_escort()
    picks: Picks = [_move("S", 86.0), _hold("R1")]
    assert mission_last(board, picks) == (picks, "")  # no turn of the mission is lost


def test_r380_once_the_mission_is_done_or_without_one_the_order_is_the_scores() -> None:
    picks: Picks = [_move("S", 86.0), _move("R1", 77.0)]
    assert mission_last(_sniper_and_escort(done=True), picks) == (picks, "")
    no_mission = _sniper_and_escort(mission=False)
    sniper = no_mission.unit("S")
    assert sniper is not None and not is_mission_unit(no_mission, sniper)
    assert mission_last(no_mission, picks) == (picks, "")


def _holding(*, hold: bool) -> tuple[Board, Focus]:
    """A fireteam R1 in the open with three groups of gunmen in sight of it: any shot it takes
    invites their interruptions."""
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0)
    units = [
        UnitSpec("R1", REGULAR, line(18.0, 30.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        UnitSpec("G1", INSURGENT, line(6.0, 20.0, 2), quality=6),
        UnitSpec("G2", INSURGENT, line(18.0, 21.0, 6), quality=6),
        UnitSpec("G3", INSURGENT, line(30.0, 20.0, 6), quality=6),
    ]
    engine = Engine(StagedScenario(Staging(units=units)), battlefield, 7)
    if hold:
        engine.state.objectives["hold_objectives"] = True
    board = Board(player_view(engine, REGULAR), engine.terrain)
    unit = board.unit("R1")
    assert unit is not None
    return board, Focus(board, unit)


def test_r381_a_unit_holding_a_position_weighs_the_fire_its_shot_draws() -> None:
    board, focus = _holding(hold=True)
    unit = focus.unit
    basic, team = FireCandidate(), DrawnFireCandidate()
    plain = basic.evaluate(focus)
    drawn = DRAWN * board.threat(unit, board.spot_of(unit), stationary=True)
    assert drawn > 0.5  # three groups see R1 where it stands
    assert team.evaluate(focus) == plain - W_THREAT * drawn
    assert team.plan == basic.plan  # the same target, at a price
    assert "firing draws the fire of the groups in sight" in team.why and "(R381)" in team.why


def test_r381_where_the_regulars_must_go_somewhere_fire_is_weighed_as_before() -> None:
    _, focus = _holding(hold=False)
    assert DrawnFireCandidate().evaluate(focus) == FireCandidate().evaluate(focus)


def test_r381_the_team_ai_plays_the_drawn_fire_candidate_and_the_basic_ai_does_not() -> None:
    assert any(isinstance(c, DrawnFireCandidate) for c in team_candidates())
    assert not any(isinstance(c, DrawnFireCandidate) for c in default_candidates())

"""The team Regular AI, round 4 (issue 17 §4, helper team): play principles found by reading the
paired games the team AI lost to the basic one. Each test sets up the situation and asserts the
better choice; the basic AI keeps its old one, so the paired comparison measures the change."""

from __future__ import annotations

from game.ai.regular import Board
from game.ai.team_goals import TeamBoard, turns_to_neutralize
from game.battlefield.model import Battlefield, Edge
from game.engine.engine import Engine
from game.engine.protocol import FigureStatus
from game.engine.scenario import Objectives
from game.engine.state import REGULAR
from game.engine.view import player_view
from game.scenarios.staged import StagedScenario, Staging
from tests.ai.test_regular_ai import fireteam


def _sweep_endgame(turn: int) -> Engine:
    """Three hot spots of four neutralized, leaving by the north edge now counts; R1 stands 4"
    south of the last hot spot, 24" from the north edge; R2 is a few inches from the edge.
    Turn `turn` of 10."""
    battlefield = Battlefield(
        "tests/regular_ai.tmx", "staged", 36.0, 36.0, 32.0, exit_edges=(Edge.NORTH,)
    )
    scenario = StagedScenario(
        Staging(
            units=[fireteam("R1", 10.0, 24.0), fireteam("R2", 26.0, 4.0)],
            hot_spots={1: (4.0, 4.0), 2: (30.0, 8.0), 3: (30.0, 30.0), 4: (10.0, 20.0)},
        )
    )
    scenario.objectives = Objectives(hot_spots=True, exit_after_hot_spots=3)
    engine = Engine(scenario, battlefield, 7)
    for number in ("1", "2", "3"):
        engine.state.hot_spots[number].neutralized = True
    engine.state.tally["hot_spots_neutralized"] = 3
    engine.state.turn = turn
    return engine


def test_r322_a_hot_spot_still_in_reach_outranks_the_exit_edge() -> None:
    # turn 8 of 10: R1 walks to hot spot 4 this turn, starts on turn 9, completes on turn 10
    engine = _sweep_endgame(8)
    basic = Board(player_view(engine, REGULAR), engine.terrain)
    team = TeamBoard(player_view(engine, REGULAR), engine.terrain)
    r1 = team.unit("R1")
    assert r1 is not None
    assert turns_to_neutralize(team, r1, engine.state.hot_spots["4"]) == 3
    basic_goal, team_goal = basic.goal_for(r1), team.goal_for(r1)
    assert basic_goal is not None and basic_goal.label == "the exit edge"
    assert team_goal is not None and team_goal.label == "hot spot 4"
    assert team_goal.point == (10.0, 20.0)
    # R2 (not sent to the exit: time enough) keeps the goal both boards give it
    r2 = team.unit("R2")
    assert r2 is not None
    assert team.goal_for(r2) == basic.goal_for(r2)


def test_r322_too_late_to_neutralize_the_unit_makes_for_the_exit() -> None:
    # turn 9 of 10: R1 could start on turn 10 but never complete: the exit it is
    engine = _sweep_endgame(9)
    team = TeamBoard(player_view(engine, REGULAR), engine.terrain)
    r1 = team.unit("R1")
    assert r1 is not None
    goal = team.goal_for(r1)
    assert goal is not None and goal.label == "the exit edge"


def test_r322_a_unit_carrying_hit_figures_keeps_the_exit() -> None:
    engine = _sweep_endgame(8)
    engine.state.units["R1"].figures[0].status = FigureStatus.HIT
    team = TeamBoard(player_view(engine, REGULAR), engine.terrain)
    r1 = team.unit("R1")
    assert r1 is not None
    goal = team.goal_for(r1)
    assert goal is not None and goal.label == "the exit edge"


def test_r322_the_unit_beside_a_hot_spot_needs_two_turns() -> None:
    engine = _sweep_endgame(9)
    engine.state.units["R1"].figures[0].x, engine.state.units["R1"].figures[0].y = 10.0, 20.5
    team = TeamBoard(player_view(engine, REGULAR), engine.terrain)
    r1 = team.unit("R1")
    assert r1 is not None
    assert turns_to_neutralize(team, r1, engine.state.hot_spots["4"]) == 2
    goal = team.goal_for(r1)
    assert goal is not None and goal.label == "hot spot 4"

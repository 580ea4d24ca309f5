"""The team Regular AI, round 4 (issue 17 §4, helper team): play principles found by reading the
paired games the team AI lost to the basic one. Each test sets up the situation and asserts the
better choice; the basic AI keeps its old one, so the paired comparison measures the change."""

from __future__ import annotations

from game.ai.rca import NOTHING
from game.ai.regular import Board
from game.ai.regular_candidates import Focus
from game.ai.regular_team import (
    LANE_STEP,
    WatchCandidate,
    _probe,
    _toward,
    first_seen_on_its_way,
)
from game.ai.team_goals import POI_DANGER, TeamBoard, turns_to_neutralize
from game.battlefield.model import Battlefield, Edge, Wall, WallHeight
from game.engine.commands import Overwatch
from game.engine.engine import Engine
from game.engine.protocol import FigureStatus
from game.engine.scenario import Objectives
from game.engine.state import INSURGENT, REGULAR
from game.engine.view import player_view
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line
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


def test_r323_a_watch_covers_where_a_hidden_group_will_come_into_sight() -> None:
    # a high wall from the west edge to x=16 hides G and the first five inches of its way to
    # R2; past the wall's end, 7.5" along that way, G comes into R1's sight
    wall = Wall(9, "high wall", ((0.0, 18.0), (16.0, 18.0)), False, WallHeight.HIGH)
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0, walls=(wall,))
    units = [
        UnitSpec("R1", REGULAR, line(8.0, 24.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        UnitSpec("R2", REGULAR, line(26.0, 24.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        UnitSpec("G", INSURGENT, line(12.0, 12.0, 4), quality=6),
    ]
    engine = Engine(StagedScenario(Staging(units=units)), battlefield, 7)
    board = Board(player_view(engine, REGULAR), engine.terrain)
    r1, g, r2 = board.unit("R1"), board.unit("G"), board.unit("R2")
    assert r1 is not None and g is not None and r2 is not None
    here = board.spot_of(r1).position()
    assert not board.los(here, board.position(g))  # G itself is hidden
    five = _probe(_toward(g.centre, r2.centre, LANE_STEP))
    assert not board.los(here, five)  # and so is R273's point five inches along its way
    seen = first_seen_on_its_way(board, r1, here, g, r2.centre)
    assert seen is not None and seen[0] > 16.0  # past the wall's end
    watch = WatchCandidate()
    assert watch.evaluate(Focus(board, r1)) > 6.0
    assert watch.plan == Overwatch(side=REGULAR, unit="R1") and "G's lane" in watch.why
    # a wall all the way across: G never shows itself within 9" of its way, no watch (R273)
    across = Wall(9, "high wall", ((0.0, 18.0), (36.0, 18.0)), False, WallHeight.HIGH)
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0, walls=(across,))
    engine = Engine(StagedScenario(Staging(units=units)), battlefield, 7)
    board = Board(player_view(engine, REGULAR), engine.terrain)
    r1 = board.unit("R1")
    assert r1 is not None
    assert WatchCandidate().evaluate(Focus(board, r1)) == NOTHING


def test_r324_the_unit_carrying_the_poi_counts_the_fire_it_draws_four_times_over() -> None:
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0)
    units = [
        UnitSpec("R1", REGULAR, line(8.0, 24.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        UnitSpec("G", INSURGENT, line(10.0, 14.0, 6), quality=6),
    ]
    engine = Engine(StagedScenario(Staging(units=units)), battlefield, 7)

    def dangers(carrying: list[str]) -> tuple[float, float]:
        engine.state.units["R1"].dependants[:] = carrying
        view = player_view(engine, REGULAR)
        basic, team = Board(view, engine.terrain), TeamBoard(view, engine.terrain)
        r1, r1_team = basic.unit("R1"), team.unit("R1")
        assert r1 is not None and r1_team is not None
        plain = basic.threat(r1, basic.spot_of(r1), stationary=False)
        return plain, team.threat(r1_team, team.spot_of(r1_team), stationary=False)

    plain, team = dangers([])
    assert plain > 0.3 and team == plain  # G sees R1 in the open: a real danger
    plain, team = dangers(["contractor"])
    assert team == plain  # a contractor is never hit (Contracting Trouble!)
    plain, team = dangers(["poi"])
    assert team == POI_DANGER * plain == 4.0 * plain

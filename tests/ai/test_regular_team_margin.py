"""The team Regular AI's escorts (issue 17 §4, helper ai2): an escort carrying the mission's
people never spends an activation on Overwatch (R275), never steps back from the exit into
cover (R320) and, having won a Reaction Test in the
middle of its move, goes on toward the exit rather than turning back into cover (R276); any
unit's cover reaction keeps the ground won toward its objective (R277). The basic AI keeps its
old answers, so the paired comparison measures the change."""

from __future__ import annotations

from game.ai.rca import NOTHING
from game.ai.regular import Board, RegularAI
from game.ai.regular_candidates import CoverMoveCandidate, Focus
from game.ai.regular_team import EscortCoverCandidate, WatchCandidate
from game.battlefield.model import Battlefield, Edge, Wall, WallHeight
from game.engine import interruptions
from game.engine.commands import Answer, MoveUnit
from game.engine.engine import Engine
from game.engine.procedure import Activation
from game.engine.scenario import Objectives
from game.engine.state import REGULAR, UnitState
from game.engine.view import player_view
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line
from tests.ai.test_regular_ai import gunmen, staged, view_of
from tests.ai.test_regular_team import two_teams


def test_r275_an_escort_never_goes_on_overwatch() -> None:
    engine = two_teams()
    board = Board(player_view(engine, REGULAR), engine.terrain)
    r1 = board.unit("R1")
    assert r1 is not None
    assert WatchCandidate().evaluate(Focus(board, r1)) > 6.0  # G in sight: worth a watch
    engine.state.units["R1"].dependants.append("contractor")
    board = Board(player_view(engine, REGULAR), engine.terrain)
    r1 = board.unit("R1")
    assert r1 is not None and r1.dependants == ["contractor"]
    assert WatchCandidate().evaluate(Focus(board, r1)) == NOTHING


def _street_reaction(carrying: list[str]) -> tuple[Engine, list[Answer], object]:
    """Two Marines in the street, eight gunmen up the road, a high wall two inches away (as
    test_regular_ai's cover reaction), the Marines carrying `carrying`."""
    wall = Wall(9, "high wall", ((3.0, 25.0), (11.0, 25.0)), False, WallHeight.HIGH)
    battlefield = Battlefield("tests/regular_ai.tmx", "staged", 36.0, 36.0, 32.0, walls=(wall,))
    engine = staged(
        battlefield, UnitSpec("R1", REGULAR, line(8.0, 23.0, 2)), gunmen("I1", 6.0, 13.0, 8)
    )
    r1, i1 = engine.state.units["R1"], engine.state.units["I1"]
    r1.dependants.extend(carrying)
    act = Activation("R1", rate="cautious")
    act.path = engine.terrain.path(r1.leader_point, (8.0, 18.0))
    decision = next(interruptions.regular_reaction(engine, r1, act, i1, won_test=True))
    answers = [o for o in decision.options if isinstance(o, Answer)]
    return engine, answers, decision


def test_r276_an_escort_goes_on_with_its_move_instead_of_turning_into_cover() -> None:
    engine, answers, decision = _street_reaction([])
    covers = [a for a in answers if isinstance(a.choice, list)]
    assert covers and any(a.choice == "move" for a in answers)
    team = RegularAI(engine.battlefield)
    assert team.choose(view_of(engine, decision)) in covers  # no escort: cover first
    engine, answers, decision = _street_reaction(["contractor"])
    team = RegularAI(engine.battlefield)
    answer = team.choose(view_of(engine, decision))
    # it fires back or goes straight on; either way its move goes on afterwards (R105)
    assert isinstance(answer, Answer) and answer.choice in ("move", "fire"), team.journal
    assert "take cover" not in team.journal[-1]
    basic = RegularAI(engine.battlefield, style="basic")
    assert basic.choose(view_of(engine, decision)) in [
        a for a in answers if isinstance(a.choice, list)
    ]


def _reaction_toward(hot_spot: tuple[float, float]) -> tuple[Engine, list[Answer], object]:
    """The street reaction again, the Marines' objective a hot spot at `hot_spot`."""
    wall = Wall(9, "high wall", ((3.0, 25.0), (11.0, 25.0)), False, WallHeight.HIGH)
    battlefield = Battlefield("tests/regular_ai.tmx", "staged", 36.0, 36.0, 32.0, walls=(wall,))
    scenario = StagedScenario(
        Staging(
            units=[UnitSpec("R1", REGULAR, line(8.0, 23.0, 2)), gunmen("I1", 6.0, 13.0, 8)],
            hot_spots={1: hot_spot},
        )
    )
    scenario.objectives = Objectives(hot_spots=True)
    engine = Engine(scenario, battlefield, 7)
    r1, i1 = engine.state.units["R1"], engine.state.units["I1"]
    act = Activation("R1", rate="cautious")
    act.path = engine.terrain.path(r1.leader_point, (8.0, 18.0))
    decision = next(interruptions.regular_reaction(engine, r1, act, i1, won_test=True))
    return engine, [o for o in decision.options if isinstance(o, Answer)], decision


def test_r277_cover_that_gives_up_the_ground_won_is_not_taken() -> None:
    # the hot spot lies north, past the gunmen; the cover is behind the wall, 3" farther from it
    engine, answers, decision = _reaction_toward((8.0, 6.0))
    covers = [a for a in answers if isinstance(a.choice, list)]
    team = RegularAI(engine.battlefield)
    assert team.choose(view_of(engine, decision)) not in covers, team.journal
    assert "take cover" not in team.journal[-1]
    basic = RegularAI(engine.battlefield, style="basic")
    assert basic.choose(view_of(engine, decision)) in covers  # the basic AI falls back
    # with the hot spot south, behind the wall, the same cover is on the way: it is taken
    engine, answers, decision = _reaction_toward((8.0, 30.0))
    covers = [a for a in answers if isinstance(a.choice, list)]
    team = RegularAI(engine.battlefield)
    assert team.choose(view_of(engine, decision)) in covers, team.journal
    assert '"take cover first"' in team.journal[-1]


def _escort_by_a_low_wall(carrying: list[str]) -> tuple[Board, UnitState]:
    """R1 in the street 3" south of a low wall, six gunmen 11" further south, the exit edge
    south: the wall's Solid Cover lies 2" back, away from the exit."""
    wall = Wall(9, "low wall", ((4.0, 16.0), (16.0, 16.0)), False, WallHeight.LOW)
    battlefield = Battlefield(
        "tests/regular_ai.tmx", "staged", 36.0, 36.0, 32.0, walls=(wall,), exit_edges=(Edge.SOUTH,)
    )
    engine = staged(
        battlefield,
        UnitSpec("R1", REGULAR, line(10.0, 19.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        gunmen("G", 10.0, 30.0, 6),
        contractors=[(30.0, 2.0)],
        contractor_rules=True,
    )
    engine.state.units["R1"].dependants.extend(carrying)
    board = Board(player_view(engine, REGULAR), engine.terrain)
    r1 = board.unit("R1")
    assert r1 is not None
    return board, r1


def test_r320_an_escort_never_steps_back_from_the_exit_into_cover() -> None:
    board, r1 = _escort_by_a_low_wall(["contractor"])
    goal = board.goal_for(r1)
    assert goal is not None and goal.label == "the exit edge with the contractors"
    basic = CoverMoveCandidate()
    assert basic.evaluate(Focus(board, r1)) > 0  # the basic AI steps back behind the wall...
    assert isinstance(basic.plan, MoveUnit) and basic.plan.to[1] < 19.0
    assert "Solid Cover" in basic.why
    assert EscortCoverCandidate().evaluate(Focus(board, r1)) == NOTHING  # ...the escort does not
    # a unit carrying no one takes the same cover the basic AI takes
    board, r1 = _escort_by_a_low_wall([])
    free = EscortCoverCandidate()
    assert free.evaluate(Focus(board, r1)) == CoverMoveCandidate().evaluate(Focus(board, r1))
    assert isinstance(free.plan, MoveUnit) and free.plan.to[1] < 19.0

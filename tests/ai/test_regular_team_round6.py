"""The team Regular AI, round 6 (issue 17 §4, helper team): play principles found by reading the
Contracting Trouble games the team AI lost (R371, R372). Each test sets up the situation and
asserts the better choice; the basic AI keeps its old one."""

from __future__ import annotations

from game.ai.regular import Board, RegularAI
from game.ai.team_escort import CARRIER_URGENCY, HURRIED
from game.ai.team_goals import TeamBoard
from game.battlefield.model import Battlefield, Edge
from game.engine.commands import Fire, MoveUnit
from game.engine.state import REGULAR, ContractorStatus
from game.engine.view import player_view
from tests.ai.test_regular_ai import fireteam, gunmen, staged


def test_r371_the_contractor_carrier_walks_for_the_exit_rather_than_trade_shots() -> None:
    """Scenario 1: Contracting Trouble! (Victory Conditions; Dependants: no Rapid movement).
    R1 carries a contractor 20" from the south exit edge, four gunmen in the open 6" away: the
    basic AI stands and fires (a good shot, 50 points); the team AI walks on for the exit."""
    battlefield = Battlefield(
        "tests/regular_ai.tmx", "staged", 36.0, 36.0, 32.0, exit_edges=(Edge.SOUTH,)
    )
    engine = staged(
        battlefield,
        fireteam("R1", 10.0, 12.0),
        gunmen("G", 16.0, 14.0, 4),
        contractors=[(10.5, 12.5)],
        contractor_rules=True,
    )
    c = engine.state.contractors[0]
    c.status, c.holder = ContractorStatus.HELD, "R1"
    engine.state.units["R1"].dependants[:] = ["contractor"]
    view = player_view(engine, REGULAR)
    basic, team = RegularAI(engine.battlefield, style="basic"), RegularAI(engine.battlefield)
    assert isinstance(basic.choose(view), Fire)
    move = team.choose(view)
    assert isinstance(move, MoveUnit) and move.unit == "R1"
    assert move.to[1] > 12.0 + 5.0  # a full Cautious step south, toward the exit edge
    assert HURRIED in team.journal[-1]
    board = TeamBoard(view, engine.terrain)
    r1 = board.unit("R1")
    assert r1 is not None
    goal = board.goal_for(r1)
    assert goal is not None and goal.urgency == CARRIER_URGENCY and goal.label == HURRIED
    plain = Board(view, engine.terrain).goal_for(r1)
    assert plain is not None and plain.urgency == 1.0 and plain.point == goal.point
    # the Person of Interest's carrier keeps R324/R361's caution: not hurried
    engine.state.units["R1"].dependants[:] = ["poi"]
    board = TeamBoard(player_view(engine, REGULAR), engine.terrain)
    r1 = board.unit("R1")
    assert r1 is not None
    goal = board.goal_for(r1)
    assert goal is not None and goal.urgency == 1.0 and goal.label != HURRIED

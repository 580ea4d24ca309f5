"""The team Regular AI, round 6 (issue 17 §4, helper team): play principles found by reading the
Contracting Trouble games the team AI lost (R371, R372). Each test sets up the situation and
asserts the better choice; the basic AI keeps its old one."""

from __future__ import annotations

from dataclasses import replace

from game.ai.regular import Board, RegularAI
from game.ai.team_escort import CARRIER_URGENCY, HURRIED
from game.ai.team_goals import TeamBoard
from game.battlefield.model import Battlefield, Edge
from game.engine.commands import Answer, Fire, MoveUnit
from game.engine.protocol import DecisionKind
from game.engine.state import REGULAR, ContractorStatus, MobState
from game.engine.view import PlayerView, player_view
from tests.ai.test_regular_ai import fireteam, gunmen, staged
from tests.ai.test_regular_team import open_ground


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


def _reacting_past_a_crowd(crowd: bool) -> PlayerView:
    """Open ground: R2 (x=20-22.7, y=32) has just finished its move and won the Reaction Test
    against G (y=18), who interrupted by move; with `crowd`, a civilian mob stands on R2's line
    of fire. The engine offers "none" and "fire" (no move left to finish)."""
    engine = open_ground()
    if crowd:
        engine.state.mobs.append(MobState("C1", 21.0, 25.0))
    view = player_view(engine, REGULAR)
    return replace(
        view,
        decision={"kind": DecisionKind.REACT, "context": {"regular": "R2", "insurgent": "G"}},
        legal=[Answer(side=REGULAR, choice="none"), Answer(side=REGULAR, choice="fire")],
    )


def test_r372_a_return_shot_worth_less_than_it_costs_is_not_taken() -> None:
    """Interruptions; Civilians on the Battlefield (R367, R368). Hornet's Nest seed 131, turn 1:
    Charlie fireteam returned fire at E=-2.24 (the shot's casualties less the civilians it put
    at risk) because it had no move left to finish, and killed a civilian. The team AI now
    lets the interrupter go; the basic AI still fires; with no crowd the team AI fires too."""
    view = _reacting_past_a_crowd(crowd=True)
    team, basic = (
        RegularAI(open_ground().battlefield),
        RegularAI(open_ground().battlefield, style="basic"),
    )
    assert team.choose(view) == Answer(side=REGULAR, choice="none")
    assert '"hold fire"' in team.journal[-1] and "R372)" in team.journal[-1]
    assert basic.choose(view) == Answer(side=REGULAR, choice="fire")
    clear = _reacting_past_a_crowd(crowd=False)
    team = RegularAI(open_ground().battlefield)
    assert team.choose(clear) == Answer(side=REGULAR, choice="fire")

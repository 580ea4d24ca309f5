"""The team Regular AI's Overwatch (issue 17 §4, helper ai2): no watch over a group a friendly
unit stands in front of (R278), and a unit already watching is left on its watch rather than
activated to declare the same one again (R279)."""

from __future__ import annotations

from game.ai.rca import NOTHING
from game.ai.regular import Board, RegularAI
from game.ai.regular_candidates import Focus
from game.ai.regular_team import WatchCandidate, friends_in_the_way
from game.battlefield.model import Battlefield
from game.engine.checks import fire_blockers
from game.engine.commands import EndPhase, Overwatch
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR
from game.engine.view import player_view
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line
from tests.ai.test_regular_team import two_teams


def friend_in_front() -> Engine:
    """R1 and G as in `two_teams`, with R2 standing in the street between them."""
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0)
    units = [
        UnitSpec("R1", REGULAR, line(8.0, 24.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        UnitSpec("R2", REGULAR, line(8.5, 16.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        UnitSpec("G", INSURGENT, line(10.0, 8.0, 4), quality=6),
    ]
    return Engine(StagedScenario(Staging(units=units)), battlefield, 7)


def test_r278_no_watch_over_a_group_a_friend_stands_in_front_of() -> None:
    clear = two_teams()
    board = Board(player_view(clear, REGULAR), clear.terrain)
    r1 = board.unit("R1")
    assert r1 is not None
    assert WatchCandidate().evaluate(Focus(board, r1)) > 6.0  # G in sight, nobody in the way
    blocked = friend_in_front()
    board = Board(player_view(blocked, REGULAR), blocked.terrain)
    r1, g = board.unit("R1"), board.unit("G")
    assert r1 is not None and g is not None
    here = board.spot_of(r1).position()
    assert board.los(here, board.position(g))  # R1 still sees G over its friends' heads...
    assert friends_in_the_way(board, r1, here, board.position(g))
    # ...but the engine would refuse the shot (Line of Fire, R91): no watch
    assert WatchCandidate().evaluate(Focus(board, r1)) == NOTHING
    # the engine's own rule says the same: R2 blocks R1's fire at G
    units = blocked.state.units
    assert fire_blockers(blocked, units["R1"], units["G"]) == "R2"


def test_r279_a_unit_already_watching_is_left_on_its_watch() -> None:
    engine = two_teams()
    ai = RegularAI(engine.battlefield)
    ai.candidates = [WatchCandidate()]  # only the watch: what matters is who is activated
    first = ai.choose(player_view(engine, REGULAR))
    assert isinstance(first, Overwatch)  # neither unit watches yet: one goes on Overwatch
    engine.state.units[first.unit].overwatch = True
    second = ai.choose(player_view(engine, REGULAR))
    assert isinstance(second, Overwatch) and second.unit != first.unit
    engine.state.units[second.unit].overwatch = True
    assert isinstance(ai.choose(player_view(engine, REGULAR)), EndPhase)
    assert "stays on Overwatch" in ai.journal[-2] and "R279" in ai.journal[-2]
    # the basic AI re-declares the watch (it ends the old one only to begin the same again)
    basic = RegularAI(engine.battlefield, style="basic")
    basic.candidates = [WatchCandidate()]
    assert isinstance(basic.choose(player_view(engine, REGULAR)), Overwatch)

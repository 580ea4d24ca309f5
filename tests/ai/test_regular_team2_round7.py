"""The team Regular AI, round 7 (issue 17 §4, helper team2): the breakout from a position held
(R384, R385), found by weighing Midnight at the Alamo's victory points as a player would. Each
test sets up the situation on the scenario's own table and asserts the better choice."""

from __future__ import annotations

from pathlib import Path

from game.ai import scenario_goals
from game.ai.regular_board import Board
from game.ai.team_breakout import (
    BREAKOUT_LABEL,
    BREAKOUT_MARGIN,
    breakout_goals,
    exit_worth,
    plan,
)
from game.ai.team_goals import TeamBoard
from game.engine.engine import Engine
from game.engine.protocol import UnitStatus
from game.engine.state import REGULAR
from game.engine.view import player_view
from game.save import load_save, new_game, resolve_map, write_save

MIDNIGHT_POINTS = {"objective_held": 10, "regular_exited": 1, "regulars_survive": 5}


def _midnight(turn: int = 1) -> Engine:
    map_path, sid = resolve_map("midnight-at-the-alamo")
    engine = new_game(map_path, sid, 3)
    engine.state.turn = turn
    return engine


def _goals(engine: Engine, board_type: type[Board] = TeamBoard) -> dict[str, str]:
    board = board_type(player_view(engine, REGULAR), engine.terrain)
    out: dict[str, str] = {}
    for unit in board.regulars:
        goal = board.goal_for(unit)
        out[unit.name] = goal.label if goal is not None else ""
    return out


def _unit(engine: Engine, name: str):  # type: ignore[no-untyped-def]
    return next(u for u in engine.state.units.values() if u.name == name)


def test_r384_the_view_publishes_the_regulars_victory_points() -> None:
    engine = _midnight()
    view = player_view(engine, REGULAR)
    assert view.state["objectives"]["regular_points"] == MIDNIGHT_POINTS
    assert view.state["objectives"]["insurgent_points"]["regulars_left_table"] == 5


def test_r384_two_fireteams_break_out_and_the_main_house_holds() -> None:
    """Turn 1: the walk to the north edge (about 20", four Cautious moves) takes every turn
    before the exit opens on turn 4, so the two fireteams that take the most Marines out go
    (Alpha's 5 and Charlie's 4: 9 VP against the 5 of quitting); Bravo, in the Main house
    (ties go by the id), holds the compound for the 10 VP."""
    engine = _midnight()
    assert _goals(engine) == {
        "Alpha fireteam": BREAKOUT_LABEL,
        "Bravo fireteam": "the position to hold",
        "Charlie fireteam": BREAKOUT_LABEL,
    }
    # the basic AI holds with everyone (R208, unchanged)
    assert set(_goals(engine, Board).values()) == {"the position to hold"}


def test_r384_no_breakout_when_the_marines_out_would_not_beat_the_quitting() -> None:
    """Two men left in Alpha and two in Charlie: 4 VP out (with Bravo's 4, the best is 6)
    against the 5 the Insurgents score for quitting, short of `BREAKOUT_MARGIN`: all hold."""
    engine = _midnight()
    for name in ("Alpha fireteam", "Charlie fireteam"):
        unit = _unit(engine, name)
        unit.figures = unit.figures[:2]
    board = TeamBoard(player_view(engine, REGULAR), engine.terrain)
    _, going, figures = plan(board, list(board.regulars))
    assert figures == 6 and figures < 5 + BREAKOUT_MARGIN and len(going) == 2
    assert set(_goals(engine).values()) == {"the position to hold"}


def test_r384_too_late_to_walk_out_and_too_early_to_start() -> None:
    """Turn 5, everyone still in the compound: the walk needs four turns and the game ends
    after turn 6, so no one can be out in time: all hold. Turn 1 on a table where the exit
    opened only on turn 6 is too early to start (the walk would wait at the edge)."""
    assert set(_goals(_midnight(turn=5)).values()) == {"the position to hold"}
    late = _midnight()
    late.state.objectives["exit_from_turn"] = 6
    assert set(_goals(late).values()) == {"the position to hold"}


def test_r384_once_a_unit_has_left_every_figure_out_is_a_gain() -> None:
    """Charlie already out by the north edge (the 5 VP of quitting given away): Alpha, on its
    way, goes on even with two men left (2 VP, nothing left to beat)."""
    engine = _midnight(turn=4)
    _unit(engine, "Charlie fireteam").status = UnitStatus.EXITED
    alpha = _unit(engine, "Alpha fireteam")
    alpha.figures = alpha.figures[:2]
    assert exit_worth(alpha) == 2
    for f in alpha.figures:  # half way to the north edge
        f.y = 10.0
    goals = _goals(engine)
    assert goals["Alpha fireteam"] == BREAKOUT_LABEL
    assert goals["Bravo fireteam"] == "the position to hold"


def test_r385_the_exit_opens_to_the_breakout_from_the_scenarios_turn() -> None:
    early = _midnight(3)
    assert not TeamBoard(player_view(early, REGULAR), early.terrain).exit_allowed()
    engine = _midnight(4)
    assert TeamBoard(player_view(engine, REGULAR), engine.terrain).exit_allowed()
    assert not Board(player_view(engine, REGULAR), engine.terrain).exit_allowed()  # R208


def test_r384_a_breakout_game_saves_and_loads_and_plays_on_the_same(tmp_path: Path) -> None:
    """`objectives.regular_points` is game state: a Midnight at the Alamo game saved after a
    command and loaded by fresh AIs ends as the whole one, Marines out by the north edge."""
    from game.headless import play
    from game.opponents import make_controllers

    map_path, sid = resolve_map("midnight-at-the-alamo")
    whole = new_game(map_path, sid, 2)
    play(whole, make_controllers(whole.battlefield, 2))
    assert whole.state.tally.get("units_exited", 0) >= 1  # the breakout was played
    commands = list(whole.log)
    engine = new_game(map_path, sid, 2)
    done = 0
    for n in range(len(commands) // 3, len(commands), len(commands) // 3):
        for command in commands[done:n]:
            engine.apply(command)
        done = n
        write_save(engine, tmp_path / "s.json")
        loaded = load_save(tmp_path / "s.json")
        assert loaded.state.objectives["regular_points"] == MIDNIGHT_POINTS
        play(loaded, make_controllers(loaded.battlefield, 2))
        assert loaded.events_sha256() == whole.events_sha256(), f"after command {n}"


def test_r384_a_vehicle_neither_holds_nor_breaks_out() -> None:
    """Midnight seed 21: an armoured ambulance come on the table (Ambulance on Call!) was taken
    as the unit that holds, and all three fireteams walked out. A vehicle's crew holds no
    house: with Bravo counted as a vehicle, Alpha and Charlie stay and hold, one of them alone
    being too few to break out for."""
    engine = _midnight()
    board = TeamBoard(player_view(engine, REGULAR), engine.terrain)
    bravo = _unit(engine, "Bravo fireteam")
    board.state.vehicles[bravo.id] = {}  # as the view lists a vehicle
    hold = {u.id: scenario_goals.hold_goals(board)[u.id] for u in board.regulars}
    goals = breakout_goals(board, dict(hold))
    assert {g.label for g in goals.values() if g is not None} == {"the position to hold"}
    del board.state.vehicles[bravo.id]  # a fireteam again: Alpha and Charlie go
    goals = breakout_goals(board, dict(hold))
    assert sorted(uid for uid, g in goals.items() if g and g.label == BREAKOUT_LABEL) == [
        "R1",
        "R3",
    ]

"""The Regular AI's per-decision memos (`game/ai/board_memo.py`) give the answers worked out
without them: the legal commands of each unit in the engine's order, the same destinations
for every candidate, and the walk left to the objective searched from the objective as long
as the one searched from each destination (the scale game, issue 23 §5)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from game.ai import board_memo
from game.ai.regular_board import Board
from game.engine.driver import Driver
from game.engine.state import REGULAR
from game.engine.terrain import path_length
from game.engine.view import player_view
from game.opponents import make_controllers
from game.save import new_game

ROOT = Path(__file__).resolve().parents[2]


def _boards_of_a_game(seed: int, decisions: int) -> list[Board]:
    engine = new_game(ROOT / "maps/contracting-trouble.tmx", "contracting-trouble", seed)
    driver = Driver(engine, make_controllers(engine.battlefield, seed))
    boards = []
    while len(boards) < decisions and driver.stop_reason == "":
        pending = engine.pending
        assert pending is not None
        if pending.side == REGULAR:
            boards.append(Board(player_view(engine, REGULAR), engine.terrain))
        driver.step()
    return boards


def test_board_memos_answer_as_the_plain_searches_do() -> None:
    walks = routes_round = 0
    for board in _boards_of_a_game(3, 6):
        for unit in board.regulars:
            assert board.options_for(unit.id) == [
                c for c in board.legal if getattr(c, "unit", None) == unit.id
            ]
            goal = board.goal_for(unit)
            first = board.destinations(unit, goal)
            assert board.destinations(unit, goal) == first  # the same, for every candidate
            assert first == board._destinations_of(unit, goal)
            if goal is None:
                continue
            for dest in first:
                left = board.walk_left(dest.end, goal.point)
                assert math.isclose(left, board.path_distance(dest.end, goal.point), abs_tol=1e-9)
                walks += 1
                routes_round += left > math.dist(dest.end, goal.point) + 0.01
    assert walks > 50 and routes_round > 5  # some walks go round buildings


def test_the_sight_memory_answers_as_the_geometry_does() -> None:
    """The Regular AI's lines of sight under short keys (issue 23 §5): each Insurgent in sight
    of a spot is the one the geometry sees, asked either way; the key is the same both ways."""
    checked = seen = 0
    for board in _boards_of_a_game(3, 4):
        for unit in board.regulars:
            for dest in board.destinations(unit, board.goal_for(unit))[:6]:
                spot = dest.spot.position()
                fresh = [
                    i
                    for i in board.insurgents
                    if board.terrain.line_of_sight(board.position(i), spot)
                ]
                assert board.insurgents_seeing(spot) == fresh
                assert board.insurgents_seeing(spot, looking=True) == fresh
                assert board.watchers_of(dest.spot) == fresh
                n = len(dest.spot.figures)
                mean = tuple(sum(p[k] for p in dest.spot.figures) / n for k in (0, 1))
                assert dest.spot.centre == mean  # remembered per spot
                for ins in board.insurgents:
                    assert board.centre_of(ins) == ins.centre  # remembered per decision
                    there = board.position(ins)
                    assert board.sight_key(spot, there) == board.sight_key(there, spot)
                    assert board.los(spot, there) == (ins in fresh)
                checked += 1
                seen += len(fresh)
    assert checked > 20 and seen > 0


def test_sight_names_are_never_given_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(board_memo, "SIGHT_NAMES", 2)
    first = board_memo.sight_name(((1.0, 2.0),), 0)
    assert board_memo.sight_name(((1.0, 2.0),), 0) == first  # the same while remembered
    board_memo.sight_name(((3.0, 2.0),), 0)
    board_memo.sight_name(((5.0, 2.0),), 1)  # the table starts afresh here
    again = board_memo.sight_name(((1.0, 2.0),), 0)
    assert again != first and again > first  # a new name, never an old one


def test_walking_distances_remembered_for_the_game_are_the_ones_worked_out() -> None:
    """`Board.path_distance` from a memory shared by every Board of a game (the RegularAI's,
    issue 23 §5) is the walk worked out afresh: the path and the straight rest."""
    boards = _boards_of_a_game(3, 4)
    shared = boards[0].walks
    asked = 0
    for board in boards:
        board.walks = shared
        for unit in board.regulars:
            for ins in board.insurgents:
                goal = ins.leader_point
                route = board.terrain.path(unit.leader_point, goal)
                fresh = path_length(route) + math.dist(route[-1], goal)
                assert board.path_distance(unit.leader_point, goal) == fresh
                assert board.path_distance(unit.leader_point, goal) == fresh  # remembered
                asked += 1
    assert 0 < len(shared) < asked  # later boards found walks the earlier ones worked out

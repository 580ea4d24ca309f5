"""The scale game, round 7 (issue 23 §5): speed-ups that decide exactly as before.

The hot spots a unit surely cannot neutralize in the turns left are told by the straight line,
without searching the walk (`team_goals.surely_late`): never one `turns_to_neutralize` finds in
time, and the team's goals are the same with and without it."""

from __future__ import annotations

import importlib

import pytest

from game.ai import team_goals
from game.ai.team_goals import TeamBoard, surely_late, turns_to_neutralize
from game.engine.state import REGULAR
from game.engine.view import player_view
from game.save import new_game

write_map = importlib.import_module("tools.scale_map").write_map


@pytest.fixture(scope="module")
def scale_board(tmp_path_factory: pytest.TempPathFactory) -> TeamBoard:
    """The scale game's 8'x8' town at its first Regular activation, as the team AI reads it."""
    engine = new_game(write_map(tmp_path_factory.mktemp("round7") / "big.tmx"), None, 1)
    return TeamBoard(player_view(engine, REGULAR), engine.terrain)


def test_surely_late_is_never_wrong_and_often_spares_the_walk(scale_board: TeamBoard) -> None:
    board = scale_board
    spots = [h for h in board.state.hot_spots.values() if not h.neutralized]
    assert spots and board.regulars
    spared = kept = 0
    for unit in board.regulars:
        for spot in spots:
            needed = turns_to_neutralize(board, unit, spot)
            for turns_left in range(1, 31):  # a longer game than the map's 10 turns too
                if surely_late(unit, spot, turns_left):
                    spared += 1
                    assert needed > turns_left, (unit.id, spot.number, turns_left)
                else:
                    kept += 1
    assert spared > 0 and kept > 0


def test_the_goals_are_the_same_without_the_shortcut(
    scale_board: TeamBoard, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = scale_board
    limit = board.state.turn_limit
    board.state.turn_limit = 30  # a long game: some hot spots are in time, others not
    hot_spot_goals = 0
    try:
        for turn in (1, 10, 20, 26):  # the turns left shrink: more and more spots are late
            board.turn = turn
            with_it = board._assign_goals()
            monkeypatch.setattr(team_goals, "surely_late", lambda *_: False)
            without = board._assign_goals()
            monkeypatch.undo()
            assert with_it == without
            hot_spot_goals += sum(
                1 for g in with_it.values() if g is not None and g.label.startswith("hot spot")
            )
    finally:
        board.state.turn_limit = limit
    assert hot_spot_goals > 0

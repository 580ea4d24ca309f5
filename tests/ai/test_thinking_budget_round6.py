"""The Regular AI's thinking budget on tables bigger than any shipped one, round 6 (issue 23 §5):
the watch weighs only groups within reach (R395), the exit point is the first reachable one on
each exit edge (R396). No shipped table is that big: golden games unchanged."""

from __future__ import annotations

import importlib
import math
from pathlib import Path
from typing import Any

import pytest

from game.ai.regular_board import Board
from game.ai.regular_candidates import Focus
from game.ai.regular_team import WatchCandidate
from game.ai.thinking_budget import SIGHT_REACH, big_table
from game.engine.commands import Overwatch
from game.engine.state import REGULAR
from game.engine.view import player_view
from game.save import new_game

write_map = importlib.import_module("tools.scale_map").write_map
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def big_board(tmp_path_factory: pytest.TempPathFactory) -> Board:
    """The scale game's 8'x8' town at its first Regular activation."""
    engine = new_game(write_map(tmp_path_factory.mktemp("budget6") / "big.tmx"), None, 1)
    assert big_table(engine.battlefield)
    return Board(player_view(engine, REGULAR), engine.terrain)


def test_r395_r396_no_shipped_table_is_budgeted() -> None:
    for tmx in sorted((ROOT / "maps").glob("*.tmx")):
        engine = new_game(tmx, tmx.stem, 1)
        assert not big_table(engine.battlefield), tmx.name


def _watched(board: Board, unit_id: str) -> set[str]:
    """The Insurgent units the watch asked about for `unit_id` (their positions)."""
    asked: set[str] = set()
    original = board.position

    def position(unit: Any) -> Any:
        if unit.side != REGULAR:
            asked.add(unit.id)
        return original(unit)

    board.position = position  # type: ignore[method-assign]
    try:
        unit = board.unit(unit_id)
        assert unit is not None
        focus = Focus(board, unit)
        assert any(isinstance(c, Overwatch) for c in focus.options)
        WatchCandidate().evaluate(focus)
    finally:
        del board.position
    return asked


def test_r395_on_a_big_table_the_watch_weighs_only_groups_within_reach(big_board: Board) -> None:
    """The watch (R273, R323) of a fireteam on the south edge asks about no Insurgent group
    farther than 36" from it; weighed without the budget it asks about every group."""
    unit = big_board.regulars[0]
    centre = big_board.spot_of(unit).centre
    far = {i.id for i in big_board.insurgents if math.dist(big_board.centre_of(i), centre) > 36}
    assert far  # most of the town is out of reach
    asked = _watched(big_board, unit.id)
    assert asked and not asked & far
    reach2 = big_board._reach2
    big_board._reach2 = None  # the budget off: the whole table
    try:
        assert _watched(big_board, unit.id) == {i.id for i in big_board.insurgents}
    finally:
        big_board._reach2 = reach2
    assert reach2 == SIGHT_REACH**2


def test_r396_on_a_big_table_the_exit_point_is_the_first_reachable_on_each_edge(
    big_board: Board,
) -> None:
    """One walk per exit edge (straight across when it is reachable) where five were
    weighed; without the budget the five points of the edge are walked and the shortest
    taken."""
    board = big_board
    edges = board.state.exit_edges
    board.state.exit_edges = ["north"]
    walked: list[tuple[float, float]] = []
    original = board.path_distance

    def path_distance(start: tuple[float, float], goal: tuple[float, float]) -> float:
        walked.append(goal)
        return original(start, goal)

    board.path_distance = path_distance  # type: ignore[method-assign]
    try:
        start = board.regulars[0].leader_point
        assert board.exit_point(start) == (start[0], 0.3)
        assert walked == [(start[0], 0.3)]
        walked.clear()
        board._first_exit = False  # the budget off: five points walked
        whole = board.exit_point(start)
        assert len(walked) == 5 and whole in walked
        assert original(start, whole) == min(original(start, p) for p in walked)
    finally:
        board._first_exit = True
        board.state.exit_edges = edges
        del board.path_distance

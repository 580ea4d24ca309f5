"""The Regular AI's thinking budget on tables bigger than any shipped one (R370, issue 23 §5)."""

from __future__ import annotations

import importlib
import math
from pathlib import Path

from game.ai.regular_board import Board
from game.ai.thinking_budget import SIGHT_REACH, sight_reach
from game.engine.state import REGULAR
from game.engine.view import player_view
from game.save import new_game

write_map = importlib.import_module("tools.scale_map").write_map
ROOT = Path(__file__).resolve().parents[2]


def test_r370_every_shipped_table_is_weighed_whole() -> None:
    for tmx in sorted((ROOT / "maps").glob("*.tmx")):
        engine = new_game(tmx, tmx.stem, 1)
        assert sight_reach(engine.battlefield) is None, tmx.name


def test_r370_on_a_big_table_only_insurgents_within_reach_are_weighed_as_seeing(
    tmp_path: Path,
) -> None:
    """On the 8'x8' town of the scale game an Insurgent group farther than 36" from a spot is
    not counted as seeing it, though the geometry says it does; every group within reach is
    counted exactly as the geometry says."""
    engine = new_game(write_map(tmp_path / "big.tmx"), None, 1)
    assert sight_reach(engine.battlefield) == SIGHT_REACH
    board = Board(player_view(engine, REGULAR), engine.terrain)
    far_but_seen = 0
    for checked, unit in enumerate(board.regulars):
        if far_but_seen and checked >= 3:
            break  # enough: the budget left out a group that does see
        spot = board.spot_of(unit).position()
        geometry = [
            i for i in board.insurgents if engine.terrain.line_of_sight(board.position(i), spot)
        ]
        centre = board.spot_of(unit).centre
        near = [i for i in geometry if math.dist(board.centre_of(i), centre) <= SIGHT_REACH]
        assert board.insurgents_seeing(spot) == near
        far_but_seen += len(geometry) - len(near)
        for ins in board.insurgents:  # the reused weighings ask the same (reweigh.py)
            if ins in geometry and ins not in near:
                assert not board.sees_any(ins, [spot])
    assert far_but_seen > 0  # the budget left out groups that do see (a change of play)

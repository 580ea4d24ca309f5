"""The scale game, round 7 (issue 23 §5).

A speed-up that decides exactly as before: the hot spots a unit surely cannot neutralize in the
turns left are told by the straight line, without searching the walk (`team_goals.surely_late`):
never one `turns_to_neutralize` finds in time, and the team's goals are the same with and
without it.

The thinking budget on a big table (R397): a unit weighs fire and charges only at the Insurgent
units within 36" of it, and the engine checks no other (a narrowed read of the lazy options).
With it, of a unit's sample moves only the first legal one at each rate is read (the weighings
read only the rates; speed only: the same game)."""

from __future__ import annotations

import importlib
import math
from pathlib import Path
from typing import Any

import pytest

from game.ai import team_goals
from game.ai.controller import InsurgentAI
from game.ai.regular import RegularAI
from game.ai.team_goals import TeamBoard, surely_late, turns_to_neutralize
from game.ai.thinking_budget import SIGHT_REACH, big_table
from game.engine import checks
from game.engine.commands import CloseAssault, Command, EndPhase, Fire, MoveUnit
from game.engine.lazy_options import LazyOptions, StaleOptions, narrow
from game.engine.protocol import DecisionKind
from game.engine.state import REGULAR
from game.engine.view import player_view
from game.headless import play
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


# --- R397: fire and charges weighed only at targets within reach, on a big table -------------
def _lazy_engine(tmp: pytest.TempPathFactory) -> Any:
    engine = new_game(write_map(tmp.mktemp("r397") / "big.tmx"), None, 1)
    engine.lazy_samples = True
    engine.apply(engine.pending.options[0])  # ends the Regular phase: the next is lazy
    return engine


def test_r397_a_unit_weighs_fire_and_charges_only_within_reach(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The team AI's options of each Regular unit at an activation on the 8'x8' town hold no
    Fire or Close Assault at an Insurgent unit whose middle is over 36" from the unit's, and
    every other command the engine offers it; the engine checked only those (a narrowed read),
    and they are the whole list filtered, command for command."""
    engine = _lazy_engine(tmp_path_factory)
    while engine.pending.kind != DecisionKind.ACTIVATE or engine.pending.side != REGULAR:
        engine.apply(engine.pending.options[0])
    assert isinstance(engine.pending.options, LazyOptions)
    board = TeamBoard(player_view(engine, REGULAR), engine.terrain)
    assert big_table(engine.battlefield) and board._in_reach_only
    checked: list[Command] = []
    check = checks.check_action

    def counting(g: Any, unit: Any, command: Command, act: Any) -> None:
        checked.append(command)
        check(g, unit, command, act)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(checks, "check_action", counting)
        narrowed = {u.id: board.options_for(u.id) for u in board.regulars}
    whole = list(engine.pending.options)  # the whole list, read afterwards
    far_targets = 0
    for unit in board.regulars:
        centre = board.centre_of(unit)
        offered = [c for c in whole if getattr(c, "unit", None) == unit.id]
        for c in offered:
            if isinstance(c, (Fire, CloseAssault)):
                target = engine.state.units[c.target]
                far = math.dist(target.centre, centre) > SIGHT_REACH
                far_targets += far
                assert (c in narrowed[unit.id]) == (not far)
            elif isinstance(c, MoveUnit):  # of the sample moves, the first at each rate
                first = next(m for m in offered if isinstance(m, MoveUnit) and m.rate == c.rate)
                assert (c in narrowed[unit.id]) == (c == first)
            else:
                assert c in narrowed[unit.id]
        assert narrowed[unit.id] == [c for c in offered if c in narrowed[unit.id]]
        assert board.move_rates(unit.id) == {c.rate for c in offered if isinstance(c, MoveUnit)}
    assert not any(
        isinstance(c, (Fire, CloseAssault))
        and math.dist(engine.state.units[c.target].centre, engine.state.units[c.unit].centre)
        > SIGHT_REACH
        for c in checked
    )
    assert checked  # the narrowed reads asked the engine (no whole list was built first)
    assert far_targets > 0  # the engine offers some shots beyond reach: not weighed


def test_r397_the_narrowed_read_is_the_whole_part_filtered(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Read narrowed on one engine and whole then filtered on its twin: the same commands."""
    one, two = _lazy_engine(tmp_path_factory), _lazy_engine(tmp_path_factory)
    for engine in (one, two):
        while engine.pending.kind != DecisionKind.ACTIVATE or engine.pending.side != REGULAR:
            engine.apply(engine.pending.options[0])
    view_one, view_two = player_view(one, REGULAR), player_view(two, REGULAR)
    list(view_two.legal)  # the twin builds every part whole first
    board = TeamBoard(view_one, one.terrain)
    for unit in one.state.units_of(REGULAR):
        keep = board._keep_for(unit)  # R397's reach, and the first sample move at each rate
        narrowed = view_one.unit_options(unit.id, keep)
        assert narrowed == view_two.unit_options(unit.id, keep)
        assert narrowed == narrow(view_two.unit_options(unit.id), keep)
        assert len(narrowed) < len(view_two.unit_options(unit.id))


def test_the_sample_moves_read_by_rate_play_the_same_game(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading only the first legal sample move at each rate (the weighings read only which
    rates a unit may move at) plays the same game as reading every sample move: the scale
    game's first turn, R397 on in both."""
    path = write_map(tmp_path_factory.mktemp("rates") / "big.tmx")

    def game() -> str:
        engine = new_game(path, None, 1, turn_limit=1)
        play(
            engine,
            {
                "regular": RegularAI(engine.battlefield),
                "insurgent": InsurgentAI(engine.battlefield, 4),
            },
        )
        return engine.events_sha256()

    narrowed = game()
    keep_for = TeamBoard._keep_for

    def every_move(self: TeamBoard, unit: Any) -> Any:
        in_reach = keep_for(self, unit)
        return lambda c, taken: in_reach(c, []) if isinstance(c, MoveUnit) else in_reach(c, taken)

    monkeypatch.setattr(TeamBoard, "_keep_for", every_move)
    assert game() == narrowed


def test_r397_no_shipped_table_is_narrowed() -> None:
    root = Path(__file__).resolve().parents[2]
    for tmx in sorted((root / "maps").glob("*.tmx")):
        engine = new_game(tmx, tmx.stem, 1)
        board = TeamBoard(player_view(engine, REGULAR), engine.terrain)
        assert not board._in_reach_only, tmx.name


def test_r397_a_narrowed_read_after_the_game_moved_on_is_refused(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    engine = _lazy_engine(tmp_path_factory)
    while engine.pending.kind != DecisionKind.ACTIVATE or engine.pending.side != REGULAR:
        engine.apply(engine.pending.options[0])
    view = player_view(engine, REGULAR)
    unit = engine.state.units_of(REGULAR)[0]
    engine.apply(EndPhase(side=REGULAR))  # the phase ends: the options, unread, are sealed
    with pytest.raises(StaleOptions):
        view.unit_options(unit.id, lambda c: True)


def test_a_unit_carrying_wounded_reads_every_cautious_sample_move(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Its moves to safety are weighed from the engine's Cautious moves: all of them are read;
    of the other rates only the first (the weighings read only that it may move so)."""
    import copy

    from game.engine.protocol import FigureStatus, MoveRate

    engine = _lazy_engine(tmp_path_factory)
    while engine.pending.kind != DecisionKind.ACTIVATE or engine.pending.side != REGULAR:
        engine.apply(engine.pending.options[0])
    board = TeamBoard(player_view(engine, REGULAR), engine.terrain)
    unit = copy.deepcopy(board.regulars[0])
    offered = [c for c in engine.pending.options if getattr(c, "unit", None) == unit.id]
    moves = [c for c in offered if isinstance(c, MoveUnit)]
    rapid = [c for c in moves if c.rate == MoveRate.RAPID]
    assert len(rapid) > 1 and len(moves) > len(rapid) + 1
    healthy = [c for c in narrow(offered, board._keep_for(unit)) if isinstance(c, MoveUnit)]
    assert healthy == [moves[0], rapid[0]]
    unit.figures[0].status = FigureStatus.HIT
    carrying = [c for c in narrow(offered, board._keep_for(unit)) if isinstance(c, MoveUnit)]
    assert carrying == [c for c in moves if c.rate == MoveRate.CAUTIOUS or c == rapid[0]]

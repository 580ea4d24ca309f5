"""The cycle collector is kept off the objects that live all game (game/steady_gc.py), for the
length of a game only, and garbage the game made is still collected."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest

from game.engine.controllers import RandomController
from game.engine.state import INSURGENT, REGULAR
from game.headless import play
from game.save import new_game
from game.steady_gc import Collector, steady_collector

pytestmark = pytest.mark.usefixtures("unfrozen_collector")  # the suite froze what it loaded

MAP = Path(__file__).resolve().parent.parent / "maps" / "engine" / "crossroads.tmx"


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_what_lives_at_the_start_is_frozen_and_released_at_the_end() -> None:
    assert gc.get_freeze_count() == 0
    with steady_collector():
        frozen = gc.get_freeze_count()
        assert frozen > 1000  # the loaded code and the test session, at least
        # a nested block leaves the outer one in charge: it freezes nothing more and its end
        # unfreezes nothing (the count may only fall by frozen objects that die meanwhile, e.g.
        # a finished client test's AI thread letting go of its view)
        with steady_collector():
            assert frozen - 1000 < gc.get_freeze_count() <= frozen
        assert frozen - 1000 < gc.get_freeze_count() <= frozen
    assert gc.get_freeze_count() == 0


def test_garbage_made_during_the_block_is_collected_and_so_is_what_it_let_go() -> None:
    before = _Cycle()
    gone_before = weakref.ref(before)
    with steady_collector():
        during = _Cycle()
        gone_during = weakref.ref(during)
        del during
        gc.collect()
        assert gone_during() is None  # young garbage is collected inside the block
        del before
        gc.collect()
        assert gone_before() is not None  # frozen: not walked while the game runs
    gc.collect()
    assert gone_before() is None  # unfrozen at the end: nothing is kept for good


def test_a_caller_that_turned_the_collector_off_keeps_it_off() -> None:
    gc.disable()
    try:
        with steady_collector():
            assert gc.get_freeze_count() == 0
            assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_headless_game_runs_with_the_collector_steadied_and_leaves_it_as_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine = new_game(MAP, None, 3, turn_limit=3)
    settled: list[int] = []
    settle = Collector.settle

    def spy(self: Collector) -> None:
        settled.append(engine.state.turn)
        settle(self)

    monkeypatch.setattr(Collector, "settle", spy)
    counts: list[int] = []
    play(
        engine,
        {REGULAR: RandomController(7), INSURGENT: RandomController(8)},
        after_command=lambda: counts.append(gc.get_freeze_count()),
    )
    assert engine.over and engine.state.turn == 3
    # once at the start, then at the start of every new turn: the calm moments to collect
    assert settled == [1, 2, 3]
    assert counts and min(counts) > 1000
    assert gc.get_freeze_count() == 0
    assert gc.isenabled()


def test_settling_in_a_nested_block_leaves_the_outer_one_in_charge() -> None:
    with steady_collector() as outer:
        with steady_collector() as inner:
            frozen = gc.get_freeze_count()
            inner.settle()
            assert gc.get_freeze_count() == frozen
        kept = [_Cycle() for _ in range(50)]
        outer.settle()
        assert gc.get_freeze_count() >= frozen + 50  # what the game built since is frozen too
        del kept
    assert gc.get_freeze_count() == 0

"""Positions remembered while sample commands are built (`game/engine/position_memo.py`,
issue 23 §5): the same positions, the same sample commands, nothing kept past the block."""

from __future__ import annotations

import contextlib

import pytest

from game.ai.controller import InsurgentAI
from game.ai.regular import RegularAI
from game.engine import samples
from game.engine.driver import Driver
from game.engine.position_memo import position_of, positions_frozen
from game.engine.procedure import Activation
from game.engine.state import INSURGENT, REGULAR
from game.save import new_game, resolve_map


def test_a_position_is_remembered_only_inside_the_block() -> None:
    map_path, sid = resolve_map("sweep-and-clear")
    engine = new_game(map_path, sid, 1)
    unit = engine.state.units_of(REGULAR)[0]
    assert position_of(engine, unit) is not position_of(engine, unit)  # afresh outside
    with positions_frozen(engine):
        first = position_of(engine, unit)
        with positions_frozen(engine):  # a nested block shares the memory
            assert position_of(engine, unit) is first
        assert first == unit.position()
    assert engine.position_memo is None


def test_the_sample_commands_are_those_built_without_the_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At each of a seeded game's first Regular decisions, every unit's sample commands (fire
    checked against every enemy, with who stands in each line of fire) are the same built
    with the positions remembered and built afresh."""
    map_path, sid = resolve_map("hornets-nest")
    engine = new_game(map_path, sid, 2, turn_limit=6)
    driver = Driver(
        engine,
        {REGULAR: RegularAI(engine.battlefield), INSURGENT: InsurgentAI(engine.battlefield, 6)},
    )
    compared = fires = steps = 0
    while (compared < 40 or fires == 0) and driver.stop_reason == "" and steps < 400:
        steps += 1
        pending = engine.pending
        assert pending is not None
        if pending.side == REGULAR:
            for unit in engine.state.units_of(REGULAR):
                act = Activation.begin(unit)
                kept = samples.unit_action_options(engine, unit, act)
                with monkeypatch.context() as m:
                    m.setattr(samples, "positions_frozen", lambda g: contextlib.nullcontext())
                    assert samples.unit_action_options(engine, unit, act) == kept
                fires += sum(c.kind == "fire" for c in kept)
                compared += 1
        driver.step()
    assert compared >= 40 and fires > 0

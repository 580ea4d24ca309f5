"""The engine's bounded line-of-sight memory (`game/engine/sight_memory.py`, issue 23 §5)."""

from __future__ import annotations

import pytest

from game.engine.sight_memory import TwoGenerations


def test_a_full_memory_keeps_the_answers_in_use_and_drops_the_oldest() -> None:
    memory: TwoGenerations[str, bool] = TwoGenerations(3)
    for key in "abc":
        memory.put(key, key != "b")
    assert memory.get("b") is False  # a False answer is an answer, not a miss
    memory.put("d", True)  # the newer generation was full: a, b, c become the older
    assert memory.get("a") is True  # asked again: carried into the newer generation
    memory.put("e", True)
    memory.put("f", True)  # full again (d, a, e): the older one (b, c) is dropped
    assert memory.get("b") is None and memory.get("c") is None
    assert memory.get("a") is True and memory.get("d") is True
    assert len(memory) <= 2 * memory.limit
    memory.clear()
    assert memory.get("a") is None and len(memory) == 0


def test_a_memory_holds_at_least_one_answer() -> None:
    with pytest.raises(ValueError, match="at least one"):
        TwoGenerations(0)

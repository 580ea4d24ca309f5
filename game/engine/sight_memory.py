"""A bounded memory of answers that never go stale (lines of sight by positions; issue 23 §5).

The engine's line-of-sight memory (`Engine.los`) used to start afresh when full, so the pairs
asked just before were asked of the geometry again; it and the Regular AI's walking distances
(`board_memo`, `RegularAI`) now keep two generations (the Regular AI's own sight memory is a
plain dict of 300,000 pairs, more than the scale game asks). When the newer generation is full
it becomes the older and the oldest is dropped; an answer found in the older generation is
carried into the newer. So the pairs in use stay, at most twice `limit` answers are held, and
each question costs one or two dictionary look-ups (speed only: the geometry gives the same
answer every time).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)
Value = TypeVar("Value")


class TwoGenerations(Generic[Key, Value]):
    """`get`/`put` of a dict bounded at two generations of `limit` entries each."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError("a memory holds at least one answer")
        self.limit = limit
        self._new: dict[Key, Value] = {}
        self._old: dict[Key, Value] = {}

    def get(self, key: Key) -> Value | None:
        found = self._new.get(key)
        if found is None:
            found = self._old.get(key)
            if found is not None:
                self.put(key, found)  # still in use: carried into the newer generation
        return found

    def put(self, key: Key, value: Value) -> None:
        if len(self._new) >= self.limit:
            self._old = self._new
            self._new = {}
        self._new[key] = value

    def clear(self) -> None:
        self._new = {}
        self._old = {}

    def __len__(self) -> int:
        return len(self._new) + len(self._old.keys() - self._new.keys())

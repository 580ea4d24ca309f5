"""A registry that is whole whenever it is read: handlers written in other modules register
themselves on import (`REGISTRY[key] = handler`), and the first read (a lookup, `in`, `len`,
iterating) first imports every such module. What a lookup finds therefore never depends on which
modules the program happened to import before it (a test run alone, a tool, the game)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableMapping
from typing import TypeVar

V = TypeVar("V")


class CompletingRegistry(MutableMapping[str, V]):
    """A mapping filled by registration; `complete` (importing the registering modules) runs once,
    before the first read. A read made while `complete` runs (a module wrapping another's handler
    as it registers) sees the entries registered so far."""

    def __init__(self, complete: Callable[[], None]) -> None:
        self._entries: dict[str, V] = {}
        self._complete = complete
        self._state = "open"  # then "completing", then "whole"

    def whole(self) -> CompletingRegistry[V]:
        """Every registering module imported (once); the registry itself."""
        if self._state == "open":
            self._state = "completing"
            try:
                self._complete()
            except BaseException:
                self._state = "open"
                raise
            self._state = "whole"
        return self

    def __getitem__(self, key: str) -> V:
        return self.whole()._entries[key]

    def __setitem__(self, key: str, value: V) -> None:
        self._entries[key] = value  # registering never completes: modules register on import

    def __delitem__(self, key: str) -> None:
        del self._entries[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.whole()._entries)

    def __len__(self) -> int:
        return len(self.whole()._entries)

    def __contains__(self, key: object) -> bool:
        return key in self.whole()._entries

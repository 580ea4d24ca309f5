"""Keeping Python's cycle collector out of the middle of a game.

Python's full (oldest-generation) collection walks every tracked object alive. By the time a
game is running that is the loaded code, the map, its pymunk geometry and navigation graphs:
tens of thousands of objects that live as long as the game does. On a slow machine such a
collection takes 20-70 ms, and it lands wherever the allocation counters happen to run out:
in the middle of an AI's decision or a frame, as a stall the player sees.

`steady_collector()` brackets a game: it collects once at the start (a moment nobody waits
on), then freezes everything alive (`gc.freeze`), so later collections walk only what the game
itself made since. The game's own caches (routes, sight, placements) grow as it goes, so the
block's `settle()` does the same again at each new turn, the next calm moment: the headless
runner and the client's battle screen call it when the turn number changes. When the game ends
it unfreezes, so that whatever the game let go of can be collected as usual: nothing is kept
for the life of the process (frozen objects freed by their reference counts go at once).

This module is used by the app layer (the headless runner and the client), never by the rules
core, which knows nothing of memory management.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


class Collector:
    """What a `steady_collector()` block hands back: `settle()` collects and freezes again at a
    calm moment (a new turn), so the objects the game built and kept so far (its caches, its
    route trees) leave the collector's walks too. It does nothing in a nested block."""

    def __init__(self, owner: bool) -> None:
        self.owner = owner

    def settle(self) -> None:
        if self.owner:
            gc.collect()
            gc.freeze()


@contextmanager
def steady_collector() -> Iterator[Collector]:
    """For the length of the `with` block: everything alive at its start is left out of the
    collector's walks. Nested blocks do nothing more (the outer one already froze)."""
    if gc.get_freeze_count() > 0 or not gc.isenabled():
        # someone else manages the collector (an outer block, or a caller that turned it off)
        yield Collector(owner=False)
        return
    collector = Collector(owner=True)
    collector.settle()
    try:
        yield collector
    finally:
        gc.unfreeze()

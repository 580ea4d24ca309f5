"""Keeping Python's cycle collector out of the middle of a game.

Python's full (oldest-generation) collection walks every tracked object alive. By the time a
game is running that is the loaded code, the map, its pymunk geometry and navigation graphs:
tens of thousands of objects that live as long as the game does. On a slow machine such a
collection takes 20-70 ms, and it lands wherever the allocation counters happen to run out:
in the middle of an AI's decision or a frame, as a stall the player sees.

`steady_collector()` brackets a game: it collects once at the start (a moment nobody waits
on), then freezes everything alive (`gc.freeze`), so later collections walk only what the game
itself made since. When the game ends it unfreezes, so that whatever the game let go of can
be collected as usual: nothing is kept for the life of the process.

This module is used by the app layer (the headless runner and the client), never by the rules
core, which knows nothing of memory management.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def steady_collector() -> Iterator[None]:
    """For the length of the `with` block: everything alive at its start is left out of the
    collector's walks. Nested blocks do nothing more (the outer one already froze)."""
    if gc.get_freeze_count() > 0 or not gc.isenabled():
        yield  # someone else manages the collector (an outer block, or a caller that turned it off)
        return
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()

"""Shared test setup: pygame never opens a real window or sound device in tests; the session
keeps Python's cycle collector off what it loaded once (see `pytest_collection_finish`)."""

import gc
import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pytest_collection_finish(session: pytest.Session) -> None:
    """Freeze everything alive once the tests are collected (the code, pytest, the test
    modules): the suite manages the collector, as `game/steady_gc.py` lets a host do, so a game
    played in a test does not walk the whole session's heap at its start and at every turn (a
    fifth of the CPU of the game-playing tests went there). Tests of the steady collector itself
    take `unfrozen_collector`."""
    gc.collect()
    gc.freeze()


@pytest.fixture
def unfrozen_collector() -> Iterator[None]:
    """The collector as a game finds it outside the suite (nothing frozen), for a test of
    `game/steady_gc.py`; frozen again afterwards, as the session keeps it."""
    gc.unfreeze()
    yield
    gc.collect()
    gc.freeze()

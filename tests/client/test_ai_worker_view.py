"""The window's AI thinks on a worker thread while the screen reads the engine (issue 23 §5):
its view's options are complete before the thread starts, never built on the worker."""

from __future__ import annotations

import time
from pathlib import Path

from game.client.session import GameSession, SessionConfig
from game.engine.lazy_options import LazyOptions

ROOT = Path(__file__).resolve().parents[2]
TABLE = str(ROOT / "tests" / "client" / "data" / "test_table.tmx")


def test_the_window_worker_thinks_on_a_complete_view() -> None:
    session = GameSession(SessionConfig(mode="watch", table=TABLE, seed=4, autosave=False))
    assert session.engine.lazy_samples is False  # the window's driver offers eager lists
    for _ in range(6):
        assert session.start_ai_step()
        assert session._thinking is not None
        view = session._thinking[0].view
        assert isinstance(view.legal, tuple) and view.legal  # read whole before the thread
        assert not isinstance(
            session.engine.pending and session.engine.pending.options, LazyOptions
        )
        while (events := session.finish_ai_step()) is None:
            time.sleep(0.01)
        assert isinstance(events, list)

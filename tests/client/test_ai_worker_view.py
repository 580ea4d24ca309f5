"""The window's AI thinks on a worker thread while the screen reads the engine (issue 23 §5):
its view's options are complete before the thread starts, never built on the worker (the
first decision's, left unbuilt for the window's opening, are built on the window's thread)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from game.client.session import GameSession, SessionConfig
from game.engine.commands import Command
from game.engine.lazy_options import LazyOptions

ROOT = Path(__file__).resolve().parents[2]
TABLE = str(ROOT / "tests" / "client" / "data" / "test_table.tmx")


def test_the_window_worker_thinks_on_a_complete_view(monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession(SessionConfig(mode="watch", table=TABLE, seed=4, autosave=False))
    assert session.engine.lazy_samples is False  # the window's driver offers eager lists
    first = session.engine.pending and session.engine.pending.options
    assert isinstance(first, LazyOptions) and not first.complete  # nothing built to open
    builders: list[str] = []
    part = LazyOptions._part

    def recording(self: LazyOptions, index: int) -> list[Command]:
        if self._built[index] is None:
            builders.append(threading.current_thread().name)
        return part(self, index)

    monkeypatch.setattr(LazyOptions, "_part", recording)
    for step in range(6):
        assert session.start_ai_step()
        assert session._thinking is not None
        view = session._thinking[0].view
        if step == 0:  # the first decision's options, built when read (the window's opening):
            assert isinstance(view.legal, LazyOptions)  # built here, before the thread
            assert view.legal.complete and list(view.legal)
            assert builders and set(builders) == {threading.current_thread().name}
            continue_thinking(session)
            continue
        assert isinstance(view.legal, tuple) and view.legal  # read whole before the thread
        assert not isinstance(
            session.engine.pending and session.engine.pending.options, LazyOptions
        )
        continue_thinking(session)


def continue_thinking(session: GameSession) -> None:
    while (events := session.finish_ai_step()) is None:
        time.sleep(0.01)
    assert isinstance(events, list)

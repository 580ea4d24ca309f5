"""The battle window opens without building the first decision's sample commands (issue 23
§5, the window's opening on a big table; speed only): they are built when read, and read whole
they are the list an eager engine offers, command for command; every later decision is built
whole as before, and the game plays on to the same events."""

from __future__ import annotations

from pathlib import Path

from game.client.session import GameSession, SessionConfig
from game.engine.lazy_options import LazyOptions
from game.save import new_game

ROOT = Path(__file__).resolve().parents[2]


def test_the_first_decision_is_built_when_read_and_is_the_eager_list() -> None:
    session = GameSession(SessionConfig(mode="solo", table="contracting-trouble", autosave=False))
    engine = session.engine
    assert engine.pending is not None
    options = engine.pending.options
    assert isinstance(options, LazyOptions) and not options.complete
    assert engine.lazy_samples is False  # only the first decision is left to be read
    eager_engine = new_game(
        Path(engine.state.map_path), engine.state.scenario_id, engine.state.seed
    )
    assert not isinstance(eager_engine.pending and eager_engine.pending.options, LazyOptions)
    assert eager_engine.pending is not None and len(eager_engine.pending.options) > 20
    assert list(options) == list(eager_engine.pending.options)


def test_after_the_first_command_the_decisions_are_built_whole_and_play_the_same() -> None:
    session = GameSession(SessionConfig(mode="watch", table="contracting-trouble", autosave=False))
    eager = new_game(Path(session.engine.state.map_path), session.engine.state.scenario_id, 1)
    for _ in range(12):
        session.step_ai()
        pending = session.engine.pending
        assert pending is not None
        assert not isinstance(pending.options, LazyOptions)
    for command in session.engine.log:
        eager.apply(command)
    assert eager.events_sha256() == session.engine.events_sha256()
    assert eager.pending is not None and session.engine.pending is not None
    assert list(eager.pending.options) == list(session.engine.pending.options)

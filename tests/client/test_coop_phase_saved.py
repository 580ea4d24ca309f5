"""Issue 23: the co-op seat that holds the phase is part of a save.

In co-op the Regular players take turns choosing which fireteam activates; a player may pass
that choice to the next player (`GameSession.pass_to_next_seat`). Who holds it was kept only in
memory, so a game saved (or killed and continued) after a pass came back with the choice at
another player's seat."""

from __future__ import annotations

import json
from pathlib import Path

from game.client import saves
from game.client.session import GameSession, Seat, SessionConfig
from game.engine.commands import EndActivation
from game.engine.state import INSURGENT, REGULAR

ROOT = Path(__file__).resolve().parents[2]
SEATS = (
    Seat("Ann", "human", REGULAR, frozenset({"R1"})),
    Seat("Bob", "human", REGULAR, frozenset({"R2", "R3"})),
    Seat("Insurgent AI", "ai", INSURGENT),
)


def coop_session() -> GameSession:
    """Sweep & Clear in co-op: Ann commands R1, Bob R2 and R3."""
    config = SessionConfig(mode="coop", table="sweep-and-clear", seed=5, seats=SEATS)
    session = GameSession(config)
    saves.track_session(session)
    session.run_ai_until_human()
    return session


def test_a_saved_game_gives_the_phase_back_to_the_seat_that_held_it() -> None:
    session = coop_session()
    assert session.current_seat() == SEATS[0]
    assert session.pass_to_next_seat() == SEATS[1]  # Ann lets Bob choose first
    path = saves.save_game(session, "passed")
    loaded = saves.resume_session(path)
    assert loaded.current_seat() == SEATS[1]
    # and after Bob's fireteam has activated, the choice goes on round as it would have
    session.apply(EndActivation(side=REGULAR, unit="R2"))
    loaded.apply(EndActivation(side=REGULAR, unit="R2"))
    assert loaded.current_seat() == session.current_seat()


def test_continue_after_a_pass_gives_the_phase_back_to_the_same_seat() -> None:
    session = coop_session()
    session.pass_to_next_seat()
    del session  # killed: only the autosave and its sidecar are left
    resumed = saves.resume_session(saves.autosave_path())
    assert resumed.current_seat() == SEATS[1]


def test_a_damaged_holder_in_the_session_file_is_ignored() -> None:
    session = coop_session()
    session.pass_to_next_seat()
    path = saves.save_game(session, "damaged")
    sidecar = saves.sidecar_path(path)
    for holders in ({"regular": 10**6}, {"regular": "Bob"}, ["regular"], {"martians": 1}):
        data = json.loads(sidecar.read_text())
        data["holders"] = holders
        sidecar.write_text(json.dumps(data))
        loaded = saves.resume_session(path)
        assert loaded.current_seat() == SEATS[0], holders  # the first player holds it

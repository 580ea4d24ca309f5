"""Issue 23, item 6: in a hot-seat game, input belongs only to the seat that took the hand-off.

While the last moves play out before the computer changes hands, the keys and clicks acted for
whichever seat had to answer (the Regular player ended the Insurgents' phase with P). And a
hot-seat game opened with Continue or Load showed the waiting side's decision at once."""

from __future__ import annotations

from typing import Any

import pygame

from game.ai.controller import InsurgentAI
from game.ai.regular import RegularAI
from game.client import saves
from game.client.handoff import HandoffScene
from game.client.menu import MainMenuScene
from game.client.play import PlayScene
from game.client.saves_ui import continue_game, play_scene_for
from game.client.scenes import App
from game.client.session import GameSession, Seat, SessionConfig
from game.engine.commands import EndPhase
from game.engine.view import player_view

SEATS = (Seat("Ann", "human", "regular"), Seat("Bob", "human", "insurgent"))


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def hotseat(seed: int = 3, pace: str = "slow") -> GameSession:
    config = SessionConfig(
        mode="hotseat", table="contracting-trouble", seed=seed, seats=SEATS, pace=pace
    )
    return GameSession(config)


def play_until(session: GameSession, side: str, kind: str | None = None) -> None:
    """Both seats answered by the AIs until `side` must answer (a decision of `kind`)."""
    ais: dict[str, Any] = {
        "regular": RegularAI(session.engine.battlefield),
        "insurgent": InsurgentAI(session.engine.battlefield, 3),
    }
    for _ in range(3000):
        pending = session.engine.pending
        assert pending is not None
        if pending.side == side and (kind is None or pending.kind == kind) and session.engine.log:
            return
        session.apply(ais[pending.side].choose(player_view(session.engine, pending.side)))
    raise AssertionError("the decision never came")


def every_input(play: PlayScene) -> list[pygame.event.Event]:
    """Keys of every order, the dialog's answers, Tab and clicks on every unit of the table."""
    events = [key(code) for code in (pygame.K_p, pygame.K_e, pygame.K_o, pygame.K_g, pygame.K_h)]
    events += [key(code) for code in (pygame.K_TAB, pygame.K_1, pygame.K_2, pygame.K_3)]
    for _unit, rect in play.last_frame.figure_rects:
        events += click(rect.center)
    x, y = play.camera.viewport.centre
    events += [key(pygame.K_m), *click((round(x), round(y)))]
    return events


def test_while_the_last_moves_play_out_nobody_acts_for_the_next_seat(app: App) -> None:
    session = hotseat()
    play_until(session, "regular", "activate")
    play = play_scene_for(session)
    app.push(MainMenuScene())
    app.push(play)
    app.step()
    if isinstance(app.stack.top, HandoffScene):
        app.step([key(pygame.K_SPACE)])
    app.step()
    assert app.stack.top is play and session.current_seat() is not None
    assert session.current_seat().name == "Ann"
    app.step([key(pygame.K_p)])  # Ann ends her phase: the Insurgents' phase plays out
    assert isinstance(session.engine.log[-1], EndPhase)
    seat = session.current_seat()
    assert seat is not None and seat.name == "Bob" and play.playback.busy
    before = list(session.engine.log)
    app.step(every_input(play))  # Ann still at the keyboard, Bob's decision pending
    assert session.engine.log == before, "Ann gave an order for Bob"
    assert play.overlays.selected_unit is None or (
        session.engine.state.units[play.overlays.selected_unit].side == "regular"
    )
    for _ in range(600):  # the playback ends, then the hand-off covers the board
        app.step()
        if isinstance(app.stack.top, HandoffScene):
            break
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.player == "Bob"
    assert session.engine.log == before
    app.step([key(pygame.K_SPACE)])
    app.step()
    assert play.human_seat() is not None and play.human_seat().name == "Bob"


def _opens_with_a_hand_off(app: App, open_game: Any) -> None:
    session = hotseat(pace="instant")
    saves.track_session(session)
    play_until(session, "insurgent")
    session.autosaver()  # type: ignore[misc]
    path = saves.save_game(session, "hot")
    before = list(session.engine.log)
    menu = MainMenuScene()
    app.push(menu)
    app.step()
    open_game(menu, path)
    play = app.stack.top
    assert isinstance(play, PlayScene)
    app.step()
    top = app.stack.top
    assert isinstance(top, HandoffScene) and top.player == "Bob", "the board showed Bob's choice"
    play.draw(app.screen)  # what input the hand-off lets through: none reaches the game
    loaded: Any = play.session
    assert list(loaded.engine.log) == before
    app.step([key(pygame.K_SPACE)])
    app.step()
    assert app.stack.top is play and play.human_seat() is not None
    assert play.human_seat().name == "Bob"


def test_load_of_a_hotseat_game_opens_with_a_hand_off(app: App) -> None:
    from game.client.saves_ui import LoadScene

    def load(_menu: Any, path: Any) -> None:
        listing = LoadScene()
        app.push(listing)
        info = next(i for i in saves.list_saves() if i.path == path)
        assert listing.load(info)

    _opens_with_a_hand_off(app, load)


def test_continue_of_a_hotseat_game_opens_with_a_hand_off(app: App) -> None:
    _opens_with_a_hand_off(app, lambda menu, _path: continue_game(menu))


def test_input_before_the_first_frame_of_a_loaded_game_is_refused(app: App) -> None:
    session = hotseat(pace="instant")
    play_until(session, "insurgent")
    loaded = saves.resume_session(saves.save_game(session, "early"))
    play = play_scene_for(loaded)
    assert isinstance(play, PlayScene)
    app.push(MainMenuScene())
    app.push(play)
    before = list(loaded.engine.log)
    app.dispatch(key(pygame.K_p))  # before any frame: the hand-off is not up yet
    app.dispatch(key(pygame.K_1))
    assert list(loaded.engine.log) == before

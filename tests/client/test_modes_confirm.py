"""The "confirm ending an activation" setting: E asks first, No changes nothing, Yes ends it."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.client.confirm import ConfirmScene
from game.client.play import PlayScene, open_play
from game.client.scenes import App
from game.client.session import SessionConfig
from game.client.settings import Settings, set_current_settings
from game.engine.commands import EndActivation


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


@pytest.fixture
def solo(app: App) -> Iterator[PlayScene]:
    config = SessionConfig(mode="solo", table="contracting-trouble", seed=1, autosave=False)
    scene = open_play("contracting-trouble", config=config)
    app.push(scene)
    app.step()
    yield scene
    set_current_settings(None)


def test_with_the_setting_on_e_asks_and_no_keeps_the_activation(app: App, solo: PlayScene) -> None:
    set_current_settings(Settings(confirm_end_activation=True))
    solo.select("R1")
    commands = len(solo.session.engine.log)
    app.step([key(pygame.K_e)])
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and "Alpha fireteam" in question.question
    app.step([key(pygame.K_ESCAPE)])
    assert app.stack.top is solo
    assert len(solo.session.engine.log) == commands
    app.step([key(pygame.K_e)])
    app.step([key(pygame.K_RETURN)])
    assert app.stack.top is solo
    assert solo.session.engine.log[commands] == EndActivation(side="regular", unit="R1")


def test_with_the_setting_off_e_ends_at_once(app: App, solo: PlayScene) -> None:
    set_current_settings(Settings(confirm_end_activation=False))
    solo.select("R1")
    commands = len(solo.session.engine.log)
    app.step([key(pygame.K_e)])
    assert app.stack.top is solo
    assert solo.session.engine.log[commands] == EndActivation(side="regular", unit="R1")


def test_esc_with_nothing_to_cancel_asks_before_leaving_the_battle(
    app: App, solo: PlayScene
) -> None:
    # issue 22 item 1: Esc right after a refused order dropped the player out of the battle
    solo.select("R1")
    app.step([key(pygame.K_f)])
    app.step([key(pygame.K_ESCAPE)])  # the first Esc cancels the fire mode
    assert app.stack.top is solo and solo.mode == "select"
    app.step([key(pygame.K_ESCAPE)])  # the second asks
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and "menu" in question.question
    app.step([key(pygame.K_n)])
    assert app.stack.top is solo
    app.step([key(pygame.K_ESCAPE)])
    app.step([key(pygame.K_RETURN)])
    assert solo not in app.stack.scenes

"""tools/play_ui.py, the scripted player of the playtests: a refused order never loops."""

from __future__ import annotations

import pygame

from game.client.play import open_play
from game.client.scenes import App
from game.client.session import SessionConfig
from game.engine.commands import EndActivation
from tools import play_ui


def test_a_unit_that_may_not_move_ends_its_activation_instead_of_asking_again(app: App) -> None:
    # Sweep & Clear seed 5 opens with garbled orders (R280): no Regular unit may move on turn 1.
    # Found in play: the refused M left the screen in select mode, the player's click on the
    # ground selected nothing, E then had no unit, and the same move was asked for ever.
    config = SessionConfig(table="sweep-and-clear", seed=5, pace="instant", autosave=False)
    scene = open_play("sweep-and-clear", config=config)
    app.push(scene)
    for _ in range(3):
        app.step()
    engine = scene.session.engine
    assert engine.state.turn == 1 and engine.state.units["R1"].activated_turn != 1
    shots: list[str] = []
    play_ui.order_unit(app, scene, "R1", shots.append)
    if isinstance(app.stack.top, play_ui.ConfirmScene):  # the setting may ask first
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")])
    assert engine.state.units["R1"].activated_turn == 1  # ended, not asked again
    assert shots == []  # no move was drawn: the key itself was refused
    assert engine.log[-1] == EndActivation(side="regular", unit="R1")

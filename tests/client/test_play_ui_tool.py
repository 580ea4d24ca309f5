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


def test_a_vehicle_that_cannot_drive_there_lets_its_passengers_out(app: App) -> None:
    # found in play: Turkey Shoot seed 11, the LVTP drove at a wall every turn with the Recon
    # squad aboard, so the scripted player never played the infantry
    from game.client import vehicle_orders

    config = SessionConfig(table="turkey-shoot", seed=11, pace="instant", autosave=False)
    scene = open_play("turkey-shoot", config=config)
    app.push(scene)
    for _ in range(3):
        app.step()
    engine = scene.session.engine
    (lvtp,) = [u for u in engine.state.units.values() if u.name == "LVTP"]
    aboard = vehicle_orders.passengers(engine, lvtp)
    assert aboard and not any(engine.state.units[p].on_table for p in aboard)
    play_ui.order_unit(app, scene, lvtp.id, lambda shot: None)
    assert len(vehicle_orders.passengers(engine, lvtp)) == len(aboard) - 1
    assert engine.state.units[aboard[0]].on_table  # the first passenger got out beside it


def test_the_log_option_writes_the_games_events_one_a_line(tmp_path: object) -> None:
    from pathlib import Path

    from game.save import new_game, resolve_map

    path, scenario = resolve_map("contracting-trouble")
    engine = new_game(path, scenario, 5)
    out = Path(str(tmp_path)) / "game.txt"
    play_ui.write_log(engine, out)
    lines = out.read_text(encoding="utf-8").splitlines()
    told = [" ".join(str(e["text"]).split("\n")) for e in engine.state.events]
    assert lines == told and len(lines) >= 3  # set-up, a unit seen, "Turn 1 begins"

"""The end screen's after-action report and the replay screen (issue 22), on a watched AI game of
Contracting Trouble, one turn, seed 2."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.client.endgame import EndGameScene
from game.client.menu import MainMenuScene
from game.client.play import open_play
from game.client.replay import ReplayListScene, ReplayScene
from game.client.report_view import REGULAR_COLOUR
from game.client.saves import saves_dir
from game.client.session import SessionConfig
from game.client.setup import SetupScene
from game.engine.protocol import EventKind
from game.save import write_save


def finished(app: object) -> EndGameScene:
    config = SessionConfig(
        mode="watch", table="contracting-trouble", seed=2, pace="instant", autosave=False,
        turn_limit=1,
    )  # fmt: skip
    app.push(open_play("contracting-trouble", config=config))  # type: ignore[attr-defined]
    for _ in range(400):
        app.step()  # type: ignore[attr-defined]
        if isinstance(app.stack.top, EndGameScene):  # type: ignore[attr-defined]
            break
    end = app.stack.top  # type: ignore[attr-defined]
    assert isinstance(end, EndGameScene) and end.report is not None
    return end


def press(app: object, button: object) -> None:
    event = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)
    app.step([event])  # type: ignore[attr-defined]


def key(app: object, which: int, mod: int = 0) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=which, mod=mod, unicode="")])  # type: ignore[attr-defined]


def test_the_end_screen_draws_the_vp_chart_and_saves_the_report_with_the_full_log(
    app: object,
) -> None:
    end = finished(app)
    app.step()  # type: ignore[attr-defined]
    surface = app.screen  # type: ignore[attr-defined]
    assert end.chart_rects is not None
    chart = end.chart_rects[0]
    colours = {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(chart.left, chart.right, 2)
        for y in range(chart.top, chart.bottom, 2)
    }
    assert REGULAR_COLOUR in colours  # the Regulars' VP line is drawn
    assert set(end.buttons) == {"replay", "save", "new", "menu"}
    press(app, end.buttons["save"])
    assert end.status.startswith("Report saved")
    folder = Path(os.environ["AMBUSH_ALLEY_DATA_DIR"]) / "reports"
    (saved,) = folder.glob("*.txt")
    body = saved.read_text(encoding="utf-8")
    assert end.engine is not None
    for event in end.engine.state.events:
        assert event["text"] in body
    assert "LUCK LEDGER" in body and "VICTORY POINTS BY TURN" in body


def test_new_game_leaves_the_finished_game_for_the_set_up_screen(app: object) -> None:
    end = finished(app)
    press(app, end.buttons["new"])
    assert isinstance(app.stack.top, SetupScene)  # type: ignore[attr-defined]
    assert len(app.stack) == 1  # type: ignore[attr-defined]


def test_replay_from_the_end_screen_steps_back_and_forth(app: object) -> None:
    end = finished(app)
    press(app, end.buttons["replay"])
    scene = app.stack.top  # type: ignore[attr-defined]
    assert isinstance(scene, ReplayScene)
    replay = scene.replay
    assert replay.position == 0
    key(app, pygame.K_RIGHT)
    assert replay.position == 1
    key(app, pygame.K_RIGHT, pygame.KMOD_CTRL)
    assert replay.event["kind"] == EventKind.TURN_START
    turn_start = replay.position
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert replay.position > turn_start
    assert (
        scene.current_view().phase_text == f"Replay: event {replay.position + 1} of {len(replay)}"
    )
    press(app, scene.buttons[0][0])  # << Turn
    assert replay.position == turn_start
    assert scene.log_panel.lines[-1] == replay.event["text"]
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is end  # type: ignore[attr-defined]


def test_the_replay_step_buttons_sit_under_the_table_and_cover_none_of_it(app: object) -> None:
    end = finished(app)
    press(app, end.buttons["replay"])
    scene = app.stack.top  # type: ignore[attr-defined]
    assert isinstance(scene, ReplayScene)
    vp = scene.camera.viewport
    table = pygame.Rect(vp.left, vp.top, vp.width, vp.height)
    _, top = scene.camera.world_to_screen((0.0, 0.0))
    _, bottom = scene.camera.world_to_screen((scene.art.world_width, scene.art.world_height))
    assert table.top <= top and bottom <= table.bottom  # the whole table fits above the buttons
    for button, _, _ in scene.buttons:
        assert not button.rect.colliderect(table)
        assert scene.layout.viewport.top <= button.rect.top
        assert button.rect.bottom <= scene.layout.viewport.top + scene.layout.viewport.height
    scene.resize((1024, 640))  # a smaller window keeps them apart too
    vp = scene.camera.viewport
    assert vp.top + vp.height <= scene.layout.viewport.top + scene.layout.viewport.height - 44


def test_replay_a_save_from_the_main_menu(app: object, tmp_path: Path) -> None:
    end = finished(app)
    assert end.engine is not None
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    write_save(end.engine, folder / "finished game.json")
    (folder / "broken.json").write_text("{", encoding="utf-8")
    press(app, end.buttons["menu"])
    assert len(app.stack) == 0  # type: ignore[attr-defined]
    app.push(MainMenuScene())  # type: ignore[attr-defined]
    menu = app.stack.top  # type: ignore[attr-defined]
    item = next(i for i in menu.items if i.label == "Replay a save…")
    item.action()
    listing = app.stack.top  # type: ignore[attr-defined]
    assert isinstance(listing, ReplayListScene)
    good = next(i for i in listing.infos if i.name == "finished game")
    broken = next(i for i in listing.infos if i.name == "broken")
    assert not listing.load(broken) and "broken.json" in listing.details_html
    assert listing.load(good)
    scene = app.stack.top  # type: ignore[attr-defined]
    assert isinstance(scene, ReplayScene) and len(scene.replay) == len(end.engine.state.events)


def test_a_game_that_no_longer_replays_says_so_on_the_end_screen(
    app: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    end = finished(app)

    def differs(engine: object) -> None:
        raise ValueError("the replayed game differs from the game played (a changed rule?)")

    monkeypatch.setattr("game.client.replay.Replay", differs)
    press(app, end.buttons["replay"])
    assert app.stack.top is end  # type: ignore[attr-defined]
    assert end.status.startswith("cannot replay this game: the replayed game differs")

"""Menus: keyboard and mouse, the scenario list, opening a map, and their errors."""

from __future__ import annotations

import html
from pathlib import Path

import pygame
from client_support import DATA, key_down, mouse_down, mouse_move, mouse_up

from game.client.battle import BattleScene
from game.client.menu import MainMenuScene, OpenMapScene, ScenarioSelectScene
from game.client.scenes import App


def press(app: App, key: int) -> None:
    app.step([key_down(key)])
    app.step()  # widgets' own events arrive on the next frame


def test_main_menu_offers_new_game_open_map_and_quit(app: App) -> None:
    menu = MainMenuScene()
    app.push(menu)
    app.step()
    assert [b.text for b in menu.buttons] == [
        "New game",
        "Load game",
        "Settings",
        "Replay a save…",
        "Open map…",
        "Quit",
    ]
    # The buttons sit one under the other, centred on the window.
    centres = [b.rect.centerx for b in menu.buttons]
    assert all(abs(c - app.size[0] // 2) <= 1 for c in centres)
    assert menu.buttons[0].rect.bottom < menu.buttons[1].rect.top


def test_arrows_move_the_highlight_and_enter_opens_the_map_dialog(app: App) -> None:
    menu = MainMenuScene()
    app.push(menu)
    app.step()
    assert menu.focus == 0 and menu.buttons[0].is_selected
    press(app, pygame.K_DOWN)
    assert menu.focus == 1 and menu.buttons[1].is_selected and not menu.buttons[0].is_selected
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)  # wraps around to Quit
    assert menu.focus == len(menu.buttons) - 1
    press(app, pygame.K_UP)
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, OpenMapScene)
    assert app.stack.top.dialog is not None  # the file dialog opens with it (issue 24)
    press(app, pygame.K_ESCAPE)  # closes the dialog first
    assert isinstance(app.stack.top, OpenMapScene) and app.stack.top.dialog is None
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is menu
    assert len(menu.buttons) == 6  # its widgets came back


def test_clicking_quit_ends_the_app(app: App) -> None:
    menu = MainMenuScene()
    app.push(menu)
    app.step()
    centre = menu.buttons[-1].rect.center
    app.step([mouse_move(centre), mouse_down(centre)])
    app.step([mouse_up(centre)])
    app.step()
    assert not app.running


def test_scenario_list_shows_the_maps_and_enter_opens_the_battle(app: App) -> None:
    app.push(MainMenuScene())
    scenarios = ScenarioSelectScene(DATA)
    app.push(scenarios)
    app.step()
    assert [b.text for b in scenarios.buttons] == ["Test Table", "Back"]
    assert "A small table for the client tests." in scenarios.details_html
    press(app, pygame.K_RETURN)
    top = app.stack.top
    assert isinstance(top, BattleScene)
    assert top.art.world_width == 24 and top.art.world_height == 16
    press(app, pygame.K_ESCAPE)  # a game in progress: Esc asks first (issue 22 item 1)
    press(app, pygame.K_RETURN)
    assert app.stack.top is scenarios


def test_open_map_reports_a_missing_file_in_one_line(app: App) -> None:
    dialog = OpenMapScene(DATA)
    app.push(MainMenuScene())
    app.push(dialog)
    app.step()
    assert not dialog.open_path(str(DATA / "nowhere.tmx"))
    assert dialog.message == f"{DATA / 'nowhere.tmx'}: no such map file"
    assert not dialog.open_path(str(DATA / "table.png"))
    assert "not a Tiled map" in dialog.message
    assert "\n" not in dialog.message
    assert app.stack.top is dialog


def test_run_plays_a_script_of_events_for_the_frames_asked(app: App) -> None:
    menu = MainMenuScene()
    app.push(menu)
    script = {1: [key_down(pygame.K_DOWN)], 2: [key_down(pygame.K_DOWN)]}
    app.run(max_frames=5, script=lambda frame: script.get(frame, []))
    assert app.frames == 5
    assert menu.focus == 2


def test_the_title_is_drawn_centred_above_the_buttons(app: App) -> None:
    from game.client.menu import TITLE_COLOUR

    menu = MainMenuScene()
    app.push(menu)
    app.step()
    top = menu.buttons[0].rect.top
    title_pixels = [
        (x, y)
        for x in range(0, app.size[0], 2)
        for y in range(0, top, 2)
        if tuple(app.screen.get_at((x, y)))[:3] == TITLE_COLOUR
    ]
    assert title_pixels
    xs = [x for x, _ in title_pixels]
    assert abs((min(xs) + max(xs)) / 2 - app.size[0] / 2) < 12


def test_the_focused_table_is_pictured_under_the_list(app: App) -> None:
    sand = (176, 160, 120)  # the ground tile of the test table
    scenarios = ScenarioSelectScene(DATA)
    app.push(MainMenuScene())
    app.push(scenarios)
    app.step()
    area = scenarios.preview_rect()
    assert area.top > scenarios.buttons[-1].rect.bottom
    colours = {
        tuple(app.screen.get_at((x, y)))[:3]
        for x in range(area.left, area.right, 3)
        for y in range(area.top, area.bottom, 3)
    }
    assert sand in colours


def test_open_map_lists_every_problem_of_a_broken_map(app: App) -> None:
    # issue 22 item 11: the dialog showed the first problem "and 1 more problem"
    from game.client.catalogue import MapOpenError, open_map

    broken = Path(__file__).resolve().parents[1] / "maps" / "broken" / "duplicate_hot_spot.tmx"
    try:
        open_map(broken)
    except MapOpenError as exc:
        problems = exc.problems
    assert len(problems) == 2 and problems[0] != problems[1]
    dialog = OpenMapScene(DATA)
    app.push(MainMenuScene())
    app.push(dialog)
    app.step()
    assert not dialog.open_path(str(broken))
    for problem in problems:
        assert problem in dialog.message
    assert html.escape(problems[1]) in dialog.details_html

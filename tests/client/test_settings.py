"""Settings: defaults, persistence across runs, broken files fall back with one warning line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.client.settings import (
    CONFIG_DIR_ENV,
    SETTINGS_FILE,
    Settings,
    ensure_maps_dir,
    load_settings,
    save_settings,
)

ROOT = Path(__file__).resolve().parents[2]


def test_missing_file_gives_defaults_without_warning(tmp_path: Path) -> None:
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings()
    assert loaded.warning is None


def test_settings_persist_across_processes(tmp_path: Path) -> None:
    chosen = Settings(
        window_size=(1440, 900),
        fullscreen=True,
        pace="slow",
        confirm_end_activation=False,
        show_odds=False,
        user_maps_dir=str(tmp_path / "my maps"),
    )
    save_settings(chosen, tmp_path)
    # A fresh interpreter, finding the folder through the environment override only.
    code = (
        "from game.client.settings import load_settings;"
        "l = load_settings(); s = l.settings;"
        "print(s.window_size, s.fullscreen, s.pace, s.confirm_end_activation, s.show_odds,"
        " s.user_maps_dir, l.warning)"
    )
    env = {"PATH": "/usr/bin:/bin", CONFIG_DIR_ENV: str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == f"(1440, 900) True slow False False {tmp_path / 'my maps'} None"


def test_write_is_atomic_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    save_settings(Settings(pace="instant"), tmp_path)
    save_settings(Settings(pace="slow"), tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [SETTINGS_FILE]
    assert json.loads((tmp_path / SETTINGS_FILE).read_text())["pace"] == "slow"


def test_corrupt_file_falls_back_to_defaults_with_one_warning_line(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text('{"pace": "slow",, oops')
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings()
    assert loaded.warning is not None
    assert "\n" not in loaded.warning
    assert SETTINGS_FILE in loaded.warning and "default" in loaded.warning


@pytest.mark.parametrize(
    "content",
    [
        '["not", "an", "object"]',
        '{"pace": "ludicrous"}',
        '{"window_size": [10, "big"]}',
        '{"fullscreen": "yes"}',
    ],
)
def test_bad_values_are_named_and_the_rest_kept(tmp_path: Path, content: str) -> None:
    data = json.loads(content)
    if isinstance(data, dict):
        data["show_odds"] = False  # a good value next to the bad one survives
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(data))
    loaded = load_settings(tmp_path)
    assert loaded.warning is not None and "\n" not in loaded.warning
    if isinstance(data, dict):
        assert loaded.settings.show_odds is False
        bad = next(k for k in data if k != "show_odds")
        assert bad in loaded.warning
        assert getattr(loaded.settings, bad) == getattr(Settings(), bad)


def test_maps_folder_is_created_on_first_run(tmp_path: Path) -> None:
    settings = Settings(user_maps_dir=str(tmp_path / "deep" / "maps"))
    folder, warning = ensure_maps_dir(settings)
    assert warning is None
    assert folder.is_dir() and folder == tmp_path / "deep" / "maps"


def test_default_maps_folder_is_inside_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AMBUSH_ALLEY_DATA_DIR", str(tmp_path))
    assert Settings().maps_dir() == tmp_path / "maps"


def test_the_settings_screen_saves_each_change_at_once(tmp_path: Path) -> None:
    import pygame
    import pygame_gui

    from game.client.scenes import App
    from game.client.settings import set_current_settings
    from game.client.settings_screen import SettingsScene

    set_current_settings(Settings())
    app = App((1280, 800), headless=True)
    try:
        screen = SettingsScene(tmp_path)
        app.push(screen)
        app.step()
        for name, control in screen.controls.items():
            assert getattr(control, "tool_tip_text", None), f"{name} has no tooltip"
        assert set(screen.controls) == {
            "window_size",
            "fullscreen",
            "pace",
            "confirm_end_activation",
            "show_odds",
            "colour_scheme",
            "user_maps_dir",
            "sound_volume",
            "sound_muted",
            "language",  # --- French UI (issue 24)
        }
        app.step(
            [
                pygame.event.Event(
                    pygame_gui.UI_CHECK_BOX_UNCHECKED, ui_element=screen.controls["show_odds"]
                ),
                pygame.event.Event(
                    pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                    ui_element=screen.controls["pace"],
                    text="instant",
                ),
                pygame.event.Event(
                    pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                    ui_element=screen.controls["colour_scheme"],
                    text="high-contrast",
                ),
                pygame.event.Event(
                    pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                    ui_element=screen.controls["window_size"],
                    text="1024 x 640",
                ),
            ]
        )
        stored = load_settings(tmp_path).settings
        assert (stored.show_odds, stored.pace, stored.colour_scheme) == (
            False,
            "instant",
            "high-contrast",
        )
        assert stored.window_size == (1024, 640) and app.size == (1024, 640)
        maps = tmp_path / "my maps"
        assert screen.set_maps_dir(str(maps))
        assert maps.is_dir() and load_settings(tmp_path).settings.maps_dir() == maps
        assert str(maps) in screen.message
    finally:
        set_current_settings(None)
        app.shutdown()


def test_the_game_starts_with_a_corrupt_settings_file_and_says_so_in_one_line(
    tmp_path: Path,
) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / SETTINGS_FILE).write_text("{{{ not json")
    env = {
        "PATH": "/usr/bin:/bin",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        CONFIG_DIR_ENV: str(config),
        "AMBUSH_ALLEY_DATA_DIR": str(tmp_path / "data"),
    }
    run = subprocess.run(
        [sys.executable, "main.py", "--frames", "2"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("warning: ")
    assert "not valid JSON" in lines[0] and "default" in lines[0]
    assert (tmp_path / "data" / "maps").is_dir()  # the user's maps folder, made on first run


def test_the_colour_scheme_setting_paints_the_play_screen(tmp_path: Path) -> None:
    from game.client.palette import SCHEMES
    from game.client.play import open_play
    from game.client.scenes import App
    from game.client.settings import set_current_settings

    app = App((1280, 800), headless=True)
    try:
        for name in ("high-contrast", "default"):
            set_current_settings(Settings(colour_scheme=name))
            scene = open_play("contracting-trouble", 1)
            assert scene.renderer.palette is SCHEMES[name]
    finally:
        set_current_settings(None)
        app.shutdown()


def test_start_up_sizes_the_window_from_the_settings(tmp_path: Path) -> None:
    from game.client.scenes import App
    from game.client.settings_screen import apply_startup_settings

    save_settings(Settings(window_size=(1024, 640)), tmp_path / "user-config")
    app = App((1280, 800), headless=True)
    try:
        assert apply_startup_settings(app, headless=False) is None
        assert app.size == (1024, 640) and app.screen.get_size() == (1024, 640)
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(800, 560), (1024, 640), (1280, 800)])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_settings_rows_and_status_stay_clear_of_the_back_button(
    tmp_path: Path, size: tuple[int, int], language: str
) -> None:
    """Found by the last session: at 800x560 the status box ran under the Back button."""
    import pygame

    from game import i18n
    from game.client.scenes import App
    from game.client.settings import set_current_settings
    from game.client.settings_screen import SettingsScene
    from game.resources import maps_guide

    i18n.set_language(language)
    set_current_settings(Settings())
    app = App(size, headless=True)
    try:
        screen = SettingsScene(tmp_path)
        app.push(screen)
        app.step()
        assert screen.back_button is not None and screen.status is not None
        back = screen.back_button.get_abs_rect()
        window = pygame.Rect((0, 0), size)
        others = [w.get_abs_rect() for w in screen.widgets if w is not screen.back_button]
        assert all(window.contains(r) for r in [*others, back])
        assert all(r.bottom <= back.top for r in others), size  # everything above Back
        status = screen.status.get_abs_rect()
        assert all(r.bottom <= status.top for r in others if r.top < status.top)  # rows above it
        assert str(maps_guide()) in screen.status.html_text  # where the map makers' guide is
    finally:
        set_current_settings(None)
        app.shutdown()

"""The language choice (issue 24 §2): `--lang`, the Language row of Settings, the start-up."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game import i18n
from game.client.settings import SETTINGS_FILE, Settings, load_settings, save_settings

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environ = {"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env={**environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_bad_lang_value_is_one_line_naming_the_choices() -> None:
    run = _run("--lang", "de", "--headless", "--scenario", "contracting-trouble")
    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [
        "error: --lang de: unknown language (choose from system, en, fr)"
    ]


def test_the_result_line_stays_english_and_the_same_in_french(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """main.py's `main` called in this process (the test above starts main.py itself; the
    suite's time, issue 15: two new processes cost some 0.8 s of CPU)."""
    from game.app import main  # what main.py runs

    game = ["--headless", "--quiet", "--scenario", "contracting-trouble", "--turns", "1"]
    capsys.readouterr()
    runs = []
    for lang in ("en", "fr"):
        code = main([*game, "--lang", lang])
        out, err = capsys.readouterr()
        runs.append((code, out, err))
    (en_code, english, _), (fr_code, french, fr_err) = runs
    assert en_code == fr_code == 0, fr_err
    assert french.startswith("RESULT {")
    assert french == english  # machine-readable: the language changes no byte


def test_a_headless_game_is_english_unless_asked_and_the_window_follows_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.app import build_parser, choose_language

    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv("AMBUSH_ALLEY_CONFIG_DIR", str(tmp_path))
    try:
        assert choose_language(build_parser().parse_args(["--headless"])) is None
        assert i18n.language() == "en"  # the desktop's French does not change a headless log
        assert choose_language(build_parser().parse_args(["--headless", "--lang", "fr"])) is None
        assert i18n.language() == "fr"
        save_settings(Settings(language="en"), tmp_path)
        assert choose_language(build_parser().parse_args([])) is None
        assert i18n.language() == "en"  # the window: Settings says English
        save_settings(Settings(language="system"), tmp_path)
        choose_language(build_parser().parse_args([]))
        assert i18n.language() == "fr"  # System default: the desktop's French
        choose_language(build_parser().parse_args(["--lang", "en"]))
        assert i18n.language() == "en"  # --lang wins over Settings for this run
        assert load_settings(tmp_path).settings.language == "system"  # and is not saved
    finally:
        i18n.set_language("en")


def test_the_language_setting_is_checked_when_read(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text('{"language": "de", "pace": "slow"}')
    loaded = load_settings(tmp_path)
    assert loaded.settings.language == "system" and loaded.settings.pace == "slow"
    assert loaded.warning is not None and "language must be one of system, en, fr" in (
        loaded.warning
    )


def test_choosing_french_in_settings_saves_it_and_relabels_the_screen_at_once(
    tmp_path: Path,
) -> None:
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
        labels = {w.text for w in screen.widgets if isinstance(w, pygame_gui.elements.UILabel)}
        assert "Language" in labels
        import pygame

        app.step(
            [
                pygame.event.Event(
                    pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                    ui_element=screen.controls["language"],
                    text="Français",
                    selected_option_id="fr",
                )
            ]
        )
        assert load_settings(tmp_path).settings.language == "fr"
        assert i18n.language() == "fr"
        labels = {w.text for w in screen.widgets if isinstance(w, pygame_gui.elements.UILabel)}
        assert "Langue" in labels and "Language" not in labels
        assert screen.controls["language"].selected_option == ("Français", "fr")
        assert app.manager.get_locale() == "fr"  # pygame_gui's own words (file dialog) too
    finally:
        i18n.set_language("en")
        set_current_settings(None)
        app.shutdown()

"""tools/fuzz_ui.py (issue 23): a short seeded UI fuzz opens every screen of the client and no
exception escapes; a crash is reported with the seed, the event number and the screen."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tools import fuzz_ui


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from game.client.settings import set_current_settings

    monkeypatch.setenv("AMBUSH_ALLEY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("AMBUSH_ALLEY_CONFIG_DIR", str(tmp_path / "config"))
    fuzz_ui.prepare(tmp_path / "data")
    yield tmp_path / "data"
    set_current_settings(None)


def test_a_short_fuzz_opens_every_screen_and_nothing_escapes(folder: Path) -> None:
    names = fuzz_ui.Screens(folder).names()
    fuzzer = fuzz_ui.Fuzzer(2, folder, episode_events=(6, 10))
    report = fuzzer.run(len(names) * 10)
    assert [c.line() for c in report.crashes] == []
    assert set(report.opened) == set(names)  # every screen was opened and fuzzed
    assert report.events == len(names) * 10
    reached = set(report.reached)
    assert {"PlayScene", "SetupScene", "HandoffScene", "EndGameScene", "LoadScene"} <= reached
    assert {"HelpOverlay", "SaveNameScene", "ConfirmScene", "SettingsScene"} <= reached


def test_a_crash_names_the_seed_the_event_and_the_screen(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.client.settings_screen import SettingsScene

    def broken(self: object, event: pygame.event.Event) -> None:
        raise RuntimeError("the settings screen broke")

    monkeypatch.setattr(SettingsScene, "handle_event", broken)
    report = fuzz_ui.Fuzzer(3, folder, only="settings", episode_events=(20, 20)).run(20)
    assert report.crashes
    crash = report.crashes[0]
    assert (crash.seed, crash.screen, crash.top) == (3, "settings", "SettingsScene")
    assert "RuntimeError: the settings screen broke" in crash.trace
    line = crash.line()
    assert f"CRASH seed 3 event {crash.event} on 'settings'" in line
    assert f"--seed 3 --events {crash.event + 1}" in line


def test_the_same_seed_replays_the_same_run(folder: Path) -> None:
    runs = [
        fuzz_ui.Fuzzer(11, folder, only="set-up hot-seat", episode_events=(30, 30)).run(60)
        for _ in range(2)
    ]
    assert runs[0].trail == runs[1].trail and len(set(runs[0].trail)) > 1  # it went places
    assert runs[0].quits == runs[1].quits

"""Issue 23, item 5: the set-up screen lists the maps folder without ever blocking on a map.

Hostile files there (a 40 MB map, a map with a polygon of 5,000 points, one of 6,000 objects, a
named pipe) froze the New game screen: the list loaded and validated every map, then parsed the
whole file again for its title. Now the list reads each title from the start of the file; the
validator runs (within its caps) only on the map chosen."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

import pygame
import pytest
from client_support import mouse_down, mouse_up, until_checked

from game.client.scenes import App
from game.client.setup import SetupScene, available_tables
from tools.scale_map import write_map


def click_at(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [mouse_down(pos), mouse_up(pos)]


@pytest.fixture
def hostile_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "my maps"
    write_map(folder / "good.tmx", inches=48, units=8)
    write_map(folder / "polygon.tmx", polygon_points=5000)
    write_map(folder / "objects.tmx", extra_objects=6000)
    big = folder / "huge.tmx"
    header = (folder / "good.tmx").read_text().split("<objectgroup")[0]
    with big.open("w") as handle:
        handle.write(header + '<objectgroup id="1" name="terrain">\n')
        line = '<object id="1" type="Cover" x="1" y="1" width="1" height="1"/>\n'
        handle.write(line * (40 * 1024 * 1024 // len(line)))
        handle.write("</objectgroup></map>\n")
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.tmx")
    return folder


def test_the_list_reads_titles_only_and_never_waits(hostile_folder: Path) -> None:
    # the huge map's end is broken XML: a title read by parsing the whole file would fail there
    with (hostile_folder / "huge.tmx").open("a") as handle:
        handle.write("<broken")
    tables = available_tables(hostile_folder)  # (the FIFO would hang here)
    mine = {t.path.name: t for t in tables if t.custom}
    assert set(mine) >= {"good.tmx", "polygon.tmx", "objects.tmx", "huge.tmx"}
    assert mine["good.tmx"].title == "Scale 48 inches, 8 units"
    assert mine["huge.tmx"].title == "Scale 48 inches, 8 units"  # read from its first bytes


def test_choosing_a_hostile_map_says_why_at_once(
    app: App, hostile_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = SetupScene(user_folder=hostile_folder)
    app.push(scene)
    app.step()
    reasons = {
        "huge.tmx": "too large",
        "polygon.tmx": "more than 1000 points",
        "objects.tmx": "at most 5,000 are allowed",
        "pipe.tmx": "not a regular file",
    }
    from game.client import setup_config

    real_check = setup_config.check_map
    checked_on: list[str] = []

    def recorded_check(path: Path) -> setup_config.MapCheck:
        checked_on.append(threading.current_thread().name)
        return real_check(path)

    monkeypatch.setattr(setup_config, "check_map", recorded_check)
    for table in scene.tables:
        if table.path.name not in reasons:
            continue
        scene.select_table(table)
        until_checked(app, scene, seconds=30)
        assert scene.check is not None and scene.check.errors
        assert reasons[table.path.name] in " ".join(scene.check.errors)
    good = next(t for t in scene.tables if t.path.name == "good.tmx")
    scene.select_table(good)
    until_checked(app, scene, seconds=30)
    assert scene.check is not None and not scene.check.errors
    # every check was asked of the worker, never run (and waited for) on the screen's thread
    assert checked_on and threading.main_thread().name not in checked_on
    listed = [str(item["text"]) for item in scene.table_list.item_list]  # type: ignore[union-attr]
    assert "My maps: Scale 48 inches, 8 units" in listed  # good.tmx, checked and playable
    assert sum(line.endswith("— cannot be played") for line in listed) == 4


def test_a_map_slow_to_check_never_holds_the_screen(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The validator runs in a worker thread: while a map's check waits (here on an Event) the
    list says "checking…", the screen answers typing and clicks, and Start waits for the
    answer instead of starting an unchecked map."""
    from game.client import setup_config

    folder = tmp_path / "my maps"
    write_map(folder / "slow.tmx", inches=36, units=6)
    release = threading.Event()
    real_check = setup_config.check_map

    def slow_check(path: Path) -> setup_config.MapCheck:
        if path.name == "slow.tmx":
            release.wait(timeout=60)
        return real_check(path)

    monkeypatch.setattr(setup_config, "check_map", slow_check)
    scene = SetupScene(user_folder=folder)
    app.push(scene)
    app.step()
    slow = next(t for t in scene.tables if t.path.name == "slow.tmx")
    started = time.perf_counter()
    scene.select_table(slow)
    scene.choices.mode = "watch"
    assert scene.check is None and "checking the map" in scene.message
    assert scene.start() is False  # nothing starts on an unchecked map…
    assert app.stack.top is scene and "the game starts after it" in scene.message
    assert scene.seed_entry is not None
    scene.seed_entry.focus()
    frames = app.frames
    for digit in "42":
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=digit)])
    app.step(click_at(scene.seed_entry.rect.center))
    assert app.frames == frames + 3 and time.perf_counter() - started < 5.0
    assert scene.seed_entry.get_text() == "42"  # the screen kept answering the player
    listed = [str(item["text"]) for item in scene.table_list.item_list]  # type: ignore[union-attr]
    assert "My maps: Scale 36 inches, 6 units — checking…" in listed
    assert scene.check is None and app.stack.top is scene
    release.set()
    until_checked(app, scene, seconds=60)
    # …and the game Start asked for begins with the answer
    assert app.stack.top is not scene, scene.message
    assert app.stack.top.session.config.seed == 42  # type: ignore[union-attr]


def slow_checks(release: threading.Event, checked: list[str]) -> object:
    from game.client.map_checks import MapChecks
    from game.client.setup_config import MapCheck

    def slow_check(path: Path) -> MapCheck:
        checked.append(path.name)
        release.wait(timeout=60)
        return MapCheck((), ())

    return MapChecks(slow_check)


def ask_three(checks: Any, folder: Path, checked: list[str]) -> list[Path]:
    """a, b and c asked; the worker is busy with a (the others wait)."""
    paths = [folder / f"{name}.tmx" for name in ("a", "b", "c")]
    for path in paths:
        assert checks.ask(path) is None
    deadline = time.monotonic() + 30
    while not checked and time.monotonic() < deadline:
        time.sleep(0.005)
    assert checked == ["a.tmx"]
    return paths


def wait_answers(checks: Any, count: int) -> list[Path]:
    answered: list[Path] = []
    deadline = time.monotonic() + 30
    while len(answered) < count and time.monotonic() < deadline:
        answered += checks.poll()
        time.sleep(0.005)
    return answered


def test_the_map_asked_last_is_checked_next(tmp_path: Path) -> None:
    release, checked = threading.Event(), []
    checks: Any = slow_checks(release, checked)
    paths = ask_three(checks, tmp_path, checked)
    release.set()
    assert wait_answers(checks, 3) == [paths[0], paths[2], paths[1]]  # the one chosen first
    assert checks.known(paths[1]) is not None


def test_the_maps_still_waiting_are_not_checked_once_the_screen_is_gone(tmp_path: Path) -> None:
    release, checked = threading.Event(), []
    checks: Any = slow_checks(release, checked)
    paths = ask_three(checks, tmp_path, checked)
    checks.close()
    release.set()
    assert wait_answers(checks, 1) == [paths[0]]
    time.sleep(0.1)
    assert checks.poll() == [] and checked == ["a.tmx"]  # b and c never were
    assert checks.answered() and checks.known(paths[1]) is None

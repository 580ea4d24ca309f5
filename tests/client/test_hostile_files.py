"""Issue 23, items 2, 3 and 8: every file the game reads fails soft, in one line.

Hostile JSON (nesting deeper than the parser allows, integers of thousands of digits), a
`user_maps_dir` with a NUL byte, a save whose map is a folder, a device, a pipe or a name longer
than the system allows, oversized saves and the temporaries of killed writes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from game.client import saves
from game.client.menu import MainMenuScene
from game.client.saves_ui import LoadScene
from game.client.scenes import App
from game.client.session import GameSession, SessionConfig
from game.client.settings import SETTINGS_FILE, load_settings
from game.save import SaveError, load_save

ROOT = Path(__file__).resolve().parents[2]
TABLE = str(ROOT / "tests" / "client" / "data" / "test_table.tmx")
DEEP = "[" * 50_000 + "]" * 50_000
HUGE_INT = '{"format": "ambush-alley-save", "version": ' + "7" * 5000 + "}"
HOSTILE = {"deep": DEEP, "huge-int": HUGE_INT}


def saved_game(name: str = "good") -> Path:
    session = GameSession(SessionConfig(mode="watch", table=TABLE, seed=4))
    saves.track_session(session)
    for _ in range(4):
        session.step_ai()
    return saves.save_game(session, name)


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_hostile_settings_give_the_defaults_and_one_warning(tmp_path: Path, kind: str) -> None:
    (tmp_path / SETTINGS_FILE).write_text(HOSTILE[kind])
    loaded = load_settings(tmp_path)
    assert loaded.settings == type(loaded.settings)()
    assert loaded.warning is not None and "\n" not in loaded.warning
    assert str(tmp_path / SETTINGS_FILE) in loaded.warning


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_autosave_or_session_file_offers_no_continue(app: App, kind: str) -> None:
    saved_game()  # the autosave and its sidecar exist: Continue is offered
    assert saves.continue_info() is not None
    saves.autosave_path().write_text(HOSTILE[kind])
    assert saves.continue_info() is None
    menu = MainMenuScene()
    app.push(menu)
    app.step()
    saved_game("again")  # a fresh autosave and sidecar (a named save is never overwritten)
    saves.sidecar_path(saves.autosave_path()).write_text(HOSTILE[kind])
    assert saves.continue_info() is None
    GameSession(SessionConfig(mode="watch", table=TABLE, seed=5))  # keep_unfinished reads it


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_file_in_the_saves_folder_is_listed_as_unreadable(app: App, kind: str) -> None:
    saved_game()
    hostile = saves.saves_dir() / f"{kind}.json"
    hostile.write_text(HOSTILE[kind])
    saves.sidecar_path(saves.saves_dir() / "good.json").write_text(HOSTILE[kind])
    infos = {info.name: info for info in saves.list_saves()}
    assert infos["good"].readable and not infos[kind].readable
    assert "JSON" in (infos[kind].problem or "")
    app.push(MainMenuScene())
    load = LoadScene()
    app.push(load)
    app.step()
    with pytest.raises(SaveError) as caught:
        load_save(hostile)
    assert str(hostile) in str(caught.value) and "\n" not in str(caught.value)


def test_the_game_starts_with_every_file_it_reads_hostile(tmp_path: Path) -> None:
    config, data = tmp_path / "config", tmp_path / "data"
    (data / "saves").mkdir(parents=True)
    config.mkdir()
    (config / SETTINGS_FILE).write_text(DEEP)
    (data / "autosave.json").write_text(HUGE_INT)
    (data / "autosave.session.json").write_text(DEEP)
    (data / "saves" / "a.json").write_text(DEEP)
    (data / "saves" / "a.session.json").write_text(HUGE_INT)
    run = _start(config, data)
    assert run.returncode == 0, run.stderr
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("warning: ") and "Traceback" not in run.stderr


def test_a_user_maps_dir_with_a_nul_byte_is_refused_in_one_line(tmp_path: Path) -> None:
    config, data = tmp_path / "config", tmp_path / "data"
    config.mkdir()
    (config / SETTINGS_FILE).write_text(json.dumps({"user_maps_dir": "/tmp/a\u0000b"}))
    loaded = load_settings(config)
    assert loaded.settings.user_maps_dir == "" and "user_maps_dir" in (loaded.warning or "")
    run = _start(config, data)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr


def _start(config: Path, data: Path) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": "/usr/bin:/bin",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "AMBUSH_ALLEY_CONFIG_DIR": str(config),
        "AMBUSH_ALLEY_DATA_DIR": str(data),
    }
    return subprocess.run(
        [sys.executable, "main.py", "--frames", "3"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


# -- item 3: the map a save names ---------------------------------------------------------------
def _with_map(path: Path, value: str) -> None:
    data: dict[str, Any] = json.loads(path.read_text())
    data["map"] = value
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("", "names no map"),
        ("/" + "m" * 300 + ".tmx", "cannot be read"),
        ("/dev/zero", "not a regular file"),
        (".", "is a folder"),
    ],
)
def test_a_save_whose_map_is_not_a_map_file_is_one_line(value: str, reason: str) -> None:
    path = saved_game()
    _with_map(path, value)
    started = time.perf_counter()
    with pytest.raises(SaveError) as caught:
        load_save(path)
    text = str(caught.value)
    assert str(path) in text and reason in text and "\n" not in text
    assert time.perf_counter() - started < 5


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX feature")
def test_a_save_whose_map_is_a_pipe_does_not_block(tmp_path: Path) -> None:
    path = saved_game()
    pipe = tmp_path / "pipe.tmx"
    os.mkfifo(pipe)
    _with_map(path, str(pipe))
    with pytest.raises(SaveError, match="not a regular file"):
        load_save(path)


def test_a_save_of_a_shipped_scenario_with_an_empty_map_field_finds_its_map(
    tmp_path: Path,
) -> None:
    session = GameSession(SessionConfig(mode="watch", table="contracting-trouble", seed=3))
    session.step_ai()
    path = saves.save_game(session, "shipped")
    _with_map(path, "")
    assert load_save(path).events_sha256() == session.engine.events_sha256()


# -- item 8: size limits, the load list reads only what changed, killed writes ------------------
def test_an_oversized_save_is_refused_and_the_list_reads_each_file_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = saved_game()
    big = saves.saves_dir() / "big.json"
    with big.open("w") as handle:
        handle.write('{"format": "ambush-alley-save", "pad": "')
        handle.write("x" * (17 * 1024 * 1024))
        handle.write('"}')
    infos = {info.name: info for info in saves.list_saves()}
    assert "too large" in (infos["big"].problem or "")
    with pytest.raises(SaveError, match="too large"):
        load_save(big)
    reads: list[Path] = []
    real = saves.fileio.read_json

    def counting(target: Path, limit: int = 0) -> Any:
        reads.append(Path(target))
        return real(target, limit)

    monkeypatch.setattr(saves.fileio, "read_json", counting)
    saves.list_saves()
    assert path not in reads and big not in reads  # unchanged since the last listing
    path.write_text(path.read_text() + " ")
    saves.list_saves()
    assert path in reads


def test_the_load_list_removes_the_temporaries_of_killed_saves() -> None:
    saved_game()
    stale = saves.saves_dir() / ".good.json.x1y2z3.tmp"
    stale.write_text('{"format"')
    old = time.time() - 3600
    os.utime(stale, (old, old))
    autosave_temp = saves.autosave_path().parent / ".autosave.json.abc123.tmp"
    autosave_temp.write_text("{")
    os.utime(autosave_temp, (old, old))
    assert [info.name for info in saves.list_saves()] == ["good"]
    assert not stale.exists()
    GameSession(SessionConfig(mode="watch", table=TABLE, seed=6))  # a new game's autosaver
    assert not autosave_temp.exists()

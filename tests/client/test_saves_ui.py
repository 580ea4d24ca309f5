"""Saves from the window: save and load resume the same game, Continue, broken files, F5/F9."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client import saves, saves_ui
from game.client.confirm import ConfirmScene
from game.client.menu import MainMenuScene
from game.client.saves_ui import LoadScene, SaveNameScene, continue_game
from game.client.scenes import App
from game.client.session import GameSession, SessionConfig

ROOT = Path(__file__).resolve().parents[2]
TABLE = str(ROOT / "tests" / "client" / "data" / "test_table.tmx")


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def watched_game(steps: int, seed: int = 4) -> Any:
    """A watch-mode game on the small table after `steps` AI decisions, autosaving as it goes."""
    session = GameSession(SessionConfig(mode="watch", table=TABLE, seed=seed))
    saves.track_session(session)
    for _ in range(steps):
        session.step_ai()
    assert not session.over
    return session


def test_save_then_load_from_the_list_resumes_the_same_game(app: App) -> None:
    session = watched_game(12)
    expected = session.engine.events_sha256()
    path = saves.save_game(session, "Before the ambush")
    assert path == saves.saves_dir() / "Before the ambush.json"
    del session  # "quit": nothing of the game is kept in memory
    app.push(MainMenuScene())
    load = LoadScene()
    app.push(load)
    app.step()
    assert load.buttons[0].text.startswith("Before the ambush")
    info = load.infos[0]
    assert (info.scenario, info.turn, info.mode) == ("patrol", info.turn, "watch")
    assert info.turn >= 1 and info.readable
    # Enter on the list, Enter again on "Load …?" (no frame after it: a watched game moves on
    # at the next frame).
    app.dispatch(key(pygame.K_RETURN))
    app.dispatch(key(pygame.K_RETURN))
    play: Any = app.stack.top
    assert play.session.engine.events_sha256() == expected
    assert play.session.config.mode == "watch"
    assert len(app.stack) == 2  # the menu and the game: the load list is gone


def test_the_ais_reasons_come_back_with_a_loaded_game_in_their_place(app: App) -> None:
    # Found in play: the "AI:" lines vanished from the log after Continue or Load.
    from game.client.playback import beat_of
    from game.client.saves_ui import play_scene_for

    session = watched_game(12)
    notes = list(session.engine.notes)
    events = list(session.events)
    assert notes and all(0 <= at <= len(events) for at, _ in notes)
    path = saves.save_game(session, "reasons")
    engine, _config = saves.load_game(path)
    assert engine.notes == notes
    app.push(MainMenuScene())
    loaded: Any = play_scene_for(saves.resume_session(path))
    app.push(loaded)  # entering the screen shows the game so far at once
    lines = loaded.log_panel.lines
    assert [line for line in lines if line.startswith("AI: ")] == [f"AI: {t}" for _, t in notes]
    # each reason stands just before the first event of the command it chose
    where = -1
    for at, text in notes:
        where = lines.index(f"AI: {text}", where + 1)  # the same reason may come twice
        if at < len(events):
            after = beat_of(events[at]).text
            assert after in lines[where + 1 :]
            assert lines.index(after, where) > where
        if at > 0:
            before = beat_of(events[at - 1]).text
            assert before in lines[:where]


def test_an_old_save_without_notes_loads_and_damaged_notes_are_named() -> None:
    session = watched_game(3)
    path = saves.save_game(session, "old")
    data = json.loads(path.read_text())
    del data["notes"]
    path.write_text(json.dumps(data))
    engine, _config = saves.load_game(path)
    assert engine.notes == [] and engine.events_sha256() == session.engine.events_sha256()
    data["notes"] = [["three", "AI: hello"]]
    path.write_text(json.dumps(data))
    with pytest.raises(saves.SaveError, match=r"old\.json: the save is damaged \(field 'notes'"):
        saves.load_game(path)


def test_a_save_from_another_version_says_so_in_the_log_when_resumed(app: App) -> None:
    from game.client.saves_ui import play_scene_for

    session = watched_game(3)
    path = saves.save_game(session, "older")
    data = json.loads(path.read_text())
    data["game_version"] = "0.0.1"
    path.write_text(json.dumps(data))
    resumed = saves.resume_session(path)
    assert resumed.engine.events_sha256() == session.engine.events_sha256()
    app.push(MainMenuScene())
    loaded: Any = play_scene_for(resumed)
    app.push(loaded)
    notice = [line for line in loaded.log_panel.lines if "made by version 0.0.1" in line]
    assert len(notice) == 1 and "fingerprint check is skipped" in notice[0]


def test_the_sidecar_brings_back_the_coop_seats_and_their_fireteams() -> None:
    from game.client.session import Seat

    seats = (
        Seat("Ann", "human", "regular", frozenset({"R1"})),
        Seat("Bob", "human", "regular", frozenset({"R2"})),
        Seat("Insurgent AI", "ai", "insurgent"),
    )
    session = GameSession(SessionConfig(mode="coop", table=TABLE, seed=2, seats=seats))
    path = saves.save_game(session, "coop")
    engine, config = saves.load_game(path)
    assert config.mode == "coop"
    assert [(s.name, s.kind, s.units) for s in config.seats] == [
        ("Ann", "human", frozenset({"R1"})),
        ("Bob", "human", frozenset({"R2"})),
        ("Insurgent AI", "ai", None),
    ]
    assert engine.events_sha256() == session.engine.events_sha256()


def test_a_save_without_its_sidecar_loads_as_solo() -> None:
    session = watched_game(3)
    path = saves.save_game(session, "lonely")
    saves.sidecar_path(path).unlink()
    engine, config = saves.load_game(path)
    assert config.mode == "solo"
    assert [(s.kind, s.side) for s in config.seats] == [("human", "regular"), ("ai", "insurgent")]
    assert engine.events_sha256() == session.engine.events_sha256()


def test_an_autosave_left_mid_turn_is_offered_as_continue_and_resumed(app: App) -> None:
    session = watched_game(7)
    expected = session.engine.events_sha256()
    turn = session.engine.state.turn
    assert session.engine.pending is not None  # stopped in the middle of the game
    del session  # the window was closed (or crashed) here
    menu = MainMenuScene()
    app.push(menu)
    app.step()
    assert menu.buttons[0].text == f"Continue (turn {turn})"
    app.dispatch(key(pygame.K_RETURN))
    play: Any = app.stack.top
    assert play.session.engine.events_sha256() == expected
    assert play.session.engine.state.turn == turn


def test_no_continue_once_the_game_has_ended(app: App) -> None:
    session = watched_game(2)
    assert saves.continue_info() is not None
    session.run_ai_until_human()
    assert session.over
    assert saves.continue_info() is None
    menu = MainMenuScene()
    app.push(menu)
    app.step()
    assert not any(b.text.startswith("Continue") for b in menu.buttons)


def test_no_continue_for_an_autosave_the_window_did_not_start() -> None:
    from game.save import write_save

    session = GameSession(SessionConfig(mode="watch", table=TABLE, seed=1, autosave=False))
    write_save(session.engine, saves.autosave_path())  # as `--headless` leaves it
    assert saves.continue_info() is None


def test_a_new_game_replaces_the_previous_autosave_at_once() -> None:
    watched_game(5, seed=4)
    fresh = GameSession(SessionConfig(mode="watch", table=TABLE, seed=9))
    saves.track_session(fresh)
    info = saves.continue_info()
    assert info is not None and info.commands == 0


def test_a_new_game_keeps_the_unfinished_game_in_the_load_list() -> None:
    left = watched_game(5, seed=4)
    expected, turn = left.engine.events_sha256(), left.engine.state.turn
    fresh = GameSession(SessionConfig(mode="watch", table=TABLE, seed=9))
    [kept] = saves.list_saves()
    assert kept.name.startswith(f"Unfinished patrol turn {turn} (")
    assert fresh.ai_log == [f'Your unfinished game was kept: Load game lists it as "{kept.name}"']
    assert kept.mode == "watch"  # its seats came along in the sidecar
    resumed = saves.resume_session(kept.path)
    assert resumed.engine.events_sha256() == expected


def test_continue_and_an_empty_autosave_leave_no_copy_behind() -> None:
    watched_game(5, seed=4)
    saves.resume_session(saves.autosave_path())  # Continue: the autosave is this very game
    assert saves.list_saves() == []
    saves.track_session(GameSession(SessionConfig(mode="watch", table=TABLE, seed=9)))
    [first] = saves.list_saves()  # the seed-4 game, kept once
    GameSession(SessionConfig(mode="watch", table=TABLE, seed=2))  # no command taken in seed 9
    assert [info.name for info in saves.list_saves()] == [first.name]


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{ this is not json", "bad JSON at line 1"),
        ('{"format": "something-else"}', "not an Ambush Alley! save"),
        ('{"format": "ambush-alley-save", "version": 1, "map": "x"}', "damaged (field 'seed'"),
        ('{"format": "ambush-alley-save", "version": 99}', "save version 99 unsupported"),
    ],
)
def test_a_broken_save_is_listed_as_unreadable_and_the_others_still_load(
    app: App, content: str, reason: str
) -> None:
    session = watched_game(4)
    saves.save_game(session, "good")
    broken = saves.saves_dir() / "broken.json"
    broken.write_text(content)
    load = LoadScene()
    app.push(MainMenuScene())
    app.push(load)
    app.step()
    by_name = {info.name: info for info in load.infos}
    assert set(by_name) == {"good", "broken"}
    assert not by_name["broken"].readable
    assert by_name["broken"].label().startswith("broken — unreadable: ")
    assert reason in by_name["broken"].label()
    labels = [b.text for b in load.buttons]
    assert any(label.startswith("broken — unreadable") for label in labels)
    assert load.load(by_name["broken"]) is False  # says why, stays on the list
    assert app.stack.top is load and reason.split(" (")[0] in load.details_html
    assert load.load(by_name["good"]) is True
    play: Any = app.stack.top
    assert play.session.engine.events_sha256() == session.engine.events_sha256()


def test_a_save_whose_replay_fails_reports_one_line_and_stays(app: App) -> None:
    session = watched_game(4)
    path = saves.save_game(session, "tampered")
    data = json.loads(path.read_text())
    data["events_sha256"] = "0" * 64
    path.write_text(json.dumps(data))
    load = LoadScene()
    app.push(MainMenuScene())
    app.push(load)
    app.step()
    assert load.load(load.infos[0]) is False
    assert "does not match the save" in load.details_html
    assert app.stack.top is load


def test_f5_asks_a_name_and_saves_shift_f5_quick_saves_f9_lists(app: App) -> None:
    from game.client.play import PlayScene
    from game.client.saves_ui import play_scene_for

    session = watched_game(3)
    play = play_scene_for(session)
    assert isinstance(play, PlayScene)
    app.push(MainMenuScene())
    app.push(play)
    app.step()
    app.step([key(pygame.K_F5)])
    prompt = app.stack.top
    assert isinstance(prompt, SaveNameScene)
    assert prompt.entry is not None
    assert f"turn {session.engine.state.turn} (" in prompt.entry.get_text()  # and the time
    prompt.entry.set_text("night raid")
    assert prompt.confirm() == saves.saves_dir() / "night raid.json"
    assert app.stack.top is play
    app.step([key(pygame.K_F5, pygame.KMOD_SHIFT)])
    assert (saves.saves_dir() / "quicksave.json").is_file()
    assert app.stack.top is play
    app.step([key(pygame.K_F9)])
    listing = app.stack.top
    assert isinstance(listing, LoadScene)
    assert {info.name for info in listing.infos} == {"night raid", "quicksave"}
    night = next(info for info in listing.infos if info.name == "night raid")
    assert listing.load(night)
    assert len(app.stack) == 2  # the menu and the loaded game: the old game is gone
    loaded: Any = app.stack.top
    assert loaded is not play and loaded.session.engine.events_sha256() == (
        session.engine.events_sha256()
    )


def test_f5_on_the_menu_does_nothing_and_continue_without_autosave_says_why(app: App) -> None:
    menu = MainMenuScene()
    app.push(menu)
    app.step([key(pygame.K_F5)])
    assert app.stack.top is menu
    assert continue_game(menu) is False
    assert "no such save file" in menu.details_html


def test_a_game_opened_from_the_command_line_is_offered_as_continue(app: App) -> None:
    from game.client.catalogue import open_map
    from game.client.play import battle_scene_for

    scene: Any = battle_scene_for(open_map(Path(TABLE)), 5)
    info = saves.continue_info()
    assert info is not None and info.commands == len(scene.session.engine.log)
    engine, config = saves.load_game(info.path)
    assert config.mode == "solo"
    assert engine.events_sha256() == scene.session.engine.events_sha256()


def test_leaving_a_game_for_the_menu_offers_continue_there(app: App) -> None:
    from game.client.saves_ui import play_scene_for

    menu = MainMenuScene()
    app.push(menu)
    app.step()
    assert not menu.buttons[0].text.startswith("Continue")
    session = watched_game(3)
    app.push(play_scene_for(session))
    app.step()
    app.pop()  # back to the menu, the game unfinished
    app.step()
    assert menu.buttons[0].text.startswith("Continue (turn ")


def test_a_save_loads_the_same_game_in_a_new_process(tmp_path: Path) -> None:
    import subprocess
    import sys

    session = watched_game(9)
    path = saves.save_game(session, "for later")
    code = (
        "import sys; from pathlib import Path; from game.client.saves import load_game;"
        "engine, config = load_game(Path(sys.argv[1])); print(engine.events_sha256(), config.mode)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.split()
    assert out == [session.engine.events_sha256(), "watch"]


@pytest.mark.parametrize(
    ("typed", "file_name"),
    [
        ("Contracting Trouble! turn 1", "Contracting Trouble! turn 1"),  # "!" was dropped
        ("Bob's (last) stand?", "Bob's (last) stand"),
        ("../../etc/passwd", "etc-passwd"),
        ("notes.session", "notessession"),  # never mistaken for a sidecar
    ],
)
def test_typed_save_names_stay_inside_the_saves_folder(typed: str, file_name: str) -> None:
    session = watched_game(1)
    path = saves.save_game(session, typed)
    assert path == saves.saves_dir() / f"{file_name}.json"
    assert [info.name for info in saves.list_saves()] == [file_name]


def test_many_saves_are_paged_and_every_one_can_be_reached(app: App) -> None:
    import os

    session = watched_game(1)
    for number in range(14):
        path = saves.save_game(session, f"save {number:02d}")
        os.utime(path, (1_700_000_000 + number, 1_700_000_000 + number))  # oldest first
    load = LoadScene()
    app.push(MainMenuScene())
    app.push(load)
    app.step()
    seen: list[str] = []
    for page in range(3):
        labels = [b.text for b in load.buttons]
        assert labels[-3] == f"More saves… (page {page + 1} of 3)" and labels[-1] == "Back"
        assert labels[-2] == "Delete a save…"
        seen += [label.split(" — ")[0] for label in labels[:-3]]
        load.activate(len(labels) - 3)
        app.step()
    assert seen == [f"save {n:02d}" for n in range(13, -1, -1)]  # newest first, none missed
    assert load.page == 0  # wrapped round to the newest


def test_a_long_save_name_is_cut_with_an_ellipsis_in_the_load_list() -> None:
    from datetime import datetime

    from game.client.saves_ui import _short_label

    info = saves.SaveInfo(
        path=Path("x.json"),
        name="Contracting Trouble! turn 1",
        saved_at=datetime(2026, 11, 24, 21, 5),
        scenario="contracting-trouble",
        turn=3,
        commands=40,
        mode="solo",
    )
    assert _short_label(info) == "Contracting Trouble! tu… — 11-24 21:05 — turn 3"


def test_a_game_killed_after_any_command_continues_from_the_autosave_as_if_never_stopped() -> None:
    """Found in play: 6 of 37 killed-and-continued games played on differently (the Insurgent
    AI forgot its Action Checks of the turn, R72). Contracting Trouble, seed 2, one turn: 9 of its
    14 mid-turn Continues moved before the AIs recalled the turn."""
    config = SessionConfig(mode="watch", table="contracting-trouble", seed=2, turn_limit=1)
    whole = GameSession(replace(config, autosave=False))
    whole.run_ai_until_human()
    assert whole.over
    for n in range(1, len(whole.engine.log), 2):
        session = GameSession(config)
        saves.track_session(session)
        for _ in range(n):
            session.step_ai()  # the autosave is written after every command
        del session  # killed: only the autosave and its sidecar are left
        resumed = saves.resume_session(saves.autosave_path())
        assert len(resumed.engine.log) == n and resumed.config.mode == "watch"
        resumed.run_ai_until_human()
        assert resumed.engine.events_sha256() == whole.engine.events_sha256(), f"after {n}"


# -- issue #22 item 12: the load list ----------------------------------------------------------
def test_a_game_just_saved_by_name_is_not_kept_again_as_unfinished() -> None:
    # found in play: F5 "evening", then a new game: the list held "evening" and an identical
    # "Unfinished patrol turn 1 (…)"
    left = watched_game(5, seed=4)
    saves.save_game(left, "evening")
    fresh = GameSession(SessionConfig(mode="watch", table=TABLE, seed=9))
    assert [info.name for info in saves.list_saves()] == ["evening"]
    assert fresh.ai_log == [
        'Your unfinished game is already saved: Load game lists it as "evening"'
    ]
    left.step_ai()  # played on after the named save: that later moment is kept
    GameSession(SessionConfig(mode="watch", table=TABLE, seed=9))
    names = [info.name for info in saves.list_saves()]
    assert len(names) == 2 and any(n.startswith("Unfinished patrol") for n in names)


def test_unfinished_entries_are_told_apart_in_the_load_list() -> None:
    watched_game(5, seed=4)
    played = saves.autosave_path().stat().st_mtime
    watched_game(3, seed=5)  # keeps the seed-4 game
    GameSession(SessionConfig(mode="watch", table=TABLE, seed=9))  # keeps the seed-5 game
    kept = saves.list_saves()
    assert len(kept) == 2 and all(info.unfinished for info in kept)
    labels = [saves_ui._short_label(info) for info in kept]
    assert all(label.startswith("Unfinished: patrol — ") for label in labels)
    assert len(set(labels)) == 2  # not two identical cut names
    assert "5 orders" in labels[1] and "3 orders" in labels[0]
    # the copy keeps the date the game was played, not the moment it was copied
    older = next(info for info in kept if info.commands == 5)
    assert older.saved_at is not None and abs(older.saved_at.timestamp() - played) < 1.0
    assert "kept when another game took over Continue" in saves_ui._info_html(older)


def _listing(app: App) -> LoadScene:
    load = LoadScene()
    app.push(load)
    app.step()
    return load


def test_choosing_a_save_asks_before_loading_it(app: App) -> None:
    session = watched_game(5, seed=4)
    saves.save_game(session, "evening")
    load = _listing(app)
    load.activate(0)
    asked = app.stack.top
    assert isinstance(asked, ConfirmScene) and '"evening"' in asked.question
    assert load.loaded is None  # nothing loaded yet
    asked.answer(False)
    assert app.stack.top is load and load.loaded is None
    load.activate(0)
    app.stack.top.answer(True)  # type: ignore[attr-defined]
    assert load.loaded is not None
    assert load.loaded.engine.events_sha256() == session.engine.events_sha256()


def test_a_save_is_deleted_only_after_a_confirmation(app: App) -> None:
    session = watched_game(5, seed=4)
    kept = saves.save_game(session, "keep me")
    gone = saves.save_game(session, "delete me")
    assert saves.sidecar_path(gone).exists()
    load = _listing(app)
    labels = [item.label for item in load.items]
    load.set_focus(next(i for i, label in enumerate(labels) if label.startswith("delete me")))
    app.step([key(pygame.K_DELETE)])
    asked = app.stack.top
    assert isinstance(asked, ConfirmScene) and '"delete me"' in asked.question
    asked.answer(False)
    assert gone.exists()
    # with the mouse: "Delete a save…", then the save
    load.activate(next(i for i, item in enumerate(load.items) if item.label == "Delete a save…"))
    assert load.deleting
    load.activate(next(i for i, item in enumerate(load.items) if item.label.startswith("delete")))
    asked = app.stack.top
    assert isinstance(asked, ConfirmScene) and '"delete me"' in asked.question
    asked.answer(True)
    assert not gone.exists() and not saves.sidecar_path(gone).exists()
    assert kept.exists()
    assert [info.name for info in load.infos] == ["keep me"]
    assert not any(item.label.startswith("delete me") for item in load.items)
    assert not load.deleting  # back to loading

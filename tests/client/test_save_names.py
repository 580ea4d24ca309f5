"""Issue 23, item 1: no save silently replaces another; file names are safe on every system."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pygame
import pytest

from game.client import saves
from game.client.menu import MainMenuScene
from game.client.saves_ui import SaveNameScene, play_scene_for
from game.client.scenes import App
from game.client.session import GameSession, SessionConfig
from game.save import SaveError, safe_file_name

ROOT = Path(__file__).resolve().parents[2]
TABLE = str(ROOT / "tests" / "client" / "data" / "test_table.tmx")


def game(seed: int, steps: int = 3) -> GameSession:
    session = GameSession(SessionConfig(mode="watch", table=TABLE, seed=seed))
    for _ in range(steps):
        session.step_ai()
    return session


def seed_in(path: Path) -> int:
    return int(json.loads(path.read_text())["seed"])


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def test_f5_then_enter_in_two_games_at_the_same_turn_keeps_both(app: App) -> None:
    first, second = game(4), game(5)
    assert first.engine.state.turn == second.engine.state.turn
    app.push(MainMenuScene())
    written = []
    for session in (first, second):
        play = play_scene_for(session)
        app.push(play)
        app.step([key(pygame.K_F5)])
        prompt = app.stack.top
        assert isinstance(prompt, SaveNameScene)
        written.append(prompt.confirm())  # Enter on the proposed name
        app.pop()
    assert written[0] != written[1] and all(p is not None for p in written)
    assert [seed_in(p) for p in written if p is not None] == [4, 5]


@pytest.mark.parametrize("second", ["a:b", "a-b", "A/B", "a\\b"])
def test_names_that_clean_to_the_same_file_ask_before_replacing(app: App, second: str) -> None:
    saves.save_game(game(4), "a/b")
    app.push(MainMenuScene())
    prompt = SaveNameScene(None, game(5))
    app.push(prompt)
    assert prompt.entry is not None
    prompt.entry.set_text(second)
    assert prompt.confirm() is None  # asked, nothing written
    assert "already exists" in prompt.message and "again" in prompt.message
    [only] = [p for p in saves.saves_dir().iterdir() if not p.name.endswith(".session.json")]
    assert seed_in(only) == 4
    assert prompt.confirm() == only  # the second press replaces it, under its own spelling
    assert seed_in(only) == 5
    assert len(list(saves.saves_dir().glob("*.json"))) == 2  # the save and its session file


def test_a_changed_name_after_the_question_is_asked_again(app: App) -> None:
    saves.save_game(game(4), "raid")
    saves.save_game(game(4), "ambush")
    prompt = SaveNameScene(None, game(5))
    app.push(MainMenuScene())
    app.push(prompt)
    assert prompt.entry is not None
    prompt.entry.set_text("raid")
    assert prompt.confirm() is None
    prompt.entry.set_text("Ambush")  # another existing save: asked anew
    assert prompt.confirm() is None
    assert seed_in(saves.saves_dir() / "ambush.json") == 4


@pytest.mark.parametrize("typed", ["", "...", ".", " - ", "\u200b\u202e", "//"])
def test_names_that_clean_to_nothing_are_refused(typed: str) -> None:
    with pytest.raises(SaveError, match="at least one letter or digit"):
        saves.save_game(game(4), typed)
    assert not saves.saves_dir().exists() or not list(saves.saves_dir().iterdir())


@pytest.mark.parametrize("typed", ["CON", "nul", "Com1", "AUX", "lpt9", "COM¹", "PRN"])
def test_windows_device_names_never_become_file_names(typed: str) -> None:
    path = saves.save_game(game(4), typed)
    assert path.stem.lower() == f"{typed.lower()} save"


def test_names_differing_only_in_case_or_composition_are_one_save(app: App) -> None:
    saves.save_game(game(4), "Night Raid")
    with pytest.raises(saves.SaveExists):
        saves.save_game(game(5), "night raid")
    decomposed = unicodedata.normalize("NFD", "Café")
    saves.save_game(game(4), "Café")
    with pytest.raises(saves.SaveExists):
        saves.save_game(game(5), decomposed)
    path = saves.save_game(game(5), "NIGHT RAID", overwrite=True)
    assert path.name == "Night Raid.json" and seed_in(path) == 5


@pytest.mark.parametrize("letter", ["𝔸", "𐐀", "한", "é"])
def test_a_long_name_of_wide_letters_fits_every_file_system(letter: str) -> None:
    stem = safe_file_name(letter * 60)
    longest = "." + stem + ".session.json" + ".abcdefgh.tmp"  # the sidecar's temporary
    assert len(unicodedata.normalize("NFD", longest).encode("utf-8")) <= 255
    path = saves.save_game(game(4), letter * 60)
    assert path.is_file() and saves.sidecar_path(path).is_file()


def test_quick_save_replaces_its_own_game_and_keeps_another_games() -> None:
    first = game(4)
    path = saves.quick_save(first)
    first.step_ai()
    assert saves.quick_save(first) == path  # the same game, later: replaced
    other = game(5)
    kept = saves.quick_save(other)
    assert kept != path and kept.stem == "quicksave 2"
    assert (seed_in(path), seed_in(kept)) == (4, 5)
    other.step_ai()
    assert saves.quick_save(other) == kept

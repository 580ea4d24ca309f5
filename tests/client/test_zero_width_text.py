"""Issue 23, item 4: zero-width and direction characters typed or pasted into any text field
never close the window (they raised `pygame.error: Text has zero width` out of the widget)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UITextEntryLine

from game.client import text
from game.client.menu import MainMenuScene
from game.client.saves_ui import SaveNameScene
from game.client.scenes import App, Scene
from game.client.session import GameSession, SessionConfig
from game.client.settings_screen import SettingsScene
from game.client.setup import SetupScene

ROOT = Path(__file__).resolve().parents[2]
TABLE = str(ROOT / "tests" / "client" / "data" / "test_table.tmx")
INVISIBLE = ["\u200b", "\u202e", "\ufeff", "\u200b\u200d\u2060", "\u00ad"]


def entries(app: App) -> list[UITextEntryLine]:
    sprites = app.manager.get_sprite_group().sprites()
    return [s for s in sprites if isinstance(s, UITextEntryLine) and s.alive()]


def setup_in(mode: str) -> Callable[[], Scene]:
    def make() -> Scene:
        scene = SetupScene(preselect=Path(TABLE))
        scene.choices.mode = mode
        return scene

    return make


SCREENS: dict[str, Callable[[], Scene]] = {
    "settings": SettingsScene,
    "save name": lambda: SaveNameScene(
        None, GameSession(SessionConfig(mode="watch", table=TABLE, seed=2, autosave=False))
    ),
    "setup solo": setup_in("solo"),
    "setup hot-seat": setup_in("hotseat"),
    "setup co-op": setup_in("coop"),
}


def ctrl(code: int) -> pygame.event.Event:
    return pygame.event.Event(
        pygame.KEYDOWN, key=code, mod=pygame.KMOD_CTRL, unicode="", scancode=0
    )


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_invisible_characters_typed_pasted_or_set_in_every_field_are_harmless(
    app: App, screen: str
) -> None:
    app.push(MainMenuScene())
    app.push(SCREENS[screen]())
    app.step()
    fields = entries(app)
    assert fields, f"{screen} has no text field"
    for index in range(len(fields)):
        for chars in INVISIBLE:
            if index >= len(entries(app)):
                break  # the screen rebuilt itself with fewer fields
            field = entries(app)[index]
            field.set_text("")
            field.focus()
            app.step([pygame.event.Event(pygame.TEXTINPUT, text=chars)])  # typed
            pygame.scrap.put_text(chars)
            app.step([ctrl(pygame.K_a), ctrl(pygame.K_v)])  # pasted over everything
            app.step()
            current = entries(app)
            if index < len(current):
                current[index].set_text(chars)  # set from a name read from a file
                app.step()
                current[index].focus()
                enter = pygame.event.Event(
                    pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0
                )
                app.step([enter])  # Enter on it: the screen acts on what was typed
            while not isinstance(app.stack.top, type(SCREENS[screen]())) and len(app.stack) > 1:
                if isinstance(app.stack.top, MainMenuScene):
                    app.push(SCREENS[screen]())
                else:
                    app.pop()
            app.step()
    assert app.running


@pytest.mark.parametrize("chars", [*INVISIBLE, "\x00", "a\u202eb"])
def test_the_games_own_text_draws_invisible_characters_as_nothing(chars: str) -> None:
    pygame.font.init()
    surface: Any = text.text(chars, 18, (255, 255, 255))
    assert surface.get_height() > 0
    assert text.fit(chars * 40, 18, 50) is not None
    assert text.wrap(chars, 18, 50) is not None

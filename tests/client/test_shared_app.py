"""The `app` fixture's App is shared by the tests of a process (`shared_app.py`): each test must
get it as `App((1280, 800), headless=True)` makes a new one, whatever the test before did."""

from __future__ import annotations

import pygame
from shared_app import fresh_app, leave

from game import i18n
from game.client.scenes import App
from game.client.settings_screen import SettingsScene
from game.client.setup import SetupScene

# what a new manager sets and a test may change (pygame_gui's UIManager.__init__)
MANAGER_STATE = (
    "window_resolution",
    "focused_set",
    "mouse_double_click_time",
    "mouse_position",
    "mouse_pos_scale_factor",
    "visual_debug_active",
    "live_theme_updates",
    "theme_update_acc",
    "text_hovered",
    "hovering_any_ui_element",
    "copy_text_enabled",
    "paste_text_enabled",
)


def state(app: App) -> dict[str, object]:
    manager = app.manager
    seen: dict[str, object] = {name: getattr(manager, name) for name in MANAGER_STATE}
    seen["locale"] = manager.get_locale()
    seen["widgets"] = len(manager.get_sprite_group().sprites())
    seen["size"] = (app.size, app.screen.get_size(), pygame.display.get_surface() is app.screen)
    seen["app"] = (len(app.stack), app.running, app.frames, app.first_frame_at)
    return seen


def test_a_used_app_is_handed_on_as_a_new_one() -> None:
    used = fresh_app()
    used.push(SetupScene())
    used.step()
    used.resize((900, 640))
    i18n.set_language("fr")
    used.manager.set_locale("fr")
    used.push(SettingsScene())
    used.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 200), rel=(1, 1), buttons=())])
    used.manager.mouse_position = (300, 200)
    used.manager.visual_debug_active = True
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    assert used.frames == 2 and len(used.stack) == 2
    leave(used)
    i18n.set_language("en")

    new = App((1280, 800), headless=True)  # what a test got before the App was shared
    try:
        expected = state(new)
    finally:
        new.shutdown()
    again = fresh_app()  # the new App closed the window: it is opened again
    assert again is used  # shared, not rebuilt
    assert state(again) == expected
    assert pygame.event.get() == []  # nothing the used one left queued
    assert expected["locale"] == "en" and expected["widgets"] == 1  # the root container


def test_the_language_of_the_moment_reaches_pygame_guis_words() -> None:
    i18n.set_language("fr")
    try:
        assert fresh_app().manager.get_locale() == "fr"
    finally:
        i18n.set_language("en")
    assert fresh_app().manager.get_locale() == "en"


def test_an_app_left_with_a_scene_on_is_not_handed_on() -> None:
    used = fresh_app()
    used.push(SetupScene())  # the test did not leave through the fixture
    assert fresh_app() is not used

"""One window and widget manager per test process, handed to each client test as a fresh one.

Building an `App` costs its pygame_gui manager and theme (the theme file parsed, the fonts
preloaded) and, worse, every first drawing of a button or text box under a new theme (the theme
builds its fonts, colours and shapes for each kind of widget once, then keeps them). The client
tests asked for a new `App((1280, 800), headless=True)` each, some 300 of them per run; the
`app` fixture (`conftest.py`) now takes the process's one App, put back as a new one starts:

- every scene of the test before has left (`SceneStack.close_all`, what `App.shutdown` does,
  so each scene was told), and a new, empty scene stack;
- the manager has no widget left (a new root container and window stack, as pygame_gui's own
  `clear_and_reset` makes them), nothing focused, the mouse, cursor, hover and copy/paste flags
  as a new manager sets them, and the language of the moment (`set_locale`, as `App.__init__`
  does);
- the window is open at 1280x800 (another App or a screen test may have closed the display or
  changed its size); no event is queued; a new clock and a new silent sound board; no frame
  counted.

What is shared is what a new App would build the same: the theme (read-only to the game) and
its caches. If anything is left that the reset does not know (a widget outside the root
container), a new App is built instead, so a test never gets a used one.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.client.scenes import App, SceneStack, init_display
from game.client.sound import open_sound
from game.i18n import language

SIZE = (1280, 800)

_shared: App | None = None


def fresh_app() -> App:
    """The process's App, as `App((1280, 800), headless=True)` makes a new one."""
    global _shared
    if _shared is None or not _reset(_shared):
        if _shared is not None:
            _shared.shutdown()
        _shared = App(SIZE, headless=True)
    return _shared


def leave(app: App) -> None:
    """After a test: every scene leaves, as `App.shutdown` makes them (the window stays)."""
    app.stack.close_all()


def _window(app: App) -> None:
    """The display open at `SIZE`, its surface the app's screen."""
    if (
        not pygame.display.get_init()
        or pygame.display.get_surface() is not app.screen
        or app.screen.get_size() != SIZE
    ):
        app.screen = init_display(SIZE, headless=True)
    app.size = app.screen.get_size()
    if app.manager.window_resolution != app.size:
        app.manager.set_window_resolution(app.size)
    pygame.key.set_repeat(300, 40)
    pygame.display.set_caption("Ambush Alley!")


def _manager(manager: pygame_gui.UIManager) -> bool:
    """The manager with no widget and its input state as new; False if a widget is left."""
    manager.clear_and_reset()
    assert manager.root_container is not None
    manager.root_container.set_focus_set(None)
    if set(manager.get_sprite_group().sprites()) != {manager.root_container}:
        return False
    manager.focused_set = None
    manager.mouse_double_click_time = 0.5
    manager.mouse_position = (0, 0)
    manager.mouse_pos_scale_factor = [1.0, 1.0]
    manager.visual_debug_active = False
    manager.live_theme_updates = True
    manager.theme_update_acc = 0.0
    manager.active_user_cursor = pygame.cursors.Cursor(pygame.SYSTEM_CURSOR_ARROW)
    manager._active_cursor = manager.active_user_cursor
    manager.text_hovered = False
    manager.hovering_any_ui_element = False
    manager.copy_text_enabled = True
    manager.paste_text_enabled = True
    manager.set_locale(language())  # as App.__init__ does: pygame_gui's own words
    return True


def _reset(app: App) -> bool:
    if len(app.stack) or not pygame.font.get_init():
        return False  # a test left a scene on (it did not leave through the fixture)
    _window(app)
    if not _manager(app.manager):
        return False
    pygame.event.clear()
    app.clock = pygame.time.Clock()
    app.sound = open_sound(True)
    app.stack = SceneStack(app)
    app.running = True
    app.frames = 0
    app.first_frame_at = None
    return True

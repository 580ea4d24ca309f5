"""A tiny scene stack and the App that owns the window, the clock and the widget manager.

Only the top scene receives input, updates and draws. Each scene builds its pygame_gui widgets
when it becomes the top scene and kills them when it is covered or removed, so widgets of
different scenes never mix. The App can run headless for a number of frames with synthetic
events: that is how the tests drive it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from typing import Any

import pygame
import pygame_gui

from game import resources

THEME_PATH = resources.asset("ui", "theme.json")
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 560)
_PRELOADED_FONT_STYLES = [(14, "bold"), (16, "bold"), (18, "bold"), (24, "bold")] + [
    (size, "italic") for size in (14, 15, 16)
]


class Scene:
    """One screen. Subclasses override what they need; all defaults do nothing."""

    app: App

    def attach(self, app: App) -> None:
        self.app = app

    def build_ui(self, manager: pygame_gui.UIManager) -> None:
        """Create this scene's widgets for the current window size."""

    def clear_ui(self) -> None:
        """Kill this scene's widgets."""

    def on_enter(self) -> None:
        """Called once, when the scene is first pushed."""

    def on_exit(self) -> None:
        """Called once, when the scene is popped or replaced."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; widgets are rebuilt by the stack right after this."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """Input that the widgets did not consume, and the widgets' own UI events."""

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything but the widgets (the App draws those on top)."""


class Overlay(Scene):
    """A modal panel drawn over the dimmed scene below."""

    def __init__(self, below: Scene | None) -> None:
        self.below = below
        self._dim: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface) -> None:
        if self.below is not None:
            self.below.draw(surface)
        else:
            surface.fill((24, 26, 22))
        if self._dim is None or self._dim.get_size() != surface.get_size():
            self._dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._dim.fill((0, 0, 0, 170))
        surface.blit(self._dim, (0, 0))


class SceneStack:
    def __init__(self, app: App) -> None:
        self.app = app
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.clear_ui()
        scene.attach(self.app)
        self.scenes.append(scene)
        scene.on_enter()
        scene.build_ui(self.app.manager)

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.clear_ui()
        scene.on_exit()
        if self.top is not None:
            self.top.resize(self.app.size)
            self.top.build_ui(self.app.manager)
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            old = self.scenes.pop()
            old.clear_ui()
            old.on_exit()
        self.push(scene)

    def close_all(self) -> None:
        """Every scene leaves, top first, each told so (`on_exit`); nothing is rebuilt."""
        while self.scenes:
            scene = self.scenes.pop()
            scene.clear_ui()
            scene.on_exit()

    def __len__(self) -> int:
        return len(self.scenes)


def init_display(size: tuple[int, int], headless: bool) -> pygame.Surface:
    """Open the window (or a dummy one). Only the display and fonts are started: no audio."""
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    pygame.display.init()
    pygame.font.init()
    pygame.key.set_repeat(300, 40)
    pygame.display.set_caption("Ambush Alley!")
    return pygame.display.set_mode(size, pygame.RESIZABLE)


class App:
    """The window, the clock, the widget manager and the scene stack."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, headless: bool = False) -> None:
        self.headless = headless
        self.screen = init_display(size, headless)
        self.size = self.screen.get_size()
        theme = str(THEME_PATH) if THEME_PATH.exists() else None
        from game.client.text import guard_widget_fonts

        guard_widget_fonts()  # zero-width text typed or pasted never closes the window
        self.manager = pygame_gui.UIManager(self.size, theme)
        from game.i18n import language  # --- French UI (issue 24): the widgets' own words

        self.manager.set_locale(language())  # pygame_gui's file dialog, OK/Cancel...
        # The HTML in the unit card, log and menus uses these styles; loading them up front
        # avoids a stall (and a warning) the first time each one is shown.
        self.manager.preload_fonts(
            [
                {"name": "noto_sans", "point_size": size, "style": style, "antialiased": "1"}
                for size, style in _PRELOADED_FONT_STYLES
            ]
        )
        self.clock = pygame.time.Clock()
        from game.client.sound import open_sound

        self.sound = open_sound(headless)  # silent under the dummy driver
        self.stack = SceneStack(self)
        self.running = True
        self.frames = 0
        self.first_frame_at: float | None = None

    # -- stack shortcuts ----------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def pop(self) -> None:
        self.stack.pop()
        if len(self.stack) == 0:
            self.running = False

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)

    def quit(self) -> None:
        self.running = False

    # -- window -------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if size != self.screen.get_size():
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.size = self.screen.get_size()
        self.manager.set_window_resolution(self.size)
        top = self.stack.top
        if top is not None:
            top.clear_ui()
            top.resize(self.size)
            top.build_ui(self.manager)

    # -- the loop -----------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            from game.client.typed import visible

            cleaned = visible(event.text)
            if not cleaned and event.text:
                return  # only invisible characters (U+200B, U+202E, U+FEFF…): nothing typed
            event.text = cleaned
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        top = self.stack.top
        if event.type == pygame.KEYDOWN and top is not None:
            from game.client.hotkeys import handle_global_key  # F1 help, F5 save, F9 load

            if handle_global_key(top, event):
                return
        consumed = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.sound.play("click")
        if top is not None and (not consumed or event.type >= pygame.USEREVENT):
            top.handle_event(event)

    def step(self, events: Iterable[pygame.event.Event] = (), dt: float = 1 / 60) -> None:
        """One frame: the given events, then whatever is queued (widgets post their own events),
        update, draw."""
        for event in list(events) + pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        top = self.stack.top
        if top is None:
            self.running = False
            return
        top.update(dt)
        self.manager.update(dt)
        top = self.stack.top
        if top is None:
            return
        top.draw(self.screen)
        self.manager.draw_ui(self.screen)
        pygame.display.flip()
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()

    def run(
        self,
        max_frames: int | None = None,
        script: Callable[[int], Iterable[pygame.event.Event]] | None = None,
        fps: int = 60,
    ) -> int:
        """Run until quit (or for `max_frames` frames). `script(frame)` may inject events."""
        dt = 1 / fps
        while self.running and (max_frames is None or self.frames < max_frames):
            injected = script(self.frames) if script is not None else ()
            self.step(injected, dt)
            if not self.headless:
                dt = min(self.clock.tick(fps) / 1000.0, 0.1)
        return 0

    def shutdown(self) -> None:
        self.stack.close_all()
        pygame.display.quit()


def close_expanded_menu(elements: Iterable[Any]) -> bool:
    """Close the first drop-down list among `elements` that is open; True if one was.

    Esc on a screen with an open list should close the list, not leave the screen."""
    for element in elements:
        states = getattr(element, "menu_states", None)
        if states is not None and element.current_state is states.get("expanded"):
            element.unfocus()  # pygame_gui closes an unfocused open list on its next update
            return True
    return False

"""The settings screen: one control per setting, each saved the moment it changes.

The window size is applied at once; full screen takes effect at the next start (switching a
live window to full screen loses the widgets' surfaces on some drivers). The user maps folder
is created when it is set, and its path is shown.
"""

from __future__ import annotations

import contextlib
import html
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UILabel,
    UITextBox,
    UITextEntryLine,
)

from game.client.menu import draw_menu_background
from game.client.scenes import App, Scene, close_expanded_menu
from game.client.settings import (
    LANGUAGE_CHOICES,
    MAX_PATH_CHARS,
    PACES,
    WINDOW_SIZES,
    SettingsError,
    colour_scheme_names,
    current_settings,
    ensure_maps_dir,
    load_settings,
    save_settings,
    set_current_settings,
)
from game.client.typed import visible
from game.client.words import PACE_NAMES
from game.i18n import N_, _, set_language
from game.resources import maps_guide

TIPS = {
    "window_size": N_(
        "The window's size in pixels (applied now; you can also drag the window edge)"
    ),
    "fullscreen": N_("Fill the screen (takes effect the next time the game starts)"),
    "pace": N_("How fast the AI's actions and the dice play out: instant, normal or slow"),
    "confirm_end_activation": N_(
        "Ask before ending a unit's activation, so a stray key costs nothing"
    ),
    "show_odds": N_("Show the expected casualties of a fire order before you give it"),
    "colour_scheme": N_("The colours of the figures and markers (high-contrast reads better)"),
    "user_maps_dir": N_(
        "The folder of your own Tiled maps: its .tmx files are listed in New game. "
        "Type a path and press Enter; empty means the default folder"
    ),
    "sound_volume": N_("How loud shots, explosions, dice and clicks are (0 is silent)"),
    "sound_muted": N_("Silence every sound without losing the volume you chose"),
    # --- French UI (issue 24): the language ---
    "language": N_(
        "The language of the screens and the game log (applied at once; System default "
        "follows your desktop)"
    ),
}
SCHEME_NAMES = {"default": N_("default"), "high-contrast": N_("high-contrast")}
LANGUAGE_NAMES = {"system": N_("System default"), "en": "English", "fr": "Français"}
VOLUMES = tuple(str(v) for v in range(0, 101, 10))
ROWS = 10  # the settings rows below; their spacing shrinks to fit the smallest window
BACK_FROM_BOTTOM = 80  # the Back button's top, from the window's bottom edge
GAP = 8  # between the status box and the Back button


def size_label(size: tuple[int, int]) -> str:
    return f"{size[0]} x {size[1]}"


class SettingsScene(Scene):
    """Settings, persisted on every change; Esc or Back returns."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder  # the config folder (None: the user's, or the env override)
        self.settings = current_settings()
        self.message = ""
        self.widgets: list[Any] = []
        self.controls: dict[str, Any] = {}
        self.back_button: UIButton | None = None
        self.status: UITextBox | None = None

    # -- changing -----------------------------------------------------------------------------
    def change(self, **values: Any) -> bool:
        """Apply and save new values; False (and a message) when they cannot be saved."""
        updated = replace(self.settings, **values)
        try:
            save_settings(updated, self.folder)
        except SettingsError as exc:
            self.show(str(exc), error=True)
            return False
        self.settings = updated
        set_current_settings(updated)
        if "window_size" in values and not self.settings.fullscreen:
            self.app.resize(updated.window_size)
        if "user_maps_dir" in values:
            folder, warning = ensure_maps_dir(updated)
            self.show(
                warning or _("Your maps folder: {folder}").format(folder=folder),
                error=bool(warning),
            )
        elif "language" in values:  # --- French UI (issue 24): this screen speaks it at once
            self.app.manager.set_locale(set_language(updated.language))  # and pygame_gui's
            self.message = ""
            self.clear_ui()
            self.build_ui(self.app.manager)
            self.show(_("Saved."))
        else:
            self.show(_("Saved."))
        return True

    def show(self, message: str, error: bool = False) -> None:
        colour = "#ff8070" if error else "#d8e6c0"
        self.message = f"<font color='{colour}'>{html.escape(message)}</font>"
        if self.status is not None:
            self.status.set_text(self.message)

    # -- widgets ------------------------------------------------------------------------------
    def build_ui(self, manager: pygame_gui.UIManager) -> None:
        w, h = self.app.size
        left = max(40, (w - 760) // 2)
        label_w, control_x = 300, left + 310
        y = round(h * 0.22)
        # the rows, then the status box, then the Back button, none over the next (800x560 too)
        back_top = h - BACK_FROM_BOTTOM
        status_h = 70 if h >= 700 else 48
        step = max(28, min(46, (back_top - GAP - status_h - 6 - y) // ROWS))
        high = min(34, step - 2)  # a control's height
        s = self.settings
        self.widgets = []
        self.controls = {}

        def tick_box() -> pygame.Rect:
            return pygame.Rect(control_x, y + (high - 20) // 2, 20, 20)

        def row(key: str, title: str, control: Any) -> None:
            nonlocal y
            label = UILabel(pygame.Rect(left, y, label_w, high), title, manager)
            label.set_tooltip(_(TIPS[key]))
            control.set_tooltip(_(TIPS[key]))
            self.widgets += [label, control]
            self.controls[key] = control
            y += step

        sizes: list[str | tuple[str, str]] = [size_label(size) for size in WINDOW_SIZES]
        if size_label(s.window_size) not in sizes:
            sizes.append(size_label(s.window_size))
        row(
            "window_size",
            _("Window size"),
            UIDropDownMenu(
                sizes, size_label(s.window_size), pygame.Rect(control_x, y, 220, high), manager
            ),
        )
        row(
            "fullscreen",
            _("Full screen"),
            UICheckBox(
                tick_box(),
                "",
                manager,
                initial_state=s.fullscreen,
            ),
        )
        row(
            "pace",
            _("Pace of play"),
            UIDropDownMenu(
                [(_(PACE_NAMES[p]), p) for p in PACES],
                (_(PACE_NAMES[s.pace]), s.pace),
                pygame.Rect(control_x, y, 220, high),
                manager,
            ),
        )
        row(
            "confirm_end_activation",
            _("Confirm ending an activation"),
            UICheckBox(
                tick_box(),
                "",
                manager,
                initial_state=s.confirm_end_activation,
            ),
        )
        row(
            "show_odds",
            _("Show the odds of a fire order"),
            UICheckBox(
                tick_box(),
                "",
                manager,
                initial_state=s.show_odds,
            ),
        )
        schemes: list[str | tuple[str, str]] = [
            (_(SCHEME_NAMES.get(name, name)), name) for name in colour_scheme_names()
        ]
        chosen = s.colour_scheme if s.colour_scheme in colour_scheme_names() else "default"
        row(
            "colour_scheme",
            _("Colour scheme"),
            UIDropDownMenu(
                schemes,
                (_(SCHEME_NAMES.get(chosen, chosen)), chosen),
                pygame.Rect(control_x, y, 220, high),
                manager,
            ),
        )
        row(
            "user_maps_dir",
            _("Your maps folder"),
            UITextEntryLine(
                pygame.Rect(control_x, y, w - control_x - left, high),
                manager,
                initial_text=str(s.maps_dir()),
            ),
        )
        volumes: list[str | tuple[str, str]] = list(VOLUMES)
        if str(s.sound_volume) not in VOLUMES:  # a value typed into settings.json stays shown
            volumes.append(str(s.sound_volume))
        row(
            "sound_volume",
            _("Sound volume (%)"),
            UIDropDownMenu(
                volumes,
                str(s.sound_volume),
                pygame.Rect(control_x, y, 220, high),
                manager,
            ),
        )
        row(
            "sound_muted",
            _("Mute sound"),
            UICheckBox(
                tick_box(),
                "",
                manager,
                initial_state=s.sound_muted,
            ),
        )
        # --- French UI (issue 24): the language ---
        languages: list[str | tuple[str, str]] = [
            (_(LANGUAGE_NAMES[c]), c) for c in LANGUAGE_CHOICES
        ]
        row(
            "language",
            _("Language"),
            UIDropDownMenu(
                languages,
                (_(LANGUAGE_NAMES[s.language]), s.language),
                pygame.Rect(control_x, y, 220, high),
                manager,
            ),
        )
        self.status = UITextBox(
            self.message
            or html.escape(_("Your maps folder: {folder}").format(folder=s.maps_dir()))
            + "<br>"
            + html.escape(_("How to make a map: {guide}").format(guide=maps_guide())),
            pygame.Rect(left, y + 6, w - 2 * left, status_h),
            manager,
        )
        self.back_button = UIButton(
            pygame.Rect((w - 200) // 2, back_top, 200, 48),
            _("Back"),
            manager,
            tool_tip_text=_("Back (Esc); every change is already saved"),
            object_id="#menu_button",
        )
        self.widgets += [self.status, self.back_button]

    def clear_ui(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets = []
        self.controls = {}
        self.status = None
        self.back_button = None

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        element = getattr(event, "ui_element", None)
        key = next((k for k, c in self.controls.items() if c is element), None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.back_button:
            self.app.pop()
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            if key is not None:
                self.change(**{key: event.type == pygame_gui.UI_CHECK_BOX_CHECKED})
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and key is not None:
            self._choose(key, str(getattr(event, "selected_option_id", event.text)))
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and key == "user_maps_dir":
            self.set_maps_dir(str(event.text))
        elif (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_ESCAPE
            and not close_expanded_menu(self.controls.values())  # Esc first closes a list
        ):
            self.app.pop()

    def _choose(self, key: str, text: str) -> None:
        if key == "window_size":
            size = next((s for s in WINDOW_SIZES if size_label(s) == text), None)
            if size is not None:
                self.change(window_size=size)
        elif key == "pace" and text in PACES:
            self.change(pace=text)
        elif key == "colour_scheme" and text in colour_scheme_names():
            self.change(colour_scheme=text)
        elif key == "sound_volume" and text.isdigit() and 0 <= int(text) <= 100:
            self.change(sound_volume=int(text))
        elif key == "language" and text in LANGUAGE_CHOICES:  # --- French UI (issue 24)
            self.change(language=text)

    def set_maps_dir(self, typed: str) -> bool:
        typed = visible(typed).strip()
        if len(typed) > MAX_PATH_CHARS:
            self.show(
                _("That folder path is too long (at most {n} letters).").format(n=MAX_PATH_CHARS),
                True,
            )
            return False
        default = str(replace(self.settings, user_maps_dir="").maps_dir())
        value = "" if not typed or typed == default else typed
        with contextlib.suppress(RuntimeError):  # "~someone" for a user this system lacks
            value = str(Path(value).expanduser()) if value else ""
        return self.change(user_maps_dir=value)

    def draw(self, surface: pygame.Surface) -> None:
        draw_menu_background(surface, _("Settings"), _("Every change is saved at once"))


def apply_startup_settings(app: App, *, headless: bool) -> str | None:
    """At start: create the user's maps folder, size the window (full screen if asked), and
    return the one warning line to print (a broken settings file, an uncreatable folder)."""
    loaded = load_settings()
    set_current_settings(loaded.settings)
    _folder, folder_warning = ensure_maps_dir(loaded.settings)
    if not headless:
        if loaded.settings.fullscreen:
            try:
                app.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                pass  # stay windowed: a window is better than no game
            else:
                app.size = app.screen.get_size()
                app.manager.set_window_resolution(app.size)
        elif loaded.settings.window_size != app.size:
            app.resize(loaded.settings.window_size)
    return loaded.warning or folder_warning

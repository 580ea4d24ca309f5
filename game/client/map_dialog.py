"""'Open map…': pygame_gui's file dialog, kept to what opening a map needs (issue 24 §1).

`MapFileDialog` is pygame_gui's `UIFileDialog` showing folders and `.tmx` files, accepting only a
file that exists. Two things of the stock dialog are taken away:
- its Delete button: a dialog for opening a map must never delete a player's file;
- its `locale.setlocale(LC_ALL, "")`, a process-wide change (month names, number formats) made
  as it opens: the locale in force before is put back.

The scenes that open maps (the main menu's "Open map…", the New game screen) ask `picked_map`
whether an event is the dialog's choice, then open the path as before: the validator's
problems are shown by the scene, and the dialog can be opened again.
"""

from __future__ import annotations

import locale
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.windows import UIFileDialog

from game.i18n import _, language

MAP_SUFFIXES = {".tmx"}


class MapFileDialog(UIFileDialog):
    """The file dialog for a Tiled map: `.tmx` files only, existing ones, no deleting."""

    def __init__(self, rect: pygame.Rect, manager: Any, start: Path) -> None:
        before = locale.setlocale(locale.LC_ALL)  # a query: the locale in force now
        try:
            super().__init__(
                rect,
                manager,
                window_title=_("Open map"),
                allowed_suffixes=MAP_SUFFIXES,
                initial_file_path=str(start),
                object_id="#map_file_dialog",
                allow_existing_files_only=True,
                allow_picking_directories=False,
                always_on_top=True,
            )
        finally:
            locale.setlocale(locale.LC_ALL, before)
        self.delete_button.disable()
        self.delete_button.hide()

    def _prepare_valid_file_path_for_interaction(self) -> None:
        super()._prepare_valid_file_path_for_interaction()
        self.delete_button.disable()  # the stock dialog enables it for every file picked

    def _process_mini_file_operation_button_events(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.delete_button:
            return  # never delete
        super()._process_mini_file_operation_button_events(event)


def dialog_rect(window: tuple[int, int]) -> pygame.Rect:
    """Most of the window, centred across it, below the screen's title, never under
    pygame_gui's minimum of 260 x 300."""
    w, h = window
    rect = pygame.Rect(
        0, 0, max(300, min(760, round(w * 0.7))), max(320, min(560, round(h * 0.75)))
    )
    rect.centerx = w // 2
    rect.top = max(0, min(round(h * 0.2), h - rect.height))
    return rect


def open_map_dialog(manager: Any, window: tuple[int, int], start: Path) -> MapFileDialog:
    """Show the dialog at `start` (a folder, or a map file to pre-select). Its own buttons and
    tooltips (OK, Cancel, Home, Parent folder…) are pygame_gui's, translated by pygame_gui in
    the UI manager's locale: the manager is put in the game's language first (issue 24 §2)."""
    if manager.get_locale() != language():
        manager.set_locale(language())
    return MapFileDialog(dialog_rect(window), manager, start)


def picked_map(event: pygame.event.Event) -> Path | None:
    """The map chosen, if `event` is a map dialog's choice (the dialog has closed itself by
    then; only the scene on top, which opened it, gets the event)."""
    if event.type != pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
        return None
    if not isinstance(event.ui_element, MapFileDialog):
        return None
    return Path(str(event.text))


def still_open(dialog: MapFileDialog | None) -> MapFileDialog | None:
    """`dialog` while it is on screen; None once closed (Cancel, its close button, a pick)."""
    return dialog if dialog is not None and dialog.alive() else None


class MapDialogHost:
    """The 'Open map…' dialog of one scene: at most one open, closed with the scene's widgets;
    while it is open it has the keyboard, and Esc closes it before it leaves the scene."""

    def __init__(self) -> None:
        self.dialog: MapFileDialog | None = None

    @property
    def is_open(self) -> bool:
        self.dialog = still_open(self.dialog)
        return self.dialog is not None

    def open(self, manager: Any, window: tuple[int, int], start: Path) -> None:
        if not self.is_open:
            self.dialog = open_map_dialog(manager, window, start)

    def close(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None

    def handle(self, event: pygame.event.Event, on_pick: Callable[[str], object]) -> bool:
        """Whether the dialog took `event`: a map picked (given to `on_pick`), Esc closing it,
        or any other key while it is open."""
        picked = picked_map(event)
        if picked is not None:
            self.dialog = None  # it has closed itself
            on_pick(str(picked))
            return True
        if not self.is_open or event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_ESCAPE:
            self.close()
        return True

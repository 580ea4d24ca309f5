"""The save and load screens: F5 name prompt (Shift+F5 quick save), the F9 load list, Continue.

The files and their reading live in `game.client.saves`; this module only shows them.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from game.client import saves
from game.client.confirm import ConfirmScene
from game.client.menu import ButtonMenuScene, MenuItem
from game.client.scenes import Overlay, Scene
from game.i18n import N_, _, ngettext
from game.save import SaveError, safe_file_name, unique_stem

ERROR_COLOUR = "#ff8070"


def play_scene_for(session: Any) -> Scene:
    """C2's play screen for a session (its map opened for the battle screen)."""
    from game.client.catalogue import open_map
    from game.client.play import PlayScene

    return PlayScene(open_map(Path(session.engine.state.map_path)), session)


def start_session(scene: Scene, session: Any, report: Callable[[str], None]) -> bool:
    """Show `session` on the play screen, over the main menu only."""
    from game.client.catalogue import MapOpenError

    try:
        play = play_scene_for(session)
    except (MapOpenError, OSError, pygame.error) as exc:
        report(_("cannot show this game: {problem}").format(problem=exc))
        return False
    app = scene.app
    # Back to the bottom of the stack (the main menu): the loaded game replaces whatever game,
    # set-up screen or list was open, so leaving it returns to the menu.
    while len(app.stack) > 1:
        app.stack.pop()
    app.push(play)
    return True


def notify(scene: Scene, message: str, error: bool = False) -> None:
    """Tell the player on the scene's own status line when it has one."""
    say = getattr(scene, "say", None)
    if callable(say):
        say(message, error)


# -- saving -------------------------------------------------------------------------------------
def default_save_name(session: Any, folder: Path | None = None) -> str:
    """ "<title> turn N (date time)", made unique in the saves folder: Enter on the proposed
    name never replaces another save (two games at the same turn used to share one name)."""
    from datetime import datetime

    state = session.engine.state
    proposed = _("{title} turn {turn}").format(
        title=state.title or state.scenario_id, turn=state.turn
    )
    stem = safe_file_name(f"{proposed} ({datetime.now():%Y-%m-%d %H%M})")
    return unique_stem(folder or saves.saves_dir(), stem) if stem else proposed


def save_from(scene: Scene, *, quick: bool = False) -> bool:
    """F5: ask for a name (Shift+F5: quick save at once). False when `scene` plays no game."""
    session = getattr(scene, "session", None)
    if session is None:
        return False
    if quick:
        try:
            path = saves.quick_save(session)
        except SaveError as exc:
            notify(scene, str(exc), True)
        else:
            notify(scene, _("Quick saved ({name}).").format(name=path.name))
        return True
    scene.app.push(SaveNameScene(scene, session))
    return True


class SaveNameScene(Overlay):
    """Type a name, Enter (or Save) writes the game into the saves folder; Esc cancels."""

    owns_keys = frozenset({pygame.K_F5})

    def __init__(self, below: Scene | None, session: Any, folder: Path | None = None) -> None:
        super().__init__(below)
        self.session = session
        self.folder = folder
        self.name = default_save_name(session, folder)
        self.replace_asked: Path | None = None  # the save the player was asked to replace
        self.message = ""
        self.saved: Path | None = None
        self.entry: UITextEntryLine | None = None
        self.widgets: list[Any] = []

    def build_ui(self, manager: pygame_gui.UIManager) -> None:
        w, h = self.app.size
        box = pygame.Rect((w - 520) // 2, h // 2 - 90, 520, 180)
        self.widgets = [
            UILabel(pygame.Rect(box.left, box.top, box.width, 32), _("Save the game as:"), manager)
        ]
        self.entry = UITextEntryLine(
            pygame.Rect(box.left, box.top + 40, box.width, 40),
            manager,
            initial_text=self.name,
        )
        self.entry.set_tooltip(_("The save's name: letters, digits, spaces, - and _ are kept"))
        self.entry.focus()
        self.save_button = UIButton(
            pygame.Rect(box.right - 250, box.top + 96, 120, 38),
            _("Save"),
            manager,
            tool_tip_text=_("Write the save (Enter)"),
        )
        self.cancel_button = UIButton(
            pygame.Rect(box.right - 120, box.top + 96, 120, 38),
            _("Cancel"),
            manager,
            tool_tip_text=_("Back to the game without saving (Esc)"),
        )
        self.status = UILabel(
            pygame.Rect(box.left, box.top + 142, box.width, 30), self.message or " ", manager
        )
        self.widgets += [self.entry, self.save_button, self.cancel_button, self.status]

    def clear_ui(self) -> None:
        if self.entry is not None:
            self.name = self.entry.get_text()
        for widget in self.widgets:
            widget.kill()
        self.widgets = []
        self.entry = None

    def confirm(self) -> Path | None:
        """Save under the typed name; an existing save of that name is replaced only when Save
        is pressed a second time for it, after the player was told."""
        name = self.entry.get_text() if self.entry is not None else self.name
        if not name.strip():
            self._show(_("Type a name first."))
            return None
        try:
            target = saves.save_path(name, self.folder)
            again = self.replace_asked is not None and self.replace_asked == target
            path = saves.save_game(self.session, name, self.folder, overwrite=again)
        except saves.SaveExists as exc:
            self.replace_asked = exc.path
            self._show(
                _('"{name}" already exists: press Save (or Enter) again to replace it.').format(
                    name=exc.path.stem
                )
            )
            return None
        except SaveError as exc:
            self._show(str(exc))
            return None
        self.saved = path
        below = self.below
        self.app.pop()
        if below is not None:
            notify(below, _("Saved as {name}.").format(name=path.stem))
        return path

    def _show(self, message: str) -> None:
        self.message = message
        if self.widgets:
            self.status.set_text(message)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.confirm()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.save_button:
                self.confirm()
            elif event.ui_element is self.cancel_button:
                self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()


# -- loading ------------------------------------------------------------------------------------
def open_load_list(scene: Scene) -> bool:
    """F9 (and the menu's Load game): the list of saves."""
    scene.app.push(LoadScene())
    return True


def _info_html(info: saves.SaveInfo) -> str:
    if not info.readable:
        return (
            f"<b>{html.escape(info.name)}</b><br><font color='{ERROR_COLOUR}'>"
            + _("unreadable: {problem}").format(problem=html.escape(info.problem or ""))
            + "</font><br><br>"
            f"<i>{html.escape(str(info.path))}</i>"
        )
    when = info.saved_at.strftime("%Y-%m-%d %H:%M") if info.saved_at else "?"
    mode = _(saves.MODE_LABELS.get(info.mode, info.mode)) or _("solo (no seats recorded)")
    kept = (
        [
            "<i>"
            + _("Unfinished: kept when another game took over Continue (the window's autosave)")
            + "</i>"
        ]
        if info.unfinished
        else []
    )
    return "<br>".join(
        [
            f"<font size=5><b>{html.escape(info.name)}</b></font>",
            *kept,
            (_("Played: {when}") if info.unfinished else _("Saved: {when}")).format(when=when),
            _("Scenario: {name}").format(name=html.escape(info.scenario or _("custom map"))),
            ngettext(
                "Turn: {turn} ({n} order given)", "Turn: {turn} ({n} orders given)", info.commands
            ).format(turn=info.turn, n=info.commands),
            _("Mode: {mode}").format(mode=html.escape(mode)),
            "",
            f"<i>{html.escape(str(info.path))}</i>",
        ]
    )


class LoadScene(ButtonMenuScene):
    """Saved games, newest first: name, date, scenario and turn; broken files say why. A save
    chosen is loaded once the player confirms; Delete (or "Delete a save…" then the save)
    removes one, also after asking."""

    title = N_("Load game")
    subtitle = N_("Choose a saved game")
    with_details = True
    owns_keys = frozenset({pygame.K_F9})
    per_page = 5  # with More, Delete and Back: eight buttons, as at 1024×640 fit

    def __init__(self, folder: Path | None = None) -> None:
        super().__init__()
        self.folder = folder
        self.infos: list[saves.SaveInfo] = []
        self.shown: list[saves.SaveInfo] = []  # the saves on this page, in the items' order
        self.page = 0
        self.loaded: Any = None
        self.deleting = False  # the next save chosen is deleted (after asking), not loaded

    def list_rect(self) -> pygame.Rect:
        rect = super().list_rect()
        rect.width = max(rect.width, round(self.app.size[0] * 0.42))  # labels carry a date
        return rect

    def menu_items(self) -> list[MenuItem]:
        self.infos = saves.list_saves(self.folder)
        pages = max(1, -(-len(self.infos) // self.per_page))
        self.page %= pages
        self.shown = self.infos[self.page * self.per_page : (self.page + 1) * self.per_page]
        items = [
            MenuItem(
                _short_label(info),
                partial(_ignore, self.choose, info),
                partial(self.describe, info),
            )
            for info in self.shown
        ]
        if not self.infos:
            self.deleting = False
            folder = self.folder or saves.saves_dir()
            self.set_details(
                _("No saved games yet in {folder}.").format(folder=html.escape(str(folder)))
            )
        if pages > 1:
            label = _("More saves… (page {page} of {pages})").format(
                page=self.page + 1, pages=pages
            )
            items.append(MenuItem(label, self.next_page))
        if self.infos:
            label = _("Keep them all (stop deleting)") if self.deleting else _("Delete a save…")
            items.append(MenuItem(label, self.toggle_deleting))
        items.append(MenuItem(_("Back"), self.back))
        self.subtitle = (
            N_("Choose the save to DELETE")
            if self.deleting
            else N_("Choose a saved game (Del: delete)")
        )
        return items

    def refresh(self) -> None:
        """List the saves again (another page, one deleted, the delete mode switched)."""
        self.clear_ui()
        self.items = self.menu_items()
        self.focus = 0
        self.build_ui(self.app.manager)

    def next_page(self) -> None:
        """Show the next (older) page of saves; after the last, the first again."""
        self.page += 1
        self.refresh()

    def toggle_deleting(self) -> None:
        self.deleting = not self.deleting
        self.refresh()
        if self.deleting:
            self.set_details(_("Choose the save to delete: you will be asked before it goes."))

    def describe(self, info: saves.SaveInfo) -> None:
        self.set_details(_info_html(info))

    def choose(self, info: saves.SaveInfo) -> None:
        """A save clicked (or Enter on it): ask before loading it, or before deleting it."""
        if self.deleting:
            self.ask_delete(info)
            return
        if not info.readable:
            self.describe(info)
            return
        scenes = self.app.stack.scenes
        in_play = any(getattr(scene, "session", None) is not None for scene in scenes)
        name = _cut(info.name, 32)
        question = (
            _('Leave this game and load "{name}"?').format(name=name)
            if in_play
            else _('Load "{name}" (turn {turn})?').format(name=name, turn=info.turn)
        )
        self.app.push(ConfirmScene(self, question, partial(self.load, info)))

    def ask_delete(self, info: saves.SaveInfo) -> None:
        question = _('Delete "{name}" for good?').format(name=_cut(info.name, 32))
        self.app.push(ConfirmScene(self, question, partial(self.delete, info)))

    def delete(self, info: saves.SaveInfo) -> None:
        try:
            saves.delete_save(info.path)
        except SaveError as exc:
            self._report(str(exc))
            return
        self.deleting = False
        self.refresh()
        self.set_details(_("Deleted {name}.").format(name=html.escape(info.name)))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            if self.focus < len(self.shown):
                self.ask_delete(self.shown[self.focus])
            return
        super().handle_event(event)

    def load(self, info: saves.SaveInfo) -> bool:
        if not info.readable:
            self.describe(info)
            return False
        try:
            session = saves.resume_session(info.path)
        except SaveError as exc:
            self.set_details(f"<font color='{ERROR_COLOUR}'>{html.escape(str(exc))}</font>")
            return False
        self.loaded = session
        return start_session(self, session, self._report)

    def _report(self, message: str) -> None:
        self.set_details(f"<font color='{ERROR_COLOUR}'>{html.escape(message)}</font>")


def _ignore(action: Callable[..., object], *args: Any) -> None:
    """Call `action` for a menu entry (menu actions return nothing)."""
    action(*args)


LABEL_NAME_CHARS = 24


def _cut(name: str, most: int) -> str:
    return name if len(name) <= most else name[: most - 1].rstrip() + "…"


def _short_label(info: saves.SaveInfo) -> str:
    """`name — 11-24 21:05 — turn 3`; a long name is cut with an ellipsis, so a cut name
    never reads as part of the rest (found in play: "…Trouble turn — 11-24 — turn 3"). A game
    kept from the autosave reads `Unfinished: scenario — date — turn 3 (41 orders)`: its name
    (the same words) cut short made every such entry look alike (found in play)."""
    when = info.saved_at.strftime("%m-%d %H:%M") if info.saved_at else "?"
    if info.unfinished and info.readable:
        scenario = _cut(info.scenario or _("custom map"), 16)
        return ngettext(
            "Unfinished: {scenario} — {when} — turn {turn} ({n} order)",
            "Unfinished: {scenario} — {when} — turn {turn} ({n} orders)",
            info.commands,
        ).format(scenario=scenario, when=when, turn=info.turn, n=info.commands)
    name = _cut(info.name, LABEL_NAME_CHARS)
    if not info.readable:
        return _("{name} — unreadable").format(name=name)
    return _("{name} — {when} — turn {turn}").format(name=name, when=when, turn=info.turn)


# -- Continue -----------------------------------------------------------------------------------
def continue_item(scene: Scene) -> MenuItem | None:
    """The main menu's "Continue" entry, when the last game stopped mid-game."""
    info = saves.continue_info()
    if info is None:
        return None
    return MenuItem(
        _("Continue (turn {turn})").format(turn=info.turn),
        partial(_ignore, continue_game, scene),
        partial(_describe_on, scene, info),
    )


def _describe_on(scene: Scene, info: saves.SaveInfo) -> None:
    set_details = getattr(scene, "set_details", None)
    if callable(set_details):
        set_details(_info_html(info))


def continue_game(scene: Scene) -> bool:
    """Resume the autosave exactly where it stopped."""
    try:
        session = saves.resume_session(saves.autosave_path())
    except SaveError as exc:
        notify(scene, str(exc), True)
        report = getattr(scene, "set_details", None)
        if callable(report):
            report(f"<font color='{ERROR_COLOUR}'>{html.escape(str(exc))}</font>")
        return False
    return start_session(scene, session, lambda message: notify(scene, message, True))


def main_menu_items(scene: Scene, others: list[MenuItem]) -> list[MenuItem]:
    """The main menu: Continue (when a game was left mid-way), New game, Load game, Settings,
    then `others` (Open map…, Quit)."""
    from game.client.settings_screen import SettingsScene
    from game.client.setup import SetupScene

    items = [
        MenuItem(_("New game"), lambda: scene.app.push(SetupScene())),
        MenuItem(_("Load game"), partial(_ignore, open_load_list, scene)),
        MenuItem(_("Settings"), lambda: scene.app.push(SettingsScene())),
        *others,
    ]
    resume = continue_item(scene)
    return [resume, *items] if resume is not None else items

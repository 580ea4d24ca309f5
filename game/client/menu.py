"""Menu scenes: the main menu, the scenario list and "Open map…". Mouse and keyboard.

Arrows (or Tab) move the highlight, Enter activates, Esc goes back; the mouse clicks buttons.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox

from game.client import text
from game.client.catalogue import (
    LOADER_MISSING_NOTE,
    MAPS_DIR,
    MapEntry,
    MapOpenError,
    battlefield_loader,
    open_map,
    shipped_maps,
)
from game.client.map_dialog import MapDialogHost, MapFileDialog
from game.client.map_render import MapArt
from game.client.scenes import Scene
from game.i18n import N_, _

BACKGROUND_TOP = (40, 44, 34)
BACKGROUND_BOTTOM = (18, 20, 16)
TITLE_COLOUR = (226, 206, 150)
SUBTITLE_COLOUR = (170, 170, 150)


@dataclass
class MenuItem:
    label: str
    action: Callable[[], None]
    on_focus: Callable[[], None] | None = None


def draw_menu_background(surface: pygame.Surface, title: str, subtitle: str) -> None:
    w, h = surface.get_size()
    for y in range(0, h, 4):
        t = y / max(1, h)
        colour = tuple(
            round(a + (b - a) * t) for a, b in zip(BACKGROUND_TOP, BACKGROUND_BOTTOM, strict=True)
        )
        surface.fill(colour, (0, y, w, 4))
    size = max(40, round(h * 0.085))
    heading = text.text(title, size, TITLE_COLOUR, bold=True, shadow=(0, 0, 0))
    surface.blit(heading, heading.get_rect(midtop=(w // 2, round(h * 0.07))))
    sub = text.text(subtitle, max(18, size // 3), SUBTITLE_COLOUR)
    surface.blit(sub, sub.get_rect(midtop=(w // 2, round(h * 0.07) + heading.get_height() + 6)))


class ButtonMenuScene(Scene):
    """A vertical list of buttons with a keyboard highlight, and an optional side text box."""

    title = "Ambush Alley!"
    subtitle = ""
    with_details = False

    def __init__(self) -> None:
        self.items: list[MenuItem] = []
        self.buttons: list[UIButton] = []
        self.focus = 0
        self.details: UITextBox | None = None
        self.details_html = ""

    def menu_items(self) -> list[MenuItem]:
        return []

    def on_enter(self) -> None:
        self.items = self.menu_items()

    def list_rect(self) -> pygame.Rect:
        w, h = self.app.size
        width = round(min(max(w * 0.3, 280), 440)) if self.with_details else 320
        left = round(w * 0.08) if self.with_details else (w - width) // 2
        return pygame.Rect(left, round(h * 0.3), width, round(h * 0.62))

    def build_ui(self, manager: pygame_gui.UIManager) -> None:
        area = self.list_rect()
        button_h = max(40, min(56, round(self.app.size[1] * 0.06)))
        gap = 10
        self.buttons = []
        for index, item in enumerate(self.items):
            rect = pygame.Rect(area.left, area.top + index * (button_h + gap), area.width, button_h)
            self.buttons.append(UIButton(rect, item.label, manager, object_id="#menu_button"))
        if self.with_details:
            self.details = UITextBox(
                self.details_html, self.details_rect(), manager, object_id="#details"
            )
        self.set_focus(min(self.focus, max(0, len(self.buttons) - 1)))

    def details_rect(self) -> pygame.Rect:
        area = self.list_rect()
        w = self.app.size[0]
        left = area.right + round(w * 0.04)
        return pygame.Rect(left, area.top, w - left - round(w * 0.08), area.height)

    def clear_ui(self) -> None:
        for button in self.buttons:
            button.kill()
        self.buttons = []
        if self.details is not None:
            self.details.kill()
            self.details = None

    def set_details(self, markup: str) -> None:
        self.details_html = markup
        if self.details is not None:
            self.details.set_text(markup)

    def set_focus(self, index: int) -> None:
        if not self.items:
            return
        self.focus = index % len(self.items)
        for i, button in enumerate(self.buttons):
            if i == self.focus:
                button.select()
            else:
                button.unselect()
        hook = self.items[self.focus].on_focus
        if hook is not None:
            hook()

    def activate(self, index: int) -> None:
        if 0 <= index < len(self.items):
            self.set_focus(index)
            self.items[index].action()

    def back(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.activate(self.buttons.index(event.ui_element))
        elif event.type == pygame_gui.UI_BUTTON_ON_HOVERED and event.ui_element in self.buttons:
            self.set_focus(self.buttons.index(event.ui_element))
        elif event.type == pygame.KEYDOWN:
            shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            if event.key == pygame.K_DOWN or (event.key == pygame.K_TAB and not shift):
                self.set_focus(self.focus + 1)
            elif event.key == pygame.K_UP or (event.key == pygame.K_TAB and shift):
                self.set_focus(self.focus - 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.activate(self.focus)
            elif event.key == pygame.K_ESCAPE:
                self.back()

    def draw(self, surface: pygame.Surface) -> None:
        draw_menu_background(surface, _(self.title), _(self.subtitle))


class MainMenuScene(ButtonMenuScene):
    title = "AMBUSH ALLEY!"
    subtitle = N_("Urban counter-insurgency skirmish, 15 mm, on the desktop")

    def menu_items(self) -> list[MenuItem]:
        from game.client.saves_ui import main_menu_items  # Continue, set-up, load, settings

        return main_menu_items(
            self,
            [
                MenuItem(_("Replay a save…"), self._open_replays),
                MenuItem(_("Open map…"), lambda: self.app.push(OpenMapScene())),
                MenuItem(_("Quit"), self.app.quit),
            ],
        )

    def _open_replays(self) -> None:
        from game.client.replay import ReplayListScene  # the replay loads the battle screen

        self.app.push(ReplayListScene())

    def build_ui(self, manager: pygame_gui.UIManager) -> None:
        self.items = self.menu_items()  # Continue comes and goes with the autosave
        super().build_ui(manager)

    def back(self) -> None:
        self.app.quit()


def open_battle(scene: Scene, path: Path, report: Callable[[str], None]) -> bool:
    """Open the map at `path` on the battle screen, or report in one line why not."""
    from game.client.play import battle_scene_for  # the battle screen loads tiles: import late

    try:
        opened = open_map(path)
        battle = battle_scene_for(opened)
    except MapOpenError as exc:
        # every problem, not the first "and 3 more" (found in play)
        listed = "".join(f"\n• {p}" for p in exc.problems) if len(exc.problems) > 1 else ""
        report(f"{exc}{listed}")
        return False
    except (OSError, pygame.error) as exc:
        report(
            _("{path}: the map's art cannot be loaded ({problem})").format(path=path, problem=exc)
        )
        return False
    scene.app.push(battle)
    from game.client.briefing import brief_new_game

    brief_new_game(battle, battle)
    return True


def _entry_details(entry: MapEntry) -> str:
    lines = [f"<font size=5><b>{html.escape(entry.title)}</b></font>"]
    if entry.path.with_suffix(".toml").exists():  # docs/SCENARIOS.md: the map's own scenario
        name = html.escape(entry.path.with_suffix(".toml").name)
        lines.append(_("Scenario file: {name}").format(name=name))
    elif entry.scenario_id:
        lines.append(_("Scenario: {name}").format(name=html.escape(entry.scenario_id)))
    else:
        lines.append(_("Custom map (generic patrol)"))
    if entry.description:
        lines += ["", html.escape(entry.description)]
    lines += ["", f"<i>{html.escape(str(entry.path))}</i>"]
    if battlefield_loader() is None:
        lines += ["", f"<i>{html.escape(_(LOADER_MISSING_NOTE))}</i>"]
    return "<br>".join(lines)


class ScenarioSelectScene(ButtonMenuScene):
    title = N_("New game")
    subtitle = N_("Choose a table")
    with_details = True

    def __init__(self, folder: Path = MAPS_DIR) -> None:
        super().__init__()
        self.folder = folder
        self.entries: list[MapEntry] = []
        self.preview_path: Path | None = None
        self._previews: dict[tuple[Path, tuple[int, int]], pygame.Surface | None] = {}

    def menu_items(self) -> list[MenuItem]:
        self.entries = shipped_maps(self.folder)
        items = [
            MenuItem(
                entry.title,
                partial(self._open, entry),
                partial(self._describe, entry),
            )
            for entry in self.entries
        ]
        if not items:
            folder = html.escape(str(self.folder))
            self.set_details(_("No maps found in {folder}.").format(folder=folder))
        items.append(MenuItem(_("Back"), self.back))
        return items

    def _describe(self, entry: MapEntry) -> None:
        self.set_details(_entry_details(entry))
        self.preview_path = entry.path

    def preview_rect(self) -> pygame.Rect:
        """Under the list of tables, where the column is empty."""
        area = self.list_rect()
        below = max((b.rect.bottom for b in self.buttons), default=area.top) + 20
        return pygame.Rect(area.left, below, area.width, max(40, area.bottom - below))

    def preview(self, path: Path) -> pygame.Surface | None:
        """The table's tile art, fitted to the preview area (drawn once per map and size)."""
        area = self.preview_rect()
        key = (path, area.size)
        if key not in self._previews:
            try:
                art = MapArt(path, None)
            except (OSError, ValueError, pygame.error):
                self._previews[key] = None
            else:
                scale = min(area.width / art.world_width, area.height / art.world_height)
                self._previews[key] = art.surface_at(scale)
        return self._previews[key]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.preview_path is None:
            return
        picture = self.preview(self.preview_path)
        if picture is not None:
            frame = picture.get_rect(midtop=self.preview_rect().midtop)
            surface.fill((85, 84, 62), frame.inflate(4, 4))
            surface.blit(picture, frame)

    def _open(self, entry: MapEntry) -> None:
        open_battle(
            self,
            entry.path,
            lambda message: self.set_details(html.escape(message).replace("\n", "<br>")),
        )


class OpenMapScene(ButtonMenuScene):
    """'Open map…': pygame_gui's file dialog picks the .tmx (issue 24); a map that cannot be
    opened has its problems listed beside the buttons, and the dialog can be opened again."""

    title = N_("Open map")
    subtitle = N_("Pick a Tiled map (.tmx) in the file dialog")
    with_details = True

    def __init__(self, folder: Path | None = None) -> None:
        super().__init__()
        self.folder = folder  # where the dialog starts; None: the player's maps folder
        self.files = MapDialogHost()
        self.last_path: Path | None = None
        self.auto_open = True  # the dialog opens as the screen does, the first time
        self.message = ""

    def menu_items(self) -> list[MenuItem]:
        return [MenuItem(_("Choose a map…"), self.open_dialog), MenuItem(_("Back"), self.back)]

    def start_folder(self) -> Path:
        """The last map tried, else the folder given, else the player's maps folder (the
        shipped maps while that folder does not exist)."""
        if self.last_path is not None:
            return self.last_path
        if self.folder is not None:
            return self.folder
        from game.client.settings import current_settings

        mine = current_settings().maps_dir()
        return mine if mine.is_dir() else MAPS_DIR

    @property
    def dialog(self) -> MapFileDialog | None:
        return self.files.dialog if self.files.is_open else None

    def open_dialog(self) -> None:
        self.files.open(self.app.manager, self.app.size, self.start_folder())

    def build_ui(self, manager: pygame_gui.UIManager) -> None:
        super().build_ui(manager)
        self.set_details(self.details_html or _("Choose a .tmx map: it is checked before play."))
        if self.auto_open:
            self.auto_open = False
            self.open_dialog()

    def clear_ui(self) -> None:
        super().clear_ui()
        self.files.close()

    def open_path(self, typed: str) -> bool:
        typed = typed.strip()
        if not typed:
            self.set_details(_("Choose a .tmx map first."))
            return False
        self.last_path = Path(typed).expanduser()
        return open_battle(self, self.last_path, self._report)

    def _report(self, message: str) -> None:
        self.message = message
        lines = "<br>".join(html.escape(line) for line in message.splitlines())
        self.set_details(f"<font color='#ff8070'>{lines}</font>")

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.files.handle(event, self.open_path):
            return
        if not self.files.is_open:  # the dialog has the keyboard while it is open
            super().handle_event(event)

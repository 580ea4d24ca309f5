"""The new-game set-up screen: the table, the mode and who plays what, the seed, the pace.

Modes (the seats come from `game.client.session`):
- Solo: you command the Regulars against the Insurgent AI (the solo rules).
- Hot-seat: two people on one computer, one per side (the hand-off screen hides the board).
- Co-op: 2-4 people share the Regular fireteams (each fireteam has exactly one owner, each
  player at least one); the Insurgent AI plays the other side.
- Watch: the AI plays both sides at the chosen pace.

The tables are the shipped maps and every .tmx in the user's maps folder (Settings). A custom
map is read with the battlefield validator before the game starts: its errors are listed in a
dialog, one line per problem, and the game does not start; warnings are shown and play goes on.
The validator runs in a worker thread (`map_checks.MapChecks`): the list shows "checking…"
beside a map until its answer has come, and the screen keeps answering the player meanwhile.
"""

from __future__ import annotations

import contextlib
import html
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
)
from pygame_gui.windows import UIMessageWindow

from game.client.catalogue import MAPS_DIR, file_problem
from game.client.map_checks import MapChecks
from game.client.map_dialog import MapDialogHost
from game.client.menu import draw_menu_background
from game.client.scenes import Scene, close_expanded_menu
from game.client.settings import PACES, current_settings, ensure_maps_dir
from game.client.setup_config import (
    INSURGENT_AI_LABELS,
    MAX_COOP,
    MAX_LISTED_MAPS,
    MAX_NAME,
    MAX_SEED,
    MODE_TIPS,
    MODES,
    MapCheck,
    SetupChoices,
    SetupError,
    TableChoice,
    TableDetails,
    _choice,
    _coop_seats,
    _names,
    available_tables,
    build_config,
    check_map,
    choose_difficulty,
    deal_owners,
    parse_seed,
    regular_units,
    start_game,
    table_details,
)
from game.client.setup_details import DetailsPanel
from game.client.setup_players import build_players, player_label
from game.client.setup_rows import build_game_rows
from game.client.setup_rules import build_rule_rows, clearing_toggled, fog_toggled  # R246
from game.client.typed import visible
from game.client.words import PACE_NAMES
from game.engine.difficulty import LABELS
from game.i18n import _, ngettext
from game.resources import maps_guide


# -- the screen ---------------------------------------------------------------------------------
class SetupScene(Scene):
    """Table list on the left, mode, players, seed and pace on the right, Start at the bottom."""

    def __init__(
        self,
        preselect: Path | None = None,
        user_folder: Path | None = None,
        shipped: Path = MAPS_DIR,
    ) -> None:
        self.choices = SetupChoices()
        self.shipped = shipped
        self.user_folder = user_folder
        self.preselect = preselect
        self.tables: list[TableChoice] = []
        self.selected: TableChoice | None = None
        self.check: MapCheck | None = None  # None while the chosen map is being checked
        self.checks = MapChecks()
        self._start_when_checked = False
        self._labels: dict[str, TableChoice] = {}
        self.regulars: list[tuple[str, str]] = []
        self._regulars_for: str | None = None
        self.message = ""
        self.message_is_error = False
        self.widgets: list[Any] = []
        self.dialog: UIMessageWindow | None = None
        self.dialog_lines: list[str] = []
        self.name_entries: list[UITextEntryLine] = []
        self.name_defaults: list[str] = []
        self.owner_menus: dict[str, UIDropDownMenu] = {}
        self.started: Any = None
        self.seed_entry: UITextEntryLine | None = None
        self.info_box: UITextBox | None = None
        self.table_list: UISelectionList | None = None
        self.mode_menu: UIDropDownMenu | None = None
        self.pace_menu: UIDropDownMenu | None = None
        self.difficulty_menu: UIDropDownMenu | None = None
        self.insurgent_menu: UIDropDownMenu | None = None
        self.clearing_menu: UIDropDownMenu | None = None  # house clearing (issue 21)
        self.fog_menu: UIDropDownMenu | None = None  # --- cards (issue 19)
        self.count_menu: UIDropDownMenu | None = None
        self.start_button: UIButton | None = None
        self.open_map_button: UIButton | None = None  # --- Open map… dialog (issue 24)
        self.files = MapDialogHost()
        self.back_button: UIButton | None = None
        self.details: TableDetails | None = None
        self.panel = DetailsPanel()

    # -- data ---------------------------------------------------------------------------------
    def on_enter(self) -> None:
        settings = current_settings()
        self.choices.pace = settings.pace
        if self.user_folder is None:
            self.user_folder, warning = ensure_maps_dir(settings)
            if warning:
                self.say(warning, error=True)
        self.tables = available_tables(self.user_folder, self.shipped)
        for table in reversed(self.tables):  # every map of the folder is checked in turn
            if table.custom:
                self.checks.ask(table.path)
        if self.preselect is not None:
            wanted = self.preselect.resolve()
            match = next((t for t in self.tables if t.path.resolve() == wanted), None)
            if match is None:
                match = TableChoice(self.preselect, self.preselect.stem, "", True)
                self.tables.append(match)
            self.select_table(match)
        elif self.tables:
            self.select_table(self.tables[0])

    def on_exit(self) -> None:
        self.checks.close()  # a game started: the rest of the maps folder is not checked

    def select_table(self, table: TableChoice) -> None:
        """Choose a table; a map of the player's is checked in the worker (never waited for)."""
        self.selected = table
        self.choices.table = table.spec
        self.choices.force = {}  # each scenario offers its own forces
        self.details = table_details(table)
        self._start_when_checked = False
        self.check = self.checks.ask(table.path) if table.custom else MapCheck((), ())
        if self.check is None:
            self.say(_("{table}: checking the map…").format(table=table.title))
            self._refresh_list()
            return
        self._checked(table)

    def _checked(self, table: TableChoice) -> None:
        """The chosen map's answer is in: its problems, its warnings or the mode's tip."""
        assert self.check is not None
        if not self.check.errors and self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        if self.check.errors:
            self.say(
                _("{table}: this map cannot be played (see the list of problems).").format(
                    table=table.title
                ),
                True,
            )
            self.show_problems(table, self.check.errors)
        elif self.check.warnings:
            self.say(
                _("Warnings (the map can still be played):") + "\n" + "\n".join(self.check.warnings)
            )
        else:
            self.say(_(MODE_TIPS[self.choices.mode]))
        if self.choices.mode == "coop":
            self._load_regulars()
            self._rebuild()
        self._refresh_list()

    def table_label(self, table: TableChoice) -> str:
        """A table's line in the list: a map of the player's says if it is being checked or
        cannot be played."""
        if not table.custom:
            return table.label
        check = self.checks.known(table.path)
        if check is None:
            return _("{table} — checking…").format(table=table.label)
        if check.errors:
            return _("{table} — cannot be played").format(table=table.label)
        return table.label

    def _refresh_list(self) -> None:
        """The list's lines again (an answer came), the chosen table still chosen."""
        if self.table_list is None or not self.widgets:
            return
        labels = [self.table_label(t) for t in self.tables]
        if labels == list(self._labels):
            return
        self._labels = dict(zip(labels, self.tables, strict=True))
        self.table_list.set_item_list(labels)  # type: ignore[arg-type]
        for item in self.table_list.item_list:
            if self._labels.get(item["text"]) is self.selected:
                item["selected"] = True
                if item["button_element"] is not None:
                    item["button_element"].select()

    def update(self, dt: float) -> None:
        if not self.checks.poll():
            return
        table = self.selected
        if table is not None and table.custom and self.check is None:
            self.check = self.checks.known(table.path)
            if self.check is not None:
                start, self._start_when_checked = self._start_when_checked, False
                self._checked(table)
                if start and not self.check.errors:
                    self.start()
                    return
        self._refresh_list()

    def open_path(self, typed: str) -> bool:
        """A map path (picked in the Open map… dialog) becomes the chosen table, checked like
        any custom map."""
        typed = visible(typed).strip()
        if not typed:
            return False
        path = Path(typed)
        with contextlib.suppress(RuntimeError):  # "~someone" for a user this system lacks
            path = path.expanduser()
        self.read_widgets()
        table = next((t for t in self.tables if t.path.absolute() == path.absolute()), None)
        if table is None:
            table = TableChoice(path, path.stem, "", True)
            if path.suffix.lower() != ".tmx" or file_problem(path):
                # not a map at all: say so, but do not add it to the list of tables
                problems = check_map(path).errors
                self.say(_("{path}: this is not a map that can be opened.").format(path=path), True)
                self.show_problems(table, problems)
                return False
            self.tables.append(table)
        self.select_table(table)
        self._rebuild()
        return not (self.check is not None and self.check.errors)  # True while it is checked

    def set_mode(self, mode: str) -> None:
        self.choices.mode = mode
        if mode == "coop":
            self._load_regulars()
        table = self.selected
        checking = table is not None and self.check is None
        self.say(
            _("{table}: checking the map…").format(table=table.title)
            if table and checking
            else _(MODE_TIPS[mode])
        )
        self._rebuild()

    def set_coop_players(self, count: int) -> None:
        self.choices.coop_players = count
        self.choices.owners = deal_owners(self.regulars, count)
        self._rebuild()

    def _load_regulars(self) -> None:
        key = f"{self.choices.table} {sorted(self.choices.force.items())}"
        if self._regulars_for == key:
            return
        self.regulars = []
        if self.check is None:  # read when the check has passed (select_table comes back here)
            return
        self._regulars_for = key
        if self.check.errors:
            return
        try:
            seed = parse_seed(self.choices.seed_text, 1)
            self.regulars = regular_units(self.choices.table, seed, self.choices.force)
        except Exception as exc:  # the table cannot be set up: say so, do not crash the menu
            self.say(_("cannot read this table's fireteams: {problem}").format(problem=exc), True)
        self.choices.owners = deal_owners(self.regulars, self.choices.coop_players)

    def say(self, message: str, error: bool = False) -> None:
        self.message = message
        self.message_is_error = error
        if self.info_box is not None and self.widgets:
            self.info_box.set_text(self._info_html())

    def _info_html(self) -> str:
        colour = "#ff8070" if self.message_is_error else "#e6e2cc"
        body = "<br>".join(html.escape(line) for line in self.message.splitlines())
        return f"<font color='{colour}'>{body}</font>"

    def show_problems(self, table: TableChoice, problems: tuple[str, ...]) -> None:
        """The validator's lines in a dialog, one line per problem."""
        count = ngettext("{path}: {n} problem", "{path}: {n} problems", len(problems))
        self.dialog_lines = [count.format(path=table.path, n=len(problems)), *problems]
        if self.widgets:
            self._open_dialog()

    def _open_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(760, w - 80), min(460, h - 80))
        rect.center = (w // 2, h // 2)
        guide = _("How to make a map: {guide}").format(guide=maps_guide())
        body = "<br>".join(html.escape(line) for line in [*self.dialog_lines, "", guide])
        self.dialog = UIMessageWindow(
            rect, body, self.app.manager, window_title=_("This map cannot be played")
        )

    # -- starting -----------------------------------------------------------------------------
    def read_widgets(self) -> None:
        """Copy what was typed into the choices."""
        if self.seed_entry is not None:
            self.choices.seed_text = self.seed_entry.get_text()
        for i, (entry, default) in enumerate(
            zip(self.name_entries, self.name_defaults, strict=True)
        ):
            while len(self.choices.names) <= i:
                self.choices.names.append("")
            typed = entry.get_text().strip()
            self.choices.names[i] = "" if typed == default else typed

    def start(self) -> bool:
        """Check everything and push the play screen; False (and a message) when it cannot."""
        self.read_widgets()
        if self.selected is None:
            self.say(_("Choose a table first."), True)
            return False
        if self.selected.custom:
            self.check = self.checks.ask(self.selected.path)  # checked again if it changed
            if self.check is None:
                self._start_when_checked = True
                self.say(
                    _("{table}: checking the map… the game starts after it.").format(
                        table=self.selected.title
                    )
                )
                self._refresh_list()
                return False
            if self.check.errors:
                self.show_problems(self.selected, self.check.errors)
                self.say(
                    _("This map cannot be played: fix the problems listed and try again."), True
                )
                return False
        if self.choices.mode == "coop":
            self._load_regulars()
        try:
            config = build_config(self.choices, self.regulars, fallback_seed=_fresh_seed())
        except SetupError as exc:
            self.say(str(exc), True)
            return False
        try:
            self.started = start_game(self, config)
        except Exception as exc:  # MapOpenError, MapError, ValueError: one line, no crash
            self.say(_("cannot start: {problem}").format(problem=exc), True)
            return False
        return True

    # -- widgets ------------------------------------------------------------------------------
    def _rebuild(self) -> None:
        if self.widgets:
            self.read_widgets()
            self.clear_ui()
            self.build_ui(self.app.manager)

    def build_ui(self, manager: pygame_gui.UIManager) -> None:
        w, h = self.app.size
        top = round(h * 0.22)
        left_w = round(w * 0.36)
        margin = round(w * 0.05)
        self.widgets = []
        self.name_entries = []
        self.name_defaults = []
        self.owner_menus = {}
        self._labels = {self.table_label(t): t for t in self.tables}
        labels: list[str | tuple[str, str]] = list(self._labels) or [_("(no maps found)")]
        list_h = round(h * 0.42) - 44
        self.table_list = UISelectionList(
            pygame.Rect(margin, top + 30, left_w, list_h),
            labels,
            manager,
            default_selection=self.table_label(self.selected) if self.selected else None,
        )
        self.table_list.set_tooltip(
            _(
                "The tables: shipped scenarios, then the .tmx maps of your maps folder ({folder})"
            ).format(folder=self.user_folder)
        )
        self.open_map_button = UIButton(
            pygame.Rect(margin, top + 34 + list_h, left_w, 36), _("Open map…"), manager
        )
        self.open_map_button.set_tooltip(_("Any Tiled map on this computer: checked before play"))
        self.widgets += [
            UILabel(pygame.Rect(margin, top, left_w, 28), _("Table"), manager),
            self.table_list,
            self.open_map_button,
        ]
        self.info_box = UITextBox(
            self._info_html(),
            pygame.Rect(margin, top + 40 + round(h * 0.42), left_w, round(h * 0.2)),
            manager,
        )
        self.widgets.append(self.info_box)

        x = margin + left_w + margin
        col = w - x - margin
        y = top
        y = self._build_game_rows(manager, x, y, col)
        made, (self.clearing_menu, self.fog_menu, self.insurgent_menu), y = build_rule_rows(
            manager, pygame.Rect(x, y, col, 32), self.choices, self.details
        )
        self.widgets += made
        y += 52
        y = self._build_players(manager, x, y, col)
        if self.details is not None:
            area = pygame.Rect(x, y + 10, col, h - 96 - y)
            path = self.selected.path if self.selected else None
            self.widgets += self.panel.build(manager, self.details, self.choices.force, path, area)

        bottom = h - 70
        self.start_button = UIButton(
            pygame.Rect(w - margin - 200, bottom, 200, 48),
            _("Start"),
            manager,
            tool_tip_text=_("Start the game with these choices (Enter)"),
            object_id="#menu_button",
        )
        self.back_button = UIButton(
            pygame.Rect(w - margin - 420, bottom, 200, 48),
            _("Back"),
            manager,
            tool_tip_text=_("Back to the main menu (Esc)"),
            object_id="#menu_button",
        )
        self.widgets += [self.start_button, self.back_button]
        if self.dialog_lines and self.check is not None and self.check.errors:
            self._open_dialog()

    _build_players = build_players
    _build_game_rows = build_game_rows

    def clear_ui(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets = []
        self.name_entries = []
        self.name_defaults = []
        self.owner_menus = {}
        self.seed_entry = None
        self.info_box = None
        self.count_menu = None
        self.panel.forget()
        self.files.close()
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.files.handle(event, self.open_path):  # the Open map… dialog (issue 24)
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.open_map_button:
                start = self.selected.path if self.selected else self.user_folder or MAPS_DIR
                self.files.open(self.app.manager, self.app.size, start)
            elif event.ui_element is self.start_button:
                self.start()
            elif event.ui_element is self.back_button:
                self.app.pop()
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            if event.ui_element is self.table_list:
                table = self._labels.get(str(event.text))
                if table is not None and table is not self.selected:
                    self.read_widgets()
                    self.select_table(table)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._dropdown(event.ui_element, str(event.text))
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
            self.dialog_lines = []
        elif event.type == pygame.KEYDOWN:
            menus = [
                self.mode_menu,
                self.pace_menu,
                self.difficulty_menu,
                self.insurgent_menu,
                self.clearing_menu,
                self.fog_menu,
                self.count_menu,
                *self.panel.menus(),
                *self.owner_menus.values(),
            ]
            if event.key == pygame.K_ESCAPE and close_expanded_menu(m for m in menus if m):
                return
            if event.key == pygame.K_ESCAPE and self.dialog is not None:
                self.dialog.kill()  # Esc closes the list of a map's problems first
                self.dialog = None
                self.dialog_lines = []
                return
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()

    def _dropdown(self, element: Any, text: str) -> None:
        if element is self.mode_menu:
            mode = next((key for key, label in MODES if _(label) == text), None)
            if mode is not None and mode != self.choices.mode:
                self.read_widgets()
                self.set_mode(mode)
        elif element is self.pace_menu:
            self.choices.pace = next(
                (p for p in PACES if _(PACE_NAMES[p]) == text), self.choices.pace
            )
        elif element is self.difficulty_menu:  # Brutal brings the Commander (R332)
            level = next((k for k, v in LABELS.items() if _(v) == text), self.choices.difficulty)
            if choose_difficulty(self.choices, level):
                self._rebuild()
        elif element is self.insurgent_menu:
            self.choices.insurgent_ai = next(
                (k for k, v in INSURGENT_AI_LABELS.items() if _(v) == text),
                self.choices.insurgent_ai,
            )
            self.choices.insurgent_chosen = True  # kept whatever the difficulty (R332)
        elif element is self.clearing_menu:  # house clearing (issue 21, R246)
            self.choices.optional_rules = clearing_toggled(self.choices.optional_rules, text)
        elif element is self.fog_menu:  # --- cards (issue 19), R184
            self.choices.optional_rules = fog_toggled(self.choices.optional_rules, text)
        elif self.details is not None and self.panel.owns(element):
            key, value = self.panel.chosen(element, text, self.details)
            if key:
                self.choices.force[key] = value
            if key == "formation" and self.choices.mode == "coop":
                self.read_widgets()
                self._load_regulars()
                self._rebuild()
        elif element is self.count_menu and text.isdigit():
            self.read_widgets()
            self.set_coop_players(int(text))
        else:
            for unit_id, menu in self.owner_menus.items():
                players = [player_label(i) for i in range(self.choices.coop_players)]
                if element is menu and text in players:
                    self.choices.owners[unit_id] = players.index(text)

    def draw(self, surface: pygame.Surface) -> None:
        draw_menu_background(
            surface, _("New game"), _("Choose the table, the mode and the players")
        )


def _fresh_seed() -> int:
    """A seed for a game whose seed field is empty (shown in the log, so it can be replayed)."""
    import secrets

    return secrets.randbelow(1_000_000)


__all__ = [
    "MAX_COOP",
    "MAX_LISTED_MAPS",
    "MAX_NAME",
    "MAX_SEED",
    "MODES",
    "MODE_TIPS",
    "MapCheck",
    "SetupChoices",
    "SetupError",
    "SetupScene",
    "TableChoice",
    "_choice",
    "_coop_seats",
    "_names",
    "available_tables",
    "build_config",
    "check_map",
    "deal_owners",
    "parse_seed",
    "regular_units",
    "start_game",
]

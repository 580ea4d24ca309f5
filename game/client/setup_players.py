"""The set-up screen's players: names by mode, and in co-op the player count and who commands
each fireteam (bound as `SetupScene._build_players`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel, UITextEntryLine

from game.client.setup_config import MAX_COOP, MAX_NAME
from game.i18n import _

if TYPE_CHECKING:
    from game.client.setup import SetupScene


def build_players(self: SetupScene, manager: pygame_gui.UIManager, x: int, y: int, col: int) -> int:
    """The players' rows of the set-up screen (names; co-op: the count and each fireteam's
    owner) from `y` down; returns the y below them."""
    mode = self.choices.mode
    if mode == "watch":
        self.widgets.append(
            UILabel(pygame.Rect(x, y, col, 30), _("The AI plays both sides."), manager)
        )
        return y + 40
    if mode == "solo":
        rows = [(_("Your name"), _("You"), _("Your name, shown on the screen and in the saves"))]
    elif mode == "hotseat":
        rows = [
            (_("Regulars"), _("Regular player"), _("Who commands the Regular fireteams")),
            (_("Insurgents"), _("Insurgent player"), _("Who commands the Insurgents")),
        ]
    else:
        self.widgets.append(UILabel(pygame.Rect(x, y, 120, 32), _("Players"), manager))
        count_menu = UIDropDownMenu(
            [str(n) for n in range(2, MAX_COOP + 1)],
            str(self.choices.coop_players),
            pygame.Rect(x + 120, y, 80, 32),
            manager,
        )
        count_menu.set_tooltip(_("How many people share the Regular fireteams"))
        self.count_menu = count_menu
        self.widgets.append(count_menu)
        y += 42
        rows = [
            (
                player_label(i),
                _("Regular player {n}").format(n=i + 1),
                _("This player's name"),
            )
            for i in range(self.choices.coop_players)
        ]
    for i, (label, default, tip) in enumerate(rows):
        self.widgets.append(UILabel(pygame.Rect(x, y, 120, 32), label, manager))
        typed = self.choices.names[i] if i < len(self.choices.names) else ""
        entry = UITextEntryLine(
            pygame.Rect(x + 120, y, min(320, col - 120), 32),
            manager,
            initial_text=(typed or default)[:MAX_NAME],
        )
        entry.set_text_length_limit(MAX_NAME)  # a name must fit the top bar beside the title
        entry.set_tooltip(tip)
        self.name_entries.append(entry)
        self.name_defaults.append(default)
        self.widgets.append(entry)
        y += 40
    if mode == "coop":
        y += 8
        self.widgets.append(
            UILabel(pygame.Rect(x, y, col, 30), _("Fireteams and their owners"), manager)
        )
        y += 34
        options: list[str | tuple[str, str]] = [
            player_label(i) for i in range(self.choices.coop_players)
        ]
        for unit_id, unit_name in self.regulars:
            self.widgets.append(
                UILabel(pygame.Rect(x, y, 220, 32), f"{unit_name} ({unit_id})", manager)
            )
            owner = self.choices.owners.get(unit_id)
            start = options[owner] if owner is not None and owner < len(options) else "—"
            menu = UIDropDownMenu(
                options if start != "—" else ["—", *options],
                start,
                pygame.Rect(x + 230, y, 160, 32),
                manager,
            )
            menu.set_tooltip(
                _("The player who commands {unit}; only they can order it").format(unit=unit_name)
            )
            self.owner_menus[unit_id] = menu
            self.widgets.append(menu)
            y += 38
    return y


def player_label(index: int) -> str:
    """A co-op player's label: "Player 1" for index 0."""
    return _("Player {n}").format(n=index + 1)

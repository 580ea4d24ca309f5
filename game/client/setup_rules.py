"""The set-up screen's toggles for the rulebook's optional rules (R246): one drop-down per rule,
off unless the player turns it on (house clearing, issue 21)."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIDropDownMenu, UILabel

from game.client.setup_config import (
    FOG_LABELS,
    FOG_TIP,
    INSURGENT_AI_LABELS,
    INSURGENT_AI_TIP,
    SetupChoices,
    TableDetails,
)
from game.i18n import N_, _, pgettext
from game.rules.cards import OPTIONAL_FOG_OF_WAR
from game.rules.house_clearing import BUILDING_CLEARING

CLEARING_LABELS = (N_("Off"), N_("Building clearing"))
"""The Building Clearing toggle's two choices."""


def build_clearing(
    manager: Any, rect: pygame.Rect, chosen: list[str], details: TableDetails | None
) -> tuple[list[Any], UIDropDownMenu]:
    """The label and drop-down of the optional Building Clearing rule (Rulebook: House
    Clearing) in `rect`; its tooltip says whether the table's scenario offers it."""
    label = UILabel(pygame.Rect(rect.x, rect.y, 92, rect.height), _("Clearing"), manager)
    menu = UIDropDownMenu(
        [_(label) for label in CLEARING_LABELS],
        _(CLEARING_LABELS[1 if BUILDING_CLEARING in chosen else 0]),
        pygame.Rect(rect.x + 92, rect.y, max(108, rect.width - 92), rect.height),
        manager,
    )
    offered = details is not None and BUILDING_CLEARING in details.optional_rules
    menu.set_tooltip(
        _(
            "The optional Building Clearing rule (Rulebook: House Clearing): Marines stack and "
            "clear a building before they enter it."
        )
        + " "
        + (_("This scenario offers it.") if offered else _("Not in this scenario's book text."))
    )
    return [label, menu], menu


def chosen_rules(text: str) -> list[str]:
    """The optional rules in force after the toggle reads `text`."""
    return [BUILDING_CLEARING] if text == _(CLEARING_LABELS[1]) else []


def toggled(chosen: list[str], rule: str, on: bool) -> list[str]:
    """The optional rules in force with `rule` switched on or off, the others kept."""
    return sorted({*chosen, rule} if on else set(chosen) - {rule})


def clearing_toggled(chosen: list[str], text: str) -> list[str]:
    """The rules in force after the Building Clearing toggle reads `text` (others kept)."""
    return toggled(chosen, BUILDING_CLEARING, bool(chosen_rules(text)))


# --- cards (issue 19): the Optional Fog of War rule (R184) is one of the optional rules ---
def fog_toggled(chosen: list[str], text: str) -> list[str]:
    """The rules in force after the Optional Fog of War toggle reads `text` (others kept)."""
    return toggled(chosen, OPTIONAL_FOG_OF_WAR, text == _(FOG_LABELS[True]))


def build_rule_rows(
    manager: Any, row: pygame.Rect, choices: SetupChoices, details: TableDetails | None
) -> tuple[list[Any], tuple[UIDropDownMenu, UIDropDownMenu, UIDropDownMenu], int]:
    """The Building Clearing toggle beside Difficulty (on `row`), and on the next row the
    Optional Fog of War rule (cards, R184) and the Insurgent controller (the Commander AI,
    issue 17 §2): the widgets, the three menus, and the `y` of the last row."""
    x, y, col = row.x, row.y, row.width
    made, clearing = build_clearing(
        manager, pygame.Rect(x + 300, y, col - 300, 32), choices.optional_rules, details
    )
    y += 42
    fog_label = pgettext("set-up label", "Fog of War")  # a short word in a narrow column
    made.append(UILabel(pygame.Rect(x, y, 120, 32), fog_label, manager))
    fog = UIDropDownMenu(
        [_(label) for label in FOG_LABELS.values()],
        _(FOG_LABELS[OPTIONAL_FOG_OF_WAR in choices.optional_rules]),
        pygame.Rect(x + 120, y, 160, 32),
        manager,
    )
    fog.set_tooltip(_(FOG_TIP))  # the column of Difficulty; the Insurgents that of Pace, Clearing
    made += [fog, UILabel(pygame.Rect(x + 290, y, 90, 32), _("Insurgents"), manager)]
    insurgents = UIDropDownMenu(
        [_(label) for label in INSURGENT_AI_LABELS.values()],
        _(INSURGENT_AI_LABELS[choices.insurgent_ai]),
        pygame.Rect(x + 380, y, col - 380, 32),
        manager,
    )
    insurgents.set_tooltip(_(INSURGENT_AI_TIP))
    made.append(insurgents)
    return made, (clearing, fog, insurgents), y

"""The set-up screen's toggles for the rulebook's optional rules (R246): one drop-down per rule,
off unless the player turns it on (house clearing, issue 21)."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIDropDownMenu, UILabel

from game.client.setup_config import TableDetails
from game.rules.cards import OPTIONAL_FOG_OF_WAR
from game.rules.house_clearing import BUILDING_CLEARING

CLEARING_LABELS = ("Off", "Building clearing")
"""The Building Clearing toggle's two choices."""


def build_clearing(
    manager: Any, rect: pygame.Rect, chosen: list[str], details: TableDetails | None
) -> tuple[list[Any], UIDropDownMenu]:
    """The label and drop-down of the optional Building Clearing rule (Rulebook: House
    Clearing) in `rect`; its tooltip says whether the table's scenario offers it."""
    label = UILabel(pygame.Rect(rect.x, rect.y, 80, rect.height), "Clearing", manager)
    menu = UIDropDownMenu(
        list(CLEARING_LABELS),
        CLEARING_LABELS[1 if BUILDING_CLEARING in chosen else 0],
        pygame.Rect(rect.x + 80, rect.y, max(120, rect.width - 80), rect.height),
        manager,
    )
    offered = details is not None and BUILDING_CLEARING in details.optional_rules
    menu.set_tooltip(
        "The optional Building Clearing rule (Rulebook: House Clearing): Marines stack and "
        "clear a building before they enter it. "
        + ("This scenario offers it." if offered else "Not in this scenario's book text.")
    )
    return [label, menu], menu


def chosen_rules(text: str) -> list[str]:
    """The optional rules in force after the toggle reads `text`."""
    return [BUILDING_CLEARING] if text == CLEARING_LABELS[1] else []


# --- cards (issue 19): the Optional Fog of War rule (R184) ---
FOG_LABELS = ("As the scenario", "+ Optional rule")
"""The Optional Fog of War toggle's two choices."""


def build_fog(
    manager: Any, at: tuple[int, int], chosen: list[str]
) -> tuple[list[Any], UIDropDownMenu]:
    """The label and drop-down of the Optional Fog of War rule, its top-left corner at `at`."""
    rect = pygame.Rect(at[0], at[1], 400, 32)
    label = UILabel(pygame.Rect(rect.x, rect.y, 120, rect.height), "Fog of War", manager)
    menu = UIDropDownMenu(
        list(FOG_LABELS),
        FOG_LABELS[1 if OPTIONAL_FOG_OF_WAR in chosen else 0],
        pygame.Rect(rect.x + 120, rect.y, max(120, rect.width - 120), rect.height),
        manager,
    )
    menu.set_tooltip(
        "The Optional Fog of War rule: each turn the best Regular unit takes a Troop Quality "
        "Check and a failure draws a Fog of War card (in scenarios that play Fog of War; R184)"
    )
    return [label, menu], menu


def toggled(chosen: list[str], rule: str, on: bool) -> list[str]:
    """The optional rules in force with `rule` switched on or off, the others kept."""
    return sorted({*chosen, rule} if on else set(chosen) - {rule})


def clearing_toggled(chosen: list[str], text: str) -> list[str]:
    """The rules in force after the Building Clearing toggle reads `text` (others kept)."""
    return toggled(chosen, BUILDING_CLEARING, bool(chosen_rules(text)))


def fog_toggled(chosen: list[str], text: str) -> list[str]:
    """The rules in force after the Optional Fog of War toggle reads `text` (others kept)."""
    return toggled(chosen, OPTIONAL_FOG_OF_WAR, text == FOG_LABELS[1])

"""The set-up screen's toggles for the rulebook's optional rules (R246): one drop-down per rule,
off unless the player turns it on (house clearing, issue 21)."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIDropDownMenu, UILabel

from game.client.setup_config import TableDetails
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

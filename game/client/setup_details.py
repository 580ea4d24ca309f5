"""The set-up screen's map details panel: a small preview of the table, its scenario's
briefing, turn count and victory conditions, and the force choices the scenario offers (the
Regular force from the ORBAT library, the Troop Quality; docs/SCENARIOS.md)."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UIImage, UITextBox

from game.briefing import paragraphs
from game.client.setup_config import TableDetails
from game.i18n import N_, _, narr, ngettext, retell

DICE_LABELS = {6: "d6", 8: "d8", 10: "d10", 12: "d12"}
PREVIEW = 150  # pixels, the longer side


class DetailsPanel:
    """Builds the panel's widgets into an area and reads its menus back."""

    def __init__(self) -> None:
        self.force_menu: UIDropDownMenu | None = None
        self.quality_menu: UIDropDownMenu | None = None
        self.morale_menu: UIDropDownMenu | None = None
        self._previews: dict[Path, pygame.Surface | None] = {}

    def build(
        self,
        manager: pygame_gui.UIManager,
        details: TableDetails,
        chosen: dict[str, Any],
        path: Path | None,
        area: pygame.Rect,
    ) -> list[Any]:
        """The panel's widgets in `area` (none when it is too small to read)."""
        self.forget()
        if area.height < 90:
            return []
        widgets: list[Any] = []
        side = min(PREVIEW, area.height, area.width // 3)
        picture = self.preview(path) if path is not None else None
        if picture is not None:
            fitted = pygame.transform.smoothscale(picture, fit(picture.get_size(), side))
            image = UIImage(fitted.get_rect(topleft=area.topleft), fitted, manager)
            widgets.append(image)
        x, width, y = area.left + side + 12, area.width - side - 12, area.top
        if len(details.forces) > 1:
            names: list[str | tuple[str, str]] = [narr(name) for _id, name in details.forces]
            current = narr(
                dict(details.forces).get(chosen.get("formation", ""), details.forces[0][1])
            )
            self.force_menu = UIDropDownMenu(names, current, pygame.Rect(x, y, width, 30), manager)
            self.force_menu.set_tooltip(_("The Regular force: this scenario's, or another ORBAT"))
            widgets.append(self.force_menu)
            y += 36
        ratings = (
            (
                "quality",
                details.qualities,
                N_("The Regulars' Troop Quality (this scenario lets you pick)"),
            ),
            ("morale", details.morales, N_("The Regulars' Morale (this scenario lets you pick)")),
        )
        rx = x
        for key, dice, words in ratings:
            if len(dice) < 2:
                continue
            labels: list[str | tuple[str, str]] = [DICE_LABELS[d] for d in dice]
            current = DICE_LABELS.get(chosen.get(key, 0), DICE_LABELS[dice[0]])
            menu = UIDropDownMenu(labels, current, pygame.Rect(rx, y, 90, 30), manager)
            menu.set_tooltip(_(words))
            if key == "quality":
                self.quality_menu = menu
            else:
                self.morale_menu = menu
            widgets.append(menu)
            rx += 100
        if rx > x:
            y += 36
        if area.bottom - y >= 40:
            rect = pygame.Rect(x, y, width, area.bottom - y)
            widgets.append(UITextBox(details_html(details), rect, manager))
        return widgets

    def forget(self) -> None:
        self.force_menu = self.quality_menu = self.morale_menu = None

    def menus(self) -> list[UIDropDownMenu]:
        menus = (self.force_menu, self.quality_menu, self.morale_menu)
        return [m for m in menus if m is not None]

    def owns(self, element: Any) -> bool:
        return any(element is m for m in self.menus())

    def chosen(self, element: Any, text: str, details: TableDetails) -> tuple[str, Any]:
        """What a change of one of the panel's menus chose: ("formation", id), ("quality" or
        "morale", die size), or ("", None)."""
        if element is self.force_menu:
            wanted = next((f for f, name in details.forces if narr(name) == text), None)
            return ("formation", wanted) if wanted else ("", None)
        key = "quality" if element is self.quality_menu else "morale"
        size = next((d for d, label in DICE_LABELS.items() if label == text), None)
        return (key, size) if size else ("", None)

    def preview(self, path: Path) -> pygame.Surface | None:
        """The table's tile art at a small scale (drawn once per map; None if it cannot be)."""
        if path not in self._previews:
            from game.client.map_render import MapArt

            try:
                art = MapArt(path, None)
                scale = PREVIEW / max(art.world_width, art.world_height)
                self._previews[path] = art.surface_at(scale)
            except Exception:  # a map that cannot be drawn still shows its details
                self._previews[path] = None
        return self._previews[path]


def fit(size: tuple[int, int], side: int) -> tuple[int, int]:
    w, h = size
    scale = side / max(w, h, 1)
    return max(1, round(w * scale)), max(1, round(h * scale))


def details_html(details: TableDetails) -> str:
    """The panel's text: title and turns, the briefing, the victory conditions."""
    if details.problem:
        return f"<font color='#ff8070'>{html.escape(details.problem)}</font>"
    turns = ngettext("{n} turn", "{n} turns", details.turns).format(n=details.turns)
    lines = [f"<b>{html.escape(narr(details.title))}</b> — {turns}"]
    if details.brief:  # translated as the file has it, then its lines run on (as the briefing)
        lines.append(html.escape(paragraphs(narr(details.brief))).replace("\n", "<br>"))
    lines.append("<b>" + _("Victory points") + "</b>")
    lines += [html.escape(retell(c)) for c in details.conditions]
    return "<br>".join(lines)

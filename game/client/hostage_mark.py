"""The hostage of Since You're Already in the Area . . . on the table (issue 19, cards round 3;
R313-R319): his building outlined, with "hostage" while he waits and "hostage freed" once the
building is cleared. A pure reading of the game state (`game.engine.buildings`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.battlefield.model import Battlefield
from game.client import text
from game.engine.buildings import HOSTAGE
from game.i18n import _

HOSTAGE_COLOUR = (236, 96, 200)
FREED_COLOUR = (120, 220, 120)


def draw_hostage(
    surface: pygame.Surface,
    battlefield: Battlefield,
    effects: dict[str, Any],
    to_screen: Callable[[tuple[float, float]], tuple[float, float]],
) -> None:
    held = effects.get(HOSTAGE)
    if not held:
        return
    building = next((b for b in battlefield.buildings if b.id == int(held["building"])), None)
    if building is None:
        return
    freed = bool(held["rescued"])
    colour = FREED_COLOUR if freed else HOSTAGE_COLOUR
    points = [(round(x), round(y)) for x, y in (to_screen(p) for p in building.outline)]
    pygame.draw.polygon(surface, colour, points, 3)
    cx = sum(p[0] for p in points) / len(points)
    top = min(p[1] for p in points)
    word = _("hostage freed") if freed else _("hostage")
    label = text.text(word, 14, colour, bold=True, shadow=(0, 0, 0))
    surface.blit(label, label.get_rect(midbottom=(round(cx), top - 2)))

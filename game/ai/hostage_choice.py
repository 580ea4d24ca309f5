"""How the AIs hide the hostage of Since You're Already in the Area . . . (R319): in the offered
building the Regulars will find hardest to clear, the one watched by the most Insurgent figures
(within 12" of its walls, inside it included: they fire on a unit stacking at the walls, and a
building they stand in must be taken by fire or assault before it can be cleared), then the one
farthest from the Regular figures (more open ground to cross), then the lowest number.
"""

from __future__ import annotations

import math

from game.ai.card_choices import _building, _figures
from game.battlefield.model import Battlefield, Building, Point
from game.battlefield.planar import distance_to_chain, point_in_polygon
from game.engine.commands import Answer, Command
from game.engine.view import PlayerView

CARD = "already-in-the-area"
WATCH = 12.0
"""How far from the walls an Insurgent figure still covers them (a long Optimum Range)."""


def _gap(b: Building, p: Point) -> float:
    return 0.0 if point_in_polygon(p, b.outline) else distance_to_chain(p, b.outline, True)


def choose_hostage(
    view: PlayerView, battlefield: Battlefield, title: str, answers: list[Answer]
) -> tuple[Command, str]:
    """The building for the hostage and the reason (for the Insurgent side's choice)."""
    guards, regulars = _figures(view, False), _figures(view, True)

    def score(a: Answer) -> tuple[int, float, int]:
        b = _building(battlefield, str(a.choice))
        if b is None:
            return (-1, 0.0, 0)
        watched = sum(1 for p in guards if _gap(b, p) <= WATCH)
        far = min((_gap(b, p) for p in regulars), default=math.inf)
        return (watched, far, -b.id)

    pick = max(answers, key=score)
    watched, far, _ = score(pick)
    b = _building(battlefield, str(pick.choice))
    place = (b.label or b.name or str(pick.choice)) if b is not None else str(pick.choice)
    away = f'{far:.1f}"' if far < math.inf else "far"
    return pick, (
        f"{title}: the hostage is held in {place}, watched by {watched} Insurgent figures, "
        f"{away} from the nearest Regular"
    )

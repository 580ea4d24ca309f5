"""Hot Spots (R28): a neutralization completes when its unit is still beside the spot at its
next activation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.protocol import EventKind as E
from game.engine.state import (
    UnitState,
)
from game.engine.terrain import distance
from game.rules.movement import (
    HOT_SPOT_CONTACT,
)

if TYPE_CHECKING:
    from game.engine.engine import Engine


def complete_neutralization(g: Engine, unit: UnitState) -> None:
    if not unit.neutralizing:
        return
    spot = g.state.hot_spots.get(str(unit.neutralizing))
    unit_near = spot is not None and any(
        distance(f.pos, (spot.x, spot.y)) <= HOT_SPOT_CONTACT for f in unit.effective_figures
    )
    if spot is not None and not spot.neutralized and unit_near:
        spot.neutralized = True
        g.state.count("hot_spots_neutralized")
        g.emit(E.HOT_SPOT_NEUTRALIZED, hot_spot=spot.number, unit=unit.id, unit_name=unit.name)
    unit.neutralizing = 0

"""Hot Spots: placed at set-up when the map leaves them to the players (R45, R79); a
neutralization completes when its unit is still beside the spot at its next activation (R28).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.battlefield.errors import MapError
from game.battlefield.hot_spot_placement import HotSpotPlacementError
from game.battlefield.hot_spot_placement import place_hot_spots as place_logical_spots
from game.engine.protocol import EventKind as E
from game.engine.state import (
    HotSpotState,
    UnitState,
)
from game.engine.terrain import distance
from game.rules.movement import (
    HOT_SPOT_CONTACT,
)

if TYPE_CHECKING:
    from game.engine.engine import Engine


def place_hot_spots(g: Engine) -> None:
    """Five hot spots for a map that carries none, when the scenario asks for them: logical
    spots 6" apart, picked with the game's dice (Hot Spots in Solo Games; R45, R79). A map that
    cannot hold them is a MapError, one line naming the map."""
    if not g.scenario.places_hot_spots or g.state.hot_spots:
        return
    path = g.battlefield.path
    try:
        placed = place_logical_spots(g.battlefield, g.dice)
    except HotSpotPlacementError as why:
        raise MapError.single(path, str(why).removeprefix(f"{path}: ")) from None
    for spot in placed:
        g.state.hot_spots[str(spot.number)] = HotSpotState(spot.number, *spot.position)
    spots = sorted(g.state.hot_spots.values(), key=lambda h: h.number)
    g.emit(E.HOT_SPOTS_PLACED, spots=[[h.number, h.x, h.y] for h in spots])


def completing(g: Engine, unit: UnitState) -> HotSpotState | None:
    """The hot spot whose neutralization `unit` completes as its next activation begins (R28):
    the one it started on, still active, with a figure of the unit still beside it."""
    spot = g.state.hot_spots.get(str(unit.neutralizing)) if unit.neutralizing else None
    if spot is None or spot.neutralized:
        return None
    near = any(
        distance(f.pos, (spot.x, spot.y)) <= HOT_SPOT_CONTACT for f in unit.effective_figures
    )
    return spot if near else None


def complete_neutralization(g: Engine, unit: UnitState) -> None:
    if not unit.neutralizing:
        return
    spot = completing(g, unit)
    if spot is not None:
        spot.neutralized = True
        g.state.count("hot_spots_neutralized")
        g.emit(E.HOT_SPOT_NEUTRALIZED, hot_spot=spot.number, unit=unit.id, unit_name=unit.name)
    unit.neutralizing = 0

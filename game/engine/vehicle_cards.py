"""The cards that bring vehicles into play mid-game (Rulebook: Fog of War & Asset Cards; R300-R309),
as card effects in the registry of `game.engine.card_effects`:

- the vehicle Asset cards (Attached APC, Attached Gun Truck, Attached IFV, Attached LAV-25, Tank
  Support): the vehicle comes on at once by the Regulars' entry edge, its crew rated as the card
  says (R301, R302); the card is then in play (`fielded`, never reshuffled) rather than held;
- Technical Trouble: 1d3 technicals of the Insurgents, each by a random table edge (R303).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import (
    asset_cards,  # noqa: F401  (its grant_asset, wrapped by card_eye, first)
    card_effects,
    cards,
    vehicle_entry,
)
from game.engine.state import INSURGENT, REGULAR
from game.i18n import N_
from game.rules import cards as rc
from game.rules import vehicle_entry as ve

if TYPE_CHECKING:
    from game.battlefield.model import Point
    from game.engine.engine import Engine
    from game.engine.procedure import Flow

EARLIER_GRANT = card_effects.EFFECTS["grant_asset"]


def grant_vehicle(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """A vehicle Asset card brings its vehicle on now (R301, R302); any other Asset card as
    before. With no room at the edge the card is held in the hand (R186)."""
    key = ve.CARD_VEHICLES.get(card.grants)
    if key is None:
        return (yield from EARLIER_GRANT(g, card, drawer))
    quality, morale = ve.card_crew(card.grants, vehicle_entry.force_ratings(g.state))
    edge = vehicle_entry.regular_edge(g)
    unit = vehicle_entry.enter_vehicle(
        g,
        REGULAR,
        key,
        edge,
        ratings=(int(quality), int(morale)),
        near=_force_centre(g),
        cause=card.title,
    )
    if unit is None:
        cards.hold(g, card.id, REGULAR)
        card_effects.played(g, card, REGULAR, "vehicle_held")
        return True
    cards.table(g).setdefault("fielded", []).append(card.id)
    card_effects.played(
        g, card, REGULAR, "vehicle_enters", unit=unit.id, unit_name=unit.name, edge=edge
    )
    return True


def _force_centre(g: Engine) -> Point | None:
    """The middle of the Regular units on the table (where a vehicle sent to them comes on)."""
    units = g.state.units_of(REGULAR)
    if not units:
        return None
    xs = [u.centre[0] for u in units]
    ys = [u.centre[1] for u in units]
    return (sum(xs) / len(xs), sum(ys) / len(ys))


@card_effects.effect("technicals")
def technical_trouble(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Technical Trouble: 1d3 technicals, each a unit with a leader, Untrained (d6) with d8
    Morale and a medium MG, each by a random table edge, as near its middle as it fits (R303)."""
    face, count = ve.technicals(g.dice)
    card_effects.played(g, card, INSURGENT, "technicals", face=face, count=count)
    for _ in range(count):
        edge = ve.random_edge(g.dice)
        vehicle_entry.enter_vehicle(
            g,
            INSURGENT,
            ve.TECHNICAL,
            edge,
            ratings=(int(ve.TECHNICAL_QUALITY), int(ve.TECHNICAL_MORALE)),
            crew=ve.TECHNICAL_CREW,
            name=N_("Technical {number}"),
            cause=card.title,
        )
    return False
    yield


card_effects.EFFECTS["grant_asset"] = grant_vehicle
from game.engine import cross_town, road_block  # noqa: E402, F401  (R304, R308)

cards.AVAILABLE_PARTS.add("vehicles")  # vehicles enter play mid-game (R300)

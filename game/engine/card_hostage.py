"""Since You're Already in the Area . . . (Rulebook: Fog of War & Asset Cards; Special Rules,
House Clearing): a hostage is held in a building the Insurgents pick within 6" of a random
Regular unit. That building is played under the House Clearing rules whatever the set-up toggle
(the book's "some scenarios call for Regular forces to clear a building": this card is one), so
the Regulars must clear it to go in; clearing it (or holding it, R245) rescues the hostage,
which lifts the Regulars' result one step at the end, and not rescuing him lowers it one step.
Rulings R313-R319.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.battlefield.model import Building
from game.engine import cards
from game.engine.buildings import (
    HOSTAGE,
    building_named,
    building_words,
    hostage_building,
    is_cleared,
    wall_distance,
)
from game.engine.card_effects import ask, effect, played, random_unit
from game.engine.protocol import EventKind as E
from game.engine.state import INSURGENT, REGULAR, UnitState
from game.i18n import N_
from game.rules import cards as rc

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.procedure import Flow

CARD = "already-in-the-area"


def building_key(building: Building) -> str:
    return f"building_{building.id}"


def hostage_buildings(g: Engine, unit: UnitState) -> list[Building]:
    """The buildings the hostage may be held in (R314): within 6" of a figure of `unit` (0 for
    a figure inside), not cleared, and with no Regular figure inside (he would be found)."""
    regulars = [f.pos for u in g.state.units_of(REGULAR) for f in u.effective_figures]
    out: list[Building] = []
    for b in g.battlefield.buildings:
        if is_cleared(g.state, b) or any(g.terrain.building_at(p) is b for p in regulars):
            continue
        gap = min(
            0.0 if g.terrain.building_at(f.pos) is b else wall_distance(b, f.pos)
            for f in unit.effective_figures
        )
        if gap <= rc.HOSTAGE_REACH + 1e-9:
            out.append(b)
    return out


@effect("hostage")
def already_in_the_area(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Since You're Already in the Area . . .: the dice pick a Regular unit, the Insurgents a
    building within 6" of it for the hostage (R314)."""
    if hostage_building(g.state) is not None:  # the card again after a reshuffle: one hostage
        played(g, card, INSURGENT, "hostage_again")
        return False
    unit = random_unit(g, REGULAR)
    if unit is None:
        played(g, card, INSURGENT, "no_target")
        return False
    places = hostage_buildings(g, unit)
    if not places:
        played(g, card, INSURGENT, "no_hostage_building", unit=unit.id, unit_name=unit.name)
        return False
    keys = [building_key(b) for b in places]
    chosen = yield from ask(
        g, card, INSURGENT, "building", N_("which building holds the hostage?"), keys
    )
    building = building_named(g.terrain, int(str(chosen).split("_")[1]))
    assert building is not None
    cards.table(g)["effects"][HOSTAGE] = {
        "building": building.id,
        "unit": unit.id,
        "rescued": False,
    }
    played(
        g,
        card,
        INSURGENT,
        "hostage",
        unit=unit.id,
        unit_name=unit.name,
        building=building.id,
        building_name=building_words(building),
    )
    return False


def hostage(g: Engine) -> dict[str, Any] | None:
    """The card's record ({"building", "unit", "rescued"}), None when no hostage is held."""
    held: dict[str, Any] | None = cards.effects(g).get(HOSTAGE) if g.state.cards else None
    return held


def rescued(g: Engine, by: str) -> None:
    """The hostage's building was cleared or held by `by` (a unit's name): he is rescued, once
    (R316). Called by `house_clearing` when the building is cleared."""
    held = hostage(g)
    if held is None or held["rescued"]:
        return
    held["rescued"] = True
    building = building_named(g.terrain, int(held["building"]))
    played(
        g,
        rc.card(CARD),
        REGULAR,
        "hostage_rescued",
        unit_name=by,
        building=int(held["building"]),
        building_name=building_words(building) if building else str(held["building"]),
    )


def hostage_result(g: Engine, margin: str, winner: str) -> tuple[str, str]:
    """The result at the end after the card (R313): one step toward the Regulars if the
    hostage was rescued, one step toward the Insurgents if not."""
    held = hostage(g)
    if held is None:
        return margin, winner
    up = bool(held["rescued"])
    after_margin, after_winner = rc.stepped_result(margin, winner, 1 if up else -1)
    g.emit(
        E.CARD_PLAYED,
        card=CARD,
        title=rc.card(CARD).title,
        side=REGULAR if up else INSURGENT,
        outcome="hostage_up" if up else "hostage_down",
        result_margin=after_margin,
        result_winner=after_winner,
    )
    return after_margin, after_winner

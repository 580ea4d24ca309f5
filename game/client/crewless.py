"""A vehicle whose crew is out of action but which is not destroyed (R355): its hull is still on
the table, an obstacle to sight and movement for the engine (`terrain._on_table`), so the
battle screen draws it too, with no figures and a "no crew" caption. Found in play (polish,
round 7): the crew unit is removed, and the screen drew a vehicle only under its crew's figures,
so the hull vanished. A wreck whose crew is gone stays drawn the same way, as a wreck."""

from __future__ import annotations

from game.battlefield.model import Side
from game.client.viewmodel import UnitSprite, VehicleLook
from game.engine import vehicles
from game.engine.state import INSURGENT, GameState
from game.engine.terrain import _on_table
from game.i18n import _


def crewless_sprites(state: GameState, drawn: set[str]) -> list[UnitSprite]:
    """The hulls on the table whose crew unit is not drawn (`drawn`: the ids drawn already)."""
    out = []
    for unit_id in sorted(state.vehicles):
        unit = state.units.get(unit_id)
        rec = vehicles.record(state, unit_id)
        if unit is None or rec is None or unit_id in drawn or not _on_table(state, unit_id):
            continue
        card, damage = rec.card, rec.state
        hull = (rec.x, rec.y, card.length, card.width, rec.facing, damage.destroyed)
        look = VehicleLook(
            rec.type,
            damage.immobilized,
            damage.weapons_out,
            damage.destroyed,
            crewless=not damage.destroyed,
        )
        side = Side.INSURGENT if unit.side == INSURGENT else Side.REGULAR
        out.append(UnitSprite(unit_id, unit.name, side, (), hull=hull, vehicle_look=look))
    return out


def crewless_caption(name: str) -> str:
    """The words under a crewless hull: "LVTP (no crew)"."""
    return _("{vehicle} (no crew)").format(vehicle=name)

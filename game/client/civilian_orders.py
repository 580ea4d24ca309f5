"""The window's civilian-mob order (issue 21; Rulebook: Regulars and Civilian Mobs, Insurgent
Leaders and Civilian Mobs): one button that gives the engine's own offer for the selected unit."""

from __future__ import annotations

from game.engine.commands import Command, DisperseMob, InfluenceMob
from game.engine.engine import Engine
from game.engine.state import UnitState
from game.engine.terrain import distance


def mob_order(engine: Engine, side: str, unit: UnitState) -> Command | None:
    """`DisperseMob` for a Regular unit within reach of a mob; for an Insurgent leader in
    contact, `InfluenceMob`, arming the mob when he has men with him, else moving it towards
    the Regulars; the nearest mob first. None when the engine offers none."""
    offers = [
        c
        for c in engine.legal_commands(side)
        if isinstance(c, (DisperseMob, InfluenceMob)) and c.unit == unit.id
    ]
    if not offers:
        return None
    mobs = {m.id: m.pos for m in engine.state.mobs}
    offers.sort(
        key=lambda c: (
            distance(unit.leader_point, mobs.get(getattr(c, "mob", ""), unit.leader_point)),
            not getattr(c, "arm", False),
        )
    )
    return offers[0]

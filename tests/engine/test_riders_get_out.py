"""R355: a vehicle whose crew is out of action carries no one on; its passengers get out beside
it at once and fight on foot (Rulebook: Loading and Unloading Passengers).

Found by helper team2 (round 6): in Turkey Shoot seeds 16 and 27 the opening Fog of War card
IED Detonated! puts the LVTP's crew out of action with the whole force aboard; the passengers
stayed aboard with no way out and the game ended on turn 1, "no Marines remain on the table"."""

from __future__ import annotations

import math

from game.ai.regular import RegularAI
from game.battlefield.planar import BASE_RADIUS
from game.engine import vehicles
from game.engine.protocol import UnitStatus
from game.engine.state import REGULAR
from game.headless import play
from game.opponents import make_controller
from game.save import new_game, resolve_map


def test_r355_the_riders_of_a_vehicle_whose_crew_is_out_of_action_get_out_and_fight_on() -> None:
    path, scenario = resolve_map("turkey-shoot")
    engine = new_game(path, scenario, 16)
    lvtp = next(u for u in engine.state.units.values() if vehicles.record(engine.state, u.id))
    assert lvtp.status == UnitStatus.REMOVED  # the IED put its crew out of action at T0
    rec = vehicles.record(engine.state, lvtp.id)
    assert rec is not None and rec.passengers == []
    riders = [u for u in engine.state.units.values() if u.side == REGULAR and u is not lvtp]
    assert len(riders) == 4 and all(u.status == UnitStatus.ACTIVE for u in riders)
    hull = vehicles.hull_points(rec.card, rec.centre, rec.facing)
    assert all(
        min(abs(f.x - x) + abs(f.y - y) for x, y in hull) > 0.0 for u in riders for f in u.figures
    )
    # no base on another's: each unit set down beside the hull keeps clear of those before it
    bases = [(u.id, f.pos) for u in riders for f in u.figures]
    assert all(
        math.dist(p, q) >= 2 * BASE_RADIUS - 0.01
        for i, (a, p) in enumerate(bases)
        for b, q in bases[i + 1 :]
        if a != b
    )
    kinds = [e["kind"] for e in engine.state.events]
    assert kinds.count("Dismount") == 4
    controllers = {
        "regular": RegularAI(engine.battlefield),
        "insurgent": make_controller("insurgent", "ai", engine.battlefield, 16),
    }
    play(engine, controllers, stop_after_turn=1)
    assert engine.state.result is None or engine.state.turn > 1  # the game goes on
    activated = {e["data"].get("unit") for e in engine.state.events if e["kind"] == "Activate"}
    assert activated & {u.id for u in riders}  # the Marines on foot act in turn 1

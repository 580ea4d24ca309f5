"""R355: a vehicle whose crew is out of action carries no one on; its passengers get out beside
it at once and fight on foot (Rulebook: Loading and Unloading Passengers). R356: a Fog of War
card's blast at a vehicle goes through its armour and Determining Vehicle Damage.

Found by helper team2 (round 6): in Turkey Shoot seeds 16 and 27 the opening Fog of War card
IED Detonated! hit the LVTP's crew figures as infantry and put them out of action with the whole
force aboard; the passengers stayed aboard with no way out and the game ended on turn 1, "no
Marines remain on the table"."""

from __future__ import annotations

import math

from game.battlefield.planar import BASE_RADIUS
from game.engine import casualties, vehicles
from game.engine.ambulance import hull_gap
from game.engine.protocol import FigureStatus, UnitStatus
from game.engine.state import REGULAR
from game.save import new_game, resolve_map


def test_r355_the_riders_of_a_vehicle_whose_crew_is_out_of_action_get_out_and_fight_on() -> None:
    path, scenario = resolve_map("turkey-shoot")
    engine = new_game(path, scenario, 1)
    lvtp = next(u for u in engine.state.units.values() if vehicles.record(engine.state, u.id))
    rec = vehicles.record(engine.state, lvtp.id)
    assert rec is not None and len(rec.passengers) == 4
    for f in lvtp.figures:  # the whole crew hit (say, by the crew checks of R216 one by one)
        f.status = FigureStatus.HIT
    casualties.unit_wiped(engine, lvtp)
    assert lvtp.status == UnitStatus.REMOVED
    rec = vehicles.record(engine.state, lvtp.id)
    assert rec is not None and rec.passengers == []
    riders = [u for u in engine.state.units.values() if u.side == REGULAR and u is not lvtp]
    assert len(riders) == 4 and all(u.status == UnitStatus.ACTIVE for u in riders)
    card, centre, facing = rec.card, rec.centre, rec.facing
    assert all(
        hull_gap(f.pos, centre, facing, card.length, card.width) >= BASE_RADIUS - 0.01
        for u in riders
        for f in u.figures
    )
    # no base on another's: each unit set down beside the hull keeps clear of those before it
    bases = [(u.id, f.pos) for u in riders for f in u.figures]
    assert all(
        math.dist(p, q) >= 2 * BASE_RADIUS - 0.01
        for i, (a, p) in enumerate(bases)
        for b, q in bases[i + 1 :]
        if a != b
    )
    dismounts = [e for e in engine.state.events if e["kind"] == "Dismount"]
    assert [e["data"]["unit"] for e in dismounts] == [u.id for u in riders]
    assert all(e["data"]["cause"] == "crew_lost" for e in dismounts)
    # on the table, so the game goes on ("no Marines remain" looks at units on the table)
    assert {u.id for u in engine.state.units_of(REGULAR)} == {u.id for u in riders}


def test_r356_ied_detonated_at_a_vehicle_rolls_against_its_armour_and_damage() -> None:
    """Turkey Shoot seed 16: the opening IED Detonated! picks the LVTP. The blast is a Class 2
    weapon against Class 1 armour (full Firepower): 6d10 against the LVTP's 2d8, one damage
    check per penetrating hit (Determining Vehicle Damage), not hits on the crew's figures."""
    path, scenario = resolve_map("turkey-shoot")
    engine = new_game(path, scenario, 16)
    hits = [e for e in engine.state.events if e["kind"] == "VehicleHit"]
    assert len(hits) == 1
    data = hits[0]["data"]
    assert (data["manner"], data["penetration"], data["firer"]) == ("blast", "full", "")
    assert len(data["firepower_faces"]) == 6 and len(data["defense_faces"]) == 2
    assert data["firepower_die"] == "d10" and data["defense_die"] == "d8"
    assert data["hits"] == 5
    damage = [e for e in engine.state.events if e["kind"] == "VehicleDamage"]
    assert 1 <= len(damage) <= 5 and damage[-1]["data"]["destroyed"]
    assert not [e for e in engine.state.events if e["kind"] == "CardAttack"]
    riders = [u for u in engine.state.units.values() if u.side == REGULAR and u.name != "LVTP"]
    assert all(u.status == UnitStatus.ACTIVE for u in riders if u.effective_figures)
    assert engine.state.units_of(REGULAR)  # the game does not end on turn 1

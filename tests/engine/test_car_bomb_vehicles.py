"""R347: the car bomb of Cross-Town Traffic strikes every unit within 8", a vehicle through its
armour and Determining Vehicle Damage, by the function a Fog of War card's blast at a vehicle
uses (R356). Found by the rules audit (round 7): R309 had let vehicles' hulls shrug it off."""

from __future__ import annotations

from pathlib import Path

from game.sandbox import run_situation
from game.scenarios.situation import read_situation

SITUATION = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def test_r347_the_car_bombs_blast_strikes_an_lvtp_through_its_armour() -> None:
    run = run_situation(
        read_situation(SITUATION / "card-cross-town-traffic-lvtp.json"), lambda e: None
    )
    assert run.error == "" and run.engine is not None
    bomb = [e["data"] for e in run.events if e["kind"] == "CardPlayed"][-1]
    assert bomb["outcome"] == "car_bomb" and bomb["at"] == [33.0, 36.0]
    (hit,) = [e["data"] for e in run.events if e["kind"] == "VehicleHit"]
    assert (hit["target"], hit["manner"], hit["penetration"]) == ("V", "blast", "full")
    assert (hit["firepower_die"], len(hit["firepower_faces"]), hit["defense"]) == ("d8", 8, 2)
    assert hit["hits"] == 3
    damage = [e["data"] for e in run.events if e["kind"] == "VehicleDamage"]
    assert [d["breakdown"] for d in damage] == ["", "armament", ""]
    assert not [e for e in run.events if e["kind"] == "CardAttack"]  # the Marines: 9.6" off
    assert all(f.status == "ok" for f in run.engine.state.units["R1"].figures)

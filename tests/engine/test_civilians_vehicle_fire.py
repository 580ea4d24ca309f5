"""R349: fire at a vehicle is fire like any other for the civilians near its line (Rulebook:
Civilians on the Battlefield). Found by the rules audit (round 7): the fire path handed a vehicle
target to the vehicle rules and returned before the civilian casualty check."""

from __future__ import annotations

from pathlib import Path

from game.sandbox import run_situation
from game.scenarios.situation import read_situation

SITUATION = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def test_r349_fire_at_a_technical_past_a_mob_checks_for_a_civilian_casualty() -> None:
    run = run_situation(
        read_situation(SITUATION / "civilians-fire-at-technical.json"), lambda e: None
    )
    assert run.error == "" and run.engine is not None
    (hit,) = [e["data"] for e in run.events if e["kind"] == "VehicleHit"]
    assert hit["target"] == "T" and hit["hits"] == 0
    (check,) = [e["data"] for e in run.events if e["kind"] == "CivilianCheck"]
    assert (check["mob"], check["die"], check["face"], check["hit"]) == ("C1", "d8", 2, True)
    assert run.engine.state.insurgency_level == "3"
    assert run.engine.state.civilian_combats  # the mobs remember the combat (R230)

"""Ambulance on Call! enters play (Rulebook: Fog of War & Asset Cards; Casualty Evacuation
(CASEVAC)): the card's ambulance comes on like the other vehicle Asset cards and is a moving aid
station for the Regulars (docs/sandbox/card-ambulance.json). Rulings R298, R299."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.engine import ambulance, vehicles
from game.rules.vehicle_types import PLACEABLE, VEHICLES
from game.sandbox import Run, run_situation
from game.scenarios.situation import parse_situation

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / "card-ambulance.json").read_text("utf-8"))
    return data


def run_data(data: dict[str, Any]) -> Run:
    return run_situation(parse_situation(data, base=EXAMPLES), lambda event: None)


def of_kind(run: Run, kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in run.events if e["kind"] == kind]


def test_r298_the_ambulance_comes_on_and_takes_the_casualty_of_a_unit_touching_its_hull() -> None:
    run = run_data(load())
    assert run.error == "" and run.engine is not None
    (entered,) = of_kind(run, "VehicleEnters")
    assert (entered["vehicle"], entered["edge"], entered["facing"]) == (
        "M113 armoured ambulance",
        "south",
        270.0,
    )
    assert (entered["quality"], entered["morale"], entered["passengers"]) == ("d8", "d8", [])
    state = run.engine.state
    assert state.cards["fielded"] == ["ambulance-on-call"]
    assert state.cards["hands"]["regular"] == []
    (evac,) = of_kind(run, "Casevac")
    assert (evac["unit"], evac["count"], evac["at"]) == ("R1", 1, entered["at"])
    assert state.units["R1"].dependants == []
    assert state.tally["casualties_evacuated"] == 1


def test_r298_the_ambulance_is_unarmed_carries_no_troops_and_no_map_places_it() -> None:
    card = VEHICLES["ambulance"]
    assert (card.weapons, card.capacity) == ((), 0)
    assert "ambulance" not in PLACEABLE


def test_r299_a_unit_stopping_more_than_1_inch_from_the_hull_keeps_its_casualty() -> None:
    data = load()
    data["commands"][0]["to"] = [24.9, 43.0]  # 2.05" short of the hull's bow
    run = run_data(data)
    assert run.error == "" and run.engine is not None
    assert of_kind(run, "Casevac") == []
    assert run.engine.state.units["R1"].dependants == ["casualty"]


def test_r299_a_destroyed_ambulance_evacuates_nobody() -> None:
    data = load()
    data["commands"] = []
    run = run_data(data)
    assert run.engine is not None
    state = run.engine.state
    bow = (24.9, 44.5)  # 0.55" off the hull's bow
    assert ambulance.touching(state, [bow], 1.0) == pytest.approx((24.9, 46.4))
    rec = vehicles.record(state, "R2")
    assert rec is not None
    rec.damage = {**rec.damage, "reliability": 0}  # destroyed (Vehicle Damage)
    vehicles.save(state, "R2", rec)
    assert ambulance.touching(state, [bow], 1.0) is None


@pytest.mark.parametrize(
    ("point", "gap"),
    [((0.0, 0.0), 0.0), ((0.0, -2.0), 0.65), ((3.0, 4.0), 5.0 - 1.35 - 0.5)],
)
def test_r298_contact_is_measured_to_the_hull_not_its_centre(
    point: tuple[float, float], gap: float
) -> None:
    # a 2.7" by 1.3" hull facing north (270): 1.35" each way along y, 0.65" along x
    measured = ambulance.hull_gap(point, (0.0, 0.0), 270.0, 2.7, 1.3)
    if point == (3.0, 4.0):
        gap = ((3.0 - 0.65) ** 2 + (4.0 - 1.35) ** 2) ** 0.5
    assert measured == pytest.approx(gap)


def test_r299_the_regular_ai_drives_the_ambulance_to_the_unit_carrying_most_casualties() -> None:
    data = load()
    data["units"].append(
        {
            "id": "R2",
            "side": "regular",
            "name": "Team",
            "quality": "trained",
            "line": [12, 38],
            "figures": ["rifle", "rifle"],
            "dependants": ["casualty", "casualty"],
        }
    )
    data["controllers"] = {"regular": "ai", "insurgent": "script"}
    data["commands"], data["seed"], data["max_commands"] = [], 1, 40
    run = run_data(data)
    assert run.error == "" and run.engine is not None
    drives = [e["data"] for e in run.events if e["kind"] == "VehicleMoveStart"]
    assert drives and drives[0]["unit"] == "R3"
    notes = [text for _at, text in run.engine.notes]
    assert any("has nothing to fire at: it drives toward Team" in n for n in notes)
    rec = vehicles.record(run.engine.state, "R3")
    assert rec is not None
    team = run.engine.state.units["R2"]
    # nearer the Team (two casualties) than where it came on
    assert ((rec.x - team.centre[0]) ** 2 + (rec.y - team.centre[1]) ** 2) ** 0.5 < 10.0

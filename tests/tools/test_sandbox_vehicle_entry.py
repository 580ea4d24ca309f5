"""Vehicles entering play mid-game (issues 19 and 20; Rulebook: Fog of War & Asset Cards; docs/
SANDBOX.md): the Asset cards that bring vehicles and Technical Trouble, played with forced dice
in the real engine (docs/sandbox/vehicle-entry-*.json, card-technical-trouble.json). Each test
names its ruling (R300-R309)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.engine import road_block, vehicles
from game.engine.commands import IllegalCommand, Mount
from game.engine.state import Activation, GameState
from game.engine.terrain import distance
from game.sandbox import Run, run_situation
from game.scenarios.situation import parse_situation

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return data


def run_data(data: dict[str, Any]) -> Run:
    return run_situation(parse_situation(data, base=EXAMPLES), lambda event: None)


def of_kind(run: Run, kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in run.events if e["kind"] == kind]


def test_r300_r302_attached_apc_comes_on_by_the_entry_edge_where_its_hull_fits() -> None:
    run = run_data(load("vehicle-entry-asset-card.json"))
    assert run.error == "" and run.engine is not None
    (entered,) = of_kind(run, "VehicleEnters")
    assert (entered["vehicle"], entered["edge"], entered["facing"]) == (
        "M1126 Stryker ICV",
        "south",
        270.0,
    )
    # the point of the edge below the force (x 15) is the warehouse's (x 14-26): it comes on
    # at the first spot west of it where the 1.3" hull clears the wall
    x, y = entered["at"]
    assert 12.0 < x < 13.4 and y == 46.25
    assert (entered["quality"], entered["morale"]) == ("d10", "d8")  # the force's majority
    state = run.engine.state
    assert state.cards["fielded"] == ["attached-apc"] and state.cards["hands"]["regular"] == []
    rec = vehicles.record(state, entered["unit"])
    assert rec is not None and rec.y == pytest.approx(36.25)  # it drove on in turn 1


def test_r301_tank_support_brings_a_trained_crew_with_d8_morale() -> None:
    data = load("vehicle-entry-asset-card.json")
    data["cards"], data["commands"] = ["tank-support"], []
    run = run_data(data)
    (entered,) = of_kind(run, "VehicleEnters")
    assert (entered["vehicle"], entered["quality"], entered["morale"]) == (
        "M1A1 Abrams",
        "d8",
        "d8",
    )


def test_r300_no_room_at_the_edge_keeps_the_card_in_the_hand() -> None:
    data = load("vehicle-entry-asset-card.json")
    data["map"]["buildings"] = [{"name": "wall of shops", "rect": [0, 40, 48, 8]}]
    data["commands"] = []
    run = run_data(data)
    assert of_kind(run, "VehicleEnters") == []
    (no_room,) = of_kind(run, "VehicleNoRoom")
    assert (no_room["edge"], no_room["cause"]) == ("south", "Attached APC")
    assert run.engine is not None
    assert run.engine.state.cards["hands"]["regular"] == ["attached-apc"]


def test_r303_technical_trouble_brings_1d3_technicals_by_random_edges() -> None:
    run = run_data(load("card-technical-trouble.json"))
    assert run.error == "" and run.engine is not None
    (card,) = [d for d in of_kind(run, "CardPlayed") if d["outcome"] == "technicals"]
    assert (card["face"], card["count"]) == (4, 2)
    entered = of_kind(run, "VehicleEnters")
    assert [(e["unit"], e["edge"], e["at"]) for e in entered] == [
        ("I1", "east", [46.75, 24.0]),
        ("I2", "west", [1.25, 24.0]),  # a 5 rolled again
    ]
    technical = run.engine.state.units["I1"]
    assert [(f.kind, f.quality, f.morale) for f in technical.figures] == [
        ("leader", 6, 8),
        ("small_arms", 6, 8),
    ]
    assert technical.has_leader and technical.name == "Technical 1"
    (hit,) = of_kind(run, "VehicleHit")
    assert (hit["target"], hit["penetration"], hit["defense"]) == ("I1", "full", 1)
    damage = of_kind(run, "VehicleDamage")
    assert [d["breakdown"] for d in damage] == ["", "", "armament"]


def test_r303_insurgents_do_not_board_a_technical() -> None:
    run = run_data(load("card-technical-trouble.json"))
    assert run.engine is not None
    gunmen = run.engine.state.units["G"]
    with pytest.raises(IllegalCommand, match="R303"):
        vehicles.check_mount(run.engine, gunmen, Mount("insurgent", "G", "I1"), Activation("G"))


def test_r300_a_vehicle_that_entered_saves_and_loads_exactly() -> None:
    run = run_data(load("card-technical-trouble.json"))
    assert run.engine is not None
    state = run.engine.state
    again = GameState.from_dict(json.loads(state.to_json()))
    assert again.to_json() == state.to_json()
    assert again.vehicles["I1"]["type"] == "technical"
    assert again.units["I1"].name == "Technical 1"


def test_r304_r305_road_block_closes_a_street_to_wheels_and_tracks_test_quality() -> None:
    run = run_data(load("card-road-block.json"))
    assert run.error == "" and run.engine is not None
    (block,) = of_kind(run, "RoadBlock")
    assert (block["at"], block["manned"]) == ([22.5, 16.5], False)  # Regular vehicles in play
    (crossing,) = of_kind(run, "RoadBlockCrossing")
    assert (crossing["unit"], crossing["face"], crossing["passed"]) == ("V", 2, False)
    rec = vehicles.record(run.engine.state, "V")
    assert rec is not None
    assert (rec.state.mobility_failures, rec.state.speed_loss) == (1, 4)
    # the wheeled LAV-25 may not drive through the barricade (R304); the LVTP may
    lav = vehicles.record(run.engine.state, "L")
    assert lav is not None
    through = [(23.0, 26.0), (23.0, 10.0)]
    why = road_block.drive_problem(run.engine, lav, through)
    assert why is not None and "wheeled vehicles cannot pass it (R304)" in why
    assert road_block.drive_problem(run.engine, rec, through) is None
    assert road_block.drive_problem(run.engine, lav, [(40.0, 40.0), (40.0, 30.0)]) is None


def test_r304_with_no_regular_vehicle_1d6_plus_2_riflemen_hold_the_block_in_cover() -> None:
    data = load("card-road-block.json")
    data["units"] = [
        {"id": "R1", "side": "regular", "name": "Marines", "quality": "trained", "morale": "d8",
         "line": [23, 40], "figures": ["rifle", "rifle", "rifle", "rifle"]},
    ]  # fmt: skip
    data["commands"], data["dice"] = data["commands"][:1], ["d6=3"]
    run = run_data(data)
    assert run.error == "" and run.engine is not None
    (block,) = of_kind(run, "RoadBlock")
    assert (block["manned"], block["face"], block["count"]) == (True, 3, 5)
    holders = run.engine.state.units[block["unit"]]
    assert [f.kind for f in holders.figures] == ["small_arms"] * 5
    assert holders.in_cover_turn == 1  # In Cover through turn 1, until it moves (R68)
    assert all(distance(f.pos, (22.5, 16.5)) < 4.0 for f in holders.figures)


def test_r308_r309_cross_town_traffic_a_car_bomb_nobody_made_out_goes_off() -> None:
    run = run_data(load("card-cross-town-traffic.json"))
    assert run.error == "" and run.engine is not None
    (entered,) = of_kind(run, "VehicleEnters")
    assert (entered["unit_name"], entered["edge"]) == ("Car 1", "north")
    played = [d["outcome"] for d in of_kind(run, "CardPlayed")]
    assert played == ["car_enters", "car_drives", "car_unknown", "car_drives", "car_drives",
                      "car_bomb"]  # fmt: skip
    # each test lets the car 4" closer first (the grid's nearest step: 3.9")
    drives = [d["moved"] for d in of_kind(run, "CardPlayed") if d["outcome"] == "car_drives"]
    assert drives[0] <= 4.0 and drives[1] == 18.0
    (blast,) = of_kind(run, "CardAttack")
    assert (blast["target"], blast["firepower"], blast["firepower_die"]) == ("R1", 8, "d8")
    assert blast["casualties"] == 3
    assert run.engine.state.units["I1"].status == "removed"
    # the Scouts 17" off were out of the 8" blast
    assert all(f.status == "ok" for f in run.engine.state.units["R2"].figures)


def test_r308_the_regulars_do_not_see_what_the_car_is_until_they_know() -> None:
    from game.ai.cards import choose_card
    from game.engine.view import player_view

    data = load("card-cross-town-traffic.json")
    data["commands"] = data["commands"][:1]
    run = run_data(data)
    engine = run.engine
    assert engine is not None and engine.pending is not None
    regular = player_view(engine, "regular")
    insurgent = player_view(engine, "insurgent")
    assert regular.state["cards"]["effects"]["cars"]["I1"]["nature"] == "?"
    assert insurgent.state["cards"]["effects"]["cars"]["I1"]["nature"] == "vbied"
    assert engine.state.cards["effects"]["cars"]["I1"]["face"] == 6  # the game keeps it
    # the Regular AI looks the car over with its best unit while it is far off (R308)
    answer, why = choose_card(regular, engine.battlefield)
    assert getattr(answer, "choice", None) == "R1" and "looks the car over" in why


def test_r309_firing_at_an_innocent_car_counts_as_killing_civilians() -> None:
    from game.engine.commands import Fire
    from game.rules.dice import SeededDice

    data = load("card-cross-town-traffic.json")
    data["commands"], data["dice"] = [], ["d6=1", "d6=2"]  # north; a 2: civilians
    run = run_data(data)
    engine = run.engine
    assert engine is not None
    engine.dice = SeededDice(5)  # the fire's own dice do not matter here
    engine.apply(Fire("regular", unit="R1", target="I1"))
    assert engine.state.tally.get("civilians_killed_by_regular") == 1
    played = [e["data"]["outcome"] for e in engine.state.events if e["kind"] == "CardPlayed"]
    assert "car_engaged" in played and "car_civilians" in played
    assert engine.state.units["I1"].status == "removed"


def test_r308_a_carload_of_gunmen_gets_out_within_6_inches() -> None:
    data = load("card-cross-town-traffic.json")
    data["dice"] = ["d6=1", "d6=5", "d8=2", "d6=6", "d6=4"]  # gunmen; four of them
    run = run_data(data)
    assert run.error == "" and run.engine is not None
    (out,) = [d for d in of_kind(run, "CardPlayed") if d["outcome"] == "car_gunmen_out"]
    gunmen = run.engine.state.units[out["unit"]]
    assert [f.kind for f in gunmen.figures] == ["small_arms"] * 4
    assert run.engine.state.units["I1"].status == "removed"


def test_r321_the_unknown_cars_name_gives_nothing_away() -> None:
    from game.engine.narration import narrate_event
    from game.engine.view import player_view

    data = load("card-cross-town-traffic.json")
    data["commands"] = data["commands"][:1]
    run = run_data(data)
    assert run.engine is not None
    (entry,) = [e for e in run.events if e["kind"] == "VehicleEnters"]
    line = narrate_event(entry)
    assert "(traffic, Unknown car)" in line and "ivilian" not in line
    regular = player_view(run.engine, "regular")
    assert "Civilian car" not in json.dumps(regular.state)


def test_a_vehicles_own_crew_is_named_as_its_crew_not_as_its_passenger() -> None:
    from game.engine.narration import narrate

    own = {"unit": "I5", "unit_name": "Technical 5", "vehicle_name": "Technical 5"}
    riders = {"unit": "I2", "unit_name": "Gunmen", "vehicle_name": "Technical 5"}
    rest = {"pick_faces": [2], "faces": [2, 4], "lost": 1}
    crew = narrate("VehicleCrewCheck", {**own, **rest})
    assert crew.startswith("The crew of Technical 5 (picked at random: [2])")
    assert "aboard" not in crew
    assert narrate("VehicleCrewCheck", {**riders, **rest}).startswith("Gunmen aboard Technical 5")

"""Rules-fidelity situations for the Fog of War card effects once set aside (issue 19; Rulebook:
Fog of War & Asset Cards; docs/SANDBOX.md): each docs/sandbox/card-*.json plays its card before
turn 1 (the situation's `cards`), and the test, named after the card or the ruling, asserts the
outcome. Variations are built in the test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.engine.terrain import point_segment_distance
from game.sandbox import Run, run_situation
from game.scenarios.situation import parse_situation

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "sandbox"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return data


def run_data(data: dict[str, Any]) -> Run:
    return run_situation(parse_situation(data, base=EXAMPLES), lambda event: None)


def played(run: Run, outcome: str) -> list[dict[str, Any]]:
    return [
        e["data"]
        for e in run.events
        if e["kind"] == "CardPlayed" and e["data"]["outcome"] == outcome
    ]


def fire_of(run: Run, firer: str) -> dict[str, Any]:
    return next(
        e["data"] for e in run.events if e["kind"] == "Fire" and e["data"]["firer"] == firer
    )


REFUSED = {
    "card-colonel-said-what.json": {"kind": "move", "side": "regular", "unit": "R2", "to": [40, 22],
                                    "rate": "cautious"},
    "card-ied-spotted.json": {"kind": "move", "side": "regular", "unit": "R1", "to": [24, 28],
                              "rate": "rapid"},
    "card-fire-fire.json": {"kind": "move", "side": "regular", "unit": "R1", "to": [22, 13],
                            "rate": "rapid"},
}  # fmt: skip
"""The order each card forbids, played after the documented example's own commands."""


def refused(name: str) -> Run:
    data = load(name)
    data["commands"].append(REFUSED[name])
    data.pop("max_commands", None)
    return run_data(data)


def test_r280_wait_the_colonel_said_what_only_from_the_open_into_cover() -> None:
    assert run_data(load("card-colonel-said-what.json")).error == ""
    run = refused("card-colonel-said-what.json")
    (garbled,) = played(run, "garbled_orders")
    assert garbled["turn"] == 1  # played at set-up: turn 1 is "the next turn"
    moves = [e for e in run.events if e["kind"] == "MoveEnd"]
    assert [m["data"]["unit"] for m in moves] == ["R1"]  # the Marines got into cover
    assert "Scouts holds its position: the orders are garbled this turn (R280" in run.error


def test_r280_without_the_card_the_scouts_move_freely() -> None:
    data = load("card-colonel-said-what.json")
    data["cards"] = []
    data["commands"].append(REFUSED["card-colonel-said-what.json"])
    run = run_data(data)
    assert run.error == ""  # without the card the Scouts move where they like


def test_r281_ied_spotted_no_regular_within_4_inches() -> None:
    assert run_data(load("card-ied-spotted.json")).error == ""
    run = refused("card-ied-spotted.json")
    (marker,) = played(run, "ied_marker")
    assert marker["unit"] == "R1" and [round(v) for v in marker["at"]] == [25, 33]
    assert run.engine is not None
    state = run.engine.state
    # at least 6" from the spotter's figures and 4" from the other unit's
    spot = tuple(marker["at"])
    assert all(
        ((f.x - spot[0]) ** 2 + (f.y - spot[1]) ** 2) ** 0.5 >= 6 for f in state.units["R1"].figures
    )
    assert 'may not come within 4" of the spotted IED (R281' in run.error
    assert state.units["R2"].leader_point == (8.0, 34.0)  # the Scouts' move away was allowed


def test_r282_swiss_cheese_the_house_gives_no_cover() -> None:
    run = run_data(load("card-swiss-cheese.json"))
    (gone,) = played(run, "no_cover")
    assert gone["piece"] == "building_1"
    fire = fire_of(run, "R1")
    assert "Solid Cover" not in json.dumps(fire["defense_breakdown"])
    assert ["target Exposed", 1] in fire["firepower_breakdown"]["items"]
    data = load("card-swiss-cheese.json")
    data["cards"] = []
    data["commands"] = data["commands"][1:]
    data.pop("dice")  # another fire, other rolls
    without = fire_of(run_data(data), "R1")
    assert "Solid Cover" in json.dumps(without["defense_breakdown"])


def test_r283_fire_fire_the_gunmen_run_under_overwatch_and_nobody_goes_in() -> None:
    assert run_data(load("card-fire-fire.json")).error == ""
    run = refused("card-fire-fire.json")
    (ablaze,) = played(run, "burning")
    assert ablaze["piece"] == "building_1" and ablaze["units"] == ["G"]
    assert played(run, "evacuated")[0]["unit"] == "G"
    assert fire_of(run, "R1")["manner"] == "react"  # the Overwatch shot as they ran
    assert run.engine is not None
    house = run.engine.battlefield.buildings[0].outline
    for f in run.engine.state.units["G"].effective_figures:
        gap = min(point_segment_distance(f.pos, house[k - 1], house[k]) for k in range(4))
        assert gap >= 4.0
    assert "may not go into the house (building 1): it is burning (R283)" in run.error


def test_r284_dragunov_a_lone_sniper_fires_2d8_at_any_range() -> None:
    run = run_data(load("card-dragunov.json"))
    (sniper,) = played(run, "sniper")
    assert sniper["target"] == "R1" and sniper["gap"] <= 12.0
    assert run.engine is not None
    unit = run.engine.state.units[sniper["unit"]]
    (figure,) = unit.figures
    assert (figure.kind, figure.weapon, figure.quality, figure.morale) == (
        "leader",
        "sniper",
        8,
        10,
    )
    items = fire_of(run, sniper["unit"])["firepower_breakdown"]["items"]
    assert items[:2] == [["1 figure", 1], ["Optimum Range", 1]]  # 2d8 before the target's +1
    assert fire_of(run, sniper["unit"])["firepower_die"] == "d8"


def test_r285_dishkuh_an_emplaced_dshk_team_twelve_inches_off() -> None:
    run = run_data(load("card-dishkuh.json"))
    (team,) = played(run, "dshk_team")
    assert team["place"] == "building_2" and team["gap"] >= 12.0
    items = fire_of(run, team["unit"])["firepower_breakdown"]["items"]
    assert items[:4] == [
        ["2 figures", 2],
        ["DShK", 2],
        ["Special Weapon Team", 2],
        ["Optimum Range", 1],  # emplaced: in range at 30"
    ]


def test_r286_smile_for_the_camera_places_three_mobs_away_from_the_regulars() -> None:
    run = run_data(load("card-smile-for-the-camera.json"))
    (crew,) = played(run, "camera_mobs")
    assert crew["unit"] == "R2" and crew["mobs"] == "C1, C2, C3"
    assert run.engine is not None
    state = run.engine.state
    regulars = [f.pos for u in state.units.values() for f in u.effective_figures]
    for mob in state.mobs:
        assert all(((mob.x - x) ** 2 + (mob.y - y) ** 2) ** 0.5 >= 6.0 for x, y in regulars)
    assert state.cards["effects"]["camera"]["unit"] == "R2"


def test_r287_eye_in_the_sky_keeps_the_uav_up_through_youre_grounded() -> None:
    run = run_data(load("card-eye-in-the-sky.json"))
    assert played(run, "uav_protected") and played(run, "uav_kept")
    assert run.engine is not None
    assert run.engine.state.assets["regular"] == ["uav"]  # the air support is gone, not the UAV
    data = load("card-eye-in-the-sky.json")
    data["cards"] = ["youre-grounded"]
    without = run_data(data)
    assert without.engine is not None and without.engine.state.assets["regular"] == []

"""Civilians on the battlefield in the engine (Rulebook: Civilians on the Battlefield, Regulars
and Civilian Mobs, Insurgent Leaders and Civilian Mobs; solo rules: Civilians; Hornet's Nest's
POI under the Dependants rule): the sandbox situations in docs/sandbox/civilians-*.json with
forced dice, the refusals, and the save of the civilians' state (R230-R238)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.engine.state import GameState
from game.sandbox import Run, run_situation
from game.scenarios.situation import parse_situation, read_situation

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "sandbox"


def run_file(name: str) -> Run:
    return run_situation(read_situation(EXAMPLES / name), lambda event: None)


def run_data(data: dict[str, Any]) -> Run:
    return run_situation(parse_situation(data, base=ROOT), lambda event: None)


def of_kind(run: Run, kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in run.events if e["kind"] == kind]


def state(run: Run) -> GameState:
    assert run.engine is not None
    return run.engine.state


def test_regulars_and_civilian_mobs_dispersing_a_mob_r236() -> None:
    run = run_file("civilians-disperse.json")
    assert run.error == ""
    (attempt,) = of_kind(run, "MobDisperse")
    assert (attempt["face"], attempt["passed"]) == (3, True)
    assert state(run).mobs[0].status == "dispersed"
    assert state(run).tally["mobs_dispersed"] == 1
    assert state(run).units["R1"].activated_turn == 1
    assert not of_kind(run, "Fire") and not of_kind(run, "MoveEnd")  # nothing else (R236)


def test_a_mob_stays_when_the_regulars_roll_at_or_under_the_level() -> None:
    data = json.loads((EXAMPLES / "civilians-disperse.json").read_text(encoding="utf-8"))
    data["dice"] = ["d8=2"]
    run = run_data(data)
    assert run.error == ""
    assert state(run).mobs[0].status == "calm"
    assert "mobs_dispersed" not in state(run).tally


def test_dispersing_needs_the_unit_within_six_inches() -> None:
    data = json.loads((EXAMPLES / "civilians-disperse.json").read_text(encoding="utf-8"))
    data["mobs"] = [{"id": "C1", "at": [11.5, 12.5]}]  # 7.5" to its centre, 6.5" to the stand
    run = run_data(data)
    assert "must be within 6" in run.error


def test_insurgent_fire_near_a_mob_kills_a_civilian_and_lowers_the_level_r76_r232() -> None:
    run = run_file("civilians-line-of-fire.json")
    assert run.error == ""
    (check,) = of_kind(run, "CivilianCheck")  # C1 only: C2 is further than 3" from the line
    assert (check["mob"], check["die"], check["face"], check["hit"]) == ("C1", "d6", 1, True)
    s = state(run)
    assert s.tally["civilians_killed_by_insurgent"] == 1
    assert s.insurgency_level == "2"
    assert [m.killed for m in s.mobs] == [1, 0]


def test_regular_fire_raises_the_insurgency_level_once_a_turn_r76() -> None:
    run = run_file("civilians-regular-fire.json")
    assert run.error == ""
    assert [c["hit"] for c in of_kind(run, "CivilianCheck")] == [True, True]
    assert [e["shift"] for e in of_kind(run, "InsurgencyShift")] == [1, 0]
    assert state(run).insurgency_level == "3"
    assert state(run).tally["civilians_killed_by_regular"] == 2


def test_regulars_may_not_fire_through_a_mob_r232() -> None:
    data = json.loads((EXAMPLES / "civilians-regular-fire.json").read_text(encoding="utf-8"))
    data["mobs"] = [{"id": "C1", "at": [5.35, 13]}]  # on Fireteam 1's line to the gunmen
    run = run_data(data)
    assert "may not fire through civilian mob C1" in run.error


def test_insurgents_may_fire_through_a_mob_and_check_it_r232() -> None:
    data = json.loads((EXAMPLES / "civilians-line-of-fire.json").read_text(encoding="utf-8"))
    data["mobs"] = [{"id": "C1", "at": [11.0, 14]}]  # on the gunmen's line
    run = run_data(data)
    assert run.error == ""
    assert [c["mob"] for c in of_kind(run, "CivilianCheck")] == ["C1"]


def test_regulars_may_not_move_through_a_mob_r232() -> None:
    data = {
        "map": {"width": 36, "height": 36},
        "units": [
            {"id": "R1", "side": "regular", "line": [10, 30], "figures": ["rifle"] * 4},
        ],
        "mobs": [{"id": "C1", "at": [10, 27]}],
        "dice": [],
        "commands": [
            {"kind": "move", "side": "regular", "unit": "R1", "to": [10, 24], "rate": "cautious"}
        ],
    }
    run = run_data(data)
    assert "may not move through civilian mob C1" in run.error
    data["commands"][0]["to"] = [16, 30]  # along the street, clear of the mob
    assert run_data(data).error == ""


def test_mobs_move_at_the_end_of_the_turn_by_the_civilians_table_r230() -> None:
    run = run_file("civilians-mob-movement.json")
    assert run.error == ""
    moves = {m["mob"]: m for m in of_kind(run, "MobMove")}
    assert moves["C1"]["row"] == "regular_in_sight"
    assert moves["C1"]["moved"] == 3.0
    assert 0 < moves["C2"]["moved"] < 1.0
    assert moves["C3"]["row"] == "halted" and moves["C3"]["moved"] == 0.0
    turn_end = next(i for i, e in enumerate(run.events) if e["kind"] == "TurnEnd")
    last_mob = max(i for i, e in enumerate(run.events) if e["kind"] == "MobMove")
    assert last_mob < turn_end


def test_insurgent_leader_arms_a_mob_r231_r233_r236() -> None:
    run = run_file("civilians-leader-arms-mob.json")
    assert run.error == ""
    (armed,) = of_kind(run, "MobArmed")
    assert (armed["total"], armed["small_arms"], armed["rpg"]) == (7, 5, 1)
    s = state(run)
    assert s.mobs[0].status == "armed"
    new = s.units[armed["new_unit"]]
    assert sorted(f.kind for f in new.figures) == ["rpg"] + ["small_arms"] * 5
    assert not new.has_leader


def test_insurgent_leader_who_fails_leaves_the_mob_alone() -> None:
    data = json.loads((EXAMPLES / "civilians-leader-arms-mob.json").read_text(encoding="utf-8"))
    data["dice"] = ["d8=3"]
    run = run_data(data)
    assert run.error == ""
    assert state(run).mobs[0].status == "calm"
    assert not of_kind(run, "MobArmed")


def test_a_leader_manipulates_a_mob_six_inches() -> None:
    data = json.loads((EXAMPLES / "civilians-leader-arms-mob.json").read_text(encoding="utf-8"))
    data["dice"] = ["d8=1"]
    data["commands"] = [
        {"kind": "influence_mob", "side": "insurgent", "unit": "G", "mob": "C1", "to": [10, 30]}
    ]
    run = run_data(data)
    assert run.error == ""
    manipulated, end_of_turn = of_kind(run, "MobMove")
    assert manipulated["row"] == "manipulated"
    assert (manipulated["to"], manipulated["moved"]) == ([10.0, 17.5], 6.0)
    assert end_of_turn["at"] == [10.0, 17.5]


def test_the_poi_is_killed_by_fire_as_a_dependant_r237() -> None:
    run = run_file("civilians-poi-killed-by-fire.json")
    assert run.error == ""
    assert len(of_kind(run, "PoiKilled")) == 1
    s = state(run)
    (poi,) = s.contractors
    assert (poi.kind, poi.status, poi.holder) == ("poi", "killed", "")
    assert "poi" not in s.units["R1"].dependants
    assert [f.status for f in s.units["R1"].figures].count("hit") == 1


def test_the_poi_holder_has_the_dependant_penalties_r237() -> None:
    data = json.loads((EXAMPLES / "civilians-poi-killed-by-fire.json").read_text(encoding="utf-8"))
    data["units"][0]["status"] = []
    data["dice"] = []
    data["commands"] = [
        {"kind": "move", "side": "regular", "unit": "R1", "to": [30, 30], "rate": "rapid"}
    ]
    assert "has Dependants and may not move Rapidly" in run_data(data).error


def test_civilian_state_saves_and_loads_exactly() -> None:
    run = run_file("civilians-regular-fire.json")
    s = state(run)
    back = GameState.from_dict(json.loads(s.to_json()))
    assert back.to_json() == s.to_json()
    assert back.mobs[0].killed == 2
    assert back.insurgency_raised_turn == 1


def test_a_save_from_before_civilians_loads_without_mobs() -> None:
    run = run_file("civilians-disperse.json")
    data = json.loads(state(run).to_json())
    for key in ("mobs", "civilian_combats", "insurgency_raised_turn", "insurgency_lowered_turn"):
        del data[key]
    for c in data["contractors"]:
        del c["kind"]
    back = GameState.from_dict(data)
    assert back.mobs == [] and back.insurgency_raised_turn == 0


def test_a_close_assault_that_takes_the_escort_takes_the_poi_and_can_retake_him_r237() -> None:
    from game.engine import contractors
    from game.engine.victory import VICTORY_HOOKS

    data = json.loads((EXAMPLES / "civilians-poi-killed-by-fire.json").read_text(encoding="utf-8"))
    data["dice"], data["commands"] = [], []
    run = run_data(data)
    assert run.engine is not None
    s = run.engine.state
    marines, gunmen = s.units["R1"], s.units["G"]
    contractors.release_contractors(run.engine, marines, gunmen)  # the assault's victor
    (poi,) = s.contractors
    assert (poi.status, poi.holder, gunmen.dependants) == ("captive", "G", ["poi"])
    assert VICTORY_HOOKS["poi_rescued"].count(s) == 1
    contractors.release_contractors(run.engine, gunmen, marines)  # the Marines retake him
    assert (poi.status, poi.holder) == ("held", "R1")
    assert VICTORY_HOOKS["poi_rescued"].count(s) == 0


def test_a_poi_left_alone_is_taken_by_the_first_insurgents_to_reach_him_r237() -> None:
    from game.engine import civilians

    data = json.loads((EXAMPLES / "civilians-poi-killed-by-fire.json").read_text(encoding="utf-8"))
    data["dice"], data["commands"] = [], []
    data["poi"] = {"at": [18.5, 20.5]}  # beside the gunmen, nobody's
    run = run_data(data)
    assert run.engine is not None
    s = run.engine.state
    civilians.poi_contact(run.engine, s.units["R1"])  # Regulars pick him up as a contractor
    assert s.contractors[0].status == "waiting"
    civilians.poi_contact(run.engine, s.units["G"])
    assert (s.contractors[0].status, s.contractors[0].holder) == ("captive", "G")


def test_regulars_may_not_charge_through_a_mob_r232() -> None:
    data = {
        "map": {"width": 36, "height": 36},
        "units": [
            {"id": "R1", "side": "regular", "line": [10, 30], "figures": ["rifle"] * 4},
            {"id": "G", "side": "insurgent", "line": [10, 24], "figures": ["small_arms"] * 4},
        ],
        "mobs": [{"id": "C1", "at": [10, 27]}],
        "dice": [],
        "commands": [{"kind": "close_assault", "side": "regular", "unit": "R1", "target": "G"}],
    }
    assert "may not move through civilian mob C1" in run_data(data).error

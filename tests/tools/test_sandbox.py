"""The rules sandbox (docs/SANDBOX.md): the three worked examples of the rulebook, stored as
situations in docs/sandbox/, give the outcomes the rulebook gives; statuses, turns and maps set
up what they say; a malformed situation gets one line naming the field."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.sandbox import Run, main, run_situation
from game.scenarios.fields import SituationError
from game.scenarios.situation import parse_situation, read_situation

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "sandbox"


def run_file(path: Path) -> Run:
    return run_situation(read_situation(path), lambda event: None)


def run_data(data: dict[str, Any]) -> Run:
    return run_situation(parse_situation(data, base=ROOT), lambda event: None)


def of_kind(run: Run, kind: str) -> list[dict[str, Any]]:
    return [e for e in run.events if e["kind"] == kind]


def fires(run: Run) -> list[tuple[str, str, int]]:
    return [
        (e["data"]["firer"], e["data"]["target"], e["data"]["casualties"])
        for e in of_kind(run, "Fire")
    ]


def test_resolving_chains_of_interruptions_rulebook_example() -> None:
    """Rulebook: Interruptions, Resolving Chains of Interruptions, the example."""
    run = run_file(EXAMPLES / "interruption-chain.json")
    assert run.error == "" and run.engine is not None
    tests = of_kind(run, "ReactionTest")
    # Reaction Tests nearest first: lost against Alpha, won against Bravo, lost against Charlie;
    # Delta's comes later, once the move brings the Marines into its sight (won).
    assert [t["data"]["insurgent"] for t in tests] == ["ALPHA", "BRAVO", "CHARLIE", "DELTA"]
    assert [t["data"]["insurgent_first"] for t in tests] == [True, False, True, False]
    # Lost tests first, nearest first, each followed by the Marines' reaction fire; then the won
    # one, the Marines firing first. Casualties as the example tells them.
    assert fires(run) == [
        ("ALPHA", "R1", 0),
        ("R1", "ALPHA", 1),
        ("CHARLIE", "R1", 0),
        ("R1", "CHARLIE", 3),
        ("R1", "BRAVO", 1),
        ("BRAVO", "R1", 1),
        ("R1", "DELTA", 0),
        ("DELTA", "R1", 0),
    ]
    # The Marines' fire loses one die per interruption after the first: 0, 1, 2, then 3 (Delta).
    marine_fire = [e["text"] for e in of_kind(run, "Fire") if e["data"]["firer"] == "R1"]
    assert "interrupted" not in marine_fire[0]
    for text, lost in zip(marine_fire[1:], (1, 2, 3), strict=True):
        assert f"interrupted (R37) -{lost} " in text
    morale = {e["data"]["unit"]: e for e in of_kind(run, "Morale")}
    assert morale["ALPHA"]["data"]["result"] == "Stand"
    assert morale["BRAVO"]["data"]["result"] == "Stand"
    assert morale["R1"]["data"]["result"] == "Stand"
    # Charlie: Shaken, and one rebel shrinks away (6 - 3 casualties - 1 = 2 left).
    assert morale["CHARLIE"]["data"]["result"] == "Shaken"
    charlie = run.engine.state.units["CHARLIE"]
    assert len(charlie.figures) == 2 and charlie.morale_shift == 1
    # Three interruptions cost 2" of the 6" Cautious move: the Marines get 4" into the
    # courtyard, where Delta sees them; the fourth leaves no movement (6 - 3 < 4, R24).
    assert of_kind(run, "MoveEnd")[-1]["data"]["moved"] == pytest.approx(4.0)
    assert run.final["pending"]["kind"] == "continue"


def test_making_the_attack_roll_rulebook_example() -> None:
    """Rulebook: Fire Combat, Making the Attack Roll, the example (7d10 against 4d8)."""
    run = run_file(EXAMPLES / "attack-roll.json")
    assert run.error == "" and run.engine is not None
    (fire,) = of_kind(run, "Fire")
    assert fire["data"]["firepower"] == 7  # 5 figures + SAW + RGL
    assert fire["data"]["defense"] == 4  # 3 figures + Solid Cover behind the low wall
    assert fire["data"]["firepower_faces"] == [10, 9, 7, 5, 4, 3, 1]
    assert fire["data"]["defense_faces"] == [8, 5, 4, 4]
    assert fire["data"]["casualties"] == 2
    assert len(run.engine.state.units["FED"].figures) == 1  # "one very lonely Fedayeen"


def test_the_firepower_cap_rulebook_example_in_a_close_assault() -> None:
    """Rulebook: Fire Combat, The Firepower Cap, the example (10d capped, -1 firing at a Close
    Assault: 9d), and Close Assault: a Pinned result aborts the charge."""
    run = run_file(EXAMPLES / "firepower-cap-close-assault.json")
    assert run.error == "" and run.engine is not None
    (fire,) = of_kind(run, "Fire")
    assert fire["data"]["firer"] == "MOB" and fire["data"]["firepower"] == 9
    assert "Firepower cap 10" in fire["text"]
    assert "defensive fire vs Close Assault -1" in fire["text"]
    assert fire["data"]["defense"] == 3  # four Marines, one die off for charging
    marines = run.engine.state.units["R1"]
    assert marines.pinned_turn == 1
    assert len(of_kind(run, "AssaultAborted")) == 1
    # returned to where they charged from (the line at y = 30)
    assert all(f.y == pytest.approx(30.0) for f in marines.figures)
    # the Mob answered the charge, so it has no other action this turn (R112): the turn, the
    # situation's last, ends
    assert run.final["pending"] is None


def test_fire_at_units_with_dependants_and_casualties_rulebook_example() -> None:
    """Rulebook: Dependants & Casualties, Fire at Units with Dependants & Casualties, the
    example: more failed Defense dice than successes, so one of two casualties is a Dependant."""
    run = run_file(EXAMPLES / "fire-at-dependants.json")
    assert run.error == "" and run.engine is not None
    (fire,) = of_kind(run, "Fire")
    assert (fire["data"]["firepower"], fire["data"]["defense"]) == (4, 4)  # no dice for carried
    assert fire["data"]["casualties"] == 2
    assert len(of_kind(run, "DependantHit")) == 1  # one, and only one
    marines = run.engine.state.units["R1"]
    assert marines.dependants == ["casualty"]
    assert [f.status for f in marines.figures].count("hit") == 1
    assert run.final["state"]["phase"] == "insurgent"


# -- the command line ----------------------------------------------------------------------------
def test_the_command_line_prints_one_json_object_per_event_then_state_and_pending() -> None:
    result = subprocess.run(
        [sys.executable, "tools/sandbox.py", "docs/sandbox/attack-roll.json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    *events, last = lines
    assert all(set(e) == {"kind", "data", "text"} for e in events)
    assert [e["kind"] for e in events][:2] == ["Setup", "TurnStart"]
    assert set(last) == {"state", "pending"}
    assert last["pending"]["kind"] == "continue"
    assert len(last["state"]["units"]["FED"]["figures"]) == 1


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_every_documented_example_runs_through_and_uses_all_its_dice(path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main([str(path)], out, err) == 0, err.getvalue()
    assert err.getvalue() == ""
    situation = read_situation(path)
    run = run_file(path)
    assert run.engine is not None and situation.dice is not None
    assert run.engine.dice.remaining == ()  # type: ignore[attr-defined]


def example(name: str = "attack-roll.json") -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return data


def cli(tmp_path: Path, data: Any) -> tuple[int, str, str]:
    path = tmp_path / "situation.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = main([str(path)], out, err)
    return code, out.getvalue(), err.getvalue().replace(str(path), "situation.json")


def broken(change: str) -> dict[str, Any]:
    data = copy.deepcopy(example())
    units = data["units"]
    if change == "kind":
        units[1]["figures"][0] = "gunman"
    elif change == "figure_kind":
        units[1]["figures"] = [{"kind": "gunman", "at": [1, 1]}]
    elif change == "status":
        units[0]["status"] = ["pinned", "asleep"]
    elif change == "quality":
        units[0]["quality"] = "d7"
    elif change == "wall":
        data["map"]["walls"][0]["height"] = "medium"
    elif change == "dice":
        data["dice"][3] = 13
    elif change == "command":
        data["commands"][0]["kind"] = "shoot"
    elif change == "unknown":
        data["turns"] = 3
    elif change == "shaken_regular":
        units[0]["status"] = ["shaken"]
    elif change == "night":
        data["night"] = "dark"  # not true or false
    elif change == "map":
        data["map"] = "nowhere.tmx"
    elif change == "misspelt":
        units[1]["lines"] = units[1].pop("line")
    elif change == "off_table":
        units[0]["line"] = [46, 40]
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("kind", "units[1].figures[0]: 'gunman' is not one of leader, rifle, small_arms"),
        ("figure_kind", "units[1].figures[0].kind: 'gunman' is not one of leader, rifle,"),
        ("status", "units[0].status[1]: 'asleep' is not one of activated, pinned"),
        ("quality", "units[0].quality: the text 'd7' is not a rating (d6, d8, d10, d12 or"),
        ("wall", "map.walls[0].height: 'medium' is not one of low, high"),
        ("dice", 'dice[3]: the number 13 is not a face (1 to 12, or like "d8=5")'),
        ("command", "commands[0]: unknown command kind 'shoot'"),
        ("unknown", "turns: unknown field (known here:"),
        ("shaken_regular", "units[0].status[0]: shaken is for Insurgent units (Regulars are"),
        ("night", "night: expected true or false, got the text 'dark'"),
        ("map", "map: 'nowhere.tmx': no such map file"),
        ("misspelt", "units[1].lines: unknown field (known here: armour, dependants,"),
        ("off_table", 'units[0].figures[3]: (48.7, 40) is off the 48" x 48" table'),
    ],
)
def test_a_malformed_situation_gets_one_line_naming_the_field(
    tmp_path: Path, change: str, message: str
) -> None:
    code, out, err = cli(tmp_path, broken(change))
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"error: situation.json: {message}"), err


def test_a_file_that_is_not_json_gets_one_line(tmp_path: Path) -> None:
    code, out, err = cli(tmp_path, '{"map": ')
    assert (code, out) == (2, "")
    assert err.startswith("error: situation.json: not JSON: ") and err.count("\n") == 1


def test_the_run_fails_loudly_when_the_forced_dice_run_out(tmp_path: Path) -> None:
    data = example()
    data["dice"] = data["dice"][:5]
    code, out, err = cli(tmp_path, data)
    assert code == 1
    assert err == (
        "error: situation.json: dice: the forced dice ran out after 5 faces "
        "(scripted dice ran out (a d10 was asked for))\n"
    )
    assert all("state" not in json.loads(line) for line in out.splitlines())


def test_a_die_of_the_wrong_type_names_the_face(tmp_path: Path) -> None:
    data = example()
    data["dice"][0] = "d8=6"
    code, _, err = cli(tmp_path, data)
    assert code == 1
    assert err == ("error: situation.json: dice[0]: script expected a d8, the rules rolled d10\n")


def test_a_command_the_rules_refuse_stops_the_run_and_says_why(tmp_path: Path) -> None:
    data = example()
    data["commands"][0] = {"kind": "fire", "side": "regular", "unit": "FED", "target": "R1"}
    code, out, err = cli(tmp_path, data)
    assert code == 1
    assert err.startswith("error: situation.json: commands[0] (fire): refused by the rules: ")
    last = json.loads(out.splitlines()[-1])
    assert last["pending"]["kind"] == "activate"  # the state as it was before the command


def test_a_command_for_the_side_that_is_not_asked_is_refused(tmp_path: Path) -> None:
    data = example()
    data["commands"].insert(0, {"kind": "end_phase", "side": "insurgent"})
    code, _, err = cli(tmp_path, data)
    assert code == 1
    assert "commands[0]: the regular side must answer now" in err


def test_an_internal_error_is_one_line_unless_the_traceback_is_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.sandbox

    def broken_run(*args: Any) -> Run:
        raise KeyError("R9")

    monkeypatch.setattr(game.sandbox, "run_situation", broken_run)
    code, out, err = cli(tmp_path, example())
    assert (code, out) == (3, "")
    assert err == (
        "error: situation.json: internal error (KeyError: 'R9'); please report it with this "
        "situation (--traceback shows where)\n"
    )
    path = tmp_path / "situation.json"
    with pytest.raises(KeyError):
        main([str(path), "--traceback"], io.StringIO(), io.StringIO())


# -- statuses, turn, reinforcements ---------------------------------------------------------------
MARINES = {"id": "R1", "side": "regular", "line": [20, 30], "figures": ["rifle"] * 4}
GUNMEN = {"id": "G", "side": "insurgent", "line": [20, 22], "figures": ["leader", "rpg"]}
MOVE = {"kind": "move", "side": "regular", "unit": "R1", "to": [30, 30], "rate": "cautious"}


def open_table(*units: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A bare 48" table; the Marines and a pair of gunmen 8" apart unless units are given."""
    return {"map": {"width": 48, "height": 48}, "units": list(units) or [MARINES, GUNMEN], **extra}


def with_status(unit: dict[str, Any], *statuses: str) -> dict[str, Any]:
    return {**unit, "status": list(statuses)}


def test_a_pinned_unit_may_not_move() -> None:
    run = run_data(open_table(with_status(MARINES, "pinned"), GUNMEN, commands=[MOVE]))
    assert "R1 is Pinned and may only seek cover" in run.error


def test_activated_regulars_leave_the_insurgents_to_act() -> None:
    run = run_data(open_table(with_status(MARINES, "activated"), GUNMEN))
    assert run.error == ""
    assert run.final["pending"]["kind"] == "insurgent_action"
    assert run.final["state"]["phase"] == "insurgent"


def test_a_shaken_insurgent_takes_no_aggressive_action_in_the_turn_after() -> None:
    fire = {"kind": "fire", "side": "insurgent", "unit": "G", "target": "R1"}
    data = open_table(
        with_status(MARINES, "activated"), with_status(GUNMEN, "shaken"), turn=2, commands=[fire]
    )
    run = run_data(data)
    assert "G is Shaken and may take no aggressive action" in run.error
    assert run.final["state"]["units"]["G"]["morale_shift"] == 1


def test_a_later_turn_starts_after_the_reinforcements_unless_asked_for() -> None:
    later = run_data(open_table(turn=3, dice=[]))
    assert later.error == "" and later.final["state"]["turn"] == 3
    assert of_kind(later, "InsurgencyLevel") == []
    rolled = run_data(open_table(turn=3, reinforcements=True, insurgency_level=2, dice=[5]))
    assert [e["data"]["groups"] for e in of_kind(rolled, "InsurgencyLevel")] == [0]


def test_overwatch_in_cover_and_wounded_set_the_unit_state() -> None:
    wounded = {
        "id": "R2",
        "side": "regular",
        "figures": [
            {"kind": "rifle", "at": [30, 30]},
            {"kind": "rifle", "at": [30.9, 30], "wounded": True},
        ],
    }
    data = open_table(with_status(MARINES, "overwatch", "in_cover"), wounded, GUNMEN, turn=2)
    run = run_data(data)
    state = run.final["state"]["units"]
    assert state["R1"]["overwatch"] is True and state["R1"]["in_cover_turn"] == 2
    assert [f["status"] for f in state["R2"]["figures"]] == ["ok", "hit"]
    move_r2 = {**MOVE, "unit": "R2", "to": [40, 40]}
    fire_r2 = {"kind": "fire", "side": "regular", "unit": "R2", "target": "G"}
    refused = run_data({**data, "commands": [fire_r2]})
    assert "R2 is tending its wounded and may only react (R27)" in refused.error
    # on the open table no move takes it to safety or out of the Gunmen's sight (R27, R122)
    moved = run_data({**data, "commands": [move_r2]})
    assert "may move only into Solid Cover or out of Insurgent sight" in moved.error


def test_had_casualties_makes_a_rapid_move_wait_on_the_casualties_quality_check() -> None:
    """Rulebook: Casualties — a Regular unit that lost figures earlier tests its Quality before
    moving faster than Cautious; a failed check keeps it to a Cautious move."""
    rapid = {**MOVE, "rate": "rapid", "to": [40, 30]}
    data = open_table(with_status(MARINES, "had_casualties"), GUNMEN, commands=[rapid])
    run = run_data({**data, "dice": ["d8=2"]})
    checks = of_kind(run, "QualityCheck")
    assert [(c["data"]["cause"], c["data"]["passed"]) for c in checks] == [("rapid_move", False)]
    assert of_kind(run, "MoveStart")[0]["data"]["rate"] == "cautious"
    with pytest.raises(SituationError, match="the Casualties Quality Check is for Regulars"):
        run_data(open_table(MARINES, with_status(GUNMEN, "had_casualties")))


# -- maps ----------------------------------------------------------------------------------------
def test_an_inline_building_blocks_sight_and_keeps_its_doors_and_storeys() -> None:
    house = {
        "name": "house",
        "polygon": [[16, 24], [16, 28], [24, 28], [24, 24]],  # anticlockwise: stored clockwise
        "storeys": 2,
        "doors": [[20, 28]],
    }
    data = open_table(
        map={"width": 48, "height": 48, "buildings": [house]},
        commands=[{"kind": "fire", "side": "regular", "unit": "R1", "target": "G"}],
    )
    situation = parse_situation(data, base=ROOT)
    (building,) = situation.battlefield.buildings
    assert building.storeys == 2 and [d.position for d in building.doors] == [(20.0, 28.0)]
    assert building.outline[0] == (16.0, 24.0) and building.outline[1] == (24.0, 24.0)
    run = run_situation(situation, lambda event: None)
    assert "R1 has no line of sight to G (R4)" in run.error


def test_a_door_off_its_building_is_refused() -> None:
    house = {"rect": [16, 24, 8, 4], "doors": [[20, 30]]}
    with pytest.raises(ValueError, match=r"map.buildings\[0\].doors\[0\]: a door must lie on"):
        parse_situation(open_table(map={"width": 48, "height": 48, "buildings": [house]}))


def test_a_shipped_map_brings_its_hot_spots() -> None:
    marines = {**MARINES, "line": [8, 22]}  # the Contracting Trouble! table is 24" x 24"
    data = {**open_table(marines, {**GUNMEN, "line": [8, 16]}), "map": "contracting-trouble"}
    situation = parse_situation(data, base=ROOT)
    assert situation.battlefield.buildings
    assert sorted(n for n, _, _ in situation.hot_spots) == [1, 2, 3, 4, 5]
    run = run_situation(situation, lambda event: None)
    assert sorted(run.final["state"]["hot_spots"]) == ["1", "2", "3", "4", "5"]


def test_ai_controllers_play_the_situation_out_the_same_way_every_time() -> None:
    data = open_table(
        controllers={"regular": "ai", "insurgent": "ai"}, seed=7, turn_limit=2, insurgency_level=0
    )
    first, second = run_data(data), run_data(data)
    assert first.error == "" and first.engine is not None and first.engine.over
    assert first.events == second.events
    assert of_kind(first, "GameEnd")


def test_contractors_wait_where_given_or_come_held_as_a_dependant() -> None:
    """Contracting Trouble: Moving the Contractors; Dependants may not move Rapidly."""
    no_interruption = {"kind": "declare_interrupts", "side": "insurgent", "declarations": []}
    waiting = open_table(contractors=[{"at": [24, 30]}], commands=[MOVE, no_interruption])
    run = run_data(waiting)
    assert [e["data"]["contractor"] for e in of_kind(run, "ContractorJoins")] == ["C1"]
    assert run.final["state"]["contractors"][0]["holder"] == "R1"
    rapid = {**MOVE, "rate": "rapid"}
    held = run_data(open_table(contractors=[{"at": [20, 30], "held_by": "R1"}], commands=[rapid]))
    assert "R1 has Dependants and may not move Rapidly" in held.error
    assert held.final["state"]["units"]["R1"]["dependants"] == ["contractor"]
    assert held.final["state"]["objectives"]["contractors"] is True  # what the AIs read

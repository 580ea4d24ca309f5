"""House Clearing and Stacking in play (Rulebook: Special Rules, House Clearing; Stacking;
R240-R246): the sandbox situations docs/sandbox/house-clearing-*.json with forced dice, the
checks that refuse what the rules forbid, the cleared state in saves and the RESULT line."""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from game.engine.engine import Engine
from game.engine.view import player_view
from game.headless import main
from game.sandbox import Run, run_situation
from game.save import load_save, new_game, resolve_map, write_save
from game.scenarios.situation import parse_situation

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AMBUSH_ALLEY_DATA_DIR", str(tmp_path / "data"))


def situation(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return data


def run(data: dict[str, Any]) -> Run:
    return run_situation(parse_situation(data, base=EXAMPLES), lambda event: None)


def kinds(result: Run, kind: str) -> list[dict[str, Any]]:
    return [e for e in result.events if e["kind"] == kind]


def test_house_clearing_and_stacking_stacked_the_turn_before() -> None:
    """Stacking: lined up against the wall in turn 1, the Marines clear in turn 2 with +1 for
    stacking and +1 for five figures; 3 on the table clears the house and costs turn 3."""
    result = run(situation("house-clearing-stacked.json"))
    assert result.error == ""
    assert [e["turn"] for e in kinds(result, "BuildingStacked")] == [1]
    (clearance,) = kinds(result, "BuildingClearance")
    assert clearance["turn"] == 2
    assert clearance["data"]["modifiers"] == [["5 figures", 1], ["stacked the turn before", 1]]
    assert clearance["data"]["total"] == 3 and clearance["data"]["cleared"]
    assert [e["turn"] for e in kinds(result, "TurnLost")] == [3]
    assert result.engine is not None
    assert result.engine.state.cleared_buildings == [1]
    assert not kinds(result, "Activate")[2:]  # turn 3: the Marines are not activated


def test_building_clearance_table_below_zero_hurts_and_does_not_clear() -> None:
    """Building Clearance Table: three figures that did not stack roll d8=1 - 2 = -1: two
    potential casualties await First Aid and the house is not cleared (R242, R243)."""
    result = run(situation("house-clearing-not-cleared.json"))
    assert result.error == ""
    (clearance,) = kinds(result, "BuildingClearance")
    assert clearance["data"]["total"] == -1 and not clearance["data"]["cleared"]
    assert len(kinds(result, "Casualty")) == 2
    assert result.engine is not None
    unit = result.engine.state.units["R1"]
    assert [f.status for f in unit.figures] == ["hit", "hit", "ok"]
    assert (unit.stacked_on, unit.stacked_turn) == (1, 1)  # it tries again next turn, stacked
    assert result.engine.state.cleared_buildings == []


def test_house_clearing_empty_building_roll_above_the_level() -> None:
    """House Clearing, step 3: d6=5 over level 4, the house is empty: cleared, nobody hurt, no
    Quality roll (the script holds no d8)."""
    data = situation("house-clearing-not-cleared.json")
    data["dice"] = ["d6=5"]
    result = run(data)
    assert result.error == ""
    (clearance,) = kinds(result, "BuildingClearance")
    assert clearance["data"]["face"] is None and clearance["data"]["cleared"]
    assert not kinds(result, "Casualty")


def test_r240_stacking_lines_the_figures_up_against_the_wall() -> None:
    """Stacking: the figures are lined up against the wall their leader stands by (a straggler
    2" out comes in); a leader more than 1" from the wall may not stack."""
    data = situation("house-clearing-stacked.json")
    data["units"][0]["figures"][4] = {"kind": "saw", "at": [25, 30.5]}
    data["commands"] = data["commands"][:1]
    result = run(data)
    assert result.error == "" and result.engine is not None
    figures = result.engine.state.units["R1"].figures
    assert all(28.0 < f.y <= 29.0 for f in figures)  # along the south wall, within 1"
    xs = sorted(f.x for f in figures)
    assert all(b - a >= 0.75 for a, b in itertools.pairwise(xs))  # bases side by side
    data["units"][0]["line"] = [21, 29.5]
    del data["units"][0]["figures"][4]
    refused = run(data)
    assert 'leader must stand within 1" of the walls of the house to stack' in refused.error
    assert "Stacking; R240" in refused.error


def test_r240_clearing_needs_the_leader_by_the_wall() -> None:
    data = situation("house-clearing-not-cleared.json")
    data["units"][0]["line"] = [22, 31]
    result = run(data)
    assert 'must stand within 1" of the walls of the house' in result.error


def test_r244_a_move_into_an_uncleared_building_is_refused_and_a_cleared_one_is_free() -> None:
    data = situation("house-clearing-not-cleared.json")
    data["commands"] = [
        {"kind": "move", "side": "regular", "unit": "R1", "to": [24, 24], "rate": "cautious"}
    ]
    refused = run(data)
    assert "may not enter the house before it is cleared" in refused.error
    data["cleared_buildings"] = [1]
    entered = run(data)
    assert entered.error == "" and entered.engine is not None
    assert entered.engine.terrain.building_at(entered.engine.state.units["R1"].leader_point)


def test_r245_insurgents_in_a_cleared_building_unclear_it_and_regulars_inside_hold_one() -> None:
    data = situation("house-clearing-not-cleared.json")
    data["map"]["buildings"].append({"name": "shop", "rect": [30, 30, 6, 6]})
    data["cleared_buildings"] = [1]
    data["units"].append(
        {
            "id": "I1",
            "side": "insurgent",
            "name": "Gunmen",
            "line": [22, 22],
            "figures": ["small_arms"] * 2,
        }
    )
    data["units"][0]["line"] = [31, 31]
    data["commands"] = []
    result = run(data)
    assert result.error == ""
    (lost,) = kinds(result, "BuildingReoccupied")
    (held,) = kinds(result, "BuildingHeld")
    assert lost["data"]["building"] == 1 and held["data"]["units"] == ["Marines"]
    assert result.engine is not None and result.engine.state.cleared_buildings == [3]


def test_r246_without_the_optional_rule_buildings_are_entered_freely() -> None:
    data = situation("house-clearing-stacked.json")
    del data["optional_rules"]
    refused = run(data)
    assert "not played with the optional Building Clearing rule (R246)" in refused.error
    data["commands"] = [
        {"kind": "move", "side": "regular", "unit": "R1", "to": [24, 24], "rate": "cautious"}
    ]
    assert run(data).error == ""


def _game(rules: list[str], seed: int = 6) -> Engine:
    map_path, scenario_id = resolve_map("sweep-and-clear")
    return new_game(map_path, scenario_id, seed, optional_rules=rules)


def test_r246_the_optional_rules_save_load_and_show_in_the_view(tmp_path: Path) -> None:
    engine = _game(["building-clearing"])
    assert player_view(engine, "regular").state["optional_rules"] == ["building-clearing"]
    save = tmp_path / "s.json"
    write_save(engine, save)
    assert load_save(save).state.optional_rules == ["building-clearing"]
    data = json.loads(save.read_text(encoding="utf-8"))
    old = copy.deepcopy(data)
    del old["optional_rules"]
    (tmp_path / "old.json").write_text(json.dumps(old), encoding="utf-8")
    assert load_save(tmp_path / "old.json").state.optional_rules == []
    data["optional_rules"] = ["night-vision"]
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(Exception, match="unknown optional rule 'night-vision'"):
        load_save(tmp_path / "bad.json")


def test_r246_rule_flag_plays_clearing_and_a_stopped_game_resumes_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--rule building-clearing=on`: the Regular AI clears the Compound house on its way, the
    RESULT line names the rule, and a save after any command plays on to the same game."""
    game = ["--scenario", "sweep-and-clear", "--seed", "9", "--no-autosave"]
    game += ["--rule", "building-clearing=on", "--turns", "4"]
    save = tmp_path / "s.json"
    assert main([*game, "--save", str(save)]) == 0
    out = capsys.readouterr().out.splitlines()
    whole = out[-1]
    assert json.loads(whole.removeprefix("RESULT "))["optional_rules"] == ["building-clearing"]
    assert any("clears Compound house" in line for line in out)
    engine = load_save(save)
    assert engine.state.cleared_buildings
    count = len(engine.log)
    for n in (count // 3, 2 * count // 3):
        assert main([*game, "--quiet", "--stop-after-command", str(n), "--save", str(save)]) == 0
        capsys.readouterr()
        assert main(["--load", str(save), "--quiet", "--no-autosave"]) == 0
        assert capsys.readouterr().out.splitlines()[-1] == whole, f"resumed after command {n}"


@pytest.mark.parametrize(
    ("flag", "message"),
    [
        ("building-clearing", "--rule 'building-clearing': write NAME=on or NAME=off"),
        (
            "night=on",
            "unknown optional rule 'night' (known: building-clearing, optional-fog-of-war)",
        ),
    ],
)
def test_a_bad_rule_flag_is_one_line_and_exit_2(
    flag: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--scenario", "sweep-and-clear", "--rule", flag, "--quiet"]) == 2
    assert capsys.readouterr().err == f"error: {message}\n"


def test_without_the_flag_the_result_line_is_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--scenario", "sweep-and-clear", "--seed", "3", "--turns", "1", "--quiet"]
    assert main([*args, "--rule", "building-clearing=off", "--no-autosave"]) == 0
    assert "optional_rules" not in capsys.readouterr().out


def test_r246_a_loaded_game_keeps_its_own_optional_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "s.json"
    write_save(_game(["building-clearing"]), save)
    assert main(["--load", str(save), "--rule", "building-clearing=off", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err == "error: --rule building-clearing=off: a saved game keeps its own optional rules\n"


def test_r247_r248_casualties_left_inside_become_pows_and_a_clearing_frees_them() -> None:
    """House Clearing, after the table: a killed or wounded casualty of a failed clearing rolls a
    Quality Test; failed, it stays inside and is a POW once its unit withdraws, until another
    unit clears the building."""
    result = run(situation("house-clearing-pows.json"))
    assert result.error == ""
    checks = [e["data"] for e in kinds(result, "ClearingCasualtyCheck")]
    assert [(c["figure"], c["face"], c["left_inside"]) for c in checks] == [
        ("R1.1", 2, True),
        ("R1.2", 6, False),
    ]
    (taken,) = kinds(result, "ClearingPows")
    assert taken["turn"] == 4 and taken["data"]["count"] == 1
    (freed,) = kinds(result, "ClearingPowsFreed")
    assert freed["data"]["unit_name"] == "Rifles" and freed["data"]["count"] == 1
    assert result.engine is not None
    state = result.engine.state
    assert state.tally["regular_pows"] == 0 and state.pows_in_buildings == {}
    assert state.units["R1"].dependants == ["casualty"]  # the one carried out


def test_r248_unfreed_pows_count_at_the_end() -> None:
    data = situation("house-clearing-pows.json")
    end_phase = {"kind": "end_phase", "side": "regular"}
    data["commands"] = [*data["commands"][:6], end_phase, end_phase]
    data["dice"] = data["dice"][:-1]
    result = run(data)
    assert result.error == "" and result.engine is not None
    assert result.engine.state.tally["regular_pows"] == 1
    assert result.engine.state.pows_in_buildings == {"1": 1}
    (end,) = kinds(result, "GameEnd")
    assert "1 POWs" in " ".join(end["data"]["breakdown"])


def test_the_window_sends_optional_rules_to_the_setup_screen(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from game.app import main as app_main

    assert app_main(["--rule", "building-clearing=on"]) == 2
    assert capsys.readouterr().err == (
        "error: --rule is for --headless games; in the window, choose the optional rules on "
        "the New game screen\n"
    )


def test_r246_replay_and_the_vp_chart_replay_a_game_with_its_optional_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The replay screen and the after-action report's VP chart replay the log on a fresh
    engine of the same game: with the rule on (a clear_building command in the log) they
    reproduce it instead of refusing the clearing."""
    from game.replay import Replay
    from game.report import vp_by_turn

    save = tmp_path / "s.json"
    game = ["--scenario", "sweep-and-clear", "--seed", "9", "--no-autosave", "--quiet"]
    assert main([*game, "--rule", "building-clearing=on", "--turns", "3", "--save", str(save)]) == 0
    capsys.readouterr()
    engine = load_save(save)
    assert any(c.kind == "clear_building" for c in engine.log)
    replay = Replay(engine)
    assert replay.state().cleared_buildings == engine.state.cleared_buildings
    assert [p.turn for p in vp_by_turn(engine)] == [1, 2, 3]
    assert engine.fresh().state.optional_rules == ["building-clearing"]


def test_r134_a_hard_game_replays_on_a_fresh_engine_of_its_difficulty() -> None:
    """Found while making replays keep the optional rules: the replay, the VP chart and the
    AIs' recall built their engine without the game's difficulty, so a Hard game's log met
    other reinforcements (here an Insurgent group that never arrived on Book)."""
    from game.ai.controller import InsurgentAI
    from game.ai.regular import RegularAI
    from game.engine.state import INSURGENT, REGULAR
    from game.headless import play

    map_path, scenario_id = resolve_map("sweep-and-clear")
    engine = new_game(map_path, scenario_id, 5, difficulty="hard")
    ais = {INSURGENT: InsurgentAI(engine.battlefield, 12), REGULAR: RegularAI(engine.battlefield)}
    play(engine, ais, stop_after_turn=4)
    fresh = engine.fresh()
    assert fresh.state.difficulty == "hard"
    for command in engine.log:
        fresh.apply(command)
    assert fresh.events_sha256() == engine.events_sha256()

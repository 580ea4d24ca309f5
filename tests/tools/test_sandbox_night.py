"""Rules-fidelity situations for Night Fighting (issue 19 part 3; docs/SANDBOX.md): each
docs/sandbox/night-*.json plays the section with forced dice, and the test, named after the
section or the ruling, asserts the outcome the book gives. Variations are built in the test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.ai.world import _World as World
from game.engine import fire
from game.engine.state import INSURGENT
from game.engine.view import player_view
from game.sandbox import Run, run_situation
from game.scenarios.situation import parse_situation

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "sandbox"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return data


def run_data(data: dict[str, Any]) -> Run:
    return run_situation(parse_situation(data, base=EXAMPLES), lambda event: None)


def fires(run: Run) -> dict[str, dict[str, Any]]:
    """Each firer's (first) Fire event's firepower breakdown."""
    out: dict[str, dict[str, Any]] = {}
    for event in run.events:
        if event["kind"] == "Fire":
            out.setdefault(event["data"]["firer"], event["data"]["firepower_breakdown"])
    return out


def test_night_fighting_example_a_die_off_and_half_the_optimum_range() -> None:
    """Rulebook: Night Fighting, the example (R200): Untrained Insurgents without night vision
    lose a die and their 6" Optimum Range becomes 3" (no Optimum Range die at 5"); the Marines,
    with the night vision every Regular has by default, fire as by day."""
    run = run_data(load("night-fighting.json"))
    assert run.error == ""
    gunmen, marines = fires(run)["G"], fires(run)["R1"]
    assert gunmen["items"] == [["6 figures", 6], ["target Exposed", 1]]
    assert gunmen["penalties"] == [["night without night vision", 1]]
    assert gunmen["total"] == 6
    assert marines["items"] == [["4 figures", 4], ["Optimum Range", 1], ["target Exposed", 1]]
    assert marines["penalties"] == [] and marines["total"] == 6


def test_night_fighting_by_day_the_same_fire_is_two_dice_more() -> None:
    """Rulebook: Night Fighting: the same situation by day — the Gunmen are within their 6"
    Optimum Range and lose no die: 8d6 instead of 6d6."""
    data = load("night-fighting.json")
    data["night"] = False
    data["dice"] = [1] * 40
    run = run_data(data)
    assert run.error == ""
    gunmen = fires(run)["G"]
    assert ["Optimum Range", 1] in gunmen["items"]
    assert gunmen["penalties"] == [] and gunmen["total"] == 8


def test_r201_night_vision_as_the_scenario_gives_it() -> None:
    """Rulebook: Night Fighting (R201): a unit given night vision devices fights as by day; a
    Regular unit the scenario leaves without them suffers both penalties."""
    run = run_data(load("night-vision.json"))
    assert run.error == ""
    gunmen, marines = fires(run)["G"], fires(run)["R1"]
    assert gunmen["penalties"] == [] and gunmen["total"] == 8
    assert ["Optimum Range", 1] not in marines["items"]  # 8" halved to 4": 5" is beyond it
    assert marines["penalties"] == [["night without night vision", 1]]
    assert marines["total"] == 4


def test_r202_close_assault_at_night_costs_the_die_too() -> None:
    """Rulebook: Night Fighting; Close Assault (R202): the die lost at night is lost hand to hand
    and in defensive fire as well; the Marines (night vision) lose nothing."""
    data = load("charge-rapid.json")
    data["night"] = True
    dice = list(data["dice"])
    del dice[13], dice[5]  # each Insurgent fire throws one die fewer at night
    data["dice"] = dice + ["d6=1"] * 2
    run = run_data(data)
    assert run.error == ""
    melee = [e["data"] for e in run.events if e["kind"] == "Fire"]
    for shot in melee:
        penalties = dict(map(tuple, shot["firepower_breakdown"]["penalties"]))
        lacks = shot["firer"] in ("G", "H")  # the Insurgents: no night vision
        assert ("night without night vision" in penalties) is lacks, shot
    manners = [(f["firer"], f["manner"]) for f in melee]
    assert manners == [("H", "interrupt"), ("G", "charge"), ("R1", "melee")]
    # hand to hand the Gunmen would throw a die fewer too (the engine's melee Firepower)
    assert run.engine is not None
    gunmen = run.engine.state.units["H"]
    by_night = fire.melee_firepower(gunmen, night=True)
    assert by_night.total == fire.melee_firepower(gunmen).total - 1


def test_r200_sight_is_not_limited_at_night_and_the_ai_reads_the_halved_range() -> None:
    """R200: the book limits fire at night, not sight — a unit sees what it would see by day;
    the Insurgent AI's range rows read the halved Optimum Range (3" for Untrained)."""
    data = load("night-fighting.json")
    data["commands"] = []
    data["units"][2]["line"] = [22, 8]  # 31" from the Marines across open ground
    night = run_data(data)
    data["night"] = False
    day = run_data(data)
    assert night.engine is not None and day.engine is not None
    assert night.engine.state.night and not day.engine.state.night
    units = night.engine.state.units
    assert night.engine.los(units["G"], units["R1"]) is True
    assert day.engine.los(day.engine.state.units["G"], day.engine.state.units["R1"]) is True
    view = player_view(night.engine, INSURGENT)
    world = World(view, night.engine.terrain, night.engine.battlefield)
    assert world.optimum_range(night.engine.state.units["G"]) == 3.0
    day_world = World(
        player_view(day.engine, INSURGENT), day.engine.terrain, day.engine.battlefield
    )
    assert day_world.optimum_range(day.engine.state.units["G"]) == 6.0


def test_night_state_saves_and_loads_exactly() -> None:
    """A night game's state (the flag and the units' night vision) survives to_dict/from_dict."""
    run = run_data(load("night-vision.json"))
    assert run.engine is not None
    state = run.engine.state
    again = type(state).from_dict(json.loads(state.to_json()))
    assert again.night is True and again.units["G"].night_vision is True
    assert again.units["R1"].night_vision is False and again.to_json() == state.to_json()

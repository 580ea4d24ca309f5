"""The Regular AI under the optional Building Clearing rule (R244-R246; house clearing, issue
21): a unit whose objective lies in a building not yet cleared stacks, clears, then goes in,
and says why."""

from __future__ import annotations

import json
from pathlib import Path

from game.sandbox import run_situation
from game.scenarios.situation import parse_situation

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def test_regular_ai_stacks_then_clears_the_building_holding_its_hot_spot() -> None:
    data = json.loads((EXAMPLES / "house-clearing-regular-ai.json").read_text(encoding="utf-8"))
    run = run_situation(parse_situation(data, base=EXAMPLES), lambda event: None)
    assert run.error == "" and run.engine is not None
    order = [
        (e["turn"], e["kind"])
        for e in run.events
        if e["kind"] in ("BuildingStacked", "BuildingClearance", "MoveEnd")
    ]
    assert order == [(1, "BuildingStacked"), (2, "BuildingClearance"), (3, "MoveEnd")]
    (clearance,) = [e for e in run.events if e["kind"] == "BuildingClearance"]
    assert clearance["data"]["cleared"]
    marines = run.engine.state.units["R1"]
    assert run.engine.terrain.building_at(marines.leader_point) is not None  # it went in
    notes = [text for _, text in run.engine.notes]
    assert any("stacks against the house, which stands between it and" in n for n in notes)
    assert any("clears the house after stacking the turn before (+1)" in n for n in notes)


def test_without_the_rule_the_regular_ai_walks_straight_in() -> None:
    data = json.loads((EXAMPLES / "house-clearing-regular-ai.json").read_text(encoding="utf-8"))
    del data["optional_rules"]
    data["turn_limit"] = 1
    run = run_situation(parse_situation(data, base=EXAMPLES), lambda event: None)
    assert run.error == "" and run.engine is not None
    assert not [e for e in run.events if e["kind"].startswith("Building")]
    marines = run.engine.state.units["R1"]
    assert run.engine.terrain.building_at(marines.leader_point) is not None

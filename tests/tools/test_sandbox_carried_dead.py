"""R358 (polish round 7): a carried casualty that First Aid found dead cannot die again
(Rulebook: Fire at Units with Dependants & Casualties; First Aid Checks for Regulars). Found in
play: Contracting Trouble seed 5, Bravo fireteam carried one wounded and two dead men; three hits
fell on "a carried casualty, who dies", each moving a wounded man to the killed, and the end
screen gave the Insurgents "-1 Marines wounded" and five killed where there were three."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.engine import casualties
from game.engine.state import GameState
from game.sandbox import Run, run_situation
from game.scenarios.situation import read_situation

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def _run() -> Run:
    return run_situation(
        read_situation(EXAMPLES / "dependant-hit-on-carried-dead.json"), lambda event: None
    )


def _of_kind(run: Run, kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in run.events if e["kind"] == kind]


def test_r358_a_hit_on_a_carried_casualty_already_dead_changes_no_count() -> None:
    run = _run()
    assert run.error == "" and run.engine is not None
    (aid,) = _of_kind(run, "FirstAid")
    assert aid["result"] == "kia"
    (fire,) = _of_kind(run, "Fire")
    assert fire["casualties"] == 2
    assert _of_kind(run, "DependantHit") == [
        {"dependant": "dead_casualty", "unit": "R1", "unit_name": "Marines"}
    ]
    tally = run.engine.state.tally
    assert tally.get("regular_kia", 0) == 1 and tally.get("regular_wia", 0) == 0
    marines = run.engine.state.units["R1"]
    assert marines.dependants == ["casualty"] and marines.carried_dead == 1
    # the other hit fell on a fighting man
    assert [f.status for f in marines.figures].count("hit") == 1
    # saved and loaded exactly
    again = GameState.from_dict(json.loads(run.engine.state.to_json()))
    assert again.units["R1"].carried_dead == 1


def test_r358_a_wounded_man_carried_beside_the_dead_is_the_one_who_dies() -> None:
    run = _run()
    assert run.engine is not None
    engine = run.engine
    marines = engine.state.units["R1"]
    marines.dependants.append("casualty")  # a wounded man carried too (counted wounded, R123)
    engine.state.count("regular_wia")
    assert casualties.carried_wounded(marines) == 1
    assert casualties.dependant_falls(engine, marines)
    assert engine.state.tally["regular_wia"] == 0 and engine.state.tally["regular_kia"] == 2
    assert marines.dependants == ["casualty"] and casualties.carried_wounded(marines) == 0
    # the next hit finds only the dead: nothing more moves
    assert casualties.dependant_falls(engine, marines)
    assert engine.state.tally["regular_wia"] == 0 and engine.state.tally["regular_kia"] == 2
    # handed off, the count of carried dead goes with them
    marines.dependants = []
    assert casualties.carried_wounded(marines) == 0 and marines.carried_dead == 0

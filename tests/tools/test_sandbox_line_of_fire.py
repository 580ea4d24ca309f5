"""R6 (Rulebook: Line of Fire) through the one line-of-fire path: the engine's fire check
(`checks.fire_blockers`) asks `game/battlefield/line_of_fire.py` rather than keeping its own
straight-through test. docs/sandbox/line-of-fire-straight-through.json and its variations."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.engine import checks
from game.sandbox import Run, run_situation
from game.scenarios.situation import parse_situation

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"
NAME = "line-of-fire-straight-through.json"


def load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / NAME).read_text(encoding="utf-8"))
    return data


def run_data(data: dict[str, Any]) -> Run:
    return run_situation(parse_situation(data, base=EXAMPLES), lambda event: None)


def fires(run: Run) -> list[dict[str, Any]]:
    return [e["data"] for e in run.events if e["kind"] == "Fire"]


def lookouts_at(data: dict[str, Any], x: float, side: str = "insurgent") -> dict[str, Any]:
    (h,) = [u for u in data["units"] if u["id"] == "H"]
    h["figures"][0]["at"] = [x, 14]
    h["side"] = side
    return data


def test_r6_a_unit_straight_in_the_line_of_fire_stops_it() -> None:
    run = run_data(lookouts_at(load(), 11.35))  # on the centre line between the two units
    assert "Marines cannot fire at Gunmen: Lookouts in the line of fire (R6)" in run.error
    assert fires(run) == []
    assert run.engine is not None
    g = run.engine
    lof = g.terrain.line_of_fire(
        g.state.units["R1"].position(), g.state.units["G"].position(), [g.unit("H").position()]
    )
    assert lof.blocked_by == "H"  # the one path's answer is the engine's
    assert checks.fire_blockers(g, g.unit("R1"), g.unit("G")) == "Lookouts"


def test_r6_an_enemy_beside_the_line_does_not_stop_it() -> None:
    run = run_data(load())  # 1" aside: in the 2" corridor, not on the line
    assert run.error == ""
    (fire,) = [f for f in fires(run) if f["firer"] == "R1"]
    assert fire["target"] == "G"


def test_r6_regulars_never_fire_with_friends_in_the_line() -> None:
    run = run_data(lookouts_at(load(), 12.35, side="regular"))
    assert "Marines cannot fire at Gunmen: Lookouts in the line of fire (R6)" in run.error
    assert fires(run) == []


def test_r6_a_friend_outside_the_corridor_is_no_obstacle() -> None:
    run = run_data(lookouts_at(load(), 16.0, side="regular"))  # 4.65" aside: beyond 2"
    assert run.error == ""
    assert [f["firer"] for f in fires(run)][:1] == ["R1"]


def test_r6_every_unit_straight_in_the_line_is_named() -> None:
    """Two groups on the centre line (as in Turkey Shoot seed 17's golden game): the refusal
    names both, in the line's order."""
    data = lookouts_at(load(), 11.35)
    data["units"].append(
        {
            "id": "W",
            "side": "insurgent",
            "name": "Watchers",
            "status": ["activated"],
            "figures": [{"kind": "small_arms", "at": [11.35, 11]}],
        }
    )
    run = run_data(data)
    assert "Marines cannot fire at Gunmen: Lookouts, Watchers in the line of fire (R6)" in run.error
    assert run.engine is not None
    g = run.engine
    others = [g.unit("H").position(), g.unit("W").position()]
    lof = g.terrain.line_of_fire(g.unit("R1").position(), g.unit("G").position(), others)
    assert (lof.blocked_by, lof.blocking) == ("H", ("H", "W"))

"""R345: Fire-or-Move works both ways — a vehicle that fires its Fire-or-Move weapon may not move
for the rest of the turn (Rulebook: Vehicle Special Rules, Fire-or-Move; the Bradley's card:
"cannot move and fire TOW in same turn"). Found by the rules audit (round 7): the Bradley fired
its TOW and drove off in the same activation."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import vehicles
from game.engine.commands import Drive, IllegalCommand
from game.sandbox import run_situation
from game.scenarios.situation import parse_situation, read_situation, situation_engine

ROOT = Path(__file__).resolve().parents[2]
SITUATION = ROOT / "docs" / "sandbox" / "vehicle-fire-or-move.json"


def test_r345_fire_or_move_a_bradley_that_fired_its_tow_may_not_drive() -> None:
    run = run_situation(read_situation(SITUATION), lambda e: None)
    assert run.error == "" and run.engine is not None
    g = run.engine
    (hit,) = [e["data"] for e in g.state.events if e["kind"] == "VehicleHit"]
    assert hit["firepower_breakdown"]["items"][0] == ["TOW II", 4]  # the most dice (R223)
    rec = vehicles.record(g.state, "V")
    assert rec is not None and rec.fire_or_move_turn == 1
    assert g.pending is not None
    assert not [c for c in g.pending.options if isinstance(c, Drive)]
    with pytest.raises(IllegalCommand, match=r"Fire-or-Move weapon this turn.*R345"):
        g.apply(Drive(side="regular", unit="V", path=((24.0, 26.0),), speed="patrol"))


def test_r345_a_vehicle_without_a_fire_or_move_weapon_may_fire_then_drive() -> None:
    """The LVTP's heavy MG is no Fire-or-Move weapon: it fires, then drives on."""
    raw = {
        "map": {"width": 48, "height": 48},
        "units": [
            {
                "id": "V",
                "side": "regular",
                "name": "LVTP",
                "quality": "trained",
                "morale": "d8",
                "line": [24, 30],
                "figures": ["rifle", "rifle", "rifle", "rifle"],
                "vehicle": {"type": "lvtp", "facing": 270},
            },
            {
                "id": "T",
                "side": "insurgent",
                "name": "Technical",
                "quality": "d6",
                "morale": "d8",
                "line": [24, 10],
                "figures": ["leader", "small_arms"],
                "vehicle": {"type": "technical", "facing": 0},
                "status": ["activated"],
            },
        ],
        "dice": ["d8=3", "d8=2", "d8=1", "d6=2"],
        "commands": [{"kind": "fire", "side": "regular", "unit": "V", "target": "T"}],
        "turn_limit": 1,
    }
    run = run_situation(parse_situation(raw, base=ROOT), lambda e: None)
    assert run.error == "" and run.engine is not None
    g = run.engine
    rec = vehicles.record(g.state, "V")
    assert rec is not None and rec.fire_or_move_turn == 0
    g.apply(Drive(side="regular", unit="V", path=((24.0, 26.0),), speed="patrol"))
    assert [e["kind"] for e in g.state.events].count("VehicleMoveEnd") == 1


def test_r345_the_mark_saves_and_loads_with_the_vehicle_record() -> None:
    g = situation_engine(read_situation(SITUATION))
    rec = vehicles.record(g.state, "V")
    assert rec is not None
    rec.fire_or_move_turn = 3
    vehicles.save(g.state, "V", rec)
    again = vehicles.record(g.state, "V")
    assert again is not None and again.fire_or_move_turn == 3
    old = {k: v for k, v in g.state.vehicles["V"].items() if k != "fire_or_move_turn"}
    g.state.vehicles["V"] = old  # a save from before R345 loads with no mark
    loaded = vehicles.record(g.state, "V")
    assert loaded is not None and loaded.fire_or_move_turn == 0

"""Both AIs with the vehicles that enter play mid-game (R306, R307): the solo Insurgent AI drives
its technicals (they do not walk), the Regular AI drives a vehicle with nothing to fire at
toward the fight. Situations: docs/sandbox/card-technical-trouble.json and
vehicle-entry-asset-card.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.ai import insurgent_vehicles
from game.ai.actions import Action
from game.ai.controller import InsurgentAI
from game.ai.world import _World
from game.engine import checks, vehicles
from game.engine.commands import Drive, IllegalCommand
from game.engine.state import INSURGENT, Activation
from game.engine.terrain import distance
from game.engine.view import player_view
from game.sandbox import run_situation
from game.scenarios.situation import parse_situation

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return data


def _legal_drives(engine: Any, unit_id: str) -> list[Drive]:
    unit = engine.state.units[unit_id]
    out = []
    for c in vehicles.action_samples(engine, unit):
        try:
            checks.check_action(engine, unit, c, Activation(unit_id))
        except IllegalCommand:
            continue
        out.append(c)
    return out


def test_r306_the_insurgent_ai_drives_a_technical_toward_or_away_from_the_regulars() -> None:
    run = run_situation(
        parse_situation(load("card-technical-trouble.json"), base=EXAMPLES), lambda e: None
    )
    engine = run.engine
    assert engine is not None
    ai = InsurgentAI(engine.battlefield, seed=1)
    world = _World(player_view(engine, INSURGENT), ai.terrain, engine.battlefield)
    technical = world.state.units["I2"]  # the west one, 30" from the Marines
    drives = _legal_drives(engine, "I2")
    assert drives and all(isinstance(c, Drive) for c in drives)
    notes: list[str] = []
    marines = [f.pos for f in world.state.units["R1"].effective_figures]
    toward = insurgent_vehicles.drive_for(
        world, technical, Action.ADVANCE_TO_ENEMY, drives, notes.append
    )
    assert toward is not None
    end = (float(toward.path[-1][0]), float(toward.path[-1][1]))
    here = technical.centre
    assert min(distance(end, m) for m in marines) < min(distance(here, m) for m in marines) - 5
    assert min(distance(end, m) for m in marines) >= insurgent_vehicles.STANDOFF
    away = insurgent_vehicles.drive_for(
        world, technical, Action.TAKE_COVER_OUT_OF_LOS, drives, notes.append
    )
    assert away is not None
    far = (float(away.path[-1][0]), float(away.path[-1][1]))
    assert min(distance(far, m) for m in marines) >= min(distance(end, m) for m in marines)
    assert "a technical drives, it does not walk" in notes[0] and "(R306)" in notes[0]
    # a row that does not move gives no drive
    assert insurgent_vehicles.drive_for(world, technical, Action.FIRE, drives, notes.append) is None


def test_r307_the_regular_ai_drives_an_empty_vehicle_with_nothing_to_fire_at() -> None:
    data = load("vehicle-entry-asset-card.json")
    data["controllers"] = {"regular": "ai", "insurgent": "script"}
    data["commands"], data["seed"], data["max_commands"] = [], 1, 40
    data.pop("dice")
    run = run_situation(parse_situation(data, base=EXAMPLES), lambda e: None)
    assert run.error == "" and run.engine is not None
    (drive,) = [e["data"] for e in run.events if e["kind"] == "VehicleMoveStart"]
    assert drive["unit"] == "R3" and drive["speed"] == "patrol"
    notes = [text for _at, text in run.engine.notes]
    assert any(
        "has nothing to fire at: it drives toward the other Regular units" in n for n in notes
    )
    # it stops 8" short of the Marines it drives toward (R307)
    rec = vehicles.record(run.engine.state, "R3")
    assert rec is not None and rec.y < 46.0

"""R341: the Commander drives its technicals (Fog of War card Technical Trouble). Its moves
weighed only walks, and a technical's crew never walks (R225), so in Commander games the
technicals stood still all game; now each drive the engine offers is weighed as a move is, kept
6" from the Regulars (R306's standoff). Situation: docs/sandbox/card-technical-trouble.json,
played on by the AIs from its set-up (seeded dice)."""

from __future__ import annotations

import json
from pathlib import Path

from game import i18n
from game.ai.commander import CommanderAI
from game.ai.insurgent_vehicles import STANDOFF
from game.ai.regular import RegularAI
from game.engine.driver import Driver
from game.engine.state import INSURGENT, REGULAR
from game.engine.terrain import distance
from game.sandbox import run_situation
from game.scenarios.situation import parse_situation

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def test_r341_the_commander_drives_a_technical_clear_of_the_regulars() -> None:
    data = json.loads((EXAMPLES / "card-technical-trouble.json").read_text(encoding="utf-8"))
    data["commands"], data["seed"], data["turn_limit"] = [], 3, 3
    for key in ("dice", "max_commands"):
        data.pop(key)
    engine = run_situation(parse_situation(data, base=EXAMPLES), lambda e: None).engine
    assert engine is not None
    technicals = {u.id for u in engine.state.units.values() if u.name.startswith("Technical")}
    assert technicals == {"I1", "I2"}
    start = len(engine.state.events)
    commander = CommanderAI(engine.battlefield, seed=1)
    controllers = {REGULAR: RegularAI(engine.battlefield), INSURGENT: commander}
    # two turns: on turn 1 both technicals have the Marines in their DShK's sight and fire from
    # where they came on, the shot weighed as the engine fires it (R357); on turn 2 one drives
    Driver(engine, controllers, policy="strict", stop_after_turn=2).run()
    drives = [
        e["data"]
        for e in engine.state.events[start:]
        if e["kind"] == "VehicleMoveStart" and e["data"]["unit"] in technicals
    ]
    assert drives  # it used to stand still: the Commander offered it walks only
    marines = [f.pos for f in engine.state.units["R1"].effective_figures]
    for d in drives:
        assert min(distance((d["to"][0], d["to"][1]), m) for m in marines) >= STANDOFF
    lines = [line for line in commander.log if ": drive, " in line]
    assert lines and all("(R341)" in line for line in lines)
    i18n.set_language("fr")
    try:
        told = i18n.retell(lines[0])
    finally:
        i18n.set_language("en")
    assert "déplacement en véhicule" in told and "drive" not in told

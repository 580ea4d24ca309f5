"""R346: Night Fighting reaches fire at and from vehicles (Rulebook: Night Fighting; Vehicle
Firepower; Vehicle Defense vs. Weapon Class). Found by the rules audit (round 7): the vehicle
fire path built its own fire conditions without the night, so Insurgents firing at an LVTP at
night kept their Optimum Range die and their full dice, and a technical's crew fired its DShK
as by day."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.engine import vehicle_fire
from game.rules.firepower import FireConditions
from game.rules.quality import Quality
from game.rules.vehicle_damage import VehicleDamage
from game.rules.vehicle_types import vehicle_type
from game.rules.vehicles import vehicle_weapon_firepower
from game.sandbox import run_situation
from game.scenarios.situation import parse_situation, read_situation, situation_engine

ROOT = Path(__file__).resolve().parents[2]
SANDBOX = ROOT / "docs" / "sandbox"


def test_r346_night_fighting_insurgents_at_an_lvtp_lose_a_die_and_their_range() -> None:
    """docs/sandbox/night-vehicles.json: 1 figure + 2 AT RPG − 1 night = 2d6, no Optimum Range
    die at 8" (12" halved to 6"); by day the same fire throws 4d6 (vehicle-damage.json)."""
    run = run_situation(read_situation(SANDBOX / "night-vehicles.json"), lambda e: None)
    assert run.error == "" and run.engine is not None
    (hit,) = [e["data"] for e in run.events if e["kind"] == "VehicleHit"]
    breakdown = hit["firepower_breakdown"]
    assert breakdown["total"] == 2
    assert ["night without night vision", 1] in breakdown["penalties"]
    assert "Optimum Range" not in [name for name, _ in breakdown["items"]]
    assert (hit["firepower_faces"], hit["hits"]) == ([5, 4], 1)


def test_r346_a_vehicle_weapon_at_night_costs_a_die_only_without_night_vision() -> None:
    dshk = vehicle_type("technical").weapons[0]
    intact = VehicleDamage.intact(vehicle_type("technical"))
    night = FireConditions(night=True)
    blind = vehicle_weapon_firepower(dshk, Quality.UNTRAINED, intact, night, night_vision=False)
    seeing = vehicle_weapon_firepower(dshk, Quality.UNTRAINED, intact, night, night_vision=True)
    by_day = vehicle_weapon_firepower(dshk, Quality.UNTRAINED, intact, FireConditions())
    assert (blind.dice, seeing.dice, by_day.dice) == (2, 3, 3)
    assert ("night without night vision", -1) in blind.items


def _night_table(night: bool) -> dict[str, Any]:
    return {
        "map": {"width": 48, "height": 48},
        "night": night,
        "units": [
            {
                "id": "V",
                "side": "regular",
                "name": "LVTP",
                "quality": "trained",
                "morale": "d8",
                "line": [24, 30],
                "figures": ["rifle", "rifle", "rifle", "rifle"],
                "vehicle": {"type": "lvtp", "facing": 0},
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
            },
        ],
        "turn_limit": 1,
    }


def test_r346_the_technicals_crew_has_no_night_vision_the_marines_lvtp_has() -> None:
    g = situation_engine(parse_situation(_night_table(True), base=ROOT))
    lvtp, technical = g.unit("V"), g.unit("T")
    dshk_at_lvtp = vehicle_fire.vehicle_firepower(g, technical, lvtp, 0)
    mg_at_technical = vehicle_fire.vehicle_firepower(g, lvtp, technical, 0)
    # DShK: 2 + 1 Optimum Range − 1 night = 2, halved against the LVTP's Class 1 armour: 1
    assert dshk_at_lvtp.total == 1
    assert ("night without night vision", 1) in dshk_at_lvtp.penalties
    assert mg_at_technical.total == 3  # the Marines' crew sees at night: 2 + 1, full vs Class 0
    assert not mg_at_technical.penalties
    day = situation_engine(parse_situation(_night_table(False), base=ROOT))
    by_day = vehicle_fire.vehicle_firepower(day, day.unit("T"), day.unit("V"), 0)
    assert by_day.penalties == [("Class 1 weapon halved vs Class 1 armour", 2)]  # 3 halved: 1

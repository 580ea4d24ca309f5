"""R344: a support asset's off-board fire at a vehicle meets its armour (Asset cards; Vehicle
Defense vs. Weapon Class; Determining Vehicle Damage) through the one function a Fog of War
card's blast uses (`vehicle_fire.blast_at_vehicle`, R356), never hits on its crew's figures as
on infantry (R183's path, which it took before; rules audit, round 7)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.engine import assets
from game.engine.commands import CallAsset
from game.engine.engine import Engine
from game.rules import support as sp
from game.rules.dice import Die
from game.rules.vehicle_types import vehicle_type
from game.rules.vehicles import Penetration
from game.sandbox import Run, run_situation
from game.scenarios.situation import parse_situation, read_situation, situation_engine

ROOT = Path(__file__).resolve().parents[2]
SANDBOX = ROOT / "docs" / "sandbox"


def of_kind(run: Run, kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in run.events if e["kind"] == kind]


def test_r344_the_hellfire_at_a_technical_rolls_against_its_armour_and_damage() -> None:
    """docs/sandbox/asset-hellfire-technical.json: 6d10 at full Firepower (Class 3 against
    Class 0) against the pickup's 1d6, three penetrating hits; the second damage check
    destroys it, its crew check 4+ each and the survivor fights on as its crew."""
    run = run_situation(read_situation(SANDBOX / "asset-hellfire-technical.json"), lambda e: None)
    assert run.error == "" and run.engine is not None
    (hit,) = of_kind(run, "VehicleHit")
    assert (hit["manner"], hit["penetration"], hit["firer_name"]) == (
        "asset",
        "full",
        "Armed Predator",
    )
    assert (hit["firepower_die"], hit["defense"], hit["defense_die"]) == ("d10", 1, "d6")
    assert hit["hits"] == 3
    damage = of_kind(run, "VehicleDamage")
    assert [d["reliability_face"] for d in damage] == [5, 2]  # the third hit finds a wreck
    assert damage[-1]["destroyed"] and damage[-1]["breakdown"] == "reliability"
    (crew,) = of_kind(run, "VehicleCrewCheck")
    assert (crew["faces"], crew["lost"]) == ([4, 1], 1)
    assert not of_kind(run, "AssetFire")  # no attack roll on the crew's figures as infantry
    crew_unit = run.engine.state.units["T"]
    assert crew_unit.name == "Technical's crew" and len(crew_unit.effective_figures) == 1
    assert run.engine.state.assets["regular"] == []  # the one Hellfire is gone


def test_r344_each_asset_counts_as_a_weapon_class_against_armour() -> None:
    """Vehicle Defense vs. Weapon Class with R344's classes: sniper 0, mortars 1, gun run 2,
    Hellfire 3; a class below the armour does nothing, equal halves (down), above is full."""
    lvtp, bradley, tank = vehicle_type("lvtp"), vehicle_type("bradley"), vehicle_type("tank")
    spot_on = {a: sp.call_row(a, 4) for a in sp.ASSET_WEAPON_CLASS}
    cases = [
        (sp.AssetId.OFF_BOARD_SNIPER, lvtp, Penetration.NONE, 0),
        (sp.AssetId.LIGHT_MORTAR, lvtp, Penetration.HALF, 3),
        (sp.AssetId.HEAVY_MORTAR, bradley, Penetration.NONE, 0),
        (sp.AssetId.AIR_SUPPORT, lvtp, Penetration.FULL, 6),
        (sp.AssetId.AIR_SUPPORT, bradley, Penetration.HALF, 3),
        (sp.AssetId.ARMED_PREDATOR, bradley, Penetration.FULL, 6),
        (sp.AssetId.ARMED_PREDATOR, tank, Penetration.HALF, 3),
    ]
    for asset, vehicle, how, dice in cases:
        fire, result = sp.at_vehicle(asset, spot_on[asset], vehicle)
        assert (result, fire.dice) == (how, dice), (asset, vehicle.key)


def test_r344_the_odds_of_a_call_at_a_vehicle_count_penetrating_hits() -> None:
    """A sniper's rifle cannot harm an LVTP: every face of the card's d6 comes to no hit, though
    only the 1 is 'no fire'. The light mortar's 6d8 halved to 3d8 is the same odds as 3 dice."""
    lvtp = vehicle_type("lvtp")
    sniper = sp.call_odds(sp.AssetId.OFF_BOARD_SNIPER, 2, Die.D8, vehicle=lvtp)
    assert sniper.exact[0] == 1 and sniper.expected == 0
    assert sniper.no_fire == sp.call_odds(sp.AssetId.OFF_BOARD_SNIPER, 2, Die.D8).no_fire
    mortar = sp.call_odds(sp.AssetId.LIGHT_MORTAR, 2, Die.D8, vehicle=lvtp)
    plain = sp.call_odds(sp.AssetId.LIGHT_MORTAR, 2, Die.D8)
    assert mortar.expected < plain.expected / 2 + 1e-9
    assert max(k for k, p in enumerate(mortar.exact) if p) == 3  # never more than 3 hits
    assert sum(mortar.exact) == 1


def _technical_engine() -> Engine:
    situation = read_situation(SANDBOX / "asset-hellfire-technical.json")
    return situation_engine(situation)


def test_r344_the_engines_call_odds_at_a_technical_roll_its_armour_die() -> None:
    """The preview's odds ask the armour: 1d6 of the pickup, not the crew's Quality die."""
    g = _technical_engine()
    technical = g.unit("T")
    assert assets.target_defense_die(g, technical) is Die.D6
    odds = assets.call_odds(g, "armed_predator", technical)
    assert odds == sp.call_odds(
        sp.AssetId.ARMED_PREDATOR, 1, Die.D6, vehicle=vehicle_type("technical")
    )


def test_r344_a_mortar_at_an_insurgent_lvtp_is_halved_by_its_armour() -> None:
    """Light mortar, spot on (d6=4): 6d8 as a Class 1 weapon against Class 1 armour, halved to
    3d8 (7, 6, 2) against 2d8 (8, 3): the 8 cancels the 7, one penetrating hit, whose Reliability
    check (d8=6) holds."""
    data = {
        "map": {"width": 48, "height": 48},
        "assets": ["light_mortar"],
        "units": [
            {
                "id": "R1",
                "side": "regular",
                "name": "Marines",
                "quality": "trained",
                "morale": "d10",
                "line": [24, 40],
                "figures": ["rifle", "rifle", "rifle", "rifle"],
            },
            {
                "id": "V",
                "side": "insurgent",
                "name": "Captured LVTP",
                "line": [24, 14],
                "figures": ["leader", "small_arms"],
                "vehicle": {"type": "lvtp", "facing": 0},
            },
        ],
        "turn_limit": 1,
        "dice": ["d6=4", "d8=7", "d8=6", "d8=2", "d8=8", "d8=3", "d8=6"],
    }
    g = situation_engine(parse_situation(data, base=ROOT))
    g.apply(CallAsset(side="regular", unit="R1", asset="light_mortar", target="V"))
    (hit,) = [e["data"] for e in g.state.events if e["kind"] == "VehicleHit"]
    assert (hit["penetration"], hit["firepower_faces"], hit["hits"]) == ("half", [7, 6, 2], 1)
    assert hit["firepower_breakdown"]["total"] == 3
    (check,) = [e["data"] for e in g.state.events if e["kind"] == "VehicleDamage"]
    assert (check["reliability_face"], check["destroyed"]) == (6, False)
    assert len(g.unit("V").effective_figures) == 2  # no figure hit as on infantry

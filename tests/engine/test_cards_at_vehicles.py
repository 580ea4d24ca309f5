"""R325: the Fog of War cards that change every fire change fire at a vehicle too (Dirty
Fighting, You're Grounded!, Praise the Lord and Pass the Ammunition!; Vehicle Defense vs. Weapon
Class). Found by the rules audit (round 7): the vehicle fire path measured the range and took
the Quality die without the cards, so dust never shortened an RPG team's reach at an LVTP and a
unit low on ammunition fired at a technical with its full die."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.engine import vehicle_fire
from game.engine.commands import Fire
from game.scenarios.situation import parse_situation, situation_engine

ROOT = Path(__file__).resolve().parents[2]


def _table(cards: list[str], *units: dict[str, Any], dice: list[str] | None = None) -> Any:
    data: dict[str, Any] = {
        "map": {"width": 48, "height": 48},
        "cards": cards,
        "units": list(units),
        "turn_limit": 1,
    }
    if dice is not None:
        data["dice"] = dice
    return situation_engine(parse_situation(data, base=ROOT))


LVTP = {
    "id": "V",
    "side": "regular",
    "name": "LVTP",
    "quality": "trained",
    "morale": "d8",
    "line": [24, 30],
    "figures": ["rifle", "rifle", "rifle", "rifle"],
    "vehicle": {"type": "lvtp", "facing": 0},
}
RPG_TEAM = {
    "id": "G",
    "side": "insurgent",
    "name": "Gunmen",
    "line": [24, 19],
    "figures": ["leader", "at_rpg"],
}


def test_r325_dirty_fighting_shortens_an_rpg_teams_reach_at_an_lvtp() -> None:
    """11" off: an Untrained AT RPG team's Optimum Range (6", doubled to 12") covers the LVTP;
    after Dirty Fighting (one band: 10") it does not, and the die goes."""
    clear = _table([], LVTP, RPG_TEAM)
    dusty = _table(["dirty-fighting"], LVTP, RPG_TEAM)
    gap = clear.unit("G").centre[1] - clear.unit("V").centre[1]
    assert 10.0 < abs(gap) <= 12.0
    by_clear_day = vehicle_fire.infantry_firepower(clear, clear.unit("G"), clear.unit("V"), 0)
    in_dust = vehicle_fire.infantry_firepower(dusty, dusty.unit("G"), dusty.unit("V"), 0)
    assert ("Optimum Range", 1) in by_clear_day.items and by_clear_day.total == 4
    assert ("Optimum Range", 1) not in in_dust.items and in_dust.total == 3


def test_r325_praise_the_lord_lowers_the_die_of_regular_fire_at_a_technical() -> None:
    marines = {
        "id": "R1",
        "side": "regular",
        "name": "Marines",
        "quality": "trained",
        "morale": "d10",
        "line": [24, 40],
        "figures": ["rifle", "rifle", "rifle", "rifle"],
    }
    technical = {
        "id": "T",
        "side": "insurgent",
        "name": "Technical",
        "quality": "d6",
        "morale": "d8",
        "line": [24, 30],
        "figures": ["leader", "small_arms"],
        "vehicle": {"type": "technical", "facing": 0},
        "status": ["activated"],
    }
    dice = ["d6=1"] * 4 + ["d6=6"]  # 4 riflemen's dice of d6 (their d8 a type down), 1d6 armour
    g = _table(["praise-the-lord"], marines, technical, dice=dice)
    g.apply(Fire(side="regular", unit="R1", target="T"))
    (hit,) = [e["data"] for e in g.state.events if e["kind"] == "VehicleHit"]
    assert hit["firepower_die"] == "d6" and hit["firepower_faces"] == [1, 1, 1, 1]
    assert hit["defense_faces"] == [6]

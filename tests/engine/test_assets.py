"""Support assets in play (Asset cards; UAVs; Special Weapon Teams; Sniper Teams; Medics; IEDs;
R190-R199): the sandbox situations in docs/sandbox/ and the engine's checks, with forced dice."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from game.engine import assets, card_effects, checks
from game.engine.commands import CallAsset, EndActivation, IllegalCommand, MoveUnit
from game.engine.engine import Engine
from game.engine.state import INSURGENT, GameState
from game.rules import cards as rc
from game.rules import support as sp
from game.rules.dice import Die, ScriptedDice
from game.sandbox import Run, run_situation
from game.scenarios.situation import parse_situation, read_situation, situation_engine

ROOT = Path(__file__).resolve().parents[2]
SANDBOX = ROOT / "docs" / "sandbox"

MARINES = {
    "id": "R1",
    "side": "regular",
    "name": "Marines",
    "quality": "trained",
    "morale": "d10",
    "line": [24, 40],
    "figures": ["rifle", "rifle", "rifle", "rifle"],
}
GUNMEN = {
    "id": "G",
    "side": "insurgent",
    "name": "Gunmen",
    "line": [24, 20],
    "figures": ["leader", "small_arms", "small_arms"],
}


def situation(assets_held: list[str], *units: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {
        "map": {"width": 48, "height": 48},
        "assets": assets_held,
        "units": [copy.deepcopy(MARINES), copy.deepcopy(GUNMEN), *units],
        "turn_limit": 2,
        **extra,
    }


def engine_for(data: dict[str, Any], dice: list[str] | None = None) -> Engine:
    """An engine on the situation, with forced dice ("d6=4", ...) when given."""
    if dice is not None:
        data = {**data, "dice": dice}
    return situation_engine(parse_situation(data, base=ROOT))


def faces(*dice: str) -> ScriptedDice:
    return ScriptedDice([(Die(int(d[1 : d.index("=")])), int(d.split("=")[1])) for d in dice])


def run(name: str) -> Run:
    return run_situation(read_situation(SANDBOX / name), lambda event: None)


def kinds(run: Run, kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in run.events if e["kind"] == kind]


def call(asset: str, target: str = "G", unit: str = "R1") -> CallAsset:
    return CallAsset(side="regular", unit=unit, asset=asset, target=target)


# == the sandbox situations ======================================================================
def test_off_board_light_mortar_support_spot_on_keeps_the_card() -> None:
    result = run("asset-light-mortar.json")
    (called,) = kinds(result, "AssetCall")
    assert (called["face"], called["result"]) == (4, "fire")
    (strike,) = kinds(result, "AssetFire")
    assert (strike["firepower"], strike["firepower_die"], strike["defense"]) == (6, "d8", 4)
    assert strike["casualties"] == 2
    assert result.engine is not None and result.engine.state.assets["regular"] == ["light_mortar"]
    assert not kinds(result, "AssetLost")


def test_armed_predator_hellfire_6d10_then_the_uav_is_gone() -> None:
    result = run("asset-armed-predator.json")
    (called,) = kinds(result, "AssetCall")
    assert called["face"] == 0  # no call roll for the Hellfire
    (strike,) = kinds(result, "AssetFire")
    assert (strike["firepower"], strike["firepower_die"], strike["casualties"]) == (6, "d10", 3)
    assert [e["cause"] for e in kinds(result, "AssetLost")] == ["fired"]
    assert result.engine is not None and result.engine.state.assets["regular"] == []


def test_r192_off_board_sniper_team_on_4_5_takes_the_leader_first() -> None:
    result = run("asset-off-board-sniper.json")
    (strike,) = kinds(result, "AssetFire")
    assert strike["casualties"] == 1
    (hit,) = kinds(result, "Casualty")
    assert hit["figure_kind"] == "leader"


def test_r194_smaw_fire_ignores_the_targets_in_cover_die() -> None:
    result = run("asset-smaw.json")
    (deployed,) = kinds(result, "AssetDeployed")
    assert deployed["detail"] == "R1.1"
    (shot,) = kinds(result, "Fire")
    assert shot["thermobaric"] is True
    assert shot["defense"] == 3  # 3 figures; the In Cover die is gone
    assert ["SMAW", 2] in shot["firepower_breakdown"]["items"]


def test_r195_attached_medic_sends_the_unit_to_the_medic_first_aid_table() -> None:
    result = run("asset-attached-medic.json")
    (aid,) = kinds(result, "FirstAid")
    assert aid["medic"] is True and aid["result"] == "slight"
    assert result.engine is not None
    kinds_now = [f.kind for f in result.engine.state.units["R1"].figures]
    assert kinds_now.count("medic") == 1


def test_r196_sniper_teams_example_the_leader_is_removed_and_every_range_is_optimum() -> None:
    result = run("sniper-team.json")
    (shot,) = kinds(result, "Fire")
    items = dict((name, n) for name, n in shot["firepower_breakdown"]["items"])
    assert items["Sniper Team"] == 2 and items["Optimum Range"] == 1  # 30" away
    (hit,) = kinds(result, "Casualty")
    assert hit["figure_kind"] == "leader"


# == the rules of calling ========================================================================
def test_r191_a_unit_calling_mortars_may_not_move_but_may_fire() -> None:
    g = engine_for(situation(["light_mortar"]), ["d6=1"])
    g.apply(call("light_mortar"))
    with pytest.raises(IllegalCommand, match="may not move"):
        g.apply(MoveUnit(side="regular", unit="R1", to=(24.0, 36.0)))
    assert any(c.kind == "fire" for c in g.pending.options)  # type: ignore[union-attr]


def test_r191_each_card_is_called_once_a_turn() -> None:
    g = engine_for(situation(["light_mortar"]), ["d6=1"])
    g.apply(call("light_mortar"))
    with pytest.raises(IllegalCommand, match="already been called this turn"):
        g.apply(call("light_mortar"))


def test_r191_mortars_need_the_caller_to_see_the_target() -> None:
    wall = {"width": 48, "height": 48, "buildings": [{"rect": [16, 28, 16, 4]}]}
    data = situation(["light_mortar", "armed_predator"])
    data["map"] = wall
    data["units"].append({**copy.deepcopy(MARINES), "id": "R2", "name": "Bravo", "line": [40, 24]})
    g = engine_for(data, [])
    assert not g.los(g.unit("R1"), g.unit("G")) and g.los(g.unit("R2"), g.unit("G"))
    with pytest.raises(IllegalCommand, match="cannot see Gunmen to call the Off-Board"):
        g.apply(call("light_mortar"))
    # the Predator fires on what any Regular unit sees
    assets.check_call(g, g.unit("R1"), call("armed_predator"), g.state.activation or _act(g))


def _act(g: Engine) -> Any:
    from game.engine.procedure import Activation

    return Activation.begin(g.unit("R1"))


def test_assets_not_held_are_refused_in_one_line() -> None:
    g = engine_for(situation([]), [])
    with pytest.raises(IllegalCommand, match="hold no Air Support"):
        g.apply(call("air_support"))
    with pytest.raises(IllegalCommand, match="unknown asset 'napalm'"):
        g.apply(call("napalm"))


def test_a_six_on_the_heavy_mortar_fires_then_discards_the_card() -> None:
    g = engine_for(situation(["heavy_mortar"]), ["d6=6"] + ["d10=1"] * 6 + ["d6=1"] * 3)
    g.apply(call("heavy_mortar"))
    lost = [e["data"] for e in g.state.events if e["kind"] == "AssetLost"]
    assert lost == [
        {
            "asset": "heavy_mortar",
            "title": "Off-Board Heavy Mortar",
            "side": "regular",
            "cause": "card_discarded",
        }
    ]
    assert g.state.assets["regular"] == []


def test_call_options_are_offered_only_for_assets_held() -> None:
    g = engine_for(situation([]), [])
    assert not [c for c in g.pending.options if isinstance(c, CallAsset)]  # type: ignore[union-attr]
    g = engine_for(situation(["air_support", "smaw"]), [])
    offered = {(c.asset, c.target) for c in g.pending.options if isinstance(c, CallAsset)}  # type: ignore[union-attr]
    assert offered == {("air_support", "G"), ("smaw", "R1")}


def test_the_odds_preview_is_the_rules_exact_call_odds() -> None:
    g = engine_for(situation(["light_mortar"]), [])
    target = g.unit("G")
    odds = assets.call_odds(g, "light_mortar", target)
    defense = assets.target_defense(g, target)
    assert odds == sp.call_odds(sp.AssetId.LIGHT_MORTAR, defense.total, target.quality_die())
    assert sum(odds.exact) == 1


# == UAVs, teams, IEDs ===========================================================================
def test_r199_uavs_no_out_of_contact_movement_while_a_uav_is_in_play() -> None:
    g = engine_for(situation(["uav"]), [])
    gunmen = g.unit("G")
    gunmen.seen = False
    assert not checks.may_move_out_of_contact(g, gunmen)
    assets.lose_asset(g, "uav", "card")
    assert checks.may_move_out_of_contact(g, gunmen)


def test_r197_attached_mg_team_rolls_its_ratings_and_stands_beside_the_caller() -> None:
    g = engine_for(situation(["attached_mg_team"]), ["d6=6"])
    g.apply(call("attached_mg_team", target="R1"))
    team = g.state.units["MG1"]
    assert team.designation == "special_weapon_team"
    assert [f.kind for f in team.figures] == ["mg", "rifle"]
    assert {f.quality for f in team.figures} == {10}  # a 6: one step above the Marines' d8
    assert team.activated_turn == g.state.turn  # it acts from the next turn
    fp = g.firepower(team, g.unit("G"))
    assert ("Special Weapon Team", 2) in fp.items


def test_r198_ied_detonated_is_a_6d10_attack_with_the_usual_defense() -> None:
    """The Fog of War card IED Detonated!, the one attack with no firing unit (R183, R198)."""
    g = engine_for(situation([]), [])
    g.dice = faces(
        *["d10=10", "d10=9", "d10=1", "d10=1", "d10=1", "d10=1"], *["d8=1"] * 4, *["d10=9"] * 4
    )
    card = rc.card("ied-detonated")
    flow = card_effects.ied_detonated(g, card, INSURGENT)
    with pytest.raises(StopIteration):
        next(flow)
    (strike,) = [e["data"] for e in g.state.events if e["kind"] == "CardAttack"]
    assert (strike["card"], strike["firepower"], strike["firepower_die"]) == (card.id, 6, "d10")
    assert (strike["target"], strike["casualties"]) == ("R1", 2)
    hit = [e["data"]["figure"] for e in g.state.events if e["kind"] == "Casualty"]
    assert len(hit) == 2 and all(f.startswith("R1.") for f in hit)
    (check,) = [e["data"] for e in g.state.events if e["kind"] == "Morale"]
    assert check["unit"] == "R1" and check["result"] == "Stand"


# == saves ========================================================================================
def test_assets_and_designations_save_and_load_exactly() -> None:
    g = engine_for(situation(["light_mortar", "uav"]), ["d6=1"])
    g.apply(call("light_mortar"))
    g.unit("R1").designation = "special_weapon_team"
    data = json.loads(g.state.to_json())
    again = GameState.from_dict(data)
    assert again.to_json() == g.state.to_json()
    assert again.assets == {"regular": ["light_mortar", "uav"]}
    assert again.assets_called == ["light_mortar"]
    assert again.activation is not None and again.activation.called == "light_mortar"


def test_an_old_save_without_assets_loads_with_none() -> None:
    g = engine_for(situation([]), [])
    data = json.loads(g.state.to_json())
    for key in ("assets", "assets_called", "assets_called_turn"):
        data.pop(key)
    for unit in data["units"].values():
        unit.pop("designation")
    again = GameState.from_dict(data)
    assert again.assets == {} and again.units["R1"].designation == ""


def test_end_activation_after_a_call_does_not_hold() -> None:
    g = engine_for(situation(["light_mortar"]), ["d6=1"])
    g.apply(call("light_mortar"))
    g.apply(EndActivation(side="regular", unit="R1"))
    assert not [e for e in g.state.events if e["kind"] == "Hold"]


def test_cards_ground_the_air_assets_with_or_without_the_uavs() -> None:
    g = engine_for(situation(["air_support", "uav", "armed_predator", "light_mortar"]), [])
    assert assets.ground_air_assets(g, "grounded", uavs=False) == ["air_support"]
    assert g.state.assets["regular"] == ["uav", "armed_predator", "light_mortar"]
    assert assets.ground_air_assets(g, "grounded", uavs=True) == ["uav", "armed_predator"]
    assert g.state.assets["regular"] == ["light_mortar"]
    assert checks_allow_out_of_contact(g)


def checks_allow_out_of_contact(g: Engine) -> bool:
    gunmen = g.unit("G")
    gunmen.seen = False
    return checks.may_move_out_of_contact(g, gunmen)


def test_r193_available_air_support_six_is_a_6d8_gun_run_then_the_card_is_gone() -> None:
    result = run("asset-air-support.json")
    (strike,) = kinds(result, "AssetFire")
    assert (strike["firepower"], strike["firepower_die"], strike["casualties"]) == (6, "d8", 2)
    assert [e["cause"] for e in kinds(result, "AssetLost")] == ["card_discarded"]

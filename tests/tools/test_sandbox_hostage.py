"""Since You're Already in the Area . . . (issue 19, cards round 3; Rulebook: Fog of War &
Asset Cards; Special Rules, House Clearing): rulings R313-R319 on the sandbox situation
docs/sandbox/card-hostage.json and its variations, with forced dice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.ai.cards import choose_card
from game.ai.regular_board import Board
from game.ai.regular_hostage import RESCUE_BONUS, hostage_goal
from game.engine import card_hostage, house_clearing, samples
from game.engine.buildings import hostage_building
from game.engine.commands import Answer, ClearBuilding, MoveUnit, StackOnBuilding
from game.engine.state import GameState
from game.engine.view import player_view
from game.rules import cards as rc
from game.rules.victory import margin_of_victory
from game.sandbox import Run
from tests.tools.test_sandbox_cards import played, run_data

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / "card-hostage.json").read_text("utf-8"))
    return data


def end(run: Run) -> dict[str, Any]:
    (game_end,) = [e["data"] for e in run.events if e["kind"] == "GameEnd"]
    return game_end


def card_only(data: dict[str, Any]) -> dict[str, Any]:
    """The situation stopped once the Insurgents have hidden the hostage."""
    data["commands"] = data["commands"][:1]
    data.pop("dice", None)
    return data


def test_r313_the_result_moves_one_step_along_the_margin_table() -> None:
    assert rc.stepped_result("Indecisive", "none", 1) == ("Marginal", "regular")
    assert rc.stepped_result("Marginal", "regular", 1) == ("Decisive", "regular")
    assert rc.stepped_result("Indecisive", "none", -1) == ("Marginal", "insurgent")
    assert rc.stepped_result("Marginal", "regular", -1) == ("Indecisive", "none")
    assert rc.stepped_result("Decisive", "insurgent", 1) == ("Marginal", "insurgent")
    assert rc.stepped_result("Total", "regular", 1) == ("Total", "regular")  # held at the ends
    assert rc.stepped_result("Total", "insurgent", -1) == ("Total", "insurgent")


def test_r316_clearing_the_house_rescues_the_hostage_and_lifts_the_result() -> None:
    run = run_data(load())
    assert run.error == ""
    (hidden,) = played(run, "hostage")
    assert (hidden["building"], hidden["unit"]) == (1, "R1")
    (freed,) = played(run, "hostage_rescued")
    assert freed["unit_name"] == "Marines" and freed["building"] == 1
    (clearing,) = [e["data"] for e in run.events if e["kind"] == "BuildingClearance"]
    assert clearing["cleared"] and clearing["level_face"] == 5
    result = end(run)
    before = margin_of_victory(result["vp_regular"] - result["vp_insurgent"]).value
    assert before == "Marginal"  # the points alone: a Marginal Regular victory
    (up,) = played(run, "hostage_up")
    assert (result["margin"], result["winner"]) == ("Decisive", "regular")
    assert (up["result_margin"], up["result_winner"]) == ("Decisive", "regular")


def test_r313_no_rescue_lowers_the_result_one_step() -> None:
    data = load()
    data["commands"] = [data["commands"][0], {"kind": "end_activation", "side": "regular"}]
    data["commands"][1]["unit"] = "R1"
    data.pop("dice")
    run = run_data(data)
    assert run.error == "" and played(run, "hostage_rescued") == []
    result = end(run)
    diff = result["vp_regular"] - result["vp_insurgent"]
    margin = margin_of_victory(diff).value
    winner = "none" if margin == "Indecisive" else ("regular" if diff > 0 else "insurgent")
    assert (result["margin"], result["winner"]) == rc.stepped_result(margin, winner, -1)
    (down,) = played(run, "hostage_down")
    assert "not rescued" in next(
        e["text"] for e in run.events if e["data"].get("outcome") == "hostage_down"
    )
    assert down["side"] == "insurgent"


def test_r314_the_buildings_offered_stand_within_six_inches_of_the_unit() -> None:
    run = run_data(card_only(load()))
    g = run.engine
    assert g is not None
    places = card_hostage.hostage_buildings(g, g.unit("R1"))
    assert [b.id for b in places] == [1, 3]  # the house and the shed 5" off, not the warehouse
    assert hostage_building(g.state) == 1


def test_r315_the_hostage_house_must_be_cleared_though_the_rule_is_off() -> None:
    data = load()
    move = {"kind": "move", "side": "regular", "unit": "R1", "to": [24, 13], "rate": "cautious"}
    data["commands"] = [data["commands"][0], move]
    run = run_data(data)
    assert "may not enter house before it is cleared" in run.error
    g = run.engine
    assert g is not None and g.state.optional_rules == []
    marines = g.unit("R1")
    offered = house_clearing.building_options(g, marines)
    assert {(type(c), c.building) for c in offered} == {(StackOnBuilding, 1), (ClearBuilding, 1)}
    # any other building is entered freely: the Building Clearing rule itself is off
    route = g.terrain.path(marines.leader_point, (15.5, 14.0))
    house_clearing.check_entry(g, marines, route, 12.0)


def test_r317_a_save_after_the_card_keeps_the_hostage() -> None:
    run = run_data(card_only(load()))
    g = run.engine
    assert g is not None
    again = GameState.from_dict(json.loads(g.state.to_json()))
    assert again.to_json() == g.state.to_json()
    assert hostage_building(again) == 1
    assert again.cards["effects"]["hostage"] == {"building": 1, "unit": "R1", "rescued": False}


def test_r318_the_regular_ai_makes_the_rescue_a_goal_and_clears_the_house() -> None:
    run = run_data(card_only(load()))
    g = run.engine
    assert g is not None
    view = player_view(g, "regular")
    board = Board(view, g.terrain)
    found = hostage_goal(board)
    assert found is not None
    unit_id, goal = found
    assert unit_id == "R1" and goal.label == "the hostage in house"
    assert goal.arrival_bonus == RESCUE_BONUS
    from game.ai.regular import RegularAI

    ai = RegularAI(g.battlefield)
    command = ai.choose(view)
    assert isinstance(command, (StackOnBuilding, ClearBuilding)) and command.building == 1


@pytest.mark.parametrize("guarded", [1, 3])  # the house, the shed
def test_r319_the_insurgent_ai_hides_the_hostage_where_most_guards_watch(guarded: int) -> None:
    data = load()
    data["commands"] = []
    data.pop("dice")
    guard_at = {1: [34, 8], 3: [6, 14]}[guarded]  # 6" east of the house, or west of the shed
    data["units"].append(
        {
            "id": "W",
            "side": "insurgent",
            "name": "Watchers",
            "status": ["activated"],
            "line": guard_at,
            "figures": ["small_arms", "small_arms"],
        }
    )
    run = run_data(data)
    g = run.engine
    assert g is not None
    view = player_view(g, "insurgent")
    assert view.decision is not None and view.decision["kind"] == "card_choice"
    command, reason = choose_card(view, g.battlefield)
    assert isinstance(command, Answer) and command.choice == f"building_{guarded}"
    assert "the hostage is held in" in reason and "watched by 2 Insurgent figures" in reason


def test_r315_no_move_offered_goes_into_the_hostage_house() -> None:
    run = run_data(card_only(load()))
    g = run.engine
    assert g is not None
    marines = g.unit("R1")
    house = g.battlefield.buildings[0]
    assert house_clearing.blocks_step(g, marines, (24.0, 13.0))
    moves = [c for c in samples.activation_options(g, [marines]) if isinstance(c, MoveUnit)]
    assert moves  # it still has ways to go, none of them inside the house
    assert all(g.terrain.building_at(m.to) is not house for m in moves)


def test_r316_holding_the_building_rescues_him_once() -> None:
    """Regular figures in the hostage's building and no Insurgent before a Regular phase hold
    it (R245), which rescues him; Insurgents coming back in later do not take him back."""
    run = run_data(card_only(load()))
    g = run.engine
    assert g is not None
    marines = g.unit("R1")
    for k, f in enumerate(marines.figures):  # inside the house, as after a Close Assault
        f.x, f.y = 21.0 + k, 12.0
    house_clearing.hold_buildings(g)
    assert 1 in g.state.cleared_buildings
    (freed,) = [e["data"] for e in g.state.events if e["data"].get("outcome") == "hostage_rescued"]
    assert freed["unit_name"] == "Marines"
    for k, f in enumerate(marines.figures):  # the Marines leave, the Gunmen walk in
        f.x, f.y = 21.0 + k, 18.0
    for k, f in enumerate(g.unit("G").figures):
        f.x, f.y = 21.0 + k, 12.0
    house_clearing.hold_buildings(g)
    assert 1 not in g.state.cleared_buildings  # retaken (R245) ...
    assert card_hostage.hostage(g) == {
        "building": 1,
        "unit": "R1",
        "rescued": True,
    }  # ... he is free

"""The card effects once set aside, in the engine (issue 19, round 2; Rulebook: Fog of War & Asset
Cards): the rulings R280-R288, each test names its ruling. The sandbox situations of
docs/sandbox/card-*.json (tests/tools/test_sandbox_cards.py) show each card on the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai.card_choices import choose_round_two
from game.battlefield.model import Battlefield, Building
from game.engine import card_camera, card_orders, cards, civilians, samples
from game.engine.commands import Answer, MoveUnit
from game.engine.state import INSURGENT, REGULAR, MobState
from game.engine.terrain import distance, path_length, walk
from game.engine.view import player_view
from game.rules import cards as rc
from game.scenarios.staged import UnitSpec, line
from tests.engine.test_cards import MARINES, kinds, run, staged


def test_r280_garbled_orders_bind_the_turn_after_the_one_played_in() -> None:
    engine = staged()
    engine.state.turn = 3
    run(engine, card_orders.garbled_orders(engine, rc.card("wait-the-colonel-said-what"), REGULAR))
    assert not card_orders.garbled_now(engine)  # this turn's orders stand
    engine.state.turn = 4
    assert card_orders.garbled_now(engine)
    marines = engine.state.units["R1"]
    assert "garbled" in card_orders.order_refused(engine, marines, "drive")
    assert card_orders.order_refused(engine, engine.state.units["I1"], "drive") == ""
    cell = engine.state.units["I1"]  # the Insurgents are not held back
    route = [cell.leader_point, (cell.leader_point[0] + 6, cell.leader_point[1])]
    assert card_orders.move_refused(engine, cell, route, 6.0) == ""


def test_r281_the_engine_offers_no_move_that_comes_near_the_ied() -> None:
    engine = staged()
    run(engine, card_orders.ied_spotted(engine, rc.card("ied-spotted"), REGULAR), [])
    (marker,) = card_orders.ied_markers(engine)
    marines = engine.state.units["R1"]
    assert distance(marker, marines.leader_point) >= 6.0
    options = samples.activation_options(engine, [engine.state.units["R1"]])  # asked afresh
    moves = [c for c in options if isinstance(c, MoveUnit)]
    assert moves  # it still has ways to go
    start = marines.leader_point
    for move in moves:  # every offered move keeps 4" from the marker (the AIs pick among these)
        route = engine.terrain.path(start, move.to)
        reach = min(path_length(route), 6.0 if move.rate == "cautious" else 12.0)
        assert all(distance(walk(route, reach * i / 40), marker) >= 4.0 - 1e-6 for i in range(41))


def test_r282_swiss_cheese_offers_the_pieces_the_enemy_shelters_in() -> None:
    from game.engine import card_buildings

    engine = staged()
    house = Building(7, "house", ((5.0, 5.0), (15.0, 5.0), (15.0, 15.0), (5.0, 15.0)))
    engine.battlefield = Battlefield("tests/open.tmx", "open", 48.0, 48.0, 32.0, buildings=(house,))
    engine.terrain = type(engine.terrain)(engine.battlefield)
    assert card_buildings.sheltering_pieces(engine, INSURGENT) == ["building_7"]
    assert card_buildings.sheltering_pieces(engine, REGULAR) == []
    cell = engine.state.units["I1"]
    assert engine.terrain.in_solid_cover(cell.position())
    flow = card_buildings.swiss_cheese(engine, rc.card("swiss-cheese-insurgent"), REGULAR)
    run(engine, flow, ["building_7"])
    assert not engine.terrain.in_solid_cover(cell.position())
    assert engine.terrain.is_exposed(cell.position())  # 2" from no cover any more


def test_r286_three_filmed_deaths_lose_the_regulars_the_game() -> None:
    engine = staged()
    run(engine, card_camera.smile_for_the_camera(engine, rc.card("smile-for-the-camera"), REGULAR))
    assert len(engine.state.mobs) == 3  # none was on the table
    camera = card_camera.camera_at(engine)
    assert camera == engine.state.units["R1"].leader_point
    near = MobState("C9", camera[0] + 8.0, camera[1])
    far = MobState("C10", camera[0] + 13.0, camera[1])
    engine.state.mobs += [near, far]
    civilians.civilian_killed(engine, far, REGULAR)  # beyond 12": not filmed
    civilians.civilian_killed(engine, near, INSURGENT)  # the Insurgents' kill: not filmed
    civilians.civilian_killed(engine, near, REGULAR)
    civilians.civilian_killed(engine, near, REGULAR)
    assert card_camera.camera_result(engine, "Decisive", REGULAR) == ("Decisive", REGULAR)
    civilians.civilian_killed(engine, near, REGULAR)
    assert engine.state.cards["effects"]["camera"]["filmed"] == 3
    assert card_camera.camera_result(engine, "Decisive", REGULAR) == ("Decisive", INSURGENT)
    lines = [e["text"] for e in kinds(engine, "CardPlayed")]
    assert any(
        "3 civilian deaths were filmed: the Regulars lose the game (R286)" in t for t in lines
    )


def test_r181_the_cards_of_this_round_are_no_longer_set_aside() -> None:
    for card_id in ("swiss-cheese-regular", "fire-fire-insurgent", "ied-spotted", "dragunov",
                    "dishkuh", "smile-for-the-camera", "wait-the-colonel-said-what"):  # fmt: skip
        assert cards.unplayable(rc.card(card_id)) == "", card_id
    # vehicles enter play mid-game (R300): the three vehicle cards are played (R303-R309)
    for card_id in ("technical-trouble", "road-block", "cross-town-traffic"):
        assert cards.unplayable(rc.card(card_id)) == "", card_id


def test_r288_the_ais_choose_where_the_cards_count_most() -> None:
    engine = staged(
        MARINES,
        UnitSpec("I1", INSURGENT, line(6.0, 8.0, 3)),
        UnitSpec("I2", INSURGENT, line(30.0, 8.0, 2)),
    )
    house = Building(1, "house", ((5.0, 5.0), (15.0, 5.0), (15.0, 15.0), (5.0, 15.0)))
    shed = Building(2, "shed", ((29.0, 5.0), (35.0, 5.0), (35.0, 11.0), (29.0, 11.0)))
    battlefield = Battlefield("t", "t", 48.0, 48.0, 32.0, buildings=(house, shed))
    view = player_view(engine, REGULAR)
    answers = [Answer(side=REGULAR, choice=c) for c in ("none", "building_1", "building_2")]
    pick = choose_round_two(view, battlefield, "fire-fire-regular", "Fire! Fire!", answers)
    assert pick is not None and pick[0] is answers[1] and "3 more enemies" in pick[1]
    cheese = answers[1:]
    pick = choose_round_two(view, battlefield, "swiss-cheese-insurgent", "Swiss", cheese)
    assert pick is not None and pick[0] is cheese[0]
    ins_view = player_view(engine, INSURGENT)
    units = [Answer(side=INSURGENT, choice="R1")]
    pick = choose_round_two(ins_view, battlefield, "dragunov", "Dragunov!", units)
    assert pick is not None and pick[0] is units[0] and "biggest Regular unit (4)" in pick[1]
    nothing = [Answer(side=REGULAR, choice=c) for c in ("none", "building_2")]
    view_ins = player_view(engine, INSURGENT)  # for the Insurgents the shed holds friends
    pick = choose_round_two(view_ins, battlefield, "fire-fire-insurgent", "Fire! Fire!", nothing)
    assert pick is not None and pick[0] is nothing[0] and "no fire" in pick[1]


@pytest.mark.golden_games(("midnight-at-the-alamo", 4))
def test_r282_a_save_after_swiss_cheese_keeps_the_wall_uncovered_and_plays_on_alike(
    tmp_path: Path,
) -> None:
    """Midnight at the Alamo seed 4: Swiss Cheese strips the first low wall of its cover. A
    save taken after it loads with the same events, the terrain told again (R282), and plays on
    to the same end. (Seed 3's Swiss Cheese moved away when the vehicle cards came into play,
    R300-R309.)"""
    from game.headless import play
    from game.save import load_save, new_game, resolve_map, write_save
    from tests.engine.test_cards_games import ais
    from tests.shared_games import golden_game

    map_path, scenario_id = resolve_map("midnight-at-the-alamo")
    # the uninterrupted game is the golden one (the same seats and seed), played once for the
    # suite (tests/shared_games.py) and only read here
    engine = golden_game("midnight-at-the-alamo", 4).engine
    played = [e for e in engine.state.events if e["data"].get("outcome") == "no_cover"]
    assert played and played[0]["data"]["piece"] == "wall_0"
    at = next(i for i, c in enumerate(engine.log) if c.kind == "answer" and c.choice == "wall_0")
    game = new_game(map_path, scenario_id, 4)
    for command in engine.log[: at + 3]:
        game.apply(command)
    assert game.terrain.no_cover == (frozenset(), frozenset({0}))
    write_save(game, tmp_path / "s.json")
    loaded = load_save(tmp_path / "s.json")
    assert loaded.terrain.no_cover == (frozenset(), frozenset({0}))
    assert loaded.events_sha256() == game.events_sha256()
    play(loaded, ais(loaded))
    assert loaded.events_sha256() == engine.events_sha256()

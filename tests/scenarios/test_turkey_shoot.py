"""Scenario 2: Turkey Shoot (issue 20): the fire mission, the escort off the south edge, the
victory points, and a short seeded soak of AI-vs-AI games (R224, R226-R229)."""

from __future__ import annotations

import pytest

from game.ai.controller import InsurgentAI
from game.ai.regular import RegularAI
from game.engine import fire_mission, vehicles
from game.engine.engine import Engine
from game.engine.protocol import UnitStatus
from game.engine.state import INSURGENT, REGULAR, UnitState
from game.headless import play
from game.save import load_save, new_game, resolve_map, write_save
from tests.shared_games import golden_game


def new(seed: int = 1, turns: int = 10) -> Engine:
    map_path, scenario_id = resolve_map("turkey-shoot")
    return new_game(map_path, scenario_id, seed, turn_limit=turns)


def team(engine: Engine, name: str) -> UnitState:
    return next(u for u in engine.state.units.values() if u.name == name)


def into_target_building(engine: Engine) -> UnitState:
    snipers = team(engine, "Sniper team")
    snipers.status = UnitStatus.ACTIVE
    for i, f in enumerate(snipers.figures):
        f.x, f.y = 16.0 + i, 5.5
    return snipers


def test_the_recon_squad_and_snipers_start_aboard_the_lvtp() -> None:
    engine = new()
    lvtp = team(engine, "LVTP")
    rec = vehicles.record(engine.state, lvtp.id)
    assert rec is not None and rec.card.key == "lvtp" and rec.card.armour_class == 1
    riders = [engine.state.units[p].name for p in rec.passengers]
    assert riders == ["Recon Alpha", "Recon Bravo", "Recon Charlie", "Sniper team"]
    assert sum(len(engine.state.units[p].figures) for p in rec.passengers) == 15
    assert rec.y > 22.0 and rec.facing == 270.0  # at the south edge, facing north
    assert [u.name for u in engine.state.units_of(REGULAR)] == ["LVTP"]
    assert len(engine.state.units_of(INSURGENT)) == 4
    assert engine.state.objectives["fire_mission"] is True


def test_r226_the_fire_mission_counts_three_turns_in_the_target_building_without_fire() -> None:
    engine = new()
    snipers = team(engine, "Sniper team")
    snipers.status = UnitStatus.ACTIVE  # out of the LVTP, but in the street: nothing counts
    for f in snipers.figures:
        f.x, f.y = 11.5, 12.5
    fire_mission.end_of_turn(engine)
    assert engine.state.tally.get(fire_mission.TURNS, 0) == 0
    into_target_building(engine)
    fire_mission.end_of_turn(engine)
    assert engine.state.tally[fire_mission.TURNS] == 1
    snipers.fired_turn = engine.state.turn  # fired on the table: the turn does not count
    fire_mission.end_of_turn(engine)
    assert engine.state.tally[fire_mission.TURNS] == 1
    snipers.fired_turn = 0
    fire_mission.end_of_turn(engine)
    assert not engine.state.tally.get(fire_mission.DONE)
    fire_mission.end_of_turn(engine)
    assert engine.state.tally[fire_mission.DONE] == 1
    missions = [e["data"] for e in engine.state.events if e["kind"] == "FireMission"]
    assert [(m["turns"], m["done"]) for m in missions] == [(1, False), (2, False), (3, True)]


def test_r226_one_member_able_to_fire_is_enough() -> None:
    engine = new()
    snipers = into_target_building(engine)
    snipers.figures[0].status = "hit"
    fire_mission.end_of_turn(engine)
    assert engine.state.tally[fire_mission.TURNS] == 1


def test_r227_no_exit_before_the_fire_mission_is_done() -> None:
    engine = new()
    lvtp = team(engine, "LVTP")
    assert not engine.scenario.exit_allowed(engine.state, lvtp)
    engine.state.tally[fire_mission.DONE] = 1
    assert engine.scenario.exit_allowed(engine.state, lvtp)


def test_r228_the_victory_points_of_turkey_shoot() -> None:
    engine = new()
    state = engine.state
    assert engine.scenario.score(state)[:2] == (0, 10)  # the fire mission not done
    state.tally[fire_mission.DONE] = 1
    snipers = team(engine, "Sniper team")
    snipers.status = UnitStatus.EXITED
    assert engine.scenario.score(state)[:2] == (20, 0)
    state.tally["vehicles_lost_regular"] = 1
    assert engine.scenario.score(state)[:2] == (20, 5)
    snipers.figures = []
    snipers.status = UnitStatus.REMOVED
    assert engine.scenario.score(state)[:2] == (15, 10)


def ais(engine: Engine) -> dict[str, RegularAI | InsurgentAI]:
    return {
        REGULAR: RegularAI(engine.battlefield),
        INSURGENT: InsurgentAI(engine.battlefield, engine.state.seed * 2 + 2),
    }


@pytest.mark.parametrize(
    "seed", [pytest.param(s, marks=pytest.mark.golden_games(("turkey-shoot", s))) for s in (2, 3)]
)
def test_turkey_shoot_soak_seeded_ai_games_finish_and_score(seed: int) -> None:
    """AI against AI on seeds 2 and 3: the LVTP brings the team up, the fire mission is done
    and the Marines leave by the south edge (both seeds end with the Regulars' 20 points). The
    games are the golden ones (the scenario's ten turns), played once for the suite."""
    engine = golden_game("turkey-shoot", seed).engine
    assert engine.state.turn_limit == 10
    assert engine.over and engine.state.result is not None
    kinds = {e["kind"] for e in engine.state.events}
    assert {"VehicleMoveStart", "Dismount", "FireMission", "VehicleHit"} <= kinds
    assert engine.state.result["vp_regular"] == 20
    assert engine.state.tally.get(fire_mission.DONE) == 1


def test_a_turkey_shoot_save_mid_game_plays_on_to_the_same_game(tmp_path: object) -> None:
    """The vehicles' state saves exactly: saved after the drive and the dismounts, loaded and
    played on by fresh AIs, the game ends as the one never stopped."""
    from pathlib import Path

    whole = new(1, turns=4)
    play(whole, ais(whole))  # type: ignore[arg-type]
    commands = list(whole.log)
    for n in (3, 8, len(commands) // 2):
        engine = new(1, turns=4)
        for command in commands[:n]:
            engine.apply(command)
        path = Path(str(tmp_path)) / f"s{n}.json"
        write_save(engine, path)
        loaded = load_save(path)
        assert loaded.state.vehicles == engine.state.vehicles
        play(loaded, ais(loaded))  # type: ignore[arg-type]
        assert loaded.events_sha256() == whole.events_sha256()


# --- issue 20 round 2: the Asset cards' units (R295, R296) ---
def test_r295_the_lvtp_and_snipers_are_fielded_from_their_asset_cards() -> None:
    """Scenario 2: Turkey Shoot, Regular forces; Fog of War & Asset Cards (R295): the LVTP and
    the sniper team are the Attached APC and Attached Sniper Team cards, fielded at set-up; the
    cards leave the Asset deck for the game (one of the two Attached APC copies stays)."""
    from game.engine import cards

    engine = new()
    fielded = [e["data"] for e in engine.state.events if e["kind"] == "AssetFielded"]
    assert [(d["title"], d["unit_name"]) for d in fielded] == [
        ("Attached APC", "LVTP"),
        ("Attached Sniper Team", "Sniper team"),
    ]
    assert team(engine, "Sniper team").designation == "sniper_team"  # the sniper rules (R196)
    list(cards.draw_asset(engine, "test"))  # the Asset deck shuffled for the first time
    table = engine.state.cards
    deck = table["decks"]["asset"] + table["discards"]["asset"] + table["hands"]["regular"]
    assert deck.count("attached-apc") == 1 and "attached-sniper-team" not in deck
    # (the card drawn here may itself come on as a vehicle, e.g. the ambulance, R298)
    assert table["fielded"][:2] == ["attached-apc", "attached-sniper-team"]


def test_r296_turkey_shoot_draws_one_fog_of_war_card_at_the_start() -> None:
    engine = new()
    drawn = [
        e["data"]
        for e in engine.state.events
        if e["kind"] == "CardDrawn" and e["data"]["cause"] == "setup"
    ]
    assert len(drawn) == 1 and drawn[0]["deck"] == "fog_of_war"

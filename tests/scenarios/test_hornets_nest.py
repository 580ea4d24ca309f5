"""Scenario 5: Hornet's Nest (maps/hornets-nest.toml): its set-up (Marines with the POI, five
civilian mobs, three Insurgent groups, Insurgency Level 2), its victory points, short seeded
soaks by both AIs and by random play, and a save taken mid-game that plays on identically."""

from __future__ import annotations

from pathlib import Path

from game.ai.controller import InsurgentAI
from game.ai.regular import RegularAI
from game.engine.controllers import RandomController
from game.engine.engine import Engine
from game.engine.invariants import InvariantChecker
from game.engine.state import INSURGENT, REGULAR
from game.headless import play
from game.save import load_save, new_game, resolve_map, write_save
from game.scenarios.catalog import SCENARIOS


def game(seed: int, turns: int = 10) -> Engine:
    map_path, sid = resolve_map("hornets-nest")
    return new_game(map_path, sid, seed, turn_limit=turns)


def randoms(seed: int) -> dict[str, RandomController]:
    return {REGULAR: RandomController(seed * 2 + 1), INSURGENT: RandomController(seed * 2 + 2)}


def test_hornets_nest_sets_up_the_marines_with_the_poi_five_mobs_and_three_groups() -> None:
    engine = game(1)
    s = engine.state
    assert s.insurgency_level == "2" and s.exit_edges == ["south"]
    assert [m.id for m in s.mobs] == ["C1", "C2", "C3", "C4", "C5"]
    assert all(m.status == "calm" for m in s.mobs)
    insurgents = sorted(len(u.figures) for u in s.units_of(INSURGENT))
    assert insurgents == [4, 5, 10]
    (poi,) = s.contractors
    holder = s.units[poi.holder]
    assert (poi.kind, poi.status) == ("poi", "held")
    assert holder.side == REGULAR and not holder.lone_leader
    assert holder.dependants == ["poi"]
    assert sum(len(u.figures) for u in s.units_of(REGULAR)) == 13  # a Marine squad
    assert s.fog_of_war


def test_r238_kill_no_civilians_counts_only_regular_fire() -> None:
    engine = game(1)
    s = engine.state
    s.tally["civilians_killed_by_insurgent"] = 2
    s.tally["mobs_dispersed"] = 3
    scenario = SCENARIOS["hornets-nest"]()
    regular, insurgent, _ = scenario.score(s)
    assert regular == 3 * 5 + 5  # three mobs dispersed, and the Marines killed no one
    assert insurgent == 2 * 2
    s.tally["civilians_killed_by_regular"] = 1
    regular, insurgent, _ = scenario.score(s)
    assert (regular, insurgent) == (15, 4 + 5)
    assert any("no civilians killed: no" in line for line in scenario.score(s)[2])


def test_the_poi_escorted_off_scores_ten_and_ends_the_game() -> None:
    engine = game(1)
    (poi,) = engine.state.contractors
    poi.status = "escorted"
    engine.state.tally["poi_escorted"] = 1
    scenario = SCENARIOS["hornets-nest"]()
    assert scenario.score(engine.state)[0] == 10 + 5
    assert "escorted off" in str(scenario.finished(engine.state))


def test_short_seeded_soak_both_ais_play_hornets_nest_to_the_end() -> None:
    for seed in (1, 2):
        engine = game(seed, turns=4)
        checker = InvariantChecker(engine)
        play(
            engine,
            {REGULAR: RegularAI(engine.battlefield), INSURGENT: InsurgentAI(engine.battlefield, 7)},
        )
        assert engine.over and checker.checked > 10
        kinds = {e["kind"] for e in engine.state.events}
        assert "MobMove" in kinds  # the mobs moved at the ends of the turns
        assert engine.state.result is not None and engine.state.result["turns"] <= 4


def test_short_random_soak_keeps_every_invariant_with_civilians() -> None:
    for seed in range(4):
        engine = game(seed, turns=3)
        checker = InvariantChecker(engine)
        play(engine, randoms(seed))
        assert engine.over and checker.checked > 10
        assert engine.state.events[-1]["kind"] == "GameEnd"


def test_a_save_mid_game_plays_on_to_the_same_events(tmp_path: Path) -> None:
    seed = 3
    whole = game(seed, turns=4)
    play(whole, randoms(seed))
    engine = game(seed, turns=4)
    play(engine, randoms(seed), stop_after_turn=2)
    write_save(engine, tmp_path / "s.json")
    loaded = load_save(tmp_path / "s.json")
    assert loaded.state.to_json() == engine.state.to_json()
    play(loaded, randoms(seed))
    assert loaded.events_sha256() == whole.events_sha256()

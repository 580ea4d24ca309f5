"""A save taken after a vehicle entered play mid-game loads and plays on to the same end
(R300; ARCHITECTURE.md: Playing a match, and resuming one). Sweep & Clear seed 2: Technical
Trouble brings technicals on; the Insurgent AI drives them (R306)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.headless import play
from game.save import load_save, new_game, resolve_map, write_save
from tests.engine.test_cards_games import ais
from tests.shared_games import golden_game


# the uninterrupted games are the golden ones (the same seats and seeds), played once for the
# suite (tests/shared_games.py) and only read here
@pytest.mark.golden_games(("sweep-and-clear", 2))
def test_r300_a_save_after_a_vehicle_entered_plays_on_alike(tmp_path: Path) -> None:
    map_path, scenario_id = resolve_map("sweep-and-clear")
    whole = golden_game("sweep-and-clear", 2).engine
    entered = [e["data"] for e in whole.state.events if e["kind"] == "VehicleEnters"]
    driven = {e["data"]["unit"] for e in whole.state.events if e["kind"] == "VehicleMoveStart"}
    technicals = [d["unit"] for d in entered if d["unit_name"].startswith("Technical")]
    assert technicals and set(technicals) & driven  # the Insurgent AI drove one (R306)
    technical = technicals[0]
    game = new_game(map_path, scenario_id, 2)
    commands = iter(whole.log)
    while technical not in game.state.vehicles:
        game.apply(next(commands))
    game.apply(next(commands))  # one command more: the technical is a unit among the others
    write_save(game, tmp_path / "s.json")
    loaded = load_save(tmp_path / "s.json")
    assert loaded.state.vehicles == game.state.vehicles
    assert loaded.events_sha256() == game.events_sha256()
    play(loaded, ais(loaded))
    assert loaded.events_sha256() == whole.events_sha256()


@pytest.mark.golden_games(("sweep-and-clear", 3))
def test_r308_a_save_with_the_unknown_car_on_the_table_plays_on_alike(tmp_path: Path) -> None:
    """Sweep & Clear seed 3: Cross-Town Traffic's car comes on at the start; a save taken while
    it drives (its secret in the card effects) loads and plays on to the same end."""
    map_path, scenario_id = resolve_map("sweep-and-clear")
    whole = golden_game("sweep-and-clear", 3).engine
    outcomes = [e["data"]["outcome"] for e in whole.state.events if e["kind"] == "CardPlayed"]
    assert "car_enters" in outcomes and "car_drives" in outcomes
    game = new_game(map_path, scenario_id, 3)
    commands = iter(whole.log)
    while not any(e["data"].get("outcome") == "car_drives" for e in game.state.events):
        game.apply(next(commands))
    write_save(game, tmp_path / "s.json")
    loaded = load_save(tmp_path / "s.json")
    assert loaded.state.cards["effects"]["cars"] == game.state.cards["effects"]["cars"]
    assert loaded.events_sha256() == game.events_sha256()
    play(loaded, ais(loaded))
    assert loaded.events_sha256() == whole.events_sha256()

"""A save taken after a vehicle entered play mid-game loads and plays on to the same end
(R300; ARCHITECTURE.md: Playing a match, and resuming one). Sweep & Clear seed 2: Technical
Trouble brings a technical on by the east edge; the Insurgent AI drives it (R306)."""

from __future__ import annotations

from pathlib import Path

from game.headless import play
from game.save import load_save, new_game, resolve_map, write_save
from tests.engine.test_cards_games import ais


def test_r300_a_save_after_a_vehicle_entered_plays_on_alike(tmp_path: Path) -> None:
    map_path, scenario_id = resolve_map("sweep-and-clear")
    whole = new_game(map_path, scenario_id, 2)
    play(whole, ais(whole))
    entered = [e["data"] for e in whole.state.events if e["kind"] == "VehicleEnters"]
    assert [(d["unit_name"], d["edge"]) for d in entered] == [("Technical 5", "east")]
    assert any(
        e["kind"] == "VehicleMoveStart" and e["data"]["unit"] == "I5" for e in whole.state.events
    )
    game = new_game(map_path, scenario_id, 2)
    commands = iter(whole.log)
    while "I5" not in game.state.vehicles:
        game.apply(next(commands))
    game.apply(next(commands))  # one command more: the technical is a unit among the others
    write_save(game, tmp_path / "s.json")
    loaded = load_save(tmp_path / "s.json")
    assert loaded.state.vehicles == game.state.vehicles
    assert loaded.events_sha256() == game.events_sha256()
    play(loaded, ais(loaded))
    assert loaded.events_sha256() == whole.events_sha256()

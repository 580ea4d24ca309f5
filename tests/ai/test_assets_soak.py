"""A short seeded AI-vs-AI game with support assets on a custom map: the Regular AI calls them,
the game ends, and a save after any command plays on to the same game (R190-R199; issue 19)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.ai.controller import InsurgentAI
from game.ai.regular import RegularAI
from game.engine.controllers import Controller
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR
from game.headless import play
from game.save import load_save, new_game, write_save

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = """
title = "Mortars on the Crossroads"
turns = 3
insurgency_level = "4"
assets = ["light_mortar", "armed_predator", "attached_medic", "smaw"]

[regulars]
quality = "d8"
morale = "d10"

[[regulars.units]]
name = "Alpha"
figures = "leader, saw, 3 rifle"

[[regulars.units]]
name = "Bravo"
figures = "4 rifle"

[insurgents]
type = "armed-civilians"

[[insurgents.start]]
at = 3
figures = "leader, 7 small_arms"

[[victory]]
side = "regular"
condition = "insurgent_unit_broken"
points = 2
label = "Insurgent units broken"

[[victory]]
side = "insurgent"
condition = "regular_killed"
points = 3
label = "{regulars} killed"
"""
SEED = 4


def ais(engine: Engine) -> dict[str, Controller]:
    return {
        REGULAR: RegularAI(engine.battlefield),
        INSURGENT: InsurgentAI(engine.battlefield, engine.state.seed * 2 + 2),
    }


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("assets")
    path = folder / "crossroads.tmx"
    shutil.copy(ROOT / "tests" / "maps" / "engine" / "patrol.tmx", path)
    (folder / "crossroads.toml").write_text(SCENARIO, encoding="utf-8")
    return path


def test_the_regular_ai_uses_its_assets_in_a_whole_game_and_saves_replay(
    table: Path, tmp_path: Path
) -> None:
    engine = new_game(table, None, SEED)
    play(engine, ais(engine))
    assert engine.over
    kinds = [e["kind"] for e in engine.state.events]
    assert "AssetDeployed" in kinds and "AssetCall" in kinds
    commands = list(engine.log)
    calls = [i for i, c in enumerate(commands) if c.kind == "call_asset"]
    for n in sorted({calls[0], calls[0] + 1, calls[-1] + 1, len(commands) // 2}):
        again = new_game(table, None, SEED)
        for command in commands[:n]:
            again.apply(command)
        write_save(again, tmp_path / "s.json")
        loaded = load_save(tmp_path / "s.json")
        assert loaded.state.assets == again.state.assets
        play(loaded, ais(loaded))
        assert loaded.events_sha256() == engine.events_sha256(), f"resumed after command {n}"


EVERY_ASSET = (
    'assets = ["light_mortar", "heavy_mortar", "air_support", "off_board_sniper", '
    '"armed_predator", "uav", "attached_medic", "smaw", "attached_sniper_team", '
    '"attached_lmg_team", "attached_mg_team"]'
)


def test_random_orders_with_every_asset_keep_every_invariant(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    from game.engine.controllers import RandomController
    from game.engine.invariants import InvariantChecker

    folder = tmp_path_factory.mktemp("every")
    path = folder / "crossroads.tmx"
    shutil.copy(ROOT / "tests" / "maps" / "engine" / "patrol.tmx", path)
    text = SCENARIO.replace(SCENARIO.splitlines()[4], EVERY_ASSET)
    (folder / "crossroads.toml").write_text(text, encoding="utf-8")
    seen: set[str] = set()
    for seed in range(1, 6):
        engine = new_game(path, None, seed)
        checker, before = InvariantChecker(engine), len(engine.state.events)
        play(engine, {REGULAR: RandomController(seed * 2 + 1), INSURGENT: RandomController(seed)})
        assert engine.over and checker.checked == len(engine.state.events) - before
        seen |= {e["data"]["asset"] for e in engine.state.events if e["kind"] == "AssetDeployed"}
        seen |= {e["data"]["asset"] for e in engine.state.events if e["kind"] == "AssetCall"}
    assert len(seen) >= 6

"""Determinism, saves and replay, and a short soak with every invariant checked after each event."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine.controllers import RandomController
from game.engine.engine import Engine
from game.engine.invariants import InvariantChecker
from game.engine.state import INSURGENT, REGULAR
from game.headless import play, result_line
from game.save import SaveError, load_save, new_game, write_save

MAP = Path(__file__).resolve().parent.parent / "maps" / "engine" / "crossroads.tmx"


def controllers(seed: int) -> dict[str, RandomController]:
    return {REGULAR: RandomController(seed * 2 + 1), INSURGENT: RandomController(seed * 2 + 2)}


def full_game(seed: int, scenario: str | None = None, turns: int = 4) -> Engine:
    engine = new_game(MAP, scenario, seed, turn_limit=turns)
    play(engine, controllers(seed))
    return engine


def test_same_seed_same_events_sha256_different_seed_different() -> None:
    first, again, other = full_game(11), full_game(11), full_game(12)
    assert first.over and again.over and other.over
    assert first.events_sha256() == again.events_sha256()
    assert result_line(first) == result_line(again)
    assert first.events_sha256() != other.events_sha256()


def test_a_game_saved_at_the_end_of_every_turn_ends_like_the_uninterrupted_game(
    tmp_path: Path,
) -> None:
    seed = 5
    whole = full_game(seed, turns=5)
    engine = new_game(MAP, None, seed, turn_limit=5)
    turn = 1
    while not engine.over:
        play(engine, controllers(seed), stop_after_turn=turn)
        save = tmp_path / f"turn{turn}.json"
        write_save(engine, save)
        engine = load_save(save)
        turn += 1
    assert turn > 2  # at least one save and reload happened mid-game
    assert result_line(engine) == result_line(whole)


def test_loading_reproduces_the_exact_state(tmp_path: Path) -> None:
    engine = new_game(MAP, None, 3, turn_limit=6)
    play(engine, controllers(3), stop_after_turn=2)
    write_save(engine, tmp_path / "s.json")
    loaded = load_save(tmp_path / "s.json")
    assert loaded.state.to_json() == engine.state.to_json()
    data = json.loads((tmp_path / "s.json").read_text())
    assert data["version"] == 1 and data["seed"] == 3 and len(data["commands"]) == len(engine.log)
    assert not list(tmp_path.glob(".*.tmp"))  # the atomic write left no temporary file


WRONG_SIDE = {"kind": "end_phase", "side": "insurgent"}
UNKNOWN = {"kind": "warp", "side": "regular"}


def _save(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    engine = new_game(MAP, None, 2, turn_limit=4)
    play(engine, controllers(2), stop_after_turn=1)
    path = tmp_path / "game.json"
    write_save(engine, path)
    return path, json.loads(path.read_text())


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d.update(version=99), "version 99 is not supported"),
        (lambda d: d.update(map_sha256="0" * 64), "has changed since the game was saved"),
        (lambda d: d["commands"].insert(0, WRONG_SIDE), "command 1 is illegal on replay"),
        (lambda d: d["commands"].insert(0, UNKNOWN), "command 1 is damaged"),
        (lambda d: d["commands"].pop(), "does not match the save"),
        (lambda d: d.pop("seed"), "field 'seed'"),
    ],
)  # fmt: skip
def test_a_damaged_save_gives_one_clear_error_naming_the_file(
    tmp_path: Path, damage: object, message: str
) -> None:
    path, data = _save(tmp_path)
    damage(data)  # type: ignore[operator]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as caught:
        load_save(path)
    text = str(caught.value)
    assert str(path) in text and message in text and "\n" not in text


def test_a_save_records_the_game_version_from_pyproject(tmp_path: Path) -> None:
    import tomllib

    import game

    pyproject = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    assert game.__version__ == pyproject["project"]["version"]
    _path, data = _save(tmp_path)
    assert data["game_version"] == game.__version__
    assert data["fingerprint"] == "seq,turn,kind,data"


def _old_format(data: dict[str, object]) -> None:
    """The save as the versions before this one wrote it: no game version, and a fingerprint
    over the events with their English text."""
    data.pop("game_version")
    data.pop("fingerprint")
    data["events_sha256"] = "f" * 64  # hashed the narration too: no longer reproducible


@pytest.mark.parametrize(
    ("change", "made_by"),
    [
        (_old_format, "a version before"),
        (lambda d: d.update(game_version="0.0.9", events_sha256="e" * 64), "version 0.0.9"),
    ],
)  # fmt: skip
def test_another_versions_save_loads_when_its_commands_still_replay(
    tmp_path: Path, change: object, made_by: str
) -> None:
    path, data = _save(tmp_path)
    reference = load_save(path)
    assert reference.load_notice == ""  # this version's own save is checked, silently
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data))
    loaded = load_save(path)
    assert loaded.state.to_json() == reference.state.to_json()
    notice = loaded.load_notice
    assert str(path) in notice and made_by in notice and "fingerprint check is skipped" in notice


@pytest.mark.parametrize(
    ("change", "made_by"),
    [
        (_old_format, "a version before"),
        (lambda d: d.update(game_version="0.0.9"), "version 0.0.9"),
    ],
)  # fmt: skip
def test_another_versions_save_that_no_longer_replays_says_which_version_made_it(
    tmp_path: Path, change: object, made_by: str
) -> None:
    path, data = _save(tmp_path)
    change(data)  # type: ignore[operator]
    data["commands"].insert(3, WRONG_SIDE)  # type: ignore[attr-defined]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as caught:
        load_save(path)
    text = str(caught.value)
    assert str(path) in text and made_by in text and "\n" not in text
    assert "no longer replays: command 4 is illegal now" in text


def test_bad_json_and_missing_saves_are_one_line_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "ambush-alley-save", "version": 1, ')
    with pytest.raises(SaveError, match="bad JSON"):
        load_save(bad)
    with pytest.raises(SaveError, match="no such save file"):
        load_save(tmp_path / "missing.json")


@pytest.mark.parametrize("scenario", ["contracting-trouble", "sweep-and-clear", "patrol"])
def test_short_soak_random_games_keep_every_invariant(scenario: str) -> None:
    for seed in range(6):
        engine = new_game(MAP, scenario, seed, turn_limit=3)
        checker = InvariantChecker(engine)
        play(engine, controllers(seed))
        assert engine.over, f"seed {seed} did not end"
        assert checker.checked > 10  # the checker saw the game's events
        assert engine.state.result is not None and engine.state.result["turns"] <= 3
        assert engine.state.events[-1]["kind"] == "GameEnd"


def test_the_regular_activation_under_way_is_part_of_the_state_and_the_view() -> None:
    """Rulebook: Interruptions — what the activated unit has done (moved, fired, interruptions
    suffered) decides what it may still do, so it lives in the game state, round-trips through
    its JSON, and each side's PlayerView shows it."""
    from game.engine.state import GameState
    from game.engine.view import player_view

    engine = new_game(MAP, None, 3, turn_limit=6)
    assert engine.state.activation is None and engine.act is None
    seen = None
    for _ in range(400):  # until a Regular unit is in the middle of its activation
        if engine.act is not None and engine.act.acted:
            seen = engine.state.activation
            break
        side = engine.pending.side if engine.pending else REGULAR
        engine.apply(controllers(3)[side].choose(player_view(engine, side)))
    assert seen is not None and seen.unit in engine.state.units
    data = json.loads(engine.state.to_json())
    assert data["activation"]["unit"] == seen.unit and data["activation"]["acted"] is True
    back = GameState.from_dict(data).activation
    assert back is not None
    assert (back.unit, back.moved, back.fired, back.interruptions, back.rate) == (
        seen.unit,
        seen.moved,
        seen.fired,
        seen.interruptions,
        seen.rate,
    )
    view = player_view(engine, INSURGENT)
    assert view.state["activation"]["unit"] == seen.unit

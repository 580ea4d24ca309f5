"""A save resumes exactly: saved after any command, loaded and played on by fresh AIs, a game ends
as the uninterrupted one (the AIs rebuild their memory of the turn, `Driver.recall`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai.controller import InsurgentAI
from game.ai.regular import RegularAI
from game.engine.commands import Command
from game.engine.controllers import Controller
from game.engine.driver import Driver, turn_history
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR
from game.headless import play
from game.save import load_save, new_game, resolve_map, write_save

# Contracting Trouble, seed 2, two turns: 22 commands. Before the AIs recalled the turn, 9 of
# its 21 resumes played on differently (an interrupting unit forgot its row; units that had
# taken their Action Check this turn took another one, R72).
SCENARIO, SEED, TURNS = "contracting-trouble", 2, 2


def new() -> Engine:
    map_path, scenario_id = resolve_map(SCENARIO)
    return new_game(map_path, scenario_id, SEED, turn_limit=TURNS)


def ais(engine: Engine) -> dict[str, Controller]:
    return {
        REGULAR: RegularAI(engine.battlefield),
        INSURGENT: InsurgentAI(engine.battlefield, engine.state.seed * 2 + 2),
    }


@pytest.fixture(scope="module")
def whole() -> Engine:
    engine = new()
    play(engine, ais(engine))
    assert engine.over
    return engine


def test_a_save_after_every_command_loaded_by_fresh_ais_ends_like_the_whole_game(
    whole: Engine, tmp_path: Path
) -> None:
    commands = list(whole.log)
    assert len(commands) >= 20
    moved = []
    engine = new()  # the AIs' game up to each save (they are deterministic), one command on
    for n in range(1, len(commands)):
        engine.apply(commands[n - 1])
        write_save(engine, tmp_path / "s.json")
        loaded = load_save(tmp_path / "s.json")
        play(loaded, ais(loaded))
        if loaded.events_sha256() != whole.events_sha256():
            moved.append(n)
    assert moved == []


def memory(ai: InsurgentAI) -> tuple[object, object]:
    return ai._ledger, ai._plans


def test_the_insurgent_ai_recalls_exactly_what_it_remembered(whole: Engine) -> None:
    """At every command of the game, a fresh AI that recalls the turn remembers what the AI
    that played it did (which units checked, the row each interrupting unit follows)."""
    engine = new()
    playing = ais(engine)
    insurgent = playing[INSURGENT]
    assert isinstance(insurgent, InsurgentAI)
    driver = Driver(engine, playing)
    compared = 0
    while driver.step() is not None:
        fresh = InsurgentAI(engine.battlefield, engine.state.seed * 2 + 2)
        Driver(engine, {INSURGENT: fresh}).recall()
        if insurgent._ledger.turn == engine.state.turn:
            assert memory(fresh) == memory(insurgent), f"after command {len(engine.log)}"
            assert fresh.log == []  # its reasons were told once, by the AI that played
            compared += bool(insurgent._ledger.checked)
    assert engine.events_sha256() == whole.events_sha256() and compared >= 5


def test_a_history_the_ai_would_not_have_played_is_forgotten(whole: Engine) -> None:
    engine = new()
    Driver(engine, ais(engine), stop_after_command=8).run()
    history = turn_history(engine, {INSURGENT})[INSURGENT]
    assert history, "the Insurgents answered decisions this turn"
    ai = InsurgentAI(engine.battlefield, engine.state.seed * 2 + 2)
    ai.recall(history)
    assert ai._ledger.checked  # the AI's own game: remembered
    view, _ = history[0]
    other: Command = next(c for c in view.legal if c.to_json() != history[0][1].to_json())
    ai.recall([(view, other), *history[1:]])  # a person answered otherwise
    assert ai._ledger.checked == frozenset() and ai._plans == {}


def test_no_history_when_the_log_does_not_replay_from_the_seed() -> None:
    engine = new()
    Driver(engine, ais(engine), stop_after_command=5).run()
    other = Engine(engine.scenario, engine.battlefield, SEED + 1)
    for command in engine.log:
        try:
            other.apply(command)
        except Exception:
            break
    other.state.seed = SEED  # claims the seed its dice did not follow
    assert turn_history(other, {INSURGENT}) == {}

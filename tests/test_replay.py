"""Replay with rewind (issue 22): a seeded AI-vs-AI game of Contracting Trouble, three turns,
stepped through by event, activation and turn, the board as it was at each event."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.engine import Engine
from game.engine.protocol import EventKind
from game.replay import Replay
from game.save import SaveError, write_save
from tests.shared_games import SHORT_GAME, short_game

pytestmark = pytest.mark.shared_game(SHORT_GAME)  # played once for both modules


@pytest.fixture(scope="module")
def game() -> Engine:
    engine = short_game()
    assert engine.over
    return engine


@pytest.fixture
def replay(game: Engine) -> Replay:
    return Replay(game)


def test_the_last_event_shows_the_board_the_game_ended_with(game: Engine, replay: Replay) -> None:
    assert replay.position == len(game.state.events) - 1
    assert replay.state().to_dict(events=False) == game.state.to_dict(events=False)


def test_a_move_event_shows_the_unit_where_it_moved_and_the_event_before_where_it_was(
    replay: Replay,
) -> None:
    index = next(
        i for i, e in enumerate(replay.events) if e["kind"] == EventKind.MOVE_END and i > 0
    )
    unit = replay.events[index]["data"]["unit"]
    start = next(
        i
        for i in range(index, -1, -1)
        if replay.events[i]["kind"] == EventKind.ACTIVATE
        and replay.events[i]["data"]["unit"] == unit
    )
    before = replay.state(start - 1).units[unit].centre
    after = replay.state(index).units[unit].centre
    assert before != after
    assert len(replay.state(index).events) == index + 1


def test_stepping_by_turn_lands_on_each_turn_start_forward_and_back(replay: Replay) -> None:
    replay.go(0)
    starts = [replay.step_turn(1) for _ in range(3)]
    assert [replay.events[i]["kind"] for i in starts] == [EventKind.TURN_START] * 3
    assert [replay.state(i).turn for i in starts] == [1, 2, 3]
    replay.go(starts[2] + 5)
    assert replay.step_turn(-1) == starts[2]
    assert replay.step_turn(-1) == starts[1]
    assert replay.step_event(-1) == starts[1] - 1


def test_stepping_by_activation_stops_at_every_regular_activation(replay: Replay) -> None:
    activations = [i for i, e in enumerate(replay.events) if e["kind"] == EventKind.ACTIVATE]
    replay.go(0)
    seen = set()
    while replay.position < len(replay) - 1:
        seen.add(replay.step_activation(1))
    assert set(activations) <= seen
    back = replay.step_activation(-1)
    assert back < len(replay) - 1 and back in seen


def test_the_log_puts_each_ai_reason_before_the_event_it_led_to(
    game: Engine, replay: Replay
) -> None:
    at, note = game.notes[0]
    lines = replay.log(at)
    assert lines[-1].text == game.state.events[at]["text"] and not lines[-1].note
    assert any(line.note and line.text == note for line in lines)
    assert len(replay.log(at, limit=3)) >= 3


def test_a_save_replays_and_a_damaged_one_names_its_file(game: Engine, tmp_path: Path) -> None:
    write_save(game, tmp_path / "game.json")
    assert len(Replay.of_save(tmp_path / "game.json")) == len(game.state.events)
    (tmp_path / "bad.json").write_text("{ not json", encoding="utf-8")
    with pytest.raises(SaveError, match=r"bad\.json"):
        Replay.of_save(tmp_path / "bad.json")


def test_turn_start_finds_the_event_that_begins_a_turn_and_none_past_the_end(
    game: Engine, replay: Replay
) -> None:
    at = replay.turn_start(2)
    assert at is not None and replay.events[at]["kind"] == EventKind.TURN_START
    assert replay.state(at).turn == 2
    assert all(int(e.get("turn", 0)) < 2 for e in replay.events[:at])
    assert replay.last_turn == game.state.turn == 3
    assert replay.turn_start(4) is None

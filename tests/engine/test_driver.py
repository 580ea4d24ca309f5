"""The match driver: one loop, stop conditions, hooks, notes, and the failure policies."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.commands import Command, MoveUnit
from game.engine.controllers import RandomController
from game.engine.driver import ControllerFailure, Driver, Step
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR
from game.engine.view import PlayerView
from game.save import new_game

MAP = Path(__file__).resolve().parent.parent / "maps" / "engine" / "crossroads.tmx"


def game(seed: int = 3, turns: int = 3) -> Engine:
    return new_game(MAP, None, seed, turn_limit=turns)


def fuzzers(seed: int = 3) -> dict[str, RandomController]:
    return {REGULAR: RandomController(seed * 2 + 1), INSURGENT: RandomController(seed * 2 + 2)}


class Broken:
    """Answers `after` decisions like the fuzzer, then raises."""

    def __init__(self, after: int, seed: int = 8) -> None:
        self.inner, self.left = RandomController(seed), after

    def choose(self, view: PlayerView) -> Command:
        if self.left == 0:
            raise ZeroDivisionError("a bug in the AI")
        self.left -= 1
        return self.inner.choose(view)


class Cheater:
    """Moves a unit that is not its side's, which the rules refuse."""

    def choose(self, view: PlayerView) -> Command:
        return MoveUnit(side=view.side, unit="no-such-unit", to=(1.0, 1.0))


class Talker(RandomController):
    """The fuzzer, saying one line per decision it answers."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.log: list[str] = []

    def choose(self, view: PlayerView) -> Command:
        self.log.append(f"decision {view.decision['id'] if view.decision else '?'}")
        return super().choose(view)


def test_the_driver_plays_the_same_game_as_the_loop_it_replaced() -> None:
    first, again = game(), game()
    assert Driver(first, fuzzers()).run() == "over"
    Driver(again, fuzzers()).run()
    assert first.over and first.events_sha256() == again.events_sha256()


def test_stop_after_command_counts_the_games_log_and_stop_after_turn_the_turns() -> None:
    engine = game()
    assert Driver(engine, fuzzers(), stop_after_command=7).run() == "command"
    assert len(engine.log) == 7 and not engine.over
    # a driver over the same game goes on from there, to the end of turn 1
    assert Driver(engine, fuzzers(), stop_after_turn=1).run() == "turn"
    assert engine.state.turn == 2 and not engine.over


def test_hooks_see_every_command_once_and_notes_come_before_their_events() -> None:
    engine = game()
    steps: list[Step] = []
    talker = Talker(7)
    driver = Driver(engine, {REGULAR: RandomController(5), INSURGENT: talker})
    driver.hooks.append(steps.append)
    heard: list[tuple[str, str]] = []
    driver.note_listeners.append(lambda side, line: heard.append((side, line)))
    driver.run()
    assert [s.command for s in steps] == engine.log
    assert sum(len(s.events) for s in steps) == len(engine.state.events) - len(game().state.events)
    assert [line for _, line in engine.notes] == talker.log == [line for _, line in heard]
    assert {side for side, _ in heard} == {INSURGENT}
    # each note is filed before the events of the Insurgent command it explains
    at = [at for at, _ in engine.notes]
    insurgent_starts = [
        len(engine.state.events) - sum(len(t.events) for t in steps[k:])
        for k, s in enumerate(steps)
        if s.side == INSURGENT
    ]
    assert at == insurgent_starts


def test_strict_raises_a_controllers_failure_naming_side_decision_and_command() -> None:
    engine = game()
    driver = Driver(engine, {REGULAR: RandomController(5), INSURGENT: Broken(after=2)})
    with pytest.raises(ControllerFailure) as caught:
        driver.run()
    assert caught.value.side == INSURGENT
    message = str(caught.value)
    assert message.startswith(f"the Insurgents controller failed at command {len(engine.log) + 1}")
    assert "ZeroDivisionError: a bug in the AI" in message and "seed 3" in message
    assert isinstance(caught.value.__cause__, ZeroDivisionError)
    assert engine.pending is not None and engine.pending.side == INSURGENT  # nothing applied


def test_strict_raises_when_a_controller_answers_an_illegal_command() -> None:
    engine = game()
    before = len(engine.log)
    with pytest.raises(ControllerFailure, match="it answered move, which is refused"):
        Driver(engine, {REGULAR: Cheater(), INSURGENT: Cheater()}).run()
    assert len(engine.log) == before


def test_report_gives_one_line_drops_the_controller_and_never_moves_in_its_place() -> None:
    engine = game()
    driver = Driver(
        engine, {REGULAR: RandomController(5), INSURGENT: Broken(after=1)}, policy="report"
    )
    steps: list[Step] = []
    driver.hooks.append(steps.append)
    assert driver.run() == "person"  # the Insurgents wait for a person now
    failed = driver.failed[INSURGENT]
    assert "\n" not in failed and "ZeroDivisionError: a bug in the AI" in failed
    assert INSURGENT not in driver.controllers and driver.question() is None
    assert all(s.failure == "" for s in steps)  # hooks ran only for applied commands
    logged = len(engine.log)
    assert engine.pending is not None and engine.pending.side == INSURGENT
    # the person answers through the same driver, and the AI side goes on
    driver.apply(engine.legal_commands(INSURGENT)[0])
    assert len(engine.log) == logged + 1 and len(steps) == logged + 1 - len(game().log)


def test_an_unknown_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="policy 'lenient'"):
        Driver(game(), fuzzers(), policy="lenient")  # type: ignore[arg-type]


def test_a_side_without_a_controller_waits_for_a_person() -> None:
    engine = game()
    driver = Driver(engine, {REGULAR: RandomController(5)})
    assert driver.run() == "person"
    assert engine.pending is not None and engine.pending.side == INSURGENT
    assert driver.step() is None and not engine.over

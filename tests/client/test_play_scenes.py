"""The play screen's other scenes and its robustness: random input, hand-off, end of game."""

from __future__ import annotations

import time

import pygame
import pytest

from game.client.endgame import EndGameScene, summary_html
from game.client.handoff import COVER, HandoffScene
from game.client.play import PlayScene, open_play
from game.client.session import GameSession, Seat, SessionConfig
from game.engine.commands import EndActivation, EndPhase, IllegalCommand, MoveUnit
from game.engine.controllers import RandomController
from game.engine.state import INSURGENT, REGULAR
from game.rules.dice import SeededDice


def test_5000_seeded_random_inputs_never_raise(app: object) -> None:
    config = SessionConfig(table="contracting-trouble", seed=5, pace="instant", autosave=False)
    scene = open_play("contracting-trouble", config=config)
    # The seeded random fuzzer plays the Insurgents: this test is about the screen's input, and
    # the solo AI's thinking (about 0.5 s per end-of-turn action) would only slow it down.
    scene.session.controllers[INSURGENT] = RandomController(7)
    app.push(scene)  # type: ignore[attr-defined]
    rng = SeededDice(2026)
    keys = [
        pygame.K_m, pygame.K_f, pygame.K_a, pygame.K_o, pygame.K_h, pygame.K_g, pygame.K_e,
        pygame.K_p, pygame.K_l, pygame.K_v, pygame.K_SPACE, pygame.K_TAB, pygame.K_c,
        pygame.K_RETURN, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_r, pygame.K_LEFT,
        pygame.K_PAGEUP, pygame.K_t,
    ]  # fmt: skip
    w, h = 1280, 800
    sent = 0
    engine = scene.session.engine
    while sent < 5000:
        batch = []
        for _ in range(25):
            roll = rng.below(10)
            pos = (rng.below(w), rng.below(h))
            if roll < 3:
                batch.append(
                    pygame.event.Event(
                        pygame.KEYDOWN, key=keys[rng.below(len(keys))], mod=0, unicode=""
                    )
                )
            elif roll < 5:
                batch.append(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
                )
            elif roll < 8:
                batch.append(
                    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1 + rng.below(3))
                )
                batch.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            elif roll < 9:
                batch.append(pygame.event.Event(pygame.KEYUP, key=pygame.K_r, mod=0, unicode=""))
            else:
                batch.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 - 2 * rng.below(2)))
        sent += len(batch)
        app.step(batch)  # type: ignore[attr-defined]
        if not isinstance(app.stack.top, PlayScene):  # type: ignore[attr-defined]
            app.stack.pop()  # type: ignore[attr-defined]  # the end screen: back to the game
            if engine.over:
                break
    assert sent >= 5000 or engine.over
    assert engine.state.turn >= 1
    assert len(engine.state.events) > 10  # the random player did give orders the engine took


def test_the_end_screen_lists_the_victory_points_and_the_margin(app: object) -> None:
    config = SessionConfig(
        mode="watch", table="contracting-trouble", seed=2, pace="instant", autosave=False,
        turn_limit=1,
    )  # fmt: skip
    scene = open_play("contracting-trouble", config=config)
    app.push(scene)  # type: ignore[attr-defined]
    for _ in range(400):
        app.step()  # type: ignore[attr-defined]
        if isinstance(app.stack.top, EndGameScene):  # type: ignore[attr-defined]
            break
    end = app.stack.top  # type: ignore[attr-defined]
    assert isinstance(end, EndGameScene)
    result = scene.session.engine.state.result
    assert result is not None
    summary = end.summary
    reg, ins, lines = scene.session.score()
    # the engine's lines, each counted item told label first (polish round 7)
    from game.report import item_words

    told = tuple(", ".join(item_words(i) for i in line.split(", ")) for line in lines)
    assert summary.items == told and len(lines) >= 3
    assert any("Marines wounded 0 × 1 VP" in item for item in summary.items)
    assert (summary.vp_regular, summary.vp_insurgent) == (reg, ins)
    assert summary.margin == result["margin"]
    markup = summary_html(summary)
    for line in lines:
        assert line.split(":")[0] in markup
    assert f"Margin of victory: {abs(reg - ins)} VP" in markup
    assert result["margin"] in markup
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")])  # type: ignore[attr-defined]
    assert len(app.stack) == 0  # type: ignore[attr-defined]  # the game and its end screen left


def test_hand_off_covers_the_board_between_two_human_seats(app: object) -> None:
    seats = (Seat("Regular player", "human", REGULAR), Seat("Insurgent player", "human", INSURGENT))
    config = SessionConfig(
        mode="hotseat", table="contracting-trouble", seed=3, seats=seats, pace="instant",
        autosave=False,
    )  # fmt: skip
    scene = open_play("contracting-trouble", config=config)
    app.push(scene)  # type: ignore[attr-defined]
    app.run(max_frames=2)  # type: ignore[attr-defined]
    session: GameSession = scene.session
    assert session.current_seat() == seats[0]
    # Alpha runs into the street in sight of the Insurgents: they must declare interruptions.
    scene.give(MoveUnit(side=REGULAR, unit="R1", to=(18.0, 9.0), rate="rapid"))
    assert session.current_seat() == seats[1]
    app.step()  # type: ignore[attr-defined]
    app.step()  # type: ignore[attr-defined]
    handoff = app.stack.top  # type: ignore[attr-defined]
    assert isinstance(handoff, HandoffScene) and handoff.player == "Insurgent player"
    assert handoff.heading == "Pass to the Insurgent player"
    screen = app.screen  # type: ignore[attr-defined]
    w, h = screen.get_size()
    samples = [(x, y) for x in range(0, w, 37) for y in range(0, h, 29)]
    covered = sum(1 for p in samples if tuple(screen.get_at(p))[:3] == COVER)
    assert covered / len(samples) > 0.97  # only the hand-off's own words are not the cover
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode="")])  # type: ignore[attr-defined]
    app.step()  # type: ignore[attr-defined]
    assert app.stack.top is scene  # type: ignore[attr-defined]
    assert scene.dialog_options  # the Insurgent player now sees the interruption choices
    assert all(o.side == INSURGENT for o in scene.dialog_options)


def test_coop_seats_own_their_fireteams() -> None:
    config = SessionConfig(mode="coop", table="contracting-trouble", seed=1, autosave=False)
    session = GameSession(config)
    first, second = session.seats_of(REGULAR)
    assert first.units == frozenset({"R1"}) and second.units == frozenset({"R2"})
    assert session.may_command(first, "R2") == "Bravo fireteam belongs to Regular player 2"
    assert session.may_command(second, "R2") == ""


def test_the_ai_thinking_in_a_worker_thread_plays_the_same_game(app: object) -> None:
    config = SessionConfig(table="contracting-trouble", seed=4, pace="instant", autosave=False)
    scene = open_play("contracting-trouble", config=config)
    scene._threaded_ai = True
    app.push(scene)  # type: ignore[attr-defined]
    scene.give(EndPhase(side=REGULAR))
    engine = scene.session.engine
    # The worker thread thinks at its own speed (a loaded CI machine is slow): bound the wait in
    # seconds, not frames, and let the thread run between frames.
    deadline = time.monotonic() + 300
    while not (engine.state.turn == 2 and engine.pending and engine.pending.side == REGULAR):
        app.step()  # type: ignore[attr-defined]
        time.sleep(0.002)
        assert time.monotonic() < deadline, "the AI worker never finished the Insurgent turn"
    inline = GameSession(config)
    inline.apply(EndPhase(side=REGULAR))
    inline.run_ai_until_human()
    assert inline.engine.state.turn == 2
    assert engine.events_sha256() == inline.engine.events_sha256()


def test_coop_players_take_turns_activating_their_own_fireteams() -> None:
    config = SessionConfig(mode="coop", table="contracting-trouble", seed=1, autosave=False)
    session = GameSession(config)
    first, second = session.seats_of(REGULAR)
    assert session.current_seat() == first
    with pytest.raises(IllegalCommand, match="belongs to Regular player 2"):
        session.apply(EndActivation(side=REGULAR, unit="R2"))
    session.apply(EndActivation(side=REGULAR, unit="R1"))
    session.run_ai_until_human()
    assert session.current_seat() == second
    session.apply(EndActivation(side=REGULAR, unit="R2"))
    session.run_ai_until_human()
    assert session.engine.state.turn == 2 and session.current_seat() == first


def test_at_the_normal_pace_the_hand_off_comes_after_the_playback(app: object) -> None:
    seats = (Seat("Regular player", "human", REGULAR), Seat("Insurgent player", "human", INSURGENT))
    config = SessionConfig(
        mode="hotseat", table="contracting-trouble", seed=3, seats=seats, pace="normal",
        autosave=False,
    )  # fmt: skip
    scene = open_play("contracting-trouble", config=config)
    app.push(scene)  # type: ignore[attr-defined]
    app.step()  # type: ignore[attr-defined]
    scene.give(MoveUnit(side=REGULAR, unit="R1", to=(18.0, 9.0), rate="rapid"))
    busy_frames = 0
    for _ in range(3000):
        app.step(dt=0.05)  # type: ignore[attr-defined]
        if isinstance(app.stack.top, HandoffScene):  # type: ignore[attr-defined]
            break
        busy_frames += 1
        assert scene.playback.busy  # no hand-off is skipped while the outcome plays out
    assert isinstance(app.stack.top, HandoffScene)  # type: ignore[attr-defined]
    assert busy_frames > 10 and not scene.playback.queue


class _BrokenAI:
    """An AI with a bug: every decision raises."""

    def choose(self, view: object) -> EndPhase:
        raise ZeroDivisionError("a bug in the AI")


@pytest.mark.parametrize("threaded", [False, True])
def test_a_failing_ai_says_so_in_one_line_and_a_person_takes_its_seat(
    app: object, threaded: bool
) -> None:
    config = SessionConfig(table="contracting-trouble", seed=4, pace="instant", autosave=False)
    scene = open_play("contracting-trouble", config=config)
    scene._threaded_ai = threaded
    session = scene.session
    session.driver.controllers[INSURGENT] = _BrokenAI()  # type: ignore[assignment]
    app.push(scene)  # type: ignore[attr-defined]
    scene.give(EndPhase(side=REGULAR))
    engine = session.engine
    logged = len(engine.log)
    deadline = time.monotonic() + 60
    while session.ai_to_move:
        app.step()  # type: ignore[attr-defined]
        time.sleep(0.002)
        assert time.monotonic() < deadline, "the failing AI was asked for ever"
    # nothing was played in the AI's place: the Insurgents' decision waits for a person
    assert len(engine.log) == logged and engine.pending is not None
    assert engine.pending.side == INSURGENT
    seat = session.current_seat()
    assert seat is not None and seat.human and seat.name == "Insurgent player"
    assert INSURGENT not in session.controllers
    assert scene.status_is_error and "\n" not in scene.status
    assert scene.status.startswith("Insurgent AI could not answer (the Insurgents controller")
    assert "ZeroDivisionError: a bug in the AI" in scene.status
    assert scene.status.endswith("You play the Insurgents from here")
    # the person answers, and the game goes on
    session.apply(engine.legal_commands(INSURGENT)[0])
    assert len(engine.log) == logged + 1

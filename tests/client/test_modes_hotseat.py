"""Hot-seat from the set-up screen: hand-off at each change of player, the board hidden behind it,
and the Insurgent player's interruption declaration reaching the engine."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame

from game.client.handoff import COVER, HandoffScene
from game.client.play import PlayScene
from game.client.scenes import App
from game.client.setup import SetupScene
from game.engine.commands import DeclareInterrupts, MoveUnit

MAPS = Path(__file__).resolve().parents[2] / "maps"


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        motion(pos),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def cover_share(screen: pygame.Surface) -> float:
    w, h = screen.get_size()
    samples = [(x, y) for x in range(0, w, 37) for y in range(0, h, 29)]
    return sum(1 for p in samples if tuple(screen.get_at(p))[:3] == COVER) / len(samples)


def test_hotseat_hands_off_hides_the_board_and_the_insurgent_declaration_reaches_the_engine(
    app: App,
) -> None:
    setup = SetupScene(preselect=MAPS / "contracting-trouble.tmx")
    app.push(setup)
    setup.set_mode("hotseat")
    app.step()
    setup.name_entries[0].set_text("Ann")
    setup.name_entries[1].set_text("Bob")
    assert setup.seed_entry is not None
    setup.seed_entry.set_text("3")  # the same dice as the play screen's own hand-off test
    setup.choices.pace = "instant"
    assert setup.start()
    play = app.stack.top
    assert isinstance(play, PlayScene)
    session: Any = play.session
    app.step()
    app.step()
    assert session.current_seat().name == "Ann"
    assert cover_share(app.screen) < 0.5  # Ann sees the board
    # Ann clicks Alpha, presses M and clicks the street in the Insurgents' sight: Bob answers.
    alpha = next(r for uid, r in play.last_frame.figure_rects if uid == "R1").center
    app.step(click(alpha))
    assert play.overlays.selected_unit == "R1"
    app.step([key(pygame.K_m)])
    x, y = play.camera.world_to_screen((18.0, 9.0))
    street = (round(x), round(y))
    app.step([motion(street)])
    app.step(click(street))
    assert isinstance(session.engine.log[-1], MoveUnit) and session.engine.log[-1].unit == "R1"
    assert session.current_seat().name == "Bob"
    app.step()
    app.step()
    handoff = app.stack.top
    assert isinstance(handoff, HandoffScene) and handoff.player == "Bob"
    assert handoff.heading == "Pass to Bob (Insurgents)"  # found in play: "Pass to the Bob"
    assert cover_share(app.screen) > 0.97  # nothing of the board shows through
    app.step([key(pygame.K_SPACE)])
    app.step()
    assert app.stack.top is play
    declarations = [
        i
        for i, option in enumerate(play.dialog_options)
        if isinstance(option, DeclareInterrupts) and option.declarations
    ]
    assert declarations, "Bob is offered at least one interruption"
    chosen = play.dialog_options[declarations[0]]
    commands_before = len(session.engine.log)
    app.step([key(pygame.K_1 + declarations[0])])
    assert session.engine.log[commands_before] == chosen  # the engine got Bob's declaration
    assert any("interrupt" in e["text"].lower() for e in session.engine.state.events[-40:]), (
        "the declaration shows in the event log"
    )
    # Back to Ann (or on to her next decision): the board is hidden again until she is ready.
    for _ in range(60):
        app.step()
        if isinstance(app.stack.top, HandoffScene):
            break
        seat = session.current_seat()
        if seat is not None and seat.name == "Bob" and play.dialog_options:
            app.step([key(pygame.K_1)])  # Bob answers whatever else is asked of him
    top = app.stack.top
    assert isinstance(top, HandoffScene) and top.player == "Ann"
    assert cover_share(app.screen) > 0.97


def test_an_insurgent_players_interrupt_move_names_and_marks_each_spot(app: App) -> None:
    """Found in play: Bob chose where his group interrupts among bare coordinates, in a dialog
    that hid half the table. Each option now says where it goes, its number marks the spot on
    the map, and the dialog is only as wide as its labels."""
    from game.ai.controller import InsurgentAI
    from game.ai.regular import RegularAI
    from game.client import orders
    from game.client.saves_ui import play_scene_for
    from game.client.session import GameSession, SessionConfig
    from game.engine.view import player_view

    # the AIs play the hot-seat game up to the first Insurgent interruption by move; which seed
    # has one depends on the AIs' play, so the first of a few seeds that does is taken
    for seed in range(1, 6):
        config = SessionConfig(
            mode="hotseat", table="contracting-trouble", seed=seed, autosave=False
        )
        session = GameSession(config)
        ais: dict[str, Any] = {
            "regular": RegularAI(session.engine.battlefield),
            "insurgent": InsurgentAI(session.engine.battlefield, 3),
        }
        while (pending := session.engine.pending) is not None and pending.kind != "interrupt_move":
            session.apply(ais[pending.side].choose(player_view(session.engine, pending.side)))
        if pending is not None:
            break
    assert pending is not None and len(pending.options) > 3
    play = play_scene_for(session)
    app.push(play)
    app.step()
    if isinstance(app.stack.top, HandoffScene):
        app.step([key(pygame.K_SPACE)])
        app.step()
    assert app.stack.top is play and play.dialog_panel is not None
    labels = [button.text for button, _option in play.dialog_buttons]
    assert all(
        label.split(". ", 1)[1].startswith(("Cautious move ", "Rapid move ")) for label in labels
    )
    assert not any(re.search(r"\(\d+(\.\d+)?, \d+", label) for label in labels)  # no (x, y)
    assert not any("Insurgent group" in label for label in labels)  # the prompt names it
    assert any(" building " in label or "beside " in label for label in labels)
    assert play.dialog_panel.rect.width < 560
    # each label is whole on its button: no tooltip repeating it
    assert all(button.tool_tip_text is None for button, _option in play.dialog_buttons)
    marked = [orders.choice_point(option) for option in play.dialog_options]
    assert all(point is not None for point in marked)
    assert [getattr(option, "to", None) for _b, option in play.dialog_buttons] == marked

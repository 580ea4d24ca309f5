"""Issue 22 item 2: the reaction dialog (Rulebook: Interruptions by Fire, Reaction Tests).

Found in play: three identical "Take cover in the open" buttons, a prompt offering "fire first"
with no fire option, the prompt cut in a two-line box, and the panel over the units it asked
about. Contracting Trouble, seed 3: Alpha fireteam moves east and is interrupted."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from test_play_turn import SEED, answer_dialogs, click, frames, key, screen_of, unit_pos

from game.client import orders
from game.client.play import PlayScene, open_play
from game.client.play_dialog import dialog_rect
from game.client.session import SessionConfig
from game.engine.commands import Answer


@pytest.fixture
def scene(app: object) -> Iterator[PlayScene]:
    config = SessionConfig(table="contracting-trouble", seed=SEED, pace="instant", autosave=False)
    play = open_play("contracting-trouble", config=config)
    app.push(play)  # type: ignore[attr-defined]
    frames(play)
    yield play


def reacting(scene: PlayScene) -> PlayScene:
    frames(scene, click(unit_pos(scene, "R1")))
    frames(scene, [key(pygame.K_m)])
    frames(scene, click(screen_of(scene, (18.0, 9.0))))
    answer_dialogs(scene, ("react",))
    pending = scene.session.engine.pending
    assert pending is not None and pending.kind == "react"
    frames(scene)
    return scene


def test_each_reaction_option_reads_differently_and_the_prompt_offers_only_them(
    scene: PlayScene,
) -> None:
    engine = reacting(scene).session.engine
    pending = engine.pending
    assert pending is not None
    labels = orders.describe_options(engine, list(pending.options))
    print(pending.prompt, labels)
    assert len(set(labels)) == len(labels)
    assert not any("in the open" in label for label in labels)
    choices = [o.choice for o in pending.options if isinstance(o, Answer)]
    assert ("fire" in choices) == ("fire" in pending.prompt.split(":")[1])


def test_the_reaction_dialog_keeps_off_the_units_and_spots_it_talks_about(
    scene: PlayScene,
) -> None:
    play = reacting(scene)
    engine = play.session.engine
    pending = engine.pending
    assert pending is not None and play.dialog_panel is not None
    rect = play.dialog_panel.rect
    for option in pending.options:
        point = orders.choice_point(option)
        if point is not None:
            assert not rect.collidepoint(play._to_screen(point))
    for unit_id in (pending.context["regular"], pending.context["insurgent"]):
        for figure in engine.state.units[unit_id].figures:
            assert not rect.collidepoint(play._to_screen((figure.x, figure.y)))


def test_the_dialog_takes_the_corner_with_the_least_under_it() -> None:
    table = pygame.Rect(0, 0, 800, 600)
    west = [((60, 500), 10), ((100, 450), 10), ((700, 80), 1)]
    rect = dialog_rect(table, (300, 200), west)
    assert rect.right == 792 and rect.bottom == 560  # bottom right: nothing weighty under it
    assert dialog_rect(table, (300, 200), []).topleft == (8, 360)  # nothing to avoid: bottom left

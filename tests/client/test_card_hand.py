"""The cards on the battle screen (issue 19): the hand panel lists each side's cards by title,
hovering shows our text, and a card drawn or played is put on show with what came of it."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.client import card_hand
from game.client.play import PlayScene, open_play
from game.client.playback import beat_of
from game.client.scenes import App
from game.client.session import SessionConfig
from game.engine.state import REGULAR


@pytest.fixture
def sweep(app: App) -> Iterator[PlayScene]:
    # seed 80 opens with An Excellent Position (Regular), a choice for the Regular player
    config = SessionConfig(mode="solo", table="sweep-and-clear", seed=80, autosave=False)
    scene = open_play("sweep-and-clear", 3, config=config)
    app.push(scene)
    app.step()
    yield scene


def test_the_hand_panel_lists_the_held_cards_and_the_deck(sweep: PlayScene) -> None:
    state = sweep.session.engine.state
    rows = dict(card_hand.hand_rows(state))
    assert rows["Regulars hold"] == [] and rows["Insurgents hold"] == []
    assert "Fog of War deck: 39 cards" in rows  # 40, one played
    state.cards["hands"][REGULAR].append("armed-predator")
    assert dict(card_hand.hand_rows(state))["Regulars hold"] == ["armed-predator"]


def test_a_card_drawn_is_shown_with_its_title_and_our_text(sweep: PlayScene) -> None:
    events = sweep.session.events
    drawn = [e for e in events if e["kind"] == "CardDrawn"][-1]
    show = card_hand.CardShow()
    show.reveal(beat_of(drawn), events, now=1000)
    assert show.title == "An Excellent Position (Regular)" and "Defense die" in show.body
    assert show.showing(1000 + card_hand.SHOW_MS - 1) and not show.showing(1000 + card_hand.SHOW_MS)


def test_the_card_choice_dialog_names_the_units(app: App, sweep: PlayScene) -> None:
    from game.client import orders

    pending = sweep.session.engine.pending
    assert pending is not None and pending.kind == "card_choice"
    labels = orders.describe_options(sweep.session.engine, list(pending.options))
    assert labels == ["Alpha fireteam", "Bravo fireteam", "Charlie fireteam"]
    surface = pygame.Surface(app.size)
    sweep.draw(surface)  # the panel and the card on show draw without trouble
    vp = sweep.camera.viewport
    assert surface.get_at((vp.left + 10, vp.top + 10))[:3] != (0, 0, 0)


def test_r184_the_setup_screen_offers_the_optional_fog_of_war_rule(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pathlib import Path

    from game.client.setup import SetupScene
    from game.client.setup_rules import FOG_LABELS
    from game.rules.cards import OPTIONAL_FOG_OF_WAR

    monkeypatch.setattr("game.client.briefing.SHOW_BRIEFING", False)
    root = Path(__file__).resolve().parents[2]
    setup = SetupScene(preselect=root / "maps" / "sweep-and-clear.tmx")
    app.push(setup)
    app.step()
    assert setup.fog_menu is not None
    setup._dropdown(setup.fog_menu, FOG_LABELS[True])
    assert setup.choices.optional_rules == [OPTIONAL_FOG_OF_WAR]
    assert setup.start() is True
    started = setup.started
    assert isinstance(started, PlayScene)
    assert started.session.engine.state.optional_rules == [OPTIONAL_FOG_OF_WAR]

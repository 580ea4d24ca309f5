"""The F1 help: opens over the screen, scrolls, names the rulebook sections, badge tooltips."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.client.help import BADGE_TOOLTIPS, RULES, HelpOverlay, badge_tooltip, help_text
from game.client.menu import MainMenuScene
from game.client.scenes import App
from game.client.viewmodel import Badge

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
# The rulebook is copyrighted: it lives beside the repository (CI puts ../shared there).
needs_rulebook = pytest.mark.skipif(
    not any(SEEDS.glob("000_*.txt")), reason=f"the rulebook text is not at {SEEDS}"
)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def test_f1_opens_the_help_over_the_menu_and_f1_closes_it(app: App) -> None:
    menu = MainMenuScene()
    app.push(menu)
    app.step()
    app.step([key(pygame.K_F1)])
    assert isinstance(app.stack.top, HelpOverlay)
    overlay = app.stack.top
    assert overlay.box is not None
    shown = overlay.box.html_text
    for heading in ("Resolving Chains of Interruptions", "Making the Attack Roll", "First Aid"):
        assert heading in shown
    # The menu is still drawn, dimmed, under the panel: its title pixels are darker, not gone.
    app.step()
    app.step([key(pygame.K_F1)])
    assert app.stack.top is menu


def test_help_scrolls_with_the_keyboard(app: App) -> None:
    app.push(MainMenuScene())
    app.step([key(pygame.K_F1)])
    overlay = app.stack.top
    assert isinstance(overlay, HelpOverlay)
    app.step()
    bar = overlay.box.scroll_bar if overlay.box else None
    assert bar is not None, "the help is longer than one screen, so it must scroll"
    before = bar.start_percentage
    app.step([key(pygame.K_PAGEDOWN)])
    app.step()
    assert bar.start_percentage > before
    app.step([key(pygame.K_HOME)])
    app.step()
    assert bar.start_percentage == 0.0


@needs_rulebook
def test_every_rules_entry_names_real_rulebook_sections() -> None:
    rulebook = "\n".join(p.read_text(errors="replace") for p in SEEDS.glob("000_*.txt")).upper()
    text = help_text()
    for section in RULES:
        assert section.rulebook, f"{section.title} names no rulebook section"
        for heading in section.rulebook:
            assert heading.upper() in rulebook, f"{heading!r} is not a rulebook heading"
            assert f"see {heading}" in text
    for topic in ("activation", "interruptions", "fire combat", "morale", "first aid"):
        assert topic in text.lower()


@needs_rulebook
def test_help_text_copies_no_rulebook_sentence() -> None:
    raw = " ".join(p.read_text(errors="replace") for p in SEEDS.glob("000_*.txt")).lower()
    rulebook = " ".join(re.findall(r"[a-z0-9']+", raw))
    assert len(rulebook) > 100_000  # the rulebook was found
    for section in RULES:
        for line in section.lines:
            words = re.findall(r"[a-z0-9']+", line.lower())
            # No run of 7 consecutive words of ours appears verbatim in the rulebook.
            for i in range(len(words) - 6):
                run = " ".join(words[i : i + 7])
                assert run not in rulebook, run


def test_every_badge_has_a_one_line_tooltip() -> None:
    for badge in Badge:
        tip = badge_tooltip(badge.value)
        assert badge.value in BADGE_TOOLTIPS
        assert "\n" not in tip and len(tip) < 120
    assert badge_tooltip("some_new_badge") == "Some new badge"


def test_f1_in_a_game_shows_the_help_over_the_dimmed_board(app: App) -> None:
    from game.client.play import open_play
    from game.client.session import SessionConfig

    config = SessionConfig(mode="solo", table="contracting-trouble", seed=1, autosave=False)
    play = open_play("contracting-trouble", config=config)
    app.push(play)
    app.step()
    corner = (5, app.size[1] // 2)  # on the table, left of the help panel
    before = app.screen.get_at(corner)
    app.step([key(pygame.K_F1)])
    app.step()
    assert isinstance(app.stack.top, HelpOverlay)
    after = app.screen.get_at(corner)
    assert 0 < sum(after[:3]) < sum(before[:3]) * 0.6  # dimmed, not replaced
    app.step([key(pygame.K_ESCAPE)])
    assert app.stack.top is play


def test_the_unit_card_explains_each_status_badge(app: App) -> None:
    import html

    from game.client.play import open_play
    from game.client.session import SessionConfig

    config = SessionConfig(mode="solo", table="contracting-trouble", seed=1, autosave=False)
    play = open_play("contracting-trouble", config=config)
    app.push(play)
    app.step()
    state = play.session.engine.state
    state.units["R1"].pinned_turn = state.turn
    state.units["R1"].overwatch = True
    play._view = None  # the view is cached per event; these flags were set by hand
    play.select("R1")
    markup = play.card_markup()
    assert html.escape(BADGE_TOOLTIPS["pinned"]) in markup
    assert html.escape(BADGE_TOOLTIPS["overwatch"]) in markup

"""The end screen's words, found in play (polish round 7): a unit's figures left agree with
their number in French, and the luck chart's "15 vs 15.7" is set large enough to read, with the
bars leaving room for it."""

from __future__ import annotations

from fractions import Fraction

import pygame

from game import i18n
from game.client import text
from game.client.report_view import (
    LUCK_BAR_LEFT,
    LUCK_GAP,
    PANEL_COLOUR,
    draw_luck_chart,
    luck_bar_width,
    luck_words,
    report_html,
)
from game.engine.state import INSURGENT, REGULAR
from game.report import AfterAction, LuckRow, UnitLine


def _report(luck: list[LuckRow]) -> AfterAction:
    units = [
        UnitLine("R2", "Bravo fireteam", REGULAR, figures=1, hits_taken=4, status="removed"),
        UnitLine("I1", "Insurgent group 1", INSURGENT, figures=5, hits_taken=1),
    ]
    return AfterAction(
        "Contracting Trouble!", "", "", 10, 0, 9, "", "", (), (), units, [], [], luck
    )


def test_figures_left_agree_with_their_number_in_french() -> None:
    report = _report([])
    i18n.set_language("fr")
    try:
        markup = report_html(report)
    finally:
        i18n.set_language("en")
    assert "; 1 restante, retirée" in markup and "; 5 restantes, en jeu" in markup
    assert "1 restantes" not in markup
    english = report_html(report)
    assert "; 1 left, removed" in english and "; 5 left, active" in english


def test_the_luck_words_fit_beside_the_longest_bar_in_both_languages() -> None:
    rows = [
        LuckRow(0, REGULAR, 30, Fraction(1577, 100), 15),
        LuckRow(0, INSURGENT, 30, Fraction(99, 10), 13),
    ]
    rect = pygame.Rect(0, 0, 500, 270)
    for language in ("en", "fr"):
        i18n.set_language(language)
        try:
            words = [luck_words(r) for r in rows]
            surface = pygame.Surface(rect.size)
            draw_luck_chart(surface, rect, rows)
        finally:
            i18n.set_language("en")
        assert words[0] == ("15 vs 15.8" if language == "en" else "15 contre 15,8")
        widest = max(text.font(18).size(w)[0] for w in words)
        assert LUCK_BAR_LEFT + luck_bar_width(rect.w, words) + LUCK_GAP + widest < rect.w
        # nothing drawn in the panel's last 4 pixels: the words ended inside it
        edge = surface.subsurface(pygame.Rect(rect.w - 4, 0, 4, rect.h))
        assert {edge.get_at((x, y))[:3] for x in range(4) for y in range(rect.h)} == {PANEL_COLOUR}
    # set at 18, not 12: the space of "8 vs 12.8" is a space
    assert text.font(18).size("8 vs")[0] - text.font(18).size("8vs")[0] >= 3

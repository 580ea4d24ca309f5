"""Symbols the client's font cannot draw are drawn as their plain fallbacks, not as boxes: the
log's rolls read "d6=2 → Stand", and pygame's default font has no arrows."""

from __future__ import annotations

import pygame

from game.client import text
from game.client.log_panel import FONT_SIZE, LogPanel


def test_the_default_font_lacks_the_arrow_and_it_is_drawn_as_ascii() -> None:
    face = text.font(FONT_SIZE)
    assert text.has_glyph(face, "A")
    assert not text.has_glyph(face, "→")  # pygame's freesansbold.ttf: the reason for this
    assert text.displayable("T2 Morale Check: 1 successes → Stand", face) == (
        "T2 Morale Check: 1 successes -> Stand"
    )
    # symbols the font does have are kept as they are
    kept = [c for c in text.FALLBACKS if text.has_glyph(face, c)]
    assert kept  # e.g. the multiplication sign and the dashes
    for char in kept:
        assert text.displayable(f"a {char} b", face) == f"a {char} b"


def test_a_rendered_line_with_an_arrow_is_the_line_with_its_fallback() -> None:
    line = "Alpha fireteam Quality Check 1d8 [6] → In Cover"
    drawn = text.text(line, FONT_SIZE, (255, 255, 255))
    plain = text.text(line.replace("→", "->"), FONT_SIZE, (255, 255, 255))
    assert drawn.get_size() == plain.get_size()
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(plain, "RGBA")


def test_the_log_panel_wraps_and_keeps_lines_as_they_are_drawn() -> None:
    panel = LogPanel(pygame.Rect(0, 0, 900, 200))
    panel.add("T1 Insurgents w/Leader (unit 3), row 4: within double Optimum Range, d6=2 → move")
    face = text.font(FONT_SIZE)
    assert panel.rows and all(
        text.has_glyph(face, c) for row in panel.rows for c in row if not c.isascii()
    )
    assert "d6=2 -> move" in " ".join(panel.rows)


def test_long_captions_wrap_at_words_within_the_width_and_cut_lines_end_in_dots() -> None:
    roll = (
        "T4 Alpha fireteam fires at Insurgent group 1: Firepower 8d8 vs Defense 4d6 "
        "[8, 7, 6, 5, 4, 3, 2, 1] vs [6, 5, 4, 3] → 2 casualties (Rulebook: Fire Combat)"
    )
    face = text.font(16)
    rows = text.wrap(roll, 16, 300)
    assert len(rows) > 1
    assert all(face.size(text.displayable(row, face))[0] <= 300 for row in rows)
    assert " ".join(rows) == roll  # nothing lost, words whole
    cut = text.fit(roll, 16, 300)
    assert cut.endswith(("…", "...")) and roll.startswith(cut.rstrip(".…"))
    assert face.size(text.displayable(cut, face))[0] <= 300
    assert text.fit("short", 16, 300) == "short"

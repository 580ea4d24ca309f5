"""The briefing screen over a new game (issue 22): shown by the set-up screen's Start, it draws
the map preview with the forces on it, and Begin (or Enter) uncovers the play screen."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.client.briefing import REGULAR_COLOUR, BriefingScene, briefing_html
from game.client.play import PlayScene
from game.client.setup import SetupScene

ROOT = Path(__file__).resolve().parents[2]


def test_start_shows_the_briefing_and_begin_goes_to_the_table(
    app: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("game.client.briefing.SHOW_BRIEFING", True)
    setup = SetupScene(preselect=ROOT / "maps" / "contracting-trouble.tmx")
    app.push(setup)  # type: ignore[attr-defined]
    app.step()  # type: ignore[attr-defined]
    assert setup.start() is True
    brief = app.stack.top  # type: ignore[attr-defined]
    assert isinstance(brief, BriefingScene)
    app.step()  # type: ignore[attr-defined]
    markup = briefing_html(brief.briefing)
    assert "Alpha fireteam" in markup and f"{brief.briefing.turn_limit} turns" in markup
    regular = next(m for m in brief.briefing.marks if m.kind == "regular")
    table = brief.preview_rect
    scale = min(table.w / brief.briefing.width, table.h / brief.briefing.height)
    left = table.centerx - round(brief.briefing.width * scale) / 2
    at = (round(left + regular.x * scale), round(table.y + regular.y * scale))
    assert tuple(app.screen.get_at(at))[:3] == REGULAR_COLOUR  # type: ignore[attr-defined]
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")])  # type: ignore[attr-defined]
    assert isinstance(app.stack.top, PlayScene) and app.stack.top is setup.started  # type: ignore[attr-defined]


def test_preview_labels_of_marks_side_by_side_neither_overlap_nor_leave_the_table() -> None:
    from game.client.briefing import place_labels

    table = pygame.Rect(100, 100, 400, 300)
    centres = [(300, 200), (320, 200), (495, 395)]  # two neighbours, one in a corner
    circles = [pygame.Rect(0, 0, 16, 16) for _ in centres]
    spots = place_labels(table, circles, centres, {0: (100, 14), 1: (100, 14), 2: (90, 14)}, 6)
    assert not spots[0].colliderect(spots[1])
    marks = [c.move_to(center=at) for c, at in zip(circles, centres, strict=True)]
    for spot in spots.values():
        assert table.contains(spot) and spot.collidelist(marks) < 0


def test_preview_labels_of_three_marks_in_a_row_at_the_bottom_edge_stay_apart() -> None:
    from game.client.briefing import place_labels

    table = pygame.Rect(0, 0, 440, 440)
    centres = [(186, 424), (218, 424), (240, 420)]  # Sweep & Clear's fireteams at 1024x640
    circles = [pygame.Rect(0, 0, 16, 16) for _ in centres]
    spots = place_labels(table, circles, centres, dict.fromkeys(range(3), (62, 12)), 6)
    rects = list(spots.values())
    assert all(a.collidelist(rects[i + 1 :]) < 0 for i, a in enumerate(rects))
    assert all(table.contains(r) for r in rects)

"""Issue 22 item 7: every window size Settings offers works — the order buttons and the top bar
are not cut (found in play: at 1024x640 "End activation [E" and the title were cut)."""

from __future__ import annotations

import pytest

from game.client.play import PlayScene, open_play
from game.client.scenes import App
from game.client.session import SessionConfig
from game.client.settings import WINDOW_SIZES


@pytest.mark.parametrize("table", ["contracting-trouble", "sweep-and-clear"])
def test_every_offered_size_shows_whole_buttons_and_top_bar(app: App, table: str) -> None:
    config = SessionConfig(mode="solo", table=table, seed=1, autosave=False)
    play: PlayScene = open_play(table, config=config)
    app.push(play)
    for size in WINDOW_SIZES:
        app.resize(size)
        app.step()
        font = app.manager.get_theme().get_font(["button"])
        for action, button in play.buttons.items():
            assert font.size(button.text)[0] <= button.rect.width - 8, (size, action)
            assert play.layout.card.contains(button.rect) or button.rect.bottom <= size[1]
        for label in (play.top_left, play.top_centre, play.top_right):
            assert label is not None and label.font is not None
            assert label.font.size(label.text)[0] <= label.rect.width, (size, label.text)
        assert play.camera.viewport.width >= size[0] // 2  # the table keeps most of the screen

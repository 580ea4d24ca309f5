"""Issue 22 items 8 and 10: the odds box stays off the target and its neighbours; co-op and
watch games show the right player, unit and buttons."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from test_play_turn import SEED, click, frames, key, motion, unit_pos

from game.client.play import PlayScene, open_play
from game.client.session import SessionConfig
from game.engine import placement


@pytest.fixture
def scene(app: object) -> Iterator[PlayScene]:
    config = SessionConfig(table="contracting-trouble", seed=SEED, pace="instant", autosave=False)
    play = open_play("contracting-trouble", config=config)
    app.push(play)  # type: ignore[attr-defined]
    frames(play)
    yield play


def test_the_odds_box_covers_no_figure_of_the_target_or_the_units_beside_it(
    scene: PlayScene,
) -> None:
    engine = scene.session.engine
    target, beside = engine.state.units["I1"], engine.state.units["I4"]
    # a second group just south-east of the target: where the box used to go
    placement.place_unit(engine, beside, (target.centre[0] + 1.5, target.centre[1] + 1.5))
    frames(scene)
    frames(scene, click(unit_pos(scene, "R1")))
    frames(scene, [key(pygame.K_f)])
    assert scene.mode == "fire"
    rects = [r for uid, r in scene.last_frame.figure_rects if uid in ("I1", "I4")]
    mine = [r for uid, r in scene.last_frame.figure_rects if uid == "I1"]
    assert len(rects) > len(mine) > 0
    for figure in mine:
        frames(scene, [motion(figure.center)])
        frames(scene)
        assert scene.overlays.hovered_unit == "I1" and scene.preview_text
        box = scene.preview_rect
        assert box is not None
        assert box.collidelist(rects) == -1, (box, rects)
        vp = scene.camera.viewport
        assert pygame.Rect(vp.left, vp.top, vp.width, vp.height).contains(box)

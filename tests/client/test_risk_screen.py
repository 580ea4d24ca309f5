"""The play screen shows the interrupt-risk preview of a planned move (issue 22): the label gives
the chance of casualties and who could interrupt, the path's watched steps are coloured."""

from __future__ import annotations

import pygame
from test_play_turn import frames, key, motion, screen_of, unit_pos
from test_play_turn import scene as scene  # the fixture

from game.client.play import PlayScene
from game.client.play_risk import RISK_COLOURS
from game.client.risk import risk_preview


def test_a_planned_move_shows_who_could_interrupt_and_the_chance_of_casualties(
    scene: PlayScene,
) -> None:
    engine = scene.session.engine
    frames(scene, [*click_on(scene, "R1"), key(pygame.K_m), motion(screen_of(scene, (18.0, 9.0)))])
    plan, risk = scene.move_plan, scene.move_risk
    assert plan is not None and risk is not None
    unit = engine.state.units["R1"]
    assert risk == risk_preview(engine, unit, plan.path, plan.rate)
    assert risk.threats, "on this table some Insurgent group sees the street"
    assert risk.label in scene.preview_text.split(" | ")
    counts = risk.segment_watchers()
    watched = next(i for i, n in enumerate(counts) if n)
    a, b = risk.samples[watched], risk.samples[watched + 1]
    frames(scene, [])
    mid = screen_of(scene, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    colour = tuple(scene.app.screen.get_at(mid))[:3]  # type: ignore[attr-defined]
    assert colour == RISK_COLOURS[min(counts[watched], 2)]


def test_with_odds_hidden_there_is_no_risk_preview(scene: PlayScene) -> None:
    scene.show_odds = False
    frames(scene, [*click_on(scene, "R1"), key(pygame.K_m), motion(screen_of(scene, (18.0, 9.0)))])
    assert scene.move_plan is not None and scene.move_risk is None
    assert "Risk" not in scene.preview_text


def click_on(scene: PlayScene, unit_id: str) -> list[pygame.event.Event]:
    pos = unit_pos(scene, unit_id)
    return [
        motion(pos),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]

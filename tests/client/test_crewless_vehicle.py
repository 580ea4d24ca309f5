"""A vehicle whose crew is out of action, not destroyed (R355), is still on the table: the
battle screen draws its hull, marked "no crew" (polish round 7; before, the hull vanished with
its crew unit)."""

from __future__ import annotations

from typing import Any

import pygame

from game import i18n
from game.client.adapter import view_from_game
from game.client.play import PlayScene, open_play
from game.client.session import SessionConfig
from game.engine import casualties, vehicles
from game.engine.protocol import FigureStatus, UnitStatus


def _crewless(app: Any) -> tuple[PlayScene, str]:
    config = SessionConfig(table="turkey-shoot", seed=2, pace="instant", autosave=False)
    scene = open_play("turkey-shoot", config=config)
    app.push(scene)
    app.step()
    engine = scene.session.engine
    lvtp = next(u for u in engine.state.units.values() if u.name == "LVTP")
    for f in lvtp.figures:
        f.status = FigureStatus.HIT
    casualties.unit_wiped(engine, lvtp)
    assert lvtp.status == UnitStatus.REMOVED
    rec = vehicles.record(engine.state, lvtp.id)
    assert rec is not None and not rec.state.destroyed
    return scene, lvtp.id


def test_a_crewless_vehicle_is_drawn_with_its_hull_and_a_no_crew_caption(app: Any) -> None:
    scene, lvtp = _crewless(app)
    engine = scene.session.engine
    sprite = view_from_game(engine.state).unit(lvtp)
    assert sprite is not None and sprite.figures == () and sprite.hull is not None
    assert sprite.vehicle_look is not None and sprite.vehicle_look.crewless
    rec = vehicles.record(engine.state, lvtp)
    assert rec is not None and sprite.centre == rec.centre
    scene._view_key = None
    app.step()
    label = scene.last_frame.unit_label_rects.get(lvtp)
    assert label is not None
    # the hull's pixels are drawn where the vehicle stands: not the bare table
    centre = scene._to_screen(rec.centre)
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    with_hull = [surface.get_at((centre[0] + dx, centre[1]))[:3] for dx in range(-6, 7, 3)]
    raw = engine.state.vehicles.pop(lvtp)  # the bare table, for comparison
    scene._view_key = None
    scene.draw(surface)
    bare = [surface.get_at((centre[0] + dx, centre[1]))[:3] for dx in range(-6, 7, 3)]
    engine.state.vehicles[lvtp] = raw
    assert with_hull != bare
    # the caption says so, in French too
    from game.client.crewless import crewless_caption

    assert crewless_caption("LVTP") == "LVTP (no crew)"
    i18n.set_language("fr")
    try:
        assert crewless_caption("LVTP") == "LVTP (sans équipage)"
    finally:
        i18n.set_language("en")


def test_a_vehicle_driven_off_the_table_is_not_drawn(app: Any) -> None:
    scene, lvtp = _crewless(app)
    engine = scene.session.engine
    engine.state.units[lvtp].status = UnitStatus.EXITED
    assert view_from_game(engine.state).unit(lvtp) is None

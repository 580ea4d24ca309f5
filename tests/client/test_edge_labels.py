"""The ENTRY / EXIT words along a table edge stay readable when units stand there (polish:
on Turkey Shoot the LVTP waits at the middle of the south edge, on the words)."""

from __future__ import annotations

import dataclasses

import pygame

from game.client.adapter import view_from_game
from game.client.camera import Camera, Viewport
from game.client.map_render import MapArt
from game.client.render import BattleRenderer, FrameResult, Overlays
from game.save import new_game, resolve_map

SIZE = (720, 720)


def draw_table(
    scenario: str, *, without_units: bool = False
) -> tuple[FrameResult, list[pygame.Rect]]:
    """The frame's result and the vehicles' hulls on screen, the whole table in view."""
    map_path, scenario_id = resolve_map(scenario)
    engine = new_game(map_path, scenario_id, 2, turn_limit=3)
    art = MapArt(None, engine.battlefield)
    renderer = BattleRenderer(art, engine.battlefield)
    camera = Camera(art.world_width, art.world_height, Viewport(0, 0, *SIZE))
    camera.fit()
    view = view_from_game(engine.state)
    hulls = []
    for unit in view.units:
        if unit.hull is not None:
            x, y, length, width, _facing, _wreck = unit.hull
            sx, sy = camera.world_to_screen((x, y))
            half = camera.length_to_screen(max(length, width)) / 2
            hulls.append(pygame.Rect(round(sx - half), round(sy - half), 2 * half, 2 * half))
    if without_units:
        view = dataclasses.replace(view, units=())
    return renderer.draw(pygame.Surface(SIZE), camera, view, Overlays()), hulls


def test_the_entry_label_moves_off_the_vehicle_waiting_at_the_middle_of_the_edge(
    app: object,
) -> None:
    result, hulls = draw_table("turkey-shoot")
    assert hulls, "Turkey Shoot sets up its LVTP on the table"
    (label,) = result.edge_label_rects  # the south edge: ENTRY / EXIT
    units = [r for _, r in result.figure_rects] + list(result.unit_label_rects.values())
    assert label.collidelist(hulls + units) == -1
    # without the units the words stand at the middle of the edge, where the hull is
    empty, _ = draw_table("turkey-shoot", without_units=True)
    (middle,) = empty.edge_label_rects
    assert middle.collidelist(hulls) != -1
    assert label.centery == middle.centery  # moved along the same edge band
    assert label.centerx != middle.centerx


def test_a_unit_at_the_north_edge_keeps_its_whole_name_on_the_table(app: object) -> None:
    """Found in play (Turkey Shoot seed 2, turn 3): a unit standing at the north edge had its
    name drawn above the table, cut off by the top bar; now it goes below or beside it."""
    from pathlib import Path

    from game.scenarios.situation import read_situation, situation_engine

    docs = Path(__file__).resolve().parents[2] / "docs" / "sandbox"
    engine = situation_engine(read_situation(docs / "vehicle-hull-underfoot.json"))
    for i, f in enumerate(engine.state.units["M"].figures):
        f.x, f.y = 10.0 + i * 0.8, 0.4  # at the north edge
    art = MapArt(None, engine.battlefield)
    renderer = BattleRenderer(art, engine.battlefield)
    camera = Camera(art.world_width, art.world_height, Viewport(0, 0, *SIZE))
    camera.fit()
    result = renderer.draw(pygame.Surface(SIZE), camera, view_from_game(engine.state), Overlays())
    top = camera.world_to_screen((0.0, 0.0))[1]
    label = result.unit_label_rects["M"]
    assert label.top >= top - 1
    assert label.width > 0

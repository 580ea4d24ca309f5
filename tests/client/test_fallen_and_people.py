"""Casualties stay on the table and contractors are people (issue 22 item 5): an Insurgent figure
removed as a casualty leaves a body where it fell; contractors and the POI are drawn as people."""

from __future__ import annotations

from typing import Any

from test_play_turn import frames, screen_of
from test_play_turn import scene as scene  # the fixture

from game.battlefield.model import Side
from game.client.adapter import view_from_game
from game.client.figures import CIVILIAN_SHIRT, FigureArt
from game.client.play import PlayScene
from game.client.viewmodel import FigureSprite


def test_every_insurgent_casualty_leaves_a_body_where_the_figure_stood() -> None:
    from game.ai.controller import InsurgentAI
    from game.ai.regular import RegularAI
    from game.engine.state import INSURGENT
    from game.headless import play
    from game.save import new_game, resolve_map

    map_path, sid = resolve_map("contracting-trouble")
    engine = new_game(map_path, sid, 2)
    where: dict[str, tuple[float, float]] = {}

    def before(event: dict[str, Any]) -> None:  # figures' last positions, as events arrive
        for unit in engine.state.units.values():
            for f in unit.figures:
                where[f.id] = (f.x, f.y)

    engine.listeners.append(before)
    ais = {
        "regular": RegularAI(engine.battlefield),
        "insurgent": InsurgentAI(engine.battlefield, 6),
    }
    play(engine, ais)  # type: ignore[arg-type]
    hits = [
        e["data"]["figure"]
        for e in engine.state.events
        if e["kind"] == "Casualty" and e["data"]["side"] == INSURGENT
    ]
    assert len(hits) >= 3 and len(engine.state.fallen) == len(hits)
    assert all(side == INSURGENT for _, _, side, _ in engine.state.fallen)
    assert [(x, y) for x, y, _, _ in engine.state.fallen] == [where[f] for f in hits]
    view = view_from_game(engine.state)
    assert [b.position_in for b in view.fallen] == [(x, y) for x, y, _, _ in engine.state.fallen]
    assert all(b.is_fallen for b in view.fallen)


def test_a_body_is_drawn_on_the_table_and_a_waiting_contractor_is_a_person(
    scene: PlayScene,
) -> None:
    state = scene.session.engine.state
    spot = (18.0, 9.0)  # the open street
    frames(scene)
    x, y = screen_of(scene, spot)
    bare = _patch(scene, x, y)
    state.fallen.append([spot[0], spot[1], "insurgent", "small_arms"])
    state.decisions_asked += 1  # the screen rebuilds its view
    frames(scene)
    drawn = _patch(scene, x, y)
    assert drawn != bare
    waiting = [c for c in state.contractors if not c.holder]
    assert waiting, "Contracting Trouble starts with contractors waiting to be found"
    marker = next(m for m in scene.current_view().markers if m.kind == "contractor")
    cx, cy = screen_of(scene, marker.position_in)
    colours = {
        tuple(scene.app.screen.get_at((cx + dx, cy + dy)))[:3]  # type: ignore[attr-defined]
        for dx in range(-6, 7)
        for dy in range(-6, 7)
    }
    assert any(_near(c, CIVILIAN_SHIRT) for c in colours)


def _patch(scene: PlayScene, x: int, y: int) -> list[tuple[int, ...]]:
    screen = scene.app.screen  # type: ignore[attr-defined]
    return [tuple(screen.get_at((x + dx, y + dy)))[:3] for dx in (-2, 0, 2) for dy in (-2, 0, 2)]


def _near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 30) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=True))


def test_the_fallen_have_no_base_and_people_carry_no_side_colours() -> None:
    art = FigureArt()
    body = art.sprite(FigureSprite((0.0, 0.0), Side.INSURGENT, is_fallen=True), 40, 0)
    living = art.sprite(FigureSprite((0.0, 0.0), Side.INSURGENT), 40, 0)
    # a living figure stands on a round base whose rim reaches the sprite's edge; a body does not
    assert living.get_at((20, 1)).a > 200 and body.get_at((20, 1)).a < 50
    person = art.sprite(FigureSprite((0.0, 0.0), Side.REGULAR, is_civilian=True), 40, 0)
    soldier = art.sprite(FigureSprite((0.0, 0.0), Side.REGULAR), 40, 0)
    person_colours = {tuple(person.get_at((x, y)))[:3] for x in range(40) for y in range(40)}
    soldier_colours = {tuple(soldier.get_at((x, y)))[:3] for x in range(40) for y in range(40)}
    assert any(_near(c, CIVILIAN_SHIRT) for c in person_colours)
    assert not any(_near(c, CIVILIAN_SHIRT, 10) for c in soldier_colours)

"""Civilians in the window (issue 21): mobs drawn as stands of unarmed people with their dead
counted, the POI left alone shown as the POI, and the one civilian-mob order button."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from game.client.adapter import view_from_game
from game.client.civilian_art import STAND_IN, draw_mob
from game.client.civilian_orders import mob_order
from game.engine.commands import DisperseMob, InfluenceMob
from game.engine.state import INSURGENT, REGULAR
from game.sandbox import Run, run_situation
from game.save import new_game, resolve_map
from game.scenarios.situation import parse_situation

ROOT = Path(__file__).resolve().parents[2]


def sandbox(name: str, **change: object) -> Run:
    data = json.loads((ROOT / "docs" / "sandbox" / name).read_text("utf-8"))
    data.update(change)
    return run_situation(parse_situation(data, base=ROOT), lambda event: None)


def test_each_mob_on_the_table_is_a_marker_with_its_dead_counted() -> None:
    map_path, sid = resolve_map("hornets-nest")
    state = new_game(map_path, sid, 1).state
    state.mobs[1].killed = 2
    state.mobs[2].status = "dispersed"
    mobs = [m for m in view_from_game(state).markers if m.kind == "mob"]
    assert [m.label for m in mobs] == ["C1", "C2 · 2 killed", "C4", "C5"]
    assert mobs[0].position_in == state.mobs[0].pos


def test_a_poi_left_alone_is_drawn_as_the_poi() -> None:
    map_path, sid = resolve_map("hornets-nest")
    state = new_game(map_path, sid, 1).state
    (poi,) = state.contractors
    poi.holder, poi.status = "", "waiting"
    (marker,) = [m for m in view_from_game(state).markers if m.kind == "poi"]
    assert marker.label == "POI"


def test_a_mob_stand_is_drawn_three_inches_by_two_in_neutral_colours() -> None:
    surface = pygame.Surface((200, 200))
    surface.fill((0, 0, 0))
    stand = draw_mob(surface, (100.0, 100.0), 20.0, seed=3)
    assert stand.size == (round(STAND_IN[0] * 20), round(STAND_IN[1] * 20))
    corner = surface.get_at((stand.left + 3, stand.top + 8))[:3]
    assert corner == (214, 200, 168)  # the stand, not a side's colour
    assert surface.get_at((5, 5))[:3] == (0, 0, 0)  # nothing drawn outside it


def test_the_mob_button_disperses_for_regulars_and_arms_for_an_insurgent_leader() -> None:
    run = sandbox("civilians-disperse.json", commands=[])
    assert run.engine is not None
    r1 = run.engine.state.units["R1"]
    assert mob_order(run.engine, REGULAR, r1) == DisperseMob(side=REGULAR, unit="R1", mob="C1")
    run = sandbox("civilians-leader-arms-mob.json", commands=[])
    assert run.engine is not None
    order = mob_order(run.engine, INSURGENT, run.engine.state.units["G"])
    assert isinstance(order, InfluenceMob) and order.arm and order.mob == "C1"


def test_the_mob_button_says_none_without_a_mob_in_reach() -> None:
    run = sandbox("civilians-disperse.json", commands=[], mobs=[{"id": "C1", "at": [20, 2]}])
    assert run.engine is not None
    assert mob_order(run.engine, REGULAR, run.engine.state.units["R1"]) is None


def test_the_mob_order_button_shows_only_where_mobs_were_set_up(app: Any) -> None:
    # found in play: a "Civilian mob [I]" button on Turkey Shoot and Contracting Trouble, which
    # have no civilians
    from game.client.play import open_play
    from game.client.session import SessionConfig

    shown = {}
    for table in ("contracting-trouble", "hornets-nest"):
        scene = open_play(table, config=SessionConfig(table=table, seed=1, autosave=False))
        app.push(scene)
        app.step()
        shown[table] = "mob" in scene.buttons
        app.pop()
    assert shown == {"contracting-trouble": False, "hornets-nest": True}

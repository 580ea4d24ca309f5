"""The battle screen under the optional Building Clearing rule (house clearing, issue 21;
R240-R246): Stack [X] and Clear [Z] orders and buttons, shown only when the rule is in force,
and the stacked and cleared buildings drawn on the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.client.catalogue import open_map
from game.client.house_orders import CLEARED_COLOUR, STACKED_COLOUR
from game.client.play import PlayScene, open_play
from game.client.session import GameSession, SessionConfig
from game.save import resolve_map
from game.scenarios.situation import parse_situation, situation_engine

COMPOUND = 25  # Sweep & Clear's Compound house: (16, 19) to (20, 22)


def scene_by_the_compound(dice: list[str]) -> PlayScene:
    """Sweep & Clear's table, the rule on, a fireteam lined up against the Compound house's
    west wall, the Insurgents far away."""
    data: dict[str, Any] = {
        "map": "sweep-and-clear",
        "optional_rules": ["building-clearing"],
        "units": [
            {
                "id": "R1",
                "side": "regular",
                "name": "Alpha",
                "figures": [
                    {"kind": kind, "at": [15.4, y]}
                    for kind, y in (
                        ("leader", 20.5),
                        ("rifle", 19.6),
                        ("rifle", 21.4),
                        ("saw", 22.3),
                    )
                ],
            },
            {
                "id": "I1",
                "side": "insurgent",
                "name": "Gunmen",
                "line": [2, 2],
                "figures": ["small_arms"],
            },
        ],
        "dice": dice,
    }
    situation = parse_situation(data)
    config = SessionConfig(table="sweep-and-clear", seed=1, pace="instant", autosave=False)
    session = GameSession(config, engine=situation_engine(situation))
    map_path, _ = resolve_map("sweep-and-clear")
    return PlayScene(open_map(Path(map_path)), session)


def test_stack_and_clear_buttons_only_with_the_optional_rule(app: Any) -> None:
    plain = open_play(
        "sweep-and-clear", config=SessionConfig(table="sweep-and-clear", autosave=False)
    )
    app.push(plain)
    app.step([])
    assert "stack" not in plain.buttons and "clear" not in plain.buttons
    scene = scene_by_the_compound([])
    app.push(scene)
    app.step([])
    assert scene.buttons["stack"].text == "Stack [X]"
    assert scene.buttons["clear"].text == "Clear building [Z]"


def test_x_stacks_on_the_nearest_building_and_it_is_drawn_amber(app: Any) -> None:
    scene = scene_by_the_compound([])
    app.push(scene)
    scene.select("R1")
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x")])
    unit = scene.session.engine.state.units["R1"]
    assert (unit.stacked_on, unit.stacked_turn) == (COMPOUND, 1)
    scene.select("R1")
    turn = scene.session.engine.state.turn
    when = "this turn" if turn == 1 else "the turn before"
    assert f"Stacked against Compound house ({when}; Stacking)" in scene.card_markup()
    app.step([])
    corner = scene._to_screen((18.0, 19.0))  # the middle of the compound's north wall
    assert tuple(app.screen.get_at(corner))[:3] == STACKED_COLOUR


def test_z_clears_the_building_and_it_is_drawn_green(app: Any) -> None:
    scene = scene_by_the_compound(["d6=6", "d6=6"])  # over the level 4: empty, cleared
    app.push(scene)
    scene.select("R1")
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z")])
    assert scene.session.engine.state.cleared_buildings == [COMPOUND]
    app.step([])
    corner = scene._to_screen((18.0, 19.0))
    assert tuple(app.screen.get_at(corner))[:3] == CLEARED_COLOUR

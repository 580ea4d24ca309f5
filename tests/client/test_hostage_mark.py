"""The hostage of Since You're Already in the Area . . . on the battle screen (issue 19, cards
round 3; R313-R319): his building is outlined and tagged, and the Stack and Clear orders are
offered for it though the game is played without the optional Building Clearing rule (R315)."""

from __future__ import annotations

import os

import pygame

from game.client import house_orders
from game.client.hostage_mark import FREED_COLOUR, HOSTAGE_COLOUR
from game.client.play import PlayScene
from game.client.scenes import App
from game.engine.commands import ClearBuilding, StackOnBuilding
from game.engine.state import REGULAR
from tests.client.test_card_hand import sweep  # noqa: F401  (the Sweep & Clear screen)


def _hold_hostage(scene: PlayScene) -> tuple[int, tuple[int, int]]:
    """Put the hostage in the building nearest the first Regular unit; its screen corner."""
    engine = scene.session.engine
    unit = engine.state.units_of(REGULAR)[0]
    building = min(
        engine.battlefield.buildings,
        key=lambda b: house_orders.wall_distance(b, unit.leader_point),
    )
    engine.state.cards["effects"]["hostage"] = {
        "building": building.id,
        "unit": unit.id,
        "rescued": False,
    }
    corner = scene.camera.world_to_screen(building.outline[0])
    return building.id, (round(corner[0]), round(corner[1]))


def _colour_near(surface: pygame.Surface, at: tuple[int, int], colour: tuple[int, ...]) -> bool:
    w, h = surface.get_size()
    return any(
        surface.get_at((x, y))[:3] == colour
        for x in range(max(0, at[0] - 3), min(w, at[0] + 4))
        for y in range(max(0, at[1] - 3), min(h, at[1] + 4))
    )


def test_r315_the_hostage_building_is_outlined_and_its_orders_offered(
    app: App,
    sweep: PlayScene,  # noqa: F811  (the fixture imported above)
) -> None:
    engine = sweep.session.engine
    assert engine.state.optional_rules == []
    assert house_orders.house_buttons([("end", "End", "")], engine.state) == [("end", "End", "")]
    number, corner = _hold_hostage(sweep)
    buttons = house_orders.house_buttons([("end", "End", "")], engine.state)
    assert [b[0] for b in buttons] == ["end", "stack", "clear"]
    unit = engine.state.units_of(REGULAR)[0]
    stack = house_orders.house_order(engine, REGULAR, unit, "stack")
    assert isinstance(stack, StackOnBuilding) and stack.building == number
    clear = house_orders.house_order(engine, REGULAR, unit, "clear")
    assert isinstance(clear, ClearBuilding) and clear.building == number
    surface = pygame.Surface(app.size)
    sweep.draw(surface)
    assert _colour_near(surface, corner, HOSTAGE_COLOUR)
    shots = os.environ.get("HOSTAGE_SHOT")
    if shots:
        pygame.image.save(surface, shots)
    engine.state.cards["effects"]["hostage"]["rescued"] = True
    sweep.draw(surface)
    assert _colour_near(surface, corner, FREED_COLOUR)


def test_r314_the_choice_of_building_names_each_one() -> None:
    """The Insurgent player (hot-seat) picks the hostage's building by its name on the map."""
    import json
    from pathlib import Path

    from game.client import orders
    from game.sandbox import run_situation
    from game.scenarios.situation import parse_situation

    base = Path(__file__).resolve().parents[2] / "docs" / "sandbox"
    data = json.loads((base / "card-hostage.json").read_text("utf-8"))
    data["commands"] = []
    data.pop("dice")
    engine = run_situation(parse_situation(data, base=base), lambda event: None).engine
    assert engine is not None and engine.pending is not None
    labels = orders.describe_options(engine, list(engine.pending.options))
    assert labels == ["house (building 1)", "shed (building 3)"]

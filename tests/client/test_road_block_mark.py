"""Road Block! on the battle screen (R304): the log named the street but the table showed
nothing; now a barricade stands across the street, from kerb to kerb within the block's reach,
with its label (polish)."""

from __future__ import annotations

import os

import pygame

from game.client.play import PlayScene
from game.client.road_block_mark import STRIPE_RED, across
from game.engine import road_block
from game.rules.vehicle_entry import ROAD_BLOCK_RADIUS
from tests.client.test_card_hand import sweep  # noqa: F401  (the Sweep & Clear screen)
from tests.client.test_hostage_mark import _colour_near


def test_r304_a_road_block_is_drawn_across_its_street(
    sweep: PlayScene,  # noqa: F811  (the fixture imported above)
) -> None:
    engine = sweep.session.engine
    spot = road_block.candidate_spots(engine)[0]  # the narrowest street the card would offer
    x, y = spot
    surface = pygame.Surface(sweep.app.size if hasattr(sweep, "app") else (1280, 800))
    sweep.draw(surface)
    middle = sweep.camera.world_to_screen(spot)
    centre = (round(middle[0]), round(middle[1]))
    assert not _colour_near(surface, centre, STRIPE_RED)  # nothing there before the card
    engine.state.cards["effects"].setdefault("road_blocks", []).append(
        {"x": x, "y": y, "held_by": ""}
    )
    lies_east_west, back, on = across(engine, x, y)
    east_west, north_south = road_block.street_reaches(engine, spot)
    # across the narrower gap, within the block's reach on either side, short of the kerbs
    assert lies_east_west == (sum(east_west) <= sum(north_south))
    kerbs = east_west if lies_east_west else north_south
    assert 0 < back <= min(kerbs[0], ROAD_BLOCK_RADIUS)
    assert 0 < on <= min(kerbs[1], ROAD_BLOCK_RADIUS)
    sweep.draw(surface)
    shift = (on - back) / 2
    middle = sweep.camera.world_to_screen((x + shift, y) if lies_east_west else (x, y + shift))
    assert _colour_near(surface, (round(middle[0]), round(middle[1])), STRIPE_RED)
    shots = os.environ.get("ROAD_BLOCK_SHOT")
    if shots:
        pygame.image.save(surface, shots)

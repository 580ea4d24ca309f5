"""Vehicle art (issue 20, helper art): each ORBAT vehicle drawn in the figures' style at its
card's footprint and facing, with its damage readable; pixel checks on a rendered battle frame."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pygame
import pytest

from game.client.adapter import view_from_game
from game.client.camera import Camera, Viewport
from game.client.map_render import MapArt
from game.client.palette import DEFAULT_PALETTE
from game.client.render import BattleRenderer, Overlays
from game.client.vehicle_art import FLAME, GUNMETAL, KINDS, UNARMED, vehicle_sprite
from game.client.viewmodel import BattleView, VehicleLook
from game.engine.engine import Engine
from game.rules.vehicle_types import VEHICLES
from game.save import new_game, resolve_map

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.battlefield.test_vehicle_tiles import tile_map

SCALE = 24.0
SIZE = (640, 480)


@pytest.fixture
def engine(app: object) -> Engine:
    map_path, scenario_id = resolve_map("turkey-shoot")
    return new_game(map_path, scenario_id, 2, turn_limit=3)


def lvtp_id(engine: Engine) -> str:
    return next(u.id for u in engine.state.units.values() if u.name == "LVTP")


def frame(engine: Engine, view: BattleView, centre: tuple[float, float]) -> pygame.Surface:
    """The battle frame at SCALE px/inch, `centre` (inches) in the middle of the screen."""
    art = MapArt(None, engine.battlefield)
    # without the ENTRY / EXIT words, which step aside from a hull (tests/client/test_edge_labels)
    table = dataclasses.replace(engine.battlefield, entry_edges=(), exit_edges=())
    renderer = BattleRenderer(art, table)
    camera = Camera(art.world_width, art.world_height, Viewport(0, 0, *SIZE))
    camera.scale = SCALE
    camera.origin_x = SIZE[0] / 2 - SCALE * centre[0]
    camera.origin_y = SIZE[1] / 2 - SCALE * centre[1]
    surface = pygame.Surface(SIZE)
    renderer.draw(surface, camera, view, Overlays(unit_labels=False))
    return surface


def drawn_box(engine: Engine, unit_id: str) -> tuple[pygame.Rect, pygame.Surface]:
    """Where the vehicle's art changed the frame: the frame with it against the one without."""
    rec = engine.state.vehicles[unit_id]
    centre = (rec["x"], rec["y"])
    view = view_from_game(engine.state)
    with_it = frame(engine, view, centre)
    others = tuple(u for u in view.units if u.unit_id != unit_id)
    without = frame(engine, dataclasses.replace(view, units=others), centre)
    # the pixels equal in both frames (each channel within 1: the same colour; the frames are
    # opaque), then the others: the box around every pixel that changed
    changed = pygame.mask.from_threshold(with_it, (0, 0, 0, 255), (1, 1, 1, 255), without)
    changed.invert()
    rects = changed.get_bounding_rects()
    assert rects, "the vehicle's art changed no pixel"
    return rects[0].unionall(rects[1:]), with_it


def dark_weapon_pixels(surface: pygame.Surface, box: pygame.Rect) -> list[tuple[int, int]]:
    return [
        (x, y)
        for y in range(box.top, box.bottom)
        for x in range(box.left, box.right)
        if all(abs(c - g) <= 6 for c, g in zip(surface.get_at((x, y))[:3], GUNMETAL, strict=True))
    ]


def test_the_lvtp_is_drawn_at_its_cards_footprint_facing_north(engine: Engine) -> None:
    unit = lvtp_id(engine)
    card = VEHICLES["lvtp"]
    assert engine.state.vehicles[unit]["facing"] == 270.0
    box, surface = drawn_box(engine, unit)
    # 1.3" across by 3.2" along at 24 px/inch, centred where the hull stands
    assert abs(box.width - round(card.width * SCALE)) <= 1
    assert abs(box.height - round(card.length * SCALE)) <= 1
    assert abs(box.centerx - SIZE[0] / 2) <= 1 and abs(box.centery - SIZE[1] / 2) <= 1
    # its heavy MG points over the bow: the weapon's pixels lie in the northern half
    gun = dark_weapon_pixels(surface, box)
    assert gun and sum(y for _, y in gun) / len(gun) < box.centery


def test_the_art_turns_with_the_hull_when_it_faces_east(engine: Engine) -> None:
    unit = lvtp_id(engine)
    engine.state.vehicles[unit]["facing"] = 0.0
    box, surface = drawn_box(engine, unit)
    card = VEHICLES["lvtp"]
    assert abs(box.width - round(card.length * SCALE)) <= 1
    assert abs(box.height - round(card.width * SCALE)) <= 1
    gun = dark_weapon_pixels(surface, box)
    assert gun and sum(x for x, _ in gun) / len(gun) > box.centerx


def flame_pixels(surface: pygame.Surface) -> int:
    """Pixels whose every channel is within 30 of the flame colour (a threshold of 31)."""
    return int(pygame.mask.from_threshold(surface, FLAME, (31, 31, 31, 255)).count())


def test_a_destroyed_vehicle_burns_and_an_intact_one_does_not(engine: Engine) -> None:
    unit = lvtp_id(engine)
    _, intact = drawn_box(engine, unit)
    engine.state.vehicles[unit]["damage"] = {
        "reliability": 0,
        "mobility_failures": 0,
        "armament_failures": 0,
        "speed_loss": 0,
    }
    view = view_from_game(engine.state)
    sprite = view.unit(unit)
    assert sprite is not None and sprite.vehicle_look == VehicleLook("lvtp", True, True, True)
    # the crew who got out stand on the wreck here: move them off it to see the hull
    units = tuple(
        dataclasses.replace(
            u, figures=tuple(dataclasses.replace(f, position_in=(1.0, 1.0)) for f in u.figures)
        )
        if u.unit_id == unit
        else u
        for u in view.units
    )
    rec = engine.state.vehicles[unit]
    burning = frame(engine, dataclasses.replace(view, units=units), (rec["x"], rec["y"]))
    assert flame_pixels(intact) == 0
    assert flame_pixels(burning) > 40


def test_the_view_reads_immobilized_and_weapons_out_from_the_damage(engine: Engine) -> None:
    unit = lvtp_id(engine)
    engine.state.vehicles[unit]["damage"] = {
        "reliability": 8,
        "mobility_failures": 2,
        "armament_failures": 2,
        "speed_loss": 0,
    }
    sprite = view_from_game(engine.state).unit(unit)
    assert sprite is not None and sprite.vehicle_look == VehicleLook("lvtp", True, True, False)


@pytest.mark.parametrize("kind", KINDS)
def test_each_vehicle_kind_fills_its_footprint_and_shows_its_damage(app: object, kind: str) -> None:
    card = VEHICLES[kind]
    length, width = round(card.length * 32), round(card.width * 32)
    scheme = DEFAULT_PALETTE.regular
    intact = vehicle_sprite(VehicleLook(kind), length, width, 0, scheme)
    assert intact.get_size() == (length, width)
    assert intact.get_bounding_rect().size == (length, width)  # drawn edge to edge
    north = vehicle_sprite(VehicleLook(kind), length, width, 270, scheme)
    assert north.get_size() == (width, length)
    looks = [
        VehicleLook(kind, immobilized=True),
        VehicleLook(kind, disarmed=True),
        VehicleLook(kind, True, True, True),
    ]
    pictures = [pygame.image.tobytes(intact, "RGBA")]
    pictures += [
        pygame.image.tobytes(vehicle_sprite(look, length, width, 0, scheme), "RGBA")
        for look in looks
    ]
    # every damage state looks different (a car has no weapon to lose)
    assert len(set(pictures)) == (3 if kind in UNARMED else 4)


def test_every_vehicle_of_the_orbat_data_has_its_own_art() -> None:
    assert set(KINDS) == set(VEHICLES)


def test_r310_a_vehicle_placed_as_a_tile_is_not_painted_into_the_map_art(
    app: object, tmp_path: Path
) -> None:
    """The map's art leaves the tile out (the game draws the vehicle where it drives to); the
    preview and the game still draw other tile objects (tests/client/test_tiled_art.py)."""
    path = tile_map(tmp_path / "with")
    plain = tile_map(tmp_path / "without", with_vehicle=False)
    with_tile = MapArt(path, None).base
    without = MapArt(plain, None).base
    assert pygame.image.tobytes(with_tile, "RGB") == pygame.image.tobytes(without, "RGB")


def test_r310_the_preview_draws_a_vehicle_tile_where_the_game_stands_its_hull(
    app: object, tmp_path: Path
) -> None:
    """tools/preview_map.py: the gun truck turned 90 degrees about (320, 160) px stands at
    (352, 224) px (11", 7"), 2" long north-south; the unturned picture's place stays bare."""
    from tools import preview_map

    path = tile_map(tmp_path / "with")
    plain = tile_map(tmp_path / "without", with_vehicle=False)
    seen, bare = preview_map.render(path), preview_map.render(plain)

    def changed(x: int, y: int) -> bool:
        return seen.get_at((x, y)) != bare.get_at((x, y))

    assert changed(352, 224)  # the hull's centre
    assert changed(352, 224 - 28) and changed(352, 224 + 28)  # 2" = 64 px along, north-south
    assert not changed(352 + 28, 224) and not changed(352 - 28, 224)  # 1" = 32 px across
    assert not changed(420, 130)  # where the unturned 128 x 64 picture would have been
    art_only = preview_map.render(path, overlay=False)
    assert pygame.image.tobytes(art_only, "RGB") == pygame.image.tobytes(
        preview_map.render(plain, overlay=False), "RGB"
    )

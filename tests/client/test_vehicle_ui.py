"""Vehicles in the play screen (issue 20): the hull drawn in the figures' style, the drive
preview (Patrol turns, Cruising straight on), boarding and getting out, the vehicle card."""

from __future__ import annotations

import pygame
import pytest

from game.client import vehicle_orders
from game.client.adapter import view_from_game
from game.client.palette import DEFAULT_PALETTE
from game.client.vehicle_art import hull_sprite
from game.engine import vehicles
from game.engine.commands import Dismount, Drive, Mount
from game.engine.engine import Engine
from game.engine.state import UnitState
from game.save import new_game, resolve_map


@pytest.fixture
def engine() -> Engine:
    map_path, scenario_id = resolve_map("turkey-shoot")
    return new_game(map_path, scenario_id, 1, turn_limit=3)


def lvtp(engine: Engine) -> UnitState:
    return next(u for u in engine.state.units.values() if u.name == "LVTP")


def test_the_view_carries_the_hull_and_the_art_turns_with_the_facing(engine: Engine) -> None:
    view = view_from_game(engine.state)
    sprite = view.unit(lvtp(engine).id)
    assert sprite is not None and sprite.hull is not None
    _x, _y, length, width, facing, wreck = sprite.hull
    assert (length, width, facing, wreck) == (3.2, 1.3, 270.0, False)
    north = hull_sprite(64, 26, 270, DEFAULT_PALETTE.regular, False)
    east = hull_sprite(64, 26, 0, DEFAULT_PALETTE.regular, False)
    assert north.get_size() == (26, 64) and east.get_size() == (64, 26)
    # the bow wedge is darker than the deck: the front half differs from the back half
    assert north.get_at((13, 2)) != north.get_at((13, 61))
    assert isinstance(north, pygame.Surface)


def test_a_drive_preview_at_patrol_speed_goes_where_pointed_up_to_10_inches(
    engine: Engine,
) -> None:
    vehicle = lvtp(engine)
    rec = vehicles.record(engine.state, vehicle.id)
    assert rec is not None
    x, y = rec.centre
    plan = vehicle_orders.drive_preview(engine, vehicle, (x, y - 5.0))
    assert plan.speed == "patrol" and plan.blocked == "" and plan.length == pytest.approx(5.0)
    far_left = vehicle_orders.drive_preview(engine, vehicle, (x - 30.0, y - 12.0))
    assert far_left.speed == "patrol" and far_left.length == pytest.approx(10.0, abs=0.05)


def test_a_drive_preview_far_ahead_is_cruising_straight_on(engine: Engine) -> None:
    vehicle = lvtp(engine)
    rec = vehicles.record(engine.state, vehicle.id)
    assert rec is not None
    x, y = rec.centre
    plan = vehicle_orders.drive_preview(engine, vehicle, (x + 2.0, y - 16.0))
    assert plan.speed == "cruising" and plan.blocked == ""
    assert plan.destination[0] == pytest.approx(x)  # straight along the facing: no turn
    assert "Cruising" in plan.label
    order = vehicle_orders.drive_order(plan, vehicle)
    assert isinstance(order, Drive) and order.speed == "cruising"
    held = vehicle_orders.drive_preview(engine, vehicle, (x, y - 16.0), force_rate="cautious")
    assert held.speed == "patrol" and held.length == pytest.approx(10.0, abs=0.05)


def test_a_drive_into_a_building_is_refused_with_the_engines_reason(engine: Engine) -> None:
    vehicle = lvtp(engine)
    rec = vehicles.record(engine.state, vehicle.id)
    assert rec is not None
    x, y = rec.centre
    plan = vehicle_orders.drive_preview(engine, vehicle, (x + 7.0, y - 5.0))
    assert "does not fit past" in plan.blocked


def test_boarding_and_getting_out_orders(engine: Engine) -> None:
    vehicle = lvtp(engine)
    rec = vehicles.record(engine.state, vehicle.id)
    assert rec is not None
    rider = engine.state.units[rec.passengers[0]]
    assert vehicle_orders.board_order(engine, rider, rec.centre) == Mount(
        side=rider.side, unit=rider.id, vehicle=vehicle.id
    )
    assert vehicle_orders.board_order(engine, rider, (1.0, 1.0)) is None
    out = vehicle_orders.next_dismount(engine, vehicle)
    assert isinstance(out, Dismount) and out.passenger == rec.passengers[0]


def test_the_vehicle_card_says_its_damage(engine: Engine) -> None:
    vehicle = lvtp(engine)
    lines = vehicle_orders.card_lines(engine, vehicle)
    assert lines[0].startswith("Vehicle: LVTP-7") and "2d8" in lines[0]
    assert "Damage: none" in lines
    rec = vehicles.record(engine.state, vehicle.id)
    assert rec is not None
    rec.damage = {"reliability": 6, "mobility_failures": 1, "armament_failures": 1, "speed_loss": 4}
    vehicles.save(engine.state, vehicle.id, rec)
    lines = vehicle_orders.card_lines(engine, vehicle)
    damage = next(line for line in lines if line.startswith("Damage:"))
    assert 'speed −4"' in damage and "−1 Firepower die" in damage and "d6" in damage
    assert 'Patrol 6"' in lines[-2]


def test_the_odds_box_against_a_vehicle_rolls_its_armour() -> None:
    """Odds previews against vehicles: the weapons that can harm it, against its armour dice
    (Vehicle Defense vs. Weapon Class, R217)."""
    from pathlib import Path

    from game.client import orders
    from game.scenarios.situation import read_situation, situation_engine

    damage = Path(__file__).resolve().parents[2] / "docs" / "sandbox" / "vehicle-damage.json"
    engine = situation_engine(read_situation(damage))
    gunmen, lvtp_unit = engine.state.units["G"], engine.state.units["V"]
    preview = orders.fire_preview(engine, gunmen, lvtp_unit)
    assert preview.blocked == ""
    assert "AT RPG" in preview.firepower and "Class 1 armour" in preview.defense
    assert preview.odds is not None
    assert (preview.odds.attack_label, preview.odds.defense_label) == ("4d6", "2d8")

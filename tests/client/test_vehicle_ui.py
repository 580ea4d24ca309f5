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
    # seed 2: seed 1's set-up Fog of War card is "Wait, the Colonel Said WHAT?!", which keeps
    # every vehicle still in turn 1 (R280)
    return new_game(map_path, scenario_id, 2, turn_limit=3)


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
    # the bow is not the stern: the front quarter differs from the back quarter turned round
    bow = pygame.image.tobytes(north.subsurface((0, 0, 26, 16)), "RGBA")
    stern = north.subsurface((0, 48, 26, 16))
    assert bow != pygame.image.tobytes(pygame.transform.flip(stern, False, True), "RGBA")
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
    assert any(line.startswith("Damage: none · Speed: Patrol") for line in lines)
    rec = vehicles.record(engine.state, vehicle.id)
    assert rec is not None
    rec.damage = {"reliability": 6, "mobility_failures": 1, "armament_failures": 1, "speed_loss": 4}
    vehicles.save(engine.state, vehicle.id, rec)
    lines = vehicle_orders.card_lines(engine, vehicle)
    damage = next(line for line in lines if line.startswith("Damage:"))
    assert 'speed −4"' in damage and "−1 Firepower die" in damage and "d6" in damage
    assert 'Patrol 6"' in lines[-2]


def test_the_vehicle_card_names_its_weapons_in_french(engine: Engine) -> None:
    """The LVTP's heavy MG is a word of the data (the vehicle cards): French screens read it in
    French, as the odds box beside it already did."""
    from game import i18n

    vehicle = lvtp(engine)
    assert any(
        "heavy MG (Class 1, 2d)" in line for line in vehicle_orders.card_lines(engine, vehicle)
    )
    i18n.set_language("fr")
    weapons = next(
        line for line in vehicle_orders.card_lines(engine, vehicle) if line.startswith("Armes")
    )
    assert "mitrailleuse lourde" in weapons and "heavy MG" not in weapons


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
    assert "penetrating hits" in preview.lines[-1] and "casualties" not in preview.lines[-1]


# --- issue 20 round 2: waypoints, a clicked way out ---
def test_a_drive_through_waypoints_turns_at_each_and_the_hull_follows(engine: Engine) -> None:
    """Patrol Speed (R211): Shift+click waypoints make a drive of several legs, cut at 10"; the
    preview shows the hull turned along each leg (north, then west)."""
    vehicle = lvtp(engine)
    rec = vehicles.record(engine.state, vehicle.id)
    assert rec is not None
    x, y = rec.centre
    bend = (x, y - 3.0)
    plan = vehicle_orders.drive_preview(engine, vehicle, (x - 3.0, y - 3.0), waypoints=(bend,))
    assert plan.speed == "patrol" and plan.blocked == ""
    assert plan.path == (rec.centre, bend, (x - 3.0, y - 3.0))
    assert plan.length == pytest.approx(6.0)
    ghosts = vehicle_orders.hull_ghosts(engine, plan, vehicle)
    assert [round(g.facing) for g in ghosts] == [270, 180]  # north, then west
    order = vehicle_orders.drive_order(plan, vehicle)
    assert order.path == (bend, (x - 3.0, y - 3.0)) and order.speed == "patrol"
    engine.apply(order)  # the engine takes the whole path (the Insurgents may interrupt it)
    start = [e["data"] for e in engine.state.events if e["kind"] == "VehicleMoveStart"][-1]
    assert start["to"] == [x - 3.0, y - 3.0] and start["length"] == pytest.approx(6.0)


def test_a_long_waypoint_drive_is_cut_at_patrol_speed(engine: Engine) -> None:
    vehicle = lvtp(engine)
    rec = vehicles.record(engine.state, vehicle.id)
    assert rec is not None
    x, y = rec.centre
    plan = vehicle_orders.drive_preview(
        engine, vehicle, (x - 12.0, y - 3.0), waypoints=((x, y - 3.0),)
    )
    assert plan.wanted == pytest.approx(15.0)
    assert plan.length == pytest.approx(10.0, abs=0.02) and plan.path[1] == (x, y - 3.0)


def test_getting_out_where_the_player_clicks_is_previewed(engine: Engine) -> None:
    """Loading and Unloading Passengers (R220): the spot is the player's, within a Cautious
    move of the hull; beyond it the engine's reason is shown."""
    vehicle = lvtp(engine)
    rec = vehicles.record(engine.state, vehicle.id)
    assert rec is not None
    x, y = rec.centre
    rider = rec.passengers[0]
    near = vehicle_orders.dismount_preview(engine, vehicle, rider, (x + 1.0, y - 4.0))
    assert near.blocked == "" and "gets out here" in near.label
    assert near.reach == pytest.approx(6.0 + 1.6)
    far = vehicle_orders.dismount_preview(engine, vehicle, rider, (x, y - 12.0))
    assert "within a Cautious move" in far.blocked and "cannot get out" in far.label


def test_the_screen_sets_a_waypoint_with_shift_click_and_lets_a_passenger_out_where_clicked(
    app: object,
) -> None:
    """Through the play screen's own keys and clicks: M, Shift+click a bend, the preview turns
    there; Esc; J, a click inside the Cautious circle: the first passenger gets out there."""
    from game.client.play import open_play
    from game.client.session import SessionConfig

    def motion(pos: tuple[int, int]) -> pygame.event.Event:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))

    def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
        return [
            motion(pos),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]

    def key(k: int) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")

    config = SessionConfig(table="turkey-shoot", seed=2, pace="instant", autosave=False)
    scene = open_play("turkey-shoot", config=config)
    app.push(scene)  # type: ignore[attr-defined]
    app.step()  # type: ignore[attr-defined]
    engine = scene.session.engine
    vehicle = lvtp(engine)
    rec = vehicles.record(engine.state, vehicle.id)
    assert rec is not None
    x, y = rec.centre
    scene.overlays.selected_unit = vehicle.id
    app.step([key(pygame.K_m)])  # type: ignore[attr-defined]
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        app.step(click(scene._to_screen((x, y - 3.0))))  # type: ignore[attr-defined]
    finally:
        pygame.key.set_mods(0)
    assert len(scene.vehicle_plan.waypoints) == 1 and scene.mode == "move"
    app.step([motion(scene._to_screen((x - 3.0, y - 3.0)))])  # type: ignore[attr-defined]
    plan = scene.move_plan
    assert isinstance(plan, vehicle_orders.DrivePreview) and len(plan.path) == 3
    app.step([key(pygame.K_ESCAPE)])  # type: ignore[attr-defined]
    assert scene.vehicle_plan.waypoints == []
    first = rec.passengers[0]
    app.step([key(pygame.K_j)])  # type: ignore[attr-defined]
    assert scene.mode == "dismount" and scene.vehicle_plan.passenger == first
    app.step(click(scene._to_screen((x + 1.5, y - 4.0))))  # type: ignore[attr-defined]
    out = [e["data"] for e in engine.state.events if e["kind"] == "Dismount"]
    assert [d["unit"] for d in out] == [first]
    assert engine.state.units[first].status == "active"

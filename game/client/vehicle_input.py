"""Vehicle input on the battle screen (issue 20): a drive through waypoints and getting out at
a spot the player clicks, with their previews drawn on the table.

- Move on a vehicle: Shift+click sets a waypoint (the drive turns there, Patrol speed, R211);
  a plain click (or Enter) drives through the waypoints to the pointer. Every bend and the end
  show the hull turned as it would stand.
- J on a vehicle with passengers: the first passenger's way out follows the pointer, inside the
  reach of a Cautious move around the hull (R220); J again picks the next passenger, a click
  lets this one out there.

Functions of `PlayScene` (game/client/play.py), whose `vehicle_plan` holds what is planned.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.battlefield.model import Point
from game.client import vehicle_orders
from game.client.play_consts import BLOCKED_COLOUR, CAUTIOUS_COLOUR, PATH_CASING
from game.client.session import Seat
from game.client.vehicle_orders import DismountPreview, DrivePreview
from game.engine.commands import Dismount
from game.engine.state import UnitState
from game.i18n import _, retell

if TYPE_CHECKING:
    from game.client.play import PlayScene

GHOST_COLOUR = (235, 235, 215)


@dataclass
class VehiclePlan:
    """The drive's waypoints so far, and the passenger getting out with its preview."""

    waypoints: list[Point] = field(default_factory=list)
    passenger: str = ""
    dismount: DismountPreview | None = None

    def clear(self) -> None:
        self.waypoints.clear()
        self.passenger = ""
        self.dismount = None


def add_waypoint(scene: PlayScene, unit: UnitState, world: Point) -> None:
    """Shift+click while a vehicle moves: one more bend of its drive."""
    point = (round(world[0], 2), round(world[1], 2))
    scene.vehicle_plan.waypoints.append(point)
    scene.move_plan = None
    scene.say(
        _("{name}: waypoint {n} — Shift+click another, click the end (Esc cancels)").format(
            name=retell(unit.name), n=len(scene.vehicle_plan.waypoints)
        )
    )


def drive_click(scene: PlayScene, unit: UnitState, world: Point) -> None:
    """Shift: a waypoint; otherwise the drive through the waypoints to here."""
    if pygame.key.get_mods() & pygame.KMOD_SHIFT:
        add_waypoint(scene, unit, world)
        return
    engine = scene.session.engine
    drive = vehicle_orders.drive_preview(
        engine,
        unit,
        (round(world[0], 2), round(world[1], 2)),
        force_rate=scene.force_rate,
        waypoints=tuple(scene.vehicle_plan.waypoints),
    )
    if drive.blocked:
        scene.say(drive.blocked, True)
        return
    if scene.give(vehicle_orders.drive_order(drive, unit)):
        scene.vehicle_plan.clear()


def start_dismount(scene: PlayScene, unit: UnitState) -> None:
    """J on a vehicle: pick where its (next) passenger gets out."""
    riders = vehicle_orders.passengers(scene.session.engine, unit)
    if not riders or vehicle_orders.next_dismount(scene.session.engine, unit) is None:
        scene.say(
            _("{name}: nobody can get out now (R218, R220)").format(name=retell(unit.name)), True
        )
        return
    plan = scene.vehicle_plan
    if scene.mode == "dismount" and plan.passenger in riders:
        plan.passenger = riders[(riders.index(plan.passenger) + 1) % len(riders)]
    else:
        plan.passenger = riders[0]
    plan.dismount = None
    scene.mode = "dismount"
    name = scene.session.engine.state.units[plan.passenger].name
    scene.say(
        _("{name}: click where {rider} gets out (J: next passenger, Esc cancels)").format(
            name=retell(unit.name), rider=name
        )
    )


def dismount_click(scene: PlayScene, seat: Seat, world: Point) -> None:
    unit = scene._ordered_unit(seat)
    plan = scene.vehicle_plan
    if unit is None or not plan.passenger:
        return
    to = (round(world[0], 2), round(world[1], 2))
    preview = vehicle_orders.dismount_preview(scene.session.engine, unit, plan.passenger, to)
    if preview.blocked:
        scene.say(preview.blocked, True)
        return
    command = Dismount(side=seat.side, unit=unit.id, passenger=plan.passenger, to=to)
    if scene.give(command):
        plan.clear()


def _selected(scene: PlayScene) -> UnitState | None:
    """The selected unit, if it is a vehicle of the side to act (asked each frame: no status
    line is said, unlike `_ordered_unit`)."""
    seat = scene.human_seat()
    engine = scene.session.engine
    unit_id = scene.overlays.selected_unit
    unit = engine.state.units.get(unit_id) if unit_id else None
    if seat is None or unit is None or unit.side != seat.side:
        return None
    return unit if vehicle_orders.is_vehicle(engine, unit) else None


def _dismount_now(scene: PlayScene) -> DismountPreview | None:
    """The preview of getting out at the pointer (asked of the engine once per spot)."""
    plan = scene.vehicle_plan
    unit = _selected(scene)
    if unit is None or plan.passenger not in vehicle_orders.passengers(scene.session.engine, unit):
        return None
    world = scene.camera.screen_to_world(scene.mouse_pos)
    to = (round(world[0] * 4) / 4, round(world[1] * 4) / 4)
    if plan.dismount is None or plan.dismount.to != to:
        plan.dismount = vehicle_orders.dismount_preview(
            scene.session.engine, unit, plan.passenger, to
        )
    return plan.dismount


def draw(scene: PlayScene, surface: pygame.Surface) -> None:
    """The hull at each bend and at the end of a planned drive; the way out of a passenger."""
    plan = scene.move_plan
    unit = _selected(scene) if scene.mode in ("move", "dismount") else None
    if scene.mode == "move" and isinstance(plan, DrivePreview) and unit is not None:
        colour = BLOCKED_COLOUR if plan.blocked else GHOST_COLOUR
        for ghost in vehicle_orders.hull_ghosts(scene.session.engine, plan, unit):
            corners = [scene._to_screen(p) for p in ghost.corners]
            pygame.draw.polygon(surface, PATH_CASING, corners, 4)
            pygame.draw.polygon(surface, colour, corners, 2)
        for point in scene.vehicle_plan.waypoints:
            x, y = scene._to_screen(point)
            pygame.draw.rect(surface, CAUTIOUS_COLOUR, pygame.Rect(x - 4, y - 4, 9, 9), 2)
    if scene.mode != "dismount":
        return
    preview = _dismount_now(scene)
    if preview is None:
        return
    centre = scene._to_screen(preview.centre)
    edge = scene._to_screen((preview.centre[0] + preview.reach, preview.centre[1]))
    pygame.draw.circle(surface, CAUTIOUS_COLOUR, centre, max(2, edge[0] - centre[0]), 2)
    spot = scene._to_screen(preview.to)
    colour = BLOCKED_COLOUR if preview.blocked else CAUTIOUS_COLOUR
    pygame.draw.line(surface, colour, centre, spot, 2)
    pygame.draw.circle(surface, PATH_CASING, spot, 8)
    pygame.draw.circle(surface, colour, spot, 6)
    at = (scene.mouse_pos[0] + 16, scene.mouse_pos[1] + 14)
    scene.preview_rect = scene._label(surface, preview.label, at)

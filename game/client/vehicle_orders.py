"""Vehicle orders in the play screen (issue 20), asked of the engine before they are given.

No pygame here. The Move order of a vehicle is a drive: straight toward the pointer at Patrol
speed, or, when the pointer lies far ahead within 20° of the vehicle's facing, straight ahead at
Cruising speed (which makes no turn, R211); `C` (Cautious only) keeps it at Patrol. The Move
order of a unit on foot onto a friendly vehicle boards it; `J` on a vehicle lets its next
passenger out on the first spot the engine offers (R220). The card lines of a vehicle say its
card and its damage (Vehicle Breakdown).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from game.battlefield.hulls import hull_corners
from game.battlefield.model import Point
from game.client.orders import MovePreview, check
from game.engine import vehicles
from game.engine.commands import Command, Dismount, Drive, Mount
from game.engine.engine import Engine
from game.engine.state import UnitState
from game.engine.terrain import path_length, truncate
from game.i18n import _, narr, number, pgettext, retell
from game.rules.movement import CAUTIOUS
from game.rules.vehicle_movement import heading
from game.rules.vehicle_types import vehicle_defense

CRUISE_CONE = 20.0  # degrees either side of the facing that still mean "straight ahead"
BOARD_REACH = 2.0  # inches from a vehicle's centre that a click means "board it"


@dataclass(frozen=True)
class DrivePreview(MovePreview):
    """A drive's preview: the path, Patrol or Cruising, and the engine's verdict."""

    speed: str = "patrol"

    @property
    def label(self) -> str:
        inches = number(self.length)
        if self.speed == "cruising":
            text = _('{inches}" at Cruising speed').format(inches=inches)
            text += " · " + _("straight ahead, no turns (R211)")
        elif self.speed == "patrol":
            text = _('{inches}" at Patrol speed').format(inches=inches)
        else:
            text = f'{inches}" {self.speed}'
        if self.wanted > self.length + 0.05:
            text += " · " + _('{inches}" wanted, stops short').format(inches=number(self.wanted))
        if self.blocked:
            text += f" · {self.blocked}"
        return text


def is_vehicle(engine: Engine, unit: UnitState) -> bool:
    return vehicles.is_vehicle(engine.state, unit)


def drive_preview(
    engine: Engine,
    unit: UnitState,
    to: Point,
    *,
    force_rate: str | None = None,
    waypoints: tuple[Point, ...] = (),
) -> DrivePreview:
    """The drive a Move order toward `to` gives (see the module's words); with `waypoints` a
    Patrol drive through them to `to`."""
    rec = vehicles.record(engine.state, unit.id)
    assert rec is not None
    if waypoints:
        return _waypoint_drive(engine, unit, rec, (*waypoints, to))
    start = rec.centre
    wanted = math.dist(start, to)
    bearing = math.degrees(math.atan2(to[1] - start[1], to[0] - start[0])) % 360.0
    off = abs((bearing - rec.facing + 180.0) % 360.0 - 180.0)
    damage = rec.state
    speed = "patrol"
    if force_rate != "cautious" and wanted > damage.speed("patrol") and off <= CRUISE_CONE:
        speed = "cruising"
    allowance = damage.speed(speed) - 0.01  # the end is rounded to 1/100": stay within
    if speed == "cruising":
        rad = math.radians(rec.facing)
        ahead = min(wanted * math.cos(math.radians(off)), allowance)
        end = (start[0] + ahead * math.cos(rad), start[1] + ahead * math.sin(rad))
    else:
        step = min(wanted, allowance) / wanted if wanted > 1e-9 else 0.0
        end = (start[0] + (to[0] - start[0]) * step, start[1] + (to[1] - start[1]) * step)
    end = (round(end[0], 2), round(end[1], 2))
    command = Drive(side=unit.side, unit=unit.id, path=(end,), speed=speed)
    blocked = check(engine, command)
    rate = "rapid" if speed == "cruising" else "cautious"
    length = math.dist(start, end)
    return DrivePreview((start, end), wanted, length, rate, blocked, end, to, speed)


def _waypoint_drive(
    engine: Engine, unit: UnitState, rec: vehicles.VehicleRecord, points: tuple[Point, ...]
) -> DrivePreview:
    """A Patrol drive through the waypoints (it turns at each, R211), cut at the Patrol speed
    left after Mobility breakdowns."""
    start = rec.centre
    full = [start, *points]
    allowance = rec.state.speed("patrol") - 0.01
    cut = truncate(full, allowance)
    path = (start, *[(round(x, 2), round(y, 2)) for x, y in cut[1:]])
    command = Drive(side=unit.side, unit=unit.id, path=path[1:], speed="patrol")
    blocked = check(engine, command) if len(path) > 1 else "no drive"
    return DrivePreview(
        path, path_length(full), path_length(path), "cautious", blocked, path[-1], points[-1]
    )


def drive_order(preview: DrivePreview, unit: UnitState) -> Drive:
    return Drive(side=unit.side, unit=unit.id, path=preview.path[1:], speed=preview.speed)


def hull_ghosts(engine: Engine, preview: DrivePreview, unit: UnitState) -> list[HullGhost]:
    """Where the hull stands, turned, at each bend and at the end of a drive: at Patrol speed
    it faces along the leg it drove, at Cruising speed it keeps its facing (R211)."""
    rec = vehicles.record(engine.state, unit.id)
    if rec is None:
        return []
    card = rec.card
    out: list[HullGhost] = []
    for a, b in itertools.pairwise(preview.path):
        if math.dist(a, b) < 1e-6:
            continue
        facing = heading(a, b) if preview.speed == "patrol" else rec.facing
        out.append(HullGhost(b, facing, hull_corners(b, facing, card.length, card.width)))
    return out


@dataclass(frozen=True)
class HullGhost:
    """One hull position of a drive preview: its centre, facing and corners (inches)."""

    centre: Point
    facing: float
    corners: tuple[Point, ...]


# --- getting out: the spot chosen by the player (R220) ---
@dataclass(frozen=True)
class DismountPreview:
    """A passenger getting out toward `to`: the reach around the hull and the engine's verdict."""

    passenger: str
    passenger_name: str
    centre: Point
    reach: float
    to: Point
    blocked: str

    @property
    def label(self) -> str:
        if self.blocked:
            return f"{self.passenger_name} cannot get out here: {self.blocked}"
        return f"{self.passenger_name} gets out here, Cautiously (R220) · J: next passenger"


def passengers(engine: Engine, unit: UnitState) -> list[str]:
    rec = vehicles.record(engine.state, unit.id)
    return [] if rec is None else list(rec.passengers)


def dismount_preview(engine: Engine, unit: UnitState, passenger: str, to: Point) -> DismountPreview:
    rec = vehicles.record(engine.state, unit.id)
    assert rec is not None
    rider = engine.state.units[passenger]
    command = Dismount(side=unit.side, unit=unit.id, passenger=passenger, to=to)
    reach = CAUTIOUS + rec.card.length / 2
    return DismountPreview(passenger, rider.name, rec.centre, reach, to, check(engine, command))


def board_order(engine: Engine, unit: UnitState, at: Point) -> Command | None:
    """A unit on foot clicked onto a friendly vehicle: boarding it (None: no vehicle there)."""
    if is_vehicle(engine, unit):
        return None
    for vid in engine.state.vehicles:
        vehicle = engine.state.units.get(vid)
        rec = vehicles.record(engine.state, vid)
        if vehicle is None or rec is None or vehicle.side != unit.side or not vehicle.on_table:
            continue
        if math.dist(rec.centre, at) <= BOARD_REACH:
            return Mount(side=unit.side, unit=unit.id, vehicle=vid)
    return None


def next_dismount(engine: Engine, unit: UnitState) -> Command | None:
    """The first way out the engine offers the vehicle's first passenger now, or None."""
    pending = engine.pending
    if pending is None:
        return None
    for option in pending.options:
        if isinstance(option, Dismount) and option.unit == unit.id:
            return option
    return None


def card_lines(engine: Engine, unit: UnitState) -> list[str]:
    """The vehicle card: what it is, its armour and Reliability, its damage, who rides in it."""
    rec = vehicles.record(engine.state, unit.id)
    if rec is None:
        return []
    card, damage = rec.card, rec.state
    shield = vehicle_defense(card)
    weapons = ", ".join(
        _("{weapon} (Class {cls}, {dice}d)").format(
            weapon=narr(w.name), cls=w.weapon_class, dice=w.dice
        )
        for w in card.weapons
    )
    # French agrees "none" with the word it stands for: Fiabilité, armes (feminine)
    reliability = (
        damage.reliability.label if damage.reliability else pgettext("reliability", "none")
    )
    lines = [
        _("Vehicle: {name} · Class {cls} armour {armour} · Reliability {reliability}").format(
            name=narr(card.name),
            cls=card.armour_class,
            armour=shield.label,
            reliability=reliability,
        ),
        _("Weapons: {weapons}").format(weapons=weapons or pgettext("weapons", "none")),
    ]
    if damage.destroyed:
        lines.append(_("Damage: destroyed — the crew fights on foot"))
        return lines
    hurt = []
    if damage.mobility_failures:
        hurt.append(
            _("immobilized")
            if damage.immobilized
            else _('Mobility: speed −{inches}"').format(inches=damage.speed_loss)
        )
    if damage.armament_failures:
        hurt.append(_("no Firepower") if damage.weapons_out else _("Armament: −1 Firepower die"))
    if damage.reliability != card.base_reliability:
        down = damage.reliability.label if damage.reliability else pgettext("reliability", "none")
        hurt.append(_("Reliability down to {reliability}").format(reliability=down))
    # damage and speeds share a line: a long card (a French one) must leave its last line,
    # the Firepower at the target, above the order buttons at 1280x800 (polish)
    hurt_words = _("Damage: {damage}").format(damage=", ".join(hurt) if hurt else _("none"))
    speeds = _('Speed: Patrol {patrol}" · Cruising {cruising}"').format(
        patrol=number(damage.speed("patrol"), 0), cruising=number(damage.speed("cruising"), 0)
    )
    lines.append(f"{hurt_words} · {speeds}")
    riders = [engine.state.units[p] for p in rec.passengers if p in engine.state.units]
    aboard = (
        ", ".join(f"{retell(r.name)} ({len(r.figures)})" for r in riders) if riders else _("nobody")
    )
    lines.append(_("Aboard: {riders}").format(riders=aboard))
    return lines

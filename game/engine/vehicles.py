"""Vehicles on the table (Rulebook: Vehicle Rules; issue 20): a vehicle is its crew's unit plus a
record in `GameState.vehicles` (its card, hull centre, facing, damage, passengers).

The crew's unit is activated, interrupted and fired at like any unit; what differs goes through
here: it drives (`Drive`) instead of walking, fires its mounted weapons, defends with its armour,
and hits on it are damage checks rather than casualties. Passengers ride as units with the status
"aboard" (off the table until they get out). Rulings R210, R220-R226; the rules are in
`game/rules/vehicles.py`, `vehicle_damage.py`, `vehicle_movement.py`.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.battlefield.hulls import hull_frame
from game.battlefield.model import Point
from game.engine import contractors, interruptions, placement
from game.engine.commands import Dismount, Drive, IllegalCommand, Mount
from game.engine.procedure import STEP, Activation, Flow
from game.engine.protocol import EventKind as E
from game.engine.protocol import FigureStatus, MoveRate, UnitStatus
from game.engine.state import INSURGENT, UnitState
from game.engine.terrain import distance, path_length, walk
from game.rules.movement import CAUTIOUS, RAPID
from game.rules.vehicle_damage import VehicleDamage
from game.rules.vehicle_entry import is_tracked as ve_tracked
from game.rules.vehicle_movement import boarding_problem, check_vehicle_move, heading
from game.rules.vehicle_types import VehicleType, vehicle_type

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.state import GameState

HULL_STEP = 0.25
"""R210: inches between the hull positions checked along a drive."""


@dataclass
class VehicleRecord:
    """A vehicle's own state, saved as plain data in `GameState.vehicles[crew unit id]`."""

    type: str
    x: float
    y: float
    facing: float = 0.0
    damage: dict[str, int] = field(default_factory=dict)
    passengers: list[str] = field(default_factory=list)
    loaded_turn: int = 0
    moved_turn: int = 0
    speed: str = ""
    scored: bool = False  # counted once as immobilized or destroyed (victory points)
    source: str = ""  # --- vehicles entering play: the card that brought it on mid-game (R300)
    fire_or_move_turn: int = 0  # --- rules audit round 7: fired a Fire-or-Move weapon (R345)

    @property
    def card(self) -> VehicleType:
        return vehicle_type(self.type)

    @property
    def state(self) -> VehicleDamage:
        if not self.damage:
            return VehicleDamage.intact(self.card)
        return VehicleDamage.from_json(self.damage)

    @property
    def centre(self) -> Point:
        return (self.x, self.y)

    def to_json(self) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, list) else v) for k, v in self.__dict__.items()}


def record(state: GameState, unit_id: str) -> VehicleRecord | None:
    raw = state.vehicles.get(unit_id)
    return None if raw is None else VehicleRecord(**raw)


def save(state: GameState, unit_id: str, rec: VehicleRecord) -> None:
    state.vehicles[unit_id] = rec.to_json()


def is_vehicle(state: GameState, unit: UnitState) -> bool:
    """A crew unit still in its vehicle: every vehicle until it is destroyed (R224, R225)."""
    rec = record(state, unit.id)
    return rec is not None and not rec.state.destroyed


# --- the hull on the table (R210) ---


def hull_points(card: VehicleType, centre: Point, facing: float) -> list[Point]:
    """The hull's outline sampled every half inch or so, and its centre (R210)."""
    at = hull_frame(centre, facing)
    half_l, half_w = card.length / 2, card.width / 2
    along = max(2, math.ceil(card.length / 0.5))
    across = max(1, math.ceil(card.width / 0.5))
    points = [centre]
    for i in range(along + 1):
        u = -half_l + card.length * i / along
        for v in (-half_w, half_w):
            points.append(at(u, v))
    for j in range(1, across):
        v = -half_w + card.width * j / across
        for u in (-half_l, half_l):
            points.append(at(u, v))
    return points


def crew_spots(card: VehicleType, centre: Point, facing: float, count: int) -> list[Point]:
    """Where the crew figures stand: spread along the hull's axis, so the vehicle sits in lines
    of fire as a unit does (R6, R210)."""
    span = card.length * 0.6
    if count <= 1:
        return [centre] * count
    at = hull_frame(centre, facing)
    return [at(-span / 2 + span * i / (count - 1), 0.0) for i in range(count)]


def hull_blocked(g: Engine, card: VehicleType, centre: Point, facing: float) -> bool:
    """Does the hull here overlap a building, a closed high wall or impassable ground? Points
    off the table edge are not terrain (the hull may overhang the edge, R210)."""
    return any(
        g.terrain.on_table(p) and g.terrain.blocked_point(p)
        for p in hull_points(card, centre, facing)
    )


def drive_problem(g: Engine, rec: VehicleRecord, path: list[Point], speed: str) -> str | None:
    """Why the hull cannot follow this path, or None: every quarter inch along it the hull must be
    clear of buildings and walls, so no vehicle squeezes through a 1" door (R210)."""
    facing = rec.facing
    for a, b in itertools.pairwise(path):
        leg = distance(a, b)
        if leg < 1e-9:
            continue
        if not g.terrain.on_table(b):
            return f"({b[0]:.1f}, {b[1]:.1f}) is off the table"
        if speed == "patrol":
            facing = heading(a, b)
        steps = max(1, math.ceil(leg / HULL_STEP))
        for i in range(steps + 1):
            t = i / steps
            point = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if hull_blocked(g, rec.card, point, facing):
                return (
                    f"the {rec.card.name} does not fit past ({point[0]:.1f}, {point[1]:.1f}): "
                    "buildings or walls are in the way"
                )
    return None


def place_vehicle(g: Engine, unit: UnitState, rec: VehicleRecord) -> None:
    """Put the crew figures on the hull, and the passengers' figures at its centre. Where the
    hull overhangs the table edge (R210), the crew stand at the edge: a figure is never off the
    table (R251)."""
    live = [f for f in unit.figures if f.status != FigureStatus.HIT] or unit.figures
    width, height = g.battlefield.width, g.battlefield.height
    for f, spot in zip(live, crew_spots(rec.card, rec.centre, rec.facing, len(live)), strict=False):
        f.x, f.y = min(max(spot[0], 0.0), width), min(max(spot[1], 0.0), height)
    for f in unit.figures:
        if f not in live:
            f.x, f.y = rec.centre
    for pid in rec.passengers:
        for f in g.state.units[pid].figures:
            f.x, f.y = rec.centre


def add_vehicle(
    state: GameState,
    unit: UnitState,
    type_key: str,
    facing: float = 0.0,
    passengers: list[str] | None = None,
) -> VehicleRecord:
    """Make `unit` (its figures are the crew) a vehicle of this card at its centre (scenario
    set-up, the sandbox). Passengers named start aboard."""
    card = vehicle_type(type_key)
    cx, cy = unit.centre
    rec = VehicleRecord(type=card.key, x=cx, y=cy, facing=facing % 360.0)
    rec.damage = VehicleDamage.intact(card).to_json()
    for pid in passengers or []:
        rider = state.units[pid]
        rider.status = UnitStatus.ABOARD
        rec.passengers.append(pid)
    save(state, unit.id, rec)
    spots = crew_spots(card, (cx, cy), rec.facing, len(unit.figures))
    for f, spot in zip(unit.figures, spots, strict=True):
        f.x, f.y = spot
    for pid in rec.passengers:
        for f in state.units[pid].figures:
            f.x, f.y = cx, cy
    return rec


# --- Drive (Vehicle Movement; R211, R221) ---


def check_drive(g: Engine, unit: UnitState, command: Drive, act: Activation) -> None:
    rec = record(g.state, unit.id)
    if rec is None or rec.state.destroyed:
        raise IllegalCommand(f"{unit.name} is not a vehicle")
    if act.moved > 0 or act.rate:
        raise IllegalCommand(f"{unit.name} has already moved this activation")
    if rec.fire_or_move_turn == g.state.turn:  # --- rules audit round 7: Fire-or-Move (R345) ---
        raise IllegalCommand(
            f"{unit.name} fired a Fire-or-Move weapon this turn and may not move (R345)"
        )
    path: list[Point] = [rec.centre, *((float(p[0]), float(p[1])) for p in command.path)]
    problem = check_vehicle_move(
        path,
        rec.facing,
        command.speed,
        rec.state,
        loaded_this_turn=rec.loaded_turn == g.state.turn,
    )
    problem = problem or drive_problem(g, rec, path, command.speed)
    if not problem and g.state.cards:  # --- vehicles entering play: Road Block! (R304) ---
        from game.engine import road_block

        problem = road_block.drive_problem(g, rec, path)
    if problem:
        raise IllegalCommand(f"{unit.name}: {problem}")


def drive(g: Engine, unit: UnitState, act: Activation, command: Drive) -> Flow:
    """Drive along the path in 1" steps; Insurgents that see the vehicle for the first time may
    interrupt, as they may a moving unit (R221). Cruising counts as a Rapid move (R222)."""
    turn = g.state.turn
    rec = record(g.state, unit.id)
    assert rec is not None
    rate = MoveRate.RAPID if command.speed == "cruising" else MoveRate.CAUTIOUS
    path: list[Point] = [rec.centre, *((float(p[0]), float(p[1])) for p in command.path)]
    act.rate, act.action, act.targets = rate, "move", []
    act.path, act.travelled = list(path), 0.0
    unit.move_rate, unit.move_rate_turn = rate, turn
    # an Insurgent vehicle (R303) drives as an Insurgent action: Overwatch had its say before it
    insurgent = unit.side == INSURGENT
    act.sighted = [] if insurgent else [i.id for i in g.state.units_of(INSURGENT) if g.los(i, unit)]
    g.emit(
        E.VEHICLE_MOVE_START,
        unit=unit.id,
        unit_name=unit.name,
        speed=command.speed,
        to=list(path[-1]),
        length=round(path_length(path), 3),
    )
    if not act.window_done and not insurgent:
        act.window_done = True
        yield from interruptions.interruption_window(g, unit, act)
    total = path_length(path)
    while unit.on_table and act.travelled < total - 1e-6 and is_vehicle(g.state, unit):
        rec = record(g.state, unit.id)
        assert rec is not None
        if rec.state.immobilized or unit.pinned_turn == turn:
            break
        step_to = min(total, act.travelled + STEP)
        point = walk(path, step_to)
        if command.speed == "patrol" and distance(point, rec.centre) > 1e-9:
            rec.facing = heading(rec.centre, point)
        rec.x, rec.y = point
        rec.moved_turn, rec.speed = turn, command.speed
        save(g.state, unit.id, rec)
        place_vehicle(g, unit, rec)
        act.moved += step_to - act.travelled
        act.travelled = step_to
        unit.last_moved_turn = turn
        if _try_exit(g, unit, rec):
            return
        if g.state.cards and ve_tracked(rec.type):  # --- Road Block! (R305) ---
            from game.engine import road_block

            road_block.crossing(g, unit, rec)
        if insurgent:
            placement.update_sightings(g)
            continue
        newly = [
            i for i in g.state.units_of(INSURGENT) if i.id not in act.sighted and g.los(i, unit)
        ]
        act.sighted.extend(i.id for i in newly)
        placement.update_sightings(g)
        fresh = [i for i in newly if interruptions.may_interrupt(g, i)]
        if fresh:
            yield from interruptions.interruption_window(g, unit, act, only=fresh)
    act.path = []
    if unit.on_table:
        rec = record(g.state, unit.id)
        assert rec is not None
        g.emit(
            E.VEHICLE_MOVE_END,
            unit=unit.id,
            unit_name=unit.name,
            at=[round(rec.x, 3), round(rec.y, 3)],
            facing=round(rec.facing, 1),
            moved=round(act.moved, 3),
        )
        if rec.type == "ambulance":  # --- Ambulance on Call! (R298) ---
            from game.engine import ambulance

            ambulance.drove_up(g)


def _try_exit(g: Engine, unit: UnitState, rec: VehicleRecord) -> bool:
    """A vehicle whose centre comes within 1" of an exit edge leaves with everyone aboard."""
    edge = contractors.exit_edge_at(g, unit, rec.centre)
    if not edge:
        return False
    for pid in rec.passengers:
        rider = g.state.units[pid]
        rider.status = UnitStatus.ACTIVE
        contractors.leave_table(g.state, rider)
        g.emit(E.UNIT_EXITS, unit=pid, edge=edge, unit_name=rider.name, dependants=0)
    rec.passengers = []
    save(g.state, unit.id, rec)
    contractors.leave_table(g.state, unit)
    g.emit(E.UNIT_EXITS, unit=unit.id, edge=edge, unit_name=unit.name, dependants=0)
    return True


# --- Mount and Dismount (Loading and Unloading Passengers; R218, R220) ---


def _aboard_count(g: Engine, rec: VehicleRecord) -> int:
    return sum(len(g.state.units[p].figures) for p in rec.passengers)


def check_mount(g: Engine, unit: UnitState, command: Mount, act: Activation) -> None:
    vehicle = g.state.units.get(command.vehicle)
    rec = record(g.state, command.vehicle)
    if vehicle is None or rec is None or not is_vehicle(g.state, vehicle) or not vehicle.on_table:
        raise IllegalCommand(f"{command.vehicle!r} is not a vehicle on the table")
    if vehicle.side != unit.side:
        raise IllegalCommand(f"{vehicle.name} is not a friendly vehicle")
    if is_vehicle(g.state, unit):
        raise IllegalCommand("a vehicle does not board a vehicle")
    if unit.side == INSURGENT:  # --- vehicles entering play: technicals carry no one (R303) ---
        raise IllegalCommand(f"{unit.name}: Insurgents do not board vehicles in this game (R303)")
    if act.moved > 0 or act.rate or act.fired:
        raise IllegalCommand(f"{unit.name} boards as its whole action (R220)")
    if rec.moved_turn == g.state.turn:
        raise IllegalCommand(f"{vehicle.name} moved this turn: nobody boards it now")
    problem = boarding_problem(_aboard_count(g, rec), len(unit.figures), rec.card)
    if problem:
        raise IllegalCommand(problem)
    reach = RAPID + rec.card.length / 2
    far = [f for f in unit.effective_figures if distance(f.pos, rec.centre) > reach]
    if far:
        raise IllegalCommand(
            f'{unit.name}: every figure must be within a Rapid move ({RAPID:.0f}") of the '
            f"{rec.card.name} to board"
        )


def mount(g: Engine, unit: UnitState, act: Activation, command: Mount) -> Flow:
    """The unit runs to the vehicle and boards (Rapid allowed, R218); the Insurgents may
    interrupt first as they may any move (R220)."""
    act.rate, act.action, act.targets = MoveRate.RAPID, "move", []
    act.path = [unit.leader_point, record_centre(g, command.vehicle)]
    if not act.window_done:
        act.window_done = True
        yield from interruptions.interruption_window(g, unit, act)
    act.path = []
    vehicle = g.state.units[command.vehicle]
    if not unit.on_table or not vehicle.on_table or not is_vehicle(g.state, vehicle):
        return
    if unit.pinned_turn == g.state.turn:
        return
    rec = record(g.state, command.vehicle)
    assert rec is not None
    rec.passengers.append(unit.id)
    rec.loaded_turn = g.state.turn
    save(g.state, command.vehicle, rec)
    unit.status = UnitStatus.ABOARD
    unit.last_moved_turn = unit.move_rate_turn = g.state.turn
    unit.move_rate = MoveRate.RAPID
    for f in unit.figures:
        f.x, f.y = rec.centre
    g.emit(
        E.MOUNT, unit=unit.id, unit_name=unit.name, vehicle=vehicle.id, vehicle_name=vehicle.name
    )


def record_centre(g: Engine, unit_id: str) -> Point:
    rec = record(g.state, unit_id)
    assert rec is not None
    return rec.centre


def check_dismount(g: Engine, unit: UnitState, command: Dismount, act: Activation) -> None:
    rec = record(g.state, unit.id)
    if rec is None or rec.state.destroyed:
        raise IllegalCommand(f"{unit.name} is not a vehicle")
    if command.passenger not in rec.passengers:
        raise IllegalCommand(f"{command.passenger!r} is not aboard {unit.name}")
    if act.moved > 0 or rec.moved_turn == g.state.turn:
        raise IllegalCommand(f"{unit.name} moved this turn: nobody gets out now")
    to = (float(command.to[0]), float(command.to[1]))
    reach = CAUTIOUS + rec.card.length / 2
    if distance(to, rec.centre) > reach or g.terrain.blocked_point(to):
        raise IllegalCommand(
            f'passengers get out within a Cautious move ({CAUTIOUS:.0f}") of the '
            f"{rec.card.name}, on open ground (R220)"
        )


def dismount(g: Engine, unit: UnitState, command: Dismount) -> None:
    """The passengers step out and move Cautiously to `to`; that is their activation this turn,
    and the vehicle may not move this turn (R218, R220)."""
    turn = g.state.turn
    rec = record(g.state, unit.id)
    assert rec is not None
    rider = g.state.units[command.passenger]
    rec.passengers.remove(rider.id)
    rec.loaded_turn = turn
    save(g.state, unit.id, rec)
    rider.status = UnitStatus.ACTIVE
    rider.activated_turn = turn
    rider.last_moved_turn = rider.move_rate_turn = turn
    rider.move_rate = MoveRate.CAUTIOUS
    placement.place_unit(g, rider, (float(command.to[0]), float(command.to[1])), real=False)
    g.emit(
        E.DISMOUNT,
        unit=rider.id,
        unit_name=rider.name,
        vehicle=unit.id,
        vehicle_name=unit.name,
        at=list(rider.leader_point),
    )
    placement.update_sightings(g)


# --- sample orders offered with a decision (engine.samples) ---

_COMPASS = tuple(float(a) for a in range(0, 360, 45))


def action_samples(g: Engine, unit: UnitState) -> list[Any]:
    """Drives, boardings and getting out worth offering `unit` now (the validators sort out
    the legal ones): Patrol drives of 5" and 10" in eight directions, Cruising straight on
    18" and 9", each passenger out 4" to eight sides, boarding each friendly vehicle near."""
    rec = record(g.state, unit.id)
    if rec is not None and is_vehicle(g.state, unit):
        out: list[Any] = []
        cx, cy = rec.centre
        for reach in PATROL_SAMPLES:
            for angle in _COMPASS:
                rad = math.radians(angle)
                to = (round(cx + reach * math.cos(rad), 2), round(cy + reach * math.sin(rad), 2))
                out.append(Drive(unit.side, unit=unit.id, path=(to,), speed="patrol"))
        rad = math.radians(rec.facing)
        for reach in (18.0, 9.0):
            to = (round(cx + reach * math.cos(rad), 2), round(cy + reach * math.sin(rad), 2))
            out.append(Drive(unit.side, unit=unit.id, path=(to,), speed="cruising"))
        for pid in rec.passengers:
            for angle in _COMPASS:
                a = math.radians(angle + rec.facing)
                to = (round(cx + 4.0 * math.cos(a), 2), round(cy + 4.0 * math.sin(a), 2))
                out.append(Dismount(unit.side, unit=unit.id, passenger=pid, to=to))
        return out
    return [
        Mount(unit.side, unit=unit.id, vehicle=vid)
        for vid in g.state.vehicles
        if (v := g.state.units.get(vid)) is not None and v.side == unit.side and v.on_table
    ]


PATROL_SAMPLES = (10.0, 5.0)

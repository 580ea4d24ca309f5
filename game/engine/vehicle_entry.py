"""A vehicle that enters play during the game (Rulebook: Fog of War & Asset Cards; Vehicle Rules).
Rulings R300-R309; the cards' numbers are in `game/rules/vehicle_entry.py`.

One procedure, `enter_vehicle`, brings a vehicle onto the table from a table edge: a new crew
unit (with its leader where the card gives one), made a vehicle through `vehicles.add_vehicle`
(the same record, hull and footprint as a vehicle placed at set-up), its passengers aboard when
it carries any. It comes on at the first spot along the edge, outward from where it was wanted,
where its hull fits clear of buildings, walls, figures and other hulls, with room to drive on
(R300). Everything it changes is the game state's plain data, so a save after it loads exactly.

The Asset cards that bring vehicles (Attached APC, Attached Gun Truck, Attached IFV, Attached
LAV-25, Tank Support) and the Fog of War card Technical Trouble come on through here
(`vehicle_cards`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.battlefield.model import Point
from game.engine import placement, vehicles
from game.engine.protocol import EventKind as E
from game.engine.protocol import UnitStatus
from game.engine.state import INSURGENT, REGULAR, FigureState, UnitState
from game.engine.terrain import distance
from game.rules import vehicle_entry as ve
from game.rules.quality import Morale, Quality
from game.rules.vehicle_types import VehicleType, vehicle_type

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.state import GameState

FACING_IN = {"north": 90.0, "south": 270.0, "west": 0.0, "east": 180.0}
"""The facing of a vehicle coming on by each edge: straight into the table (y grows south)."""
CLEARANCE = 0.5
"""Inches kept between an entering hull and any figure's base or other hull."""


def force_ratings(state: GameState) -> tuple[Quality, Morale]:
    """The Troop Quality and Morale of most of the Regular force (its figures still fighting,
    aboard or on the table): the lowest on a tie, as Mixed Units does (R301)."""
    figures = [
        f
        for u in state.units.values()
        if u.side == REGULAR and u.status in (UnitStatus.ACTIVE, UnitStatus.ABOARD)
        for f in u.effective_figures
    ]
    return Quality(_majority([f.quality for f in figures], 8)), Morale(
        _majority([f.morale for f in figures], 8)
    )


def _majority(values: list[int], default: int) -> int:
    if not values:
        return default
    best = max(values.count(v) for v in set(values))
    return min(v for v in set(values) if values.count(v) == best)


def regular_edge(g: Engine) -> str:
    """The edge a Regular vehicle comes on by: the Regulars' entry edge, else their exit edge,
    else the south edge (R302)."""
    for edge in (*g.state.entry_edges, *g.state.exit_edges):
        if edge in ve.EDGES:
            return edge
    return "south"


def _edge_centre(g: Engine, card: VehicleType, edge: str, along: float) -> Point:
    w, h = g.battlefield.width, g.battlefield.height
    inset = card.length / 2 + 0.25
    return {
        "north": (along, inset),
        "south": (along, h - inset),
        "west": (inset, along),
        "east": (w - inset, along),
    }[edge]


def _fits(g: Engine, card: VehicleType, centre: Point, facing: float) -> bool:
    """The hull fits here and `ENTRY_ROOM` further in, clear of every base and hull (R300)."""
    rad = math.radians(facing)
    ahead = (centre[0] + ve.ENTRY_ROOM * math.cos(rad), centre[1] + ve.ENTRY_ROOM * math.sin(rad))
    if vehicles.hull_blocked(g, card, centre, facing) or vehicles.hull_blocked(
        g, card, ahead, facing
    ):
        return False
    reach = card.length / 2 + CLEARANCE
    for unit in g.state.units.values():
        if unit.on_table and any(distance(f.pos, centre) < reach for f in unit.figures):
            return False
    for raw in g.state.vehicles.values():
        other = vehicle_type(str(raw["type"]))
        gap = (card.length + other.length) / 2 + CLEARANCE
        if distance((float(raw["x"]), float(raw["y"])), centre) < gap:
            return False
    return True


def entry_spot(g: Engine, card: VehicleType, edge: str, near: Point | None) -> Point | None:
    """The first spot along `edge`, outward from the point of it nearest `near` (its middle
    when None), where the hull fits (R300); None when it fits nowhere along that edge."""
    w, h = g.battlefield.width, g.battlefield.height
    span = w if edge in ("north", "south") else h
    start = span / 2
    if near is not None:
        start = near[0] if edge in ("north", "south") else near[1]
    low, high = card.length / 2, span - card.length / 2
    start = min(max(start, low), high)
    facing = FACING_IN[edge]
    for i in range(int(span / ve.ENTRY_STEP) * 2 + 1):
        offset = ve.ENTRY_STEP * ((i + 1) // 2) * (1 if i % 2 else -1)
        along = start + offset
        if not low <= along <= high:
            continue
        centre = _edge_centre(g, card, edge, along)
        if _fits(g, card, centre, facing):
            return centre
    return None


def _unit_id(state: GameState, side: str) -> tuple[str, int]:
    """A fresh unit id: the next Insurgent number, or the first free R number for Regulars."""
    if side == INSURGENT:
        number = state.next_unit_number
        state.next_unit_number += 1
        return f"I{number}", number
    number = 1
    while f"R{number}" in state.units:
        number += 1
    return f"R{number}", number


def enter_vehicle(
    g: Engine,
    side: str,
    type_key: str,
    edge: str,
    *,
    ratings: tuple[int, int],
    crew: Sequence[str] = (),
    name: str = "",
    near: Point | None = None,
    passengers: Sequence[Sequence[str]] = (),
    cause: str = "",
) -> UnitState | None:
    """Bring a vehicle of `type_key` onto the table by `edge` (R300): its crew figures of the
    kinds in `crew` (riflemen by default, one per crew place on its card) rated `ratings`
    (Quality, Morale), named `name` ("{number}" is its number), each of `passengers` (a list of
    figure kinds) a unit aboard it. None,
    logged, when its hull fits nowhere along that edge."""
    card = vehicle_type(type_key)
    centre = entry_spot(g, card, edge, near)
    if centre is None:
        g.emit(E.VEHICLE_NO_ROOM, side=side, vehicle=card.name, edge=edge, cause=cause)
        return None
    unit_id, number = _unit_id(g.state, side)
    kinds = list(crew) or ["rifle"] * card.crew
    quality, morale_die = ratings
    figures = [
        FigureState(f"{unit_id}.{i + 1}", kind, *centre, quality, morale_die)
        for i, kind in enumerate(kinds)
    ]
    unit = UnitState(
        unit_id, (name or card.name + " {number}").format(number=number), side, figures
    )
    unit.seen = card.key == ve.CAR  # traffic never moves out of contact (R308)
    _arrives(g, unit)
    riders = []
    for j, rider_kinds in enumerate(passengers):
        rider_id = f"{unit_id}.p{j + 1}"
        rider = UnitState(
            rider_id,
            f"{unit.name}: passengers {j + 1}",
            side,
            [
                FigureState(f"{rider_id}.{i + 1}", kind, *centre, quality, morale_die)
                for i, kind in enumerate(rider_kinds)
            ],
        )
        _arrives(g, rider)
        riders.append(rider_id)
    vehicles.add_vehicle(g.state, unit, card.key, FACING_IN[edge], riders)
    rec = vehicles.record(g.state, unit.id)
    assert rec is not None
    rec.x, rec.y = centre
    rec.source = cause or "entered"
    vehicles.save(g.state, unit.id, rec)
    vehicles.place_vehicle(g, unit, rec)
    g.emit(
        E.VEHICLE_ENTERS,
        unit=unit.id,
        unit_name=unit.name,
        side=side,
        vehicle=card.name,
        edge=edge,
        at=[round(centre[0], 2), round(centre[1], 2)],
        facing=FACING_IN[edge],
        quality=f"d{quality}",
        morale=f"d{morale_die}",
        passengers=[g.state.units[r].name for r in riders],
        cause=cause,
    )
    placement.update_sightings(g)
    return unit


def _arrives(g: Engine, unit: UnitState) -> None:
    """A Regular unit that comes on during play acts from the next turn, as an attached team
    does (R197); an Insurgent one may interrupt and act in this turn's Insurgent phase, as an
    arriving group does (R300)."""
    turn = g.state.turn
    unit.placed_turn = turn
    if unit.side == REGULAR:
        unit.activated_turn = turn
    else:
        unit.night_vision = g.state.night_vision.get(INSURGENT)
    g.state.units[unit.id] = unit

"""Fog of War card Cross-Town Traffic (Rulebook: Fog of War & Asset Cards; R308, R309).

A civilian car comes on by a random table edge (through `vehicle_entry`, R300) and, each turn as
the Insurgent phase begins, drives up to Cruising speed toward the nearest Regular unit along
the streets (`_route`: hull-clear ground). A secret d6 says what it is: civilians, a carload of
gunmen or a car bomb. Before it drives, each Regular unit that sees it may test its Troop
Quality to make it out, each test letting the car come 4" closer first. Within 6" of a Regular
unit it stops: a car bomb goes off (8d8 against every unit within 8"), the gunmen get
out as an Insurgent unit, the civilians get away. A Regular unit may fire at it unidentified;
unless it is a car bomb that counts as killing civilians (R238, R76), and the car pulls over
(its people out as above); a car bomb fired at drives on, and goes off where its hull is
destroyed.

The car is an Insurgent-side vehicle unit that nobody commands: it never acts in the Insurgent
phase nor interrupts. Its secret lives in `effects["cars"]` and is hidden from the Regulars'
view until it is known (`view.player_view`).
"""

from __future__ import annotations

import heapq
import itertools
import math
from typing import TYPE_CHECKING, Any

from game.battlefield.model import Point
from game.engine import card_effects, cards, placement, vehicle_entry, vehicle_fire, vehicles
from game.engine import rulesbridge as rb
from game.engine.protocol import UnitStatus
from game.engine.state import INSURGENT, REGULAR, MobState, UnitState
from game.engine.terrain import distance
from game.i18n import N_
from game.rules import cards as rc
from game.rules import vehicle_entry as ve
from game.rules.dice import Die
from game.rules.vehicle_types import CRUISING_SPEED, vehicle_type

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.procedure import Flow

CELL = 1.5
"""Inches between the points of the grid a car's route is searched on."""
SEARCH = 4000
"""The most grid points a route search looks at."""
CARD = "cross-town-traffic"


def cars(g: Engine) -> dict[str, dict[str, Any]]:
    """The cars of Cross-Town Traffic in play: unit id -> its secret and what is known."""
    fx: dict[str, dict[str, Any]] = cards.effects(g).get("cars", {})
    return fx


def is_car(g: Engine, unit: UnitState) -> bool:
    """Whether `unit` is a Cross-Town Traffic car (nobody commands it: R308)."""
    return bool(g.state.cards) and unit.id in cars(g)


@card_effects.effect("cross_town_traffic")
def cross_town_traffic(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Cross-Town Traffic: the car comes on by a random edge; its d6 is rolled in secret."""
    edge = ve.random_edge(g.dice)
    face = g.dice.roll(Die.D6)
    car = vehicle_entry.enter_vehicle(
        g,
        INSURGENT,
        ve.CAR,
        edge,
        ratings=(int(Die.D6), int(Die.D6)),
        crew=("small_arms",),
        name=N_("Car {number}"),
        cause=card.title,
    )
    if car is None:
        card_effects.played(g, card, INSURGENT, "no_target")
        return False
    fx = cards.table(g)["effects"].setdefault("cars", {})
    fx[car.id] = {"face": face, "nature": ve.car_nature(face), "known": False, "tested": 0}
    card_effects.played(g, card, INSURGENT, "car_enters", unit=car.id, unit_name=car.name)
    return False
    yield


def hidden(data: dict[str, Any]) -> None:
    """The Regulars' view: what each unidentified car is stays secret (R308)."""
    for car in data.get("effects", {}).get("cars", {}).values():
        if not car.get("known"):
            car["face"], car["nature"] = 0, "?"


# --- the cars' turn: identification, then the drive (R308) -----------------------------------
def cars_drive(g: Engine) -> Flow:
    """As the Insurgent phase begins, each car on the table: the Regulars' tests, then its
    drive toward the nearest Regular unit."""
    if not g.state.cards:
        return
    for car_id in sorted(cars(g)):
        car = g.state.units.get(car_id)
        if car is None or not car.on_table or g.state.result is not None:
            continue
        yield from _identify(g, car)
        if car.on_table and vehicles.is_vehicle(g.state, car):
            yield from _drive(g, car, CRUISING_SPEED)


def _identify(g: Engine, car: UnitState) -> Flow:
    """Regular units in sight may each test Troop Quality to make the car out; each test lets
    it come 4" closer first (R308)."""
    secret = cars(g)[car.id]
    tested: list[str] = []
    while not secret["known"] and car.on_table:
        able = sorted(
            u.id
            for u in g.state.units_of(REGULAR)
            if u.id not in tested and not vehicles.is_vehicle(g.state, u) and g.los(u, car)
        )
        if not able:
            return
        card = rc.card(CARD)
        choice = yield from card_effects.ask(
            g, card, REGULAR, "identify", N_("which unit tests Quality to make out the car?"),
            ["none", *able],
        )  # fmt: skip
        if choice == "none":
            return
        unit = g.state.units[str(choice)]
        tested.append(unit.id)
        yield from _drive(g, car, ve.IDENTIFY_CLOSER)
        if not car.on_table:
            return
        test = rb.quality_test(unit.quality_die(), g.dice)
        secret["tested"] = int(secret["tested"]) + 1
        if test.passed:
            secret["known"] = True
        card_effects.played(
            g,
            card,
            REGULAR,
            f"car_known_{secret['nature']}" if test.passed else "car_unknown",
            unit=unit.id,
            unit_name=unit.name,
            car=car.id,
            car_name=car.name,
            **test.to_data(),
        )


def _target(g: Engine, car: UnitState) -> UnitState | None:
    regulars = [u for u in g.state.units_of(REGULAR) if u.effective_figures]
    return min(regulars, key=lambda u: (distance(u.centre, car.centre), u.id), default=None)


def _near_regular(g: Engine, at: Point) -> bool:
    return any(
        distance(f.pos, at) <= ve.CAR_TRIGGER
        for u in g.state.units_of(REGULAR)
        for f in u.effective_figures
    )


def _drive(g: Engine, car: UnitState, reach: float) -> Flow:
    """The car drives up to `reach` inches toward the nearest Regular unit; within 6" of one it
    stops and what it is comes out (R308)."""
    rec = vehicles.record(g.state, car.id)
    target = _target(g, car)
    if rec is None or target is None:
        return
    if _near_regular(g, rec.centre):
        yield from _arrives(g, car)
        return
    route = _route(g, rec, target.centre)
    travelled = 0.0
    for a, b in itertools.pairwise(route):
        step = distance(a, b)
        if travelled + step > reach:
            break
        travelled += step
        rec.facing = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0
        rec.x, rec.y = b
        rec.moved_turn, rec.speed = g.state.turn, "cruising"
        vehicles.save(g.state, car.id, rec)
        vehicles.place_vehicle(g, car, rec)
        if _near_regular(g, b):
            break
    car.last_moved_turn = g.state.turn
    card_effects.played(
        g,
        rc.card(CARD),
        INSURGENT,
        "car_drives",
        unit=car.id,
        unit_name=car.name,
        moved=round(travelled, 1),
        at=[round(rec.x, 2), round(rec.y, 2)],
    )
    placement.update_sightings(g)
    if _near_regular(g, rec.centre):
        yield from _arrives(g, car)


def _route(g: Engine, rec: vehicles.VehicleRecord, goal: Point) -> list[Point]:
    """The shortest way on a 1.5" grid of points where the car's hull fits (either way round),
    from the car to the reachable point nearest `goal` (R308)."""
    card = vehicle_type(rec.type)
    start = (round(rec.x / CELL), round(rec.y / CELL))
    free: dict[tuple[int, int], bool] = {}

    def fits(c: tuple[int, int]) -> bool:
        if c not in free:
            p = (c[0] * CELL, c[1] * CELL)
            free[c] = g.terrain.on_table(p) and not (
                vehicles.hull_blocked(g, card, p, 0.0) or vehicles.hull_blocked(g, card, p, 90.0)
            )
        return free[c]

    best = start
    came: dict[tuple[int, int], tuple[int, int] | None] = {start: None}
    cost = {start: 0.0}
    queue: list[tuple[float, tuple[int, int]]] = [(0.0, start)]
    seen = 0
    while queue and seen < SEARCH:
        here_cost, here = heapq.heappop(queue)
        seen += 1
        if distance(_pt(here), goal) < distance(_pt(best), goal):
            best = here
        if distance(_pt(here), goal) <= ve.CAR_TRIGGER:
            break
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nxt = (here[0] + dx, here[1] + dy)
                if nxt == here or not fits(nxt):
                    continue
                new = here_cost + CELL * math.hypot(dx, dy)
                if new < cost.get(nxt, math.inf):
                    cost[nxt], came[nxt] = new, here
                    heapq.heappush(queue, (new + distance(_pt(nxt), goal), nxt))
    path: list[Point] = []
    node: tuple[int, int] | None = best
    while node is not None:
        path.append(_pt(node))
        node = came[node]
    path.reverse()
    return [rec.centre, *path[1:]]


def _pt(c: tuple[int, int]) -> Point:
    return (c[0] * CELL, c[1] * CELL)


# --- what comes out of the car (R308, R309) ----------------------------------------------------
def _arrives(g: Engine, car: UnitState) -> Flow:
    """The car is within 6" of a Regular unit: the bomb goes off, the gunmen get out, or the
    civilians get away."""
    secret = cars(g)[car.id]
    secret["known"] = True
    nature = str(secret["nature"])
    if nature == ve.CAR_BOMB:
        yield from _explode(g, car)
    elif nature == ve.CAR_GUNMEN:
        _gunmen(g, car)
    else:
        _leave(g, car, "car_civilians")


def _leave(g: Engine, car: UnitState, outcome: str, **data: Any) -> None:
    """The car leaves play (its people out, or blown up), logged with what it was."""
    secret = cars(g)[car.id]
    car.status = UnitStatus.REMOVED
    card_effects.played(
        g,
        rc.card(CARD),
        INSURGENT,
        outcome,
        unit=car.id,
        unit_name=car.name,
        face=secret["face"],
        **data,
    )
    placement.update_sightings(g)


def _gunmen(g: Engine, car: UnitState) -> None:
    from game.engine.reinforcements import new_insurgent_unit

    count = ve.car_gunmen(g.dice)
    at = car.centre
    _leave(g, car, "car_gunmen", count=count)
    unit = new_insurgent_unit(g, ("small_arms",) * count, at)
    card_effects.played(
        g,
        rc.card(CARD),
        INSURGENT,
        "car_gunmen_out",
        unit=unit.id,
        unit_name=unit.name,
        count=count,
    )
    placement.update_sightings(g)


def _explode(g: Engine, car: UnitState) -> Flow:
    """The car bomb: 8d8 against every unit within 8", Regular or Insurgent (R309); at a
    vehicle through its armour and Determining Vehicle Damage, as IED Detonated!'s blast (R347,
    R356)."""
    at = car.centre
    _leave(g, car, "car_bomb", at=[round(at[0], 2), round(at[1], 2)])
    struck = sorted(
        (
            u
            for u in g.state.units.values()
            if u.on_table
            and u.id != car.id
            and any(distance(f.pos, at) <= ve.CAR_BLAST for f in u.effective_figures)
        ),
        key=lambda u: u.id,
    )
    card = rc.card(CARD)
    for unit in struck:
        if not unit.on_table:
            continue
        if vehicles.is_vehicle(g.state, unit):  # rules audit round 7 (R347)
            vehicle_fire.blast_at_vehicle(g, card.title, unit, ve.CAR_BOMB_POOL, ve.CAR_BOMB_CLASS)
        else:
            yield from card_effects.card_attack(g, card, unit, ve.CAR_BOMB_POOL)


def after_fire(g: Engine, firer: UnitState, target: UnitState) -> Flow:
    """A car fired at (R309): the first fire at one not known to be a car bomb counts as
    killing civilians unless it is one; an innocent or gunmen's car pulls over (its people get
    out); a car bomb drives on, and goes off where it is destroyed."""
    if not is_car(g, target) or not target.on_table:
        return
    secret = cars(g)[target.id]
    nature = str(secret["nature"])
    if nature != ve.CAR_BOMB:
        if not secret.get("engaged") and firer.side == REGULAR:
            secret["engaged"] = True
            from game.engine.civilians import civilian_killed

            card_effects.played(
                g,
                rc.card(CARD),
                REGULAR,
                "car_engaged",
                unit=firer.id,
                unit_name=firer.name,
                car=target.id,
                car_name=target.name,
            )
            civilian_killed(g, MobState(target.id, *target.centre, status="dispersed"), REGULAR)
        yield from _arrives(g, target)
        return
    rec = vehicles.record(g.state, target.id)
    if rec is not None and rec.state.destroyed:
        yield from _explode(g, target)

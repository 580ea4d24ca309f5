"""Fog of War card Road Block! (Rulebook: Fog of War & Asset Cards; R304, R305).

The Insurgents pick a street section the Regulars have not used yet (`candidate_spots`: open
ground between buildings, well away from every Regular figure and their entry edge, narrowest
first). The block closes the street within `ROAD_BLOCK_RADIUS` of its centre: a wheeled
vehicle's drive may not pass it (`drive_problem`, asked by the drive's validator); a tracked one
rolls over it after its crew's Quality test, a failure being a Mobility breakdown (`crossing`,
called along the drive). With no Regular vehicle in play when it is played, 1d6+2 Insurgent
riflemen hold it, In Cover. The blocks are lasting card effects (`effects["road_blocks"]`),
plain data in the save.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Any

from game.battlefield.model import Point
from game.engine import card_effects, cards, placement, vehicles
from game.engine import rulesbridge as rb
from game.engine.protocol import EventKind as E
from game.engine.state import INSURGENT, REGULAR, UnitState
from game.engine.terrain import distance
from game.i18n import N_
from game.rules import cards as rc
from game.rules import vehicle_entry as ve
from game.rules.dice import Die
from game.rules.vehicle_damage import Breakdown, CrewRisk, apply_breakdown

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.procedure import Flow

GRID = 3.0
"""Inches between the spots tried for a road block."""
SPOTS = 5
"""How many spots the Insurgents are offered."""
PROBE = 8.0
"""A street is open ground with buildings on both sides within this many inches (R304)."""


def blocks(g: Engine) -> list[dict[str, Any]]:
    """The road blocks on the table (empty when none was ever placed)."""
    return list(cards.effects(g).get("road_blocks", []))


def _width(g: Engine, p: Point) -> float | None:
    """How wide the street is at `p`: the narrower of the east-west and north-south gaps
    between blocked ground (None when either way stays open for `PROBE` inches)."""
    best = min(sum(reaches) for reaches in street_reaches(g, p))
    return None if best == math.inf else best


def street_reaches(g: Engine, p: Point) -> tuple[tuple[float, float], tuple[float, float]]:
    """How far open ground runs from `p` to blocked ground (or the table's edge): west and
    east, then north and south, in inches (infinite past `PROBE`). A street runs along its
    wider gap; the block stands across the narrower one."""
    found: list[tuple[float, float]] = []
    for dx, dy in ((1.0, 0.0), (0.0, 1.0)):
        both: list[float] = []
        for sign in (-1.0, 1.0):
            reach = math.inf
            for i in range(1, int(PROBE * 2) + 1):
                q = (p[0] + sign * dx * i * 0.5, p[1] + sign * dy * i * 0.5)
                if not g.terrain.on_table(q) or g.terrain.blocked_point(q):
                    reach = i * 0.5
                    break
            both.append(reach)
        found.append((both[0], both[1]))
    return found[0], found[1]


def candidate_spots(g: Engine) -> list[Point]:
    """Where a road block may go (R304): open street ground at least `ROAD_BLOCK_MIN_GAP` from
    every Regular figure and the Regulars' entry edge, wide enough for a vehicle, the narrowest
    streets first, each at least 6" from the ones before."""
    w, h = g.battlefield.width, g.battlefield.height
    regulars = [f.pos for u in g.state.units_of(REGULAR) for f in u.effective_figures]
    gap = ve.ROAD_BLOCK_MIN_GAP
    edges = set(g.state.entry_edges)
    found: list[tuple[float, float, Point]] = []
    y = GRID / 2
    while y < h:
        x = GRID / 2
        while x < w:
            p = (x, y)
            x += GRID
            if g.terrain.blocked_point(p) or g.terrain.building_at(p) is not None:
                continue
            if any(distance(p, q) < gap for q in regulars) or _near_edge(p, edges, w, h, gap):
                continue
            width = _width(g, p)
            if width is None or width < 2.0:
                continue
            nearest = min((distance(p, q) for q in regulars), default=99.0)
            found.append((width, -nearest, p))
        y += GRID
    picked: list[Point] = []
    for _, _, p in sorted(found):
        if all(distance(p, q) >= 6.0 for q in picked):
            picked.append(p)
        if len(picked) == SPOTS:
            break
    return picked


def _near_edge(p: Point, edges: set[str], w: float, h: float, gap: float) -> bool:
    reach = {"north": p[1], "south": h - p[1], "west": p[0], "east": w - p[0]}
    return any(reach[e] < gap for e in edges if e in reach)


def _regular_vehicles(g: Engine) -> bool:
    return any(
        vehicles.is_vehicle(g.state, u)
        for u in g.state.units.values()
        if u.side == REGULAR and u.on_table
    )


@card_effects.effect("road_block")
def road_block(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Road Block!: the Insurgents block a street; with no Regular vehicle in play 1d6+2
    riflemen hold it, In Cover (R304)."""
    spots = candidate_spots(g)
    if not spots:
        card_effects.played(g, card, INSURGENT, "no_target")
        return False
    choices = [[round(x, 1), round(y, 1)] for x, y in spots]
    chosen = yield from card_effects.ask(
        g, card, INSURGENT, "road_block", N_("which street does the road block close?"), choices
    )
    at = (float(chosen[0]), float(chosen[1]))
    block: dict[str, Any] = {"x": at[0], "y": at[1], "held_by": ""}
    fx = cards.table(g)["effects"]
    fx.setdefault("road_blocks", []).append(block)
    manned = not _regular_vehicles(g)
    face, count, unit = 0, 0, None
    if manned:
        from game.engine.reinforcements import new_insurgent_unit

        face, count = ve.road_block_riflemen(g.dice)
        unit = new_insurgent_unit(g, ("small_arms",) * count, at)
        unit.in_cover_turn = g.state.turn + 1  # In Cover until it moves (R68)
        block["held_by"] = unit.id
        placement.update_sightings(g)
    g.emit(
        E.ROAD_BLOCK,
        at=[at[0], at[1]],
        manned=manned,
        face=face,
        count=count,
        unit=unit.id if unit else "",
        unit_name=unit.name if unit else "",
    )
    card_effects.played(g, card, INSURGENT, "road_block", at=[at[0], at[1]])
    return False


def drive_problem(g: Engine, rec: vehicles.VehicleRecord, path: list[Point]) -> str | None:
    """Why a wheeled vehicle's drive may not go this way: it would pass a road block (R304)."""
    if ve.is_tracked(rec.type):
        return None
    for block in blocks(g):
        centre = (float(block["x"]), float(block["y"]))
        if _path_passes(path, centre, ve.ROAD_BLOCK_RADIUS + rec.card.width / 2):
            return (
                f"Road Block! closes the street at ({centre[0]:.1f}, {centre[1]:.1f}): "
                "wheeled vehicles cannot pass it (R304)"
            )
    return None


def _path_passes(path: list[Point], centre: Point, reach: float) -> bool:
    from game.engine.terrain import point_segment_distance

    return any(
        point_segment_distance(centre, a, b) < reach
        for a, b in itertools.pairwise(path)
        if distance(a, centre) >= reach  # a vehicle already on the block may drive off it
    )


def crossing(g: Engine, unit: UnitState, rec: vehicles.VehicleRecord) -> None:
    """A tracked vehicle reaching a road block (its centre within the block's reach) tests its
    crew's Troop Quality once per block and drive; a failure is a Mobility breakdown (R305)."""
    for i, block in enumerate(blocks(g)):
        centre = (float(block["x"]), float(block["y"]))
        if distance(rec.centre, centre) >= ve.ROAD_BLOCK_RADIUS + rec.card.width / 2:
            continue
        crossed = cards.table(g)["effects"].setdefault("road_block_crossed", [])
        key = [unit.id, i, g.state.turn]
        if key in crossed:
            continue
        crossed.append(key)
        _cross(g, unit, rec, centre)


def _cross(g: Engine, unit: UnitState, rec: vehicles.VehicleRecord, centre: Point) -> None:
    from game.engine import vehicle_fire

    test = rb.quality_test(unit.quality_die(), g.dice)
    speed = 0
    after = rec.state
    risk = CrewRisk.NONE
    if not test.passed:
        speed = g.dice.roll(Die.D6) if after.mobility_failures == 0 else 0
        after, risk = apply_breakdown(after, Breakdown.MOBILITY, speed or None)
        rec.damage = after.to_json()
        vehicles.save(g.state, unit.id, rec)
    g.emit(
        E.ROAD_BLOCK_CROSSING,
        unit=unit.id,
        unit_name=unit.name,
        at=[centre[0], centre[1]],
        speed_face=speed,
        immobilized=after.immobilized,
        **test.to_data(),
    )
    if risk is CrewRisk.ONE:  # a second Mobility breakdown: one aboard at risk (R216)
        vehicle_fire._risk_one(g, unit, rec)
    fresh = vehicles.record(g.state, unit.id)
    if fresh is not None and fresh.state.immobilized and not fresh.scored:
        fresh.scored = True
        vehicles.save(g.state, unit.id, fresh)
        g.state.count(f"vehicles_lost_{unit.side}")


def held_by(g: Engine) -> list[str]:
    """The units holding road blocks (for the log and the AIs)."""
    return [str(b["held_by"]) for b in blocks(g) if b.get("held_by")]

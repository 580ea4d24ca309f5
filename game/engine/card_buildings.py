"""Fog of War cards that change the buildings and walls (Rulebook: Fog of War & Asset Cards):
"What's this Wall Made of? Swiss Cheese?" (a piece of Solid Cover gives no cover any more) and
"Fire! Fire!" (a building in sight burns: everyone inside gets out, under fire, and nobody goes
in again). Rulings R282, R283.

The lasting effects are in `GameState.cards["effects"]` ("no_cover", "burning"); the engine's
`Terrain` is told of the pieces that no longer give cover (`Terrain.no_cover`), so every cover
question the engine asks (Defense, Morale, First Aid, the odds box) sees it; a move into a
burning building is refused by `checks.check_move` through `move_refused`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from game.battlefield.model import Building, Point, WallHeight
from game.engine import card_paths, cards, interruptions, overwatch, placement
from game.engine.card_effects import ask, chooser, effect, played
from game.engine.state import INSURGENT, REGULAR, FigureState, UnitState
from game.engine.terrain import distance, point_in_polygon
from game.rules import cards as rc
from game.rules.cover import SOLID_COVER_REACH

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.procedure import Flow

NO_COVER = "no_cover"
BURNING = card_paths.BURNING
NONE = "none"
EVACUATE_TO = 4.0
"""Fire! Fire!: the figures inside get out to at least 4" from the building."""


def _other(side: str) -> str:
    return INSURGENT if side == REGULAR else REGULAR


def building_key(b: Building) -> str:
    return f"building_{b.id}"


def wall_key(index: int) -> str:
    return f"wall_{index}"


# -- Swiss Cheese ---------------------------------------------------------------------------------
def sheltering_pieces(g: Engine, side: str) -> list[str]:
    """The pieces of Solid Cover `side`'s figures shelter in or behind now: the buildings they
    stand in and the low walls within Solid Cover reach of them (R282)."""
    keys: list[str] = []
    reach = SOLID_COVER_REACH + 0.5
    walls = g.battlefield.walls
    for unit in g.state.units_of(side):
        for f in unit.effective_figures:
            b = g.terrain.building_at(f.pos)
            if b is not None and building_key(b) not in keys:
                keys.append(building_key(b))
            for i, w in enumerate(walls):
                if w.height is not WallHeight.LOW or wall_key(i) in keys:
                    continue
                pts = list(w.points) + ([w.points[0]] if w.closed else [])
                near = min(_segment_gap(f.pos, pts[k - 1], pts[k]) for k in range(1, len(pts)))
                if near <= reach:
                    keys.append(wall_key(i))
    return sorted(keys, key=lambda k: (k.split("_")[0], int(k.split("_")[1])))


def _segment_gap(p: Point, a: Point, b: Point) -> float:
    from game.engine.terrain import point_segment_distance

    return point_segment_distance(p, a, b)


@effect("swiss_cheese")
def swiss_cheese(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Swiss Cheese: the side the card names picks a building or low wall its enemies shelter
    in or behind (any building when none is used); for the rest of the game it is no cover
    (R282)."""
    side = chooser(card, drawer)
    everywhere = [building_key(b) for b in g.battlefield.buildings]
    choices = sheltering_pieces(g, _other(side)) or everywhere
    if not choices:
        played(g, card, side, "no_target")
        return False
    chosen = str(
        (
            yield from ask(
                g, card, side, "cover", "which building or wall turns out to be no cover?", choices
            )
        )
    )
    gone = cards.table(g)["effects"].setdefault(NO_COVER, [])
    if chosen not in gone:
        gone.append(chosen)
    apply_no_cover(g)
    played(g, card, side, "no_cover", piece=chosen, piece_name=piece_name(g, chosen))
    return False


def piece_name(g: Engine, key: str) -> str:
    kind, _, number = key.partition("_")
    if kind == "building":
        b = next((b for b in g.battlefield.buildings if b.id == int(number)), None)
        label = (b.label or b.name) if b is not None else ""
        return f"the {label} (building {number})" if label else f"building {number}"
    return f"wall {number}"


def apply_no_cover(g: Engine) -> None:
    """Tell the engine's terrain which pieces no longer give cover (R282)."""
    keys = cards.effects(g).get(NO_COVER, [])
    g.terrain.set_no_cover(
        frozenset(int(k.split("_")[1]) for k in keys if k.startswith("building_")),
        frozenset(int(k.split("_")[1]) for k in keys if k.startswith("wall_")),
    )


# -- Fire! Fire! ----------------------------------------------------------------------------------
def _has_air(g: Engine, side: str) -> bool:
    """Offensive air assets (Available Air Support, an Armed Predator) let the Regulars name any
    building."""
    held = g.state.assets.get(side, [])
    return side == REGULAR and any(a in ("air_support", "armed_predator") for a in held)


def _outside_points(b: Building) -> list[Point]:
    """Points 0.5" outside the middle of each wall of the building."""
    pts = list(b.outline)
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    out = []
    for k in range(len(pts)):
        (ax, ay), (bx, by) = pts[k - 1], pts[k]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = mx - cx, my - cy
        gap = math.hypot(dx, dy) or 1.0
        out.append((mx + dx / gap * 0.5, my + dy / gap * 0.5))
    return out


def in_sight(g: Engine, side: str, b: Building) -> bool:
    """A building is in `side`'s sight when one of its units sees a point just outside one of
    its walls, or stands in it (R283)."""
    units = [u for u in g.state.units_of(side) if u.effective_figures]
    for u in units:
        if any(point_in_polygon(f.pos, b.outline) for f in u.effective_figures):
            return True
    for p in _outside_points(b):
        figure = FigureState("probe.1", "leader", *p, 8, 8)
        probe = UnitState("probe", "probe", _other(side), [figure])
        if any(g.los(u, probe) for u in units):
            return True
    return False


def burning(g: Engine) -> list[int]:
    return [int(b) for b in cards.effects(g).get(BURNING, [])]


@effect("fire_fire")
def fire_fire(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Fire! Fire!: the side picks a building in its sight (any with offensive air assets), or
    none; everyone inside gets out to 4" from it, under the enemy's fire, and the building is
    impassable for the rest of the game (R283)."""
    side = chooser(card, drawer)
    done = set(burning(g))
    everyone = _has_air(g, side)
    choices: list[Any] = [NONE] + [
        building_key(b)
        for b in g.battlefield.buildings
        if b.id not in done and (everyone or in_sight(g, side, b))
    ]
    chosen = str(
        (yield from ask(g, card, side, "building", "which building is set ablaze?", choices))
    )
    if chosen == NONE:
        played(g, card, side, "no_fire")
        return False
    number = int(chosen.split("_")[1])
    building = next(b for b in g.battlefield.buildings if b.id == number)
    cards.table(g)["effects"].setdefault(BURNING, []).append(number)
    inside = [
        u
        for u in sorted(g.state.units.values(), key=lambda u: u.id)
        if u.on_table
        and any(point_in_polygon(f.pos, building.outline) for f in u.effective_figures)
    ]
    played(
        g,
        card,
        side,
        "burning",
        piece=chosen,
        piece_name=piece_name(g, chosen),
        units=[u.id for u in inside],
    )
    for unit in inside:
        if unit.on_table:
            yield from evacuate(g, card, unit, building)
    return False


def evacuation_spot(g: Engine, unit: UnitState, b: Building) -> Point:
    """The free point nearest the unit's leader on rings around it (1" apart) from which its
    whole formation stands at least 4" from the building (R283)."""
    x, y = unit.leader_point
    occupied = [
        f.pos
        for u in g.state.units.values()
        if u.on_table and u.id != unit.id
        for f in u.effective_figures
    ]
    for ring in range(1, 30):
        for k in range(16):
            a = k * math.pi / 8
            p = (x + ring * math.cos(a), y + ring * math.sin(a))
            if not g.terrain.on_table(p) or g.terrain.blocked_point(p):
                continue
            if any(distance(p, q) < 1.0 for q in occupied):
                continue
            ghost = placement.hypothetical(g, unit, p, exact=True)
            if all(_wall_gap(f.pos, b) >= EVACUATE_TO for f in ghost.effective_figures):
                return p
    return (x, y)


def _wall_gap(p: Point, b: Building) -> float:
    from game.engine.terrain import point_segment_distance

    if point_in_polygon(p, b.outline):
        return 0.0
    pts = b.outline
    return min(point_segment_distance(p, pts[k - 1], pts[k]) for k in range(len(pts)))


def evacuate(g: Engine, card: rc.Card, unit: UnitState, b: Building) -> Flow:
    """The unit leaves the burning building (R283): Regular Overwatch units in sight of an
    Insurgent unit may fire as it goes (Rulebook: Overwatch); Insurgent units with their
    interruption still to use may fire at a Regular unit where it comes out."""
    spot = evacuation_spot(g, unit, b)

    def go() -> Flow:
        placement.place_unit(g, unit, spot)
        unit.elevation = 0
        unit.last_moved_turn = g.state.turn
        at = [round(spot[0], 2), round(spot[1], 2)]
        played(g, card, unit.side, "evacuated", unit=unit.id, unit_name=unit.name, at=at)
        placement.update_sightings(g)
        return
        yield

    if unit.side == INSURGENT:
        yield from overwatch.overwatch_then(g, unit, go)
        return
    yield from go()
    shooters = sorted(
        i.id
        for i in g.state.units_of(INSURGENT)
        if interruptions.may_interrupt(g, i) and g.los(i, unit)
    )
    if not shooters:
        return
    options: list[Any] = [[]] + [[i] for i in shooters] + ([shooters] if len(shooters) > 1 else [])
    chosen = yield from ask(
        g, card, INSURGENT, "interrupt", f"{unit.name} runs from the fire: who shoots?", options
    )
    for uid in chosen:
        ins = g.state.units[str(uid)]
        ins.interrupted_turn = g.state.turn
        yield from interruptions.insurgent_interruption(g, ins, unit, "fire")

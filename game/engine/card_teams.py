"""Fog of War cards that bring Insurgent special teams (Rulebook: Fog of War & Asset Cards;
Special Weapon Teams; Sniper Teams): Dragunov! (a lone sniper within 12" of a Regular unit) and
Dishkuh! (a two-man DShK team, its machine gun emplaced, at least 12" from every Regular unit).
Rulings R284, R285.

Both come on as Insurgent units In Cover, rated as the cards say, and act and interrupt like any
Insurgent unit from the moment they are placed. The Insurgents choose where (a CARD_CHOICE):
the Regular unit the sniper stalks, the building the DShK team sets up in.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.battlefield.model import Building, Point
from game.engine import cards, placement, reinforcements
from game.engine.card_effects import ask, effect, played
from game.engine.state import INSURGENT, REGULAR, FigureState, UnitState
from game.engine.terrain import distance, point_in_polygon, point_segment_distance
from game.i18n import N_
from game.rules import cards as rc

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.procedure import Flow

SNIPER_REACH = rc.DRAGUNOV_REACH
"""Dragunov!: the sniper is placed within 12" of a Regular unit."""
SNIPER_QUALITY, SNIPER_MORALE = rc.DRAGUNOV_QUALITY, rc.DRAGUNOV_MORALE
"""Dragunov!: Firepower 2d8 (a d8 Troop Quality die: his figure and the Optimum Range die, R284)
and Morale d10."""
DSHK_MIN_GAP = rc.DISHKUH_MIN_GAP
"""Dishkuh!: at least 12" from the nearest Regular unit."""
DSHK_QUALITY, DSHK_MORALE = rc.DISHKUH_QUALITY, rc.DISHKUH_MORALE
"""Dishkuh!: a Trained (d8) Special Weapon Team with d10 Morale."""
RING_GAP, RINGS = 2.0, 5
"""Where the sniper is looked for: rings 2" apart inward from his reach (12" to 4")."""
DSHK_WEAPON = "dshk"
LONE_SNIPERS = "lone_snipers"
OPEN = "open_ground"


def _free(g: Engine, p: Point, occupied: list[Point], clearance: float = 1.0) -> bool:
    """On the table, in a building or on open ground (not in a wall or impassable ground), and
    clear of every figure."""
    return (
        g.terrain.on_table(p)
        and (g.terrain.building_at(p) is not None or not g.terrain.blocked_point(p))
        and all(distance(p, q) >= clearance for q in occupied)
    )


def _occupied(g: Engine) -> list[Point]:
    return [f.pos for u in g.state.units.values() if u.on_table for f in u.effective_figures]


def _rated(unit: UnitState, quality: int, morale: int) -> None:
    for f in unit.figures:
        f.quality, f.morale = quality, morale


def _come_on(g: Engine, unit: UnitState) -> None:
    """A card's unit starts In Cover (R68's reading: through the next turn unless it moves)."""
    unit.in_cover_turn = g.state.turn + 1
    placement.update_sightings(g)


# -- Dragunov! ----------------------------------------------------------------------------------
@effect("dragunov")
def dragunov(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Dragunov!: the Insurgents name the Regular unit; the sniper is placed within 12" of it
    where he sees it, in a building if he can be (R284)."""
    regulars = sorted(u.id for u in g.state.units_of(REGULAR) if u.effective_figures)
    if not regulars:
        played(g, card, INSURGENT, "no_target")
        return False
    chosen = yield from ask(
        g, card, INSURGENT, "unit", N_("which Regular unit does the sniper stalk?"), regulars
    )
    prey = g.state.units[str(chosen)]
    spot = sniper_spot(g, prey)
    sniper = reinforcements.new_insurgent_unit(g, ("leader",), spot, leader_weapon="sniper")
    sniper.name = f"Dragunov sniper {sniper.id[1:]}"
    _rated(sniper, SNIPER_QUALITY, SNIPER_MORALE)
    cards.table(g)["effects"].setdefault(LONE_SNIPERS, []).append(sniper.id)
    played(
        g,
        card,
        INSURGENT,
        "sniper",
        unit=sniper.id,
        unit_name=sniper.name,
        target=prey.id,
        target_name=prey.name,
        gap=round(distance(sniper.leader_point, prey.leader_point), 1),
    )
    _come_on(g, sniper)
    return False


def sniper_spot(g: Engine, prey: UnitState) -> Point:
    """The sniper's place (R284): of the free points on rings 2" apart up to 12" from the prey's
    lead figure, one from which he sees the prey, inside a building first, then the farthest
    (ties by the ring's order); the point 12" straight north of it (kept on the table) if he
    sees it from none."""
    x, y = prey.leader_point
    occupied = _occupied(g)
    best: tuple[int, float, Point] | None = None
    for ring in (SNIPER_REACH - RING_GAP * k for k in range(RINGS)):
        for k in range(16):
            a = k * math.pi / 8
            p = (x + ring * math.cos(a), y + ring * math.sin(a))
            if not _free(g, p, occupied) or not _sees(g, p, prey):
                continue
            key = (1 if g.terrain.building_at(p) is not None else 0, ring, p)
            if best is None or key[:2] > best[:2]:
                best = key
    if best is not None:
        return best[2]
    return (
        min(max(x, 0.5), g.battlefield.width - 0.5),
        min(max(y - SNIPER_REACH, 0.5), g.battlefield.height - 0.5),
    )


def _sees(g: Engine, p: Point, prey: UnitState) -> bool:
    probe = UnitState("probe", "probe", INSURGENT, [FigureState("probe.1", "leader", *p, 8, 8)])
    return g.los(probe, prey)


def is_lone_sniper(g: Engine, unit: UnitState) -> bool:
    """A Dragunov! sniper: always within his Optimum Range, as a sniper is (R284)."""
    return unit.id in cards.effects(g).get(LONE_SNIPERS, [])


# -- Dishkuh! -----------------------------------------------------------------------------------
@effect("dshk_team")
def dishkuh(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Dishkuh!: the Insurgents name a building with room at least 12" from every Regular figure
    (or the open ground if there is none); the team sets up inside, In Cover (R285)."""
    regulars = [f.pos for u in g.state.units_of(REGULAR) for f in u.effective_figures]
    places = {f"building_{b.id}": spot for b, spot in dshk_buildings(g, regulars)}
    choices = sorted(places, key=lambda k: int(k.split("_")[1])) or [OPEN]
    chosen = yield from ask(
        g, card, INSURGENT, "building", N_("which building does the DShK team set up in?"), choices
    )
    spot = places.get(str(chosen)) or dshk_open_spot(g, regulars)
    team = reinforcements.new_insurgent_unit(g, ("leader", "mg"), spot)
    team.name = f"DShK team {team.id[1:]}"
    team.designation = "special_weapon_team"
    team.figures[1].weapon = DSHK_WEAPON
    _rated(team, DSHK_QUALITY, DSHK_MORALE)
    gap = min((distance(spot, q) for q in regulars), default=0.0)
    played(
        g,
        card,
        INSURGENT,
        "dshk_team",
        unit=team.id,
        unit_name=team.name,
        place=str(chosen),
        gap=round(gap, 1),
    )
    _come_on(g, team)
    return False


def _inside_spot(g: Engine, b: Building, regulars: list[Point]) -> Point | None:
    """The free point inside `b` (a 1" grid) nearest the Regulars yet at least 12" (plus a base
    width for the assistant) from each of them."""
    xs = [p[0] for p in b.outline]
    ys = [p[1] for p in b.outline]
    occupied = _occupied(g)
    found: tuple[float, Point] | None = None
    x = math.floor(min(xs)) + 0.5
    while x < max(xs):
        y = math.floor(min(ys)) + 0.5
        while y < max(ys):
            p = (x, y)
            edge = min(
                point_segment_distance(p, b.outline[i - 1], b.outline[i])
                for i in range(len(b.outline))
            )
            if point_in_polygon(p, b.outline) and edge >= 0.5 and _free(g, p, occupied):
                gap = min((distance(p, q) for q in regulars), default=math.inf)
                if gap >= DSHK_MIN_GAP + rc.DISHKUH_ROOM and (found is None or gap < found[0]):
                    found = (gap, p)
            y += 1.0
        x += 1.0
    return None if found is None else found[1]


def dshk_buildings(g: Engine, regulars: list[Point]) -> list[tuple[Building, Point]]:
    """The buildings with room for the team far enough from the Regulars, with its spot."""
    out = []
    for b in g.battlefield.buildings:
        spot = _inside_spot(g, b, regulars)
        if spot is not None:
            out.append((b, spot))
    return out


def dshk_open_spot(g: Engine, regulars: list[Point]) -> Point:
    """With no building to hold it: the free point of a 2" grid nearest the Regulars yet at
    least 13.5" from each (the table's middle if none)."""
    occupied = _occupied(g)
    found: tuple[float, Point] | None = None
    x = 1.0
    while x < g.battlefield.width:
        y = 1.0
        while y < g.battlefield.height:
            p = (x, y)
            gap = min((distance(p, q) for q in regulars), default=math.inf)
            far = gap >= DSHK_MIN_GAP + rc.DISHKUH_ROOM
            if far and _free(g, p, occupied) and (found is None or gap < found[0]):
                found = (gap, p)
            y += 2.0
        x += 2.0
    if found is None:
        return (g.battlefield.width / 2, g.battlefield.height / 2)
    return found[1]

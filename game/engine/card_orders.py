"""Fog of War cards that hold the Regulars back (Rulebook: Fog of War & Asset Cards): "Wait,
the Colonel Said WHAT?!" (garbled orders: next turn only a unit in the open may move, and only
into cover) and "IED Spotted!" (a suspected bomb no Regular may come within 4" of). Rulings
R280, R281.

Both are lasting effects in `GameState.cards["effects"]`; the move checks (`checks.check_move`,
`checks.check_action`) ask `move_refused` / `order_refused`, so the AIs, which only pick among
the orders the engine accepts, obey them too.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.battlefield.model import Point
from game.engine import card_paths, cards, placement
from game.engine.card_effects import effect, played, random_unit
from game.engine.state import INSURGENT, REGULAR, UnitState
from game.engine.terrain import distance, path_length, walk
from game.rules import cards as rc

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.procedure import Flow

GARBLED = card_paths.GARBLED
IED_MARKERS = card_paths.IED_MARKERS


# -- Wait, the Colonel Said WHAT?! ----------------------------------------------------------------
@effect("garbled_orders")
def garbled_orders(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """The Regulars' next turn is under garbled orders (R280): the turn after the one the card is
    played in (turn 1 for a card played at set-up)."""
    turn = g.state.turn + 1
    turns = cards.table(g)["effects"].setdefault(GARBLED, [])
    if turn not in turns:
        turns.append(turn)
    played(g, card, REGULAR, "garbled_orders", turn=turn)
    return False
    yield  # a generator, like every card effect


def garbled_now(g: Engine) -> bool:
    """Whether the Regulars are under garbled orders this turn (R280)."""
    return card_paths.garbled(g.state)


def garbled_move_refused(g: Engine, unit: UnitState, route: list[Point], reach: float) -> str:
    """Under garbled orders a Regular unit moves only from the open (Exposed, R7) into cover (its
    figures no longer Exposed where the move ends); "" when the move is allowed (R280)."""
    if unit.side != REGULAR or not garbled_now(g):
        return ""
    why = f"{unit.name} holds its position: the orders are garbled this turn (R280, " + (
        "Wait, the Colonel Said WHAT?!)"
    )
    if not g.terrain.is_exposed(unit.position()):
        return why
    end = walk(route, min(reach, path_length(route)))
    if g.terrain.is_exposed(placement.hypothetical(g, unit, end).position()):
        return why.replace("holds its position", "may only move into cover")
    return ""


# -- IED Spotted! ---------------------------------------------------------------------------------
IED_FROM_SPOTTER = 6.0
IED_FROM_OTHERS = 4.0
IED_SEARCH = 24.0


@effect("ied_spotted")
def ied_spotted(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """IED Spotted!: a random Regular unit spots a suspected bomb; its marker goes down along the
    unit's way forward (R281) and no Regular may come within 4" of it for the rest of the game."""
    spotter = random_unit(g, REGULAR)
    if spotter is None:
        played(g, card, REGULAR, "no_target")
        return False
    spot = ied_spot(g, spotter)
    markers = cards.table(g)["effects"].setdefault(IED_MARKERS, [])
    markers.append([round(spot[0], 2), round(spot[1], 2)])
    played(
        g,
        card,
        REGULAR,
        "ied_marker",
        unit=spotter.id,
        unit_name=spotter.name,
        at=[round(spot[0], 2), round(spot[1], 2)],
        gap=round(distance(spot, spotter.leader_point), 1),
    )
    return False
    yield  # a generator, like every card effect


def ied_markers(g: Engine) -> list[Point]:
    return [(float(x), float(y)) for x, y in cards.effects(g).get(IED_MARKERS, [])]


def _advance(g: Engine, unit: UnitState) -> tuple[float, float]:
    """The unit's way forward (R281): toward the nearest Insurgent unit on the table, else
    toward the middle of the table (a unit standing there looks north)."""
    x, y = unit.leader_point
    foes = [u for u in g.state.units_of(INSURGENT) if u.effective_figures]
    if foes:
        tx, ty = min(foes, key=lambda u: (distance(u.centre, (x, y)), u.id)).centre
    else:
        tx, ty = g.battlefield.width / 2, g.battlefield.height / 2
    gap = math.hypot(tx - x, ty - y)
    return ((tx - x) / gap, (ty - y) / gap) if gap > 1e-6 else (0.0, -1.0)


def ied_spot(g: Engine, spotter: UnitState) -> Point:
    """Where the marker goes (R281): 6" from the spotter's lead figure along its way forward,
    pushed further out (then turned, 45 degrees at a time) until it is on the table, in the
    street and at least 4" from every other unit's figures."""
    x, y = spotter.leader_point
    dx, dy = _advance(g, spotter)
    others = [
        f.pos
        for u in g.state.units.values()
        if u.on_table and u.id != spotter.id
        for f in u.effective_figures
    ]
    mine = [f.pos for f in spotter.effective_figures]
    for turn in (0, 1, -1, 2, -2, 3, -3, 4):
        a = math.atan2(dy, dx) + turn * math.pi / 4
        ux, uy = math.cos(a), math.sin(a)
        reach = IED_FROM_SPOTTER
        while reach <= IED_SEARCH:
            p = (x + ux * reach, y + uy * reach)
            if (
                g.terrain.on_table(p)
                and not g.terrain.blocked_point(p)
                and g.terrain.building_at(p) is None
                and all(distance(p, q) >= IED_FROM_OTHERS for q in others)
                and all(distance(p, q) >= IED_FROM_SPOTTER for q in mine)
            ):
                return p
            reach += 1.0
    return (x + dx * IED_FROM_SPOTTER, y + dy * IED_FROM_SPOTTER)


def ied_move_refused(g: Engine, unit: UnitState, route: list[Point], reach: float) -> str:
    """A Regular move may not come within 4" of a spotted IED (R281): `card_paths`."""
    return card_paths.ied_refused(g.state, unit, route, reach)


def charge_refused(g: Engine, unit: UnitState, route: list[Point], reach: float) -> str:
    """A charge is a move: none by a Regular unit under garbled orders (R280), none along a
    route by a spotted IED (R281) or into a burning building (R283). "" when allowed."""
    if unit.side == REGULAR and garbled_now(g):
        return f"{unit.name} may not charge: the orders are garbled this turn (R280)"
    return ied_move_refused(g, unit, route, reach) or _burning_refused(g, unit, route, reach)


def move_refused(g: Engine, unit: UnitState, route: list[Point], reach: float) -> str:
    """Why the cards forbid this move ("" when they do not): garbled orders (R280), a spotted
    IED (R281), a burning building (R283)."""
    return (
        garbled_move_refused(g, unit, route, reach)
        or ied_move_refused(g, unit, route, reach)
        or _burning_refused(g, unit, route, reach)
    )


def _burning_refused(g: Engine, unit: UnitState, route: list[Point], reach: float) -> str:
    return card_paths.fire_refused(g.state, g.terrain, unit, route, reach)


def order_refused(g: Engine, unit: UnitState, what: str) -> str:
    """Under garbled orders no Regular unit moves otherwise than on foot into cover: no drive,
    boarding, leaving a vehicle, climbing or joining (R280). "" when the order is allowed."""
    if unit.side != REGULAR or not garbled_now(g):
        return ""
    return f"{unit.name} may not {what}: the orders are garbled this turn (R280)"

"""The ground the Fog of War cards close, as pure questions of the game state and the map
(Rulebook: Fog of War & Asset Cards): a spotted IED no Regular comes within 4" of (R281), a
burning building nobody enters (R283), the turns of garbled orders (R280). The engine's move
checks (`card_orders`) and the AIs' own move candidates ask the same functions, so an AI never
offers a move the engine would refuse.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.battlefield.model import Point, UnitPosition
from game.engine.commands import MoveUnit
from game.engine.state import REGULAR, GameState, UnitState
from game.engine.terrain import distance, path_length, point_in_polygon, walk
from game.rules.movement import allowance

if TYPE_CHECKING:
    from game.engine.terrain import Terrain

IED_MARKERS = "ied_markers"
BURNING = "burning"
GARBLED = "garbled_orders"
IED_KEEP_OFF = 4.0
"""IED Spotted!: no Regular unit may approach within 4" of the marker."""
STEP = 0.25
"""Inches between the points of a route that are checked."""


def _effects(state: GameState) -> dict[str, object]:
    effects = state.cards.get("effects", {}) if state.cards else {}
    return effects if isinstance(effects, dict) else {}


def ied_markers(state: GameState) -> list[Point]:
    raw = _effects(state).get(IED_MARKERS, [])
    return [(float(x), float(y)) for x, y in raw] if isinstance(raw, list) else []


def burning(state: GameState) -> list[int]:
    raw = _effects(state).get(BURNING, [])
    return [int(b) for b in raw] if isinstance(raw, list) else []


def garbled(state: GameState) -> bool:
    """Whether the Regulars are under garbled orders this turn (R280)."""
    raw = _effects(state).get(GARBLED, [])
    return isinstance(raw, list) and state.turn in raw


def _points(route: Sequence[Point], reach: float) -> list[Point]:
    length = min(reach, path_length(route))
    steps = max(1, int(length / STEP))
    return [walk(route, length * i / steps) for i in range(1, steps + 1)]


def ied_refused(state: GameState, unit: UnitState, route: Sequence[Point], reach: float) -> str:
    """A Regular route may not come within 4" of a spotted IED (R281); a unit already that close
    may still move away from it. "" when allowed."""
    markers = ied_markers(state) if unit.side == REGULAR else []
    if not markers or len(route) < 2:
        return ""
    points = _points(route, reach)
    for marker in markers:
        closest_now = distance(route[0], marker)
        if any(distance(p, marker) < min(IED_KEEP_OFF, closest_now) - 1e-9 for p in points):
            return (
                f'{unit.name} may not come within {IED_KEEP_OFF:g}" of the spotted IED '
                "(R281, IED Spotted!)"
            )
    return ""


def fire_refused(
    state: GameState, terrain: Terrain, unit: UnitState, route: Sequence[Point], reach: float
) -> str:
    """No unit walks into a burning building (R283); one standing in it may walk out."""
    numbers = burning(state)
    if not numbers or len(route) < 2:
        return ""
    for b in terrain.battlefield.buildings:
        if b.id not in numbers or point_in_polygon(route[0], b.outline):
            continue
        if any(point_in_polygon(p, b.outline) for p in _points(route, reach)):
            where = (
                f"the {b.label or b.name} (building {b.id})"
                if (b.label or b.name)
                else (f"building {b.id}")
            )
            return f"{unit.name} may not go into {where}: it is burning (R283)"
    return ""


def route_refused(
    state: GameState, terrain: Terrain, unit: UnitState, route: Sequence[Point], reach: float
) -> str:
    """Why the cards close this route ("" when they do not): a spotted IED, a fire."""
    if not state.cards:
        return ""
    return ied_refused(state, unit, route, reach) or fire_refused(
        state, terrain, unit, route, reach
    )


def sync_terrain(state: GameState, terrain: Terrain) -> None:
    """Tell an AI's own terrain which pieces Swiss Cheese took away as cover (R282), so its
    cover judgements are the engine's."""
    raw = _effects(state).get("no_cover", []) if state.cards else []
    keys = [str(k) for k in raw] if isinstance(raw, list) else []
    wanted = (
        frozenset(int(k.split("_")[1]) for k in keys if k.startswith("building_")),
        frozenset(int(k.split("_")[1]) for k in keys if k.startswith("wall_")),
    )
    if terrain.no_cover != wanted:
        terrain.set_no_cover(*wanted)


def closed_to(state: GameState, terrain: Terrain, unit: UnitState, to: Point, reach: float) -> bool:
    """Whether the cards close a move toward `to` (an AI's own candidate; `route_refused`)."""
    if not state.cards or not (burning(state) or ied_markers(state)):
        return False
    return bool(route_refused(state, terrain, unit, terrain.path(unit.leader_point, to), reach))


def garbled_refused(state: GameState, terrain: Terrain, unit: UnitState, end: UnitPosition) -> bool:
    """Under garbled orders a Regular unit moves only from the open into cover (R280): whether
    the move ending with the unit at `end` is refused."""
    if unit.side != REGULAR or not garbled(state):
        return False
    return not terrain.is_exposed(unit.position()) or terrain.is_exposed(end)


def open_moves(
    state: GameState, terrain: Terrain, unit: UnitState, moves: list[MoveUnit]
) -> list[MoveUnit]:
    """An AI's own move candidates less those the cards close (`closed_to`)."""
    if not state.cards:
        return moves
    return [m for m in moves if not closed_to(state, terrain, unit, m.to, allowance(m.rate))]

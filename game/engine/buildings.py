"""Which buildings a Regular must clear before entering (Rulebook: House Clearing, under the
optional Building Clearing rule; R244): pure questions of the state and the table, asked by the
engine's move check and by the Regular AI alike, so both refuse the same moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.battlefield.model import Building, Point
from game.engine.state import INSURGENT, GameState
from game.engine.terrain import Terrain, path_length, point_segment_distance, walk
from game.rules.house_clearing import BUILDING_CLEARING, CLEARING_CONTACT

STEP = 0.25
"""Inches between the points of a route tested for the building they stand in."""


def clearing_in_force(state: GameState) -> bool:
    """The optional Building Clearing rule is played in this game (R246)."""
    return BUILDING_CLEARING in state.optional_rules


def clearing_applies(state: GameState, building: Building) -> bool:
    """The House Clearing rules bind this building: every building under the optional Building
    Clearing rule (R246), and the building a hostage is held in whatever the toggle (R315)."""
    return clearing_in_force(state) or building.id == hostage_building(state)


def is_cleared(state: GameState, building: Building) -> bool:
    return building.id in state.cleared_buildings


def held_by_insurgents(state: GameState, terrain: Terrain, building: Building) -> bool:
    """An Insurgent figure stands in the building: it is taken by fire and assault, not cleared
    (House Clearing)."""
    return any(
        terrain.building_at(f.pos) is building
        for u in state.units_of(INSURGENT)
        for f in u.effective_figures
    )


def wall_distance(building: Building, p: Point) -> float:
    """How far `p` stands from the building's outline (its walls)."""
    poly = building.outline
    return min(
        point_segment_distance(p, poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))
    )


def against_wall(building: Building, p: Point) -> bool:
    """Within `CLEARING_CONTACT` of the building's walls (Stacking; R240)."""
    return wall_distance(building, p) <= CLEARING_CONTACT + 1e-9


def uncleared_entered(
    state: GameState, terrain: Terrain, route: Sequence[Point], reach: float | None = None
) -> Building | None:
    """The first building not yet cleared that a Regular walking `route` (up to `reach` inches)
    would step into, when the Building Clearing rule is in force; None otherwise. The building
    the route starts in does not count (R244)."""
    found = first_uncleared(state, terrain, route, reach)
    return None if found is None else found[0]


def first_uncleared(
    state: GameState, terrain: Terrain, route: Sequence[Point], reach: float | None = None
) -> tuple[Building, float] | None:
    """`uncleared_entered`'s building with how far along the route the walk enters it."""
    if len(route) < 2 or not (clearing_in_force(state) or hostage_building(state) is not None):
        return None
    length = path_length(route) if reach is None else min(reach, path_length(route))
    home = terrain.building_at(route[0])
    steps = max(1, int(length / STEP))
    for i in range(1, steps + 1):
        along = length * i / steps
        building = terrain.building_at(walk(route, along))
        if (
            building is not None
            and building is not home
            and not is_cleared(state, building)
            and clearing_applies(state, building)
        ):
            return building, along
    return None


def building_named(terrain: Terrain, building_id: int) -> Building | None:
    return next((b for b in terrain.battlefield.buildings if b.id == building_id), None)


def building_words(building: Building) -> str:
    """How the log names a building: the author's label, else its name."""
    return building.label or building.name or f"building {building.id}"


# --- cards (issue 19): Since You're Already in the Area . . . (R313-R319) ---
HOSTAGE = "hostage"
"""The card's entry among the lasting card effects (`GameState.cards["effects"]`)."""


def hostage_building(state: GameState) -> int | None:
    """The id of the building a hostage is held in (None: no such card in play), R315."""
    effects = state.cards.get("effects", {}) if state.cards else {}
    held = effects.get(HOSTAGE)
    return int(held["building"]) if held else None

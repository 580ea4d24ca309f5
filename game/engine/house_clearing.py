"""House Clearing and Stacking in play (Rulebook: Special Rules, House Clearing; Stacking;
R240-R245), when the game is played with the optional Building Clearing rule (R246).

A Regular unit against a building's wall stacks (one activation) and clears the building on a
later one: the rules core rolls, the results are applied here (potential casualties go through
Who Got Hit? and await First Aid as usual, R27). A building is cleared by clearing it or by
holding it: Regular figures in a building no Insurgent stands in at the start of the Regular
phase hold it (the buildings they set up in, those taken by fire and Close Assault). Insurgents
standing in a cleared building (arrived at a hot spot there, or moved in) make it uncleared
again (R245). A Regular move that would enter an uncleared building is refused (R244).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.battlefield.model import Building
from game.engine import casualties, clearing_casualties, stacking
from game.engine.buildings import (
    against_wall,
    building_named,
    building_words,
    clearing_applies,
    clearing_in_force,
    held_by_insurgents,
    hostage_building,
    is_cleared,
    uncleared_entered,
    wall_distance,
)
from game.engine.commands import ClearBuilding, Command, IllegalCommand, StackOnBuilding
from game.engine.procedure import Activation
from game.engine.protocol import EventKind as E
from game.engine.protocol import FigureStatus
from game.engine.state import REGULAR, UnitState
from game.rules.house_clearing import CLEARING_CONTACT, clearance_modifiers, roll_clearance

if TYPE_CHECKING:
    from game.battlefield.model import Point
    from game.engine.engine import Engine

HOUSE_COMMANDS = (StackOnBuilding, ClearBuilding)
"""The orders of this module; each spends the unit's whole activation."""


# == the checks (pure) ===========================================================================
def _clearable(g: Engine, unit: UnitState, building_id: int, act: Activation) -> Building:
    """The building `unit` may stack on or clear now, or IllegalCommand naming why not."""
    if unit.side != REGULAR:
        raise IllegalCommand("only Regulars clear buildings (Rulebook: House Clearing)")
    building = building_named(g.terrain, building_id)
    if building is None or not clearing_applies(g.state, building):
        if not clearing_in_force(g.state):
            raise IllegalCommand(
                "this game is not played with the optional Building Clearing rule (R246)"
            )
        raise IllegalCommand(f"there is no building {building_id}")
    words = building_words(building)
    if is_cleared(g.state, building):
        raise IllegalCommand(f"{words} is already cleared")
    if held_by_insurgents(g.state, g.terrain, building):
        raise IllegalCommand(
            f"Insurgents hold {words}: take it by fire or Close Assault (Rulebook: House Clearing)"
        )
    if act.acted:
        raise IllegalCommand(f"{unit.name} has already acted; that takes a whole activation")
    if any(f.status == FigureStatus.HIT for f in unit.figures):
        raise IllegalCommand(f"{unit.name} must tend its wounded first (R27)")
    turn = g.state.turn
    if unit.pinned_turn == turn or unit.regroup_turn == turn:
        raise IllegalCommand(f"{unit.name} is Pinned and may only seek cover")
    if unit.elevation:
        raise IllegalCommand(f"{unit.name} is on a roof: it must come down first (R83)")
    return building


def check_stack(g: Engine, unit: UnitState, command: Command, act: Activation) -> None:
    assert isinstance(command, StackOnBuilding)
    building = _clearable(g, unit, command.building, act)
    words = building_words(building)
    if wall_distance(building, unit.leader_point) > CLEARING_CONTACT + 1e-9:
        raise IllegalCommand(
            f"{unit.name}'s leader must stand within {CLEARING_CONTACT:g}\" of the walls of "
            f"{words} to stack against it (Rulebook: Stacking; R240)"
        )
    if stacking.line_up(g, unit, building) is None:
        raise IllegalCommand(
            f"{unit.name} has no room to line up along that wall of {words}: move along it "
            "(Rulebook: Stacking; R240)"
        )


def check_clear(g: Engine, unit: UnitState, command: Command, act: Activation) -> None:
    assert isinstance(command, ClearBuilding)
    building = _clearable(g, unit, command.building, act)
    if wall_distance(building, unit.leader_point) > CLEARING_CONTACT + 1e-9:
        raise IllegalCommand(
            f"{unit.name}'s leader must stand within {CLEARING_CONTACT:g}\" of the walls of "
            f"{building_words(building)} to clear it (R240)"
        )


def check_entry(g: Engine, unit: UnitState, route: list[Point], reach: float) -> None:
    """R244: with the Building Clearing rule, a Regular move may not step into a building that
    is not cleared (a building Insurgents hold is taken by Close Assault)."""
    if unit.side != REGULAR:
        return
    building = uncleared_entered(g.state, g.terrain, route, reach)
    if building is not None:
        raise IllegalCommand(
            f"{unit.name} may not enter {building_words(building)} before it is cleared: stack "
            "against its wall and clear it (Rulebook: House Clearing; R244)"
        )


VALIDATORS = {StackOnBuilding: check_stack, ClearBuilding: check_clear}
"""The validators of this module's orders (merged into `checks.VALIDATORS`)."""


def building_options(g: Engine, unit: UnitState) -> list[Command]:
    """Sample Stack and Clear orders for the buildings beside the unit's leader, when the
    Building Clearing rule is in force (the caller checks each one)."""
    if unit.side != REGULAR:
        return []
    out: list[Command] = []
    for building in g.terrain.battlefield.buildings:
        if is_cleared(g.state, building) or not clearing_applies(g.state, building):
            continue
        if wall_distance(building, unit.leader_point) <= CLEARING_CONTACT + 1e-9:
            out.append(StackOnBuilding(side=REGULAR, unit=unit.id, building=building.id))
            out.append(ClearBuilding(side=REGULAR, unit=unit.id, building=building.id))
    return out


def blocks_step(g: Engine, unit: UnitState, point: Point) -> bool:
    """A step of a Regular's move would take its leader, or a figure of its formation shifted
    with it, into a building not yet cleared (other than the one it stands in): the move stops
    at the wall (R244). The planned path was checked (`check_entry`); this catches the
    formation around it."""
    if unit.side != REGULAR or not (
        clearing_in_force(g.state) or hostage_building(g.state) is not None
    ):
        return False
    start = unit.leader_point
    dx, dy = point[0] - start[0], point[1] - start[1]
    for here, there in [(start, point)] + [
        (f.pos, (f.x + dx, f.y + dy)) for f in unit.effective_figures
    ]:
        building = g.terrain.building_at(there)
        if (
            building is not None
            and not is_cleared(g.state, building)
            and clearing_applies(g.state, building)
            and building is not g.terrain.building_at(here)
        ):
            return True
    return False


# == the orders ==================================================================================
def stacked_for(g: Engine, unit: UnitState, building: Building) -> bool:
    """The unit stacked against this building the turn before (or failed to clear it then) and
    every figure still stands against its wall (Stacking; R240, R243)."""
    return (
        unit.stacked_on == building.id
        and unit.stacked_turn == g.state.turn - 1
        and all(against_wall(building, f.pos) for f in unit.effective_figures)
    )


def act_on_building(g: Engine, unit: UnitState, command: Command) -> None:
    """Carry out a Stack or Clear order (each spends the activation)."""
    if isinstance(command, StackOnBuilding):
        stack(g, unit, command.building)
    elif isinstance(command, ClearBuilding):
        clear(g, unit, command.building)


def stack(g: Engine, unit: UnitState, building_id: int) -> None:
    """Rulebook: Stacking (R240): the figures line up against the wall; next turn's clearing
    takes +1."""
    building = building_named(g.terrain, building_id)
    assert building is not None
    spots = stacking.line_up(g, unit, building)
    assert spots is not None  # checked by check_stack
    stacking.place_lined_up(unit, spots)
    unit.stacked_on, unit.stacked_turn = building.id, g.state.turn
    g.emit(
        E.BUILDING_STACKED,
        unit=unit.id,
        unit_name=unit.name,
        building=building.id,
        building_name=building_words(building),
    )


def clear(g: Engine, unit: UnitState, building_id: int) -> None:
    """Rulebook: House Clearing, steps 1-4, and the Building Clearance Table."""
    building = building_named(g.terrain, building_id)
    assert building is not None
    stacked = stacked_for(g, unit, building)
    figures = len(unit.effective_figures)
    mods = clearance_modifiers(
        figures=figures, higher_leader=unit.morale_bonus > 0, stacked=stacked
    )
    result = roll_clearance(g.dice, g.state.insurgency_level, unit.quality_die(), mods)
    row = result.row
    turn = g.state.turn
    if row.cleared:
        g.state.cleared_buildings.append(building.id)
        g.state.count("buildings_cleared")
        unit.stacked_on, unit.stacked_turn = -1, 0
    else:  # still lined up against the wall: it tries again next turn, stacked (R243)
        unit.stacked_on, unit.stacked_turn = building.id, turn
    if row.loses_next_turn:
        unit.lost_turn = turn + 1
    g.emit(
        E.BUILDING_CLEARANCE,
        unit=unit.id,
        unit_name=unit.name,
        building=building.id,
        building_name=building_words(building),
        level=str(g.state.insurgency_level),
        level_face=result.level_face,
        die=unit.quality_die().label,
        face=result.quality_face,
        modifiers=[[why, value] for why, value in mods] if not result.empty else [],
        total=result.total,
        casualties=row.potential_casualties,
        cleared=row.cleared,
        loses_next_turn=row.loses_next_turn,
    )
    if row.cleared:
        clearing_casualties.freed_by_clearing(g, building.id, unit.name)
        _hostage_freed(g, building.id, unit.name)
    if row.potential_casualties:
        before = {f.id for f in unit.figures if f.status == FigureStatus.HIT}
        hit_before = len(before)
        casualties.apply_casualties(g, unit, row.potential_casualties, dependant_hit=False)
        if not row.cleared and unit.on_table:  # R247: a Quality Test after their First Aid
            clearing_casualties.mark_hits(unit, before, building.id)
        elif not row.cleared:  # R248: wiped out clearing it, its members are held there
            hits = len([f for f in unit.figures if f.status == FigureStatus.HIT]) - hit_before
            clearing_casualties.left_as_pows(g, building.id, max(hits, 0), unit.name)


# == the turn's bookkeeping ======================================================================
def start_of_turn(g: Engine) -> None:
    """A unit that searched a building thoroughly loses this turn (R243): it is not activated."""
    turn = g.state.turn
    for unit in g.state.units_of(REGULAR):
        if unit.lost_turn == turn:
            unit.activated_turn = turn
            g.emit(E.TURN_LOST, unit=unit.id, unit_name=unit.name)


def hold_buildings(g: Engine) -> None:
    """Before the Regular phase (R245): a cleared building with an Insurgent in it is uncleared
    again; a building with Regular figures in it and no Insurgent is held, so cleared."""
    if not clearing_in_force(g.state) and hostage_building(g.state) is None:
        return
    state, terrain = g.state, g.terrain
    for building in terrain.battlefield.buildings:
        if not clearing_applies(state, building):
            continue
        cleared = is_cleared(state, building)
        if cleared and held_by_insurgents(state, terrain, building):
            state.cleared_buildings.remove(building.id)
            g.emit(
                E.BUILDING_REOCCUPIED, building=building.id, building_name=building_words(building)
            )
        elif not cleared and not held_by_insurgents(state, terrain, building):
            holders = [
                u.name
                for u in state.units_of(REGULAR)
                if any(terrain.building_at(f.pos) is building for f in u.effective_figures)
            ]
            if holders:
                state.cleared_buildings.append(building.id)
                g.emit(
                    E.BUILDING_HELD,
                    building=building.id,
                    building_name=building_words(building),
                    units=holders,
                )
                clearing_casualties.freed_by_clearing(g, building.id, holders[0])
                _hostage_freed(g, building.id, holders[0])
    clearing_casualties.withdrawals(g)  # R248


# --- cards (issue 19): Since You're Already in the Area . . . (R313-R319) ---
def _hostage_freed(g: Engine, building_id: int, by: str) -> None:
    """A building cleared or held: the hostage in it, if any, is rescued (R316)."""
    if building_id == hostage_building(g.state):
        from game.engine import card_hostage

        card_hostage.rescued(g, by)

"""The battle screen under the optional Building Clearing rule (Rulebook: House Clearing,
Stacking; R240-R246): the Stack [X] and Clear [Z] orders for the nearest building not yet
cleared, their buttons (shown only when the rule is in force), and the buildings' state drawn on
the table: cleared buildings ringed green and tagged, a building a unit stacked on ringed amber.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.battlefield.model import Building
from game.client import text
from game.engine.buildings import (
    building_words,
    clearing_applies,
    clearing_in_force,
    hostage_building,
    wall_distance,
)
from game.engine.commands import ClearBuilding, Command, StackOnBuilding
from game.engine.state import GameState, UnitState
from game.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from game.client.play import PlayScene
    from game.engine.engine import Engine

HOUSE_ACTIONS: tuple[tuple[str, str, str], ...] = (
    (
        "stack",
        N_("Stack [X]"),
        N_(
            "Line the unit up against the wall of the nearest building not yet cleared; next turn "
            "it clears it with +1 (Rulebook: Stacking). Takes the whole activation."
        ),
    ),
    (
        "clear",
        N_("Clear building [Z]"),
        N_(
            'Clear the nearest building not yet cleared (the leader within 1" of its wall): a d6 '
            "against the Insurgency Level, then Quality with the Clearance Modifiers (Rulebook: "
            "House Clearing). Takes the whole activation."
        ),
    ),
)
HOUSE_KEYS = {pygame.K_x: "stack", pygame.K_z: "clear"}
CLEARED_COLOUR = (110, 200, 120)
STACKED_COLOUR = (240, 170, 60)


def clearing_here(state: GameState) -> bool:
    """Some building is played under the House Clearing rules: every one under the optional
    rule, or a hostage's (cards, R315)."""
    return clearing_in_force(state) or hostage_building(state) is not None


def house_buttons(
    actions: list[tuple[str, str, str]], state: GameState
) -> list[tuple[str, str, str]]:
    """The order buttons with Stack and Clear added when the game plays the rule."""
    if not clearing_here(state) or not any(a[0] == "end" for a in actions):
        return actions
    return [*actions, *HOUSE_ACTIONS]


def nearest_uncleared(engine: Engine, unit: UnitState) -> Building | None:
    """The building not yet cleared whose wall is nearest the unit's leader."""
    state = engine.state
    buildings = [
        b
        for b in engine.terrain.battlefield.buildings
        if b.id not in state.cleared_buildings and clearing_applies(state, b)
    ]
    if not buildings:
        return None
    return min(buildings, key=lambda b: wall_distance(b, unit.leader_point))


def house_order(engine: Engine, side: str, unit: UnitState, action: str) -> Command | str:
    """The Stack or Clear order for `unit`, or why there is none (one line)."""
    if not clearing_here(engine.state):
        return _("this game is not played with the optional Building Clearing rule")
    building = nearest_uncleared(engine, unit)
    if building is None:
        return _("every building is cleared")
    if action == "stack":
        return StackOnBuilding(side=side, unit=unit.id, building=building.id)
    return ClearBuilding(side=side, unit=unit.id, building=building.id)


def give_house_order(scene: PlayScene, side: str, unit: UnitState, action: str) -> None:
    command = house_order(scene.session.engine, side, unit, action)
    if isinstance(command, str):
        scene.say(f"{unit.name}: {command}", True)
        return
    scene.give(command)


def card_lines(engine: Engine, unit: UnitState) -> list[str]:
    """What the unit card says of a unit's house clearing (plain text, one line each)."""
    state = engine.state
    if not clearing_here(state):
        return []
    names = {b.id: building_words(b) for b in engine.terrain.battlefield.buildings}
    lines = []
    if unit.stacked_on >= 0 and unit.stacked_on in names:
        where = names[unit.stacked_on]
        lines.append(
            _("Stacked against {building} (the turn before; Stacking)").format(building=where)
            if unit.stacked_turn == state.turn - 1
            else _("Stacked against {building} (this turn; Stacking)").format(building=where)
        )
    if unit.lost_turn == state.turn:
        lines.append(_("Loses this turn: it searched a building room by room (R243)"))
    if unit.trapped and unit.trapped_in in names:
        lines.append(
            ngettext(
                "{n} casualty left inside {building}: POWs if it withdraws before the "
                "building is cleared (R247)",
                "{n} casualties left inside {building}: POWs if it withdraws before the "
                "building is cleared (R247)",
                unit.trapped,
            ).format(n=unit.trapped, building=names[unit.trapped_in])
        )
    return lines


def draw_buildings(scene: PlayScene, surface: pygame.Surface) -> None:
    """Cleared buildings ringed green with a CLEARED tag; a building a unit stacked on (and has
    not cleared yet) ringed amber with STACKED and the unit's name."""
    engine = scene.session.engine
    state = engine.state
    if not clearing_here(state):
        return
    stacked = {
        u.stacked_on: u.name for u in state.units.values() if u.on_table and u.stacked_on >= 0
    }
    width = max(2, round(scene.camera.scale * 0.12))
    for building in engine.terrain.battlefield.buildings:
        if building.id in state.cleared_buildings:
            colour, tag = CLEARED_COLOUR, _("CLEARED")
        elif building.id in stacked:
            colour, tag = STACKED_COLOUR, _("STACKED: {unit}").format(unit=stacked[building.id])
        else:
            continue
        points = [scene._to_screen(p) for p in building.outline]
        pygame.draw.polygon(surface, colour, points, width)
        chip = text.text(tag, 13, (20, 22, 18), True)
        left = min(p[0] for p in points) + width + 2
        top = min(p[1] for p in points) + width + 2
        box = chip.get_rect(topleft=(left, top)).inflate(6, 2)
        surface.fill(colour, box)
        surface.blit(chip, (box.left + 3, box.top + 1))

"""Rows that name an end state reach it whenever a reachable spot has it (Insurgent Action
Checks; R131). An oracle walks every reachable spot of the inch grid with the engine's own
placement, cover and sight, and wherever one of them has the row's end state, the spot the AI
chooses must have it too, by the same engine measure."""

from __future__ import annotations

import math

import pytest

from game.ai.actions import Action
from game.ai.controller import InsurgentAI
from game.ai.regular import RegularAI
from game.ai.unit_facts import table_optimum_range
from game.ai.world import _World
from game.battlefield.model import Point
from game.engine import placement
from game.engine.commands import MoveUnit
from game.engine.engine import Engine
from game.engine.protocol import ContractorStatus
from game.engine.rulesbridge import rules_unit
from game.engine.state import INSURGENT, REGULAR, UnitState
from game.engine.terrain import distance, path_length, truncate, walk
from game.engine.view import player_view
from game.rules.movement import COHESION_REACH, CONTRACTOR_KEEP_OFF, RAPID
from game.save import new_game, resolve_map

ACTIONS = (
    Action.MOVE_INTO_COVER,
    Action.TAKE_COVER_OUT_OF_LOS,
    Action.TAKE_COVER_WITH_LOS,
    Action.MOVE_OUT_OF_LOS,
    Action.MOVE_INTO_OPTIMUM_RANGE,
)


def _mid_game(scenario: str, seed: int, turn: int) -> Engine:
    map_path, sid = resolve_map(scenario)
    engine = new_game(map_path, sid, seed)
    ais = {REGULAR: RegularAI(engine.battlefield), INSURGENT: InsurgentAI(engine.battlefield, 9)}
    while engine.pending is not None and engine.state.turn < turn:
        side = engine.pending.side
        engine.apply(ais[side].choose(player_view(engine, side)))
    return engine


def _facts(engine: Engine, unit: UnitState, to: Point, activated: UnitState) -> dict[str, bool]:
    """Where the engine would put the unit for a Rapid move toward `to`, and what holds there."""
    path = truncate(engine.terrain.path(unit.leader_point, to), RAPID)
    moved = placement.hypothetical(engine, unit, walk(path, path_length(path)), exact=True)
    pos = moved.position()
    regulars = engine.state.units_of(REGULAR)
    bases = [f.pos for r in regulars for f in r.figures]
    reach = table_optimum_range(rules_unit(unit))
    return {
        "contact": any(distance(p, q) < COHESION_REACH for p in pos.figures for q in bases),
        "solid": bool(engine.terrain.in_solid_cover(pos)),
        "sees": any(engine.terrain.line_of_sight(r.position(), pos) for r in regulars),
        "range": distance(moved.centre, activated.centre) <= reach,
    }


def _holds(action: Action, f: dict[str, bool]) -> bool:
    if f["contact"]:
        return False
    return {
        Action.MOVE_INTO_COVER: f["solid"],
        Action.TAKE_COVER_OUT_OF_LOS: f["solid"] and not f["sees"],
        Action.TAKE_COVER_WITH_LOS: f["solid"] and f["sees"],
        Action.MOVE_OUT_OF_LOS: not f["sees"],
        Action.MOVE_INTO_OPTIMUM_RANGE: f["range"],
    }[action]


def _reachable_spots(engine: Engine, unit: UnitState) -> list[Point]:
    """Brute force: every inch-grid point a Rapid move arrives at, clear of waiting contractors."""
    sx, sy = unit.leader_point
    waiting = [(c.x, c.y) for c in engine.state.contractors if c.status == ContractorStatus.WAITING]
    spots = []
    for gx in range(math.floor(sx - RAPID), math.ceil(sx + RAPID) + 1):
        for gy in range(math.floor(sy - RAPID), math.ceil(sy + RAPID) + 1):
            p = (float(gx), float(gy))
            if distance(p, (sx, sy)) > RAPID or engine.terrain.blocked_point(p):
                continue
            path = engine.terrain.path((sx, sy), p)
            if distance(path[-1], p) > 0.05 or path_length(path) > RAPID:
                continue
            if any(distance(p, c) < CONTRACTOR_KEEP_OFF for c in waiting):
                continue
            spots.append(p)
    return spots


@pytest.mark.parametrize(("scenario", "seed"), [("contracting-trouble", 3), ("sweep-and-clear", 5)])
def test_rows_naming_an_end_state_reach_it_whenever_a_reachable_spot_has_it(
    scenario: str, seed: int
) -> None:
    engine = _mid_game(scenario, seed, turn=3)
    ai = InsurgentAI(engine.battlefield, 1)
    world = _World(player_view(engine, INSURGENT), ai.terrain, engine.battlefield)
    regulars = engine.state.units_of(REGULAR)
    units = [
        u for u in engine.state.units_of(INSURGENT) if u.effective_figures and not u.shaken_turn
    ][:4]
    assert units and regulars
    tried = reached = 0
    for unit in units:
        activated = min(regulars, key=lambda r: distance(r.centre, unit.centre))
        spots = {p: _facts(engine, unit, p, activated) for p in _reachable_spots(engine, unit)}
        mine = world.unit(unit.id)
        assert mine is not None
        stay = MoveUnit(side=INSURGENT, unit=unit.id, to=unit.leader_point, rate="rapid")
        for action in ACTIONS:
            if not any(_holds(action, f) for f in spots.values()):
                continue
            tried += 1
            command = ai._best_move(world, mine, action, [stay], activated.id, None)
            chosen = _facts(engine, unit, command.to, activated)
            assert _holds(action, chosen), (
                f"{unit.name} {action.label}: chose {command.to}, a reachable spot would do"
            )
            reached += 1
    assert tried >= 5 and reached == tried

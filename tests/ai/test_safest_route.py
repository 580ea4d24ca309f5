"""The solo rows that move "along the safest route" walk the route the Regulars see least
(Insurgent Action Checks; R274). The oracle is the engine's own line of sight, checked every
quarter inch along the path the engine walks for the AI's chosen move."""

from __future__ import annotations

from pathlib import Path

from game.ai.actions import Action
from game.ai.controller import InsurgentAI
from game.ai.safest import SafestRoutes
from game.ai.world import _World
from game.battlefield.model import Point, UnitPosition
from game.battlefield.safest_route import route_seen_length, safest_route
from game.engine.commands import MoveUnit
from game.engine.engine import Engine
from game.engine.state import INSURGENT
from game.engine.terrain import path_length, truncate, walk
from game.engine.view import player_view
from game.rules.movement import RAPID
from game.sandbox import run_situation
from game.scenarios.situation import read_situation

LANE = Path(__file__).resolve().parents[2] / "docs" / "sandbox" / "safest-route-lane.json"


def _lane() -> Engine:
    run = run_situation(read_situation(LANE), lambda event: None)
    assert run.engine is not None
    return run.engine


def _inches_seen(engine: Engine, path: list[Point]) -> float:
    """Inches of `path` where the Marines see a one-figure target (the engine's LOS, R4)."""
    marines = engine.state.units["R1"].position()
    length = path_length(path)
    steps = int(length / 0.25)
    seen = sum(
        engine.terrain.line_of_sight(marines, UnitPosition("probe", (walk(path, k * 0.25),)))
        for k in range(steps + 1)
    )
    return seen * 0.25


def test_r274_a_leader_beside_an_open_street_takes_the_hidden_lane() -> None:
    engine = _lane()
    ai = InsurgentAI(engine.battlefield, 1)
    world = _World(player_view(engine, INSURGENT), ai.terrain, engine.battlefield)
    leader = world.unit("LDR")
    assert leader is not None
    stay = MoveUnit(side=INSURGENT, unit="LDR", to=leader.leader_point, rate="rapid")
    command = ai._best_move(world, leader, Action.MOVE_TO_FRIENDLY_UNIT, [stay], "R1", None)
    start = leader.leader_point
    walked = truncate(engine.terrain.path(start, command.to), RAPID)
    goal = world.goal_point(leader, Action.MOVE_TO_FRIENDLY_UNIT.target, "R1")
    assert goal is not None
    street = truncate(engine.terrain.path(start, goal), RAPID)
    # the shortest way runs down the street in view; the AI's move goes down the lane unseen
    assert _inches_seen(engine, street) > 8.0
    assert _inches_seen(engine, walked) == 0.0
    assert command.rate == "rapid" and path_length(walked) > 11.0  # a full Rapid move
    assert 13.0 < command.to[0] < 15.0  # between the two buildings
    assert "safest route" in ai.log[-1] and "(R274)" in ai.log[-1]


def test_r274_the_route_is_never_more_in_sight_than_the_shortest_path() -> None:
    engine = _lane()
    ai = InsurgentAI(engine.battlefield, 1)
    world = _World(player_view(engine, INSURGENT), ai.terrain, engine.battlefield)
    seen = SafestRoutes(ai.terrain).seen(world)
    geometry = ai.terrain.geometry
    tried = 0
    for start in ((11.5, 2.5), (2.0, 2.0), (22.0, 2.0), (14.0, 10.0), (22.0, 22.0)):
        for goal in ((11.0, 22.8), (2.0, 12.0), (22.0, 12.0), (14.0, 21.5), (6.0, 2.0)):
            route = safest_route(geometry, start, goal, seen)
            shortest = engine.terrain.path(start, goal)
            assert route is not None and route[0] == start and route[-1] == goal
            assert route_seen_length(seen, route) <= route_seen_length(seen, shortest) + 1e-9
            tried += 1
    assert tried == 25


def test_r274_an_unseen_straight_line_is_the_route() -> None:
    engine = _lane()
    geometry = engine.terrain.geometry
    assert safest_route(geometry, (1.0, 1.0), (8.0, 1.0), lambda p: False) == [
        (1.0, 1.0),
        (8.0, 1.0),
    ]

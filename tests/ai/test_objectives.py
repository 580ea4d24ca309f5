"""The Insurgents' "nearest objective" (solo table Insurgents w/Leader, end of turn) read from the
scenario's published Objectives, never from its id (issue 17)."""

from __future__ import annotations

import pytest

from game.ai.situation import Moment
from game.ai.world import _World
from game.engine.engine import Engine
from game.engine.protocol import ContractorStatus
from game.engine.scenario import Objectives
from game.engine.state import INSURGENT
from game.engine.terrain import Terrain
from game.engine.view import player_view
from game.save import new_game, resolve_map


def _world(scenario: str, seed: int = 3) -> tuple[_World, Engine]:
    map_path, sid = resolve_map(scenario)
    engine = new_game(map_path, sid, seed)

    view = player_view(engine, INSURGENT)
    return _World(view, Terrain(engine.battlefield), engine.battlefield), engine


def test_contracting_trouble_objectives_are_the_contractors_not_yet_escorted_off() -> None:
    world, _ = _world("contracting-trouble")
    assert world.state.objectives["insurgent_objectives"] == ["contractors"]
    contractors = world.state.contractors
    assert len(contractors) == 2
    assert sorted(world.objective_points()) == sorted((c.x, c.y) for c in contractors)
    contractors[0].status = ContractorStatus.ESCORTED  # escorted off: no longer worth chasing
    contractors[1].status = ContractorStatus.HELD  # with the Marines: still worth fighting for
    assert world.objective_points() == [(contractors[1].x, contractors[1].y)]
    contractors[1].status = ContractorStatus.CAPTIVE
    assert world.objective_points() == []


def test_sweep_and_clear_objectives_are_the_hot_spots_then_the_exit_edge() -> None:
    world, _ = _world("sweep-and-clear")
    assert world.state.objectives["insurgent_objectives"] == ["hot_spots", "exit_edges"]
    spots = world.hot_spot_points()
    assert spots and sorted(world.objective_points()) == sorted(spots)
    unit = world.insurgents[0]
    world.state.tally["hot_spots_neutralized"] = 3  # leaving by the north edge now counts
    assert world.state.exit_edges == ["north"]
    edge = (min(max(unit.centre[0], 1.0), world.battlefield.width - 1.0), 1.0)
    assert edge in world.objective_points(unit)
    assert world.situation(unit, Moment.END_OF_TURN).objective_known


def test_an_unknown_insurgent_objective_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown Insurgent objective 'sniper'"):
        Objectives(insurgent_objectives=("sniper",))


def test_the_default_mirrors_the_regulars_mission() -> None:
    assert Objectives().insurgent_goals() == ("hot_spots",)
    assert Objectives(contractors=True, hot_spots=False).insurgent_goals() == ("contractors",)
    assert Objectives(exit_after_hot_spots=2).to_dict()["insurgent_objectives"] == [
        "hot_spots",
        "exit_edges",
    ]

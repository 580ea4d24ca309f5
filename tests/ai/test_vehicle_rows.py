"""The Insurgent solo tables' vehicle rows, reached through the AI's reading of the view
(Insurgents w/No Leader and w/Leader, first row; R74, R229)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai.controller import InsurgentAI
from game.ai.situation import Moment
from game.ai.tables import Action, action_check, table_for
from game.ai.world import _World
from game.engine.state import INSURGENT
from game.engine.view import player_view
from game.rules.dice import ScriptedDice
from game.scenarios.situation import read_situation, situation_engine

DAMAGE = Path(__file__).resolve().parents[2] / "docs" / "sandbox" / "vehicle-damage.json"


def world_with(figures: list[str], *, leader: bool) -> tuple[_World, str]:
    """The vehicle-damage situation with the Insurgents given these figures."""
    situation = read_situation(DAMAGE)
    engine = situation_engine(situation)
    gunmen = engine.state.units["G"]
    kinds = (["leader"] if leader else []) + figures
    gunmen.figures = gunmen.figures[:1] * len(kinds)
    for i, (figure, kind) in enumerate(zip(gunmen.figures, kinds, strict=True)):
        gunmen.figures[i] = type(figure)(f"G.{i + 1}", kind, 24.0 + i, 16.0)
    ai = InsurgentAI(engine.battlefield, seed=1)
    return _World(player_view(engine, INSURGENT), ai.terrain, engine.battlefield), "G"


@pytest.mark.parametrize("leader", [True, False])
def test_r229_the_vehicle_row_fires_at_an_activated_vehicle_it_can_harm(leader: bool) -> None:
    world, gid = world_with(["small_arms", "at_rpg"], leader=leader)
    vehicle = world.state.units["V"]
    gunmen = world.state.units[gid]
    facts = world.situation(gunmen, Moment.REGULAR_ACTIVATION, activated=vehicle)
    assert facts.activated_is_vehicle and facts.can_harm_activated_vehicle
    table = table_for(facts.kind, facts.moment)
    assert table is not None
    choice = action_check(table, facts, ScriptedDice([]))
    assert (choice.row, choice.action) == (1, Action.FIRE_AT_VEHICLE)


def test_r229_small_arms_alone_do_not_take_the_vehicle_row() -> None:
    world, gid = world_with(["small_arms", "small_arms"], leader=True)
    facts = world.situation(
        world.state.units[gid], Moment.REGULAR_ACTIVATION, activated=world.state.units["V"]
    )
    assert facts.activated_is_vehicle and not facts.can_harm_activated_vehicle
    table = table_for(facts.kind, facts.moment)
    assert table is not None
    assert action_check(table, facts, ScriptedDice([1, 1, 1])).row != 1


def test_r229_an_activated_infantry_unit_is_no_vehicle() -> None:
    world, gid = world_with(["at_rpg"], leader=True)
    world.state.units["R"].status = "active"
    facts = world.situation(
        world.state.units[gid], Moment.REGULAR_ACTIVATION, activated=world.state.units["R"]
    )
    assert not facts.activated_is_vehicle and not facts.can_harm_activated_vehicle

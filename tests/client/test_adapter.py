"""The engine's GameState turned into the battle screen's view model."""

from __future__ import annotations

import math
from typing import Any

from client_support import TEST_MAP

from game.battlefield.model import Side
from game.client.adapter import view_from_game
from game.client.viewmodel import Badge
from game.engine.state import GameState
from game.save import new_game


def started_state() -> GameState:
    return new_game(TEST_MAP, None, seed=7).state


def test_every_unit_on_the_table_is_drawn_where_the_engine_has_it() -> None:
    state = started_state()
    view = view_from_game(state)
    on_table = [u for u in state.units.values() if u.on_table and u.figures]
    assert len(on_table) >= 2  # the map's Alpha and Bravo at least
    assert [u.unit_id for u in view.units] == [u.id for u in on_table]
    for unit, sprite in zip(on_table, view.units, strict=True):
        assert sprite.name == unit.name
        assert sprite.side is (Side.INSURGENT if unit.side == "insurgent" else Side.REGULAR)
        assert [f.position_in for f in sprite.figures] == [(f.x, f.y) for f in unit.figures]
        leaders = [f.is_leader for f in sprite.figures]
        assert leaders == [f.kind == "leader" for f in unit.figures]
        assert sprite.quality == unit.quality_die().label


def test_status_flags_become_badges() -> None:
    state = started_state()
    state.turn = 3
    unit = next(u for u in state.units.values() if u.on_table)
    unit.activated_turn = 3
    unit.pinned_turn = 3
    unit.overwatch = True
    unit.figures[0].status = "hit"
    unit.dependants = ["casualty", "pow"]
    sprite = next(s for s in view_from_game(state).units if s.unit_id == unit.id)
    assert sprite.badges == (
        Badge.ACTIVATED,
        Badge.OVERWATCH,
        Badge.PINNED,
        Badge.DEPENDANTS,
        Badge.FIRST_AID,
    )
    # The hit figure lies where it fell; the two Dependants ride along on small bases.
    assert sprite.figures[0].is_dependant and not sprite.figures[0].is_leader
    carried = sprite.figures[len(unit.figures) :]
    assert [f.kind for f in carried] == ["casualty", "pow"]
    assert all(f.is_dependant and f.diameter_in < 0.75 for f in carried)


def test_turn_phase_and_victory_points_reach_the_top_bar() -> None:
    state = started_state()
    state.turn = 2
    state.phase = "insurgent"
    view = view_from_game(state, score=(5, 3))
    assert view.turn_text == f"Turn 2 of {state.turn_limit}"
    assert view.phase_text == "Insurgent phase"
    assert view.victory_points == "VP if it ended now: Regulars 5 · Insurgents 3"
    state.hot_spots[next(iter(state.hot_spots))].neutralized = True
    assert len(view_from_game(state).hot_spots) == len(state.hot_spots) - 1


def test_carried_dependants_stand_beside_their_escort_never_inside_a_wall() -> None:
    # Found in play: contractors were drawn a fixed step south of their escort's centre, through
    # walls and on top of Insurgent bases.
    from game.battlefield.model import Battlefield, Building, Door
    from game.engine.engine import Engine
    from game.engine.state import INSURGENT, REGULAR
    from game.rules.dice import ScriptedDice
    from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line

    door = Door(2, "door", (20.0, 30.0), 1)
    shop = Building(
        1, "shop", ((10.0, 20.0), (30.0, 20.0), (30.0, 30.0), (10.0, 30.0)), doors=(door,)
    )
    table = Battlefield("tests/staged.tmx", "staged", 48.0, 48.0, 32.0, buildings=(shop,))
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(20.0, 19.3, 4)),  # along the shop's north wall
            UnitSpec("GANG", INSURGENT, line(20.0, 17.4, 3)),  # across the street
        ]
    )
    engine = Engine(StagedScenario(staging), table, 0, dice=ScriptedDice([]))
    escort = engine.state.units["R1"]
    escort.dependants += ["contractor", "contractor"]

    def dependants(view: Any) -> list[tuple[float, float]]:
        sprite = next(u for u in view.units if u.unit_id == "R1")
        return [f.position_in for f in sprite.figures if f.kind == "contractor"]

    plain = dependants(view_from_game(engine.state))
    assert any(engine.terrain.building_at(p) is not None for p in plain)  # the old drawing
    drawn = dependants(view_from_game(engine.state, terrain=engine.terrain))
    assert len(drawn) == 2
    bases = [f.pos for u in engine.state.units.values() for f in u.figures]
    for i, p in enumerate(drawn):
        assert engine.terrain.building_at(p) is None  # in the street with its escort
        others = bases + drawn[:i] + drawn[i + 1 :]
        assert min(math.dist(p, q) for q in others) >= 0.75 - 1e-6  # on no other base
        assert min(math.dist(p, f.pos) for f in escort.figures) <= 2.0 + 1e-6


def test_the_top_bar_at_set_up_names_the_phase_once() -> None:
    """Found in play: the top bar read "Set-up — Set-up" while a set-up card was decided."""
    state = started_state()
    state.turn, state.phase = 0, "setup"
    view = view_from_game(state)
    assert (view.turn_text, view.phase_text) == ("Before turn 1", "Set-up")

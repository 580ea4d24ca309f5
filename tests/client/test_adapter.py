"""The engine's GameState turned into the battle screen's view model."""

from __future__ import annotations

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

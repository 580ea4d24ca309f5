"""The briefing before a game (issue 22): forces, turns, victory conditions and the preview's
marks, from a game the engine has just set up; Fog of War hides the Insurgents (R172)."""

from __future__ import annotations

from game.briefing import briefing_of
from game.engine.state import INSURGENT, REGULAR
from game.save import new_game, resolve_map


def start(scenario: str, seed: int = 2):  # type: ignore[no-untyped-def]
    map_path, scenario_id = resolve_map(scenario)
    return new_game(map_path, scenario_id, seed)


def test_contracting_trouble_briefs_both_forces_its_turns_and_its_victory_points() -> None:
    engine = start("contracting-trouble")
    briefing = briefing_of(engine)
    state = engine.state
    assert briefing.turn_limit == state.turn_limit and briefing.title == state.title
    regulars = [f for f in briefing.forces if f.side == REGULAR]
    assert [f.name for f in regulars] == [u.name for u in state.units_of(REGULAR)]
    assert sum(f.figures for f in regulars) == sum(len(u.figures) for u in state.units_of(REGULAR))
    assert all(f.quality.startswith("d") and f.makeup for f in regulars)
    assert any(f.side == INSURGENT for f in briefing.forces) and not briefing.hidden_insurgents
    assert any("contractors" in line for line in briefing.victory)
    kinds = {m.kind for m in briefing.marks}
    assert {"regular", "insurgent", "contractor"} <= kinds
    for mark in briefing.marks:
        assert 0 <= mark.x <= briefing.width and 0 <= mark.y <= briefing.height


def test_r172_fog_of_war_leaves_the_insurgents_out_of_the_briefing() -> None:
    engine = start("sweep-and-clear")
    assert engine.state.fog_of_war
    briefing = briefing_of(engine)
    assert briefing.hidden_insurgents
    assert all(f.side == REGULAR for f in briefing.forces)
    assert not any(m.kind == INSURGENT for m in briefing.marks)
    hot_spots = [m for m in briefing.marks if m.kind == "hot_spot"]
    assert sorted(m.label for m in hot_spots) == sorted(
        str(h.number) for h in engine.state.hot_spots.values()
    )

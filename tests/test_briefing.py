"""The briefing before a game (issue 22): forces, turns, victory conditions and the preview's
marks, from a game the engine has just set up; Fog of War hides the Insurgents (R172)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game.briefing import briefing_of, paragraphs
from game.engine.state import INSURGENT, REGULAR
from game.save import new_game, resolve_map
from game.scenarios.ids import MAPS


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


def test_the_briefing_reads_the_scenario_files_brief_and_victory_conditions() -> None:
    engine = start("contracting-trouble")
    briefing = briefing_of(engine)
    assert briefing.brief.startswith("Gunmen shot up an SUV") and "\n" not in briefing.brief
    assert briefing.brief.split() == engine.scenario.brief.split()
    assert briefing.victory == tuple(engine.scenario.victory_conditions())
    assert "Regulars: contractors escorted off: 5 pts each" in briefing.victory


def test_a_blank_line_in_a_brief_starts_a_new_paragraph() -> None:
    text = "\nFirst line\n  runs on.\n\n   Second\nparagraph.\n"
    assert paragraphs(text) == "First line runs on.\n\nSecond paragraph."
    assert paragraphs("") == ""


def test_a_scenario_that_lists_no_conditions_is_briefed_with_its_victory_point_lines() -> None:
    engine = start("contracting-trouble")
    engine.scenario.victory_conditions = list  # type: ignore[method-assign]
    _, _, lines = engine.scenario.score(engine.state)
    assert briefing_of(engine).victory == tuple(lines) and lines


@pytest.mark.parametrize("scenario_file", sorted(MAPS.glob("*.toml")), ids=lambda p: p.stem)
def test_every_shipped_scenario_file_briefs_its_own_words(scenario_file: Path) -> None:
    engine = new_game(scenario_file.with_suffix(".tmx"), None, 2)
    spec = tomllib.loads(scenario_file.read_text(encoding="utf-8"))
    briefing = briefing_of(engine)
    assert briefing.brief and briefing.brief.split() == spec["brief"].split()
    assert briefing.victory and briefing.victory == tuple(engine.scenario.victory_conditions())

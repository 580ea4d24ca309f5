"""The briefing names the optional rules in force (R246; house clearing, issue 21)."""

from __future__ import annotations

from game.briefing import briefing_of
from game.save import new_game, resolve_map


def test_r246_the_briefing_names_building_clearing_when_it_is_on() -> None:
    map_path, scenario_id = resolve_map("sweep-and-clear")
    on = briefing_of(new_game(map_path, scenario_id, 2, optional_rules=["building-clearing"]))
    off = briefing_of(new_game(map_path, scenario_id, 2))
    assert on.optional_rules == ("Building Clearing (Rulebook: House Clearing)",)
    assert off.optional_rules == ()


def test_the_briefing_screen_shows_the_optional_rule_line() -> None:
    from game.client.briefing import briefing_html

    map_path, scenario_id = resolve_map("sweep-and-clear")
    engine = new_game(map_path, scenario_id, 2, optional_rules=["building-clearing"])
    page = briefing_html(briefing_of(engine))
    assert "Optional rule: Building Clearing (Rulebook: House Clearing)" in page

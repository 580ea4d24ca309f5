"""A scenario file's `optional_rules` (docs/SCENARIOS.md; R246): the rulebook's optional rules a
scenario offers, each a set-up toggle that starts off; an unknown name is one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.battlefield.loader import load_battlefield
from game.engine.optional_rules import apply_switches
from game.scenarios.catalog import scenario_for
from game.scenarios.scenario_file import load_scenario_file
from game.scenarios.toml_fields import ScenarioFileError

ROOT = Path(__file__).resolve().parent.parent.parent
SHIPPED = ROOT / "maps" / "sweep-and-clear.toml"
BASE = SHIPPED.read_text(encoding="utf-8")


def test_r246_a_scenario_file_offers_building_clearing_off_by_default(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        BASE.replace("turns = 10", 'turns = 10\noptional_rules = ["building-clearing"]')
    )
    assert load_scenario_file(path).optional_rules == ("building-clearing",)
    battlefield = load_battlefield(ROOT / "maps" / "sweep-and-clear.tmx")
    assert scenario_for(battlefield, "sweep-and-clear").optional_rules == ()  # the book's: none
    offered = ("building-clearing",)
    assert apply_switches(offered, []) == []
    assert apply_switches(offered, ["building-clearing=on"]) == ["building-clearing"]
    assert apply_switches(offered, ["building-clearing=on", "building-clearing=off"]) == []


def test_an_unknown_optional_rule_is_one_line_naming_the_key(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(BASE.replace("turns = 10", 'turns = 10\noptional_rules = ["night-ops"]'))
    with pytest.raises(ScenarioFileError) as caught:
        load_scenario_file(path)
    (line,) = [str(p) for p in caught.value.problems]
    assert line == (
        f"error: {path}: optional_rules: 'night-ops' is not an optional rule; "
        "write one of: building-clearing, optional-fog-of-war"
    )


def test_building_clearing_as_a_special_rule_points_to_optional_rules(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(BASE.replace("special_rules = []", 'special_rules = ["building_clearing"]'))
    with pytest.raises(ScenarioFileError) as caught:
        load_scenario_file(path)
    (line,) = [str(p) for p in caught.value.problems]
    assert line == (
        f"error: {path}: special_rules: 'building_clearing' is the optional Building Clearing "
        'rule (a set-up toggle); write optional_rules = ["building-clearing"] instead'
    )

"""Scenario files grant support assets (docs/SCENARIOS.md `assets`; Asset cards; R190-R199)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.battlefield.loader import load_battlefield
from game.engine.engine import Engine
from game.scenarios.catalog import DataScenario, ForceChoice
from game.scenarios.scenario_file import load_scenario_file
from game.scenarios.toml_fields import ScenarioFileError

ROOT = Path(__file__).resolve().parent.parent.parent
SHIPPED = ROOT / "maps" / "sweep-and-clear.toml"
BASE = SHIPPED.read_text(encoding="utf-8")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "sweep-and-clear.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_scenario_list_of_assets_is_granted_to_the_regulars(tmp_path: Path) -> None:
    path = write(tmp_path, BASE.replace("assets = []", 'assets = ["uav", "light_mortar"]'))
    spec = load_scenario_file(path)
    assert spec.assets == ("uav", "light_mortar")
    battlefield = load_battlefield(ROOT / "maps" / "sweep-and-clear.tmx")
    engine = Engine(DataScenario(spec), battlefield, 3)
    assert engine.state.assets == {"regular": ["uav", "light_mortar"]}


def test_the_assets_table_form_names_the_regular_side(tmp_path: Path) -> None:
    text = BASE.replace("assets = []\n", "") + '\n[assets]\nregular = ["air_support"]\n'
    assert load_scenario_file(write(tmp_path, text)).assets == ("air_support",)


def test_an_unknown_asset_is_one_line_naming_the_key_and_the_fix(tmp_path: Path) -> None:
    path = write(tmp_path, BASE.replace("assets = []", 'assets = ["napalm"]'))
    with pytest.raises(ScenarioFileError) as caught:
        load_scenario_file(path)
    (line,) = [str(p) for p in caught.value.problems]
    assert "assets: 'napalm' is not a support asset" in line and "light_mortar" in line


def test_r196_the_recon_formations_sniper_team_is_a_sniper_team_on_the_table() -> None:
    spec = load_scenario_file(SHIPPED)
    battlefield = load_battlefield(ROOT / "maps" / "sweep-and-clear.tmx")
    choice = ForceChoice(formation="usmc-recon-sniper")
    engine = Engine(DataScenario(spec, choice), battlefield, 3)
    teams = {u.name: u.designation for u in engine.state.units.values() if u.side == "regular"}
    assert teams["Sniper team"] == "sniper_team" and teams["Recon one"] == ""
    sniper = next(u for u in engine.state.units.values() if u.name == "Sniper team")
    foe = next(u for u in engine.state.units.values() if u.side == "insurgent")
    names = [name for name, _ in engine.firepower(sniper, foe).items]
    assert "Sniper Team" in names and "Optimum Range" in names


def test_r196_a_scenario_unit_may_be_designated(tmp_path: Path) -> None:
    text = BASE.replace('force = "usmc-squad"\nswap = "similar"\n', "").replace(
        "[insurgents]\n",
        '[[regulars.units]]\nname = "Gun"\nfigures = "mg, rifle"\n'
        'designation = "special_weapon_team"\n\n[insurgents]\n',
        1,
    )
    spec = load_scenario_file(write(tmp_path, text))
    assert spec.units[0].designation == "special_weapon_team"
    battlefield = load_battlefield(ROOT / "maps" / "sweep-and-clear.tmx")
    engine = Engine(DataScenario(spec), battlefield, 3)
    assert engine.state.units["R1"].designation == "special_weapon_team"

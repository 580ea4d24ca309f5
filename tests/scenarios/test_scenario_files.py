"""Scenario files (docs/SCENARIOS.md): the shipped scenarios are data, a custom map plays its own
file, and every mistake in a file is one line naming the file, the key and the fix (Rulebook:
Scenarios; Common ORBATs; R140-R143)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.battlefield.loader import load_battlefield
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR, FigureState, GameState, UnitState
from game.engine.victory import VictoryCondition, score_conditions
from game.scenarios.catalog import (
    ContractingTrouble,
    DataScenario,
    ForceChoice,
    Patrol,
    SweepAndClear,
    scenario_for,
)
from game.scenarios.scenario_file import load_scenario_file
from game.scenarios.toml_fields import ScenarioFileError

ROOT = Path(__file__).resolve().parent.parent.parent
ENGINE_MAPS = ROOT / "tests" / "maps" / "engine"
SHIPPED = ROOT / "maps" / "sweep-and-clear.toml"


def write(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(path: Path) -> list[str]:
    with pytest.raises(ScenarioFileError) as caught:
        load_scenario_file(path)
    return [str(p) for p in caught.value.problems]


def test_the_shipped_scenarios_are_data_files_beside_their_maps() -> None:
    for cls in (ContractingTrouble, SweepAndClear):
        assert cls.spec_file == ROOT / "maps" / f"{cls.id}.toml"
        assert (ROOT / "maps" / f"{cls.id}.tmx").exists()
        spec = load_scenario_file(cls.spec_file)
        assert spec.id == cls.id and spec.brief and spec.victory


# -- one line per mistake: the file, the key, the fix -----------------------------------------
BASE = SHIPPED.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "key", "fix"),
    [
        ("turns = 10", "turn = 10", "turn: is not a known key", "use one of"),
        ("turns = 10", "turns = 0", "turns: 0 is out of range", "write 1 to 99"),
        ("turns = 10", 'turns = "ten"', "turns: expected a whole number", "write a whole number"),
        ('insurgency_level = "5"', 'insurgency_level = "7"', "insurgency_level:", "1 to 6"),
        ('morale = "d8"\n', 'morale = "d7"\n', "regulars.morale:", 'write one of "d6"'),
        ('force = "usmc-squad"', 'force = "usmc-platoon"', "regulars.force:", "write one of"),
        ('swap = "similar"', 'swap = "some"', "regulars.swap:", '"similar", "all"'),
        ("special_rules = []", 'special_rules = ["parachutes"]', "special_rules:", "contractors"),
        (
            "special_rules = []",
            'special_rules = ["building_clearing"]',
            "Building Clearing",
            "optional_rules",
        ),
        ("assets = []", 'assets = ["Attached APC"]', "assets:", "leave assets empty"),
        ('end_when = ["no_regulars_left"]', 'end_when = ["sunset"]', "end_when:", "write one of"),
        (
            '"leader, rpg, 4 small_arms"',
            '"leader, 3 gunman"',
            "insurgents.start[3].figures:",
            "kind",
        ),
        (
            "at = 2\n",
            "at = 1\n",
            "insurgents.start[1].at: start position 1 is listed twice",
            "merge",
        ),
        (
            'condition = "hot_spot_remaining"',
            'condition = "hot_spots_left"',
            "victory[5].condition",
            "write one of",
        ),
        (
            'points = 5\nlabel = "hot spots remaining"',
            'label = "hot spots remaining"',
            "victory[5].points: is missing",
            "write the points",
        ),
        ('label = "wounded"', 'label = "{marines} wounded"', "victory[2].label", "{regulars}"),
        (
            'title = "Sweep & Clear"',
            'name = "Sweep & Clear"',
            "title: is missing",
            'add title = "..."',
        ),
    ],
)
def test_each_kind_of_mistake_is_one_line_naming_the_file_the_key_and_the_fix(
    tmp_path: Path, old: str, new: str, key: str, fix: str
) -> None:
    assert old in BASE
    path = write(tmp_path, BASE.replace(old, new, 1))
    lines = problems_of(path)
    line = next((li for li in lines if key in li), None)
    assert line is not None, lines
    assert line.startswith(f"error: {path}: ") and fix in line.split("; ", 1)[1]
    assert "\n" not in line


def test_a_file_that_is_not_toml_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, 'title = "x"\nturns = \n')
    (line,) = problems_of(path)
    assert line.startswith(f"error: {path}: is not valid TOML") and "line 2" in line


def test_a_file_that_is_not_text_or_missing_says_so(tmp_path: Path) -> None:
    path = tmp_path / "bin.toml"
    path.write_bytes(b"\xff\xfe\x00title")
    assert "is not UTF-8 text" in problems_of(path)[0]
    assert "no such file" in problems_of(tmp_path / "gone.toml")[0]


def test_every_mistake_of_a_file_is_listed_at_once(tmp_path: Path) -> None:
    text = BASE.replace("turns = 10", "turns = 100").replace(
        'morale = "d8"\n', 'morale = "d9"\n', 1
    )
    lines = problems_of(write(tmp_path, text))
    assert len(lines) == 2 and "turns" in lines[0] and "regulars.morale" in lines[1]


def test_force_and_units_together_is_refused(tmp_path: Path) -> None:
    units = '[[regulars.units]]\nname = "A"\nfigures = "4 rifle"\n\n[regulars]\n'
    lines = problems_of(write(tmp_path, BASE.replace("[regulars]\n", units)))
    assert lines == [
        f"error: {tmp_path / 'mine.toml'}: regulars.units: given together with force; "
        "keep one of the two"
    ]


# -- victory points through the named hooks --------------------------------------------------
def test_victory_conditions_score_each_or_once_and_share_lines() -> None:
    state = GameState("x", "x", "x", 1)
    state.tally.update(regular_wia=3, regular_kia=1, hot_spots_neutralized=2)
    conditions = [
        VictoryCondition(REGULAR, "hot_spot_neutralized", 5, "hot spots"),
        VictoryCondition(REGULAR, "no_pows_lost", 4, "no POWs lost", same_line=True),
        VictoryCondition(INSURGENT, "regular_wounded", 1, "{regulars} wounded"),
        VictoryCondition(INSURGENT, "regular_killed", 2, "killed", same_line=True),
    ]
    reg, ins, lines = score_conditions(state, conditions, "Rangers")
    assert (reg, ins) == (2 * 5 + 4, 3 + 2)
    assert lines == [
        "Regulars: 2 hot spots x5, no POWs lost: yes +4",
        "Insurgents: 3 Rangers wounded x1, 1 killed x2",
    ]
    state.tally["regular_pows"] = 1
    assert score_conditions(state, conditions)[0] == 10


# -- custom maps with a scenario file of their own ---------------------------------------------
CUSTOM = """
title = "Hold the Crossroads"
brief = "Two Ranger teams hold the junction."
turns = 4
insurgency_level = "2"

[regulars]
quality = ["d8", "d10"]
morale = "d8"
noun = "Rangers"

[[regulars.units]]
name = "Gun team"
figures = "leader, saw, 2 rifle"
quality = "d10"

[[regulars.units]]
name = "Rifles"
figures = "4 rifle"

[insurgents]
type = "freedom-fighters"

[[insurgents.start]]
at = 3
figures = "leader, 5 small_arms"

[[victory]]
side = "regular"
condition = "insurgent_unit_broken"
points = 2
label = "Insurgent units broken"

[[victory]]
side = "insurgent"
condition = "regular_killed"
points = 3
label = "{regulars} killed"
"""


def custom_map(tmp_path: Path, scenario: str | None) -> Path:
    path = tmp_path / "junction.tmx"
    shutil.copy(ENGINE_MAPS / "patrol.tmx", path)
    if scenario is not None:
        (tmp_path / "junction.toml").write_text(scenario, encoding="utf-8")
    return path


def test_a_custom_map_plays_its_own_scenario_file(tmp_path: Path) -> None:
    battlefield = load_battlefield(custom_map(tmp_path, CUSTOM))
    scenario = scenario_for(battlefield)
    assert isinstance(scenario, DataScenario) and scenario.id == "junction"
    engine = Engine(scenario, battlefield, 3)
    state = engine.state
    assert (state.title, state.turn_limit, state.insurgency_level) == (
        "Hold the Crossroads",
        4,
        "2",
    )
    gun, rifles = state.units_of(REGULAR)
    assert [f.kind for f in gun.figures] == ["leader", "saw", "rifle", "rifle"]
    assert (gun.figures[0].quality, gun.figures[0].morale, gun.morale_bonus) == (10, 8, 1)
    assert (rifles.figures[0].quality, rifles.morale_bonus) == (8, 0)
    (group,) = state.units_of(INSURGENT)  # only start position 3 is listed
    assert [(f.kind, f.quality, f.morale) for f in group.figures][:2] == [
        ("leader", 8, 10),
        ("small_arms", 8, 8),
    ]
    assert scenario.victory_conditions() == [
        "Regulars: Insurgent units broken: 2 pts each",
        "Insurgents: Rangers killed: 3 pts each",
    ]


def test_a_custom_map_without_a_file_plays_the_patrol_with_the_maps_turns(tmp_path: Path) -> None:
    battlefield = load_battlefield(custom_map(tmp_path, None))
    scenario = scenario_for(battlefield)
    assert isinstance(scenario, Patrol) and scenario.turn_limit == 10


def test_a_broken_file_beside_a_custom_map_is_a_map_error_naming_it(tmp_path: Path) -> None:
    battlefield = load_battlefield(custom_map(tmp_path, CUSTOM.replace("turns = 4", "turns = -1")))
    with pytest.raises(ScenarioFileError) as caught:
        scenario_for(battlefield)
    assert str(caught.value).startswith(f"error: {tmp_path / 'junction.toml'}: turns:")


# -- the ORBAT library: swapping the Regular force (Common ORBATs; R140, R143) -----------------
def test_contracting_trouble_may_field_a_british_section_instead(tmp_path: Path) -> None:
    battlefield = load_battlefield(ENGINE_MAPS / "crossroads.tmx")
    choice = ForceChoice(formation="british-section")
    engine = Engine(ContractingTrouble(choice=choice), battlefield, 1)
    charlie, delta = engine.state.units_of(REGULAR)
    # one fireteam leader is the section leader: a leader figure, +1 Morale (R140)
    assert (charlie.name, [f.kind for f in charlie.figures]) == (
        "Charlie fireteam",
        ["leader", "rgl", "saw", "rifle"],
    )
    assert (charlie.morale_bonus, delta.morale_bonus) == (1, 0)
    # the scenario's ratings stand: Trained, d10 Morale; the log calls them soldiers
    assert {(f.quality, f.morale) for f in charlie.figures + delta.figures} == {(8, 10)}
    engine.state.units.clear()
    assert engine.scenario.finished(engine.state) == "no soldiers remain on the table"


def test_a_force_or_rating_the_scenario_does_not_offer_is_refused() -> None:
    with pytest.raises(ValueError, match="usmc-squad' is not allowed here"):
        ContractingTrouble(choice=ForceChoice(formation="usmc-squad"))  # 13 figures, not 9
    with pytest.raises(ValueError, match="Troop Quality d10 is not offered"):
        SweepAndClear(choice=ForceChoice(quality=10))


def test_a_scenario_may_let_the_player_pick_the_troop_quality(tmp_path: Path) -> None:
    battlefield = load_battlefield(custom_map(tmp_path, CUSTOM))
    scenario = scenario_for(battlefield, choice=ForceChoice(quality=10))
    engine = Engine(scenario, battlefield, 3)
    rifles = engine.state.units_of(REGULAR)[1]
    assert rifles.figures[0].quality == 10


# -- the validator checks a map's own scenario file --------------------------------------------
def run_validator(*paths: Path) -> tuple[int, str, str]:
    import io

    from game.battlefield.validate import main
    from game.scenarios.map_check import validate_map_and_scenario

    out, err = io.StringIO(), io.StringIO()
    code = main([str(p) for p in paths], out, err, validate=validate_map_and_scenario)
    return code, out.getvalue(), err.getvalue()


def test_the_validator_refuses_a_map_whose_scenario_file_is_broken(tmp_path: Path) -> None:
    path = custom_map(tmp_path, CUSTOM.replace('type = "freedom-fighters"', 'type = "ninjas"'))
    code, out, err = run_validator(path)
    assert code == 2 and out == ""
    assert f"error: {tmp_path / 'junction.toml'}: insurgents.type: 'ninjas' is not known" in err


def test_the_validator_warns_where_map_and_scenario_disagree(tmp_path: Path) -> None:
    text = CUSTOM.replace("at = 3", "at = 2").replace('name = "Rifles"', 'name = "Rifles"\nat = 7')
    code, out, _ = run_validator(custom_map(tmp_path, text))
    assert code == 0 and "plays its scenario file junction.toml" in out
    assert "insurgents.start[0].at: the map has no Insurgent StartPosition 2" in out
    assert "regulars.units[1].at: the map has no Regular StartPosition 7" in out
    assert "special_rules: the map has Contractor markers, but the scenario does not" in out


def test_the_validator_passes_the_shipped_maps_and_their_scenarios() -> None:
    maps = [ROOT / "maps" / "contracting-trouble.tmx", ROOT / "maps" / "sweep-and-clear.tmx"]
    code, out, err = run_validator(*maps)
    assert code == 0 and err == "" and out.count("plays its scenario file") == 2


def test_the_validator_warns_when_no_hot_spot_will_ever_hold_reinforcements(
    tmp_path: Path,
) -> None:
    import re

    text = (ENGINE_MAPS / "patrol.tmx").read_text(encoding="utf-8")
    path = tmp_path / "bare.tmx"
    path.write_text(re.sub(r'<object [^>]*type="HotSpot".*?</object>', "", text), "utf-8")
    path.with_suffix(".toml").write_text(
        CUSTOM + "\n[reinforcements]\nplace_hot_spots = false\n", encoding="utf-8"
    )
    code, out, _ = run_validator(path)
    assert code == 0 and "reinforcements.place_hot_spots: the map has no hot spots" in out


# -- R144: holding a building until turn N (Scenario 3: Midnight at the Alamo) ------------------
HOLD = """
title = "Hold the Block"
turns = 6

[regulars]
force = "usmc-partial-squad"

[[victory]]
side = "regular"
condition = "objective_held"
turn = 6
points = 10
label = "held the block until turn 6"
"""


def test_r144_a_building_is_held_with_a_regular_inside_no_insurgent_and_the_turn_reached(
    tmp_path: Path,
) -> None:
    path = tmp_path / "block.tmx"
    text = (ENGINE_MAPS / "patrol.tmx").read_text(encoding="utf-8")
    objective = (
        '<object id="90" name="the block" type="Objective" x="384" y="384"><point/></object>'
    )
    path.write_text(
        text.replace("</objectgroup>\n</map>", f"{objective}\n</objectgroup>\n</map>"), "utf-8"
    )
    assert 'type="Objective"' in path.read_text(encoding="utf-8")
    path.with_suffix(".toml").write_text(HOLD, encoding="utf-8")
    battlefield = load_battlefield(path)
    engine = Engine(scenario_for(battlefield), battlefield, 1)
    state = engine.state
    alpha = state.units["R1"]
    alpha.figures[0].x, alpha.figures[0].y = 12.0, 12.0  # inside the block (10"-14")
    for unit in state.units_of(INSURGENT):
        del state.units[unit.id]
    state.turn = 5
    assert engine.scenario.score(state)[0] == 0  # not yet turn 6
    state.turn = 6
    reg, _ins, lines = engine.scenario.score(state)
    assert reg == 10 and lines == ["Regulars: held the block until turn 6: yes +10"]
    gunman = FigureState("I9.1", "small_arms", 12.5, 12.5)
    state.units["I9"] = UnitState("I9", "Insurgent group 9", INSURGENT, [gunman])
    assert engine.scenario.score(state)[0] == 0  # contested: not held


def test_objective_held_needs_its_turn(tmp_path: Path) -> None:
    lines = problems_of(write(tmp_path, HOLD.replace("turn = 6\n", "")))
    where = tmp_path / "mine.toml"
    assert lines == [f"error: {where}: victory[0].turn: is missing; write the turn to hold until"]


def test_r295_a_unit_fielded_from_a_card_that_is_no_asset_card_is_one_line(
    tmp_path: Path,
) -> None:
    text = (ROOT / "maps" / "turkey-shoot.toml").read_text(encoding="utf-8")
    assert 'card = "attached-apc"' in text
    path = write(tmp_path, text.replace('card = "attached-apc"', 'card = "attached-tank"'))
    (line,) = problems_of(path)
    assert "regulars.units[0].card: 'attached-tank' is not an Asset card" in line
    assert "attached-apc" in line.split("; ", 1)[1]


def test_the_vehicles_special_rule_is_played_now() -> None:
    """Vehicle Rules (issue 20): `vehicles` is no longer refused as a rule not yet played."""
    from game.engine.scenario import NOT_YET_PLAYED, SPECIAL_RULES

    assert "vehicles" in SPECIAL_RULES and "vehicles" not in NOT_YET_PLAYED

"""The ORBAT library (Rulebook: Common ORBATs; R140-R143): the rulebook's forces as data."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.scenarios.orbat import library, read_library
from game.scenarios.toml_fields import ScenarioFileError


def test_common_orbats_forces_carry_the_rulebooks_default_morale_and_quality_range() -> None:
    forces = library().forces
    morale = {force_id: f"d{f.morale}" for force_id, f in forces.items()}
    assert morale == {
        "usmc": "d10",
        "usar": "d8",
        "rangers": "d8",
        "british-army": "d8",
        "royal-marines": "d10",
        "rar": "d8",
    }
    assert {f.quality for f in forces.values()} == {(8, 10)}  # Trained to Veteran, every one


def test_usmc_fireteam_and_squad_as_the_rulebook_lists_them() -> None:
    squad = library().formations["usmc-squad"]
    assert [u.figures for u in squad.units] == [
        ("leader", "rifle", "rgl", "saw", "rifle"),  # the squad leader marches with Alpha (R140)
        ("rifle", "rgl", "saw", "rifle"),
        ("rifle", "rgl", "saw", "rifle"),
    ]
    assert [u.morale_bonus for u in squad.units] == [1, 0, 0] and squad.size == 13


def test_r142_the_royal_marines_light_mortar_is_a_medium_support_figure() -> None:
    mss = library().formations["royal-marines-section-mss"].units[2]
    assert mss.figures == ("leader", "sniper", "mg", "rifle") and mss.morale_bonus == 1


def test_r143_similar_size_is_within_a_quarter_of_the_scenarios_own_force() -> None:
    lib = library()
    assert lib.similar_to("usmc-squad") == [
        "usmc-squad",
        "ranger-mg-squad",
        "royal-marines-section-mss",
        "usmc-recon-sniper",  # 15 figures: the Recon squad and its sniper team (issue 19)
    ]
    assert "usmc-squad" not in lib.similar_to("usmc-partial-squad")  # 13 figures against 9
    assert {"british-section", "rar-section-mst", "usar-squad"} <= set(
        lib.similar_to("usmc-partial-squad")
    )


def test_a_broken_library_lists_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "orbats.toml"
    path.write_text(
        '[teams.t]\nfigures = ["rifle", "tank"]\n'
        '[forces.f]\nname = "F"\nmorale = "d5"\n'
        '[formations.x]\nforce = "nobody"\nname = "X"\nleader = "added"\nunits = [["A", "t"]]\n',
        encoding="utf-8",
    )
    with pytest.raises(ScenarioFileError) as caught:
        read_library(path)
    lines = [str(p) for p in caught.value.problems]
    assert [line.split(": ")[2] for line in lines] == [
        "teams.t.figures",
        "forces.f.morale",
        "formations.x.force",
    ]


def test_docs_scenarios_name_every_hook_rule_and_formation() -> None:
    """docs/SCENARIOS.md stays true: every name a scenario file may use is documented."""
    from game.engine.scenario import NOT_YET_PLAYED, SPECIAL_RULES
    from game.engine.victory import END_HOOKS, VICTORY_HOOKS

    text = (Path(__file__).resolve().parents[2] / "docs" / "SCENARIOS.md").read_text("utf-8")
    lib = library()
    names = [
        *VICTORY_HOOKS,
        *END_HOOKS,
        *SPECIAL_RULES,
        *NOT_YET_PLAYED,
        *lib.formations,
        *lib.insurgent_types,
    ]
    assert [n for n in names if f"`{n}`" not in text] == []


def test_the_example_of_docs_scenarios_is_a_valid_scenario_file(tmp_path: Path) -> None:
    from game.scenarios.scenario_file import load_scenario_file

    text = (Path(__file__).resolve().parents[2] / "docs" / "SCENARIOS.md").read_text("utf-8")
    example = text.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "market-raid.toml"
    path.write_text(example, encoding="utf-8")
    spec = load_scenario_file(path)
    assert (spec.title, spec.turns, spec.quality, len(spec.victory)) == (
        "Market Raid",
        8,
        (8, 10),
        4,
    )


def test_r196_designated_teams_come_from_the_library() -> None:
    lib = library()
    recon = lib.formations["usmc-recon-sniper"]
    assert [u.designation for u in recon.units] == ["", "", "", "sniper_team"]
    assert recon.units[3].figures == ("sniper", "rifle")
    guns = lib.formations["ranger-mg-squad"].units
    assert {u.designation for u in guns} == {"special_weapon_team"}
    assert guns[0].figures[0] == "leader" and guns[0].morale_bonus == 1

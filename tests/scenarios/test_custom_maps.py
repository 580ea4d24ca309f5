"""Custom maps become custom scenarios (docs/SCENARIOS.md): `main.py [--headless] PATH.tmx`,
a map without hot spots gets five (Hot Spots in Solo Games; R45, R79), and the headless RESULT
lists the victory conditions played for."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.app import main
from game.save import SaveError, load_save, new_game

ROOT = Path(__file__).resolve().parent.parent.parent
PATROL = ROOT / "tests" / "maps" / "engine" / "patrol.tmx"
TOWN = ROOT / "maps" / "sweep-and-clear.tmx"  # enough buildings to hide five hot spots in
SCENARIO = """
title = "Junction"
turns = 2

[regulars]
force = "rar-section"
swap = "similar"

[[victory]]
side = "regular"
condition = "hot_spot_neutralized"
points = 4
label = "hot spots neutralized"
"""


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("AMBUSH_ALLEY_DATA_DIR", str(folder))
    return folder


def a_map(tmp_path: Path, *, hot_spots: bool = True, scenario: str | None = None) -> Path:
    text = PATROL.read_text(encoding="utf-8")
    if not hot_spots:  # the town, made a custom map with no hot spots and no scenario
        text = TOWN.read_text(encoding="utf-8")
        text = text.replace('<property name="scenario" value="sweep-and-clear"/>', "")
        text = text.replace('"urban.tsx"', f'"{TOWN.parent / "urban.tsx"}"')
        text, spots = re.subn(r'<object [^>]*type="HotSpot".*?</object>', "", text, flags=re.S)
        assert spots == 5
    path = tmp_path / "custom.tmx"
    path.write_text(text, encoding="utf-8")
    if scenario is not None:
        path.with_suffix(".toml").write_text(scenario, encoding="utf-8")
    return path


def result_of(out: str) -> dict[str, object]:
    last = out.splitlines()[-1]
    assert last.startswith("RESULT ")
    return dict(json.loads(last.removeprefix("RESULT ")))


def test_headless_plays_a_plain_map_path_with_its_own_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = a_map(tmp_path, scenario=SCENARIO)
    assert main(["--headless", str(path), "--seed", "3", "--quiet"]) == 0
    result = result_of(capsys.readouterr().out)
    assert result["scenario"] == "custom" and int(str(result["turns"])) <= 2
    assert new_game(path, None, 3).state.turn_limit == 2  # the file's turns
    assert result["victory_conditions"] == ["Regulars: hot spots neutralized: 4 pts each"]


def test_headless_result_lists_a_shipped_scenarios_victory_conditions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--headless", "contracting-trouble", "--turns", "1", "--quiet"]) == 0
    conditions = result_of(capsys.readouterr().out)["victory_conditions"]
    assert conditions == [
        "Regulars: contractors escorted off: 5 pts each",
        "Regulars: no casualties or POWs left behind: 5 pts",
        "Insurgents: Marines wounded: 1 pt each",
        "Insurgents: killed: 2 pts each",
        "Insurgents: captives: 5 pts each",
    ]


def test_a_map_without_hot_spots_plays_with_five(tmp_path: Path) -> None:
    engine = new_game(a_map(tmp_path, hot_spots=False), None, 5)
    assert engine.state.scenario_id == "patrol"
    assert sorted(engine.state.hot_spots) == ["1", "2", "3", "4", "5"]
    placed = [e for e in engine.state.events if e["kind"] == "HotSpotsPlaced"]
    assert len(placed) == 1 and len(placed[0]["data"]["spots"]) == 5


def test_the_force_choice_is_kept_in_the_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = a_map(tmp_path, scenario=SCENARIO)
    save = tmp_path / "s.json"
    args = ["--headless", str(path), "--force", "rar-section-mst", "--quiet", "--save", str(save)]
    assert main([*args, "--stop-after-turn", "1"]) == 0
    assert json.loads(save.read_text(encoding="utf-8"))["force"] == {"formation": "rar-section-mst"}
    engine = load_save(save)
    regulars = [u.name for u in engine.state.units.values() if u.side == "regular"]
    assert regulars == ["One brick", "MST brick"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--force", "usmc-squad"], "the force 'usmc-squad' is not allowed here"),
        (["--quality", "d7"], "--quality d7: write d6, d8, d10 or d12"),
        (["--scenario", "sweep-and-clear"], "give the table once"),
    ],
)
def test_bad_force_choices_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    path = a_map(tmp_path, scenario=SCENARIO)
    assert main(["--headless", str(path), *args, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_a_save_names_its_edited_scenario_file_instead_of_failing_the_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = a_map(tmp_path, scenario=SCENARIO)
    save = tmp_path / "s.json"
    assert (
        main(["--headless", str(path), "--quiet", "--save", str(save), "--stop-after-turn", "1"])
        == 0
    )
    assert len(json.loads(save.read_text(encoding="utf-8"))["scenario_sha256"]) == 64
    assert load_save(save).state.scenario_id == "custom"
    path.with_suffix(".toml").write_text(SCENARIO.replace("points = 4", "points = 6"), "utf-8")
    with pytest.raises(SaveError, match=r"its scenario file .*custom\.toml has changed"):
        load_save(save)


def test_a_force_option_without_headless_is_refused_not_ignored(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["contracting-trouble", "--force", "british-section"]) == 2
    assert capsys.readouterr().err == (
        "error: --force is for --headless games; in the window, choose the force on the "
        "New game screen\n"
    )


def test_the_shipped_example_map_plays_its_own_scenario_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """maps/market-square.tmx ships with maps/market-square.toml (the guide's example of a map
    and its scenario made as an author would): its turns, hot spots and north exit are played."""
    example = ROOT / "maps" / "market-square.tmx"
    engine = new_game(example, None, 2)
    assert engine.state.turn_limit == 10 and len(engine.state.hot_spots) == 5
    assert main(["--headless", str(example), "--seed", "2", "--turns", "1", "--quiet"]) == 0
    conditions = result_of(capsys.readouterr().out)["victory_conditions"]
    assert conditions[:2] == [
        "Regulars: hot spots neutralized: 3 pts each",
        "Regulars: out by the north road: 5 pts",
    ]

"""The headless game's command line: narration, the RESULT line, and one-line errors (exit 2)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.headless import main
from game.save import load_save

MAP = str(Path(__file__).resolve().parent.parent / "maps" / "engine" / "crossroads.tmx")


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Autosaves go to a temporary folder, never the user's data folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv("AMBUSH_ALLEY_DATA_DIR", str(folder))
    return folder


def test_autosave_after_every_command_loads_to_the_final_state(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--scenario", MAP, "--seed", "6", "--turns", "2", "--quiet"]) == 0
    final = capsys.readouterr().out.splitlines()[-1]
    autosave = private_data_dir / "autosave.json"
    assert autosave.exists()
    assert main(["--load", str(autosave), "--quiet"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == final


def test_a_headless_game_keeps_the_windows_unfinished_game_and_takes_continue_away(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--scenario", MAP, "--turns", "3", "--quiet"]
    assert main([*args, "--seed", "6", "--stop-after-turn", "1"]) == 0
    autosave = private_data_dir / "autosave.json"
    window_game = json.loads(autosave.read_text(encoding="utf-8"))
    sidecar = private_data_dir / "autosave.session.json"  # as the window leaves a game mid-way
    sidecar.write_text(json.dumps({"mode": "solo", "seats": [], "finished": False}))
    capsys.readouterr()
    assert main([*args, "--seed", "7"]) == 0
    [kept] = (private_data_dir / "saves").glob("Unfinished * turn 2 (*).json")
    assert (
        capsys.readouterr().err
        == f'Your unfinished game was kept: Load game lists it as "{kept.stem}"\n'
    )
    assert json.loads(kept.read_text(encoding="utf-8"))["commands"] == window_game["commands"]
    assert json.loads(kept.with_name(f"{kept.stem}.session.json").read_text())["finished"] is False
    assert not sidecar.exists()  # Continue no longer pairs the window's seats with this game
    assert json.loads(autosave.read_text(encoding="utf-8"))["seed"] == 7


def test_headless_game_narrates_rolls_and_ends_with_a_result_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--scenario", MAP, "--seed", "4", "--turns", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    result = json.loads(lines[-1].removeprefix("RESULT "))
    assert lines[-1].startswith("RESULT ")
    for key in ("scenario", "seed", "turns", "vp_regular", "vp_insurgent", "margin", "winner"):
        assert key in result
    assert result["seed"] == 4 and result["turns"] <= 3 and len(result["events_sha256"]) == 64
    rolls = [line for line in lines if "Rulebook:" in line and "d" in line]
    assert rolls, "every roll names its rulebook section"
    assert any("Reaction Test" in line or "Making the Attack Roll" in line for line in lines)


def test_headless_save_and_load_continue_to_the_same_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    assert main(["--scenario", MAP, "--seed", "9", "--turns", "4", "--quiet"]) == 0
    whole = capsys.readouterr().out.splitlines()[-1]
    args = ["--scenario", MAP, "--seed", "9", "--turns", "4", "--quiet"]
    assert main([*args, "--stop-after-turn", "2", "--save", str(save)]) == 0
    assert "STOPPED after turn 2" in capsys.readouterr().out
    assert main(["--load", str(save), "--quiet"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == whole


def test_main_py_stopped_after_any_command_and_loaded_gives_the_same_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`main.py --headless ... --stop-after-command N --save s.json`, then `--load s.json`: the
    same RESULT as the game never stopped, for N across the whole game (from a tenth of its
    commands to the last but two, whatever the AIs' play makes its length). Four turns of
    Sweep & Clear: every command of a game is covered in-process by tests/ai/test_resume.py."""
    from game.app import main as main_py  # what main.py runs

    game = [
        "--headless",
        "--scenario",
        "sweep-and-clear",
        "--seed",
        "5",
        "--turns",
        "4",
        "--quiet",
        "--no-autosave",
    ]
    save = tmp_path / "s.json"
    assert main_py([*game, "--save", str(save)]) == 0
    whole = capsys.readouterr().out.splitlines()[-1]
    assert whole.startswith("RESULT ") and json.loads(whole[7:])["turns"] == 4
    count = len(json.loads(save.read_text())["commands"])
    assert count > 40
    # spread over the game; before the AIs recalled the turn, resumes past the middle moved
    for n in (count // 10, count // 2, 3 * count // 4, count - 3):
        assert main_py([*game, "--stop-after-command", str(n), "--save", str(save)]) == 0
        stopped = capsys.readouterr().out.splitlines()
        assert stopped[-2] == f"STOPPED after command {n}" and stopped[-1] != whole
        assert len(json.loads(save.read_text())["commands"]) == n
        assert main_py(["--load", str(save), "--quiet", "--no-autosave"]) == 0
        assert capsys.readouterr().out.splitlines()[-1] == whole, f"resumed after command {n}"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--scenario", MAP, "--stop-after-command", "0"], "--stop-after-command 0: must be 1"),
        (["--scenario", "no-such-scenario"], "not a scenario id"),
        (["--scenario", "missing.tmx"], "does not exist"),
        (["--scenario", MAP, "--seed", "-3"], "--seed"),
        (["--scenario", MAP, "--turns", "0"], "--turns"),
        (["--load", "nowhere.json"], "no such save file"),
        ([], "needs --scenario"),
        # found in play: these were accepted (-1) or silently ignored (--turns with --load)
        (["--scenario", MAP, "--stop-after-turn", "-1"], "--stop-after-turn -1: must be 1 or"),
        (["--load", "old.json", "--turns", "1"], "keeps its own turn limit"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err


def test_a_broken_map_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map><unclosed>")
    assert main(["--scenario", str(broken)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "broken.tmx" in err
    assert err.startswith("error: ") and "error: error:" not in err  # found in play: doubled


def test_both_ais_can_play_a_headless_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--scenario", MAP, "--seed", "2", "--turns", "2", "--quiet"]
    assert main([*argv, "--insurgents", "ai", "--regulars", "ai"]) == 0
    result = json.loads(capsys.readouterr().out.splitlines()[-1].removeprefix("RESULT "))
    assert result["turns"] <= 2 and result["scenario"] == "contracting-trouble"


def test_the_ais_play_both_sides_by_default_and_random_is_still_there(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--scenario", MAP, "--seed", "3", "--turns", "2", "--quiet", "--no-autosave"]

    def played(*extra: str) -> str:
        assert main([*argv, *extra]) == 0
        line = capsys.readouterr().out.splitlines()[-1]
        return str(json.loads(line.removeprefix("RESULT "))["events_sha256"])

    default = played()
    assert default == played("--insurgents", "ai", "--regulars", "ai")
    assert default != played("--insurgents", "random", "--regulars", "random")


def test_headless_game_prints_the_insurgent_ais_reasons_before_what_they_lead_to(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue #5: a player must be able to see why the Insurgents did what they did: each
    Action Check's table and row is printed, before the declaration it leads to."""
    assert main(["--scenario", "contracting-trouble", "--seed", "1", "--turns", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    reasons = [i for i, line in enumerate(lines) if line.startswith("Insurgent AI: ")]
    assert reasons
    # a check names its table and row; a note on how a row is carried out names its ruling
    # (e.g. the safest route of R274)
    assert all(
        " row " in lines[i] or "no row applies" in lines[i] or re.search(r"\(R\d+\)$", lines[i])
        for i in reasons
    )
    declared = next(i for i, line in enumerate(lines) if "declares an interruption" in line)
    unit = lines[declared].split(" declares")[0].removeprefix("T1 ")
    assert any(i < declared and "→ interrupt" in lines[i] for i in reasons), unit
    assert (
        main(["--scenario", "contracting-trouble", "--seed", "1", "--turns", "1", "--quiet"]) == 0
    )
    assert not any(
        line.startswith("Insurgent AI: ") for line in capsys.readouterr().out.splitlines()
    )


def test_a_headless_save_keeps_the_ais_reasons_where_they_were_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found in play: a game saved by `--headless --save` lost the AIs' reasons, so the window
    showed its log without the "AI:" lines. Each note stands before the events it explains."""
    save = tmp_path / "game.json"
    argv = ["--scenario", "contracting-trouble", "--seed", "1", "--turns", "1", "--no-autosave"]
    assert main([*argv, "--save", str(save)]) == 0
    printed = [
        line.removeprefix("Insurgent AI: ")
        for line in capsys.readouterr().out.splitlines()
        if line.startswith("Insurgent AI: ")
    ]
    notes = json.loads(save.read_text(encoding="utf-8"))["notes"]
    assert printed and [text for _at, text in notes if text in printed] == printed
    assert len(notes) > len(printed)  # the Regular AI's reasons are kept too
    ats = [at for at, _text in notes]
    assert ats == sorted(ats) and ats[0] >= 1  # after the set-up events, in the game's order
    loaded = load_save(save)
    assert loaded.notes == [(at, text) for at, text in notes]

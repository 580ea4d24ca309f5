"""tools/odds.py: the command-line odds calculator. One test runs it as a user runs it (a new
process); the others call its `main` in this process (the same arguments, exit status and
output; the suite's time, issue 15: a new process cost each of them some 0.08 s of CPU)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.dice import Die
from game.rules.odds import casualty_odds

ROOT = Path(__file__).resolve().parents[2]


def run_odds(*args: str) -> subprocess.CompletedProcess[str]:
    """tools/odds.py in a new process, as a user runs it."""
    return subprocess.run(
        [sys.executable, "tools/odds.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def call_odds(capsys: pytest.CaptureFixture[str], *args: str) -> subprocess.CompletedProcess[str]:
    """tools/odds.py's `main` with these arguments, in this process: its status and output."""
    from tools import odds

    capsys.readouterr()
    status = odds.main(list(args))
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["tools/odds.py", *args], status, out, err)


def test_json_output_matches_the_rules_odds() -> None:
    result = run_odds("--attack", "7d10", "--defense", "4d8", "--json")
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    expected = casualty_odds(7, Die.D10, 4, Die.D8)
    assert payload["attack"] == "7d10" and payload["defense"] == "4d8"
    assert len(payload["casualties"]) == 8
    assert payload["casualties"] == pytest.approx(list(expected.probabilities), abs=1e-15)
    assert payload["expected"] == pytest.approx(expected.expected, abs=1e-12)


def test_table_output_shows_every_count_and_the_expectation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = call_odds(capsys, "--attack", "3d6", "--defense", "0d6")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Attack 3d6 vs Defense 0d6"
    assert lines[2].split() == ["0", "12.50%", "100.00%"]
    assert lines[-1] == "expected casualties: 1.500"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--attack", "11d10", "--defense", "2d6"], "use 1 to 10 dice"),
        (["--attack", "3d7", "--defense", "2d6"], "d7 is not a die of the game"),
        (["--attack", "0d6", "--defense", "2d6"], "use 1 to 10 dice"),
        (["--attack", "3d6", "--defense", "11d6"], "use 0 to 10 dice"),
        (["--attack", "lots", "--defense", "2d6"], "write a pool as NdS"),
        (["--attack", "3d6"], "required: --defense"),
        (["--attack", "3d6", "--defense", "2d6", "--colour"], "unrecognized arguments"),
    ],
)
def test_bad_arguments_print_one_line_and_exit_2(
    args: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    result = call_odds(capsys, *args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and needle in lines[0], result.stderr
    assert lines[0].startswith("tools/odds.py: error:")

"""tools/roll_again.py: how long ROLL AGAIN chains run (R43, R124), run as a user runs it."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "tools/roll_again.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_measure_counts_every_check_and_the_exact_odds_are_seven_in_thirty_six() -> None:
    result = run_tool("--checks", "3000", "--seed", "5", "--json")
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    chains = {int(k): v for k, v in payload["chains_by_units"].items()}
    assert sum(chains.values()) == 3000
    assert payload["past_old_cap"] == sum(v for k, v in chains.items() if k > 4)
    assert payload["exact_past_old_cap_share"] == pytest.approx((7 / 36) ** 4)
    assert payload["exact_reaching_old_cap_share"] == pytest.approx((7 / 36) ** 3)
    # one unit per check in 29 of 36, two in 7 * 29 of 36^2, ...: the mean is 36/29
    assert payload["units_per_check"] == pytest.approx(36 / 29, abs=0.05)
    again = run_tool("--checks", "3000", "--seed", "5", "--json")
    assert json.loads(again.stdout) == payload  # seeded: the same dice, the same chains


def test_a_bad_count_is_one_line_and_status_2() -> None:
    result = run_tool("--checks", "0")
    assert result.returncode == 2
    assert result.stderr.strip() == "error: --checks: 0 is not between 1 and 100,000,000"

"""The odds section of tools/bench.py reports medians for the largest pools (no timing asserts)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_odds_section_reports_one_json_object_with_medians() -> None:
    result = subprocess.run(
        [sys.executable, "tools/bench.py", "--section", "odds", "--tiny", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    section = json.loads(result.stdout)["sections"]["odds"]
    assert set(section) == {"odds_10d12_vs_10d12_ms", "odds_7d12_vs_4d12_ms"}
    for timing in section.values():
        assert timing["n"] == 3
        assert 0 < timing["median"] <= timing["p95"]

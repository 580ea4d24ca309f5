"""tools/bench.py's `ai` section in its tiny mode: one JSON object of the agreed shape whose
samples are real (positive, ordered, from games with the units the targets name). No timing
limits are asserted: the machine's load must not fail the suite."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = (
    "activation_12_units",
    "activation_12_units_deciding",
    "activation_decision_12_units",
    "end_of_turn_phase_20_units",
    "end_of_turn_decision_20_units",
    "game_contracting_trouble",
)


def test_ai_bench_tiny_reports_medians_and_p95_of_real_samples() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "bench.py"), "--tiny", "--json", "--section", "ai"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)  # exactly one JSON object: anything else fails here
    assert report["tiny"] is True
    assert list(report["sections"]) == ["ai"]
    ai = report["sections"]["ai"]
    for name in SAMPLES:
        stats = ai[name]
        assert stats["n"] >= 1, name
        assert 0 < stats["median"] <= stats["p95"], name
        assert 0 < stats["cpu_median"] <= stats["cpu_p95"], name
    # the staged games hold the numbers of Insurgent units the targets name
    assert 8 <= ai["activation_insurgent_units_median"] <= 12
    assert ai["end_of_turn_insurgent_units_median"] >= 15
    # tiny mode: one Contracting Trouble game cut at two turns
    assert ai["game_turns"] == [2]
    assert ai["game_contracting_trouble"]["n"] == 1

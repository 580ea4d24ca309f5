"""tools/bench.py in its tiny mode: one JSON object of the agreed shape, and the optimised line
of sight gives exactly the naive baseline's answers (correctness, not timing)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TIMINGS = (
    "los_all_pairs_cold_ms",
    "los_all_pairs_one_moved_ms",
    "los_all_pairs_naive_ms",
    "line_of_fire_ms",
    "path_ms",
    "visible_area_ms",
    "unseen_path_ms",
)


def run_bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "tools" / "bench.py"), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_bench_tiny_json_shape_and_los_equals_the_naive_baseline() -> None:
    result = run_bench("--tiny", "--json", "--section", "geometry")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)  # exactly one JSON object: anything else fails here
    assert report["tiny"] is True
    maps = report["sections"]["geometry"]["maps"]
    assert maps
    for entry in maps:
        assert entry["units"] == 8
        assert entry["pairs"] == 8 * 7 // 2
        assert entry["los_equal_naive"] is True
        assert 0 < entry["los_pairs_with_los"] < entry["pairs"]
        for name in TIMINGS:
            timing = entry[name]
            assert set(timing) == {"median", "p95", "cpu_median", "cpu_p95", "n"}
            assert 0 < timing["median"] <= timing["p95"]
            assert 0 <= timing["cpu_median"] <= timing["cpu_p95"]
        assert entry["speedup_cold"] > 0
        assert entry["paths_found"] >= 1
        assert 0 < entry["line_of_fire_pairs"] <= entry["pairs"]
        assert 0 <= entry["line_of_fire_blocked"] <= entry["line_of_fire_pairs"]


def test_bench_names_a_missing_map_in_one_line() -> None:
    result = run_bench("--tiny", "--map", "no/such/map.tmx")
    assert result.returncode == 2
    assert result.stderr.strip() == "bench: --map no/such/map.tmx: no such file"

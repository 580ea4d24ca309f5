"""Paired comparisons of two controllers of one side, on the same seeds (issue 17 §1, §5).

`paired_comparison` plays every seed twice, once with controller A and once with controller B in
the compared side's seat, the other side's controller and the dice seed unchanged, and reports
per seed and in the mean the difference B − A of the compared side's Victory Points and of its
margin (its VP minus the opponent's), with an exact two-sided sign test over the seeds where B
and A differ (ties dropped). The games themselves are played by the caller's `run` (e.g.
`tools/simulate.py`'s `run_games`), so either side's comparison uses the one function:

    python tools/simulate.py --scenario contracting-trouble --compare-insurgents ai commander \
        --games 200 --jobs 2 [--json]
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Protocol

REGULAR, INSURGENT = "regular", "insurgent"


class _Result(Protocol):
    @property
    def seed(self) -> int: ...
    @property
    def error(self) -> str: ...
    @property
    def vp_regular(self) -> int: ...
    @property
    def vp_insurgent(self) -> int: ...


def sign_test(wins: int, losses: int) -> float:
    """Exact two-sided sign test: the chance, with a fair coin for each untied pair, of a split at
    least as uneven as `wins` against `losses` (binomial, p = 1/2). 1.0 with no untied pair."""
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def _side_vp(result: _Result, side: str) -> tuple[int, int]:
    """(the side's VP, its margin: its VP minus the opponent's)."""
    own, other = (
        (result.vp_insurgent, result.vp_regular)
        if side == INSURGENT
        else (result.vp_regular, result.vp_insurgent)
    )
    return own, own - other


def _stats(diffs: Sequence[int]) -> dict[str, Any]:
    wins = sum(1 for d in diffs if d > 0)
    losses = sum(1 for d in diffs if d < 0)
    mean = statistics.fmean(diffs) if diffs else 0.0
    spread = statistics.stdev(diffs) if len(diffs) > 1 else 0.0
    return {
        "mean_difference": round(mean, 3),
        "stderr": round(spread / math.sqrt(len(diffs)), 3) if diffs else 0.0,
        "b_better": wins,
        "a_better": losses,
        "ties": len(diffs) - wins - losses,
        "sign_test_p": sign_test(wins, losses),  # exact, unrounded (may be far below 1e-6)
    }


def compare_results(
    side: str, a: str, b: str, results_a: Sequence[_Result], results_b: Sequence[_Result]
) -> dict[str, Any]:
    """The paired summary of two runs over the same seeds (games that failed in either run are
    left out of the pairs and listed)."""
    by_seed_b = {r.seed: r for r in results_b}
    pairs: list[dict[str, Any]] = []
    failed: list[int] = []
    for ra in results_a:
        rb = by_seed_b.get(ra.seed)
        if rb is None or ra.error or rb.error:
            failed.append(ra.seed)
            continue
        vp_a, margin_a = _side_vp(ra, side)
        vp_b, margin_b = _side_vp(rb, side)
        pairs.append(
            {
                "seed": ra.seed,
                "vp_a": vp_a,
                "vp_b": vp_b,
                "margin_a": margin_a,
                "margin_b": margin_b,
            }
        )
    vp_a_all = [p["vp_a"] for p in pairs]
    vp_b_all = [p["vp_b"] for p in pairs]
    return {
        "side": side,
        "a": a,
        "b": b,
        "games": len(results_a),
        "pairs": len(pairs),
        "failed_seeds": failed,
        "mean_vp_a": round(statistics.fmean(vp_a_all), 3) if pairs else 0.0,
        "mean_vp_b": round(statistics.fmean(vp_b_all), 3) if pairs else 0.0,
        "mean_margin_a": round(statistics.fmean([p["margin_a"] for p in pairs]), 3)
        if pairs
        else 0.0,
        "mean_margin_b": round(statistics.fmean([p["margin_b"] for p in pairs]), 3)
        if pairs
        else 0.0,
        "vp": _stats([p["vp_b"] - p["vp_a"] for p in pairs]),
        "margin": _stats([p["margin_b"] - p["margin_a"] for p in pairs]),
        "per_seed": pairs,
    }


def paired_comparison(
    run: Callable[[Any, Sequence[int]], Sequence[_Result]],
    setup: Any,
    side: str,
    a: str,
    b: str,
    seeds: Sequence[int],
    field: str = "",
) -> dict[str, Any]:
    """Play `seeds` with controller `a` then `b` in `side`'s seat of `setup` (a dataclass with
    `regulars` and `insurgents` fields naming the controllers) and compare them pairwise, from
    `side`'s point of view. `run(setup, seeds)` plays the games and returns one result per
    seed. `field` names another field of `setup` to vary instead of the side's controller (e.g.
    `difficulty`: `--compare-difficulty`, issue 17 §3)."""
    if side not in (REGULAR, INSURGENT):
        raise ValueError(f"side {side!r}: choose {REGULAR} or {INSURGENT}")
    field = field or ("insurgents" if side == INSURGENT else "regulars")
    results_a = run(replace(setup, **{field: a}), seeds)
    results_b = run(replace(setup, **{field: b}), seeds)
    summary = compare_results(side, a, b, results_a, results_b)
    summary["compared"] = field
    return summary


def comparison_table(summary: dict[str, Any], scenario: str) -> str:
    """A comparison as a Markdown table (pastes into README.md)."""
    s = summary
    seeds = [p["seed"] for p in s["per_seed"]]
    span = f"seeds {min(seeds)}–{max(seeds)}" if seeds else "no seeds"
    rows = [
        ("Scenario", f"{scenario} ({s['pairs']} paired games, {span})"),
        (
            "Difficulties"
            if s.get("compared") == "difficulty"
            else f"{s['side'].title()} controllers",
            f"A = {s['a']}, B = {s['b']}",
        ),
        (f"Mean {s['side']} VP", f"A {s['mean_vp_a']:.2f}, B {s['mean_vp_b']:.2f}"),
        (f"Mean {s['side']} margin", f"A {s['mean_margin_a']:+.2f}, B {s['mean_margin_b']:+.2f}"),
    ]
    for key, label in (("vp", "VP"), ("margin", "margin")):
        d = s[key]
        rows.append(
            (
                f"B − A, {label}",
                f"mean {d['mean_difference']:+.2f} (± {d['stderr']:.2f}), B better in "
                f"{d['b_better']}, A in {d['a_better']}, ties {d['ties']}; sign test "
                f"p = {d['sign_test_p']:.2g}",
            )
        )
    if s["failed_seeds"]:
        rows.append(("Failed seeds", ", ".join(str(x) for x in s["failed_seeds"])))
    width = max(len(k) for k, _ in rows)
    lines = [f"| {'measure':<{width}} | value |", f"|{'-' * (width + 2)}|-------|"]
    lines += [f"| {k:<{width}} | {v} |" for k, v in rows]
    return "\n".join(lines)

"""tools/compare.py and `tools/simulate.py --compare-insurgents` (issue 17 §1, §5): the exact
sign test, the pairing by seed, and a short paired run through the simulator's command line."""

from __future__ import annotations

import io
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import compare  # noqa: E402
import simulate  # noqa: E402

TABLE = str(ROOT / "tests" / "maps" / "engine" / "crossroads.tmx")


@dataclass(frozen=True)
class _R:
    seed: int
    vp_regular: int
    vp_insurgent: int
    error: str = ""


def test_the_sign_test_is_the_exact_two_sided_binomial() -> None:
    assert compare.sign_test(0, 0) == 1.0
    assert compare.sign_test(5, 0) == pytest.approx(2 / 32)
    assert compare.sign_test(0, 5) == pytest.approx(2 / 32)
    assert compare.sign_test(9, 1) == pytest.approx(2 * 11 / 1024)
    assert compare.sign_test(3, 3) == 1.0  # an even split is never evidence


def test_pairs_are_matched_by_seed_and_failed_games_left_out() -> None:
    a = [_R(1, 10, 0), _R(2, 10, 2), _R(3, 5, 5), _R(4, 0, 0, error="boom")]
    b = [_R(3, 5, 9), _R(1, 10, 3), _R(2, 12, 2), _R(4, 0, 1)]
    s = compare.compare_results("insurgent", "ai", "commander", a, b)
    assert s["pairs"] == 3 and s["failed_seeds"] == [4]
    # insurgent VP differences per seed: +3, 0, +4
    assert s["vp"]["mean_difference"] == pytest.approx(7 / 3, abs=1e-3)
    assert (s["vp"]["b_better"], s["vp"]["a_better"], s["vp"]["ties"]) == (2, 0, 1)
    # insurgent margins (own VP − Regular VP): seed 2 goes from −8 to −10
    assert [p["margin_b"] - p["margin_a"] for p in s["per_seed"]] == [3, -2, 4]
    assert s["margin"]["sign_test_p"] == pytest.approx(1.0)  # 2 against 1
    # seen from the Regular side the same games are the other way round
    r = compare.compare_results("regular", "x", "y", a, b)
    assert r["mean_vp_a"] == pytest.approx(25 / 3, abs=1e-3)
    assert [p["margin_b"] - p["margin_a"] for p in r["per_seed"]] == [-3, 2, -4]


def test_a_controller_compared_with_itself_differs_in_nothing() -> None:
    setup = simulate.Setup("contracting-trouble", TABLE, "ai", "ai", 2)

    def run(one: simulate.Setup, seeds: list[int]) -> list[simulate.GameResult]:
        return simulate.run_games(one, seeds, jobs=1)

    s = compare.paired_comparison(run, setup, "insurgent", "ai", "ai", [1, 2])
    assert s["pairs"] == 2 and s["vp"]["ties"] == 2 and s["margin"]["mean_difference"] == 0


def test_the_command_line_compares_insurgent_controllers_in_json() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["--scenario", "contracting-trouble", "--map", TABLE, "--turns", "2", "--games", "2"]
    code = simulate.main(
        [*argv, "--compare-insurgents", "random", "ai", "--json", "--no-progress"], out, err
    )
    assert code == 0, err.getvalue()
    s = json.loads(out.getvalue())
    assert (s["side"], s["a"], s["b"], s["pairs"]) == ("insurgent", "random", "ai", 2)
    assert [p["seed"] for p in s["per_seed"]] == [1, 2]
    assert s["vp"]["mean_difference"] == pytest.approx(
        sum(p["vp_b"] - p["vp_a"] for p in s["per_seed"]) / 2
    )


def test_an_unknown_controller_is_one_line() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = simulate.main(
        ["--scenario", "contracting-trouble", "--compare-insurgents", "ai", "genius"], out, err
    )
    assert code == 2
    assert err.getvalue().count("\n") == 1 and "--compare-insurgents 'genius'" in err.getvalue()


# --- paired Regular comparison (issue 17 §4) ---
def test_the_command_line_compares_regular_controllers_against_the_same_insurgents() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["--scenario", "contracting-trouble", "--map", TABLE, "--turns", "2", "--games", "2"]
    code = simulate.main(
        [*argv, "--compare-regulars", "random", "basic", "--json", "--no-progress"], out, err
    )
    assert code == 0, err.getvalue()
    s = json.loads(out.getvalue())
    assert (s["side"], s["a"], s["b"], s["pairs"]) == ("regular", "random", "basic", 2)
    assert s["insurgents"].startswith("Insurgent AI") and "basic" in s["controllers"]["b"]
    assert s["margin"]["mean_difference"] == pytest.approx(
        sum(p["margin_b"] - p["margin_a"] for p in s["per_seed"]) / 2
    )


def test_an_unknown_regular_controller_or_both_comparisons_is_one_line() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = simulate.main(
        ["--scenario", "contracting-trouble", "--compare-regulars", "ai", "genius"], out, err
    )
    assert code == 2 and "--compare-regulars 'genius'" in err.getvalue()
    err = io.StringIO()
    both = ["--compare-regulars", "ai", "basic", "--compare-insurgents", "ai", "commander"]
    code = simulate.main(["--scenario", "contracting-trouble", *both], out, err)
    assert code == 2 and err.getvalue().count("\n") == 1 and "one side at a time" in err.getvalue()


# --- difficulty that matters (issue 17 §3, round 4) ---
def test_the_command_line_compares_difficulties_each_level_played_once() -> None:
    """`--compare-difficulty book hard brutal`: each level's games once, compared from the
    Regulars' side step by step and end to end; Brutal brings the Commander (R332)."""
    out, err = io.StringIO(), io.StringIO()
    argv = ["--scenario", "contracting-trouble", "--map", TABLE, "--turns", "2", "--games", "2"]
    code = simulate.main(
        [*argv, "--compare-difficulty", "book", "hard", "Brutal", "--json", "--no-progress"],
        out,
        err,
    )
    assert code == 0, err.getvalue()
    s = json.loads(out.getvalue())
    steps = [(c["a"], c["b"], c["side"], c["compared"]) for c in s["comparisons"]]
    assert steps == [
        ("book", "hard", "regular", "difficulty"),
        ("hard", "brutal", "regular", "difficulty"),
        ("book", "brutal", "regular", "difficulty"),
    ]
    book_hard, hard_brutal, book_brutal = s["comparisons"]
    assert hard_brutal["per_seed"][0]["vp_a"] == book_hard["per_seed"][0]["vp_b"]  # one Hard run
    assert book_brutal["per_seed"][1]["vp_b"] == hard_brutal["per_seed"][1]["vp_b"]
    assert "Commander" in hard_brutal["controllers"]["b"]
    assert "solo" in hard_brutal["controllers"]["a"]
    assert s["summaries"]["brutal"]["insurgents"].startswith("Commander")
    assert s["summaries"]["hard"]["difficulty"] == "hard"
    assert book_hard["vp"]["mean_difference"] == pytest.approx(
        sum(p["vp_b"] - p["vp_a"] for p in book_hard["per_seed"]) / 2
    )


def test_two_difficulties_print_the_comparison_table() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["--scenario", "contracting-trouble", "--map", TABLE, "--turns", "1", "--games", "1"]
    code = simulate.main([*argv, "--compare-difficulty", "book", "hard", "--no-progress"], out, err)
    assert code == 0, err.getvalue()
    assert "| Difficulties " in out.getvalue() and "A = book, B = hard" in out.getvalue()


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--compare-difficulty", "book"], "two or three difficulties"),
        (["--compare-difficulty", "book", "easy"], "--compare-difficulty 'easy'"),
        (
            ["--compare-difficulty", "book", "hard", "--compare-insurgents", "ai", "commander"],
            "not both",
        ),
    ],
)
def test_a_bad_difficulty_comparison_is_one_line(extra: list[str], says: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = simulate.main(["--scenario", "contracting-trouble", *extra], out, err)
    assert code == 2 and err.getvalue().count("\n") == 1 and says in err.getvalue()

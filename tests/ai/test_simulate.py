"""tools/simulate.py: short seeded AI-vs-AI batches, parallel runs equal serial ones, the JSON and
table outputs, the histogram and the one-line errors. The 200-game balance runs live in the tool
(README: Balance and speed); here the games are cut to two turns to keep the suite fast."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from game.rules.victory import margin_of_victory
from game.save import new_game

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import simulate  # noqa: E402

TABLE = str(ROOT / "tests" / "maps" / "engine" / "crossroads.tmx")
WINNERS = {"regular", "insurgent", "none"}
MARGIN_NAMES = {"Indecisive", "Marginal", "Decisive", "Total"}


def setup(scenario: str, turns: int = 2, insurgents: str = "ai") -> simulate.Setup:
    return simulate.Setup(scenario, TABLE, "ai", insurgents, turns)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = simulate.main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("scenario", ["contracting-trouble", "sweep-and-clear"])
def test_a_short_seeded_batch_finishes_with_sane_results(scenario: str) -> None:
    results = simulate.run_games(setup(scenario), list(range(1, 7)), jobs=1)
    assert [r.seed for r in results] == list(range(1, 7))
    for r in results:
        assert r.error == "", r
        assert r.winner in WINNERS and r.margin in MARGIN_NAMES
        assert 1 <= r.turns <= 2 and r.commands > 0
        assert len(r.events_sha256) == 64
        assert min(r.regular_kia, r.regular_wia, r.regular_pows, r.insurgent_units_broken) >= 0
        diff = r.vp_regular - r.vp_insurgent
        assert margin_of_victory(diff).value == r.margin
        assert r.winner == ("regular" if diff >= 5 else "insurgent" if diff <= -5 else "none")
        # the Insurgents score at least 1 per Marine wounded and 2 per Marine killed (both)
        assert r.vp_insurgent >= r.regular_wia + 2 * r.regular_kia
        if scenario == "contracting-trouble":
            assert r.vp_regular in (0, 5, 10, 15) and r.hot_spots_neutralized == 0
            assert r.vp_regular >= 5 * r.contractors_escorted
        else:
            remaining = 5 - r.hot_spots_neutralized  # five hot spots on the table
            assert r.vp_regular in (5 * r.hot_spots_neutralized, 5 * r.hot_spots_neutralized + 5)
            assert r.vp_insurgent >= 5 * remaining
    assert len({r.events_sha256 for r in results}) == len(results)  # six different games


def test_two_jobs_give_exactly_the_results_of_one() -> None:
    seeds = [11, 12, 13]
    serial = simulate.run_games(setup("contracting-trouble"), seeds, jobs=1)
    parallel = simulate.run_games(setup("contracting-trouble"), seeds, jobs=2)
    assert [r.comparable() for r in parallel] == [r.comparable() for r in serial]


def test_json_prints_exactly_one_object_with_the_summary() -> None:
    code, out, err = run(
        "--scenario", "sweep-and-clear", "--map", TABLE, "--games", "2", "--turns", "1",
        "--seed", "4", "--json", "--no-progress",
    )  # fmt: skip
    assert code == 0, err
    assert out.count("\n") == 1
    summary = json.loads(out)
    assert summary["games"] == 2 and summary["seeds"] == [4, 5]
    assert [r["seed"] for r in summary["results"]] == [4, 5]
    for key in (
        "regular_win_rate", "margins", "vp_margin", "mean_vp_regular", "mean_vp_insurgent",
        "mean_regular_kia", "mean_regular_wia", "mean_insurgent_units_broken", "mean_turns",
        "games_per_second", "regulars", "insurgents",
    ):  # fmt: skip
        assert key in summary, key
    assert summary["mean_turns"] == 1.0
    assert sum(summary["margins"].values()) == 2
    assert summary["insurgents"].startswith("Insurgent AI")


def test_table_on_stdout_progress_bar_on_stderr() -> None:
    code, out, err = run(
        "--scenario", "contracting-trouble", "--map", TABLE, "--games", "2", "--turns", "1",
        "--regulars", "random", "--insurgents", "random",
    )  # fmt: skip
    assert code == 0
    assert "| Regular win rate" in out and "| Games per second" in out
    assert "random controller / random controller" in out
    assert "2/2 games" in err and "[" + "#" * 30 + "]" in err


def test_plot_draws_a_png_histogram(tmp_path: Path) -> None:
    target = tmp_path / "margins.png"
    code, out, err = run(
        "--scenario", "contracting-trouble", "--map", TABLE, "--games", "2", "--turns", "1",
        "--plot", str(target), "--no-progress",
    )  # fmt: skip
    assert code == 0, err
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"written to {target}" in out


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        (["--scenario", "nowhere"], "--scenario nowhere"),
        (["--scenario", "contracting-trouble", "--games", "0"], "--games 0"),
        (["--scenario", "contracting-trouble", "--regulars", "clever"], "--regulars 'clever'"),
        (["--scenario", "contracting-trouble", "--jobs", "0"], "--jobs 0"),
        (["--scenario", "contracting-trouble", "--plot", "m.jpg"], "--plot m.jpg"),
        (["--scenario", "contracting-trouble", "--map", "no/such.tmx"], "no/such.tmx"),
        (["--games", "5"], "--scenario"),
        (["--scenario", "contracting-trouble", "--games", "lots"], "lots"),
    ],
)
def test_bad_arguments_print_one_line_and_exit_2(argv: list[str], names: str) -> None:
    code, out, err = run(*argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("tools/simulate.py: error: ")
    assert names in err


def test_the_command_line_exits_2_on_a_bad_argument() -> None:
    result = subprocess.run(
        [sys.executable, "tools/simulate.py", "--scenario", "contracting-trouble", "--seed", "-1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == "tools/simulate.py: error: --seed -1: use 0 or more"


def test_the_fast_state_copy_equals_dataclasses_asdict() -> None:
    # GameState.to_dict copies the dataclasses' own dicts for speed; it must stay what asdict gives.
    engine = new_game(Path(TABLE), "sweep-and-clear", 3)
    state = engine.state
    data = state.to_dict()
    assert data["units"] == {k: asdict(u) for k, u in state.units.items()}
    assert data["hot_spots"] == {k: asdict(h) for k, h in state.hot_spots.items()}
    assert data["contractors"] == [asdict(c) for c in state.contractors]
    assert json.loads(state.to_json()) == json.loads(json.dumps(asdict(state)))


def result(seed: int, vp_regular: int, vp_insurgent: int, **extra: int) -> simulate.GameResult:
    diff = vp_regular - vp_insurgent
    winner = "regular" if diff >= 5 else "insurgent" if diff <= -5 else "none"
    margin = margin_of_victory(diff).value
    return simulate.GameResult(
        seed=seed, winner=winner, margin=margin, vp_regular=vp_regular,
        vp_insurgent=vp_insurgent, turns=extra.get("turns", 10),
        regular_kia=extra.get("kia", 0), regular_wia=extra.get("wia", 0), regular_pows=0,
        insurgent_units_broken=extra.get("broken", 0), insurgent_units_destroyed=0,
        contractors_escorted=0, hot_spots_neutralized=0, commands=10,
        events_sha256="0" * 64, seconds=1.0,
    )  # fmt: skip


def test_summary_counts_wins_margins_and_means() -> None:
    results = [
        result(1, 15, 0, kia=0, wia=1, broken=2),  # Regular Total (+15)
        result(2, 10, 4, kia=1, wia=0, broken=0),  # Regular Marginal (+6)
        result(3, 0, 3, kia=1, wia=1, broken=1, turns=6),  # Indecisive (-3)
        result(4, 0, 12, kia=3, wia=2, broken=1),  # Insurgent Decisive (-12)
    ]
    names = {"regular": "Regular AI", "insurgent": "random controller"}
    summary = simulate.summarise(results, names, setup("contracting-trouble"), 2.0, jobs=1)
    assert summary["regular_win_rate"] == 0.5 and summary["insurgent_win_rate"] == 0.25
    assert summary["margins"]["regular Total"] == 1
    assert summary["margins"]["regular Marginal"] == 1
    assert summary["margins"]["Indecisive"] == 1
    assert summary["margins"]["insurgent Decisive"] == 1
    assert summary["vp_margin"]["histogram"] == {"-12": 1, "-3": 1, "6": 1, "15": 1}
    assert summary["vp_margin"]["mean"] == 1.5 and summary["vp_margin"]["median"] == 1.5
    assert summary["mean_regular_kia"] == 1.25 and summary["mean_regular_wia"] == 1.0
    assert summary["mean_insurgent_units_broken"] == 1.0 and summary["mean_turns"] == 9.0
    assert summary["games_per_second"] == 2.0
    assert "| Regular win rate                | 50.0%" in simulate.table(summary)


def test_insurgent_rows_are_counted_per_table_half_and_row_from_the_ai_log() -> None:
    log = [
        "T2 Insurgent group 3 activates: Insurgents w/Leader [Regulars move or fire in LOS] "
        '(Insurgent group 3): Firepower 4, 9.0" from the activated unit (within double '
        'Optimum Range 6"), in cover, enemy in sight; row 4: within double Optimum Range, '
        "d6=2 → interrupt by moving into Optimum Range (R34)",
        "T2 end of turn: Insurgents w/Leader [end of turn] (Insurgent group 3): Firepower 4, "
        "in cover, no enemy in sight, no combat, no objective; no row applies → no action (R70)",
        "T2 end of turn: Insurgents w/Leader [end of turn] (Insurgent group 4): Firepower 7, "
        "in cover, no enemy in sight, no combat, an objective known; row 3: no enemy in sight, "
        'no combat within 10" → Cautious advance on the nearest objective',
        "T2 Insurgent group 3 interrupt by moving into cover: moves rapid toward (1.0, 2.0)",
    ]
    rows = simulate.insurgent_rows(log)
    assert rows == {
        "Insurgents w/Leader [Regulars move or fire in LOS] / row 4": 1,
        "Insurgents w/Leader [end of turn] / no row": 1,
        "Insurgents w/Leader [end of turn] / row 3": 1,
    }
    played = [simulate.GameResult(1, "none", "Indecisive", 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, "")]
    played = [simulate.GameResult(**{**asdict(played[0]), "insurgent_rows": rows})]
    assert simulate._no_row_share(played) == 0.5


def test_fire_events_and_regular_actions_count_what_the_game_log_holds() -> None:
    (r,) = simulate.run_games(setup("sweep-and-clear", turns=2), [3], jobs=1)
    assert set(r.fire_events) == {"regular", "insurgent"}
    assert set(r.regular_actions) == {
        "move_cautious",
        "move_rapid",
        "fire",
        "close_assault",
        "overwatch",
        "overwatch_shots",
        "first_aid",
        "hot_spot",
    }
    # every Regular fire command gives at least one Fire event by a Regular unit
    assert r.fire_events["regular"] >= r.regular_actions["fire"]
    assert r.regular_actions["move_cautious"] + r.regular_actions["move_rapid"] > 0
    assert r.regular_actions["overwatch_shots"] <= r.fire_events["regular"]
    assert sum(r.insurgent_rows.values()) > 0


# --- difficulty in the balance tables (issue 17 §5, R132-R134) ---
def test_the_difficulty_is_played_reported_in_json_and_shown_in_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played: list[str] = []

    def recording(*args: Any, **kwargs: Any) -> Any:
        engine = new_game(*args, **kwargs)
        played.append(engine.state.difficulty)
        return engine

    monkeypatch.setattr(simulate, "new_game", recording)
    argv = ["--scenario", "contracting-trouble", "--map", TABLE, "--games", "1", "--turns", "1"]
    code, out, err = run(*argv, "--difficulty", "Brutal", "--json", "--no-progress")
    assert code == 0, err
    assert json.loads(out)["difficulty"] == "brutal" and played[-1] == "brutal"
    code, out, err = run(*argv, "--json", "--no-progress")
    assert json.loads(out)["difficulty"] == "book" and played[-1] == "book"
    code, out, err = run(*argv, "--difficulty", "hard", "--no-progress")
    assert code == 0 and "| Difficulty " in out and "| Hard |" in out and played[-1] == "hard"
    code, out, err = run(*argv, "--difficulty", "easy")
    assert code == 2 and err.count("\n") == 1 and "--difficulty 'easy'" in err

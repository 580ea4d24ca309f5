"""Balance runner: seeded AI-vs-AI games of a scenario, summarised.

    python tools/simulate.py --scenario contracting-trouble --games 200 --seed 1
    python tools/simulate.py --scenario sweep-and-clear --games 200 --seed 1 --jobs 2
    python tools/simulate.py --scenario contracting-trouble --games 20 --json
    python tools/simulate.py --scenario contracting-trouble --games 200 --plot margins.png

Game k of a run is played with seed `--seed + k` (dice, hot spots and the random controllers all
follow from it), so a run is reproducible and `--jobs N` (games spread over N processes) gives
exactly the results of `--jobs 1`. `--regulars` / `--insurgents` name each side's controller
(`game/opponents.py`: `ai`, `random`, and for the Insurgents `commander`).
`--compare-insurgents A B` plays every seed with Insurgent controller A and again with B against
the same Regulars and reports the paired VP difference with a sign test (`tools/compare.py`).
`--compare-difficulty book hard brutal` plays every seed at each difficulty once (each level's own
Insurgent controller unless `--insurgents` names one: the Commander on Brutal, R332) and reports
each step's paired Regular VP and margin difference with the same sign test (R333).
`--map` plays
the scenario on another map (e.g. a test table). A progress bar goes to stderr; the table (or,
with `--json`, exactly one JSON object) to stdout. Bad arguments print one line and exit 2; if a
game breaks, the run still finishes, names the seeds and exits 1.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from itertools import pairwise
from pathlib import Path
from typing import Any, NoReturn, TextIO

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(ROOT / "tools") not in sys.path:  # the sibling tools/compare.py, however this is imported
    sys.path.insert(0, str(ROOT / "tools"))

from compare import comparison_table, paired_comparison  # noqa: E402

from game import opponents  # noqa: E402
from game.battlefield.errors import MapError  # noqa: E402
from game.engine.commands import (  # noqa: E402
    CloseAssault,
    Fire,
    FirstAid,
    MoveUnit,
    NeutralizeHotSpot,
    Overwatch,
)
from game.engine.controllers import Controller  # noqa: E402
from game.engine.difficulty import (  # noqa: E402
    BOOK,
    DIFFICULTIES,
    LABELS,
    default_insurgents,
    parse_difficulty,
)
from game.engine.driver import Driver  # noqa: E402
from game.engine.engine import Engine  # noqa: E402
from game.engine.protocol import EventKind, MoveRate  # noqa: E402
from game.engine.state import INSURGENT, REGULAR  # noqa: E402
from game.save import new_game, resolve_map  # noqa: E402
from game.scenarios.catalog import scenario_ids  # noqa: E402

MARGINS = ("Total", "Decisive", "Marginal")


class UsageError(Exception):
    """A bad command line, reported as one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


@dataclass(frozen=True)
class Setup:
    """Everything a worker process needs to play one game (plain data: it crosses processes)."""

    scenario: str
    map_path: str
    regulars: str
    insurgents: str  # "": the difficulty's own (the Commander on Brutal, R332)
    turns: int | None
    difficulty: str = "book"  # Book, Hard or Brutal (R132-R134; issue 17 §5)


@dataclass(frozen=True)
class GameResult:
    """One finished game. `seconds` is the only field that may differ between two runs."""

    seed: int
    winner: str
    margin: str
    vp_regular: int
    vp_insurgent: int
    turns: int
    regular_kia: int
    regular_wia: int
    regular_pows: int
    insurgent_units_broken: int
    insurgent_units_destroyed: int
    contractors_escorted: int
    hot_spots_neutralized: int
    commands: int
    events_sha256: str
    error: str = ""
    insurgent_rows: dict[str, int] = field(default_factory=dict)
    fire_events: dict[str, int] = field(default_factory=dict)
    regular_actions: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def vp_margin(self) -> int:
        return self.vp_regular - self.vp_insurgent

    def comparable(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("seconds")
        return data


# -- controllers ------------------------------------------------------------------------------
def controller_names(regulars: str, insurgents: str) -> dict[str, str]:
    return {
        REGULAR: opponents.describe(REGULAR, regulars),
        INSURGENT: opponents.describe(INSURGENT, insurgents),
    }


def insurgents_of(setup: Setup) -> str:
    """The Insurgent controller played: the one named, else the difficulty's (R332)."""
    return setup.insurgents or default_insurgents(setup.difficulty)


def make_controllers(engine: Engine, setup: Setup, seed: int) -> dict[str, Controller]:
    """The two sides' controllers by name (`game/opponents.py`), seeded as the golden games."""
    return opponents.make_controllers(
        engine.battlefield, seed, regulars=setup.regulars, insurgents=insurgents_of(setup)
    )


# -- one game -----------------------------------------------------------------------------------
def play_game(setup: Setup, seed: int) -> GameResult:
    """Play one seeded game to the end and summarise it (the match driver, strict: a
    controller that fails or answers an illegal command breaks the game, named by its seed)."""
    started = time.perf_counter()
    error = ""
    engine = new_game(
        Path(setup.map_path),
        setup.scenario or None,
        seed,
        turn_limit=setup.turns,
        difficulty=setup.difficulty,
    )
    controllers = make_controllers(engine, setup, seed)
    driver = Driver(engine, controllers, policy="strict", lazy_samples=True)  # issue 23 §5
    try:
        driver.run()
    except Exception as exc:  # a broken game is reported by seed; the run goes on
        error = f"{type(exc).__name__}: {exc}"
    tally = engine.state.tally
    result = engine.state.result or {}
    return GameResult(
        seed=seed,
        winner=str(result.get("winner", "unfinished")),
        margin=str(result.get("margin", "unfinished")),
        vp_regular=int(result.get("vp_regular", 0)),
        vp_insurgent=int(result.get("vp_insurgent", 0)),
        turns=int(result.get("turns", engine.state.turn)),
        regular_kia=tally.get("regular_kia", 0),
        regular_wia=tally.get("regular_wia", 0),
        regular_pows=tally.get("regular_pows", 0),
        insurgent_units_broken=tally.get("insurgent_units_broken", 0),
        insurgent_units_destroyed=tally.get("insurgent_units_destroyed", 0),
        contractors_escorted=sum(1 for c in engine.state.contractors if c.status == "escorted"),
        hot_spots_neutralized=tally.get("hot_spots_neutralized", 0),
        commands=len(engine.log),
        events_sha256=engine.events_sha256(),
        error=error,
        insurgent_rows=insurgent_rows(getattr(controllers[INSURGENT], "log", [])),
        fire_events=fire_events(engine),
        regular_actions=regular_actions(engine),
        seconds=round(time.perf_counter() - started, 4),
    )


ROW_LINE = re.compile(r"\] \((?:[^()]|\([^()]*\))*\): .*?; (row \d+|no row applies)")
"""An Action Check line of the Insurgent AI's log: its table and half, the row or "no row"."""


def insurgent_rows(log: Sequence[str]) -> dict[str, int]:
    """Action Checks counted per "table [half] / row N" and "table [half] / no row"."""
    counts: Counter[str] = Counter()
    for line in log:
        match = ROW_LINE.search(line)
        if match is None:
            continue
        start = line.find(": ") + 2 if line.startswith("T") else 0
        table = line[start : match.start() + 1]
        row = match.group(1)
        counts[f"{table} / {'no row' if row == 'no row applies' else row}"] += 1
    return dict(sorted(counts.items()))


def fire_events(engine: Engine) -> dict[str, int]:
    """Fire events by the firer's side (every Fire event: fire, interruptions, reactions)."""
    counts = {REGULAR: 0, INSURGENT: 0}
    for event in engine.state.events:
        if event.get("kind") == EventKind.FIRE:
            firer = engine.state.units.get(str(event["data"].get("firer", "")))
            if firer is not None and firer.side in counts:
                counts[firer.side] += 1
    return counts


def regular_actions(engine: Engine) -> dict[str, int]:
    """What the Regulars did: moves by rate, fire, Close Assault, Overwatch declared and the
    shots it gave (Overwatch fire events), First Aid, hot spots begun."""
    counts = dict.fromkeys(
        (
            "move_cautious",
            "move_rapid",
            "fire",
            "close_assault",
            "overwatch",
            "overwatch_shots",
            "first_aid",
            "hot_spot",
        ),
        0,
    )
    names = {
        Fire: "fire",
        CloseAssault: "close_assault",
        Overwatch: "overwatch",
        FirstAid: "first_aid",
        NeutralizeHotSpot: "hot_spot",
    }
    for command in engine.log:
        if getattr(command, "side", "") != REGULAR:
            continue
        if isinstance(command, MoveUnit) and command.rate in (MoveRate.CAUTIOUS, MoveRate.RAPID):
            counts[f"move_{command.rate}"] += 1
        name = names.get(type(command))
        if name is not None:
            counts[name] += 1
    watching: set[str] = set()  # Regular units on Overwatch (declared, not yet ended)
    for event in engine.state.events:
        kind, data = event.get("kind"), event.get("data", {})
        if kind == EventKind.OVERWATCH:
            watching.add(str(data.get("unit", "")))
        elif kind == EventKind.OVERWATCH_ENDS:
            watching.discard(str(data.get("unit", "")))
        elif kind == EventKind.FIRE and data.get("manner") == "react":
            counts["overwatch_shots"] += str(data.get("firer", "")) in watching
    return counts


def _play_chunk(setup: Setup, seeds: Sequence[int]) -> list[GameResult]:
    return [play_game(setup, s) for s in seeds]


def run_games(
    setup: Setup,
    seeds: Sequence[int],
    jobs: int,
    progress: Callable[[int, int], None] | None = None,
) -> list[GameResult]:
    """Play every seed (over `jobs` processes); results come back in seed order."""
    results: list[GameResult] = []
    total = len(seeds)
    if jobs <= 1 or total <= 1:
        for seed in seeds:
            results.append(play_game(setup, seed))
            if progress:
                progress(len(results), total)
        return results
    chunks = [list(seeds[i : i + 2]) for i in range(0, total, 2)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_play_chunk, setup, chunk) for chunk in chunks]
        for future in futures:
            results.extend(future.result())
            if progress:
                progress(len(results), total)
    return sorted(results, key=lambda r: r.seed)


# -- the summary --------------------------------------------------------------------------------
def _mean(values: Sequence[float]) -> float:
    return round(statistics.fmean(values), 3) if values else 0.0


def _summed(counts: Sequence[dict[str, int]]) -> dict[str, int]:
    total: Counter[str] = Counter()
    for c in counts:
        total.update(c)
    return dict(sorted(total.items()))


def _no_row_share(played: Sequence[GameResult]) -> float:
    """Of the with-Leader end-of-turn Action Checks, the share where no row applied (R70)."""
    prefix = "Insurgents w/Leader [end of turn] / "
    rows = _summed([r.insurgent_rows for r in played])
    checks = sum(v for k, v in rows.items() if k.startswith(prefix))
    return round(rows.get(prefix + "no row", 0) / checks, 4) if checks else 0.0


def summarise(
    results: Sequence[GameResult], names: dict[str, str], setup: Setup, seconds: float, jobs: int
) -> dict[str, Any]:
    played = [r for r in results if not r.error]
    n = len(played)
    winners = Counter(r.winner for r in played)
    margins: Counter[str] = Counter()
    for r in played:
        margins[r.margin if r.winner == "none" else f"{r.winner} {r.margin}"] += 1
    vp_margins = [r.vp_margin for r in played]
    return {
        "scenario": setup.scenario,
        "map": setup.map_path,
        "games": len(results),
        "finished": n,
        "failed": [{"seed": r.seed, "error": r.error} for r in results if r.error],
        "seeds": [results[0].seed, results[-1].seed] if results else [],
        "regulars": names[REGULAR],
        "insurgents": names[INSURGENT],
        "difficulty": setup.difficulty,
        "regular_win_rate": round(winners.get(REGULAR, 0) / n, 4) if n else 0.0,
        "insurgent_win_rate": round(winners.get(INSURGENT, 0) / n, 4) if n else 0.0,
        "no_winner_rate": round(winners.get("none", 0) / n, 4) if n else 0.0,
        "margins": {
            key: margins.get(key, 0)
            for key in [f"{REGULAR} {m}" for m in MARGINS]
            + ["Indecisive"]
            + [f"{INSURGENT} {m}" for m in reversed(MARGINS)]
        },
        "vp_margin": {
            "mean": _mean(vp_margins),
            "median": statistics.median(vp_margins) if vp_margins else 0,
            "min": min(vp_margins, default=0),
            "max": max(vp_margins, default=0),
            "histogram": {str(k): v for k, v in sorted(Counter(vp_margins).items())},
        },
        "mean_vp_regular": _mean([r.vp_regular for r in played]),
        "mean_vp_insurgent": _mean([r.vp_insurgent for r in played]),
        "mean_regular_kia": _mean([r.regular_kia for r in played]),
        "mean_regular_wia": _mean([r.regular_wia for r in played]),
        "mean_regular_pows": _mean([r.regular_pows for r in played]),
        "mean_insurgent_units_broken": _mean([r.insurgent_units_broken for r in played]),
        "mean_insurgent_units_destroyed": _mean([r.insurgent_units_destroyed for r in played]),
        "mean_contractors_escorted": _mean([r.contractors_escorted for r in played]),
        "mean_hot_spots_neutralized": _mean([r.hot_spots_neutralized for r in played]),
        "mean_turns": _mean([r.turns for r in played]),
        "controllers": {REGULAR: names[REGULAR], INSURGENT: names[INSURGENT]},
        "insurgent_rows": _summed([r.insurgent_rows for r in played]),
        "no_row_share_end_of_turn_with_leader": _no_row_share(played),
        "fire_events": _summed([r.fire_events for r in played]),
        "regular_actions": _summed([r.regular_actions for r in played]),
        "jobs": jobs,
        "seconds": round(seconds, 2),
        "games_per_second": round(len(results) / seconds, 3) if seconds > 0 else 0.0,
        "results": [asdict(r) for r in results],
    }


def table(summary: dict[str, Any]) -> str:
    """The summary as a Markdown table (it pastes into README.md as it is)."""
    s = summary
    m = s["margins"]
    margin_text = (
        f"Regulars: Total {m[f'{REGULAR} Total']}, Decisive {m[f'{REGULAR} Decisive']}, "
        f"Marginal {m[f'{REGULAR} Marginal']} · Indecisive {m['Indecisive']} · "
        f"Insurgents: Marginal {m[f'{INSURGENT} Marginal']}, "
        f"Decisive {m[f'{INSURGENT} Decisive']}, Total {m[f'{INSURGENT} Total']}"
    )
    vm = s["vp_margin"]
    rows = [
        (
            "Scenario",
            f"{s['scenario']} ({s['games']} games, seeds {s['seeds'][0]}–{s['seeds'][1]})",
        ),
        ("Regulars / Insurgents", f"{s['regulars']} / {s['insurgents']}"),
        ("Difficulty", LABELS.get(s.get("difficulty", BOOK), s.get("difficulty", BOOK))),
        (
            "Regular win rate",
            f"{100 * s['regular_win_rate']:.1f}% (Insurgents {100 * s['insurgent_win_rate']:.1f}%, "
            f"no winner {100 * s['no_winner_rate']:.1f}%)",
        ),
        ("Margin of victory", margin_text),
        (
            "VP margin (Regular − Insurgent)",
            f"mean {vm['mean']:+.2f}, median {vm['median']:+g}, range {vm['min']:+d} to "
            f"{vm['max']:+d}",
        ),
        (
            "Mean VP",
            f"Regulars {s['mean_vp_regular']:.2f}, Insurgents {s['mean_vp_insurgent']:.2f}",
        ),
        (
            "Regular casualties per game",
            f"KIA {s['mean_regular_kia']:.2f}, WIA {s['mean_regular_wia']:.2f}, "
            f"POW {s['mean_regular_pows']:.2f}",
        ),
        (
            "Insurgent units per game",
            f"broken {s['mean_insurgent_units_broken']:.2f}, wiped out "
            f"{s['mean_insurgent_units_destroyed']:.2f}",
        ),
        (
            "Objectives per game",
            f"contractors escorted {s['mean_contractors_escorted']:.2f}, hot spots neutralized "
            f"{s['mean_hot_spots_neutralized']:.2f}",
        ),
        ("Mean turns", f"{s['mean_turns']:.2f}"),
        (
            "Games per second",
            f"{s['games_per_second']:.3f} ({s['seconds']:.0f} s, {s['jobs']} "
            f"{'job' if s['jobs'] == 1 else 'jobs'})",
        ),
    ]
    if s["failed"]:
        rows.append(("Failed games", ", ".join(str(f["seed"]) for f in s["failed"])))
    width = max(len(k) for k, _ in rows)
    lines = [f"| {'measure':<{width}} | value |", f"|{'-' * (width + 2)}|-------|"]
    lines += [f"| {k:<{width}} | {v} |" for k, v in rows]
    return "\n".join(lines)


def draw_histogram(summary: dict[str, Any], path: Path) -> None:
    """The VP-margin histogram as a PNG, drawn with pygame-ce on a headless display."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    counts = {int(k): v for k, v in summary["vp_margin"]["histogram"].items()}
    low = min([*counts, -5]) - 1
    high = max([*counts, 5]) + 1
    bins = list(range(low, high + 1))
    tallest = max(counts.values(), default=1)
    width, height, pad, top = 900, 480, 56, 52
    bar = (width - 2 * pad) / len(bins)
    surface = pygame.Surface((width, height))
    surface.fill((250, 248, 240))
    font = pygame.font.Font(None, 22)
    title = pygame.font.Font(None, 28)
    base = height - pad

    def x_of(value: float) -> float:
        return pad + (value - low) * bar

    # the Indecisive band: |margin| < 5 (Rulebook: Victory Points)
    pygame.draw.rect(
        surface, (232, 228, 214), (x_of(-4.5), top, 9 * bar, base - top), border_radius=0
    )
    for value in bins:
        count = counts.get(value, 0)
        if not count:
            continue
        h = (base - top) * count / tallest
        colour = (60, 110, 170) if value >= 5 else (190, 80, 60) if value <= -5 else (130, 130, 130)
        pygame.draw.rect(surface, colour, (x_of(value - 0.5) + 1, base - h, max(1, bar - 2), h))
    pygame.draw.line(surface, (40, 40, 40), (pad, base), (width - pad, base), 2)
    step = 5 if high - low <= 60 else 10
    for value in range(low - low % step, high + 1, step):
        if value < low:
            continue
        label = font.render(f"{value:+d}" if value else "0", True, (40, 40, 40))
        surface.blit(label, (x_of(value) - label.get_width() / 2, base + 6))
        pygame.draw.line(surface, (40, 40, 40), (x_of(value), base), (x_of(value), base + 4))
    surface.blit(
        title.render(
            f"{summary['scenario']}: VP margin (Regular - Insurgent), {summary['finished']} games",
            True,
            (20, 20, 20),
        ),
        (pad, 16),
    )
    surface.blit(
        font.render(f"tallest bar: {tallest} games", True, (60, 60, 60)), (width - pad - 170, 20)
    )
    surface.blit(
        font.render(
            "blue: Regular win   red: Insurgent win   grey band: Indecisive", True, (60, 60, 60)
        ),
        (pad, height - 24),
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))


class ProgressBar:
    """A plain text progress bar on a stream (stderr), redrawn in place."""

    def __init__(self, stream: TextIO, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.started = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        filled = round(self.width * done / total) if total else self.width
        rate = done / max(1e-9, time.perf_counter() - self.started)
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} games ({rate:.2f}/s)"
        )
        if done == total:
            self.stream.write("\n")
        self.stream.flush()


# -- the command line ---------------------------------------------------------------------------
def build_parser() -> _Parser:
    parser = _Parser(
        prog="tools/simulate.py", description="Seeded AI-vs-AI games of a scenario, summarised."
    )
    parser.add_argument(
        "--scenario", required=True, help=f"scenario id ({', '.join(scenario_ids())}) or a .tmx map"
    )
    parser.add_argument("--map", help="play the scenario on this .tmx map instead of its own")
    parser.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--turns", type=int, help="turn limit (default: the scenario's)")
    parser.add_argument(
        "--regulars",
        default="ai",
        help=f"{' or '.join(opponents.REGULAR_CONTROLLERS)} (default ai)",
    )
    parser.add_argument(
        "--insurgents",
        default="",
        help=f"{', '.join(opponents.INSURGENT_CONTROLLERS)} (default: the difficulty's, the "
        "solo rules on Book and Hard, the Commander on Brutal; R332)",
    )
    parser.add_argument(
        "--compare-insurgents",
        nargs=2,
        metavar=("A", "B"),
        help="play every seed with Insurgent controller A and with B against the same Regulars "
        "and report the paired VP difference B - A with a sign test",
    )
    # --- paired Regular comparison (issue 17 §4) ---
    parser.add_argument(
        "--compare-regulars",
        nargs=2,
        metavar=("A", "B"),
        help="play every seed with Regular controller A and with B against the same Insurgents "
        "and report the paired VP difference B - A with a sign test",
    )
    parser.add_argument(
        "--difficulty",
        default=BOOK,
        help=f"{', '.join(DIFFICULTIES)} (default {BOOK}: the solo rules exactly; R132-R134)",
    )
    # --- difficulty that matters (issue 17 §3, round 4) ---
    parser.add_argument(
        "--compare-difficulty",
        nargs="+",
        metavar="LEVEL",
        help="two or three difficulties (e.g. book hard brutal): play every seed at each (the "
        "same Regulars, each difficulty's Insurgents unless --insurgents names them) and report "
        "the paired Regular VP and margin difference of each level against the next with a "
        "sign test",
    )
    parser.add_argument("--json", action="store_true", help="print exactly one JSON object")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the VP-margin histogram")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    return parser


def parse_setup(args: argparse.Namespace) -> Setup:
    try:
        opponents.check_name(REGULAR, args.regulars)
        if args.insurgents:
            opponents.check_name(INSURGENT, args.insurgents)
        for name in args.compare_insurgents or ():
            opponents.check_name(INSURGENT, name)
        for name in args.compare_regulars or ():
            opponents.check_name(REGULAR, name)
    except ValueError as exc:
        if args.compare_insurgents and "--insurgents" in str(exc):
            raise UsageError(str(exc).replace("--insurgents", "--compare-insurgents")) from None
        if args.compare_regulars and "--regulars" in str(exc):
            raise UsageError(str(exc).replace("--regulars", "--compare-regulars")) from None
        raise UsageError(str(exc)) from None
    if args.compare_insurgents and args.compare_regulars:
        raise UsageError("--compare-insurgents and --compare-regulars: compare one side at a time")
    if args.compare_difficulty and (args.compare_insurgents or args.compare_regulars):
        raise UsageError("--compare-difficulty: compare difficulties or controllers, not both")
    if args.compare_difficulty and not 2 <= len(args.compare_difficulty) <= 3:
        raise UsageError("--compare-difficulty: name two or three difficulties (book hard brutal)")
    for name in args.compare_difficulty or ():
        try:
            parse_difficulty(name)
        except ValueError as exc:
            raise UsageError(f"--compare-{exc}") from None
    try:
        difficulty = parse_difficulty(args.difficulty)
    except ValueError as exc:
        raise UsageError(f"--{exc}") from None
    if args.games < 1:
        raise UsageError(f"--games {args.games}: play at least 1 game")
    if args.seed < 0:
        raise UsageError(f"--seed {args.seed}: use 0 or more")
    if not 1 <= args.jobs <= 64:
        raise UsageError(f"--jobs {args.jobs}: use 1 to 64 processes")
    if args.turns is not None and args.turns < 1:
        raise UsageError(f"--turns {args.turns}: use 1 or more")
    if args.plot and not args.plot.lower().endswith(".png"):
        raise UsageError(f"--plot {args.plot}: the histogram is written as a .png file")
    map_path, scenario_id = resolve_map(args.scenario)
    if scenario_id is None and map_path.suffix.lower() != ".tmx":
        raise UsageError(
            f"--scenario {args.scenario}: not a scenario id ({', '.join(scenario_ids())}) "
            "nor a .tmx map"
        )
    if args.map:
        map_path = Path(args.map)
        if map_path.suffix.lower() != ".tmx":
            raise UsageError(f"--map {args.map}: not a .tmx map")
    if not map_path.exists():
        raise UsageError(f"--scenario {args.scenario}: map file {map_path} does not exist")
    return Setup(
        scenario=scenario_id or "",
        map_path=str(map_path),
        regulars=args.regulars,
        insurgents=args.insurgents,
        turns=args.turns,
        difficulty=difficulty,
    )


def main(
    argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    stdout = out or sys.stdout
    stderr = err or sys.stderr
    try:
        args = build_parser().parse_args(argv)
        setup = parse_setup(args)
        new_game(Path(setup.map_path), setup.scenario or None, args.seed)  # the map must load
    except UsageError as exc:
        print(f"tools/simulate.py: error: {exc}", file=stderr)
        return 2
    except MapError as exc:
        print(f"tools/simulate.py: error: {exc}", file=stderr)
        return 2
    seeds = list(range(args.seed, args.seed + args.games))
    progress = None if args.no_progress else ProgressBar(stderr)
    if args.compare_insurgents or args.compare_regulars or args.compare_difficulty:
        return compare_main(args, setup, seeds, progress, stdout)
    names = controller_names(setup.regulars, insurgents_of(setup))
    started = time.perf_counter()
    results = run_games(setup, seeds, args.jobs, progress)
    summary = summarise(results, names, setup, time.perf_counter() - started, args.jobs)
    if not summary["scenario"]:
        summary["scenario"] = Path(setup.map_path).stem
    if args.plot:
        draw_histogram(summary, Path(args.plot))
    if args.json:
        print(json.dumps(summary, sort_keys=True), file=stdout)
    else:
        print(table(summary), file=stdout)
        if args.plot:
            print(f"VP-margin histogram written to {args.plot}", file=stdout)
    return 1 if summary["failed"] else 0


def compare_main(
    args: argparse.Namespace,
    setup: Setup,
    seeds: list[int],
    progress: Callable[[int, int], None] | None,
    stdout: TextIO,
) -> int:
    """`--compare-insurgents A B` or `--compare-regulars A B`: the paired comparison
    (tools/compare.py), as table or JSON."""
    if args.compare_difficulty:  # --- difficulty that matters (issue 17 §3, round 4) ---
        return compare_difficulty_main(args, setup, seeds, progress, stdout)
    side, other = (REGULAR, INSURGENT) if args.compare_regulars else (INSURGENT, REGULAR)
    a, b = args.compare_regulars or args.compare_insurgents
    started = time.perf_counter()

    def run(one: Setup, run_seeds: Sequence[int]) -> list[GameResult]:
        return run_games(one, run_seeds, args.jobs, progress)

    summary = paired_comparison(run, setup, side, a, b, seeds)
    summary["scenario"] = setup.scenario or Path(setup.map_path).stem
    names = controller_names(setup.regulars, insurgents_of(setup))
    summary[f"{other}s"] = names[other]
    summary["controllers"] = {
        "a": opponents.describe(side, a),
        "b": opponents.describe(side, b),
    }
    summary["seconds"] = round(time.perf_counter() - started, 2)
    if args.json:
        print(json.dumps(summary, sort_keys=True), file=stdout)
    else:
        print(comparison_table(summary, summary["scenario"]), file=stdout)
    return 1 if summary["failed_seeds"] else 0


# --- difficulty that matters (issue 17 §3, round 4) ---
def compare_difficulty_main(
    args: argparse.Namespace,
    setup: Setup,
    seeds: list[int],
    progress: Callable[[int, int], None] | None,
    stdout: TextIO,
) -> int:
    """`--compare-difficulty A B [C]`: every seed at each difficulty (each level played once),
    each level against the next compared from the Regulars' side (their VP and margin, B - A)
    by tools/compare.py's paired comparison; with two levels the summary is that comparison,
    with three it holds both steps and A against C."""
    levels = [parse_difficulty(name) for name in args.compare_difficulty]
    started = time.perf_counter()
    played: dict[str, list[GameResult]] = {}
    took: dict[str, float] = {}

    def run(one: Setup, run_seeds: Sequence[int]) -> list[GameResult]:
        if one.difficulty not in played:
            begun = time.perf_counter()
            played[one.difficulty] = run_games(one, run_seeds, args.jobs, progress)
            took[one.difficulty] = time.perf_counter() - begun
        return played[one.difficulty]

    steps = list(pairwise(levels))
    if len(levels) == 3:
        steps.append((levels[0], levels[2]))
    comparisons = []
    for a, b in steps:
        summary = paired_comparison(run, setup, REGULAR, a, b, seeds, field="difficulty")
        summary["scenario"] = setup.scenario or Path(setup.map_path).stem
        summary["regulars"] = opponents.describe(REGULAR, setup.regulars)
        summary["controllers"] = {
            key: f"{LABELS[level]}: "
            + opponents.describe(INSURGENT, insurgents_of(replace(setup, difficulty=level)))
            for key, level in (("a", a), ("b", b))
        }
        comparisons.append(summary)
    seconds = round(time.perf_counter() - started, 2)
    if len(comparisons) == 1:
        out: dict[str, Any] = comparisons[0] | {"seconds": seconds}
    else:
        out = {"difficulties": levels, "comparisons": comparisons, "seconds": seconds}
        out["summaries"] = {
            level: _without_results(
                level_summary(setup, level, played[level], took[level], args.jobs)
            )
            for level in levels
        }
    if args.json:
        print(json.dumps(out, sort_keys=True), file=stdout)
    else:
        print("\n\n".join(comparison_table(c, c["scenario"]) for c in comparisons), file=stdout)
    failed = {seed for c in comparisons for seed in c["failed_seeds"]}
    return 1 if failed else 0


def level_summary(
    setup: Setup, level: str, results: Sequence[GameResult], seconds: float, jobs: int
) -> dict[str, Any]:
    """The usual summary of one difficulty's games."""
    one = replace(setup, difficulty=level)
    names = controller_names(setup.regulars, insurgents_of(one))
    return summarise(results, names, one, seconds, jobs)


def _without_results(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "results"}


if __name__ == "__main__":
    raise SystemExit(main())

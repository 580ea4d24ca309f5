"""The project's benchmarks, as named sections.

    python3 tools/bench.py                 # every section, a readable table
    python3 tools/bench.py --json          # exactly one JSON object on stdout
    python3 tools/bench.py --section geometry --tiny

Each section is a function `(options) -> dict` registered in SECTIONS; the JSON output is
{"tiny": bool, "sections": {name: result}}. Placements are seeded, so two runs measure the same
work. Other issues add their sections here.

Section `ai` (issue #5): the Insurgent AI's milliseconds per Regular activation with 12 Insurgent
units in play (staged games, seeds 1-10) and per end-of-turn Insurgent phase with 20 units (seeds
1-5; staged games on the Contracting Trouble map, both sides played by the AIs), and whole
Contracting Trouble AI-vs-AI games (medians over seeds 1-5; --tiny: one seed, two turns).

Section `geometry` (issue #3 B2): on each shipped map (or the geometry test town when the
shipped maps are missing; the result says which), 40 units are placed; it times line of sight
for every pair (cold: caches cleared, one `line_of_sight` call per pair; one-moved: one unit
moved between rounds, as in play, per pair through the caches),
the naive baseline (every figure-to-figure ray, no culling, no caching) with the speed-ups, the
line of fire for a sample of pairs (every other unit a possible obstacle), one movement path,
one visible area, one out-of-contact path, and checks that the optimised LOS answers equal the
naive ones.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.battlefield.errors import MapError  # noqa: E402
from game.battlefield.geometry import Geometry  # noqa: E402
from game.battlefield.loader import load_battlefield  # noqa: E402
from game.battlefield.model import Point, UnitPosition  # noqa: E402

SHIPPED_MAPS = ("maps/contracting-trouble.tmx", "maps/sweep-and-clear.tmx")
FALLBACK_MAP = "tests/maps/geometry/town.tmx"
SEED = 20261122


@dataclass(frozen=True)
class Options:
    tiny: bool
    maps: tuple[str, ...]
    insurgents: str = "ai"  # the Insurgent controller timed (game/opponents.py; issue 17)


def _stats(samples: list[tuple[float, float]]) -> dict[str, float]:
    """Median and p95 of wall-clock milliseconds, and the median and p95 CPU milliseconds of
    this process (less disturbed when other programs load the machine)."""
    if not samples:
        return {"median": 0.0, "p95": 0.0, "cpu_median": 0.0, "cpu_p95": 0.0, "n": 0}
    ordered = sorted(wall for wall, _cpu in samples)
    cpu = sorted(cpu for _wall, cpu in samples)
    at_95 = min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))
    return {
        "median": round(statistics.median(ordered), 4),
        "p95": round(ordered[at_95], 4),
        "cpu_median": round(statistics.median(cpu), 4),
        "cpu_p95": round(cpu[at_95], 4),
        "n": len(ordered),
    }


def _timed(action: Callable[[], object]) -> tuple[tuple[float, float], object]:
    """((wall ms, CPU ms), result) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = action()
    return ((time.perf_counter() - wall) * 1000.0, (time.process_time() - cpu) * 1000.0), result


def place_units(geometry: Geometry, count: int, rng: random.Random) -> list[UnitPosition]:
    """Seeded placement: leaders on free ground (one unit in five inside a building, on its roof
    when the building has roof access), figures in cohesion, no bases overlapping."""
    units: list[UnitPosition] = []
    occupied: list[Point] = []
    street = geometry.navigation.street
    attempts = 0
    while len(units) < count:
        attempts += 1
        if attempts > count * 200:
            raise RuntimeError(f"could not place {count} units on {geometry.battlefield.path}")
        leader = (rng.uniform(0.5, geometry.width - 0.5), rng.uniform(0.5, geometry.height - 0.5))
        inside = geometry.building_at(leader)
        if (inside is not None) != (len(units) % 5 == 4) or not street.free(leader):
            continue
        if any((leader[0] - o[0]) ** 2 + (leader[1] - o[1]) ** 2 < 0.5625 for o in occupied):
            continue
        try:
            figures = geometry.place_in_cohesion(leader, rng.randint(3, 6), occupied=occupied)
        except ValueError:
            continue
        elevation = geometry.roof_elevation_at(leader) if inside is not None else 0
        units.append(UnitPosition(f"u{len(units)}", figures, elevation, figures[0]))
        occupied.extend(figures)
    return units


def naive_sight_counts(geometry: Geometry, a: UnitPosition, b: UnitPosition) -> tuple[int, int]:
    """The baseline: every figure-to-figure ray as a plain segment query (R4, R5, R50)."""
    sees = [False] * len(a.figures)
    visible = [False] * len(b.figures)
    for i, p in enumerate(a.figures):
        for j, q in enumerate(b.figures):
            if geometry.reference_figure_sees(p, a.elevation, q, b.elevation):
                sees[i] = True
                visible[j] = True
    return sum(sees), sum(visible)


def _geometry_on_map(path: str, shipped: bool, options: Options) -> dict[str, Any]:
    rng = random.Random(SEED)
    battlefield = load_battlefield(ROOT / path)
    build_ms, built = _timed(lambda: Geometry(battlefield))
    geometry: Geometry = built  # type: ignore[assignment]
    nav_ms, _ = _timed(lambda: geometry.navigation)
    n_units = 8 if options.tiny else 40
    rounds = 2 if options.tiny else 15
    units = place_units(geometry, n_units, rng)
    pairs = list(combinations(range(n_units), 2))

    def all_pairs(current: list[UnitPosition]) -> list[tuple[int, int]]:
        out = []
        for i, j in pairs:
            sight = geometry.line_of_sight(current[i], current[j])
            out.append((sight.seeing, sight.visible))
        return out

    # Cold: every pair from scratch, caches cleared, one `line_of_sight` call per pair.
    cold: list[tuple[float, float]] = []
    optimised: list[tuple[int, int]] = []
    for _ in range(rounds):
        geometry.clear_caches()
        ms, result = _timed(lambda: all_pairs(units))
        cold.append(ms)
        optimised = result  # type: ignore[assignment]
    naive: list[tuple[float, float]] = []
    baseline: list[tuple[int, int]] = []
    for _ in range(max(1, rounds // 3)):
        ms, result = _timed(
            lambda: [naive_sight_counts(geometry, units[i], units[j]) for i, j in pairs]
        )
        naive.append(ms)
        baseline = result  # type: ignore[assignment]
    equal = optimised == baseline
    # One unit moves between rounds (fresh positions, prepared outside the timing).
    moved_units = place_units(geometry, n_units, random.Random(SEED + 1))
    one_moved: list[tuple[float, float]] = []
    current = list(units)
    geometry.clear_caches()
    all_pairs(current)
    for r in range(rounds * 2):
        k = r % n_units
        current[k] = UnitPosition(
            f"u{k}", moved_units[k].figures, moved_units[k].elevation, moved_units[k].leader
        )
        ms, result = _timed(lambda: all_pairs(current))
        one_moved.append(ms)
        expected = [naive_sight_counts(geometry, current[i], current[j]) for i, j in pairs]
        equal = equal and result == expected
    # Line of fire (R6) for a sample of pairs, every other unit a possible obstacle.
    lof_pairs = pairs[:: max(1, len(pairs) // (10 if options.tiny else 100))]
    lof_ms: list[tuple[float, float]] = []
    lof_blocked = 0
    for i, j in lof_pairs:
        others = [u for k, u in enumerate(units) if k not in (i, j)]
        ms, fire = _timed(lambda: geometry.line_of_fire(units[i], units[j], others))  # noqa: B023
        lof_ms.append(ms)
        lof_blocked += fire.blocked  # type: ignore[attr-defined]
    # Movement paths between free street points.
    street = geometry.navigation.street
    path_ms: list[tuple[float, float]] = []
    found = 0
    while len(path_ms) < (5 if options.tiny else 60):
        a = (rng.uniform(0.5, geometry.width - 0.5), rng.uniform(0.5, geometry.height - 0.5))
        b = (rng.uniform(0.5, geometry.width - 0.5), rng.uniform(0.5, geometry.height - 0.5))
        if not (street.free(a) and street.free(b)):
            continue
        ms, route = _timed(lambda: geometry.path(a, b))  # noqa: B023
        path_ms.append(ms)
        found += route is not None
    # Visible area of the first four units (the "Regulars"), and hidden paths.
    watchers = units[:4]  # a Regular force of four fireteams watching the table
    area_ms: list[tuple[float, float]] = []
    for _ in range(2 if options.tiny else 5):
        ms, _ = _timed(lambda: geometry.visible_area(watchers))
        area_ms.append(ms)
    area = geometry.visible_area(watchers)
    hidden_ms: list[tuple[float, float]] = []
    hidden_found = 0
    hidden_tries = 2 if options.tiny else 10
    for _ in range(hidden_tries * 500):
        if len(hidden_ms) == hidden_tries:
            break
        # An out-of-contact move starts and ends out of sight, on open ground, up to 12" away.
        leader = (rng.uniform(0.5, geometry.width - 0.5), rng.uniform(0.5, geometry.height - 0.5))
        goal = (leader[0] + rng.uniform(-8, 8), leader[1] + rng.uniform(-8, 8))
        if not (street.free(leader) and street.free(goal)):
            continue
        if area.contains(leader) or area.contains(goal):
            continue
        ms, route = _timed(lambda: geometry.unseen_path(leader, goal, area))  # noqa: B023
        hidden_ms.append(ms)
        hidden_found += route is not None
    cold_stats, naive_stats = _stats(cold), _stats(naive)
    moved_stats = _stats(one_moved)
    return {
        "map": path,
        "load_average": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "shipped": shipped,
        "units": n_units,
        "figures": sum(len(u.figures) for u in units),
        "pairs": len(pairs),
        "geometry_build_ms": round(build_ms[0], 3),
        "navigation_build_ms": round(nav_ms[0], 3),
        "los_all_pairs_cold_ms": cold_stats,
        "los_all_pairs_one_moved_ms": moved_stats,
        "los_all_pairs_naive_ms": naive_stats,
        # Speed-ups from CPU medians: wall-clock ratios swing when other programs load the machine.
        "speedup_cold": round(naive_stats["cpu_median"] / max(cold_stats["cpu_median"], 1e-9), 2),
        "speedup_one_moved": round(
            naive_stats["cpu_median"] / max(moved_stats["cpu_median"], 1e-9), 2
        ),
        "los_pairs_with_los": sum(
            1
            for (s, v), (i, j) in zip(optimised, pairs, strict=True)
            if s > 0 and 2 * s >= len(units[i].figures) and 2 * v >= len(units[j].figures)
        ),
        "los_equal_naive": equal,
        "line_of_fire_ms": _stats(lof_ms),
        "line_of_fire_pairs": len(lof_pairs),
        "line_of_fire_blocked": lof_blocked,
        "path_ms": _stats(path_ms),
        "paths_found": found,
        "visible_area_ms": _stats(area_ms),
        "unseen_path_ms": _stats(hidden_ms),
        "unseen_paths_found": hidden_found,
    }


def bench_geometry(options: Options) -> dict[str, Any]:
    maps = options.maps
    note = ""
    if not maps:
        present = tuple(m for m in SHIPPED_MAPS if (ROOT / m).exists())
        if present:
            maps = present
        else:
            maps = (FALLBACK_MAP,)
            note = "shipped maps not present yet: measured on the geometry test town fixture"
    shipped = set(SHIPPED_MAPS)
    results = [_geometry_on_map(m, m in shipped, options) for m in maps]
    return {"note": note, "maps": results}


# ----------------------------------------------------------------------------------- section ai
AI_MAP = "maps/contracting-trouble.tmx"
AI_SCENARIO = "contracting-trouble"


class _TimedController:
    """Hands every decision to `inner` and files the wall/CPU milliseconds of each answer."""

    def __init__(self, inner: Any, side: str, clock: _AIClock) -> None:
        self.inner = inner
        self.side = side
        self.clock = clock

    def choose(self, view: Any) -> Any:
        kind = str((view.decision or {}).get("kind", ""))
        sample, command = _timed(lambda: self.inner.choose(view))
        self.clock.record(self.side, kind, view, sample)
        return command


def _insurgents_on_table(view: Any) -> int:
    from game.engine.state import INSURGENT, GameState

    return sum(1 for u in GameState.from_dict(view.state).units_of(INSURGENT) if u.on_table)


class _AIClock:
    """Groups the Insurgent AI's thinking time: per Regular activation (every Insurgent decision
    between one Regular 'activate' answer and the next one), and per end-of-turn Insurgent
    phase (every Insurgent decision of a turn from its first 'insurgent_action' on)."""

    def __init__(self) -> None:
        self.activations: list[tuple[float, float]] = []
        self.activation_units: list[int] = []
        self.game = 0  # phases are keyed by (game, turn)
        self.phase: dict[tuple[int, int], tuple[float, float]] = {}
        self.phase_units: dict[tuple[int, int], int] = {}
        self.end_of_turn_decisions: list[tuple[float, float]] = []
        self.activation_decisions: list[tuple[float, float]] = []  # one Insurgent answer each
        self._bucket: list[float] | None = None

    def record(self, side: str, kind: str, view: Any, sample: tuple[float, float]) -> None:
        from game.engine.state import REGULAR

        if side == REGULAR:
            if kind == "activate":
                self._close()
                self._bucket = [0.0, 0.0]
                self.activation_units.append(_insurgents_on_table(view))
            return
        turn = (self.game, int(view.state.get("turn", 0)))
        if kind == "insurgent_action":
            self._close()
            self.phase_units.setdefault(turn, _insurgents_on_table(view))
            self.end_of_turn_decisions.append(sample)
        if turn in self.phase_units:  # the Insurgent phase ends the turn
            wall, cpu = self.phase.get(turn, (0.0, 0.0))
            self.phase[turn] = (wall + sample[0], cpu + sample[1])
        elif self._bucket is not None:
            self._bucket[0] += sample[0]
            self._bucket[1] += sample[1]
            self.activation_decisions.append(sample)

    def _close(self) -> None:
        if self._bucket is not None:
            self.activations.append((self._bucket[0], self._bucket[1]))
            self._bucket = None

    def finish(self) -> None:
        self._close()
        self.game += 1
        if len(self.activation_units) > len(self.activations):
            del self.activation_units[len(self.activations) :]


def _staged_ai_game(insurgent_units: int, turns: int, seed: int) -> Any:
    """A staged game on the Contracting Trouble map: five Regular fireteams of five and
    `insurgent_units` Insurgent units of 3-6 figures, seeded placement on free street-level
    ground; it runs to its turn limit even when the Regulars are all gone, so every turn has
    an Insurgent phase to measure."""
    from game.battlefield.model import Battlefield
    from game.engine.engine import Engine
    from game.engine.state import INSURGENT, REGULAR, GameState
    from game.scenarios.staged import StagedScenario, Staging, UnitSpec

    class _ToTheLimit(StagedScenario):
        def finished(self, state: GameState) -> str | None:
            return None

    battlefield: Battlefield = load_battlefield(ROOT / AI_MAP)
    geometry = Geometry(battlefield)
    street = geometry.navigation.street
    rng = random.Random(SEED + seed)
    specs: list[UnitSpec] = []
    occupied: list[Point] = []
    while len(specs) < insurgent_units + 5:
        regular = len(specs) < 5
        leader = (rng.uniform(1.0, geometry.width - 1.0), rng.uniform(1.0, geometry.height - 1.0))
        if geometry.building_at(leader) is not None or not street.free(leader):
            continue
        if any((leader[0] - o[0]) ** 2 + (leader[1] - o[1]) ** 2 < 1.0 for o in occupied):
            continue
        try:
            figures = geometry.place_in_cohesion(
                leader, 5 if regular else rng.randint(3, 6), occupied=occupied
            )
        except ValueError:
            continue
        number = len(specs) + 1 if regular else len(specs) - 4
        specs.append(
            UnitSpec(
                id=f"R{number}" if regular else f"I{number}",
                side=REGULAR if regular else INSURGENT,
                points=list(figures),
            )
        )
        occupied.extend(figures)
    staging = Staging(units=specs, turn_limit=turns, insurgency_level="automatic")
    return Engine(_ToTheLimit(staging), battlefield, seed)


def _play_timed(engine: Any, clock: _AIClock, seed: int, insurgents: str = "ai") -> None:
    from game.ai.regular import RegularAI
    from game.engine.state import INSURGENT, REGULAR
    from game.headless import play
    from game.opponents import make_controller

    controllers = {
        REGULAR: _TimedController(RegularAI(engine.battlefield), REGULAR, clock),
        INSURGENT: _TimedController(
            make_controller(INSURGENT, insurgents, engine.battlefield, seed), INSURGENT, clock
        ),
    }
    play(engine, controllers)
    clock.finish()


def _whole_ai_game(engine: Any, seed: int, insurgents: str = "ai") -> tuple[float, float]:
    """(wall ms, CPU ms) of one game played out by both AIs, seeded as `main.py --headless`."""
    from game.ai.regular import RegularAI
    from game.engine.state import INSURGENT, REGULAR
    from game.headless import play
    from game.opponents import make_controller

    controllers: dict[str, Any] = {
        REGULAR: RegularAI(engine.battlefield),
        INSURGENT: make_controller(INSURGENT, insurgents, engine.battlefield, seed),
    }
    sample, _ = _timed(lambda: play(engine, controllers))
    return sample


def bench_ai(options: Options) -> dict[str, Any]:
    """Section `ai` (issue #5): the Insurgent AI's thinking time at a Regular activation with
    12 Insurgent units in play, its end-of-turn phase with 20 units (Out of Contact moves
    included), and whole Contracting Trouble games with both sides played by the AIs."""
    from game.save import new_game

    # ten staged games give about a hundred activations, so that the p95 is not the third
    # slowest of three dozen; five give about fifteen end-of-turn phases
    activation_seeds = (1,) if options.tiny else tuple(range(1, 11))
    end_of_turn_seeds = (1,) if options.tiny else tuple(range(1, 6))
    turns = 2 if options.tiny else 3
    activation = _AIClock()
    for seed in activation_seeds:
        _play_timed(_staged_ai_game(12, turns, seed), activation, seed, options.insurgents)
    end_of_turn = _AIClock()
    for seed in end_of_turn_seeds:
        _play_timed(_staged_ai_game(20, turns, seed), end_of_turn, seed, options.insurgents)
    games: list[tuple[float, float]] = []
    game_turns: list[int] = []
    for seed in (1,) if options.tiny else (1, 2, 3, 4, 5):
        engine = new_game(ROOT / AI_MAP, AI_SCENARIO, seed, turn_limit=2 if options.tiny else None)
        sample = _whole_ai_game(engine, seed, options.insurgents)
        games.append(sample)
        game_turns.append(engine.state.turn)
    phase_samples = list(end_of_turn.phase.values())
    return {
        "insurgents": options.insurgents,
        "note": (
            "milliseconds; activation = all Insurgent decisions between two Regular activations "
            "(_deciding: only those with at least one; activation_decision: each single answer "
            "in them); "
            "end_of_turn_phase = every Insurgent decision of a turn's Insurgent phase; "
            "game = one Contracting Trouble game, both sides played by the AIs"
        ),
        "activation_12_units": _stats(activation.activations),
        # the activations the Insurgents had something to decide at (in sight, interrupting)
        "activation_12_units_deciding": _stats([a for a in activation.activations if a[0] > 0]),
        # each single Insurgent answer inside those activations (an interruption's declaration,
        # one unit's move, ...), for scale: the target is on the activation's sum above
        "activation_decision_12_units": _stats(activation.activation_decisions),
        "activation_insurgent_units_median": (
            statistics.median(activation.activation_units) if activation.activation_units else 0
        ),
        "end_of_turn_phase_20_units": _stats(phase_samples),
        "end_of_turn_decision_20_units": _stats(end_of_turn.end_of_turn_decisions),
        "end_of_turn_insurgent_units_median": (
            statistics.median(end_of_turn.phase_units.values()) if end_of_turn.phase_units else 0
        ),
        "game_contracting_trouble": _stats(games),
        "game_turns": game_turns,
    }


def bench_odds(options: Options) -> dict[str, Any]:
    """Section `odds` (issue #2): exact casualty odds of the largest pools, cache cleared before
    every run so each one is computed from scratch. Target: under 50 ms for 10d12 vs 10d12."""
    from game.rules.dice import Die
    from game.rules.odds import _outcome_counts, casualty_odds

    def fresh(attack: int, defense: int) -> object:
        _outcome_counts.cache_clear()
        return casualty_odds(attack, Die.D12, defense, Die.D12)

    runs = 3 if options.tiny else 21
    report: dict[str, Any] = {}
    for attack, defense in ((10, 10), (7, 4)):
        samples = [_timed(lambda: fresh(attack, defense))[0] for _ in range(runs)]  # noqa: B023
        report[f"odds_{attack}d12_vs_{defense}d12_ms"] = _stats(samples)
    return report


def bench_scale(options: Options) -> dict[str, Any]:
    """Section `scale` (issue #23): the biggest table a player builds, 96" x 96" with 80 units
    (tools/scale_map.py, written to a temporary folder, never shipped): a headless AI-vs-AI game
    (--tiny: one turn; else two turns, with the seconds per turn, and then a whole game to its
    turn limit, `whole_*`), the battle window opened on it (solo, dummy video driver: session,
    map art and first frame) and this process's peak memory. Targets: a whole game <= 5 s,
    window <= 2 s, peak < 500 MB."""
    import importlib
    import resource
    import tempfile

    from game.ai.controller import InsurgentAI
    from game.ai.regular import RegularAI
    from game.headless import play
    from game.save import new_game

    write_map = importlib.import_module("tools.scale_map").write_map  # a tool beside this one

    turns = 1 if options.tiny else 2
    whole: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        path = write_map(Path(folder) / "scale.tmx")
        started = time.perf_counter()
        engine = new_game(path, None, 1, turn_limit=turns)
        setup = time.perf_counter() - started
        ais = {
            "regular": RegularAI(engine.battlefield),
            "insurgent": InsurgentAI(engine.battlefield, 4),
        }
        started, cpu_started = time.perf_counter(), time.process_time()
        play(engine, ais)  # type: ignore[arg-type]
        game = time.perf_counter() - started
        game_cpu = time.process_time() - cpu_started
        if not options.tiny:  # --- the whole game (issue 23 §5): the target is for it ---
            whole = _whole_scale_game(path)
        window = _open_window_seconds(path, Path(folder))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "units": len(engine.state.units),
        "turns": turns,
        "game_setup_s": round(setup, 2),
        "game_s": round(game, 2),
        "game_s_per_turn": round(game / turns, 2),
        "game_cpu_s": round(game_cpu, 2),  # this process's CPU: steadier on a busy machine
        **whole,
        "window_open_s": round(window, 2),
        "peak_memory_mb": round(peak, 1),
    }


def _whole_scale_game(path: Path) -> dict[str, Any]:
    """The scale game played to its turn limit (the map's own: 10 turns), the same seed and
    AIs as the two-turn game: turns played, seconds, CPU seconds, and its events' fingerprint
    (the same before and after a speed change)."""
    from game.ai.controller import InsurgentAI
    from game.ai.regular import RegularAI
    from game.headless import play
    from game.save import new_game

    engine = new_game(path, None, 1)
    ais = {
        "regular": RegularAI(engine.battlefield),
        "insurgent": InsurgentAI(engine.battlefield, 4),
    }
    started, cpu_started = time.perf_counter(), time.process_time()
    play(engine, ais)  # type: ignore[arg-type]
    return {
        "whole_turn_limit": engine.state.turn_limit,
        "whole_turns": engine.state.turn,
        "whole_s": round(time.perf_counter() - started, 2),
        "whole_cpu_s": round(time.process_time() - cpu_started, 2),
        "whole_events_sha256": engine.events_sha256()[:16],
    }


def _open_window_seconds(path: Path, folder: Path) -> float:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ["AMBUSH_ALLEY_DATA_DIR"] = str(folder / "data")
    os.environ["AMBUSH_ALLEY_CONFIG_DIR"] = str(folder / "config")
    from game.client.saves_ui import play_scene_for
    from game.client.scenes import App
    from game.client.session import GameSession, SessionConfig

    app = App((1280, 800), headless=True)
    try:
        started = time.perf_counter()
        session = GameSession(SessionConfig(mode="solo", table=str(path), seed=1, autosave=False))
        app.push(play_scene_for(session))
        app.step()
        return time.perf_counter() - started
    finally:
        app.shutdown()


def bench_play(options: Options) -> dict[str, Any]:
    """Section `play` (issue 22): the play screen at 1920x1080 with 120 figures, a move planned
    with its interrupt-risk preview drawn: frame time median and p90 (target: median at most
    4 ms), and the risk preview of one freshly planned path, median ms (target: at most 30)."""
    from game.client.bench_play import bench_play_frame

    frames = 20 if options.tiny else 200
    return bench_play_frame(frames=frames, figures=120, mode="move", size=(1920, 1080))


SECTIONS: dict[str, Callable[[Options], dict[str, Any]]] = {
    "play": bench_play,
    "scale": bench_scale,
    "ai": bench_ai,
    "odds": bench_odds,
    "geometry": bench_geometry,
}


def _print_entries(entry: dict[str, Any], skip: tuple[str, ...]) -> None:
    for key, value in entry.items():
        if isinstance(value, dict):
            print(
                f"   {key:30} median {value['median']:9.3f}  p95 {value['p95']:9.3f}"
                f"  (CPU median {value['cpu_median']:9.3f}, n={value['n']})"
            )
        elif key not in skip:
            print(f"   {key:30} {value}")


def _print_table(report: dict[str, Any]) -> None:
    for name, result in report["sections"].items():
        print(f"== {name}")
        if result.get("note"):
            print(f"   ({result['note']})")
        if "maps" not in result:
            _print_entries(result, skip=("note",))
        for entry in result.get("maps", []):
            print(f"-- {entry['map']}: {entry['units']} units, {entry['figures']} figures")
            for key, value in entry.items():
                if isinstance(value, dict):
                    print(
                        f"   {key:30} median {value['median']:9.3f}  p95 {value['p95']:9.3f}"
                        f"  (CPU median {value['cpu_median']:9.3f})"
                    )
                elif key not in ("map", "units", "figures"):
                    print(f"   {key:30} {value}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print exactly one JSON object")
    parser.add_argument("--tiny", action="store_true", help="a few seconds' worth, for tests")
    parser.add_argument(
        "--section", action="append", choices=sorted(SECTIONS), help="run only these sections"
    )
    parser.add_argument("--map", action="append", default=[], help="measure this .tmx instead")
    parser.add_argument(
        "--insurgents",
        choices=("ai", "commander"),
        default="ai",
        help="the Insurgent controller the ai section times (default ai: the solo rules)",
    )
    args = parser.parse_args(argv)
    for m in args.map:
        if not (ROOT / m).exists() and not Path(m).exists():
            print(f"bench: --map {m}: no such file", file=sys.stderr)
            return 2
    options = Options(tiny=args.tiny, maps=tuple(args.map), insurgents=args.insurgents)
    names = args.section or sorted(SECTIONS)
    try:
        report = {"tiny": args.tiny, "sections": {n: SECTIONS[n](options) for n in names}}
    except MapError as exc:
        print(f"bench: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report))
    else:
        _print_table(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

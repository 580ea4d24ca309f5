"""Play many seeded random games and check every invariant after every event.

    python3 tools/soak.py --seeds 300 [--scenario contracting-trouble] [--map PATH.tmx] [--turns N]
    python3 tools/soak.py --ai --seeds 100     # the shipped AIs on both sides
    python3 tools/soak.py --ai --insurgents commander --seeds 100   # with the Commander AI

Without --scenario, every shipped scenario is played (on its shipped map when it exists,
otherwise on the engine's test map). The sides are seeded random controllers, or with --ai the
shipped Regular AI and Insurgent AI, through the match driver (strict: a controller that raises
or answers an illegal command is a failure). Prints one line per failure and a summary with
timings; exits 1 when any game raises, breaks an invariant or does not end.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.engine.controllers import Controller, RandomController  # noqa: E402
from game.engine.engine import Engine  # noqa: E402
from game.engine.invariants import InvariantChecker  # noqa: E402
from game.engine.state import INSURGENT, REGULAR  # noqa: E402
from game.headless import play  # noqa: E402
from game.save import new_game  # noqa: E402
from game.scenarios.catalog import scenario_ids, scenario_map  # noqa: E402

FALLBACK_MAP = ROOT / "tests" / "maps" / "engine" / "crossroads.tmx"


def controllers(
    engine: Engine, seed: int, ai: bool, insurgents: str = "ai"
) -> dict[str, Controller]:
    """Who plays: seeded random controllers, or the shipped AIs (seeded as the golden games),
    the Insurgents by `insurgents` (`ai`: the solo rules, `commander`: the Commander AI)."""
    if not ai:
        return {
            REGULAR: RandomController(seed * 2 + 1),
            INSURGENT: RandomController(seed * 2 + 2),
        }
    from game.opponents import make_controllers

    return make_controllers(engine.battlefield, seed, insurgents=insurgents)


def soak_one(
    map_path: Path,
    scenario: str,
    seed: int,
    turns: int | None,
    ai: bool = False,
    insurgents: str = "ai",
) -> tuple[bool, str, float]:
    """Play one game with the invariant checker watching every event: (kept, detail, seconds)."""
    started = time.perf_counter()
    try:
        engine = new_game(map_path, scenario, seed, turn_limit=turns)
        checker = InvariantChecker(engine)
        play(engine, controllers(engine, seed, ai, insurgents))
        if not engine.over:
            return False, "the game did not end", time.perf_counter() - started
        return True, f"{checker.checked} events", time.perf_counter() - started
    except Exception as exc:
        where = traceback.extract_tb(exc.__traceback__)[-1]
        detail = f"{type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})"
        return False, detail, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50, help="games per scenario (default 50)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--scenario", choices=scenario_ids(), action="append")
    parser.add_argument("--map", type=Path, help="play this map (its own scenario or a patrol)")
    parser.add_argument("--turns", type=int, help="turn limit (default: the scenario's)")
    parser.add_argument(
        "--ai", action="store_true", help="the shipped AIs play both sides (default: random)"
    )
    parser.add_argument(
        "--insurgents",
        choices=("ai", "commander"),
        default="ai",
        help="with --ai: the Insurgent AI (default ai: the solo rules; commander)",
    )
    args = parser.parse_args(argv)
    runs: list[tuple[Path, str]] = []
    if args.map:
        runs.append((args.map, args.scenario[0] if args.scenario else "patrol"))
    else:
        for scenario in args.scenario or scenario_ids():
            shipped = scenario_map(scenario)
            runs.append((shipped if shipped.exists() else FALLBACK_MAP, scenario))
    failures = 0
    for map_path, scenario in runs:
        times: list[float] = []
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            chosen = {"insurgents": args.insurgents} if args.insurgents != "ai" else {}
            ok, detail, seconds = soak_one(map_path, scenario, seed, args.turns, args.ai, **chosen)
            times.append(seconds)
            if not ok:
                failures += 1
                print(f"FAIL {scenario} seed {seed}: {detail}", flush=True)
        print(
            f"{scenario} on {map_path.name} "
            f"({'random' if not args.ai else 'AI' if not chosen else 'AI, commander'}): "
            f"{len(times)} games, "
            f"median {statistics.median(times):.2f}s, max {max(times):.2f}s "
            f"(seed {args.first_seed + times.index(max(times))}), "
            f"total {sum(times):.0f}s",
            flush=True,
        )
    print("soak: " + ("all games kept every invariant" if not failures else f"{failures} failed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

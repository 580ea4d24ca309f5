"""Golden games: the AI-vs-AI games of every shipped scenario, pinned by their fingerprints.

    python tools/golden.py            # check: replay every pinned game, list the ones that moved
    python tools/golden.py --write    # re-pin (only in a commit that changes play on purpose)

For seeds 1-20 of each shipped scenario, `tests/golden/<scenario>.json` holds two fingerprints of
the game the Regular AI and the Insurgent AI play: `events` (the game's `events_sha256` over each
event's seq, turn, kind and data, what a save checks) and `log` (the SHA-256 of the narration,
one line per event, which `game/engine/narration.py` builds from the events: a wording change
moves only `log`). A commit that only
reshapes code leaves both alone; one that changes play on purpose re-pins them and says which
rule moved. `tests/golden/test_golden.py` runs the same check in the suite.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

if TYPE_CHECKING:
    from game.engine.controllers import Controller
    from game.engine.engine import Engine

GOLDEN_DIR = ROOT / "tests" / "golden"
SEEDS = range(1, 21)


def golden_setup(scenario_id: str, seed: int) -> tuple[Engine, dict[str, Controller]]:
    """A golden game before its first command: the shipped scenario at this seed, the Regular
    AI and the Insurgent AI in the seats."""
    from game.ai.controller import InsurgentAI
    from game.ai.regular import RegularAI
    from game.engine.state import INSURGENT, REGULAR
    from game.save import new_game, resolve_map

    map_path, sid = resolve_map(scenario_id)
    engine = new_game(map_path, sid, seed)
    controllers: dict[str, Controller] = {
        REGULAR: RegularAI(engine.battlefield),
        INSURGENT: InsurgentAI(engine.battlefield, seed * 2 + 2),
    }
    return engine, controllers


def play_golden(scenario_id: str, seed: int) -> tuple[Engine, dict[str, Controller]]:
    """The finished AI-vs-AI game of a shipped scenario and seed, with its two controllers."""
    from game.headless import play

    engine, controllers = golden_setup(scenario_id, seed)
    play(engine, controllers)
    return engine, controllers


def fingerprints(engine: Engine) -> dict[str, str]:
    """The two fingerprints of a finished game: its events and its narration."""
    text = "\n".join(str(e["text"]) for e in engine.state.events)
    return {
        "events": engine.events_sha256(),
        "log": hashlib.sha256(text.encode("utf-8")).hexdigest(),
    }


def golden_game(scenario_id: str, seed: int) -> dict[str, str]:
    """The two fingerprints of one AI-vs-AI game of a shipped scenario."""
    return fingerprints(play_golden(scenario_id, seed)[0])


def _job(args: tuple[str, int]) -> tuple[str, int, dict[str, str]]:
    return args[0], args[1], golden_game(*args)


def compute(scenarios: list[str], jobs: int = 2) -> dict[str, dict[str, dict[str, str]]]:
    work = [(s, seed) for s in scenarios for seed in SEEDS]
    out: dict[str, dict[str, dict[str, str]]] = {s: {} for s in scenarios}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for sid, seed, prints in pool.map(_job, work):
            out[sid][str(seed)] = prints
    return out


def golden_path(scenario_id: str) -> Path:
    return GOLDEN_DIR / f"{scenario_id}.json"


def main(argv: list[str] | None = None) -> int:
    from game.scenarios.ids import scenario_ids

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="re-pin the golden games")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    scenarios = list(scenario_ids())
    games = compute(scenarios, args.jobs)
    if args.write:
        for sid, seeds in games.items():
            golden_path(sid).write_text(json.dumps(seeds, indent=1, sort_keys=True) + "\n")
        print(f"pinned {sum(len(s) for s in games.values())} games in {GOLDEN_DIR}")
        return 0
    moved = 0
    for sid, seeds in games.items():
        pinned = json.loads(golden_path(sid).read_text())
        for seed, prints in seeds.items():
            for key, value in prints.items():
                if pinned.get(seed, {}).get(key) != value:
                    moved += 1
                    print(f"{sid} seed {seed}: {key} moved")
    print("golden games unchanged" if not moved else f"{moved} fingerprints moved")
    return 1 if moved else 0


if __name__ == "__main__":
    raise SystemExit(main())

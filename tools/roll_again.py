"""How long ROLL AGAIN chains run in the Insurgent reinforcement check (R43, R124).

    python tools/roll_again.py                      # 1,000,000 checks, seed 1
    python tools/roll_again.py --checks 200000 --seed 7 --json

Rolls the scenarios' reinforcement table (Rulebook: Arrival of Insurgent Reinforcements) through
the rules core, `--checks` times, with seeded dice, at the Automatic Insurgency Level so every
check brings units. It prints how many units the checks brought, the longest chain, and how
often a chain ran past 3 extra rolls: the cap the engine used to apply (R43 until issue 16), so
the share of checks whose play the cap changed. The exact figure beside it: a table roll is
ROLL AGAIN on 4 or 9 of 2d6 (7 in 36), and a chain passes the old cap when the first roll and the
next three are all ROLL AGAIN, (7/36)^4. `--json` prints one object instead. Bad arguments print
one error line and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any, NoReturn

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.rules.dice import SeededDice  # noqa: E402
from game.rules.reinforcements import (  # noqa: E402
    AUTOMATIC,
    REINFORCEMENT_TABLE,
    roll_reinforcements,
)

OLD_CAP = 3
"""Extra rolls the engine allowed per check before issue 16 (R43)."""

MAX_CHECKS = 100_000_000


class UsageError(Exception):
    """A bad command line, reported as one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def roll_again_odds() -> float:
    """The chance that one 2d6 table roll is a ROLL AGAIN row."""
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if REINFORCEMENT_TABLE[a + b].roll_again)
    return hits / 36


def measure(checks: int, seed: int) -> dict[str, Any]:
    """Roll `checks` reinforcement checks; the chain lengths and the old cap's share."""
    dice = SeededDice(seed)
    lengths: Counter[int] = Counter()
    for _ in range(checks):
        lengths[len(roll_reinforcements(AUTOMATIC, dice).units)] += 1
    past_cap = sum(n for units, n in lengths.items() if units - 1 > OLD_CAP)
    p = roll_again_odds()
    return {
        "checks": checks,
        "seed": seed,
        "units_per_check": sum(units * n for units, n in lengths.items()) / checks,
        "longest_chain_units": max(lengths),
        "chains_by_units": {str(units): lengths[units] for units in sorted(lengths)},
        "past_old_cap": past_cap,
        "past_old_cap_share": past_cap / checks,
        "exact_past_old_cap_share": p ** (OLD_CAP + 1),
        "exact_reaching_old_cap_share": p**OLD_CAP,
    }


def report(result: dict[str, Any]) -> str:
    lines = [
        f"{result['checks']:,} reinforcement checks (seed {result['seed']}): "
        f"{result['units_per_check']:.4f} units per check, longest chain "
        f"{result['longest_chain_units']} units",
        "units per check: "
        + ", ".join(f"{k}: {v:,}" for k, v in result["chains_by_units"].items()),
        f"chains past the old cap of {OLD_CAP} extra rolls: {result['past_old_cap']:,} "
        f"= {100 * result['past_old_cap_share']:.3f}% of checks "
        f"(exact (7/36)^4 = {100 * result['exact_past_old_cap_share']:.3f}%; "
        f"checks reaching 4 units or more, (7/36)^3 = "
        f"{100 * result['exact_reaching_old_cap_share']:.3f}%)",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(description="How long ROLL AGAIN chains run (R43, R124).")
    parser.add_argument("--checks", type=int, default=1_000_000, help="checks to roll")
    parser.add_argument("--seed", type=int, default=1, help="dice seed")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    try:
        args = parser.parse_args(argv)
        if not 1 <= args.checks <= MAX_CHECKS:
            raise UsageError(f"--checks: {args.checks} is not between 1 and {MAX_CHECKS:,}")
    except UsageError as problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    result = measure(args.checks, args.seed)
    print(json.dumps(result, sort_keys=True) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Exact casualty odds of a Firepower pool against a Defense pool (Making the Attack Roll).

    python tools/odds.py --attack 7d10 --defense 4d8
    python tools/odds.py --attack 7d10 --defense 4d8 --json

A pool is `NdS`: N dice (attack 1-10, defense 0-10; 0 defense dice means nothing answers the
attack) of d6, d8, d10 or d12. `--json` prints one object:
`{"attack": "7d10", "defense": "4d8", "casualties": [P(0), P(1), ...], "expected": x}`.
Bad arguments print one error line and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.rules.dice import Die  # noqa: E402
from game.rules.odds import MAX_POOL, attack_odds_text, casualty_odds  # noqa: E402

_POOL = re.compile(r"^\s*(\d+)\s*[dD]\s*(\d+)\s*$")


class UsageError(Exception):
    """A bad command line, reported as one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def parse_pool(text: str, what: str, minimum: int) -> tuple[int, Die]:
    """Read `NdS` (e.g. `7d10`) into a dice count and a die type; UsageError naming the problem."""
    match = _POOL.match(text)
    if match is None:
        raise UsageError(f"--{what} {text!r}: write a pool as NdS, e.g. 7d10")
    count, sides = int(match.group(1)), int(match.group(2))
    try:
        die = Die(sides)
    except ValueError:
        problem = f"d{sides} is not a die of the game (d6, d8, d10, d12)"
        raise UsageError(f"--{what} {text!r}: {problem}") from None
    if not minimum <= count <= MAX_POOL:
        raise UsageError(f"--{what} {text!r}: use {minimum} to {MAX_POOL} dice")
    return count, die


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(
        prog="tools/odds.py",
        description="Exact casualty odds of a Firepower pool against a Defense pool.",
    )
    parser.add_argument("--attack", required=True, help="Firepower pool, e.g. 7d10 (1-10 dice)")
    parser.add_argument("--defense", required=True, help="Defense pool, e.g. 4d8 (0-10 dice)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    try:
        args = parser.parse_args(argv)
        attack_count, attack_die = parse_pool(args.attack, "attack", 1)
        defense_count, defense_die = parse_pool(args.defense, "defense", 0)
    except UsageError as problem:
        print(f"tools/odds.py: error: {problem}", file=sys.stderr)
        return 2
    odds = casualty_odds(attack_count, attack_die, defense_count, defense_die)
    if args.json:
        payload = {
            "attack": odds.attack_label,
            "defense": odds.defense_label,
            "casualties": list(odds.probabilities),
            "expected": odds.expected,
        }
        print(json.dumps(payload))
    else:
        print(attack_odds_text(odds))
    return 0


if __name__ == "__main__":
    sys.exit(main())

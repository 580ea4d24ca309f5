"""Command line entry point: `python main.py` and the `ambush-alley` console script."""

from __future__ import annotations

import argparse
import sys

from game import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ambush-alley",
        description="Ambush Alley! — urban counter-insurgency skirmish on the desktop.",
    )
    parser.add_argument("--version", action="version", version=f"ambush-alley {__version__}")
    return parser


def main(argv: list[str] | None = None) -> int:
    build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    print(
        "Ambush Alley! is being built: the rules core and the battlefield come first, the turn "
        "engine and the window later.\nTry the exact odds calculator: "
        "python3 tools/odds.py --attack 7d10 --defense 4d8"
    )
    return 0

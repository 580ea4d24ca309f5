"""Command line entry point: `python main.py` and the `ambush-alley` console script."""

from __future__ import annotations

import argparse
import sys

from game import __version__
from game.client.cli import add_client_arguments, run_client  # pygame loads only when run
from game.headless import add_headless_arguments, run_headless  # the engine loads only when run


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ambush-alley",
        description="Ambush Alley! — urban counter-insurgency skirmish on the desktop.",
    )
    parser.add_argument("--version", action="version", version=f"ambush-alley {__version__}")
    add_client_arguments(parser)
    add_headless_arguments(parser)  # shares --scenario/--map with the window
    return parser


WHAT_TO_CHOOSE = {
    "--difficulty": "the difficulty",
    "--rule": "the optional rules",
}


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    if args.headless or args.load:
        return run_headless(args)  # a whole game in the terminal, ending with RESULT {json}
    chosen = [
        f"--{n}"
        for n in ("force", "quality", "morale", "difficulty", "rule")  # rule: house clearing
        if getattr(args, n, None)
    ]
    if chosen:  # the window asks on its set-up screen (docs/SCENARIOS.md)
        print(
            f"error: {chosen[0]} is for --headless games; in the window, choose "
            f"{WHAT_TO_CHOOSE.get(chosen[0], 'the force')} "
            "on the New game screen",
            file=sys.stderr,
        )
        return 2
    # The window: the menu, a map on the battle screen, or a headless screenshot.
    return run_client(args)

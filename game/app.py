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
    # --- French UI (issue 24): the language ---
    parser.add_argument(
        "--lang",
        metavar="system|en|fr",
        help="the language of the screens and the game log (default: the window follows "
        "Settings, a --headless game is English); RESULT/JSON lines stay English",
    )
    return parser


def choose_language(args: argparse.Namespace) -> str | None:
    """Switch the game to the language `--lang` asks for (else: the window's Settings, a
    headless game English); the error line for a bad value, or None."""
    from game import i18n

    choice = getattr(args, "lang", None)
    if choice is not None and choice not in ("system", *i18n.LANGUAGES):
        return (
            f"--lang {choice}: unknown language (choose from system, {', '.join(i18n.LANGUAGES)})"
        )
    if choice is None:
        if args.headless or args.load:
            choice = "en"  # a headless log reads the same on every desktop unless asked
        else:
            from game.client.settings import load_settings

            choice = load_settings().settings.language
    i18n.set_language(choice)
    return None


WHAT_TO_CHOOSE = {
    "--difficulty": "the difficulty",
    "--rule": "the optional rules",
}


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    problem = choose_language(args)  # --- French UI (issue 24): before any screen is built
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
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

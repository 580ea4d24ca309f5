"""The client's part of the command line: open the menu, or render a screenshot and exit.

    python main.py                                   the main menu
    python main.py --map PATH.tmx                    straight to the battle screen
    python main.py PATH.tmx | SCENARIO               the same, shorter
    python main.py --screenshot out.png --scenario contracting-trouble
    python main.py --screenshot out.png --map PATH.tmx   (headless, 1280x800, exit 0)
    python main.py --screenshot out.png --screen end --scenario ID --seed 3 --size 1024x640
    python main.py --screenshot out.png --screen replay --scenario ID --seed 2 --turn 4

`--screen` picks the screen to picture (SCREENS: briefing, battle, end, replay).

Bad arguments and missing or broken maps print one line and exit 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.client.battle import BattleScene
    from game.client.scenes import App

SCREENSHOT_SIZE = (1280, 800)

# The screens `--screen` can picture: name -> what it shows (None: not built yet). The briefing
# is the game before its first order; the battle screen is the table as it stands (at --turn T);
# the end screen plays the game out with the AIs; the replay screen plays it out and shows the
# board at the start of --turn T (else at its last event).
SCREENS: dict[str, str | None] = {
    "briefing": "the briefing before the first order",
    "battle": "the play screen",
    "end": "the end-of-game screen (the AIs play the game out first)",
    "replay": "the replay screen (the AIs play the game out; at the start of --turn T if given)",
}
PLAYED_OUT = ("end", "replay")


def add_client_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("window")
    group.add_argument(
        "--screenshot",
        metavar="FILE.png",
        help="render the screen headlessly (1280x800) to a PNG file and exit",
    )
    where = group.add_mutually_exclusive_group()
    where.add_argument("--map", metavar="PATH.tmx", help="open this Tiled map on the battle screen")
    where.add_argument(
        "--scenario", metavar="ID", help="open the shipped map of a scenario (contracting-trouble…)"
    )
    group.add_argument(
        "--screen",
        metavar="NAME",
        help="with --screenshot and a table: which screen to picture ("
        + ", ".join(name for name, what in SCREENS.items() if what)
        + "; default battle)",
    )
    group.add_argument(
        "--size",
        metavar="WxH",
        help="the window size for --screenshot (default 1280x800), e.g. 1024x640",
    )
    group.add_argument(
        "--turn",
        type=int,
        metavar="T",
        help="with a table: let the AIs play both sides up to turn T first (in the window "
        "or for --screenshot; with --screen replay: show the replay at the start of turn T)",
    )
    group.add_argument(
        "--frames", type=int, metavar="N", help=argparse.SUPPRESS
    )  # run N frames then exit: start-up timing and smoke runs
    parser.add_argument(
        "table",
        nargs="?",
        metavar="PATH.tmx|SCENARIO",
        help="a map to open (as --map) or a scenario id (as --scenario)",
    )


def _fail(message: str) -> int:
    # a map's problems already read "error: PATH: ..." (MapProblem): say "error:" once
    print(f"error: {message.removeprefix('error: ')}", file=sys.stderr)
    return 2


def parse_size(text: str) -> tuple[int, int] | str:
    """`1024x640` as (1024, 640), or the error message."""
    w, sep, h = text.lower().partition("x")
    if not sep or not w.isdigit() or not h.isdigit():
        return f"--size {text}: write the size as WIDTHxHEIGHT, e.g. 1280x800"
    size = (int(w), int(h))
    if not (640 <= size[0] <= 7680 and 480 <= size[1] <= 4320):
        return f"--size {text}: from 640x480 up to 7680x4320"
    return size


def _check_screen(args: argparse.Namespace, has_table: bool) -> str | None:
    """The error with --screen/--size, if any."""
    screen = getattr(args, "screen", None)
    if screen is None:
        return None
    if not getattr(args, "screenshot", None):
        return f"--screen {screen}: only with --screenshot FILE.png"
    built = ", ".join(name for name, what in SCREENS.items() if what)
    if screen not in SCREENS:
        return f"--screen {screen}: no such screen (screens: {built})"
    if SCREENS[screen] is None:
        return f"--screen {screen}: this screen is not built yet (screens: {built})"
    if not has_table:
        return f"--screen {screen}: give a table (--scenario ID or a map)"
    if screen == "briefing" and getattr(args, "turn", None) is not None:
        return f"--turn {args.turn}: the briefing comes before the first turn (leave --turn out)"
    return None


def _resolve_map(args: argparse.Namespace) -> Path | str | None:
    """The map to open (None: the menu), or an error message."""
    from game.client.catalogue import find_scenario, shipped_maps

    table = getattr(args, "table", None)
    if table:
        if args.map or args.scenario:
            return f"{table}: give the table once (a path, --map or --scenario), not twice"
        if table.lower().endswith(".tmx"):
            return Path(table).expanduser()
        args.scenario = table
    if args.map:
        return Path(args.map).expanduser()
    if args.scenario and args.scenario.lower().endswith(".tmx"):
        return Path(args.scenario).expanduser()  # as `--headless --scenario PATH.tmx` allows
    if args.scenario:
        entry = find_scenario(args.scenario)
        if entry is None:
            known = sorted({e.scenario_id or e.path.stem for e in shipped_maps()})
            listing = ", ".join(known) if known else "none shipped yet"
            return (
                f"--scenario {args.scenario}: no shipped map for this scenario (known: {listing})"
            )
        return entry.path
    return None


def run_client(args: argparse.Namespace) -> int:
    """Start the window (or render a screenshot) as the arguments say; the exit status."""
    screenshot = Path(args.screenshot) if getattr(args, "screenshot", None) else None
    if screenshot is not None:
        if screenshot.suffix.lower() != ".png":
            return _fail(f"--screenshot {screenshot}: the file name must end in .png")
        if not screenshot.parent.resolve().is_dir():
            return _fail(f"--screenshot {screenshot}: folder {screenshot.parent} does not exist")
    frames = getattr(args, "frames", None)
    if frames is not None and frames < 1:
        return _fail(f"--frames {frames}: must be 1 or more")
    target = _resolve_map(args)
    if isinstance(target, str):
        return _fail(target)
    turn = getattr(args, "turn", None)
    if turn is not None and turn < 1:
        return _fail(f"--turn {turn}: must be 1 or more")
    if turn is not None and target is None:
        return _fail(
            f"--turn {turn}: give a table to play up to that turn (--scenario ID or a map)"
        )
    problem = _check_screen(args, target is not None)
    if problem:
        return _fail(problem)
    size = SCREENSHOT_SIZE
    if getattr(args, "size", None):
        if screenshot is None:
            return _fail(f"--size {args.size}: only with --screenshot (Settings sets the window)")
        parsed = parse_size(args.size)
        if isinstance(parsed, str):
            return _fail(parsed)
        size = parsed
    if screenshot is not None:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from game.client.scenes import App

    headless = screenshot is not None or os.environ.get("SDL_VIDEODRIVER") == "dummy"
    try:
        app = App(size, headless=headless)
    except pygame.error as exc:
        return _fail(f"cannot open a window ({exc}); --screenshot works without a display")
    if screenshot is None:
        from game.client.settings_screen import apply_startup_settings

        warning = apply_startup_settings(app, headless=headless)  # maps folder, window size
        if warning:
            print(f"warning: {warning}", file=sys.stderr)
    try:
        return _run(app, target, screenshot, frames, args)
    finally:
        app.shutdown()


def _push_screen(app: App, battle: BattleScene, screen: str, turn: int | None) -> str | None:
    """Put the screen to picture on top of the stack (the replay at `turn`); the error, if any."""
    if screen == "replay":  # the finished game, replayed: the play screen stays out of it
        from game.client.replay import ReplayScene
        from game.replay import Replay

        replay = Replay(battle.session.engine)  # type: ignore[attr-defined]
        position = len(replay) - 1
        if turn is not None:
            found = replay.turn_start(turn)
            if found is None:
                return (
                    f"--turn {turn}: this game ended in turn {replay.last_turn} "
                    f"(give 1 to {replay.last_turn})"
                )
            position = found
        app.push(ReplayScene(replay, battle.opened, position=position))
        return None
    app.push(battle)
    if screen == "briefing":
        from game.briefing import briefing_of
        from game.client.briefing import BriefingScene

        app.push(BriefingScene(briefing_of(battle.session.engine)))  # type: ignore[attr-defined]
    return None


def _run(
    app: App,
    target: Path | None,
    screenshot: Path | None,
    frames: int | None,
    args: argparse.Namespace | None = None,
) -> int:
    import pygame

    from game.client.catalogue import MapOpenError, open_map
    from game.client.menu import MainMenuScene

    app.push(MainMenuScene())
    if target is not None:
        from game.client.play import battle_scene_for  # loads the engine: only when a map opens

        seed = getattr(args, "seed", None)
        screen = getattr(args, "screen", None) or "battle"
        turn = 10**6 if screen in PLAYED_OUT else getattr(args, "turn", None)  # play it out
        try:
            battle = battle_scene_for(
                open_map(target), 1 if seed is None else seed, turn, autosave=screenshot is None
            )
        except MapOpenError as exc:
            return _fail(str(exc))
        except (OSError, pygame.error) as exc:
            return _fail(f"{target}: the map's art cannot be loaded ({exc})")
        if screen != "battle" and not hasattr(battle, "session"):
            return _fail(f"--screen {screen}: {target}: this table cannot be played")
        problem = _push_screen(app, battle, screen, getattr(args, "turn", None))
        if problem:
            return _fail(problem)
        if screenshot is not None and screen == "battle":  # a filled-in card: the first Regular
            units = battle.view_provider().units
            first = next((u for u in units if u.side.value == "regular"), None) or next(
                iter(units), None
            )
            battle.select(first.unit_id if first is not None else None)
    if screenshot is not None:
        app.run(max_frames=2)
        if getattr(args, "screen", None) == "end":  # the play screen hands over to the end screen
            from game.client.endgame import EndGameScene

            while not isinstance(app.stack.top, EndGameScene) and app.frames < 600:
                app.run(max_frames=app.frames + 1)
            app.run(max_frames=app.frames + 2)
        try:
            pygame.image.save(app.screen, str(screenshot))
        except (OSError, pygame.error) as exc:
            return _fail(f"--screenshot {screenshot}: cannot write ({exc})")
        print(f"wrote {screenshot} ({app.size[0]}x{app.size[1]})")
        return 0
    return app.run(max_frames=frames)

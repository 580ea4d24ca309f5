"""The headless game: `python main.py --headless --scenario ID|PATH.tmx --seed N`.

Plays a whole game with a controller on each side (the solo-rules Insurgent AI and the baseline
Regular AI by default; the seeded random fuzzer with `--insurgents random` / `--regulars random`)
and narrates every event: each roll with its dice
faces, reason and rulebook section. The last line is `RESULT {json}`. Bad arguments produce one
line on stderr and exit status 2. `python -m game.headless ...` runs it
without the window's options.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from game.battlefield.errors import MapError
from game.i18n import N_, narr
from game.save import (
    Autosaver,
    SaveError,
    data_dir,
    keep_unfinished,
    load_save,
    new_game,
    resolve_map,
    sidecar_path,
    write_save,
)
from game.scenarios.ids import scenario_ids
from game.steady_gc import steady_collector

if TYPE_CHECKING:  # `python main.py` parses these options before the menu: keep it engine-free
    from game.engine.controllers import Controller
    from game.engine.driver import Driver
    from game.engine.engine import Engine


def add_headless_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the headless game's options; options another room already defined (the client's
    `--scenario`, `--map`) are shared, not redefined."""
    taken = set(parser._option_string_actions)
    group = parser.add_argument_group("headless game")

    def add(flag: str, **kwargs: Any) -> None:
        if flag not in taken:
            group.add_argument(flag, **kwargs)

    add("--headless", action="store_true", help="play a whole game in the terminal")
    add(
        "--scenario",
        metavar="ID|PATH.tmx",
        help=f"scenario id ({', '.join(scenario_ids())}) or a map file",
    )
    add("--seed", type=int, default=1, help="dice seed (default 1)")
    add(
        "--force",
        metavar="FORMATION",
        help="field another Regular force of the ORBAT library, where the scenario allows "
        "(docs/SCENARIOS.md)",
    )
    add(
        "--quality",
        metavar="dN",
        help="the Regulars' Troop Quality, where the scenario offers a choice",
    )
    add("--morale", metavar="dN", help="the Regulars' Morale, where the scenario offers a choice")
    add("--turns", type=int, help="turn limit (default: the scenario's, R31)")
    add(
        "--difficulty",
        metavar="book|hard|brutal",
        help="Book: the solo rules exactly (default); Hard: Insurgency Level +1 and every "
        "Insurgent one Troop Quality die better; Brutal: Hard, leaders one die better again, and "
        "the Commander AI unless --insurgents names another (README: Difficulty)",
    )
    add(  # house clearing (issue 21, R246)
        "--rule",
        action="append",
        default=[],
        metavar="NAME=on|off",
        help="switch an optional rule on or off (building-clearing; docs/SCENARIOS.md)",
    )
    add("--save", metavar="FILE", help="write the game to FILE when it stops")
    add("--load", metavar="FILE", help="continue a saved game")
    add("--stop-after-turn", type=int, metavar="T", help="stop after turn T")
    add(
        "--stop-after-command",
        type=int,
        metavar="N",
        help="stop once the game has N commands (with --save: a save to --load and play on)",
    )
    add("--quiet", action="store_true", help="print only the RESULT line")
    add(
        "--autosave-dir",
        metavar="DIR",
        help="autosave after every command into DIR/autosave.json "
        "(default: the user data folder, or $AMBUSH_ALLEY_DATA_DIR)",
    )
    add("--no-autosave", action="store_true", help="do not autosave")
    add(
        "--insurgents",
        choices=("random", "ai", "commander"),
        default=None,
        help="who plays the Insurgents: the solo-rules AI (default; the Commander on Brutal; a "
        "loaded game keeps its own), the Commander AI (two-player rules) or the seeded random "
        "fuzzer",
    )
    add(
        "--regulars",
        choices=("random", "ai", "basic"),
        default="ai",
        help="who plays the Regulars: the team AI (default), the earlier basic AI, or the "
        "seeded random fuzzer",
    )


def result_line(engine: Engine) -> str:
    from game.engine.events import canonical_json

    result: dict[str, Any] = dict(engine.state.result or {})
    result.setdefault("scenario", engine.state.scenario_id)
    result.setdefault("seed", engine.state.seed)
    result.setdefault("turns", engine.state.turn)
    result["difficulty"] = engine.state.difficulty
    if engine.state.optional_rules:  # house clearing (issue 21, R246): shown when any is on
        result["optional_rules"] = list(engine.state.optional_rules)
    result["insurgents"] = engine.state.insurgent_ai or "ai"  # issue 17 §2
    result["events_sha256"] = engine.events_sha256()
    result["victory_conditions"] = engine.scenario.victory_conditions()
    return "RESULT " + canonical_json(result)


def play(
    engine: Engine,
    controllers: Mapping[str, Controller],
    *,
    stop_after_turn: int | None = None,
    stop_after_command: int | None = None,
    after_command: Any = None,
    on_note: Callable[[str, str], None] | None = None,
    note_sides: tuple[str, ...] = (),
) -> Driver:
    """Let the controllers answer every decision until the game ends or a stop condition holds
    (the match driver, strict: a controller's failure is raised). A loaded game's controllers
    first recall this turn's decisions, so it plays on as if never interrupted."""
    from game.engine.driver import Driver

    driver = Driver(
        engine,
        controllers,
        policy="strict",
        stop_after_turn=stop_after_turn,
        stop_after_command=stop_after_command,
        lazy_samples=True,  # every view is read before the next command (issue 23 §5)
    )
    driver.recall()
    if on_note is not None:
        driver.note_listeners.append(
            lambda side, line: on_note(side, line) if side in note_sides else None
        )
    if after_command is not None:
        driver.hooks.append(lambda step: after_command())
    with steady_collector() as collector:
        turn = engine.state.turn

        def settle_on_new_turn(step: Any) -> None:  # a new turn: a calm moment to collect
            nonlocal turn
            if engine.state.turn != turn:
                turn = engine.state.turn
                collector.settle()

        driver.hooks.append(settle_on_new_turn)
        driver.run()
    return driver


def _fail(message: str) -> int:
    # a map's problems already read "error: PATH: ..." (MapProblem): say "error:" once
    print(f"error: {message.removeprefix('error: ')}", file=sys.stderr)
    return 2


def _check_arguments(args: argparse.Namespace) -> str:
    """The first problem with the headless options (one line), or ''."""
    if args.seed is not None and args.seed < 0:
        return "--seed must be 0 or more"
    if args.turns is not None and args.turns < 1:
        return "--turns must be 1 or more"
    if args.stop_after_turn is not None and args.stop_after_turn < 1:
        return f"--stop-after-turn {args.stop_after_turn}: must be 1 or more"
    stop_after_command = getattr(args, "stop_after_command", None)
    if stop_after_command is not None and stop_after_command < 1:
        return f"--stop-after-command {stop_after_command}: must be 1 or more"
    table = getattr(args, "table", None)
    if table and (args.scenario or getattr(args, "map", None)):
        return f"{table}: give the table once (a path, --map or --scenario), not twice"
    chosen = [f"--{n}" for n in ("force", "quality", "morale") if getattr(args, n, None)]
    if args.load and chosen:
        return f"{chosen[0]}: a saved game keeps the force it was started with"
    difficulty = getattr(args, "difficulty", None)
    if difficulty is not None:
        from game.engine.difficulty import parse_difficulty

        try:
            parse_difficulty(difficulty)
        except ValueError as exc:
            return f"--{exc}"
        if args.load:
            return f"--difficulty {difficulty}: a saved game keeps its own difficulty"
    rules = getattr(args, "rule", None) or []  # house clearing (issue 21, R246)
    if rules and args.load:
        return f"--rule {rules[0]}: a saved game keeps its own optional rules"
    for text in rules:
        from game.engine.optional_rules import parse_switch

        try:
            parse_switch(text)
        except ValueError as exc:
            return str(exc)
    if args.load and args.turns is not None:
        return (
            f"--turns {args.turns}: a saved game keeps its own turn limit; "
            "use --stop-after-turn T to play only up to turn T"
        )
    if getattr(args, "turn", None) is not None:
        return (
            f"--turn {args.turn} is for the window (--screenshot or a map); "
            "a headless game stops with --stop-after-turn T"
        )
    return ""


def _open_game(args: argparse.Namespace) -> Engine | str:
    """The loaded or new game, or the one-line problem."""
    try:
        if args.load:
            return load_save(Path(args.load))
        spec = args.scenario or getattr(args, "map", None) or getattr(args, "table", None)
        if not spec:
            return f"--headless needs --scenario ({', '.join(scenario_ids())} or a .tmx file)"
        map_path, scenario_id = resolve_map(spec)
        if scenario_id is None and map_path.suffix.lower() != ".tmx":
            return (
                f"--scenario {spec}: not a scenario id ({', '.join(scenario_ids())}) nor a .tmx map"
            )
        if not map_path.exists():
            return f"--scenario {spec}: map file {map_path} does not exist"
        force = _force_choice(args)
        if isinstance(force, str):
            return force
        return new_game(
            map_path,
            scenario_id,
            args.seed,
            turn_limit=args.turns,
            force=force,
            difficulty=getattr(args, "difficulty", None) or "book",
            optional_rules=_optional_rules(args),
        )
    except (SaveError, MapError, ValueError) as exc:
        return str(exc)


def _optional_rules(args: argparse.Namespace) -> list[str]:
    """The optional rules switched on with `--rule NAME=on|off` (house clearing, R246)."""
    from game.engine.optional_rules import apply_switches

    return apply_switches((), getattr(args, "rule", None) or [])


def _force_choice(args: argparse.Namespace) -> dict[str, Any] | str:
    """`--force`, `--quality`, `--morale` as the scenario's force choice, or the problem."""
    choice: dict[str, Any] = {}
    if getattr(args, "force", None):
        choice["formation"] = args.force
    for name in ("quality", "morale"):
        text = getattr(args, name, None)
        if text is None:
            continue
        size = text.lower().removeprefix("d")
        if size not in ("6", "8", "10", "12"):
            return f"--{name} {text}: write d6, d8, d10 or d12"
        choice[name] = int(size)
    return choice


def insurgent_name(args: argparse.Namespace, engine: Engine) -> str:
    """The Insurgent controller: `--insurgents`, else the one the game was started with, else
    the difficulty's (the solo-rules AI, the Commander on Brutal: R332); kept in the state so
    a save and the RESULT line record it."""
    from game.engine.difficulty import default_insurgents

    name = (
        getattr(args, "insurgents", None)
        or engine.state.insurgent_ai
        or ("ai" if getattr(args, "load", None) else default_insurgents(engine.state.difficulty))
    )  # a save from before the controller was kept: the solo AI, on Brutal too (R331)
    engine.state.insurgent_ai = name
    return str(name)


# --- difficulty that matters (issue 17 §3, round 4): R330-R333 ---
DIFFICULTY_WORDS = {
    "book": (N_("Book"), N_("the solo rules exactly")),
    "hard": (N_("Hard"), N_("Insurgency Level +1, every Insurgent one Troop Quality die better")),
    "brutal": (
        N_("Brutal"),
        N_("Hard, and Insurgent leaders one more Troop Quality die better"),
    ),
}
INSURGENT_WORDS = {
    "ai": N_("the solo-rules AI"),
    "commander": N_("the Commander AI"),
    "random": N_("the random controller"),
}


def difficulty_line(engine: Engine) -> str:
    """The game's difficulty, what it changes and who plays the Insurgents (R332)."""
    state = engine.state
    label, what = DIFFICULTY_WORDS.get(state.difficulty, (state.difficulty, ""))
    name = state.insurgent_ai or "ai"
    return narr("Difficulty: {level} ({what}). The Insurgents are played by {who}.").format(
        level=narr(label), what=narr(what), who=narr(INSURGENT_WORDS.get(name, name))
    )


def _controllers(args: argparse.Namespace, engine: Engine) -> dict[str, Controller]:
    """Who plays each side: the AIs by default, the seeded random fuzzer on request."""
    from game.engine.controllers import RandomController
    from game.engine.state import INSURGENT, REGULAR
    from game.opponents import make_controller

    seed = engine.state.seed
    controllers: dict[str, Controller] = {
        REGULAR: RandomController(seed * 2 + 1),
        INSURGENT: make_controller(
            INSURGENT, insurgent_name(args, engine), engine.battlefield, seed
        ),
    }
    if getattr(args, "regulars", "ai") in ("ai", "basic"):  # basic: the earlier Regular AI
        from game.ai.regular import RegularAI

        controllers[REGULAR] = RegularAI(engine.battlefield, style=args.regulars)
    return controllers


def _autosaver(args: argparse.Namespace, engine: Engine) -> Autosaver | None:
    if getattr(args, "no_autosave", False):
        return None
    folder = Path(args.autosave_dir) if args.autosave_dir else data_dir()
    autosave = Autosaver(engine, folder)
    # the window's unfinished game is kept in its saves, and its sidecar goes: Continue
    # must never offer this headless game with the window game's seats
    kept = keep_unfinished(autosave.path, engine)
    if kept:
        print(kept, file=sys.stderr)
    with contextlib.suppress(OSError):
        sidecar_path(autosave.path).unlink(missing_ok=True)
    return autosave


def _note_printer(stream: TextIO) -> Callable[[str, str], None]:
    """Both AIs' reasons, each printed before what it leads to, as the engine files them (its
    notes, in the language in use): the Regular AI's lines open with their own "Regular AI: ",
    the Insurgent AI's (the solo rules' table, row and die; the Commander's) get theirs here."""
    from game.engine.state import REGULAR

    def show(side: str, line: str) -> None:
        told = line if side == REGULAR else narr("Insurgent AI: {line}").format(line=line)
        print(told, file=stream)

    return show


def run_headless(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from game.engine.driver import ControllerFailure
    from game.engine.state import INSURGENT, REGULAR

    stream = out or sys.stdout
    problem = _check_arguments(args)
    opened = problem or _open_game(args)
    if isinstance(opened, str):
        return _fail(opened)
    engine = opened
    if engine.load_notice:  # e.g. a save made by another version of the game
        print(engine.load_notice, file=sys.stderr)
    controllers = _controllers(args, engine)
    if not args.quiet:
        print(difficulty_line(engine), file=stream)  # --- difficulty (issue 17 §3): R332 ---
        for event in engine.state.events:
            print(event["text"], file=stream)
        engine.listeners.append(lambda event: print(event["text"], file=stream))
    try:
        autosave = _autosaver(args, engine)
        driver = play(
            engine,
            controllers,
            stop_after_turn=args.stop_after_turn,
            stop_after_command=getattr(args, "stop_after_command", None),
            after_command=autosave,
            on_note=None if args.quiet else _note_printer(stream),
            note_sides=(REGULAR, INSURGENT),
        )
        if args.save:
            write_save(engine, Path(args.save))
        if driver.stop_reason == "command":
            print(f"STOPPED after command {len(engine.log)}", file=stream)
        elif not engine.over:
            print(f"STOPPED after turn {engine.state.turn - 1}", file=stream)
        print(result_line(engine), file=stream)
    except SaveError as exc:
        return _fail(str(exc))
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keeps interpreter shutdown quiet
        return 0
    except ControllerFailure as exc:
        print(f"error: {exc}; please report it with the autosave", file=sys.stderr)
        return 3
    except Exception as exc:  # a bug of ours still reaches the user as one line
        print(
            f"error: internal error after command {len(engine.log)} of seed {engine.state.seed} "
            f"({type(exc).__name__}: {exc}); please report it with the autosave",
            file=sys.stderr,
        )
        return 3
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ambush-alley --headless")
    add_headless_arguments(parser)
    args = parser.parse_args(argv)
    args.headless = True
    return run_headless(args)


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["add_headless_arguments", "json", "play", "result_line", "run_headless"]

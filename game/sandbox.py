"""The rules sandbox: `python tools/sandbox.py SITUATION.json` (docs/SANDBOX.md).

Sets up the situation (game/scenarios/situation.py), then answers every decision: a side played
by `script` takes the next of the situation's commands, a side played by `ai` asks its AI. Prints
one JSON object per event (`kind`, `data`, `text`) and, last, `{"state": ..., "pending": ...}`.
It stops when the game ends, when the script has no command left for the side that must answer,
or after `max_commands`.

Exit status: 0 played through; 1 the run was refused on the way (an illegal command, a command
for the wrong side, the forced dice ran out or did not fit, commands left after the game ended);
2 a malformed situation; 3 an internal error (a bug of ours: `--traceback` shows it). Every
failure is one line on stderr: `error: FILE: where: problem`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, TextIO

from game.engine.commands import Answer, Command, IllegalCommand
from game.engine.controllers import Controller
from game.engine.driver import ControllerFailure, Driver
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR
from game.rules.dice import ScriptExhausted, ScriptMismatch
from game.scenarios.situation import (
    Situation,
    SituationError,
    SituationScenario,
    read_situation,
    situation_dice,
    situation_engine,
)

EXIT_OK, EXIT_REFUSED, EXIT_MALFORMED, EXIT_INTERNAL = 0, 1, 2, 3


class RunRefused(Exception):
    """The run stopped on the way; `str()` is `where: problem`."""


@dataclass
class Run:
    """What a sandbox run left: the engine (None if the set-up itself failed), the events, the
    failure if any."""

    engine: Engine | None
    events: list[dict[str, Any]]
    error: str = ""

    @property
    def final(self) -> dict[str, Any]:
        """The last line: the state without its event log, and the pending decision."""
        if self.engine is None:
            return {"state": None, "pending": None}
        pending = self.engine.pending
        return {
            "state": self.engine.state.to_dict(events=False),
            "pending": pending.to_json() if pending is not None else None,
        }


def event_line(event: dict[str, Any]) -> dict[str, Any]:
    return {"kind": event["kind"], "data": event["data"], "text": event["text"]}


def _ais(situation: Situation, engine: Engine) -> dict[str, Controller]:
    ais: dict[str, Controller] = {}
    if situation.controllers[INSURGENT] == "ai":
        from game.ai.controller import InsurgentAI

        ais[INSURGENT] = InsurgentAI(engine.battlefield, situation.seed * 2 + 2)
    if situation.controllers[REGULAR] == "ai":
        from game.ai.regular import RegularAI

        ais[REGULAR] = RegularAI(engine.battlefield)
    return ais


def _dice_problem(situation: Situation, engine_dice: Any, exc: Exception) -> str:
    if isinstance(exc, ScriptExhausted) and situation.dice is not None:
        used = len(situation.dice)
        return f"dice: the forced dice ran out after {used} faces ({exc})"
    used = len(situation.dice or ()) - len(getattr(engine_dice, "remaining", ()))
    return f"dice[{used - 1}]: {exc}"


def _play(situation: Situation, engine: Engine) -> None:
    """Answer decisions until the game ends, the script runs dry or the guard trips: the AI
    sides through the match driver (strict), the script's commands as a person's."""
    driver = Driver(engine, _ais(situation, engine), policy="strict")
    script = list(situation.commands)
    used = 0
    for _ in range(situation.max_commands):
        decision = engine.pending
        if decision is None:
            break
        side = decision.side
        if side in driver.controllers:
            try:
                driver.step()
            except ControllerFailure as exc:
                raise RunRefused(f"{side} ai: {exc}") from None
            continue
        if used == len(script):
            return  # the script is done: stop with the decision pending
        command: Command = script[used]
        where = f"commands[{used}]"
        used += 1
        if isinstance(command, Answer) and command.decision == 0:
            command = replace(command, decision=decision.id)  # the pending one
        if command.side != side:
            raise RunRefused(
                f"{where}: the {side} side must answer now ({decision.prompt}), "
                f"not the {command.side} side"
            )
        try:
            driver.apply(command)
        except IllegalCommand as exc:
            raise RunRefused(f"{where} ({command.kind}): refused by the rules: {exc}") from None
    if used < len(script):
        raise RunRefused(f"commands[{used}]: the game ended before this command")


def run_situation(situation: Situation, on_event: Callable[[dict[str, Any]], None]) -> Run:
    """Set up and play a situation, handing every event to `on_event` as it happens."""
    scenario = SituationScenario(situation)
    run = Run(None, [])

    def seen(event: dict[str, Any]) -> None:
        run.events.append(event)
        on_event(event)

    dice = situation_dice(situation)
    try:
        engine = situation_engine(situation, scenario, dice)
    except (ScriptExhausted, ScriptMismatch) as exc:  # the set-up itself rolled (reinforcements)
        for event in scenario.state.events if scenario.state else []:
            seen(event)
        run.error = _dice_problem(situation, dice, exc)
        return run
    run.engine = engine
    for event in engine.state.events:
        seen(event)
    engine.listeners.append(seen)
    try:
        _play(situation, engine)
    except RunRefused as exc:
        run.error = str(exc)
    except (ScriptExhausted, ScriptMismatch) as exc:
        run.error = _dice_problem(situation, dice, exc)
        run.engine = None  # the sequence of play broke off inside a roll: no state to show
    return run


def main(
    argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    stream, errors = out or sys.stdout, err or sys.stderr
    parser = argparse.ArgumentParser(
        prog="sandbox.py", description="Set up a rules situation, play its commands, print events."
    )
    parser.add_argument("situation", help="a situation JSON file (docs/SANDBOX.md)")
    parser.add_argument(
        "--traceback", action="store_true", help="let an internal error show its traceback"
    )
    args = parser.parse_args(argv)
    try:
        situation = read_situation(args.situation)
    except SituationError as exc:
        print(f"error: {args.situation}: {exc}", file=errors)
        return EXIT_MALFORMED

    def show(event: dict[str, Any]) -> None:
        print(json.dumps(event_line(event), sort_keys=True), file=stream)

    try:
        run = run_situation(situation, show)
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keeps interpreter shutdown quiet
        return EXIT_OK
    except Exception as exc:  # a bug of ours: still one line, unless asked for the traceback
        if args.traceback:
            raise
        print(
            f"error: {args.situation}: internal error ({type(exc).__name__}: {exc}); please "
            "report it with this situation (--traceback shows where)",
            file=errors,
        )
        return EXIT_INTERNAL
    if run.engine is not None:
        print(json.dumps(run.final, sort_keys=True), file=stream)
    if run.error:
        print(f"error: {args.situation}: {run.error}", file=errors)
        return EXIT_REFUSED
    return EXIT_OK

"""A situation's script: who plays each side, the forced dice and the commands (split out of
`situation.py`; `docs/SANDBOX.md`)."""

from __future__ import annotations

from typing import Any

from game.engine.commands import Command, command_from_json
from game.engine.state import SIDES
from game.rules.dice import Die
from game.scenarios.fields import Fields, SituationError, items, kind_of, one_of

CONTROLLERS = ("script", "ai")


def _controllers(spec: Fields) -> dict[str, str]:
    chosen = {side: "script" for side in SIDES}
    if spec.has("controllers"):
        sub = spec.fields("controllers")
        for side in SIDES:
            chosen[side] = sub.choice(side, CONTROLLERS, "script")
        sub.done()
    return chosen


def _dice(value: Any) -> tuple[int | tuple[Die, int], ...]:
    """Faces 1..12, or "d8=5" to also check which die the rules roll."""
    faces: list[int | tuple[Die, int]] = []
    for where, entry in items(value, "dice"):
        if isinstance(entry, int) and not isinstance(entry, bool) and 1 <= entry <= 12:
            faces.append(entry)
            continue
        if isinstance(entry, str) and "=" in entry:
            die_text, _, face_text = entry.partition("=")
            try:
                die = Die.parse(die_text)
                face = int(face_text)
            except ValueError:
                die, face = Die.D6, 0
            if 1 <= face <= int(die):
                faces.append((die, face))
                continue
        raise SituationError(where, f'{kind_of(entry)} is not a face (1 to 12, or like "d8=5")')
    return tuple(faces)


def _commands(value: Any, controllers: dict[str, str]) -> tuple[Command, ...]:
    commands: list[Command] = []
    for where, data in items(value, "commands"):
        try:
            command = command_from_json(data)
        except ValueError as exc:
            raise SituationError(where, str(exc)) from None
        one_of(command.side, SIDES, f"{where}.side")
        if controllers[command.side] != "script":
            raise SituationError(
                f"{where}.side", f"the {command.side} side is played by the ai, not by commands"
            )
        commands.append(command)
    return tuple(commands)

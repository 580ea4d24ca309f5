"""Pending decisions: the engine stops and names the side that must answer and the legal answers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.engine.commands import Command


@dataclass
class Decision:
    """A question to one side.

    `options` are sample legal commands (complete for choices, samples for parametrised moves);
    `accepts` validates any command against the current state without changing it and raises
    IllegalCommand with a readable sentence when the command is not allowed.
    """

    id: int
    side: str
    kind: str
    prompt: str
    options: list[Command]
    accepts: Callable[[Command], None] = field(repr=False, compare=False)
    context: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "side": self.side,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [o.to_json() for o in self.options],
            "context": self.context,
        }

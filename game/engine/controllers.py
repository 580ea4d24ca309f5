"""Controllers answer decisions from a PlayerView. The seeded random controller is the fuzzer."""

from __future__ import annotations

from typing import Protocol

from game.engine.commands import Command
from game.engine.view import PlayerView
from game.rules.dice import SeededDice


class Controller(Protocol):
    def choose(self, view: PlayerView) -> Command:
        """Return a command for the pending decision of this view's side."""
        ...


class RandomController:
    """Picks uniformly among the legal commands, with its own seeded generator (not the game's)."""

    def __init__(self, seed: int) -> None:
        self._rng = SeededDice(seed ^ 0x5EED)

    def choose(self, view: PlayerView) -> Command:
        if not view.legal:
            raise ValueError(f"no legal command for the {view.side} side")
        return view.legal[self._rng.below(len(view.legal))]

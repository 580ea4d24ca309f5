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
    """Picks uniformly among the legal commands.

    The pick depends only on the controller's seed and the decision's number, never on how many
    picks came before, so a game continued from a save makes the same choices as the original.
    It has its own generator: it never touches the game's dice.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Command:
        if not view.legal:
            raise ValueError(f"no legal command for the {view.side} side")
        number = int(view.decision["id"]) if view.decision else 0
        rng = SeededDice(self.seed * 1_000_003 + number * 7919)
        return view.legal[rng.below(len(view.legal))]

"""Controllers answer decisions from a PlayerView. The seeded random controller is the fuzzer."""

from __future__ import annotations

from typing import Protocol

from game.engine.commands import Command
from game.engine.view import PlayerView
from game.i18n import localise_numbers, retell
from game.rules.dice import SeededDice


class Controller(Protocol):
    def choose(self, view: PlayerView) -> Command:
        """Return a command for the pending decision of this view's side."""
        ...


class NoteTaker:
    """Files the reasons a controller gives (its `log`, or `journal`: a growing list of lines)
    as the engine's notes, each placed before the events of the command it explains, so a save
    keeps them and a loaded game shows the same log. One per game."""

    def __init__(self) -> None:
        self._seen: dict[str, int] = {}  # per side: lines already filed

    def take(
        self, notes: list[tuple[int, str]], side: str, controller: object, at: int
    ) -> list[str]:
        """File `controller`'s new lines (and return them); `at` events were logged before its
        command."""
        log = getattr(controller, "log", None)
        if not isinstance(log, list):
            log = getattr(controller, "journal", None)
        if not isinstance(log, list):
            return []
        seen = self._seen.get(side, 0)
        if len(log) < seen:  # the controller started a new list
            seen = 0
        # the AI writes English; its reasons are filed in the language in use (issue 24), their
        # numbers too ("(4,5 ; 10,5)" in French, as the narration writes them): every screen,
        # report and headless line shows the notes as filed here
        lines = [localise_numbers(retell(str(line))) for line in log[seen:]]
        notes.extend((at, line) for line in lines)
        self._seen[side] = len(log)
        return lines


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

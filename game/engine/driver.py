"""The match driver: the one game loop of the headless game, the window and the balance runner.

A `Driver` holds an engine and a controller for each side a program plays (a side without one
is played by people, through `apply`). One `step` asks the pending side's controller for a
command on its `PlayerView`, files the reasons it gave as the engine's notes (`NoteTaker`),
applies the command and calls the hooks (autosave, listeners) with what happened. `run` steps
until the game ends or a stop condition holds: a turn passed (`stop_after_turn`), a number of
commands in the game's log (`stop_after_command`).

When a controller fails (it raises, or answers with a command the rules refuse) the policy says
what follows, never a silent substitute move:

- `strict` (tests, `tools/simulate.py`, the headless game): `ControllerFailure` is raised, naming
  the side, the decision and the command number;
- `report` (the window): the step comes back with a one-line `failure` for the player, the side
  loses its controller (its seat falls back to a person), and the game waits.

Resuming exactly: a save is the seed and the command log, so a loaded engine is the same game.
A controller that remembers something between decisions (the Insurgent AI's Action Checks of
the turn, R72) must keep only memory of the current turn and rebuild it in `recall(history)`,
given its side's decisions of this turn and the commands that answered them; the driver builds
that history by replaying the log once (`recall`). A save taken after any command, loaded and
played on by fresh controllers then ends exactly as the uninterrupted game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from game.engine.commands import Command, IllegalCommand
from game.engine.controllers import Controller, NoteTaker
from game.engine.engine import Engine
from game.engine.state import side_name
from game.engine.view import PlayerView, player_view

Policy = Literal["strict", "report"]
POLICIES: tuple[Policy, ...] = ("strict", "report")
MAX_COMMANDS = 20000  # a guard: a game that needs more than this is a bug, not a long game

History = Sequence[tuple[PlayerView, Command]]


@runtime_checkable
class Remembering(Protocol):
    """A controller with memory between decisions: it rebuilds it from this turn's history."""

    def recall(self, history: History) -> None:
        """Rebuild the memory from this side's decisions of the current turn, in order, each
        with the command that answered it (a loaded game resumes exactly)."""
        ...


class ControllerFailure(Exception):
    """A controller raised or answered with an illegal command (the `strict` policy)."""

    def __init__(self, message: str, side: str) -> None:
        super().__init__(message)
        self.side = side


@dataclass(frozen=True)
class Thought:
    """What a controller answered: a command, or the exception it raised."""

    command: Command | None = None
    error: Exception | None = None


@dataclass(frozen=True)
class Question:
    """The pending decision put to a side's controller: `think` may run on another thread
    (it reads only the view, a copy); `Driver.settle` then applies the answer."""

    side: str
    controller: Controller
    view: PlayerView

    @property
    def decision_id(self) -> int:
        return int(self.view.decision["id"]) if self.view.decision else -1

    def think(self) -> Thought:
        try:
            return Thought(command=self.controller.choose(self.view))
        except Exception as exc:  # the policy decides (Driver.settle), on the caller's thread
            return Thought(error=exc)


@dataclass(frozen=True)
class Step:
    """One command applied (or refused): its events; `failure` is the line for the player when
    the controller failed under the `report` policy (then nothing was applied)."""

    side: str
    command: Command | None
    events: list[dict[str, Any]] = field(default_factory=list)
    failure: str = ""


class Driver:
    """Plays a game: the pending side's controller answers, the command is applied, the hooks
    run (see the module docstring)."""

    def __init__(
        self,
        engine: Engine,
        controllers: Mapping[str, Controller],
        *,
        policy: Policy = "strict",
        stop_after_turn: int | None = None,
        stop_after_command: int | None = None,
        max_commands: int = MAX_COMMANDS,
        lazy_samples: bool = False,
    ) -> None:
        if policy not in POLICIES:
            raise ValueError(f"policy {policy!r}: choose one of {', '.join(POLICIES)}")
        self.engine = engine
        self.controllers: dict[str, Controller] = dict(controllers)
        self.policy: Policy = policy
        self.stop_after_turn = stop_after_turn
        self.stop_after_command = stop_after_command
        self.max_commands = max_commands
        self.hooks: list[Callable[[Step], None]] = []  # after every applied command
        self.note_listeners: list[Callable[[str, str], None]] = []  # (side, line) as filed
        self.failed: dict[str, str] = {}  # side -> why its controller was dropped (report)
        self._notes = NoteTaker()
        # --- lazy sample commands (issue 23 §5): where each view is read before the next
        # command (this driver's `step`), a phase decision's options are built when read ---
        if lazy_samples:
            engine.lazy_samples = True

    # -- where the game stands ---------------------------------------------------------------
    @property
    def stop_reason(self) -> str:
        """Why `run` stops now: 'over', 'turn', 'command', or '' while the game goes on."""
        engine = self.engine
        if engine.over or engine.pending is None:
            return "over"
        if self.stop_after_turn is not None and engine.state.turn > self.stop_after_turn:
            return "turn"
        if self.stop_after_command is not None and len(engine.log) >= self.stop_after_command:
            return "command"
        return ""

    def question(self) -> Question | None:
        """The pending decision put to its side's controller; None when the game stopped or a
        person must answer (no controller for that side)."""
        pending = self.engine.pending
        if self.stop_reason or pending is None:
            return None
        controller = self.controllers.get(pending.side)
        if controller is None:
            return None
        return Question(pending.side, controller, player_view(self.engine, pending.side))

    # -- playing -------------------------------------------------------------------------------
    def step(self) -> Step | None:
        """Let the pending side's controller answer one decision (None: nobody to ask)."""
        question = self.question()
        if question is None:
            return None
        return self.settle(question, question.think())

    def run(self) -> str:
        """Step until the game stops (the reason, see `stop_reason`) or a person must answer
        ('person'); RuntimeError past `max_commands` steps."""
        for _ in range(self.max_commands):
            reason = self.stop_reason
            if reason:
                return reason
            step = self.step()
            if step is None:
                return "person"
        if self.stop_reason:
            return self.stop_reason
        raise RuntimeError(f"the game did not end within {self.max_commands} commands")

    def settle(self, question: Question, thought: Thought) -> Step:
        """Apply a controller's answer to `question` (the policy decides about a failure)."""
        engine = self.engine
        pending = engine.pending
        if pending is None or pending.id != question.decision_id:
            raise RuntimeError("the game moved on while the controller was thinking")
        side = question.side
        if thought.error is not None:
            return self._failed(
                question, f"{type(thought.error).__name__}: {thought.error}", thought.error
            )
        command = thought.command
        assert command is not None
        for line in self._notes.take(
            engine.notes, side, question.controller, len(engine.state.events)
        ):
            for listener in self.note_listeners:
                listener(side, line)
        try:
            events = engine.apply(command)
        except IllegalCommand as exc:
            return self._failed(
                question, f"it answered {command.kind}, which is refused: {exc}", exc
            )
        step = Step(side, command, events)
        self._after(step)
        return step

    def apply(self, command: Command) -> Step:
        """A person's command: IllegalCommand leaves everything as it was."""
        events = self.engine.apply(command)
        step = Step(command.side, command, events)
        self._after(step)
        return step

    def _after(self, step: Step) -> None:
        for hook in self.hooks:
            hook(step)

    def _failed(self, question: Question, why: str, error: Exception) -> Step:
        engine, side = self.engine, question.side
        decision = question.view.decision or {}
        message = (
            f"the {side_name(side)} controller failed at command {len(engine.log) + 1} "
            f"(decision {decision.get('kind')!r} #{question.decision_id}, turn "
            f"{engine.state.turn}, seed {engine.state.seed}): {why}"
        )
        if self.policy == "strict":
            raise ControllerFailure(message, side) from error
        self.controllers.pop(side, None)
        self.failed[side] = message
        return Step(side, None, failure=message)

    # -- resuming a saved game -----------------------------------------------------------------
    def recall(self) -> None:
        """Let every controller with memory rebuild it from this turn's decisions (a game
        loaded from its command log); nothing to do for a new game."""
        remembering = {s: c for s, c in self.controllers.items() if isinstance(c, Remembering)}
        if not remembering or not self.engine.log:
            return
        history = turn_history(self.engine, set(remembering))
        for side, controller in remembering.items():
            controller.recall(history.get(side, []))


def turn_history(engine: Engine, sides: set[str]) -> dict[str, list[tuple[PlayerView, Command]]]:
    """Each side's decisions of the current turn with the commands that answered them, found by
    replaying the engine's log on a new engine of the same game; {} when the replay does not
    reproduce the game (an engine set up with other dice than its seed's)."""
    scratch = engine.fresh()  # the same game: its difficulty and optional rules (R134, R246)
    turn = engine.state.turn
    history: dict[str, list[tuple[PlayerView, Command]]] = {side: [] for side in sides}
    for command in engine.log:
        pending = scratch.pending
        if pending is None:
            return {}
        if pending.side in sides and scratch.state.turn == turn:
            history[pending.side].append((player_view(scratch, pending.side), command))
        try:
            scratch.apply(command)
        except IllegalCommand:
            return {}
    if scratch.events_sha256() != engine.events_sha256():
        return {}
    return history


__all__ = [
    "MAX_COMMANDS",
    "POLICIES",
    "ControllerFailure",
    "Driver",
    "History",
    "Policy",
    "Question",
    "Remembering",
    "Step",
    "Thought",
    "turn_history",
]

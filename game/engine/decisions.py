"""Pending decisions: the engine stops and names the side that must answer and the legal answers.

Each decision kind (`protocol.DecisionKind`) carries a context typed here, one `TypedDict` per
kind (`CONTEXTS`): the ids a controller needs to know what is being asked about.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Required, TypedDict

from game.engine.commands import Command
from game.engine.lazy_options import LazyOptions, PendingJSON
from game.engine.protocol import DecisionKind


class ActivityContext(TypedDict):
    """What the activated Regular is doing, for the Insurgents' Action Checks: its action
    (move, fire, close_assault; fire also for a friend's reaction fire, R103; pinned when the
    Insurgents may only fire at a Pinned unit, R104), whether and how fast it moves, whom it
    fires at or charges."""

    action: str
    moving: bool
    rate: str
    target: str
    targets: list[str]
    assault_target: str


class ActivateContext(TypedDict):
    """Activate a Regular unit (or end the phase): no ids, the options name the units."""


class ContinueContext(TypedDict):
    """The acting unit's next action (Regular activation or Insurgent activation)."""

    unit: str


class InterruptsContext(ActivityContext):
    """Insurgents in sight of `regular` may declare interruptions; `eligible` may."""

    regular: str
    eligible: list[str]


class InterruptMoveContext(TypedDict, total=False):
    """`unit` interrupts `regular` by moving, with the Regular's activity (the keys of
    `ActivityContext`) when it is the one acting."""

    unit: Required[str]
    regular: Required[str]
    action: str
    moving: bool
    rate: str
    target: str
    targets: list[str]
    assault_target: str


class OverwatchContext(TypedDict):
    """Which Overwatch units fire at the acting `insurgent`."""

    insurgent: str


class HelpersContext(TypedDict):
    """Which unactivated Regulars react for a friend interrupted by `insurgent`."""

    insurgent: str


class ReactContext(TypedDict):
    """How the interrupted `regular` reacts to `insurgent`."""

    regular: str
    insurgent: str


class SeekCoverContext(TypedDict):
    """Where the Pinned or Shaken `unit` seeks cover."""

    unit: str


class AssaultedContext(TypedDict):
    """How the charged `unit` meets the Close Assault."""

    unit: str


class PrisonersContext(TypedDict):
    """Whether the Insurgents take the captured Regulars prisoner."""


class HotSpotContext(TypedDict):
    """Where reinforcements rolling a 6 arrive."""


class InsurgentActionContext(TypedDict):
    """Which Insurgent unit acts next in the Insurgent phase."""


class ResumeMoveContext(TypedDict):
    """How the interrupted mover `unit` goes on (R105): `to` and `rate` are the move as it was
    planned (the first option keeps it), `moved` the inches already moved this activation."""

    unit: str
    to: list[float]
    rate: str
    moved: float


# --- cards (issue 19) ---
class CardChoiceContext(TypedDict):
    """The side playing a card picks what it falls on (`choosing`: "unit", "building",
    "asset"); `card` is the card id, `title` its title."""

    card: str
    title: str
    choosing: str


DecisionContext = (
    ActivateContext
    | ContinueContext
    | InterruptsContext
    | InterruptMoveContext
    | OverwatchContext
    | HelpersContext
    | ReactContext
    | SeekCoverContext
    | AssaultedContext
    | PrisonersContext
    | HotSpotContext
    | InsurgentActionContext
    | ResumeMoveContext
    | CardChoiceContext  # --- cards (issue 19) ---
)

CONTEXTS: dict[DecisionKind, type] = {
    DecisionKind.ACTIVATE: ActivateContext,
    DecisionKind.CONTINUE: ContinueContext,
    DecisionKind.INTERRUPTS: InterruptsContext,
    DecisionKind.INTERRUPT_MOVE: InterruptMoveContext,
    DecisionKind.OVERWATCH: OverwatchContext,
    DecisionKind.HELPERS: HelpersContext,
    DecisionKind.REACT: ReactContext,
    DecisionKind.SEEK_COVER: SeekCoverContext,
    DecisionKind.ASSAULTED: AssaultedContext,
    DecisionKind.PRISONERS: PrisonersContext,
    DecisionKind.HOT_SPOT: HotSpotContext,
    DecisionKind.INSURGENT_ACTION: InsurgentActionContext,
    DecisionKind.RESUME_MOVE: ResumeMoveContext,
    DecisionKind.CARD_CHOICE: CardChoiceContext,  # --- cards (issue 19) ---
}
"""The context type of every decision kind."""


@dataclass
class Decision:
    """A question to one side.

    `options` are sample legal commands (complete for choices, samples for parametrised moves);
    `accepts` validates any command against the current state without changing it and raises
    IllegalCommand with a readable sentence when the command is not allowed. `context` is the
    kind's `TypedDict` (see `CONTEXTS`), kept as the plain dict it is in JSON. A phase decision
    of a headless game offers `LazyOptions` (`game.engine.lazy_options`: the same commands,
    built when read).
    """

    id: int
    side: str
    kind: str
    prompt: str
    options: Sequence[Command]
    accepts: Callable[[Command], None] = field(repr=False, compare=False)
    context: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        if isinstance(self.options, LazyOptions) and not self.options.complete:
            head = {"id": self.id, "side": self.side, "kind": self.kind, "prompt": self.prompt}
            return PendingJSON({**head, "context": self.context}, self.options)
        return {
            "id": self.id,
            "side": self.side,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [o.to_json() for o in self.options],
            "context": self.context,
        }

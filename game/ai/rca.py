"""A small candidate-action framework (after Battle for Wesnoth's RCA loop).

Each candidate action has a name and a priority; `evaluate` scores what it would do in the given
situation and remembers the plan, `execute` returns that plan. The loop asks every candidate,
and the highest score wins; equal scores go to the higher priority, then to the earlier
candidate, so the pick never depends on anything but the situation (no randomness).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

Situation = TypeVar("Situation")
Plan = TypeVar("Plan")

NOTHING = float("-inf")
"""The score of a candidate that has nothing to offer in this situation."""


class CandidateAction(Generic[Situation, Plan]):
    """One way of acting. Subclasses set `name` and `priority` and fill in `evaluate`."""

    name = "candidate"
    priority = 0

    def __init__(self) -> None:
        self.plan: Plan | None = None
        self.why = ""

    def evaluate(self, situation: Situation) -> float:
        """Score this candidate now (NOTHING when it does not apply) and remember the plan."""
        raise NotImplementedError

    def execute(self, situation: Situation) -> Plan:
        """The plan `evaluate` settled on."""
        if self.plan is None:
            raise RuntimeError(f"candidate {self.name!r} was executed without a plan")
        return self.plan

    def propose(self, plan: Plan, why: str, score: float) -> float:
        self.plan = plan
        self.why = why
        return score


@dataclass(frozen=True)
class Pick(Generic[Plan]):
    """The winning candidate: its name, score, reason and plan."""

    candidate: str
    score: float
    why: str
    plan: Plan


def best(
    candidates: Sequence[CandidateAction[Situation, Plan]], situation: Situation
) -> Pick[Plan] | None:
    """Evaluate every candidate and return the best pick (None when none applies)."""
    winner: tuple[float, int, int] | None = None
    chosen: Pick[Plan] | None = None
    for index, candidate in enumerate(candidates):
        score = candidate.evaluate(situation)
        if score == NOTHING:
            continue
        key = (score, candidate.priority, -index)
        if winner is None or key > winner:
            winner = key
            chosen = Pick(candidate.name, score, candidate.why, candidate.execute(situation))
    return chosen

"""What every procedure of the sequence of play shares: the flow type, the activation record,
and small plane helpers.

Each procedure module (flow, activation, movement, fire, interruptions, ...) is a set of functions
of the running `Engine` `g`: plain functions reached by the rulebook heading they implement. A
procedure that may stop for a decision is a generator (`Flow`): it yields a `Decision` and
receives the answering command, so sub-procedures compose with `yield from` in the order of the
sequence of play.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from game.battlefield.model import Point
from game.engine.commands import Command
from game.engine.decisions import Decision
from game.engine.terrain import distance, point_segment_distance

Flow = Generator[Decision, Command, Any]

STEP = 1.0  # inches between sight checks along a move
DIRECTIONS = [(math.cos(a * math.pi / 4), math.sin(a * math.pi / 4)) for a in range(8)]
BASE_RADIUS = 0.375  # R2: a 3/4" base


@dataclass
class Activation:
    """The unit being activated and what it has done so far (Rulebook: Interruptions)."""

    unit: str
    moved: float = 0.0
    fired: bool = False
    acted: bool = False
    interruptions: int = 0
    window_done: bool = False
    tending: bool = False  # the unit began this activation with wounded to tend (R27)
    rate: str = ""
    path: list[Point] = field(default_factory=list)
    travelled: float = 0.0
    sighted: list[str] = field(default_factory=list)
    action: str = ""  # what the unit is doing now: "move", "fire" or "close_assault"
    targets: list[str] = field(default_factory=list)  # the units it fires at or assaults

    @property
    def penalty(self) -> int:
        """−1" per interruption after the first (R24), and −1 Firepower die for each one after
        the first when the unit fires back at an interruption (R16, R37)."""
        return max(0, self.interruptions - 1)

    @property
    def own_fire_penalty(self) -> int:
        """The Firepower dice the unit's own fire loses: one per interruption before it (R37,
        Examples of Firepower, example 2: interrupted twice, then it fires, two dice fewer)."""
        return self.interruptions


def toward(a: Point, b: Point, stop_short: float) -> Point:
    """The point `stop_short` inches before `b` on the way from `a` (or `a` if already there)."""
    d = distance(a, b)
    if d <= stop_short:
        return a
    t = (d - stop_short) / d
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def crosses_base(p: Point, a: Point, b: Point) -> bool:
    """Whether the straight line a-b passes over a base centred at `p`."""
    return point_segment_distance(p, a, b) <= BASE_RADIUS

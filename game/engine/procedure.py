"""What every procedure of the sequence of play shares: the flow type, the activation record
(kept in the game state), and small plane helpers.

Each procedure module (flow, activation, movement, fire, interruptions, ...) is a set of functions
of the running `Engine` `g`: plain functions reached by the rulebook heading they implement. A
procedure that may stop for a decision is a generator (`Flow`): it yields a `Decision` and
receives the answering command, so sub-procedures compose with `yield from` in the order of the
sequence of play.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any

from game.battlefield.model import Point
from game.engine.commands import Command
from game.engine.decisions import Decision
from game.engine.state import Activation
from game.engine.terrain import distance

Flow = Generator[Decision, Command, Any]

STEP = 1.0  # inches between sight checks along a move
DIRECTIONS = [(math.cos(a * math.pi / 4), math.sin(a * math.pi / 4)) for a in range(8)]
BASE_RADIUS = 0.375  # R2: a 3/4" base


def toward(a: Point, b: Point, stop_short: float) -> Point:
    """The point `stop_short` inches before `b` on the way from `a` (or `a` if already there)."""
    d = distance(a, b)
    if d <= stop_short:
        return a
    t = (d - stop_short) / d
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


__all__ = ["DIRECTIONS", "STEP", "Activation", "Flow", "toward"]

"""Ranking the Insurgent AI's move candidates: out of contact first (R94), then by what the
row asks (R35), with a floor for each costly fact so a fact is worked out only while it can
still change the choice. Used by `controller.InsurgentAI`.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from game.ai.actions import Action
from game.ai.reach import end_state
from game.ai.world import (
    CONTACT_INCHES,
    ROUTE_STEP,
    _Candidate,
    _World,
)

if TYPE_CHECKING:
    from game.ai.controller import InsurgentAI
from game.battlefield.model import Point, UnitPosition
from game.engine.commands import (
    MoveUnit,
)
from game.engine.state import UnitState
from game.engine.terrain import (
    distance,
    path_length,
    walk,
)


class _LazyCandidate:
    """A destination's facts for `_score`, each worked out on first use (as `_Candidate`)."""

    def __init__(
        self,
        ai: InsurgentAI,
        world: _World,
        unit: UnitState,
        command: MoveUnit,
        path: list[Point],
        goal: Point | None,
        watchers: list[UnitState],
        activated: UnitState | None,
    ) -> None:
        self._ai, self._world, self._unit = ai, world, unit
        self._path, self._goal = path, goal
        self._watchers, self._activated = watchers, activated
        self.command = command
        self.moved = path_length(path)
        self.end = walk(path, self.moved)
        self.goal_distance = distance(self.end, goal) if goal is not None else 0.0

    @cached_property
    def position(self) -> UnitPosition:
        return self._ai._placed(self._world, self._unit, self.end)

    @cached_property
    def in_contact(self) -> bool:
        """R94: some figure would stand within 1" (edge to edge) of a Regular figure. The
        figures' placement is worked out only when a Regular base stands near enough the end
        of the move for a placed figure to touch it (`placement_reach`)."""
        world = self._world
        bases = world.enemy_bases()
        reach = world.placement_reach(self._unit) + CONTACT_INCHES
        ex, ey = self.end
        # far from the box around every Regular base: far from each (the same differences
        # as below, rounded the same way: q[0] - ex >= left - ex for every base q)
        box = world.enemy_box()
        if (
            box is None
            or box[0] - ex >= reach
            or ex - box[2] >= reach
            or box[1] - ey >= reach
            or ey - box[3] >= reach
        ):
            return False
        # a base farther than that from the end is farther than CONTACT_INCHES from every
        # placed figure (`placement_reach` bounds them, with half an inch to spare): only the
        # near ones are measured against the figures
        near = [
            q
            for q in bases
            if abs(q[0] - ex) < reach and abs(q[1] - ey) < reach and distance(q, self.end) < reach
        ]
        if not near:
            return False
        return any(
            abs(p[0] - q[0]) < CONTACT_INCHES
            and abs(p[1] - q[1]) < CONTACT_INCHES
            and distance(p, q) < CONTACT_INCHES
            for p in self.position.figures
            for q in near
        )

    @cached_property
    def solid(self) -> bool:
        return bool(self._ai.terrain.in_solid_cover(self.position))

    @cached_property
    def watched(self) -> bool:
        """Some Regular that sees the unit now would see it there."""
        return any(self._world.sees(self.position, r) for r in self._nearest_first(self._watchers))

    @cached_property
    def sees_enemy(self) -> bool:
        return any(
            self._world.sees(self.position, r) for r in self._nearest_first(self._world.regulars)
        )

    def _nearest_first(self, regulars: list[UnitState]) -> list[UnitState]:
        """The nearest Regular is the likeliest to see the spot: sight is traced to it first."""
        end, centre = self.end, self._world.centre
        return sorted(regulars, key=lambda r: distance(end, centre(r)))

    @cached_property
    def exposure(self) -> int:
        """Route steps (every ROUTE_STEP inches) that some Regular sees (R35)."""
        world = self._world
        if self._goal is None or not world.regulars:
            return 0
        seen = 0
        # the Regular that saw the last step is asked first about the next one
        regulars = self._nearest_first(world.regulars)
        for k in range(1, int(self.moved // ROUTE_STEP) + 1):
            probe = UnitPosition("probe", (walk(self._path, k * ROUTE_STEP),))
            seer = next((r for r in regulars if world.sees(probe, r)), None)
            if seer is not None:
                seen += 1
                regulars.remove(seer)
                regulars.insert(0, seer)
        return seen

    @cached_property
    def activated_distance(self) -> float:
        if self._activated is None:
            return 0.0
        return distance(self.position.centre, self._activated.centre)


@dataclass(frozen=True)
class _Criterion:
    """One way of ranking destinations: `value` of a candidate, lower is better. A costly fact
    (the figures' placement, sight lines) has a `floor`, a value no candidate can go below, so
    a candidate's fact is worked out only while the floor still lets it win; cheap ones have
    no floor and are read for every candidate."""

    value: Callable[[Any], Any]
    floor: Any = None


def _criteria(action: Action, optimum_range: float) -> list[_Criterion]:
    """Lower is better, compared in this order: out of contact with the Regulars (R94), the
    end state the row names when it names one (R131), then what each row asks of its
    destination (R35)."""
    found = end_state(action, optimum_range)
    reached = [] if found is None else [_Criterion(lambda c: not found[1](c), False)]
    return [
        _Criterion(lambda c: c.in_contact, False),
        *reached,
        *_row_criteria(action, optimum_range),
    ]


def _row_criteria(action: Action, optimum_range: float) -> list[_Criterion]:
    """What each row asks of its destination, in order (R35)."""
    moved = _Criterion(lambda c: float(round(c.moved, 2)))
    goal = _Criterion(lambda c: float(round(c.goal_distance, 1)))
    not_solid = _Criterion(lambda c: not c.solid, False)
    watched = _Criterion(lambda c: c.watched, False)

    if action in (Action.MOVE_INTO_COVER, Action.TAKE_COVER):
        return [not_solid, moved]
    if action is Action.TAKE_COVER_OUT_OF_LOS:
        return [not_solid, _Criterion(lambda c: c.sees_enemy, False), moved]
    if action is Action.TAKE_COVER_WITH_LOS:
        return [not_solid, _Criterion(lambda c: not c.sees_enemy, False), moved]
    if action is Action.MOVE_OUT_OF_LOS:
        return [watched, moved]
    if action is Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND:
        return [watched, goal, moved]
    if action is Action.MOVE_OUT_OF_LOS_OR_INTO_COVER_TOWARD_FRIEND:
        return [_Criterion(lambda c: c.watched and not c.solid, False), goal, moved]
    if action is Action.MOVE_INTO_OPTIMUM_RANGE:
        return [_Criterion(lambda c: c.activated_distance > optimum_range, False), not_solid, moved]
    if action is Action.ADVANCE_TO_ENEMY:
        return [goal, not_solid, _Criterion(lambda c: not c.sees_enemy, False)]
    # moves toward a friend, a hot spot or the objective: get as near as the move allows (to the
    # inch), then by the route least seen by the Regulars, then the shortest (R35)
    return [
        _Criterion(lambda c: round(c.goal_distance)),
        _Criterion(lambda c: c.exposure, 0),
        moved,
    ]


def _lowest(candidates: Sequence[Any], criteria: Sequence[_Criterion]) -> int:
    """The index of the candidate with the lowest (criteria values..., index), as if every
    value of every candidate were compared, but best first: a candidate's key holds the floor
    of each costly value not yet known, the lowest key is taken, and its next unknown value is
    worked out; the first candidate taken with every value known has the lowest true key,
    since no other key can rise below its floor."""
    found = _lowest_passing(candidates, criteria, 0)
    assert found is not None
    return found


def _lowest_passing(
    candidates: Sequence[Any], criteria: Sequence[_Criterion], tests: int
) -> int | None:
    """`_lowest`, when the first `tests` criteria are pass/fail tests (False passes, their
    floor): the lowest candidate that passes them all, or None as soon as the lowest key
    left has failed one (every other key is at least as high, so none passes): the best of
    the failures is not worked out (issue 17 §5: the R131 search asks only for a passing
    spot). With tests=0, `_lowest` itself."""
    heap: list[tuple[tuple[Any, ...], int]] = []
    for index, candidate in enumerate(candidates):
        key = tuple(
            criterion.value(candidate) if criterion.floor is None else criterion.floor
            for criterion in criteria
        )
        heap.append((key, index))
    heapq.heapify(heap)
    known: list[set[int]] = [
        {k for k, criterion in enumerate(criteria) if criterion.floor is None} for _ in candidates
    ]
    while heap:
        key, index = heapq.heappop(heap)
        if any(key[:tests]):
            return None
        unknown = next((k for k in range(len(criteria)) if k not in known[index]), None)
        if unknown is None:
            return index
        known[index].add(unknown)
        value = criteria[unknown].value(candidates[index])
        heapq.heappush(heap, ((*key[:unknown], value, *key[unknown + 1 :]), index))
    raise ValueError("no candidate to choose from")


def _score(action: Action, c: _Candidate, optimum_range: float) -> tuple[Any, ...]:
    """Lower is better: what each row asks of its destination (R35)."""
    return tuple(criterion.value(c) for criterion in _criteria(action, optimum_range))

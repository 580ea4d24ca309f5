"""What the Regular AI's `Board` works out once per decision (speed only: the same answers).

A Board lives for one decision, on a view that does not change while the AI thinks, so the
legal commands are grouped by unit once, the destinations a unit could move to are listed once
for all the candidates that weigh them, and the walk left from each destination to an
objective comes from one route tree grown from that objective (`Terrain.path_to`; the scale
game, issue 23 §5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.battlefield.model import Point
from game.engine.commands import Command
from game.engine.terrain import Terrain, distance, path_length

if TYPE_CHECKING:
    from game.ai.regular_board import Destination, Goal
    from game.engine.state import UnitState


class BoardMemo:
    """Mixed into `Board`, which sets `legal` and `terrain` and lists destinations."""

    legal: Sequence[Command]  # a phase decision's may be built when read (lazy_options)
    terrain: Terrain

    def init_memo(self) -> None:
        self._by_unit: dict[Any, list[Command]] | None = None
        self._walks: dict[tuple[Point, Point], float] = {}
        self._destinations: dict[tuple[str, Goal | None], list[Destination]] = {}

    def options_for(self, unit_id: str) -> list[Command]:
        """The legal commands naming `unit_id`, in the order the engine offered them."""
        if self._by_unit is None:
            self._by_unit = {}
            for c in self.legal:
                self._by_unit.setdefault(getattr(c, "unit", None), []).append(c)
        return list(self._by_unit.get(unit_id, ()))

    def walk_left(self, start: Point, goal: Point) -> float:
        """`Board.path_distance` for many starts toward one goal (the destinations a unit
        weighs toward its objective): the routes are searched from the goal."""
        key = (start, goal)
        found = self._walks.get(key)
        if found is None:
            route = self.terrain.path_to(start, goal)
            found = self._walks[key] = path_length(route) + distance(route[-1], goal)
        return found

    def destinations(self, unit: UnitState, goal: Goal | None) -> list[Destination]:
        """Where `unit` could move (`Board._destinations_of`), listed once per decision."""
        key = (unit.id, goal)
        found = self._destinations.get(key)
        if found is None:
            found = self._destinations[key] = self._destinations_of(unit, goal)
        return list(found)

    def _destinations_of(self, unit: UnitState, goal: Goal | None) -> list[Destination]:
        raise NotImplementedError  # Board's

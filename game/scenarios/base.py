"""What a scenario tells the engine: set-up, special rules, victory points and when it ends."""

from __future__ import annotations

from game.battlefield.model import Battlefield, Edge
from game.engine.state import GameState, UnitState
from game.engine.terrain import Terrain


class Scenario:
    """A scenario definition. Subclasses fill in set-up and victory (Rulebook: Scenarios)."""

    id = "patrol"
    title = "Patrol"
    turn_limit = 10  # R31
    insurgency_level = "4"
    fog_of_war = False
    contractors = False

    def setup(self, state: GameState, battlefield: Battlefield, terrain: Terrain) -> None:
        raise NotImplementedError

    def insurgent_profile(self, kind: str) -> tuple[int, int]:
        """(quality, morale) die sizes for an arriving Insurgent figure of this kind."""
        return (6, 10)

    def exit_allowed(self, state: GameState, unit: UnitState) -> bool:
        return True

    def finished(self, state: GameState) -> str | None:
        """Why the game ends now (R31), or None."""
        return None

    def score(self, state: GameState) -> tuple[int, int, list[str]]:
        raise NotImplementedError


def edge_distance(point: tuple[float, float], edge: str, width: float, height: float) -> float:
    x, y = point
    return {
        Edge.NORTH.value: y,
        Edge.SOUTH.value: height - y,
        Edge.WEST.value: x,
        Edge.EAST.value: width - x,
    }[edge]

"""A staged scenario: exact units on a given battlefield, for tests, tutorials and the AI room.

Nothing is random in the set-up: every unit, hot spot and contractor is placed where it is
given. Victory points use the generic patrol values.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.battlefield.model import Battlefield, Point
from game.engine.scenario import Objectives
from game.engine.state import (
    REGULAR,
    ContractorState,
    FigureState,
    GameState,
    HotSpotState,
    UnitState,
)
from game.engine.terrain import Terrain
from game.scenarios.catalog import Patrol


@dataclass
class UnitSpec:
    """A unit to stage: figures at explicit points (the first one is the leader's spot)."""

    id: str
    side: str
    points: list[Point]
    kinds: list[str] | None = None
    quality: int = 8
    morale: int = 10
    name: str = ""
    seen: bool = True
    placed_turn: int = 0


@dataclass
class Staging:
    units: list[UnitSpec]
    hot_spots: dict[int, Point] = field(default_factory=dict)
    contractors: list[Point] = field(default_factory=list)
    insurgency_level: str = "automatic"
    turn_limit: int = 10
    fog_of_war: bool = False
    contractor_rules: bool = False


def figure_kinds(spec: UnitSpec) -> list[str]:
    if spec.kinds is not None:
        return spec.kinds
    if spec.side == REGULAR:
        return ["rifle"] * len(spec.points)
    return ["leader"] + ["small_arms"] * (len(spec.points) - 1)


class StagedScenario(Patrol):
    id = "staged"
    title = "Staged test"
    places_hot_spots = False  # the staging names every hot spot there is

    def __init__(self, staging: Staging) -> None:
        self.staging = staging
        self.turn_limit = staging.turn_limit
        self.insurgency_level = staging.insurgency_level
        self.fog_of_war = staging.fog_of_war
        self.contractors = staging.contractor_rules
        # the Regulars' mission: the contractors where there are some, else the hot spots
        self.objectives = Objectives(
            contractors=bool(staging.contractors), hot_spots=not staging.contractors
        )

    def setup(self, state: GameState, battlefield: Battlefield, terrain: Terrain) -> None:
        for number, (x, y) in self.staging.hot_spots.items():
            state.hot_spots[str(number)] = HotSpotState(number, x, y)
        for i, (x, y) in enumerate(self.staging.contractors):
            state.contractors.append(ContractorState(f"C{i + 1}", x, y))
        for spec in self.staging.units:
            kinds = figure_kinds(spec)
            figures = [
                FigureState(f"{spec.id}.{i + 1}", kind, p[0], p[1], spec.quality, spec.morale)
                for i, (kind, p) in enumerate(zip(kinds, spec.points, strict=True))
            ]
            unit = UnitState(spec.id, spec.name or spec.id, spec.side, figures)
            unit.seen = spec.seen
            unit.placed_turn = spec.placed_turn
            state.units[spec.id] = unit
        state.next_unit_number = 100
        state.insurgency_level = self.staging.insurgency_level

    def finished(self, state: GameState) -> str | None:
        if not state.units_of(REGULAR):
            return "no Regulars remain on the table"
        return None


def line(x: float, y: float, count: int, spacing: float = 0.9) -> list[Point]:
    """`count` figures in a west-east line starting at (x, y), in cohesion (R2)."""
    return [(x + i * spacing, y) for i in range(count)]

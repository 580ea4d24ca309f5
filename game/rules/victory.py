"""Victory points and the Margin of Victory.

Rulebook: Victory Points (Margin of Victory Table; Suggested Victory Point Values). Ruling R44.

Scenarios award points item by item; a `VictoryTally` keeps the items so the end screen can list
them, totals both sides and reads the margin.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from game.rules.units import Side


class Margin(Enum):
    """Rulebook: Margin of Victory Table."""

    INDECISIVE = "Indecisive"
    MARGINAL = "Marginal"
    DECISIVE = "Decisive"
    TOTAL = "Total"


MARGIN_THRESHOLDS: tuple[tuple[int, Margin], ...] = (
    (15, Margin.TOTAL),
    (10, Margin.DECISIVE),
    (5, Margin.MARGINAL),
    (0, Margin.INDECISIVE),
)
"""The smallest point difference of each margin: 0-4, 5-9, 10-14, 15+."""


def margin_of_victory(difference: int) -> Margin:
    """Rulebook: Margin of Victory Table — the margin for a difference of victory points."""
    gap = abs(difference)
    return next(margin for threshold, margin in MARGIN_THRESHOLDS if gap >= threshold)


def winning_side(difference: int) -> Side | None:
    """Who wins by this difference (Regular minus Insurgent points): the side ahead, unless the
    margin is Indecisive, when nobody has won (Margin of Victory Table; R44)."""
    if margin_of_victory(difference) is Margin.INDECISIVE:
        return None
    return Side.REGULAR if difference > 0 else Side.INSURGENT


@dataclass(frozen=True)
class VictoryPoints:
    """One line of the score: what was achieved, by which side, worth how many points."""

    label: str
    points: int
    side: Side

    def __post_init__(self) -> None:
        if not self.label.strip():
            raise ValueError("a victory point item needs a label")


@dataclass(frozen=True)
class VictoryTally:
    """Every item both sides scored, with totals, the winner and the margin (R44)."""

    items: tuple[VictoryPoints, ...]

    @classmethod
    def of(cls, items: Iterable[VictoryPoints]) -> VictoryTally:
        return cls(tuple(items))

    def total(self, side: Side) -> int:
        return sum(item.points for item in self.items if item.side is side)

    def items_for(self, side: Side) -> tuple[VictoryPoints, ...]:
        return tuple(item for item in self.items if item.side is side)

    @property
    def difference(self) -> int:
        """Regular total minus Insurgent total."""
        return self.total(Side.REGULAR) - self.total(Side.INSURGENT)

    @property
    def margin(self) -> Margin:
        return margin_of_victory(self.difference)

    @property
    def winner(self) -> Side | None:
        """The side ahead, unless the margin is Indecisive: then nobody has won (R44)."""
        return winning_side(self.difference)

    def describe(self) -> str:
        regular, insurgent = self.total(Side.REGULAR), self.total(Side.INSURGENT)
        score = f"Regulars {regular} - Insurgents {insurgent}"
        if self.winner is None:
            return f"{score}: Indecisive, nobody wins"
        name = "Regular" if self.winner is Side.REGULAR else "Insurgent"
        return f"{score}: {self.margin.value} {name} victory"

"""Which closed blockers (buildings, closed high walls, impassable areas) a point stands in,
asked of only the blockers near it (the scale game, issue 23 §5: the AIs ask it of every spot
they weigh, on tables with hundreds of buildings).

The table is cut into square cells; each blocker is listed in every cell its bounding box
touches (edges included), so a point's cell lists every blocker whose box could hold it, and
the answer is the one the whole list gives.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from game.battlefield.model import Point

CELL = 4.0
"""Inches to a cell's side (not a rule)."""

Outline = Sequence[Point]
Box = tuple[float, float, float, float]


class BlockerIndex:
    def __init__(
        self,
        blockers: Sequence[tuple[Outline, Box]],
        inside: Callable[[Point, Outline], bool],
    ) -> None:
        self.inside = inside
        self.cells: dict[tuple[int, int], list[tuple[Outline, Box]]] = {}
        for outline, box in blockers:
            x0, y0, x1, y1 = box
            for cx in range(math.floor(x0 / CELL), math.floor(x1 / CELL) + 1):
                for cy in range(math.floor(y0 / CELL), math.floor(y1 / CELL) + 1):
                    self.cells.setdefault((cx, cy), []).append((outline, box))

    def holds(self, p: Point) -> bool:
        """Some blocker's outline holds `p`."""
        x, y = p
        near = self.cells.get((math.floor(x / CELL), math.floor(y / CELL)), ())
        return any(
            x0 <= x <= x1 and y0 <= y <= y1 and self.inside(p, outline)
            for outline, (x0, y0, x1, y1) in near
        )

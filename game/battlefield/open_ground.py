"""Open ground: the squares of the street level where placing a figure needs no wall query.

Rulebook: Unit Cohesion, Moving Units on the Table (R2, R3).

Placing a unit asks, for each lattice point it tries, whether a base fits there (inside the
table, off impassable ground, one base radius from every wall), whether the point is in the
leader's building, and whether a wall stands between it and a placed base within reach
(`cohesion`). Walls and buildings never move, so the table is cut into small squares, and a
square is measured once, the first time a point in it is asked about: when every wall line,
building and solid piece lies far enough from the square's centre, the answers are known for
every point of the square without asking pymunk. Only exact bounds are used (a point is within
half a diagonal of its square's centre); a square near anything gets level 0, and its points
are asked the exact questions as before, so placement gives the same spots.
"""

from __future__ import annotations

import math
from typing import Any

from game.battlefield import planar
from game.battlefield.model import Point
from game.battlefield.planar import BASE_RADIUS
from game.rules.movement import COHESION_REACH  # Rulebook: Unit Cohesion (R2)

CELL = 0.25
"""Inches on a side of a square (a power of two: a point's square is found exactly)."""
_HALF_DIAGONAL = CELL * math.sqrt(2) / 2
_MARGIN = 1e-6  # far beyond the rounding of any distance on the table

FITS = 1
"""A base fits at any point of the square (graph.free) and none is in a building."""
NO_WALL_IN_REACH = 2
"""FITS, and no wall line lies within cohesion reach of any point of the square."""


class OpenGround:
    """The level (0, FITS or NO_WALL_IN_REACH) of each square of the street graph `graph`,
    measured lazily; `buildings` are the outlines `building_index_at` reads."""

    def __init__(self, graph: Any, buildings: list[tuple[Point, ...]]) -> None:
        self._touches = graph.queries.point_touches
        self._thin = graph.thin_filter
        self._bounds = graph.bounds
        self._unusual = graph.region is not None  # a roof: never open
        # whatever a point may be inside: buildings, and the solid pieces of the graph
        self._boxes = [planar.bbox_of(outline) for outline in buildings]
        self._boxes += list(graph.solid_boxes)
        self._levels: dict[tuple[int, int], int] = {}

    def level(self, p: Point) -> int:
        key = (math.floor(p[0] / CELL), math.floor(p[1] / CELL))
        found = self._levels.get(key)
        if found is None:
            found = self._levels[key] = self._measure(key)
        return found

    def _measure(self, key: tuple[int, int]) -> int:
        if self._unusual:
            return 0
        centre = ((key[0] + 0.5) * CELL, (key[1] + 0.5) * CELL)
        # a point of the square lies within half a diagonal of its centre; a segment from it
        # to a base within cohesion reach stays within that reach of it
        if self._clear_around(centre, COHESION_REACH + 1e-9 + _HALF_DIAGONAL + _MARGIN):
            return NO_WALL_IN_REACH
        if self._clear_around(centre, BASE_RADIUS + _HALF_DIAGONAL + _MARGIN):
            return FITS
        return 0

    def _clear_around(self, centre: Point, need: float) -> bool:
        """Nothing lies within `need` of `centre`: the table's edge, a building or solid
        piece (by its bounding box), a wall line (one pymunk query)."""
        cx, cy = centre
        x0, y0, x1, y1 = self._bounds
        if not (x0 + need < cx < x1 - need and y0 + need < cy < y1 - need):
            return False
        for bx0, by0, bx1, by1 in self._boxes:
            if bx0 - need < cx < bx1 + need and by0 - need < cy < by1 + need:
                return False
        return not self._touches(centre, need, self._thin)

"""Line-of-sight internals of `Geometry` (R4-R8, R50 in docs/RULINGS.md): the index of
terrain pieces by box, the pieces and their blocking edges, a figure's base spread, the
shadowing test and the swept-circle test of line of fire, and `Sight`, the answer to a line of
sight query. Moved verbatim from geometry.py."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.battlefield import planar
from game.battlefield.model import Point
from game.battlefield.planar import BBox

# The fast LOS test decides a ray itself only when every sign it looks at is farther from zero
# than this (inches, or inches squared for cross products of table-sized vectors, whose
# rounding error stays below 1e-12); closer calls are left to pymunk's own arithmetic.
_SIDE_MARGIN = 1e-9
_INDEX_CELL = 1.0  # inches: column and row width of the index of terrain pieces by box


_Edge = tuple[float, float, float, float, int]
"""A blocking edge as (ax, ay, bx, by, building group or 0)."""
_PieceRow = tuple[int, float, float, float, BBox, list[_Edge]]


class _BoxIndex:
    """Which of a fixed set of boxes meet a query box, as a bit mask, in two look-ups.

    Two boxes meet when their x ranges and their y ranges both meet, so each axis is indexed
    alone: the table is cut into 1" columns (rows), and for every run of columns from k0 to
    k1 the boxes reaching into any of them are ORed ahead of time. The answer may include a
    box that only shares a column with the query box, never misses one that meets it.
    """

    def __init__(self, boxes: list[BBox], width: float, height: float) -> None:
        self.cols = max(1, math.ceil(width / _INDEX_CELL))
        self.rows = max(1, math.ceil(height / _INDEX_CELL))
        self.x_runs = self._runs([(box[0], box[2]) for box in boxes], self.cols)
        self.y_runs = self._runs([(box[1], box[3]) for box in boxes], self.rows)

    @staticmethod
    def _cell(value: float, cells: int) -> int:
        return min(max(int(value // _INDEX_CELL), 0), cells - 1)

    @classmethod
    def _runs(cls, spans: list[tuple[float, float]], cells: int) -> list[list[int]]:
        per_cell = [0] * cells
        for k, (low, high) in enumerate(spans):
            for cell in range(cls._cell(low, cells), cls._cell(high, cells) + 1):
                per_cell[cell] |= 1 << k
        runs = [[0] * cells for _ in range(cells)]
        for start in range(cells):
            bits = 0
            for end in range(start, cells):
                bits |= per_cell[end]
                runs[start][end] = bits
        return runs

    def overlapping(self, left: float, top: float, right: float, bottom: float) -> int:
        cols, rows = self.cols, self.rows
        return (
            self.x_runs[self._cell(left, cols)][self._cell(right, cols)]
            & self.y_runs[self._cell(top, rows)][self._cell(bottom, rows)]
        )

    def at(self, x: float, y: float) -> int:
        """`overlapping(x, y, x, y)`: the boxes that may hold the point (one look-up per axis)."""
        col, row = self._cell(x, self.cols), self._cell(y, self.rows)
        return self.x_runs[col][col] & self.y_runs[row][row]


class _Piece:
    """One piece of LOS-blocking terrain (a building, a high wall, a blocking area): its edges
    and a circle around them, to skip it quickly when it is far from a line of sight."""

    __slots__ = ("bit", "box", "centre", "edges", "group", "radius")

    def __init__(self, bit: int, group: int, edges: list[tuple[Point, Point]]) -> None:
        self.bit = bit
        self.group = group
        self.edges: list[_Edge] = [(a[0], a[1], b[0], b[1], group) for a, b in edges]
        points = [p for edge in edges for p in edge]
        self.box = planar.bbox_of(points)
        self.centre = ((self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2)
        self.radius = max(planar.distance(self.centre, p) for p in points)


class _Spread:
    """One unit's figures summed up: building groups (R5), the group every figure shares
    (0 if none), the centre of the figures' box and the radius around it, and the box."""

    __slots__ = ("box", "centre", "figures", "groups", "radius", "shared")

    def __init__(self, figures: tuple[Point, ...], groups: list[int]) -> None:
        self.figures = figures
        self.groups = groups
        self.shared = groups[0] if all(g == groups[0] for g in groups) else 0
        self.box = planar.bbox_of(figures)
        self.centre = ((self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2)
        self.radius = max(planar.distance(self.centre, p) for p in figures)


def _shadowed(
    edge: _Edge,
    viewers: Sequence[Point],
    viewer_groups: Sequence[int],
    start: int,
    targets: Sequence[Point],
    target_groups: Sequence[int],
    blocked: list[int],
) -> None:
    """Set bit j of blocked[i] (i >= start) for every target j the edge surely hides from
    viewer i (the same four sure signs as `Geometry._ray_blocker`); doubtful rays are left to
    `_ray_blocker`. An edge of a figure's own building hides nothing from it (R5)."""
    ax, ay, bx, by, group = edge
    ex, ey = bx - ax, by - ay
    # The targets surely on each side of the edge's line, once for every viewer: only those
    # on the far side from a viewer can be hidden from it.
    positive: list[tuple[float, float, int]] = []
    negative: list[tuple[float, float, int]] = []
    for j, (qx, qy) in enumerate(targets):
        if group and target_groups[j] == group:
            continue
        side_q = ex * (qy - ay) - ey * (qx - ax)
        if side_q > _SIDE_MARGIN:
            positive.append((qx, qy, 1 << j))
        elif side_q < -_SIDE_MARGIN:
            negative.append((qx, qy, 1 << j))
    everyone = (1 << len(targets)) - 1
    for i in range(start, len(viewers)):
        known = blocked[i]
        if known == everyone or (group and viewer_groups[i] == group):
            continue
        px, py = viewers[i]
        side_p = ex * (py - ay) - ey * (px - ax)
        if side_p > _SIDE_MARGIN:
            far = negative
        elif side_p < -_SIDE_MARGIN:
            far = positive
        else:
            continue
        rax, ray_, rbx, rby = ax - px, ay - py, bx - px, by - py
        for qx, qy, bit in far:
            if known & bit:
                continue
            ux, uy = qx - px, qy - py
            side_a = ux * ray_ - uy * rax
            side_b = ux * rby - uy * rbx
            if (side_a > _SIDE_MARGIN and side_b < -_SIDE_MARGIN) or (
                side_a < -_SIDE_MARGIN and side_b > _SIDE_MARGIN
            ):
                known |= bit
        blocked[i] = known


def _swept_circle_hits(centre: Point, r1: float, a: Point, b: Point, r2: float) -> bool:
    """Whether a circle of radius r2 swept from a to b touches the circle (centre, r1): as
    Chipmunk's shape segment query (a point query at `a` first, then the circle's swept test),
    the same arithmetic in the same order, without building a pymunk shape per base."""
    dax, day = a[0] - centre[0], a[1] - centre[1]
    if math.sqrt(dax * dax + day * day) - r1 <= r2:
        return True  # the sweep starts touching the base
    dbx, dby = b[0] - centre[0], b[1] - centre[1]
    rsum = r1 + r2
    da_da = dax * dax + day * day
    da_db = dax * dbx + day * dby
    qa = da_da - 2.0 * da_db + (dbx * dbx + dby * dby)
    qb = da_db - da_da
    det = qb * qb - qa * (da_da - rsum * rsum)
    if det < 0.0 or qa == 0.0:  # Chipmunk divides by qa == 0 and gets no hit
        return False
    t = (-qb - math.sqrt(det)) / qa
    return 0.0 <= t <= 1.0


@dataclass(frozen=True)
class Sight:
    """Rulebook: Line of Sight (R4). Counts of figures for the pair viewer -> target.

    `seeing` of the viewer's figures have a clear line to some target figure; `visible` of the
    target's figures can be seen by some viewer figure. Rays are symmetric, so the target sees
    the viewer with the same counts swapped (`reversed()`).
    """

    viewer_id: str
    target_id: str
    seeing: int
    viewer_figures: int
    visible: int
    target_figures: int

    @property
    def has_los(self) -> bool:
        return (
            self.seeing > 0
            and 2 * self.seeing >= self.viewer_figures
            and 2 * self.visible >= self.target_figures
        )

    def reversed(self) -> Sight:
        return Sight(
            self.target_id,
            self.viewer_id,
            self.visible,
            self.target_figures,
            self.seeing,
            self.viewer_figures,
        )

    def describe(self) -> str:
        """One line for the player, e.g. 'no LOS: 2 of 6 figures visible'."""
        counts = (
            f"{self.visible} of {self.target_figures} figures visible, "
            f"{self.seeing} of {self.viewer_figures} can see"
        )
        if self.has_los:
            return "LOS: " + counts
        # say which half fell short, so "1 of 4 visible, 5 of 5 can see" does not read as a
        # contradiction (R4: half or more on both sides)
        short = []
        if 2 * self.visible < self.target_figures:
            short.append("visible")
        if 2 * self.seeing < self.viewer_figures:
            short.append("seeing")
        need = " and ".join(short) or "visible"
        return f"no LOS: {counts} (half or more must be {need}, R4)"

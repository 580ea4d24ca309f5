"""Where the route graph's nodes stand and where figures may be put: nodes off building corners
and through doors, a building's wall chains, and the lattice of spots searched nearest first
when placing figures in cohesion (R53). Used by `paths.Navigation`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from game.battlefield import planar
from game.battlefield.model import Point
from game.battlefield.planar import BASE_RADIUS

DOOR_WIDTH = 1.0
"""A door is a 1"-wide gap in its building's outline (R53)."""
_CLEARANCE = 0.01  # graph nodes stand this far beyond the base radius from any wall
Chain = tuple[tuple[Point, ...], bool]


def _corner_nodes(points: Sequence[Point], closed: bool, offset: float) -> list[Point]:
    """Points `offset` away from each corner (on its outer side) and open end of a chain."""
    pts: list[Point] = []
    for p in points:
        if not pts or planar.distance(p, pts[-1]) > 1e-9:
            pts.append(p)
    if closed and len(pts) > 1 and planar.distance(pts[0], pts[-1]) <= 1e-9:
        pts.pop()
    n = len(pts)
    if n == 1:
        x, y = pts[0]
        return [(x + dx * offset, y + dy * offset) for dx in (-1, 1) for dy in (-1, 1)]
    out: list[Point] = []
    for i, v in enumerate(pts):
        before = pts[i - 1] if (closed or i > 0) else None
        after = pts[(i + 1) % n] if (closed or i < n - 1) else None
        if before is not None and after is not None:
            d1 = _unit(before, v)
            d2 = _unit(v, after)
            n1 = (-d1[1], d1[0])
            n2 = (-d2[1], d2[0])
            dot = n1[0] * n2[0] + n1[1] * n2[1]
            if 1 + dot < 0.1:  # a hairpin: treat as an open end
                out += _cap(v, d1, offset)
                continue
            turn = d1[0] * d2[1] - d1[1] * d2[0]
            if abs(turn) < 1e-9:
                continue  # no corner: shortest paths never bend here
            # Only the outer side of the bend is a corner a shortest path can wrap around.
            sign = -1.0 if turn > 0 else 1.0
            mx, my = (n1[0] + n2[0]) / (1 + dot), (n1[1] + n2[1]) / (1 + dot)
            out.append((v[0] + sign * mx * offset, v[1] + sign * my * offset))
        elif after is not None:
            d = _unit(after, v)
            out += _cap(v, d, offset)
        elif before is not None:
            d = _unit(before, v)
            out += _cap(v, d, offset)
    return out


def _unit(a: Point, b: Point) -> Point:
    length = planar.distance(a, b)
    return ((b[0] - a[0]) / length, (b[1] - a[1]) / length)


def _cap(v: Point, outward: Point, offset: float) -> list[Point]:
    nx, ny = -outward[1], outward[0]
    return [
        (v[0] + (outward[0] + nx) * offset, v[1] + (outward[1] + ny) * offset),
        (v[0] + (outward[0] - nx) * offset, v[1] + (outward[1] - ny) * offset),
    ]


def building_chains(outline: Sequence[Point], door_points: Sequence[Point]) -> list[Chain]:
    """The walls of a building outline with a DOOR_WIDTH gap at each door (R32, R53)."""
    edges = planar.polygon_edges(outline)
    gaps: list[list[tuple[float, float]]] = [[] for _ in edges]
    for door in door_points:
        k = min(range(len(edges)), key=lambda i: planar.distance_to_segment(door, *edges[i]))
        a, b = edges[k]
        length = planar.distance(a, b)
        if length == 0:
            continue
        t = ((door[0] - a[0]) * (b[0] - a[0]) + (door[1] - a[1]) * (b[1] - a[1])) / length**2
        half = DOOR_WIDTH / 2 / length
        gaps[k].append((max(0.0, t - half), min(1.0, t + half)))
    if not any(gaps):
        return [(tuple(outline), True)]
    pieces: list[list[Point]] = [[]]
    for (a, b), edge_gaps in zip(edges, gaps, strict=True):
        if not pieces[-1]:
            pieces[-1].append(a)
        for t0, t1 in sorted(edge_gaps):
            pieces[-1].append(_lerp(a, b, t0))
            pieces.append([_lerp(a, b, t1)])
        pieces[-1].append(b)
    # The outline is a loop: the last piece runs on into the first (at the first vertex).
    pieces[0] = pieces[-1] + pieces[0]
    pieces.pop()
    chains: list[Chain] = []
    for piece in pieces:
        kept: list[Point] = []
        for p in piece:
            if not kept or planar.distance(p, kept[-1]) > 1e-9:
                kept.append(p)
        if len(kept) >= 2:
            chains.append((tuple(kept), False))
    return chains


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _door_nodes(outline: Sequence[Point], door: Point) -> list[Point]:
    """The door point and one point on each side of it, a base radius off the wall."""
    edges = planar.polygon_edges(outline)
    a, b = min(edges, key=lambda e: planar.distance_to_segment(door, *e))
    ux, uy = _unit(a, b)
    off = BASE_RADIUS + _CLEARANCE + 0.05
    return [
        door,
        (door[0] - uy * off, door[1] + ux * off),
        (door[0] + uy * off, door[1] - ux * off),
    ]


def _clear_of(p: Point, others: Sequence[tuple[float, Point]], within: float, gap: float) -> bool:
    """No base of `others` ((distance from the leader, point), nearest first) lies closer than
    `gap` to p, looking only at those nearer the leader than `within` (plus a rounding margin)."""
    px, py = p
    for reach, o in others:
        if reach >= within + 1e-9:
            return True
        if math.hypot(o[0] - px, o[1] - py) < gap:
            return False
    return True


@lru_cache(maxsize=64)
def _lattice_cells(rings: int) -> tuple[tuple[int, int], ...]:
    """(row, column) of the lattice points, the centre left out, in row order."""
    return tuple(
        (r, c)
        for r in range(-rings, rings + 1)
        for c in range(-rings, rings + 1)
        if r != 0 or c != 0
    )


@lru_cache(maxsize=64)
def _lattice_shells(rings: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The lattice cells grouped by their exact distance from the centre, nearest first, in
    row order within a group. A cell (r, c) lies (c + r%2 / 2, r * sqrt(3) / 2) spacings
    away, so 4 * (distance / spacing)^2 = (2c + r%2)^2 + 3r^2: an exact integer key; two
    different keys are far apart next to any rounding of the float distances."""
    shells: dict[int, list[tuple[int, int]]] = {}
    for r, c in _lattice_cells(rings):
        shells.setdefault((2 * c + r % 2) ** 2 + 3 * r * r, []).append((r, c))
    return tuple(tuple(shells[key]) for key in sorted(shells))

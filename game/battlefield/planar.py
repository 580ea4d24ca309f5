"""Plane geometry helpers in inches (pure Python, no pymunk): distances, polygons, bases."""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.battlefield.model import Point
from game.rules.movement import BASE_DIAMETER

BASE_RADIUS = BASE_DIAMETER / 2
"""A figure stands on a round base of 3/4" diameter (R2; the rules core's `BASE_DIAMETER`)."""

BBox = tuple[float, float, float, float]
"""(min x, min y, max x, max y) in inches."""


def distance(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def distance_to_segment(p: Point, a: Point, b: Point) -> float:
    """Shortest distance from point `p` to the segment `a`-`b`."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return math.hypot(p[0] - ax, p[1] - ay)
    t = ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2
    t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def between_ends(p: Point, a: Point, b: Point, margin: float = 0.0) -> bool:
    """Whether `p` lies in the strip between the lines through `a` and through `b` square to
    a-b, widened by `margin` at both ends (a base of radius `margin` reaching into it)."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length = math.hypot(dx, dy)
    if length == 0.0:
        return math.hypot(p[0] - ax, p[1] - ay) <= margin
    along = ((p[0] - ax) * dx + (p[1] - ay) * dy) / length
    return -margin <= along <= length + margin


def bbox_of(points: Sequence[Point]) -> BBox:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def in_bbox(p: Point, box: BBox, margin: float = 0.0) -> bool:
    return box[0] - margin <= p[0] <= box[2] + margin and box[1] - margin <= p[1] <= box[3] + margin


def point_in_polygon(p: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd test; points exactly on the outline may go either way."""
    x, y = p
    inside = False
    n = len(polygon)
    j = n - 1
    for i in range(n):
        xi, yi = polygon[i]
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def polygon_edges(polygon: Sequence[Point]) -> list[tuple[Point, Point]]:
    return [(polygon[i], polygon[(i + 1) % len(polygon)]) for i in range(len(polygon))]


def chain_edges(points: Sequence[Point], closed: bool) -> list[tuple[Point, Point]]:
    if closed:
        return polygon_edges(points)
    return [(points[i], points[i + 1]) for i in range(len(points) - 1)]


def distance_to_polygon(p: Point, polygon: Sequence[Point]) -> float:
    """0 inside the polygon, otherwise the distance to its outline."""
    if point_in_polygon(p, polygon):
        return 0.0
    return min(distance_to_segment(p, a, b) for a, b in polygon_edges(polygon))


def distance_to_chain(p: Point, points: Sequence[Point], closed: bool) -> float:
    """Distance to a wall drawn as a polyline, or to a closed wall including its inside."""
    if closed and len(points) >= 3 and point_in_polygon(p, points):
        return 0.0
    if len(points) == 1:
        return distance(p, points[0])
    return min(distance_to_segment(p, a, b) for a, b in chain_edges(points, closed))


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True when the segments a-b and c-d intersect (touching counts)."""

    def orient(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    o1, o2 = orient(a, b, c), orient(a, b, d)
    o3, o4 = orient(c, d, a), orient(c, d, b)
    if ((o1 > 0) != (o2 > 0) or o1 == 0 or o2 == 0) and (
        (o3 > 0) != (o4 > 0) or o3 == 0 or o4 == 0
    ):
        return (
            min(a[0], b[0]) <= max(c[0], d[0])
            and min(c[0], d[0]) <= max(a[0], b[0])
            and min(a[1], b[1]) <= max(c[1], d[1])
            and min(c[1], d[1]) <= max(a[1], b[1])
        )
    return False


def path_length(points: Sequence[Point]) -> float:
    return sum(distance(points[i], points[i + 1]) for i in range(len(points) - 1))


def in_cohesion(figures: Sequence[Point], gap: float = 1.0) -> bool:
    """Rulebook: Unit Cohesion. Every figure is linked to the others by a chain of bases at
    most `gap` inches apart, edge to edge (R2)."""
    if len(figures) <= 1:
        return True
    reach = gap + 2 * BASE_RADIUS + 1e-9
    linked = {0}
    frontier = [0]
    while frontier:
        i = frontier.pop()
        for j in range(len(figures)):
            if j not in linked and distance(figures[i], figures[j]) <= reach:
                linked.add(j)
                frontier.append(j)
    return len(linked) == len(figures)

"""Plain-geometry checks of map shapes in inches: simple polygons, distances, bounds.

Kept free of pymunk on purpose: the loader must judge a map before any geometry is built.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.battlefield.model import Point

EPSILON = 1e-9


def dedupe(points: Sequence[Point], closed: bool) -> list[Point]:
    """Drop consecutive repeated points (and a closing point equal to the first)."""
    result: list[Point] = []
    for point in points:
        if not result or math.dist(result[-1], point) > EPSILON:
            result.append(point)
    if closed and len(result) > 1 and math.dist(result[0], result[-1]) <= EPSILON:
        result.pop()
    return result


def rotate_about(points: Sequence[Point], origin: Point, degrees: float) -> list[Point]:
    """Tiled's rotation: clockwise on screen (y grows south) by `degrees` about `origin`."""
    if not degrees:
        return list(points)
    ox, oy = origin
    sin_t, cos_t = math.sin(math.radians(degrees)), math.cos(math.radians(degrees))
    return [
        (ox + cos_t * (x - ox) - sin_t * (y - oy), oy + sin_t * (x - ox) + cos_t * (y - oy))
        for x, y in points
    ]


def shoelace(points: Sequence[Point]) -> float:
    """Twice the signed area; positive means clockwise on screen (y grows south)."""
    total = 0.0
    for i, (x1, y1) in enumerate(points):
        x2, y2 = points[(i + 1) % len(points)]
        total += x1 * y2 - x2 * y1
    return total


def clockwise(points: Sequence[Point]) -> tuple[Point, ...]:
    """The outline listed clockwise on screen, keeping its first point first."""
    if shoelace(points) < 0:
        return (points[0], *reversed(points[1:]))
    return tuple(points)


def _orientation(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return (
        min(a[0], b[0]) - EPSILON <= p[0] <= max(a[0], b[0]) + EPSILON
        and min(a[1], b[1]) - EPSILON <= p[1] <= max(a[1], b[1]) + EPSILON
    )


def segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True when segment ab touches or crosses segment cd."""
    o1, o2 = _orientation(a, b, c), _orientation(a, b, d)
    o3, o4 = _orientation(c, d, a), _orientation(c, d, b)
    if ((o1 > EPSILON and o2 < -EPSILON) or (o1 < -EPSILON and o2 > EPSILON)) and (
        (o3 > EPSILON and o4 < -EPSILON) or (o3 < -EPSILON and o4 > EPSILON)
    ):
        return True
    return (
        (abs(o1) <= EPSILON and _on_segment(a, b, c))
        or (abs(o2) <= EPSILON and _on_segment(a, b, d))
        or (abs(o3) <= EPSILON and _on_segment(c, d, a))
        or (abs(o4) <= EPSILON and _on_segment(c, d, b))
    )


def self_intersects(points: Sequence[Point]) -> bool:
    """True when two non-adjacent edges of the closed outline touch or cross.

    Sort and sweep on the edges' bounding boxes: only edges whose boxes come within EPSILON of
    each other are tested (the answer of testing every pair; a 5,000-point outline took 15 s)."""
    count = len(points)
    edges = [(points[i], points[(i + 1) % count]) for i in range(count)]
    boxes = sorted(
        (min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1]), i)
        for i, (a, b) in enumerate(edges)
    )
    margin = 2 * EPSILON
    for position, (_left, right, low, high, i) in enumerate(boxes):
        for left2, _right2, low2, high2, j in boxes[position + 1 :]:
            if left2 > right + margin:
                break
            if low2 > high + margin or low > high2 + margin:
                continue
            first, second = min(i, j), max(i, j)
            if second == first + 1 or (first == 0 and second == count - 1):
                continue
            if segments_intersect(*edges[i], *edges[j]):
                return True
    return False


def outline_problem(points: Sequence[Point]) -> str | None:
    """Why these points cannot be a polygon outline, or None when they can."""
    if len(points) < 3:
        return f"polygon has fewer than 3 points ({len(points)})"
    first, second = points[0], points[1]
    if all(abs(_orientation(first, second, p)) <= EPSILON for p in points[2:]):
        return "polygon has no area (its points lie on one line)"
    if self_intersects(points):
        return "polygon crosses itself; redraw it so that its edges do not cross"
    if abs(shoelace(points)) <= EPSILON:
        return "polygon has no area"
    return None


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 <= EPSILON * EPSILON:
        return math.dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def distance_to_outline(p: Point, points: Sequence[Point], closed: bool = True) -> float:
    """Distance from p to the nearest edge of an outline (or polyline when not closed)."""
    count = len(points)
    if count == 1:
        return math.dist(p, points[0])
    last = count if closed else count - 1
    return min(point_segment_distance(p, points[i], points[(i + 1) % count]) for i in range(last))


def contains(points: Sequence[Point], p: Point) -> bool:
    """Even-odd point-in-polygon test (points on the outline may go either way)."""
    inside = False
    x, y = p
    count = len(points)
    for i in range(count):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % count]
        if (y1 > y) != (y2 > y):
            cross_x = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < cross_x:
                inside = not inside
    return inside


def distance_to_shape(p: Point, points: Sequence[Point], closed: bool) -> float:
    """0 inside a closed outline, else the distance to its edges."""
    if closed and len(points) >= 3 and contains(points, p):
        return 0.0
    return distance_to_outline(p, points, closed)


def outside_box(points: Sequence[Point], width: float, height: float) -> bool:
    tolerance = 1e-6
    return any(
        x < -tolerance or y < -tolerance or x > width + tolerance or y > height + tolerance
        for x, y in points
    )


def _crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True when segments ab and cd cross at a point inside both (touching does not count)."""
    o1, o2 = _orientation(a, b, c), _orientation(a, b, d)
    o3, o4 = _orientation(c, d, a), _orientation(c, d, b)
    return (o1 * o2 < -EPSILON) and (o3 * o4 < -EPSILON)


def _strictly_inside(p: Point, outline: Sequence[Point]) -> bool:
    return contains(outline, p) and distance_to_outline(p, outline) > 1e-6


def _centroid(outline: Sequence[Point]) -> Point:
    return (
        sum(p[0] for p in outline) / len(outline),
        sum(p[1] for p in outline) / len(outline),
    )


def outlines_overlap(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """True when two closed outlines share interior area; sharing a wall or a corner is fine."""
    if (
        max(x for x, _ in a) <= min(x for x, _ in b) + EPSILON
        or max(x for x, _ in b) <= min(x for x, _ in a) + EPSILON
        or max(y for _, y in a) <= min(y for _, y in b) + EPSILON
        or max(y for _, y in b) <= min(y for _, y in a) + EPSILON
    ):
        return False  # the bounding boxes at most touch
    for i in range(len(a)):
        for j in range(len(b)):
            if _crosses(a[i], a[(i + 1) % len(a)], b[j], b[(j + 1) % len(b)]):
                return True
    if any(_strictly_inside(p, b) for p in a) or any(_strictly_inside(p, a) for p in b):
        return True
    return _strictly_inside(_centroid(a), b) or _strictly_inside(_centroid(b), a)


def bounds(points: Sequence[Point]) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of the points."""
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return (min(xs), min(ys), max(xs), max(ys))


def overlapping_pairs(
    outlines: Sequence[Sequence[Point]], limit: int = 20
) -> list[tuple[int, int]]:
    """Index pairs (i < j) of the closed outlines that share interior area (the first `limit`
    found: they are warnings, and a hostile map could hold millions).

    Sort and sweep on the bounding boxes: only outlines whose boxes overlap are compared, so a
    town of thousands of buildings is checked in about linear time (every pair was compared)."""
    boxes = sorted((bounds(outline), index) for index, outline in enumerate(outlines))
    pairs: list[tuple[int, int]] = []
    for position, (box, first) in enumerate(boxes):
        for other, second in boxes[position + 1 :]:
            if other[0] >= box[2] - EPSILON:
                break  # sorted by min x: every later box starts right of this one
            if other[1] >= box[3] - EPSILON or box[1] >= other[3] - EPSILON:
                continue
            if outlines_overlap(outlines[first], outlines[second]):
                pairs.append((min(first, second), max(first, second)))
                if len(pairs) >= limit:
                    return sorted(pairs)
    return sorted(pairs)


def box_distance(p: Point, box: tuple[float, float, float, float]) -> float:
    """Distance from p to a bounding box (0 inside): never more than to what the box holds."""
    dx = max(box[0] - p[0], 0.0, p[0] - box[2])
    dy = max(box[1] - p[1], 0.0, p[1] - box[3])
    return math.hypot(dx, dy)


def nearest_outlines(
    p: Point,
    outlines: Sequence[tuple[int, Sequence[Point]]],
    boxes: Sequence[tuple[float, float, float, float]],
    count: int = 2,
) -> list[tuple[float, int]]:
    """The `count` nearest (distance, id) of the (id, outline) pairs, as sorted() of all of them
    would begin, computing exact distances only for outlines whose box could be nearer."""
    order = sorted((box_distance(p, box), index) for index, box in enumerate(boxes))
    best: list[tuple[float, int]] = []
    for lower, index in order:
        if len(best) >= count and lower > best[count - 1][0] + EPSILON:
            break
        ident, outline = outlines[index]
        best.append((distance_to_outline(p, outline), ident))
        best.sort()
    return best[:count]

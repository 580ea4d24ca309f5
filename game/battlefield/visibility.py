"""What a set of units can see, and movement that stays out of it.

Rulebook: Line of Sight (LOS), Out of Contact Movement; rulings R4, R5, R35, R50, R54.

Each watching figure gets a visibility fan: rays cast a hair either side of every corner of
the terrain that blocks its lines (pymunk has no visibility polygon). Between two neighbouring
rays the first wall hit is the same wall, so the fan is exact away from those hairline wedges.
A point is inside a unit's view when at least half of its figures see it (R4 for a one-figure
target, R54); `contains` answers in O(log corners) per figure.
"""

from __future__ import annotations

import bisect
import heapq
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.battlefield import planar
from game.battlefield.model import Point, UnitPosition
from game.battlefield.paths import GRID_STEP, Path

if TYPE_CHECKING:
    import pymunk

    from game.battlefield.geometry import Geometry
    from game.battlefield.paths import _Graph

    Hug = frozenset[pymunk.Shape]

_EPSILON = 1e-6  # radians either side of a corner
_SAMPLE = 0.1  # inches between checks along a hidden path
_SEEN_PENALTY = 1000.0  # safest route: an inch in view costs a thousand inches out of it


class _Fan:
    """The star-shaped region one figure sees."""

    def __init__(self, geometry: Geometry, centre: Point, mask: int, group: int) -> None:
        self.centre = centre
        self.group = group
        self.mask = mask
        width, height = geometry.width, geometry.height
        cx, cy = centre
        corners = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
        targets = corners + [p for bit, a, b in geometry._blockers if bit & mask for p in (a, b)]
        angles = {k * math.pi / 4 - math.pi for k in range(8)}
        for tx, ty in targets:
            if (tx, ty) == centre:
                continue
            theta = math.atan2(ty - cy, tx - cx)
            angles.update((theta - _EPSILON, theta + _EPSILON))
        ordered = sorted(_wrap(t) for t in angles)
        self.angles: list[float] = []
        self.points: list[Point] = []
        for theta in ordered:
            dx, dy = math.cos(theta), math.sin(theta)
            reach = _exit_distance(cx, cy, dx, dy, width, height)
            end = (cx + dx * reach, cy + dy * reach)
            hit = geometry._hit_point(centre, end, group, mask)
            self.angles.append(theta)
            self.points.append(end if hit is None else hit)

    def contains(self, p: Point) -> bool:
        cx, cy = self.centre
        if abs(p[0] - cx) < 1e-9 and abs(p[1] - cy) < 1e-9:
            return True
        theta = math.atan2(p[1] - cy, p[0] - cx)
        k = bisect.bisect_right(self.angles, theta) - 1
        a = self.points[k]  # k == -1 wraps to the last ray
        b = self.points[(k + 1) % len(self.points)]
        side_p = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        side_c = (b[0] - a[0]) * (cy - a[1]) - (b[1] - a[1]) * (cx - a[0])
        return side_p == 0 or (side_p > 0) == (side_c > 0)


def _wrap(theta: float) -> float:
    while theta < -math.pi:
        theta += 2 * math.pi
    while theta >= math.pi:
        theta -= 2 * math.pi
    return theta


def _exit_distance(x: float, y: float, dx: float, dy: float, width: float, height: float) -> float:
    """How far a ray from (x, y) runs before leaving the table."""
    reach = math.inf
    if dx > 1e-12:
        reach = min(reach, (width - x) / dx)
    elif dx < -1e-12:
        reach = min(reach, -x / dx)
    if dy > 1e-12:
        reach = min(reach, (height - y) / dy)
    elif dy < -1e-12:
        reach = min(reach, -y / dy)
    return max(reach, 0.0) if reach != math.inf else 0.0


class VisibleArea:
    """The union of what `units` can see of a one-figure target at `elevation` (R4, R54)."""

    def __init__(
        self, geometry: Geometry, units: Sequence[UnitPosition], *, elevation: int = 0
    ) -> None:
        self.geometry = geometry
        self.elevation = elevation
        self._units: list[list[_Fan]] = []
        for unit in units:
            lo, hi = sorted((unit.elevation, elevation))
            mask = geometry.los_mask(lo, hi)
            fans = [_Fan(geometry, f, mask, geometry._group_of(f)) for f in unit.figures]
            self._units.append(fans)
        self._cache: dict[Point, bool] = {}

    def contains(self, point: Point) -> bool:
        """Rulebook: Line of Sight. Some unit has half or more of its figures seeing `point`."""
        found = self._cache.get(point)
        if found is not None:
            return found
        group = self.geometry._group_of(point)
        result = False
        for fans in self._units:
            need = (len(fans) + 1) // 2
            seeing = 0
            for left, fan in enumerate(fans, start=1):
                if group and group != fan.group:
                    # R5: a target inside a building is seen through that building's walls,
                    # which the fan treats as opaque, so ask the ray directly.
                    sees = self.geometry._ray_clear(fan.centre, point, fan.mask, fan.group, group)
                else:
                    sees = fan.contains(point)
                seeing += sees
                if seeing >= need or seeing + (len(fans) - left) < need:
                    break
            if seeing >= need:
                result = True
                break
        if len(self._cache) < 200_000:
            self._cache[point] = result
        return result

    def seen_length(self, a: Point, b: Point) -> float:
        """Approximate length of the segment a-b inside the area (sampled every 0.1")."""
        length = planar.distance(a, b)
        steps = max(1, math.ceil(length / _SAMPLE))
        seen = 0
        for i in range(steps + 1):
            t = i / steps
            if self.contains((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)):
                seen += 1
        return length * seen / (steps + 1)

    def first_seen_point(self, path: Path) -> Point | None:
        """Rulebook: Out of Contact Movement. The first point of `path` inside the area
        (to 0.01"), or None when the whole path stays out of sight."""
        if self.contains(path.points[0]):
            return path.points[0]
        for a, b in zip(path.points, path.points[1:], strict=False):
            length = planar.distance(a, b)
            steps = max(1, math.ceil(length / _SAMPLE))
            previous = a
            for i in range(1, steps + 1):
                t = i / steps
                p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                if self.contains(p):
                    lo, hi = previous, p
                    while planar.distance(lo, hi) > 0.01:
                        mid = ((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2)
                        if self.contains(mid):
                            hi = mid
                        else:
                            lo = mid
                    return hi
                previous = p
        return None


def hidden_path(
    geometry: Geometry, start: Point, goal: Point, area: VisibleArea, *, forbid_seen: bool
) -> Path | None:
    """Rulebook: Out of Contact Movement; solo rules' safest route (R35, R54).

    With `forbid_seen`, a street-level path none of whose points (checked every 0.1") is inside
    `area`, or None. Without it, the path with the least length inside `area`, ties broken by
    length. Searched on the 0.5" movement grid, then straightened where that costs nothing.
    """
    nav = geometry.navigation
    graph = nav.street
    if not (graph.on_ground(start) and graph.on_ground(goal)):
        return None
    if forbid_seen and (area.contains(start) or area.contains(goal)):
        return None
    points, edges, index = nav.grid
    n = len(points)
    start_id, goal_id = n, n + 1
    all_points = [*points, start, goal]
    hug_s, hug_g = graph.hugged(start), graph.hugged(goal)

    def step_cost(a: Point, b: Point) -> float | None:
        seen = area.seen_length(a, b)
        if forbid_seen and seen > 0:
            return None
        return planar.distance(a, b) + _SEEN_PENALTY * seen

    def near(p: Point, hug: Hug) -> list[tuple[int, float]]:
        found: list[tuple[int, float]] = []
        c0, r0 = int(p[0] / GRID_STEP), int(p[1] / GRID_STEP)
        for dc in range(-2, 3):
            for dr in range(-2, 3):
                k = index.get((c0 + dc, r0 + dr))
                if k is not None and graph.clear(p, points[k], hug, frozenset()):
                    found.append((k, planar.distance(p, points[k])))
        if not found:  # a doorway: link to the door points close by
            for k in range(len(index), len(points)):
                if planar.distance(p, points[k]) <= 1.5 and graph.clear(p, points[k], hug):
                    found.append((k, planar.distance(p, points[k])))
        return found

    start_links = near(start, hug_s)
    goal_links = {k: w for k, w in near(goal, hug_g)}
    if graph.clear(start, goal, hug_s, hug_g):
        direct = step_cost(start, goal)
        if direct is not None and (forbid_seen or direct == planar.distance(start, goal)):
            return Path((start, goal))
    best: dict[int, float] = {start_id: 0.0}
    parent: dict[int, int] = {}
    heap: list[tuple[float, float, int]] = [(planar.distance(start, goal), 0.0, start_id)]
    closed: set[int] = set()
    while heap:
        _f, g, k = heapq.heappop(heap)
        if k in closed:
            continue
        closed.add(k)
        if k == goal_id:
            break
        here = all_points[k]
        if k == start_id:
            links = start_links
        else:
            links = list(edges[k])
            if k in goal_links:
                links.append((goal_id, goal_links[k]))
        for j, _w in links:
            if j in closed:
                continue
            cost = step_cost(here, all_points[j])
            if cost is None:
                continue
            ng = g + cost
            if ng < best.get(j, math.inf):
                best[j] = ng
                parent[j] = k
                heapq.heappush(heap, (ng + planar.distance(all_points[j], goal), ng, j))
    if goal_id not in closed:
        return None
    route = [goal_id]
    while route[-1] != start_id:
        route.append(parent[route[-1]])
    raw = [all_points[k] for k in reversed(route)]
    return Path(tuple(_straighten(raw, area, graph, hug_s, hug_g)))


def _straighten(
    raw: list[Point], area: VisibleArea, graph: _Graph, hug_s: Hug, hug_g: Hug
) -> list[Point]:
    """Skip grid corners where the straight line is passable and no more in view."""
    out = [raw[0]]
    i = 0
    last = len(raw) - 1
    while i < last:
        j = last
        while j > i + 1:
            a, b = raw[i], raw[j]
            hug_a = hug_s if i == 0 else frozenset()
            hug_b = hug_g if j == last else frozenset()
            if graph.clear(a, b, hug_a, hug_b):
                along = sum(area.seen_length(raw[k], raw[k + 1]) for k in range(i, j))
                if area.seen_length(a, b) <= along + 1e-9:
                    break
            j -= 1
        out.append(raw[j])
        i = j
    return out

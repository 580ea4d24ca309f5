"""The engine's window on the battlefield geometry.

The engine asks a handful of geometric questions (line of sight, line of fire, cover, exposure,
paths, where figures stand). `Terrain` answers them with the battlefield room's `Geometry`
(rulings R3-R8); there is no other geometry. An exception from `Geometry` is a bug and reaches the
caller: a cruder answer would only hide it and change the game.
"""

from __future__ import annotations

import heapq
import math
import threading
import weakref
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import pairwise
from typing import Any

from game.battlefield.geometry import Geometry
from game.battlefield.hulls import Hull, hull_corners
from game.battlefield.line_of_fire import LineOfFire
from game.battlefield.model import (
    Battlefield,
    Building,
    Point,
    UnitPosition,
    WallHeight,
)
from game.battlefield.planar import BASE_RADIUS
from game.engine import figure_spots
from game.engine.blocker_index import BlockerIndex
from game.engine.figure_spots import NUDGE
from game.engine.goal_routes import route_to
from game.engine.sight_memory import TwoGenerations
from game.rules.vehicle_types import vehicle_type

NUDGE_STEP = 0.25
NUDGE_DIRECTIONS = 24


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def point_in_polygon(p: Point, poly: Sequence[Point]) -> bool:
    inside = False
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if (a[1] > p[1]) != (b[1] > p[1]):
            x = a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
            if p[0] < x:
                inside = not inside
    return inside


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return distance(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return distance(p, (a[0] + t * dx, a[1] + t * dy))


_UNKNOWN = object()


def _bounds(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


class Terrain:
    """Geometry questions for the engine, in inches (R1)."""

    def __init__(self, battlefield: Battlefield) -> None:
        self.battlefield = battlefield
        self.geometry = Geometry(battlefield)
        # found paths, a bounded memory of two generations (sight_memory.py; issue 23 §5)
        self._paths: TwoGenerations[tuple[Point, Point], tuple[Point, ...]] = TwoGenerations(20_000)
        self._street: Any = _UNKNOWN  # the geometry's street graph, looked up on the first route
        # what a leader may not stand in (buildings are entered by their doors, R32), with the
        # bounding boxes: a point outside a box is outside its outline
        blockers = [b.outline for b in battlefield.buildings]
        blockers += [
            w.points for w in battlefield.walls if w.height is WallHeight.HIGH and w.closed
        ]
        blockers += [a.outline for a in battlefield.areas if a.blocks_movement]
        self._closed_move_blockers = [(outline, _bounds(outline)) for outline in blockers]
        self._blocker_index = BlockerIndex(self._closed_move_blockers, point_in_polygon)
        # --- vehicles (issue 20): the hulls on the table as terrain (R290-R293) ---
        self._followed: Any = None  # a GameState whose vehicles' hulls are asked about
        self._hull_key: tuple[Any, ...] = ()
        self.hull_version = 0  # changes whenever the hulls on the table change
        # --- cards (issue 19): Swiss Cheese — buildings (ids) and walls (indices) that no
        # longer count as cover (R282; `set_no_cover`)
        self.no_cover: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())

    # --- vehicles (issue 20): hulls as terrain (R290-R293) ---
    def follow(self, state: Any) -> None:
        """Answer every later question with the hulls of this state's vehicles (its
        `vehicles` records and `units`), read again at each question: the engine follows its
        own state, an AI the state of the view it is deciding on."""
        self._followed = state
        self.sync_hulls()

    def sync_hulls(self) -> None:
        """Hand the geometry the hulls of the followed state's vehicles when they moved."""
        state = self._followed
        if state is None or (not state.vehicles and not self._hull_key):
            return
        key = tuple(
            (uid, raw["x"], raw["y"], raw["facing"], raw["type"], _wrecked(raw))
            for uid, raw in state.vehicles.items()
            if _on_table(state, uid)
        )
        if key != self._hull_key:
            self._hull_key = key
            self.hull_version += 1
            self.geometry.set_hulls(tuple(_hull(*item) for item in key))

    # -- sight -------------------------------------------------------------------------------
    def line_of_sight(self, a: UnitPosition, b: UnitPosition) -> bool:
        """R4: half or more of the firers see the target and half or more targets are visible."""
        self.sync_hulls()
        if not a.figures or not b.figures:
            return False
        return bool(self.geometry.line_of_sight(a, b).has_los)

    def line_of_fire(
        self, firer: UnitPosition, target: UnitPosition, others: Sequence[UnitPosition]
    ) -> LineOfFire:
        """R6, R91, R291: the one answer to who stands in the line of fire between the two
        units, hulls included (`game.battlefield.line_of_fire`). A unit with no figure standing
        (every one hit, or all aboard) is in nobody's line; found in Turkey Shoot seed 18."""
        self.sync_hulls()
        return self.geometry.line_of_fire(firer, target, [o for o in others if o.figures])

    def units_in_line_of_fire(
        self, firer: UnitPosition, target: UnitPosition, others: Sequence[UnitPosition]
    ) -> list[str]:
        """R6, R91: ids of other units in the line of fire between the two units (a
        straight-through block comes first)."""
        if not firer.figures or not target.figures:
            return []
        lof = self.line_of_fire(firer, target, others)
        found_ids = list(lof.units_in_line)
        if lof.blocked_by is not None and lof.blocked_by not in found_ids:
            found_ids.insert(0, lof.blocked_by)
        return found_ids

    def blocks_fire(
        self, firer: UnitPosition, target: UnitPosition, others: Sequence[UnitPosition]
    ) -> str | None:
        """R6: the id of a unit the centre line passes straight through at the firer's level
        (it blocks fire for everyone), else None. Asked through `line_of_fire`, so a unit with no
        figure standing blocks nothing (Turkey Shoot seed 176: the Insurgent AI asked it while
        the sniper team's men were all hit or carried)."""
        if not firer.figures or not target.figures:
            return None
        blocked = self.line_of_fire(firer, target, others).blocked_by
        return None if blocked is None else str(blocked)

    # -- cover -------------------------------------------------------------------------------
    def in_solid_cover(self, unit: UnitPosition) -> bool:
        """R8: half or more of the unit's figures stand in or close to Solid Cover."""
        if not unit.figures:
            return False
        self.sync_hulls()
        return bool(2 * self.geometry.solid_cover_figures(unit) >= len(unit.figures))

    def is_exposed(self, unit: UnitPosition) -> bool:
        """R7: Exposed when fewer than half the figures are within 2" of a cover piece."""
        if not unit.figures:
            return False
        self.sync_hulls()
        return bool(self.geometry.is_exposed(unit))

    def set_no_cover(self, buildings: frozenset[int], walls: frozenset[int]) -> None:
        """Swiss Cheese (cards, R282): these buildings and walls count as cover no more."""
        self.no_cover = (buildings, walls)
        self.geometry.cover_map.no_cover = self.no_cover

    # -- movement ----------------------------------------------------------------------------
    def on_table(self, p: Point) -> bool:
        return 0.0 <= p[0] <= self.battlefield.width and 0.0 <= p[1] <= self.battlefield.height

    def place(
        self,
        leader: Point,
        count: int,
        *,
        occupied: Sequence[Point] = (),
        nudge: float = NUDGE,
    ) -> list[Point] | None:
        """Figure spots in cohesion around the leader (R2, R3), clear of other bases, the
        leader's first; None when the unit fits nowhere near; beside another unit's base
        rather than on it (R92). See `figure_spots.place`."""
        return figure_spots.place(self, leader, count, occupied, nudge)

    def free_spots(
        self, wanted: Point, occupied: Sequence[Point], *, within: float
    ) -> Iterator[Point]:
        """R92: the points nearest `wanted` first (itself first) where a base stands clear of
        every base in `occupied`, up to `within` inches away, in the same building as `wanted`
        (or outside every building) and reached from it in a straight line. Points are tried
        on rings 1/4" apart, 24 to a ring."""
        apart = 2 * BASE_RADIUS - 1e-6
        wx, wy = wanted
        # only the bases within reach of the rings can be in the way of a point on them
        reach = within + apart
        close = [(ox, oy) for ox, oy in occupied if abs(ox - wx) <= reach and abs(oy - wy) <= reach]
        hypot = math.hypot

        def clear(px: float, py: float) -> bool:
            """No base of `close` stands within `apart`; the base that stopped a point is
            asked first about the next (neighbouring ring points are mostly stopped by the
            same one; the answer does not depend on the order)."""
            for i, (ox, oy) in enumerate(close):
                if hypot(px - ox, py - oy) < apart:
                    if i:
                        close.insert(0, close.pop(i))
                    return False
            return True

        if clear(wx, wy):
            yield wanted
        # a ring point r from `wanted` is at most r + d from a base d away: rings nearer than
        # (apart - the nearest base's distance) cannot clear it, and are skipped
        nearest = min((hypot(wx - ox, wy - oy) for ox, oy in close), default=apart)
        skip_below = apart - nearest - 1e-9
        home = self._building_key(wanted)
        graph = self._street_graph()
        hug_wanted = graph.hugged(wanted) if graph is not None else _NONE
        for radius, dx, dy in _nudge_offsets(within):
            if radius < skip_below:
                continue
            p = (wx + dx, wy + dy)
            if not clear(p[0], p[1]) or not self.on_table(p) or self._building_key(p) != home:
                continue
            if graph is not None:
                # a base fits there and slides straight there: two pymunk queries, not a
                # route tree from a new start
                if graph.free(p) and _clear(graph, wanted, p, hug_wanted, _NONE):
                    yield p
                continue
            route = self.path(wanted, p)
            if distance(route[-1], p) < 1e-6 and path_length(route) <= radius + 0.01:
                yield p

    def _street_graph(self) -> Any:
        """The geometry's street graph for routes (None without one), looked up once."""
        if self._street is _UNKNOWN:
            self._street = _street_graph(self.geometry)
        return self._street

    def _building_key(self, p: Point) -> int:
        """Which building holds `p` (-1 in the street), from the geometry's index."""
        index = self.geometry.building_index_at(p)
        return -1 if index is None else int(index)

    def unseen_path(
        self, start: Point, goal: Point, watchers: Sequence[UnitPosition]
    ) -> list[Point] | None:
        """A path no watcher sees (Out of Contact Movement), or None."""
        if not watchers:
            return None
        found = self.geometry.unseen_path(start, goal, list(watchers))
        if found is None:
            return None
        return [(float(p[0]), float(p[1])) for p in found.points]

    def building_at(self, p: Point) -> Building | None:
        """The building whose footprint holds `p` (R32), or None in the street."""
        for building in self.battlefield.buildings:
            if point_in_polygon(p, building.outline):
                return building
        return None

    def blocked_point(self, p: Point) -> bool:
        if not self.on_table(p):
            return True
        return self._blocker_index.holds(p)  # the blockers near `p` only (blocker_index)

    def path(self, start: Point, goal: Point) -> list[Point]:
        """A walkable path from start toward goal (may stop short when the way is blocked)."""
        key = (start, goal)
        cached = self._paths.get(key)
        if cached is not None:
            return list(cached)
        return self.remember_path(start, goal, self._path(start, goal))

    def remember_path(self, start: Point, goal: Point, found: list[Point]) -> list[Point]:
        """Keep `found` as the path from start to goal (`path` answers it next time)."""
        self._paths.put((start, goal), tuple(found))
        return found

    def path_to(self, start: Point, goal: Point) -> list[Point]:
        """`path(start, goal)` searched from the goal: for many starts toward one goal (an AI's
        destinations weighed by the walk left to its objective; see `goal_routes`)."""
        graph = self._street_graph()
        if graph is None:
            return self.path(start, goal)
        route = route_to(graph, start, goal, _clear)
        return [start] if route is None else [(float(p[0]), float(p[1])) for p in route]

    def _path(self, start: Point, goal: Point) -> list[Point]:
        graph = self._street_graph()
        if graph is not None:
            route = _fan(graph, start).route(graph, goal)
            if route is None:
                return [start]
            return [(float(p[0]), float(p[1])) for p in route]
        found = self.geometry.path(start, goal)
        if found is None:
            return [start]
        return [(float(p[0]), float(p[1])) for p in found.points]


_FAN_STARTS = 256
"""Starts whose shortest-route trees are kept per street graph (oldest dropped first)."""
_ROUTES_PER_START = 4096
_FANS: weakref.WeakKeyDictionary[Any, OrderedDict[Point, _Fan]] = weakref.WeakKeyDictionary()
_FANS_LOCK = threading.Lock()
_GRAPH_API = (
    "nodes",
    "edges",
    "clear",
    "hugged",
    "on_ground",
    "straddles_wall",
    "move_filter",
    "free",
    "queries",
)


@lru_cache(maxsize=8)
def _nudge_offsets(within: float) -> tuple[tuple[float, float, float], ...]:
    """(ring radius, dx, dy) of the points R92 tries around a wanted spot, nearest first: rings
    NUDGE_STEP apart, NUDGE_DIRECTIONS points to a ring, up to `within` inches."""
    rings = int(within / NUDGE_STEP + 1e-9)
    offsets = []
    for ring in range(1, rings + 1):
        radius = ring * NUDGE_STEP
        for k in range(NUDGE_DIRECTIONS):
            angle = 2 * math.pi * k / NUDGE_DIRECTIONS
            offsets.append((radius, radius * math.cos(angle), radius * math.sin(angle)))
    return tuple(offsets)


def _street_graph(geometry: Any) -> Any:
    """The street-level movement graph behind `geometry.path`, when it offers what `_Fan`
    needs (else None, and routes come from `geometry.path` itself)."""
    navigation = getattr(geometry, "navigation", None)
    graph = getattr(navigation, "street", None)
    if graph is None or not all(hasattr(graph, name) for name in _GRAPH_API):
        return None
    return graph


def _fan(graph: Any, start: Point) -> _Fan:
    """The route tree from `start` on `graph`, shared by every Terrain of that graph."""
    with _FANS_LOCK:
        fans = _FANS.get(graph)
        if fans is None:
            fans = _FANS[graph] = OrderedDict()
        found = fans.get(start)
        if found is None:
            found = fans[start] = _Fan(graph, start)  # holds no reference to the graph
            if len(fans) > _FAN_STARTS:
                fans.popitem(last=False)
        else:
            fans.move_to_end(start)
        return found


_NONE: frozenset[Any] = frozenset()


def _clear(graph: Any, p: Point, q: Point, hug_p: frozenset[Any], hug_q: frozenset[Any]) -> bool:
    """`graph.clear(p, q, hug_p, hug_q)`, answered without its every-wall query when one
    nearest-wall query settles it: a wall the base may not touch, met first from either end,
    blocks the slide; meeting no wall at all leaves it clear (a bare wall line lies inside the
    wall the base may not touch)."""
    if hug_p or hug_q:
        first_shape = graph.queries.segment_first_shape
        move = graph.move_filter
        first = first_shape(p, q, move)
        if first is None:
            return True
        if first not in hug_p and first not in hug_q:
            return False
        last = first_shape(q, p, move)
        if last is not None and last not in hug_p and last not in hug_q:
            return False
    return bool(graph.clear(p, q, hug_p, hug_q))


class _Fan:
    """Shortest street-level routes from one start to any number of goals (R3, R32).

    The same routes as the movement graph's own A* search (`Geometry.path`: the straight line
    when the base slides straight there, else start, graph corners, goal), found for many goals
    at once: a unit's candidate destinations all start where its leader stands. The graph's
    nodes are settled in order of their distance from the start only as far as some goal
    needs (a node's start edge is checked when it is first reached); a goal then takes the
    settled node with the least (distance + straight line to the goal) whose line to the goal
    is clear, once no unsettled node can do better.
    """

    def __init__(self, graph: Any, start: Point) -> None:
        self.start = start
        self.ok = bool(graph.on_ground(start))
        self.hug_start = graph.hugged(start) if self.ok else frozenset()
        sx, sy = start
        self.heap: list[tuple[float, int, int]] = (
            [(math.hypot(x - sx, y - sy), k, -1) for k, (x, y) in enumerate(graph.nodes)]
            if self.ok
            else []
        )
        heapq.heapify(self.heap)
        # per node, indexed by its number (lists, not dicts: the innermost loop reads them)
        count = len(graph.nodes)
        self.done = [False] * count  # settled: its distance from the start is final
        self.parent = [-1] * count
        self.settled: list[tuple[float, float, float, int]] = []  # (dist, x, y, node), in order
        self.tentative = [math.inf] * count
        # the engine checks the very destinations an AI weighed (and its own samples again)
        self.routes: dict[Point, tuple[Point, ...] | None] = {}

    def _frontier(self) -> float:
        heap, done = self.heap, self.done
        while heap and done[heap[0][1]]:
            heapq.heappop(heap)
        return heap[0][0] if heap else math.inf

    def _settle_next(self, graph: Any) -> bool:
        # the innermost loop of every route: names are bound locally (same steps, same order)
        heap, done, tentative = self.heap, self.done, self.tentative
        nodes = graph.nodes
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, k, parent = pop(heap)
            if done[k]:
                continue
            if parent == -1 and not _clear(graph, self.start, nodes[k], self.hug_start, _NONE):
                continue
            done[k] = True
            self.parent[k] = parent
            x, y = nodes[k]
            self.settled.append((d, x, y, k))
            for j, w in graph.edges[k]:
                through = d + w
                if through < tentative[j] and not done[j]:
                    tentative[j] = through
                    push(heap, (through, j, k))
            return True
        return False

    def route(self, graph: Any, goal: Point, limit: float = math.inf) -> tuple[Point, ...] | None:
        """The shortest route on `graph` (the one this tree was built on) from the start to
        `goal`, or None when there is none (with a `limit`, also when it is longer: that None
        is not remembered, a later call without the limit may find the route)."""
        if goal in self.routes:
            return self.routes[goal]
        found = self._route(graph, goal, limit)
        if found is None and limit != math.inf:
            return None
        if len(self.routes) >= _ROUTES_PER_START:
            self.routes.clear()  # a pointer hovering over the table asks for ever new goals
        self.routes[goal] = found
        return found

    def _route(self, graph: Any, goal: Point, limit: float = math.inf) -> tuple[Point, ...] | None:
        """The route, or None; with a `limit`, None also when the route is longer (keys are
        taken in rising order, so nodes whose key passes the limit are never needed)."""
        if not self.ok or not graph.on_ground(goal) or graph.straddles_wall(goal):
            return None
        hug_goal = graph.hugged(goal)
        if _clear(graph, self.start, goal, self.hug_start, hug_goal):
            return (self.start, goal)
        nodes = graph.nodes
        gx, gy = goal
        hypot = math.hypot
        # (distance from the start + straight line to the goal, node) of the settled nodes,
        # taken lowest first. Settled nodes come in rising distance, and a node's key is at
        # least its distance: they join the heap in that order, each before the heap's lowest
        # key could be taken while its distance is not above that key, so the lowest taken is
        # always the lowest of every settled node, and the far ones are never measured.
        # None can come before one already taken (its key is at least the frontier's).
        settled = self.settled
        through: list[tuple[float, int]] = []
        push = heapq.heappush
        added = 0
        while True:
            while added < len(settled) and (not through or settled[added][0] <= through[0][0]):
                d, x, y, k = settled[added]
                if d > limit:  # nor any node after it: no key within the limit
                    added = len(settled)
                    break
                if (key := d + hypot(gx - x, gy - y)) <= limit:
                    push(through, (key, k))
                added += 1
            if through and through[0][0] <= self._frontier():
                _length, k = heapq.heappop(through)
                if _clear(graph, nodes[k], goal, _NONE, hug_goal):
                    return self._via(nodes, k, goal)
            elif not through and self._frontier() > limit:
                return None  # bounded (`bounded_paths`): no route within the limit is left
            elif not self._settle_next(graph) and not through and added == len(settled):
                return None

    def _via(self, nodes: Sequence[Point], last: int, goal: Point) -> tuple[Point, ...]:
        route = [goal]
        k = last
        while k != -1:
            route.append(nodes[k])
            k = self.parent[k]
        route.append(self.start)
        return tuple(reversed(route))


# --- vehicles (issue 20): a vehicle record as a hull (R290-R293) ---
def _wrecked(raw: dict[str, Any]) -> bool:
    damage = raw.get("damage") or {}
    return bool(damage) and int(damage.get("reliability", 1)) == 0


def _on_table(state: Any, unit_id: str) -> bool:
    """A vehicle's hull stays on the table unless its crew drove it off (R221, R293)."""
    unit = state.units.get(unit_id)
    return unit is None or unit.status != "exited"


def _hull(uid: str, x: float, y: float, facing: float, type_key: str, wreck: bool) -> Hull:
    card = vehicle_type(type_key)
    solid = card.armour_class >= 1 or card.up_armored_softskin  # R292
    return Hull(uid, hull_corners((x, y), facing, card.length, card.width), wreck, solid)


def path_length(points: Sequence[Point]) -> float:
    return sum(distance(a, b) for a, b in pairwise(points))


def walk(points: Sequence[Point], length: float) -> Point:
    """The point `length` inches along a path (its end when the path is shorter)."""
    remaining = length
    for a, b in pairwise(points):
        leg = distance(a, b)
        if leg >= remaining and leg > 0:
            t = remaining / leg
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        remaining -= leg
    return points[-1]


def truncate(points: Sequence[Point], length: float) -> list[Point]:
    """The first `length` inches of a path."""
    out = [points[0]]
    remaining = length
    for a, b in pairwise(points):
        leg = distance(a, b)
        if leg >= remaining:
            if leg > 0 and remaining > 0:
                t = remaining / leg
                out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            return out
        out.append(b)
        remaining -= leg
    return out

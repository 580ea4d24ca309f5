"""Movement: shortest paths for a leader's base and placing a unit in cohesion around it.

Rulebook: Moving Units on the Table, Unit Cohesion; rulings R2, R3, R32, R53.

The leader's base (radius 3/8", R2) must stay clear of building walls, high walls and
impassable areas; buildings are entered and left only through their doors (R32), each door a
1" gap in the outline centred on its marker (R53). Paths are found on a visibility graph:
nodes just outside every obstacle corner (mitred offsets by the base radius) and at the doors,
static node-to-node edges checked once (each node's when a search first reaches it:
graph_edges.py), then a lazy A* that checks the start and goal edges
only when the search reaches them. Clearance tests are thin-ray queries against walls drawn
as pymunk capsules of the base radius, which sidesteps the radius segment-query bug
(Chipmunk2D #138) entirely.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import pymunk

from game.battlefield import cohesion, planar
from game.battlefield.graph_edges import GraphEdges, distinct_nodes
from game.battlefield.model import AreaKind, Point, WallHeight
from game.battlefield.open_ground import OpenGround
from game.battlefield.path_nodes import (
    _CLEARANCE,
    Chain,
    _corner_nodes,
    _door_nodes,
    building_chains,
)
from game.battlefield.planar import BASE_RADIUS
from game.battlefield.queries import SpaceQueries

if TYPE_CHECKING:
    from game.battlefield.geometry import Geometry


_CAPSULE = BASE_RADIUS - 1e-4  # a path exactly one base radius from a wall is allowed
_MOVE = 0b01  # capsules of the base radius: what the leader's centre may not enter
_THIN = 0b10  # the bare walls: what a line between two figures may not cross
GRID_STEP = 0.5
"""Inches between the points of the hidden-movement grid."""


@dataclass(frozen=True)
class Path:
    """A route for the leader, in inches (R1)."""

    points: tuple[Point, ...]

    @cached_property
    def length(self) -> float:
        return planar.path_length(self.points)

    @property
    def end(self) -> Point:
        return self.points[-1]

    def point_at(self, distance: float) -> Point:
        """The point `distance` inches along the path (clamped to its ends)."""
        return self.truncate(distance).end

    def truncate(self, length: float) -> Path:
        """Rulebook: Moving Units on the Table. The first `length` inches of the path."""
        if length <= 0:
            return Path(self.points[:1])
        kept = [self.points[0]]
        left = length
        for a, b in zip(self.points, self.points[1:], strict=False):
            step = planar.distance(a, b)
            if step >= left:
                if step > 0 and left > 0:
                    t = left / step
                    kept.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
                return Path(tuple(kept))
            kept.append(b)
            left -= step
        return Path(tuple(kept))


class _Graph:
    """A visibility graph for one set of walls (street level, or one building's roof)."""

    def __init__(
        self,
        chains: Sequence[Chain],
        solids: Sequence[tuple[Point, ...]],
        bounds: planar.BBox,
        extra_nodes: Sequence[Point] = (),
        region: tuple[Point, ...] | None = None,
    ) -> None:
        self.space = pymunk.Space()
        self.queries = SpaceQueries(self.space)
        self.solids = list(solids)
        self.solid_boxes = [planar.bbox_of(s) for s in self.solids]
        self.bounds = bounds
        self.region = region
        static = self.space.static_body
        shapes: list[pymunk.Shape] = []
        for points, closed in chains:
            for a, b in planar.chain_edges(points, closed):
                capsule = pymunk.Segment(static, a, b, _CAPSULE)
                capsule.filter = pymunk.ShapeFilter(categories=_MOVE)
                thin = pymunk.Segment(static, a, b, 0.0)
                thin.filter = pymunk.ShapeFilter(categories=_THIN)
                shapes += [capsule, thin]
        if shapes:
            self.space.add(*shapes)
        self.move_filter = pymunk.ShapeFilter(mask=_MOVE)
        self.thin_filter = pymunk.ShapeFilter(mask=_THIN)
        offset = BASE_RADIUS + _CLEARANCE
        candidates = [p for points, closed in chains for p in _corner_nodes(points, closed, offset)]
        candidates += list(extra_nodes)
        self.nodes: list[Point] = distinct_nodes(candidates, self.free)
        # each node's edges found when first read (graph_edges.py; the same edges, speed only)
        self.edges = GraphEdges(self.nodes, self._move_blocked)
        # Whether the base slides straight between a search's start (or goal) and a node, by
        # that point: callers ask for many routes from one start (every candidate destination
        # of one unit) or to one goal, and these checks are most of a search's pymunk queries.
        self._from_start: dict[Point, dict[int, bool]] = {}
        self._to_goal: dict[Point, dict[int, bool]] = {}

    def _move_blocked(self, p: Point, q: Point) -> bool:
        """A wall (as a base-radius capsule) meets the segment p-q: no edge between them."""
        return self.queries.segment_hits(p, q, self.move_filter)

    def on_ground(self, p: Point) -> bool:
        """Inside the table (or region) and outside every solid piece."""
        x0, y0, x1, y1 = self.bounds
        if not (x0 <= p[0] <= x1 and y0 <= p[1] <= y1):
            return False
        if self.region is not None and not planar.point_in_polygon(p, self.region):
            return False
        return not any(
            planar.in_bbox(p, box) and planar.point_in_polygon(p, solid)
            for solid, box in zip(self.solids, self.solid_boxes, strict=True)
        )

    def free(self, p: Point) -> bool:
        """A base centred on `p` fits: on the ground and one base radius from every wall."""
        return self.on_ground(p) and not self.queries.point_touches(p, 0.0, self.move_filter)

    def hugged(self, p: Point) -> frozenset[pymunk.Shape]:
        """Capsules that `p` already stands inside (a base touching a wall may still move)."""
        if not self.queries.point_touches(p, 0.0, self.move_filter):
            return frozenset()  # the usual answer, without listing the hits
        return frozenset(info.shape for info in self.space.point_query(p, 0.0, self.move_filter))

    def clear(
        self,
        p: Point,
        q: Point,
        hug_p: frozenset[pymunk.Shape] = frozenset(),
        hug_q: frozenset[pymunk.Shape] = frozenset(),
    ) -> bool:
        """The leader's base can slide straight from p to q."""
        if not hug_p and not hug_q:
            return not self.queries.segment_hits(p, q, self.move_filter)
        for info in self.space.segment_query(p, q, 0.0, self.move_filter):
            if info.shape not in hug_p and info.shape not in hug_q:
                return False
        # A wall line touched exactly at an end does not stop the slide. Pymunk reports such a
        # touch at the start of a ray but not at its end, which made paths one-way.
        for info in self.space.segment_query(p, q, 0.0, self.thin_filter):
            at_start = info.alpha <= 1e-9 and bool(hug_p)
            at_end = info.alpha >= 1.0 - 1e-9 and bool(hug_q)
            if not (at_start or at_end):
                return False
        return True

    def straddles_wall(self, p: Point) -> bool:
        """The point lies on a wall's centre line: no base may stop there."""
        return self.queries.point_touches(p, 1e-6, self.thin_filter)

    def search(self, start: Point, goal: Point) -> Path | None:
        """Lazy A*: start and goal edges are checked only when the search pops them."""
        if not (self.on_ground(start) and self.on_ground(goal)) or self.straddles_wall(goal):
            return None
        hug_s, hug_g = self.hugged(start), self.hugged(goal)
        if self.clear(start, goal, hug_s, hug_g):
            return Path((start, goal))
        n = len(self.nodes)
        start_id, goal_id = n, n + 1
        points = [*self.nodes, start, goal]
        from_start = _memo(self._from_start, start)
        to_goal = _memo(self._to_goal, goal)
        hypot = math.hypot
        sx, sy = start
        gx, gy = goal
        # the A* heuristic (straight-line distance to the goal) of every node, once per search
        to_go = [hypot(gx - x, gy - y) for x, y in self.nodes]
        heap: list[tuple[float, float, int, int, int, bool]] = []
        counter = 0
        for k, (x, y) in enumerate(self.nodes):
            if from_start.get(k) is False:
                continue  # known blocked: the search would pop and drop it
            g = hypot(x - sx, y - sy)
            heap.append((g + to_go[k], g, counter, k, start_id, True))
            counter += 1
        heapq.heapify(heap)
        best: dict[int, float] = {}
        parent: dict[int, int] = {}
        closed: set[int] = set()
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            _f, g, _c, k, par, lazy = pop(heap)
            if k in closed:
                continue
            if lazy:
                known = from_start if par == start_id else to_goal
                key = k if par == start_id else par
                ok_known = known.get(key)
                if ok_known is None:
                    ok_known = self.clear(
                        points[par],
                        points[k],
                        hug_s if par == start_id else frozenset(),
                        hug_g if k == goal_id else frozenset(),
                    )
                    known[key] = ok_known
                if not ok_known:
                    continue
            parent[k] = par
            if k == goal_id:
                route = [goal]
                while par != start_id:
                    route.append(points[par])
                    par = parent[par]
                route.append(start)
                return Path(tuple(reversed(route)))
            closed.add(k)
            for j, w in self.edges[k]:
                if j in closed:
                    continue
                ng = g + w
                if ng < best.get(j, math.inf):
                    best[j] = ng
                    push(heap, (ng + to_go[j], ng, counter, j, k, False))
                    counter += 1
            ng = g + to_go[k]
            push(heap, (ng, ng, counter, goal_id, k, True))
            counter += 1
        return None


_MEMO_POINTS = 512
_PATH_CACHE_LIMIT = 20_000


def _memo(table: dict[Point, dict[int, bool]], point: Point) -> dict[int, bool]:
    """The per-node answers remembered for `point` (a bounded table: cleared when full)."""
    found = table.get(point)
    if found is None:
        if len(table) >= _MEMO_POINTS:
            table.clear()
        found = table[point] = {}
    return found


class Navigation:
    """Movement graphs of one battlefield: the street level, and each roof on demand."""

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        field = geometry.battlefield
        chains: list[Chain] = []
        door_nodes: list[Point] = []
        for building in field.buildings:
            doors = [d.position for d in building.doors]
            chains += building_chains(building.outline, doors)
            for door in doors:
                door_nodes += _door_nodes(building.outline, door)
        solids: list[tuple[Point, ...]] = []
        for wall in field.walls:
            if wall.height is WallHeight.HIGH:
                chains.append((wall.points, wall.closed))
                if wall.closed and len(wall.points) >= 3:
                    solids.append(wall.points)
        for area in field.areas:
            if area.blocks_movement or area.kind is AreaKind.IMPASSABLE:
                chains.append((area.outline, True))
                solids.append(area.outline)
        self.door_nodes = door_nodes
        self.street = _Graph(chains, solids, (0.0, 0.0, field.width, field.height), door_nodes)
        self._roofs: dict[int, _Graph] = {}
        self._street_paths: dict[tuple[Point, Point], Path | None] = {}

    def roof(self, building_index: int) -> _Graph:
        graph = self._roofs.get(building_index)
        if graph is None:
            outline = self.geometry.battlefield.buildings[building_index].outline
            bounds = planar.bbox_of(outline)
            graph = _Graph([(outline, True)], [], bounds, region=outline)
            self._roofs[building_index] = graph
        return graph

    def path(self, start: Point, goal: Point, *, elevation: int = 0) -> Path | None:
        """Rulebook: Moving Units on the Table. Shortest leader path, or None if there is
        none. At elevation > 0 both ends must be on the same roof, high enough (R10, R32)."""
        if elevation <= 0:
            # Routes are asked for again and again (an AI weighs a move, then the engine checks
            # it; each keeps its own Terrain but they share this Navigation): remember them.
            key = (start, goal)
            if key in self._street_paths:
                return self._street_paths[key]
            found = self.street.search(start, goal)
            if len(self._street_paths) >= _PATH_CACHE_LIMIT:
                self._street_paths.clear()
            self._street_paths[key] = found
            return found
        index = self.geometry.building_index_at(start)
        if index is None or index != self.geometry.building_index_at(goal):
            return None
        if self.geometry.battlefield.buildings[index].storeys < elevation:
            return None
        return self.roof(index).search(start, goal)

    def place_in_cohesion(
        self,
        leader_point: Point,
        n_figures: int,
        *,
        occupied: Sequence[Point] = (),
        toward: Point | None = None,
    ) -> tuple[Point, ...]:
        """Rulebook: Unit Cohesion, Moving Units on the Table (R2, R3).

        Returns `n_figures` positions, the leader's first. Every other base is within 1" edge
        to edge of an already placed one (with no wall between them), clear of walls and
        impassable terrain and of the bases in `occupied`; figures stay inside the leader's
        building when the leader is inside one, and outside every building otherwise. With
        `toward`, figures gather on that side of the leader. Raises ValueError when there is
        no room.
        """
        return cohesion.place_in_cohesion(
            self.street,
            self.geometry.building_index_at,
            leader_point,
            n_figures,
            occupied,
            toward,
            self.open_ground,
        )

    @cached_property
    def open_ground(self) -> OpenGround:
        """The street level's open squares, measured as placement asks (`open_ground`)."""
        outlines = [b.outline for b in self.geometry.battlefield.buildings]
        return OpenGround(self.street, outlines)

    @cached_property
    def grid(
        self,
    ) -> tuple[list[Point], list[list[tuple[int, float]]], dict[tuple[int, int], int]]:
        """A 0.5" lattice of free street-level points plus the door nodes, with the moves
        between neighbours that the leader's base can make, and the lattice index of each
        (column, row); used for hidden movement."""
        graph = self.street
        field = self.geometry.battlefield
        cols = int(field.width / GRID_STEP)
        rows = int(field.height / GRID_STEP)
        index: dict[tuple[int, int], int] = {}
        points: list[Point] = []
        for r in range(rows):
            for c in range(cols):
                p = ((c + 0.5) * GRID_STEP, (r + 0.5) * GRID_STEP)
                if graph.free(p):
                    index[(c, r)] = len(points)
                    points.append(p)
        edges: list[list[tuple[int, float]]] = [[] for _ in points]

        def link(i: int, j: int) -> None:
            if graph.clear(points[i], points[j]):
                w = planar.distance(points[i], points[j])
                edges[i].append((j, w))
                edges[j].append((i, w))

        for (c, r), i in index.items():
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                j = index.get((c + dc, r + dr))
                if j is not None:
                    link(i, j)
        for door in self.door_nodes:
            if not graph.free(door):
                continue
            d = len(points)
            points.append(door)
            edges.append([])
            c0, r0 = int(door[0] / GRID_STEP), int(door[1] / GRID_STEP)
            for dc in range(-3, 4):
                for dr in range(-3, 4):
                    j = index.get((c0 + dc, r0 + dr))
                    if j is not None:
                        link(d, j)
        return points, edges, index

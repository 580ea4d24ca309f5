"""Shortest street routes from many starts to one goal (the scale game, issue 23 §5).

An AI weighs each candidate destination by the walk left from it to its objective: many
starts, one goal. A route tree from each start (`terrain._Fan`) costs a Dijkstra search per
destination; `_ToGoal` grows one tree backwards from the goal and answers every start from
it. It settles the graph's nodes in order of their walk to the goal only as far as some start
needs; a start then takes the settled node with the least (straight line from the start + walk
to the goal) whose line from the start is clear, once no unsettled node can do better.

The routes are those of the forward search: the same clear-line checks with the same
arguments (start to node with the start's hugged walls, node to goal with the goal's), the
same refusals (a start off the ground; a goal off the ground or on a wall's centre line), the
shortest length. Only where two routes are exactly as long may the other one be taken (the
forward tree keeps the one found first from the start, this one the one found first from the
goal): a length asked of both is the same walk.
"""

from __future__ import annotations

import heapq
import math
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from game.battlefield.model import Point

Clear = Callable[[Any, Point, Point, frozenset[Any], frozenset[Any]], bool]

_GOALS = 64
"""Goals whose trees are kept per street graph (oldest dropped first)."""
_ROUTES_PER_GOAL = 4096
_TREES: weakref.WeakKeyDictionary[Any, OrderedDict[Point, _ToGoal]] = weakref.WeakKeyDictionary()
_TREES_LOCK = threading.Lock()
_NONE: frozenset[Any] = frozenset()


def route_to(graph: Any, start: Point, goal: Point, clear: Clear) -> tuple[Point, ...] | None:
    """The shortest route on `graph` from `start` to `goal` (start first), or None; `clear` is
    the forward search's clear-line check (`terrain._clear`)."""
    with _TREES_LOCK:
        trees = _TREES.get(graph)
        if trees is None:
            trees = _TREES[graph] = OrderedDict()
        tree = trees.get(goal)
        if tree is None:
            tree = trees[goal] = _ToGoal(graph, goal, clear)
            if len(trees) > _GOALS:
                trees.popitem(last=False)
        else:
            trees.move_to_end(goal)
    return tree.route(graph, start)


class _ToGoal:
    """The walk from every node of the street graph to one goal, grown as far as asked."""

    def __init__(self, graph: Any, goal: Point, clear: Clear) -> None:
        self.goal = goal
        self.clear = clear
        self.ok = bool(graph.on_ground(goal)) and not graph.straddles_wall(goal)
        self.hug_goal = graph.hugged(goal) if self.ok else _NONE
        gx, gy = goal
        self.heap: list[tuple[float, int, int]] = (
            [(math.hypot(gx - x, gy - y), k, -1) for k, (x, y) in enumerate(graph.nodes)]
            if self.ok
            else []
        )
        heapq.heapify(self.heap)
        count = len(graph.nodes)
        self.done = [False] * count
        self.next = [-1] * count  # the node after this one on its way to the goal (-1: goal)
        self.settled: list[tuple[float, float, float, int]] = []  # (walk, x, y, node)
        self.tentative = [math.inf] * count
        self.routes: dict[Point, tuple[Point, ...] | None] = {}

    def _frontier(self) -> float:
        heap, done = self.heap, self.done
        while heap and done[heap[0][1]]:
            heapq.heappop(heap)
        return heap[0][0] if heap else math.inf

    def _settle_next(self, graph: Any) -> bool:
        heap, done, tentative = self.heap, self.done, self.tentative
        nodes = graph.nodes
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, k, after = pop(heap)
            if done[k]:
                continue
            if after == -1 and not self.clear(graph, nodes[k], self.goal, _NONE, self.hug_goal):
                continue
            done[k] = True
            self.next[k] = after
            x, y = nodes[k]
            self.settled.append((d, x, y, k))
            for j, w in graph.edges[k]:
                through = d + w
                if through < tentative[j] and not done[j]:
                    tentative[j] = through
                    push(heap, (through, j, k))
            return True
        return False

    def route(self, graph: Any, start: Point) -> tuple[Point, ...] | None:
        if start in self.routes:
            return self.routes[start]
        if len(self.routes) >= _ROUTES_PER_GOAL:
            self.routes.clear()
        found = self.routes[start] = self._route(graph, start)
        return found

    def _route(self, graph: Any, start: Point) -> tuple[Point, ...] | None:
        if not self.ok or not graph.on_ground(start):
            return None
        hug_start = graph.hugged(start)
        if self.clear(graph, start, self.goal, hug_start, self.hug_goal):
            return (start, self.goal)
        nodes = graph.nodes
        sx, sy = start
        hypot = math.hypot
        settled = self.settled
        through = [(hypot(x - sx, y - sy) + d, k) for d, x, y, k in settled]
        heapq.heapify(through)
        added = len(settled)
        while True:
            while added < len(settled):
                d, x, y, k = settled[added]
                heapq.heappush(through, (hypot(x - sx, y - sy) + d, k))
                added += 1
            if through and through[0][0] <= self._frontier():
                _length, k = heapq.heappop(through)
                if self.clear(graph, start, nodes[k], hug_start, _NONE):
                    return self._via(nodes, start, k)
            elif not self._settle_next(graph) and not through and added == len(settled):
                return None

    def _via(self, nodes: Sequence[Point], start: Point, first: int) -> tuple[Point, ...]:
        route = [start]
        k = first
        while k != -1:
            route.append(nodes[k])
            k = self.next[k]
        route.append(self.goal)
        return tuple(route)

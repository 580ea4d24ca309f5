"""The movement graph's node-to-node edges, each node's built the first time it is read.

Speed only (issue 23 §5, the battle window's opening on a big table): the visibility graph of
`paths._Graph` checked every pair of its nodes when it was made (about 250,000 ray queries for
the 96"x96" scale map's 700 nodes), while placing the units at set-up reads no edge at all.
Here a node's edges are found when a search first reaches that node; each pair is checked once,
by the same query the eager build made (from the lower-numbered node to the higher), and the
edges of a node are listed in the eager build's order (by the other node's number), so every
search pops the same nodes in the same order as before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from game.battlefield import planar
from game.battlefield.model import Point

Edge = tuple[int, float]


class GraphEdges(Sequence[list[Edge]]):
    """`edges[k]`: the (node, length) pairs a base slides straight to from node k, by node."""

    def __init__(self, nodes: Sequence[Point], blocked: Callable[[Point, Point], bool]) -> None:
        self._nodes = nodes
        self._blocked = blocked
        self._n = len(nodes)
        self._rows: list[list[Edge] | None] = [None] * self._n
        # per node whose edges are found: 1 for every node it slides straight to (a node's
        # pairs with nodes found before it are read here, not asked again; memory grows only
        # with the nodes a search reached)
        self._clear: list[bytearray | None] = [None] * self._n

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, k: int) -> list[Edge]:  # type: ignore[override]
        row = self._rows[k]
        if row is None:
            row = self._rows[k] = self._row(k)
        return row

    def __iter__(self) -> Iterator[list[Edge]]:
        for k in range(self._n):
            yield self[k]

    @property
    def built(self) -> int:
        """How many nodes' edges have been found so far."""
        return sum(r is not None for r in self._rows)

    def _row(self, k: int) -> list[Edge]:
        nodes, known, blocked = self._nodes, self._clear, self._blocked
        distance = planar.distance
        here = nodes[k]
        clear = bytearray(self._n)
        row: list[Edge] = []
        for j in range(self._n):
            if j == k:
                continue
            other = known[j]
            if other is not None:
                ok = other[k]
            elif j < k:  # the pair is asked from its lower-numbered node, as the eager build did
                ok = not blocked(nodes[j], here)
            else:
                ok = not blocked(here, nodes[j])
            if ok:
                clear[j] = 1
                row.append((j, distance(nodes[j], here) if j < k else distance(here, nodes[j])))
        known[k] = clear
        return row


def distinct_nodes(candidates: Sequence[Point], free: Callable[[Point], bool]) -> list[Point]:
    """The free candidates in order, each dropped when within 1e-6" of one kept before it
    (as a scan of every kept node did; kept nodes are looked up by 1" cell)."""
    kept: list[Point] = []
    cells: dict[tuple[int, int], list[Point]] = {}
    distance = planar.distance
    for p in candidates:
        if not free(p):
            continue
        cx, cy = int(p[0] // 1.0), int(p[1] // 1.0)
        near = [
            q for dx in (-1, 0, 1) for dy in (-1, 0, 1) for q in cells.get((cx + dx, cy + dy), ())
        ]
        if all(distance(p, q) > 1e-6 for q in near):
            kept.append(p)
            cells.setdefault((cx, cy), []).append(p)
    return kept

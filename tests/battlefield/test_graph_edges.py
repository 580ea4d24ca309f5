"""The movement graph's edges found node by node when a search first reaches a node (issue 23
§5, the battle window's opening; speed only): on every shipped map the lazily found edges are
the eager build's, edge for edge and in the same order, whatever order the nodes are read in,
and the graph's nodes are the ones the scan of every kept node kept."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.battlefield import planar
from game.battlefield.geometry import Geometry
from game.battlefield.graph_edges import GraphEdges, distinct_nodes
from game.battlefield.loader import load_battlefield
from game.battlefield.model import Point

ROOT = Path(__file__).resolve().parents[2]
MAPS = [*sorted((ROOT / "maps").glob("*.tmx")), ROOT / "tests/maps/geometry/town.tmx"]


def _eager(nodes: list[Point], blocked: object) -> list[list[tuple[int, float]]]:
    """The build every pair at once that the graph made before (paths._Graph, round 6)."""
    edges: list[list[tuple[int, float]]] = [[] for _ in nodes]
    for i, p in enumerate(nodes):
        for j in range(i + 1, len(nodes)):
            q = nodes[j]
            if not blocked(p, q):  # type: ignore[operator]
                w = planar.distance(p, q)
                edges[i].append((j, w))
                edges[j].append((i, w))
    return edges


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_lazy_edges_are_the_eager_edges_in_any_reading_order(path: Path) -> None:
    graph = Geometry(load_battlefield(path)).navigation.street
    nodes = graph.nodes
    expected = _eager(nodes, graph._move_blocked)
    assert sum(map(len, expected)) > 0  # the map has a graph to compare
    asked: list[tuple[Point, Point]] = []

    def counting(p: Point, q: Point) -> bool:
        asked.append((p, q))
        return graph._move_blocked(p, q)

    lazy = GraphEdges(nodes, counting)
    order = list(range(len(nodes)))
    random.Random(7).shuffle(order)
    for k in order[: len(order) // 2]:
        assert lazy[k] == expected[k]
    assert lazy.built == len(order) // 2
    assert [lazy[k] for k in range(len(nodes))] == expected
    # each pair asked once, from its lower-numbered node as the eager build asked it
    index = {p: i for i, p in enumerate(nodes)}
    assert len(asked) == len(set(asked)) == len(nodes) * (len(nodes) - 1) // 2
    assert all(index[p] < index[q] for p, q in asked)


def test_no_edge_is_found_before_a_search_reads_one() -> None:
    graph = Geometry(load_battlefield(MAPS[0])).navigation.street
    assert isinstance(graph.edges, GraphEdges) and graph.edges.built == 0
    assert len(graph.edges) == len(graph.nodes) > 0


def test_distinct_nodes_drops_a_point_within_a_millionth_of_one_kept() -> None:
    candidates = [(1.0, 1.0), (1.0000005, 1.0), (0.9999995, 0.9999995), (2.0, 2.0), (1.0, 1.01)]
    blocked = {(2.0, 2.0)}
    kept = distinct_nodes(candidates, lambda p: p not in blocked)
    assert kept == [(1.0, 1.0), (1.0, 1.01)]
    # across a cell's edge too (1" cells): 0.9999999 and 1.0 are neighbours
    assert distinct_nodes([(0.9999999, 5.0), (1.0, 5.0)], lambda p: True) == [(0.9999999, 5.0)]


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_distinct_nodes_is_the_scan_of_every_kept_node(path: Path) -> None:
    from game.battlefield.path_nodes import _corner_nodes, building_chains

    field = load_battlefield(path)
    graph = Geometry(field).navigation.street
    candidates: list[Point] = []
    for building in field.buildings:
        for points, closed in building_chains(
            building.outline, [d.position for d in building.doors]
        ):
            candidates += _corner_nodes(points, closed, 0.5)
    candidates += [(x + 1e-7, y) for x, y in candidates[::3]]  # near-duplicates to drop
    scanned: list[Point] = []
    for p in candidates:
        if graph.free(p) and all(planar.distance(p, q) > 1e-6 for q in scanned):
            scanned.append(p)
    assert scanned and distinct_nodes(candidates, graph.free) == scanned

"""The bool pymunk queries answer as pymunk's public API does, and figure placement's lazy
lattice comes out in the order a full sort of the lattice gives (Unit Cohesion, R2, R3)."""

from __future__ import annotations

import math
import random

import pymunk
import pytest

from game.battlefield import cohesion, path_nodes
from game.battlefield.queries import SpaceQueries


def _walled_space() -> tuple[pymunk.Space, pymunk.ShapeFilter]:
    space = pymunk.Space()
    body = space.static_body
    shapes = [
        pymunk.Segment(body, (2.0, 2.0), (8.0, 2.0), 0.4),
        pymunk.Segment(body, (8.0, 2.0), (8.0, 7.0), 0.4),
        pymunk.Segment(body, (1.0, 9.0), (9.0, 9.0), 0.0),
        pymunk.Poly(body, [(4.0, 4.0), (6.0, 4.0), (6.0, 6.0), (4.0, 6.0)]),
    ]
    for shape in shapes:
        shape.filter = pymunk.ShapeFilter(categories=1)
    space.add(*shapes)
    return space, pymunk.ShapeFilter(mask=1)


def test_bool_queries_answer_as_the_public_api() -> None:
    space, mask = _walled_space()
    queries = SpaceQueries(space)
    rng = random.Random(5)
    # random points, plus points exactly on the shapes' edges and corners
    points = [(rng.uniform(0, 10), rng.uniform(0, 10)) for _ in range(3000)]
    points += [(2.0, 2.4), (5.0, 2.4), (8.4, 5.0), (5.0, 9.0), (4.0, 4.0), (6.0, 5.0), (1.0, 9.0)]
    hits = {"point": 0, "segment": 0}
    for p in points:
        for reach in (0.0, 1e-6, 0.3):
            public = bool(space.point_query(p, reach, mask))
            assert queries.point_touches(p, reach, mask) is public, (p, reach)
            hits["point"] += public
        q = (p[0] + rng.uniform(-4, 4), p[1] + rng.uniform(-4, 4))
        first = space.segment_query_first(p, q, 0.0, mask)
        assert queries.segment_hits(p, q, mask) is (first is not None), (p, q)
        where = queries.segment_first_point(p, q, mask)
        assert queries.segment_first_shape(p, q, mask) is (None if first is None else first.shape)
        if first is None:
            assert where is None
        else:
            hits["segment"] += 1
            assert where == pytest.approx((first.point.x, first.point.y), abs=1e-12)
    # both answers really occur
    assert 0 < hits["point"] < 3 * len(points)
    assert 0 < hits["segment"] < len(points)


def _fully_sorted(
    centre: tuple[float, float], anchor: tuple[float, float], spacing: float, rings: int
) -> list[tuple[float, float]]:
    """The lattice as placement used to build it: every point made, then one stable sort."""
    row_height = spacing * math.sqrt(3) / 2
    points = []
    for r in range(-rings, rings + 1):
        shift = spacing / 2 if r % 2 else 0.0
        for c in range(-rings, rings + 1):
            if r == 0 and c == 0:
                continue
            points.append((centre[0] + c * spacing + shift, centre[1] + r * row_height))
    points.sort(key=lambda p: math.hypot(p[0] - anchor[0], p[1] - anchor[1]))
    return points


@pytest.mark.parametrize("spacing", [1.0, 0.8])
@pytest.mark.parametrize("rings", [4, 5, 6])
def test_lazy_lattice_shells_give_the_full_sort_order(spacing: float, rings: int) -> None:
    rng = random.Random(rings * 10 + int(spacing * 10))
    centres = [(rng.uniform(0, 24), rng.uniform(0, 24)) for _ in range(60)]
    centres += [(0.0, 0.0), (12.0, 12.0), (21.333333333333332, 17.0), (3.1, 7.7)]
    for centre in centres:
        lazy = [
            p
            for shell in cohesion.lattice_nearest_first(centre, centre, spacing, rings)
            for p in shell
        ]
        assert lazy == _fully_sorted(centre, centre, spacing, rings), centre
        # gathering toward a side (an anchor off the centre) sorts the whole lattice at once
        anchor = (centre[0] + 0.6, centre[1] - 0.8)
        toward = [
            p
            for shell in cohesion.lattice_nearest_first(centre, anchor, spacing, rings)
            for p in shell
        ]
        assert toward == _fully_sorted(centre, anchor, spacing, rings), centre


def test_lattice_shells_hold_equal_distances_nearest_first() -> None:
    shells = path_nodes._lattice_shells(3)
    # the six neighbours of a hex lattice point form the first shell
    assert len(shells[0]) == 6
    distances = [
        [math.hypot(c + (r % 2) / 2, r * math.sqrt(3) / 2) for r, c in shell] for shell in shells
    ]
    for shell in distances:
        assert max(shell) - min(shell) < 1e-12
    firsts = [shell[0] for shell in distances]
    assert firsts == sorted(firsts) and len(set(round(d, 9) for d in firsts)) == len(firsts)

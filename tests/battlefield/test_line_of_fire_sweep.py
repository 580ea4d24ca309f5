"""The line of fire's per-base test in plain arithmetic answers exactly as pymunk's circle
segment query did (Rulebook: Line of Fire (LOF); R6, R51), including the sweep that starts
inside a base (a hit), touching distances and a zero-length line."""

from __future__ import annotations

import random

import pymunk

from game.battlefield.planar import BASE_RADIUS
from game.battlefield.sight import _swept_circle_hits


def _pymunk_hits(
    centre: tuple[float, float], a: tuple[float, float], b: tuple[float, float], radius: float
) -> bool:
    space = pymunk.Space()
    circle = pymunk.Circle(space.static_body, BASE_RADIUS, centre)
    space.add(circle)
    return circle.segment_query(a, b, radius) is not None


def test_swept_circle_matches_pymunk_on_random_and_edge_cases() -> None:
    rng = random.Random(5)
    cases: list[tuple[tuple[float, float], tuple[float, float], tuple[float, float], float]] = []
    for _ in range(3000):
        a = (rng.uniform(0, 24), rng.uniform(0, 24))
        b = (rng.uniform(0, 24), rng.uniform(0, 24))
        t = rng.uniform(-0.2, 1.2)
        side = rng.uniform(-3.0, 3.0)
        centre = (a[0] + (b[0] - a[0]) * t + side, a[1] + (b[1] - a[1]) * t - side)
        cases.append((centre, a, b, rng.choice((0.5, 1.0, 2.0))))
    cases += [
        ((5.0, 5.0), (5.0, 5.2), (5.0, 9.0), 1.0),  # starts inside the base (a hit)
        ((5.0, 5.0), (0.0, 5.0), (9.0, 5.0), 1.0),  # straight through
        ((5.0, 5.0 + 1.0 + BASE_RADIUS), (0.0, 5.0), (9.0, 5.0), 1.0),  # grazing
        ((5.0, 5.0), (2.0, 2.0), (2.0, 2.0), 1.0),  # zero-length line
        ((5.0, 5.0), (5.0, 1.0), (5.0, 3.0), 1.0),  # stops short
    ]
    hits = 0
    for centre, a, b, radius in cases:
        expected = _pymunk_hits(centre, a, b, radius)
        assert _swept_circle_hits(centre, BASE_RADIUS, a, b, radius) == expected, (centre, a, b)
        hits += expected
    assert 100 < hits < len(cases) - 100  # both answers are well represented

"""Figure placement in cohesion (Unit Cohesion, Moving Units on the Table; R2, R3, R92) made
cheaper without moving a figure (issue 17 §5, round 5): the incremental search and the open
ground squares give exactly the spots the search from scratch gives, on every shipped map, and
an open square's answers are the exact queries' answers."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from game.battlefield.geometry import Geometry
from game.battlefield.loader import load_battlefield
from game.battlefield.model import Point
from game.battlefield.open_ground import FITS, NO_WALL_IN_REACH, OpenGround
from game.battlefield.path_nodes import _clear_of, _unit
from game.battlefield.planar import BASE_RADIUS
from game.engine.terrain import Terrain
from game.rules.movement import COHESION_REACH

ROOT = Path(__file__).resolve().parents[2]
MAPS = [*sorted((ROOT / "maps").glob("*.tmx")), ROOT / "tests/maps/geometry/town.tmx"]


def _lattice(centre: Point, anchor: Point, spacing: float, rings: int) -> list[Point]:
    """The whole lattice, every point made, then one stable sort by distance to the anchor."""
    row_height = spacing * math.sqrt(3) / 2
    points = []
    for r in range(-rings, rings + 1):
        shift = spacing / 2 if r % 2 else 0.0
        for c in range(-rings, rings + 1):
            if r != 0 or c != 0:
                points.append((centre[0] + c * spacing + shift, centre[1] + r * row_height))
    points.sort(key=lambda p: math.hypot(p[0] - anchor[0], p[1] - anchor[1]))
    return points


def _from_scratch(
    geometry: Geometry,
    leader: Point,
    n_figures: int,
    occupied: Sequence[Point] = (),
    toward: Point | None = None,
) -> tuple[Point, ...] | None:
    """The placement as it was before round 5: every figure measured against every placed
    base again, every point asked the wall and building queries (None: no room)."""
    graph = geometry.navigation.street
    home = geometry.building_index_at(leader)
    anchor = leader
    if toward is not None and math.dist(toward, leader) > 1e-9:
        ux, uy = _unit(leader, toward)
        anchor = (leader[0] + ux, leader[1] + uy)
    placed = [leader]
    reach, apart = COHESION_REACH + 1e-9, 2 * BASE_RADIUS - 1e-9
    lx, ly = leader
    others = sorted((math.hypot(o[0] - lx, o[1] - ly), o) for o in occupied)
    for spacing in (1.0, 0.8):
        candidates = _lattice(leader, anchor, spacing, math.ceil(math.sqrt(n_figures)) + 3)
        while len(placed) < n_figures:
            choice = None
            for p in candidates:
                gaps = [math.hypot(q[0] - p[0], q[1] - p[1]) for q in placed]
                if min(gaps) < apart:
                    continue
                near = [q for q, gap in zip(placed, gaps, strict=True) if gap <= reach]
                if not near:
                    continue
                fits = (
                    _clear_of(p, others, math.hypot(p[0] - lx, p[1] - ly) + 0.75, 0.75)
                    and graph.free(p)
                    and geometry.building_index_at(p) == home
                )
                if fits and any(
                    not graph.queries.segment_hits(q, p, graph.thin_filter) for q in near
                ):
                    choice = p
                    break
            if choice is None:
                break
            placed.append(choice)
        if len(placed) == n_figures:
            return tuple(placed)
    return None


def _situations(geometry: Geometry, rng: random.Random, count: int) -> list[tuple]:
    """Leaders on free ground (some in buildings), 1-9 figures, other units' bases near."""
    graph = geometry.navigation.street
    out: list[tuple] = []
    while len(out) < count:
        leader = (rng.uniform(0, geometry.width), rng.uniform(0, geometry.height))
        if not graph.free(leader):
            continue
        others = [
            (leader[0] + rng.uniform(-4, 4), leader[1] + rng.uniform(-4, 4))
            for _ in range(rng.randint(0, 14))
        ]
        others = [o for o in others if math.dist(o, leader) >= 0.75]
        toward = None
        if rng.random() < 0.2:
            toward = (leader[0] + rng.uniform(-5, 5), leader[1] + rng.uniform(-5, 5))
        out.append((leader, rng.randint(1, 9), others, toward))
    return out


@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.stem)
def test_unit_cohesion_placement_gives_the_spots_a_search_from_scratch_gives(
    map_path: Path,
) -> None:
    geometry = Geometry(load_battlefield(map_path))
    rng = random.Random(map_path.stem)
    placed = 0
    for leader, n, others, toward in _situations(geometry, rng, 150):
        expected = _from_scratch(geometry, leader, n, others, toward)
        try:
            got: tuple[Point, ...] | None = geometry.place_in_cohesion(
                leader, n, occupied=others, toward=toward
            )
        except ValueError:
            got = None
        assert got == expected, (leader, n, others, toward)
        placed += got is not None
    assert placed > 100  # most situations have room: the comparison is not of two failures


@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.stem)
def test_an_open_square_answers_as_the_wall_and_building_queries(map_path: Path) -> None:
    geometry = Geometry(load_battlefield(map_path))
    graph = geometry.navigation.street
    ground = geometry.navigation.open_ground
    rng = random.Random(map_path.stem + "open")
    levels = {0: 0, FITS: 0, NO_WALL_IN_REACH: 0}
    for _ in range(4000):
        p = (rng.uniform(0, geometry.width), rng.uniform(0, geometry.height))
        level = ground.level(p)
        levels[level] += 1
        if level >= FITS:
            assert graph.free(p) and geometry.building_index_at(p) is None, p
        if level == NO_WALL_IN_REACH:
            for _ in range(8):
                angle, length = rng.uniform(0, 2 * math.pi), rng.uniform(0, COHESION_REACH)
                q = (p[0] + length * math.cos(angle), p[1] + length * math.sin(angle))
                assert not graph.queries.segment_hits(q, p, graph.thin_filter), (p, q)
    assert levels[FITS] + levels[NO_WALL_IN_REACH] > 0 and levels[0] > 0, levels


def test_a_square_beside_a_wall_is_not_open_and_a_roof_never_is() -> None:
    geometry = Geometry(load_battlefield(ROOT / "tests/maps/geometry/town.tmx"))
    navigation = geometry.navigation
    ground = navigation.open_ground
    building = geometry.battlefield.buildings[0]
    corner = building.outline[0]
    assert ground.level(corner) == 0  # on the outline: a wall and a building
    roof = OpenGround(navigation.roof(0), [])
    inside = (
        sum(p[0] for p in building.outline) / len(building.outline),
        sum(p[1] for p in building.outline) / len(building.outline),
    )
    assert roof.level(inside) == 0


def test_r92_free_spots_are_the_points_a_full_check_accepts_in_the_same_order() -> None:
    terrain = Terrain(load_battlefield(ROOT / "maps/contracting-trouble.tmx"))
    graph = terrain.geometry.navigation.street
    rng = random.Random(92)
    apart = 2 * BASE_RADIUS - 1e-6
    checked = 0
    for _ in range(60):
        wanted = (rng.uniform(2, 22), rng.uniform(2, 22))
        if not graph.free(wanted):
            continue
        bases = [(wanted[0] + rng.uniform(-2, 2), wanted[1] + rng.uniform(-2, 2)) for _ in range(9)]
        got = list(terrain.free_spots(wanted, bases, within=1.5))
        # every ring point clear of every base, in the ring order, then the exact queries
        expected = [wanted] if all(math.dist(wanted, b) >= apart for b in bases) else []
        for step in range(1, 7):
            radius = step * 0.25
            for k in range(24):
                angle = 2 * math.pi * k / 24
                p = (wanted[0] + radius * math.cos(angle), wanted[1] + radius * math.sin(angle))
                if any(math.hypot(p[0] - b[0], p[1] - b[1]) < apart for b in bases):
                    continue
                if terrain._building_key(p) != terrain._building_key(wanted):
                    continue
                if graph.free(p) and not graph.queries.segment_hits(wanted, p, graph.move_filter):
                    expected.append(p)
        assert got == expected, wanted
        checked += bool(got)
    assert checked > 20

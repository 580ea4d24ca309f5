"""Placing a unit's figures in cohesion around its leader (R2, R3): the search behind
`paths.Navigation.place_in_cohesion`, the one placement the engine and both AIs use.

Rulebook: Unit Cohesion, Moving Units on the Table.

The figures are put one at a time on a hex lattice around the leader, each on the lattice point
nearest the leader (or the side it gathers toward) that is not too close to a placed base, lies
within 1" edge to edge of one with no wall between, and can hold a base (clear of walls and
impassable ground, of other units' bases, in the leader's building or in the street with him).

The AIs place a unit at every destination they weigh, so this runs thousands of times a game
(issue 17 §5). Each lattice point remembers how many of the placed bases it has been measured
against: a point passed over for one figure is measured against the newest base only when the
next figure is placed, instead of against every base again. Whether a point is too close to a
base, or has a base within reach with no wall between, can only become true as bases are added,
so the point first found to pass is the one a search from scratch would find.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Any

from game.battlefield import planar
from game.battlefield.model import Point
from game.battlefield.open_ground import FITS, NO_WALL_IN_REACH, OpenGround
from game.battlefield.path_nodes import _clear_of, _lattice_cells, _lattice_shells, _unit
from game.battlefield.planar import BASE_RADIUS
from game.rules.movement import COHESION_REACH  # Rulebook: Unit Cohesion (R2)

_DEAD = -1  # a lattice point too close to a placed base (it stays so)


def place_in_cohesion(
    graph: Any,
    building_index_at: Callable[[Point], int | None],
    leader_point: Point,
    n_figures: int,
    occupied: Sequence[Point] = (),
    toward: Point | None = None,
    ground: OpenGround | None = None,
) -> tuple[Point, ...]:
    """Rulebook: Unit Cohesion, Moving Units on the Table (R2, R3). `n_figures` positions on
    the street graph `graph`, the leader's first (see `Navigation.place_in_cohesion`); raises
    ValueError when there is no room. With `ground` (the open ground of `graph`), points in
    open squares skip the wall and building queries whose answers the square settles."""
    if n_figures < 1:
        raise ValueError(f"n_figures must be at least 1, got {n_figures}")
    home = building_index_at(leader_point)
    segment_hits, thin = graph.queries.segment_hits, graph.thin_filter
    hypot = math.hypot
    anchor = leader_point
    if toward is not None and planar.distance(toward, leader_point) > 1e-9:
        ux, uy = _unit(leader_point, toward)
        anchor = (leader_point[0] + ux, leader_point[1] + uy)
    placed = [leader_point]
    clear_of = 2 * BASE_RADIUS
    # other bases by distance from the leader: a point d from the leader can only be too
    # close to those nearer the leader than d + clear_of (triangle inequality)
    lx, ly = leader_point
    others = sorted((hypot(o[0] - lx, o[1] - ly), o) for o in occupied)

    level = ground.level if ground is not None and home is None else None

    def fits(p: Point) -> bool:
        """A base may stand at p: clear of other units' bases, of walls and impassable
        ground, in the leader's building (or the street with him)."""
        px, py = p
        if not _clear_of(p, others, hypot(px - lx, py - ly) + clear_of, clear_of):
            return False
        if level is not None and level(p) >= FITS:
            return True  # in the street, as the leader
        return bool(graph.free(p)) and building_index_at(p) == home

    def wall_between(q: Point, p: Point) -> bool:
        """A wall line crosses q-p (q a placed base within cohesion reach of p)."""
        if level is not None and level(p) == NO_WALL_IN_REACH:
            return False
        return bool(segment_hits(q, p, thin))

    for spacing in (1.0, 0.8):
        # the figures placed at the wider spacing stay: the closer lattice fills in around them
        rings = math.ceil(math.sqrt(n_figures)) + 3
        # the lattice points nearest the anchor first, made only as far as the search goes:
        # a unit usually fills the few points next to its leader
        _fill(
            placed,
            n_figures,
            lattice_nearest_first(leader_point, anchor, spacing, rings),
            fits,
            wall_between,
        )
        if len(placed) == n_figures:
            return tuple(placed)
    raise ValueError(
        f"no room for {n_figures} figures in cohesion around "
        f"({leader_point[0]:.2f}, {leader_point[1]:.2f})"
    )


def _fill(
    placed: list[Point],
    n_figures: int,
    more: Iterator[list[Point]],
    fits: Callable[[Point], bool],
    wall_between: Callable[[Point, Point], bool],
) -> None:
    """Add figures to `placed` until there are `n_figures` or no lattice point of `more` (the
    lattice, a shell at a time, nearest first) passes: each on the first point that is no
    nearer than two base radii to a placed base, within reach of one with no wall between,
    and `fits`."""
    hypot = math.hypot
    reach = COHESION_REACH + 1e-9
    apart = 2 * BASE_RADIUS - 1e-9
    candidates: list[Point] = []
    # per point: how many placed bases it has been measured against (_DEAD: too close to
    # one), and whether one of them within reach has no wall between (then it passes)
    measured: list[int] = []
    linked: list[bool] = []
    # Whether a lattice point may hold a base at all is decided lazily, nearest first: the
    # checks (a pymunk query, the building test) are the cost of placing.
    usable: dict[int, bool] = {}
    size = 0
    while len(placed) < n_figures:
        count = len(placed)
        newest = placed[-1]
        k = -1
        while True:
            k += 1
            if k == size:
                batch = next(more, None)
                if batch is None:
                    return
                candidates += batch
                measured += [0] * len(batch)
                linked += [False] * len(batch)
                size = len(candidates)
            done = measured[k]
            if done == count or done < 0:  # _DEAD
                continue  # (up to date: it did not pass, or it would have been taken)
            px, py = p = candidates[k]
            if done == count - 1:  # the usual case: only the newest base is new to it
                gap = hypot(newest[0] - px, newest[1] - py)
                if gap < apart:
                    measured[k] = _DEAD
                    continue
                measured[k] = count
                near = [newest] if gap <= reach else []
            else:
                near = []
                for i in range(done, count):
                    q = placed[i]
                    gap = hypot(q[0] - px, q[1] - py)
                    if gap < apart:
                        measured[k] = _DEAD
                        break
                    if gap <= reach:
                        near.append(q)
                if measured[k] == _DEAD:
                    continue
                measured[k] = count
            if near and not linked[k]:
                ok = usable.get(k)
                if ok is None:
                    ok = usable[k] = fits(p)
                if ok and any(not wall_between(q, p) for q in near):
                    linked[k] = True
            if linked[k]:  # set only for a point that can hold a base
                placed.append(p)
                break


def lattice_nearest_first(
    centre: Point, anchor: Point, spacing: float, rings: int
) -> Iterator[list[Point]]:
    """The points of a hex lattice around `centre` (`rings` rows and columns each way, the
    centre left out) nearest `anchor` first, ties in row order, a shell of equal distance at a
    time: the order sorting the whole lattice by distance would give, without making the far
    points a search never reaches. Each point is computed as (centre x + column * spacing +
    the odd row's half shift, centre y + row * row height), in that order of operations."""
    cx, cy = centre
    ax, ay = anchor
    if anchor != centre:  # the shells are about the centre: sort the whole lattice
        points = [(cx + cs + sh, cy + rh) for cs, sh, rh in _offsets(spacing, rings)]
        points.sort(key=lambda p: math.hypot(p[0] - ax, p[1] - ay))
        yield points
        return
    hypot = math.hypot
    for shell in _shell_offsets(spacing, rings):
        points = [(cx + cs + sh, cy + rh) for cs, sh, rh in shell]
        if len(points) > 1:
            # equal in exact arithmetic; rounding orders them as a full sort would
            points.sort(key=lambda p: hypot(p[0] - ax, p[1] - ay))
        yield points


def _offset(spacing: float, r: int, c: int) -> tuple[float, float, float]:
    """(column * spacing, the odd row's half shift, row * row height) of lattice cell (r, c)."""
    row_height = spacing * math.sqrt(3) / 2
    return (c * spacing, spacing / 2 if r % 2 else 0.0, r * row_height)


@lru_cache(maxsize=64)
def _offsets(spacing: float, rings: int) -> tuple[tuple[float, float, float], ...]:
    return tuple(_offset(spacing, r, c) for r, c in _lattice_cells(rings))


@lru_cache(maxsize=64)
def _shell_offsets(
    spacing: float, rings: int
) -> tuple[tuple[tuple[float, float, float], ...], ...]:
    return tuple(
        tuple(_offset(spacing, r, c) for r, c in shell) for shell in _lattice_shells(rings)
    )

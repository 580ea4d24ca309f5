"""Line of sight for every pair of a set of units at once, as whole-array arithmetic (numpy).

`Geometry.line_of_sight` answers one pair with a Python loop over its figure-to-figure rays;
that costs tens of microseconds a pair, too much for the whole table of 40 units (780 pairs)
that the game asks for whenever anything moves. This module answers all the pairs in one
pass over arrays and returns the counts `line_of_sight` gives (R4, R5, R50):

1. The LOS-blocking terrain is cut into convex *blockers*: a building whose outline is
   convex (every rectangle) is one blocker; the edges of any other outline, of high walls
   and of blocking areas are one blocker each (a segment is convex too).
2. Every ray between two units lies in the convex hull of their figures, so a blocker whose
   box an axis separates from all those figures (x, y, or across the line between the
   units' centres) cannot stop any of them and is not looked at for that pair.
3. The ray from figure p to figure q (both outside a convex blocker) passes through it
   exactly when the blocker lies ahead of p in the direction of q and ahead of q in the
   direction of p: the direction p->q is inside the angular interval the blocker fills as
   seen from p, and q->p inside the one seen from q. So each figure needs the interval of
   each blocker once, and each ray its direction once; a ray-blocker test is then two dot
   products against precomputed cosines.
4. A test is trusted only when the direction is farther than _ANGLE_MARGIN inside or
   outside both intervals and each figure is farther than _NEAR from the blocker; every
   other ray that no blocker surely stops goes to pymunk (`Geometry._ray_clear`), so every
   answer is pymunk's own, like the naive baseline's.
5. A blocker of the building a figure stands in never stops that figure's rays (R5).

numpy is a dependency for this module alone: a per-ray Python loop cannot meet the 5 ms
target for 40 units on a 2-core machine (see `tools/bench.py --section geometry`).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from game.battlefield.model import Point, UnitPosition

if TYPE_CHECKING:
    from game.battlefield.geometry import Geometry

_Floats = npt.NDArray[np.float64]
_Ints = npt.NDArray[np.int64]

_ANGLE_MARGIN = 1e-8
"""Radians: a ray's direction must be this far inside (or outside) a blocker's angular
interval for the answer to be trusted without pymunk."""
_NEAR = 1e-3
"""Inches: a figure this close to a blocker's corner, or on or inside its outline (the
interval spans half a turn or more), leaves its rays through that blocker to pymunk."""
_SPAN_LIMIT = math.pi - 1e-4
_NEVER, _ALWAYS = 2.0, -2.0  # cosine thresholds no direction passes / every direction passes
_BOX_SLACK = 1e-6  # inches of slack in the cull, as in Geometry._edges_between


def _is_convex(points: list[Point]) -> bool:
    """Whether the closed outline turns the same way at every corner (strictly)."""
    count = len(points)
    signs = set()
    for k in range(count):
        (ax, ay), (bx, by), (cx, cy) = points[k], points[(k + 1) % count], points[(k + 2) % count]
        turn = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
        if turn == 0.0:
            return False
        signs.add(turn > 0.0)
    return len(signs) == 1


def _is_box(outline: Sequence[Point]) -> bool:
    """Whether the outline is an axis-aligned rectangle (its footprint is its box)."""
    xs = {x for x, _ in outline}
    ys = {y for _, y in outline}
    return len(outline) == 4 and len(xs) == 2 and len(ys) == 2


class TerrainArrays:
    """The LOS-blocking terrain of one Geometry as convex blockers in arrays."""

    def __init__(self, geometry: Geometry) -> None:
        shapes: list[tuple[list[Point], int, int]] = []  # (corners, building group, bit)
        for piece in geometry._pieces:
            corners = [(edge[0], edge[1]) for edge in piece.edges]
            closed = len(piece.edges) >= 3 and all(
                piece.edges[k][2:4] == piece.edges[(k + 1) % len(piece.edges)][0:2]
                for k in range(len(piece.edges))
            )
            if piece.group and closed and _is_convex(corners):
                shapes.append((corners, piece.group, piece.bit))
            else:
                for ax, ay, bx, by, group in piece.edges:
                    shapes.append(([(ax, ay), (bx, by)], group, piece.bit))
        self.count = len(shapes)
        width = max((len(corners) for corners, _, _ in shapes), default=2)
        padded = [corners + [corners[0]] * (width - len(corners)) for corners, _, _ in shapes]
        corners_array = np.array(padded, dtype=np.float64).reshape(self.count, width, 2)
        # (corners, blockers): corner k of every blocker is one contiguous row
        self.vx = np.ascontiguousarray(corners_array[:, :, 0].T)
        self.vy = np.ascontiguousarray(corners_array[:, :, 1].T)
        self.group = np.array([group for _, group, _ in shapes], dtype=np.int64)
        self.bit = np.array([bit for _, _, bit in shapes], dtype=np.int64)
        self.left, self.right = self.vx.min(axis=0), self.vx.max(axis=0)
        self.top, self.bottom = self.vy.min(axis=0), self.vy.max(axis=0)
        self.box_cx, self.box_cy = (self.left + self.right) / 2, (self.top + self.bottom) / 2
        self.box_hx, self.box_hy = (self.right - self.left) / 2, (self.bottom - self.top) / 2
        # buildings, for the footprint a figure stands in (`Geometry._group_of`)
        boxes = np.array(geometry._building_boxes, dtype=np.float64).reshape(-1, 4)
        self.building_box = [boxes[:, k].copy() for k in range(4)]
        self.building_is_box = np.array(
            [_is_box(building.outline) for building in geometry._buildings], dtype=np.bool_
        )


def _intervals(
    terrain: TerrainArrays, fx: _Floats, fy: _Floats, fgroup: _Ints, blocker: _Ints
) -> tuple[_Floats, _Floats, _Floats, _Floats]:
    """For figures (fx, fy: slots x combos) and the blocker of each combo: the unit vector to
    the middle of the angular interval the blocker fills as seen from the figure, and the
    cosine thresholds a direction's dot product with it must pass to be surely inside (above
    `inside`) or surely outside (below `outside`) the interval. Own-building blockers are
    surely outside for every direction (R5); a figure too close to a blocker is never sure."""
    t = terrain
    vx, vy = t.vx[:, blocker], t.vy[:, blocker]  # (corners, combos)
    dx0, dy0 = vx[0] - fx, vy[0] - fy  # (slots, combos)
    # each corner's angle from corner 0, in (-pi, pi]: the interval as seen from a point
    # outside a convex blocker spans less than half a turn and contains corner 0
    low = np.zeros(fx.shape)
    high = np.zeros(fx.shape)
    closest = dx0 * dx0 + dy0 * dy0
    for k in range(1, len(vx)):
        dx, dy = vx[k] - fx, vy[k] - fy
        turn = np.arctan2(dx0 * dy - dy0 * dx, dx0 * dx + dy0 * dy)
        np.minimum(low, turn, out=low)
        np.maximum(high, turn, out=high)
        np.minimum(closest, dx * dx + dy * dy, out=closest)
    half = (high - low) / 2
    middle = np.arctan2(dy0, dx0) + (low + high) / 2
    unsure = (closest < _NEAR * _NEAR) | (high - low > _SPAN_LIMIT)
    inside = np.where(half > 1e-5, np.cos(half - _ANGLE_MARGIN), _NEVER)
    outside = np.where(half + _ANGLE_MARGIN < math.pi, np.cos(half + _ANGLE_MARGIN), _ALWAYS)
    inside[unsure] = _NEVER
    outside[unsure] = _ALWAYS
    group = t.group[blocker]
    own = (group != 0) & (group == fgroup)
    inside[own] = _NEVER
    outside[own] = _NEVER
    return np.cos(middle), np.sin(middle), inside, outside


def _row_extreme(pick: np.ufunc, rows: _Floats) -> _Floats:
    """The elementwise extreme of a few long rows (cheaper than numpy's axis-0 reduce)."""
    found = rows[0].copy()
    for row in rows[1:]:
        pick(found, row, out=found)
    return found


def _groups(
    geometry: Geometry, terrain: TerrainArrays, fx: _Floats, fy: _Floats, slots: list[list[Point]]
) -> _Ints:
    """`Geometry._group_of` of every slot (1 + the building whose footprint holds it, else
    0): at once for a point outside every building's box, or more than _NEAR inside a
    rectangular building's; the exact test for the few others (near an outline, or in the
    box of a building of another shape)."""
    t = terrain
    x, y = fx[..., None], fy[..., None]
    left, top, right, bottom = t.building_box
    in_box = (left <= x) & (x <= right) & (top <= y) & (y <= bottom)
    surely_in = (left + _NEAR < x) & (x < right - _NEAR) & (top + _NEAR < y) & (y < bottom - _NEAR)
    surely_in &= t.building_is_box
    groups = np.where(surely_in.any(axis=-1), surely_in.argmax(axis=-1) + 1, 0)
    group_of = geometry._group_of
    for u, k in zip(*np.nonzero((in_box & ~surely_in).any(axis=-1)), strict=True):
        groups[u, k] = group_of(slots[u][k])
    return groups


def all_pair_counts(
    geometry: Geometry, terrain: TerrainArrays, units: Sequence[UnitPosition]
) -> list[tuple[int, int]]:
    """(seeing, visible) for every pair i < j of `units`, in `itertools.combinations` order:
    how many of unit i's figures have a clear ray to some figure of unit j, and how many of
    unit j's figures some figure of unit i sees (the counts of `Geometry.line_of_sight`)."""
    n = len(units)
    if n < 2:
        return []
    # Every unit's figures in a row of `width` slots; the spare slots repeat the unit's first
    # figure (so every slot is a real place) and are left out of the counts at the end.
    width = max(len(u.figures) for u in units)
    slots = [[*u.figures, *([u.figures[0]] * (width - len(u.figures)))] for u in units]
    points = np.fromiter(
        chain.from_iterable(chain.from_iterable(slots)), dtype=np.float64, count=n * width * 2
    ).reshape(n, width, 2)
    fx, fy = points[:, :, 0], points[:, :, 1]  # (units, slots)
    fgroup = _groups(geometry, terrain, fx, fy, slots)
    sizes = np.array([len(u.figures) for u in units], dtype=np.int64)
    real = np.arange(width)[None, :] < sizes[:, None]
    elevation = np.array([u.elevation for u in units], dtype=np.int64)
    # Each unit's figures' box and its centre, and the building every figure shares (0 if
    # none; its blockers stop none of the unit's rays, R5).
    left, right = fx.min(axis=1), fx.max(axis=1)
    top, bottom = fy.min(axis=1), fy.max(axis=1)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    shared = np.where(fgroup.min(axis=1) == fgroup.max(axis=1), fgroup[:, 0], 0)

    iu, ju = _pairs(n)
    lo = np.minimum(elevation[iu], elevation[ju])
    hi = np.maximum(elevation[iu], elevation[ju])
    top_elevation = int(hi.max())
    table = np.array(
        [
            [geometry.los_mask(min(x, y), max(x, y)) for y in range(top_elevation + 1)]
            for x in range(top_elevation + 1)
        ],
        dtype=np.int64,
    )
    mask = table[lo, hi]

    # ---- which blockers may meet the rays of which pairs. Every ray lies in the convex hull
    # of the two units' figures, so a blocker is out of reach when an axis separates the
    # figures from the blocker's box (by more than _BOX_SLACK): the table's x and y axes,
    # and the axis across the line between the units' centres (along which the box spans
    # its centre's place plus or minus |ux| * half height + |uy| * half width).
    t = terrain
    col = (slice(None), None)
    x0, y0 = cx[iu], cy[iu]
    ux, uy = cx[ju] - x0, cy[ju] - y0
    slack = _BOX_SLACK * np.sqrt(ux * ux + uy * uy)
    across = np.concatenate((fy.T[:, iu], fy.T[:, ju]))  # (both units' slots, pairs)
    across *= ux
    across -= np.concatenate((fx.T[:, iu], fx.T[:, ju])) * uy
    high = _row_extreme(np.maximum, across) + slack
    low = _row_extreme(np.minimum, across) - slack
    middle = ux[col] * t.box_cy - uy[col] * t.box_cx  # (pairs, blockers)
    spread = np.abs(ux)[col] * t.box_hy
    spread += np.abs(uy)[col] * t.box_hx
    ok = middle - spread <= high[col]
    ok &= middle + spread >= low[col]
    ok &= t.left <= (np.maximum(right[iu], right[ju]) + _BOX_SLACK)[col]
    ok &= t.right >= (np.minimum(left[iu], left[ju]) - _BOX_SLACK)[col]
    ok &= t.top <= (np.maximum(bottom[iu], bottom[ju]) + _BOX_SLACK)[col]
    ok &= t.bottom >= (np.minimum(top[iu], top[ju]) - _BOX_SLACK)[col]
    if top_elevation > 0 or not ((t.bit & mask[0]) != 0).all():  # else every blocker counts
        ok &= (t.bit & mask[col]) != 0
    for unit in np.flatnonzero(shared):  # units wholly in one building: its blockers are theirs
        theirs = t.group == shared[unit]
        ok[(iu == unit) | (ju == unit)] &= ~theirs
    pair_k, blocker_k = np.nonzero(ok)  # pair by pair: np.nonzero is row-major

    # Every pair without a candidate sees all the way: all its figures count. (Fresh arrays:
    # the live pairs' counts are written over them below.)
    seeing, visible = sizes[iu], sizes[ju]
    if len(pair_k) == 0:
        return list(zip(seeing.tolist(), visible.tolist(), strict=True))
    # Arrays below keep the long axis (pairs or candidates) last, so that numpy's inner loops
    # run along it however the small figure axes are broadcast.
    fx_t, fy_t = np.ascontiguousarray(fx.T), np.ascontiguousarray(fy.T)  # (slots, units)
    # the pairs with candidates (candidates come pair by pair), and each candidate's pair
    starts = np.flatnonzero(np.r_[True, pair_k[1:] != pair_k[:-1]])
    live = pair_k[starts]
    step = np.zeros(len(pair_k), dtype=np.int64)
    step[starts[1:]] = 1
    of_pair = np.cumsum(step)
    # each ray's direction, (p slot, q slot, live pairs)
    pa, pb = iu[live], ju[live]
    ray_x = fx_t[:, pb][None, :, :] - fx_t[:, pa][:, None, :]
    ray_y = fy_t[:, pb][None, :, :] - fy_t[:, pa][:, None, :]
    norm = ray_x * ray_x
    norm += ray_y * ray_y
    np.sqrt(norm, out=norm)
    norm[norm == 0.0] = np.nan  # two figures on one spot: no direction, every test unsure
    ray_x /= norm
    ray_y /= norm
    # (p slot, q slot, candidates), in buffers kept between calls: fresh arrays this size
    # cost more in page faults than the arithmetic does
    shape = (width, width, len(pair_k))
    pair_ray_x, pair_ray_y = ray_x, ray_y
    ray_x = np.take(pair_ray_x, of_pair, axis=2, out=_work("ray_x", shape), mode="clip")
    ray_y = np.take(pair_ray_y, of_pair, axis=2, out=_work("ray_y", shape), mode="clip")
    # the angular intervals, once per (unit, blocker) met
    count = t.count
    keys, index = np.unique(
        np.concatenate((iu[pair_k] * count + blocker_k, ju[pair_k] * count + blocker_k)),
        return_inverse=True,
    )
    held = keys // count
    cos_mid, sin_mid, inside, outside = _intervals(
        t, fx_t[:, held], fy_t[:, held], fgroup.T[:, held], keys % count
    )
    of_a, of_b = index[: len(pair_k)], index[len(pair_k) :]
    dot, term = _work("dot", shape), _work("term", shape)
    # seen from p, along p->q
    np.multiply(ray_x, cos_mid[:, of_a][:, None, :], out=dot)
    dot += np.multiply(ray_y, sin_mid[:, of_a][:, None, :], out=term)
    ahead_of_p = np.greater(dot, inside[:, of_a][:, None, :], out=_work("ahead", shape, bool))
    clear = np.less(dot, outside[:, of_a][:, None, :], out=_work("clear", shape, bool))
    # seen from q, along q->p (the opposite direction: the dot product changes sign)
    np.multiply(ray_x, cos_mid[:, of_b][None, :, :], out=dot)
    dot += np.multiply(ray_y, sin_mid[:, of_b][None, :, :], out=term)
    hit = np.less(dot, -inside[:, of_b][None, :, :], out=_work("hit", shape, bool))
    hit &= ahead_of_p
    clear |= np.greater(dot, -outside[:, of_b][None, :, :], out=ahead_of_p)
    clear |= hit  # now: settled one way or the other
    # blocked[i, j, k]: the ray from figure i of unit pa[k] to figure j of unit pb[k] is
    # stopped; each live pair's candidates ORed together: its first ones, its second ones...
    rank = np.arange(len(pair_k)) - starts[of_pair]
    blocked = hit[:, :, starts]
    for r in range(1, int(rank.max()) + 1):
        chosen = np.flatnonzero(rank == r)
        blocked[:, :, of_pair[chosen]] |= hit[:, :, chosen]
    if not clear.all():
        i, j, entry = np.nonzero(~clear)
        for k, vi, vj in sorted(
            set(zip(of_pair[entry].tolist(), i.tolist(), j.tolist(), strict=True))
        ):
            if blocked[vi, vj, k]:
                continue
            ua, ub = int(pa[k]), int(pb[k])
            if not geometry._ray_clear(
                slots[ua][vi],
                slots[ub][vj],
                int(mask[live[k]]),
                int(fgroup[ua, vi]),
                int(fgroup[ub, vj]),
            ):
                blocked[vi, vj, k] = True

    # ---- counts of the live pairs: viewer figures with a clear ray, target figures reached
    seen = ~blocked
    seen &= real.T[:, pa][:, None, :]
    seen &= real.T[:, pb][None, :, :]
    sees = seen[:, 0, :].copy()  # (p slot, live pairs): sees some figure
    reached = seen[0].copy()  # (q slot, live pairs): seen by some figure
    for k in range(1, width):
        sees |= seen[:, k, :]
        reached |= seen[k]
    seeing[live] = np.count_nonzero(sees, axis=0)
    visible[live] = np.count_nonzero(reached, axis=0)
    return list(zip(seeing.tolist(), visible.tolist(), strict=True))


class _Workspace(threading.local):
    """Scratch arrays per thread, grown as needed and reused by later calls."""

    def __init__(self) -> None:
        self.arrays: dict[tuple[str, type], npt.NDArray[Any]] = {}


_WORKSPACE = _Workspace()


def _work(name: str, shape: tuple[int, ...], dtype: type = np.float64) -> npt.NDArray[Any]:
    """A scratch array of this shape (contents undefined), reused from call to call."""
    size = math.prod(shape)
    found = _WORKSPACE.arrays.get((name, dtype))
    if found is None or found.size < size:
        found = np.empty(size, dtype=dtype)
        _WORKSPACE.arrays[(name, dtype)] = found
    return found[:size].reshape(shape)


_PAIRS: dict[int, tuple[_Ints, _Ints]] = {}


def _pairs(n: int) -> tuple[_Ints, _Ints]:
    """The pairs i < j of n units in `itertools.combinations` order, made once per n."""
    found = _PAIRS.get(n)
    if found is None:
        iu, ju = np.triu_indices(n, 1)
        found = _PAIRS[n] = (iu.astype(np.int64), ju.astype(np.int64))
    return found


__all__ = ["TerrainArrays", "all_pair_counts"]

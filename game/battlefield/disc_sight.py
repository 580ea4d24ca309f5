"""Line of sight to wherever a unit may stand: a sure "yes" without placing its figures
(issue 17 §5, solo round 6).

Rulebook: Line of Sight (LOS), by the half-the-figures rule (R4, R5, R50 in docs/RULINGS.md).

The Insurgent AI weighs hundreds of destinations a decision, and for most of them the only
question is whether some Regular unit would see the unit there. When every figure of the unit
will stand within `radius` of a point (`game.engine.footprint`), it is enough to know that half
or more of the viewer's figures see every point of that disc: then each of them sees every
figure of the unit, so both halves of R4 hold whatever the placement. A viewer figure sees the
whole disc when no blocking edge comes within `radius` of the segment from it to the disc's
centre: every ray from the figure to the disc stays inside that capsule. The edges are the very
zero-width segments the geometry's pymunk space holds, measured in plain arithmetic (pymunk's
segment query with a radius misses shapes whose box does not touch the centre line, Chipmunk2D
#138: TECH_NOTES). An edge of the building the viewer figure stands in is left out, as every ray
from that figure leaves it out (R5); the target's own building is kept in, which can only refuse
a "yes". The answer is never a wrong "yes"; "no" means "not settled here" and the caller traces
the real lines of sight.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.battlefield import planar
from game.battlefield.geometry import _WALL_BIT
from game.battlefield.model import Point, UnitPosition

_MARGIN = 1e-9  # beyond the rounding of the distances measured here (inches)

if TYPE_CHECKING:
    from game.battlefield.geometry import Geometry


def sees_whole_disc(
    geometry: Geometry, viewer: UnitPosition, centre: Point, radius: float, elevation: int
) -> bool:
    """True when `viewer` surely has LOS (R4) to any unit at `elevation` whose figures all
    stand within `radius` of `centre`: half or more of its figures, at least one, see every
    point of that disc. False when that is not settled (never a wrong True)."""
    figures = viewer.figures
    total = len(figures)
    if total == 0:
        return False
    lo, hi = sorted((viewer.elevation, elevation))
    mask = geometry.los_mask(lo, hi)
    if geometry._hulls and mask & _WALL_BIT:
        return False  # R290: hulls block street-level lines; not bounded here
    need = (total + 1) // 2  # 2 * seeing >= total
    spare = total - need  # figures that may fail before the half is out of reach
    group_of, shape_filter = geometry._group_of, geometry._filter
    line_hits = geometry._queries.segment_hits  # radius 0: pymunk's answer is exact there
    seeing = 0
    for figure in figures:
        own = group_of(figure)
        if line_hits(figure, centre, shape_filter(own, mask)) or _edge_near(
            geometry, figure, centre, radius + _MARGIN, mask, own
        ):
            spare -= 1
            if spare < 0:
                return False
        else:
            seeing += 1
            if seeing >= need:
                return True
    return False


def _edge_near(geometry: Geometry, p: Point, q: Point, reach: float, mask: int, own: int) -> bool:
    """Some blocking edge under `mask`, not of building group `own`, comes within `reach` of
    the segment p-q. Pieces and edges wholly outside the strip of half-width `reach` along the
    segment's line are passed over with two cross products (as `Geometry._edges_between`);
    the few left are measured exactly."""
    (px, py), (qx, qy) = p, q
    left, right = min(px, qx) - reach, max(px, qx) + reach
    top, bottom = min(py, qy) - reach, max(py, qy) + reach
    bits = geometry._piece_bits(mask) & geometry._piece_index.overlapping(left, top, right, bottom)
    if not bits:
        return False
    ux, uy = qx - px, qy - py
    length2 = ux * ux + uy * uy
    length = math.sqrt(length2)
    width = reach * length  # `reach` in the units of the cross products below
    rows = geometry._piece_rows
    while bits:
        low = bits & -bits
        bits ^= low
        group, cx, cy, radius, box, edges = rows[low.bit_length() - 1]
        if group and group == own:
            continue  # R5: the viewer figure's own building
        if box[0] > right or box[2] < left or box[1] > bottom or box[3] < top:
            continue
        limit = (radius + reach) * length
        across = ux * (cy - py) - uy * (cx - px)
        if across > limit or across < -limit:
            continue  # the piece's circle lies beyond the strip
        for ax, ay, bx, by, _group in edges:
            across_a = ux * (ay - py) - uy * (ax - px)
            across_b = ux * (by - py) - uy * (bx - px)
            if (across_a > width and across_b > width) or (across_a < -width and across_b < -width):
                continue
            if _segments_within((ax, ay), (bx, by), p, q, reach):
                return True
    return False


def _segments_within(a: Point, b: Point, p: Point, q: Point, reach: float) -> bool:
    """The segments a-b and p-q come within `reach` of each other (crossing counts)."""
    return (
        planar.segments_cross(a, b, p, q)
        or planar.distance_to_segment(a, p, q) <= reach
        or planar.distance_to_segment(b, p, q) <= reach
        or planar.distance_to_segment(p, a, b) <= reach
        or planar.distance_to_segment(q, a, b) <= reach
    )

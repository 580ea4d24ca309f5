"""Vehicle hulls on the table as terrain (Rulebook: Vehicle Rules; Cover Dice; Line of Sight;
Line of Fire; rulings R290-R295 in docs/RULINGS.md).

A hull is the rectangle of its vehicle card (length x width, inches) about the vehicle's centre,
turned to its facing. Unlike the map's terrain it moves, so `Geometry` holds the hulls of the
moment (`Geometry.set_hulls`) and asks this module about them:

- sight (R290): a hull blocks a line between two figures at street level that crosses it, as a
  high wall does (R50); a figure above the street sees over it. A hull holding a figure of
  either unit does not block that pair's lines (the crew looks out of its own vehicle; a
  vehicle does not hide itself);
- line of fire (R291): a vehicle counts in a line of fire when its hull comes within the 2"
  corridor between the two units, and stops the fire outright when the centre line crosses
  its hull at the firer's street level (as a base does, R6);
- cover (R292): within 2" of a hull a figure is not Exposed (R7, R51); within 1" of an
  armoured hull or any wreck it is in Solid Cover (R52; the book's "wrecked APCs").
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from game.battlefield import planar
from game.battlefield.line_of_fire import LineOfFire
from game.battlefield.model import Point, UnitPosition
from game.battlefield.planar import BASE_RADIUS, BBox
from game.rules.cover import EXPOSED_DISTANCE, LOF_CORRIDOR, SOLID_COVER_REACH

_EDGE_SAMPLE = 0.5  # inches between the outline points tried against a line of fire's corridor


@dataclass(frozen=True)
class Hull:
    """One vehicle's hull on the table: its crew unit's id, its four corners, whether it is
    a wreck (destroyed, R293) and whether it is Solid Cover (R292)."""

    id: str
    corners: tuple[Point, ...]
    wreck: bool = False
    solid: bool = True

    @cached_property  # frozen: measured once (every sight and cover question asks it)
    def box(self) -> BBox:
        return planar.bbox_of(self.corners)

    @property
    def edges(self) -> list[tuple[Point, Point]]:
        return planar.polygon_edges(self.corners)

    def holds(self, p: Point) -> bool:
        return planar.in_bbox(p, self.box) and planar.point_in_polygon(p, self.corners)

    def distance_to(self, p: Point) -> float:
        """0 inside the hull, else the distance to its outline."""
        return planar.distance_to_polygon(p, self.corners)

    def outline_samples(self) -> list[Point]:
        """The corners and points every half inch along the outline."""
        points: list[Point] = []
        for a, b in self.edges:
            steps = max(1, math.ceil(planar.distance(a, b) / _EDGE_SAMPLE))
            for i in range(steps):
                t = i / steps
                points.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        return points


def hull_frame(centre: Point, facing: float) -> Callable[[float, float], Point]:
    """The hull's own frame: `at(u, v)` is the table point `u` inches along the hull from
    `centre` toward its bow (`facing`, degrees, 0 = east, 90 = south) and `v` inches across it
    (to the bow's right on the screen). Every spot on or around a hull is reckoned here: its
    corners, the points a drive checks, the crew's spots, the grid a unit keeps clear of, the
    spots beside it (R210, R340, R342)."""
    rad = math.radians(facing)
    ax, ay = math.cos(rad), math.sin(rad)  # along the hull
    px, py = -ay, ax  # across it
    cx, cy = centre

    def at(u: float, v: float) -> Point:
        return (cx + ax * u + px * v, cy + ay * u + py * v)

    return at


def hull_coordinates(centre: Point, facing: float, point: Point) -> tuple[float, float]:
    """The other way: `point` on the table as (u, v) in the hull's frame (`hull_frame`)."""
    rad = math.radians(facing)
    dx, dy = point[0] - centre[0], point[1] - centre[1]
    return (dx * math.cos(rad) + dy * math.sin(rad), -dx * math.sin(rad) + dy * math.cos(rad))


def hull_corners(centre: Point, facing: float, length: float, width: float) -> tuple[Point, ...]:
    """The four corners of a hull `length` x `width` about `centre`, its length along `facing`
    (degrees, 0 = east, 90 = south)."""
    at = hull_frame(centre, facing)
    hl, hw = length / 2, width / 2
    return tuple(at(u, v) for u, v in ((hl, hw), (hl, -hw), (-hl, -hw), (-hl, hw)))


def sight_edges(
    hulls: tuple[Hull, ...],
    figures_a: tuple[Point, ...],
    figures_b: tuple[Point, ...],
    box_a: BBox,
    box_b: BBox,
) -> list[tuple[float, float, float, float, int]]:
    """R290: the edges of the hulls that may stop a street-level ray between the two units'
    figures (every such ray lies in the box around both units' boxes), as the geometry's
    blocking edges (group 0). A hull holding a figure of either unit is left out for the pair."""
    left, top = min(box_a[0], box_b[0]), min(box_a[1], box_b[1])
    right, bottom = max(box_a[2], box_b[2]), max(box_a[3], box_b[3])
    edges: list[tuple[float, float, float, float, int]] = []
    for hull in hulls:
        hb = hull.box
        if hb[0] > right or hb[2] < left or hb[1] > bottom or hb[3] < top:
            continue
        if any(hull.holds(p) for p in figures_a) or any(hull.holds(p) for p in figures_b):
            continue
        edges.extend((a[0], a[1], b[0], b[1], 0) for a, b in hull.edges)
    return edges


def hull_blocks_ray(hulls: tuple[Hull, ...], p: Point, q: Point) -> bool:
    """R290: one street-level ray p-q crosses a hull that holds neither end."""
    return any(
        not hull.holds(p)
        and not hull.holds(q)
        and any(planar.segments_cross(p, q, a, b) for a, b in hull.edges)
        for hull in hulls
    )


def hulls_in_line_of_fire(
    found: LineOfFire,
    hulls: tuple[Hull, ...],
    firer: UnitPosition,
    target: UnitPosition,
    others: Sequence[UnitPosition],
) -> LineOfFire:
    """R291: `found` (the bases' line of fire) with the vehicles among `others` whose hull is
    in the line added; a hull the centre line crosses at the firer's street level blocks the
    fire as a base would (R6). Wrecks are no unit (R293)."""
    if not hulls:
        return found
    live = {u.id: u for u in others if u.figures and u.id not in (firer.id, target.id)}
    in_line, over = set(found.units_in_line), set(found.fired_over)
    blocked, blocking = found.blocked_by, list(found.blocking)
    firing_up = target.elevation > firer.elevation
    lo, hi = sorted((firer.elevation, target.elevation))
    for hull in hulls:
        unit = live.get(hull.id)
        if hull.wreck or unit is None or not lo <= unit.elevation <= hi:
            continue
        near, crosses = in_line_of_fire(hull, firer.centre, target.centre)
        if near and hull.id not in in_line and hull.id not in over:
            (over if firing_up and unit.elevation == firer.elevation else in_line).add(hull.id)
        straight = crosses and hull.id in in_line and unit.elevation == firer.elevation
        if straight and hull.id not in blocking:
            blocking.append(hull.id)
        if crosses and blocked is None and hull.id in in_line:
            blocked = hull.id if unit.elevation == firer.elevation else None
    same = in_line == set(found.units_in_line) and over == set(found.fired_over)
    if same and blocked == found.blocked_by and tuple(blocking) == found.blocking:
        return found
    return replace(
        found,
        units_in_line=tuple(sorted(in_line)),
        fired_over=tuple(sorted(over)),
        blocked_by=blocked,
        blocking=tuple(blocking),
    )


def in_line_of_fire(hull: Hull, start: Point, end: Point) -> tuple[bool, bool]:
    """R291: (the hull comes within the 2" corridor between the two units' centres, the centre
    line itself crosses the hull)."""
    crosses = hull.holds(start) or hull.holds(end)
    if not crosses:
        crosses = any(planar.segments_cross(start, end, a, b) for a, b in hull.edges)
    if crosses:
        return True, True
    near = any(
        planar.distance_to_segment(p, start, end) <= LOF_CORRIDOR
        and planar.between_ends(p, start, end)
        for p in hull.outline_samples()
    )
    return near, False


def exposes(hulls: tuple[Hull, ...], figure: Point, own: frozenset[str]) -> bool:
    """R292: False when a hull (not one of `own`) lies within 2" of the figure's base edge."""
    reach = EXPOSED_DISTANCE + BASE_RADIUS + 1e-9
    return not any(
        hull.id not in own
        and planar.in_bbox(figure, hull.box, reach)
        and hull.distance_to(figure) <= reach
        for hull in hulls
    )


def solid_cover(hulls: tuple[Hull, ...], figure: Point, own: frozenset[str]) -> bool:
    """R292: an armoured hull or a wreck (not one of `own`) within 1" of the figure's base edge
    is Solid Cover for it."""
    reach = SOLID_COVER_REACH + BASE_RADIUS + 1e-9
    return any(
        hull.id not in own
        and (hull.solid or hull.wreck)
        and planar.in_bbox(figure, hull.box, reach)
        and hull.distance_to(figure) <= reach
        for hull in hulls
    )


def own_hulls(hulls: tuple[Hull, ...], figures: tuple[Point, ...]) -> frozenset[str]:
    """The hulls holding one of these figures: a vehicle's crew is not covered by its own hull
    (its protection is its armour, R213)."""
    return frozenset(h.id for h in hulls if any(h.holds(p) for p in figures))

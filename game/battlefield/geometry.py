"""Line of sight, line of fire, cover, exposure and movement on a Battlefield, with pymunk.

Build one `Geometry` per Battlefield (it indexes the terrain once); every query is in inches
(R1) with x east and y south. The rulings this module follows are R2–R10, R32, R35 and the
battlefield rulings R50–R54 in docs/RULINGS.md:

- R50 elevation and LOS: a building of `s` storeys blocks a line between elevations lo <= hi
  when s > lo and s >= hi; high walls and LOS-blocking impassable areas only block lines
  between two street-level (elevation 0) ends. The building a figure stands in or on never
  blocks that figure's own lines (R5, per figure).
- R51 distances from a figure (Exposed, Solid Cover near walls, line-of-fire corridor) are
  measured from the edge of its 3/4" base (R2).
- R52 Solid Cover for a figure: inside a building footprint (street or roof), inside a Rubble
  or Wreck area (or any area flagged solid), or within 1" of a low wall or a wreck.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from functools import cached_property

import pymunk

from game.battlefield import planar
from game.battlefield.cover_map import Cover, CoverMap
from game.battlefield.hulls import Hull, hull_blocks_ray, hulls_in_line_of_fire, sight_edges
from game.battlefield.line_of_fire import LineOfFire, line_of_fire, require_figures
from game.battlefield.model import Battlefield, Building, Point, UnitPosition, WallHeight
from game.battlefield.paths import Navigation, Path
from game.battlefield.planar import BBox
from game.battlefield.queries import SpaceQueries
from game.battlefield.sight import (
    _SIDE_MARGIN,
    Sight,
    _BoxIndex,
    _Edge,
    _Piece,
    _PieceRow,
    _shadowed,
    _Spread,
)
from game.battlefield.visibility import VisibleArea, hidden_path
from game.rules.cover import CIVILIAN_CORRIDOR, EXPOSED_DISTANCE, LOF_CORRIDOR

_WALL_HEIGHT = 0.5  # high walls and blocking areas: lower than any storey (R50)
_WALL_BIT = 1
_MAX_STOREYS = 29
_PAIR_CACHE_LIMIT = 50_000
_IDENTITY_CACHE_LIMIT = 20_000  # entries hold UnitPosition objects alive: keep it modest
_BOX_MARGIN = 1e-6  # inches of slack in the reach tests that skip far terrain


class Geometry:
    """Spatial queries over one Battlefield. Build once; queries are fast and side-effect free
    (apart from caches keyed by positions)."""

    def __init__(self, battlefield: Battlefield) -> None:
        self.battlefield = battlefield
        self.width = battlefield.width
        self.height = battlefield.height
        self._space = pymunk.Space()
        self._filters: dict[tuple[int, int], pymunk.ShapeFilter] = {}
        self._pair_cache: dict[tuple[object, ...], tuple[int, int]] = {}
        # The same answers by the identity of the two UnitPosition objects: a caller that asks
        # again about unchanged units (most pairs, after one unit moves) skips hashing their
        # figures and building a Sight. Each entry keeps both objects alive, so their ids
        # cannot be reused by other objects while the entry exists.
        self._sight_by_identity: dict[
            tuple[int, int], tuple[UnitPosition, UnitPosition, Sight]
        ] = {}
        self._buildings: tuple[Building, ...] = battlefield.buildings
        self._building_boxes: list[BBox] = [planar.bbox_of(b.outline) for b in self._buildings]
        self._building_index = _BoxIndex(self._building_boxes, self.width, self.height)
        # LOS blockers: (category bit, a, b), for the visibility fans (visibility.py).
        self._blockers: list[tuple[int, Point, Point]] = []
        static = self._space.static_body
        shapes: list[pymunk.Shape] = []
        # The same edges as plain numbers, grouped by terrain piece, for the fast LOS test.
        self._pieces: list[_Piece] = []
        for index, building in enumerate(self._buildings):
            bit = _storey_bit(building.storeys)
            edges = planar.polygon_edges(building.outline)
            for a, b in edges:
                seg = pymunk.Segment(static, a, b, 0.0)
                seg.filter = pymunk.ShapeFilter(group=index + 1, categories=bit)
                shapes.append(seg)
                self._blockers.append((bit, a, b))
            self._pieces.append(_Piece(bit, index + 1, edges))
        for wall in battlefield.walls:
            if wall.height is WallHeight.HIGH:
                edges = planar.chain_edges(wall.points, wall.closed)
                for a, b in edges:
                    seg = pymunk.Segment(static, a, b, 0.0)
                    seg.filter = pymunk.ShapeFilter(categories=_WALL_BIT)
                    shapes.append(seg)
                    self._blockers.append((_WALL_BIT, a, b))
                if edges:
                    self._pieces.append(_Piece(_WALL_BIT, 0, edges))
        for area in battlefield.areas:
            if area.blocks_los:
                edges = planar.polygon_edges(area.outline)
                for a, b in edges:
                    seg = pymunk.Segment(static, a, b, 0.0)
                    seg.filter = pymunk.ShapeFilter(categories=_WALL_BIT)
                    shapes.append(seg)
                    self._blockers.append((_WALL_BIT, a, b))
                if edges:
                    self._pieces.append(_Piece(_WALL_BIT, 0, edges))
        if shapes:
            self._space.add(*shapes)
        self._piece_rows: list[_PieceRow] = [
            (piece.group, piece.centre[0], piece.centre[1], piece.radius, piece.box, piece.edges)
            for piece in self._pieces
        ]
        self._piece_bits_by_mask: dict[int, int] = {}
        self._piece_index = _BoxIndex(
            [piece.box for piece in self._pieces], self.width, self.height
        )
        self._spreads: dict[tuple[Point, ...], _Spread] = {}
        self._groups: dict[Point, int] = {}
        self._cover = CoverMap(battlefield, self.building_index_at)
        self._masks: dict[tuple[int, int], int] = {}
        self._queries = SpaceQueries(self._space)
        self._hulls: tuple[Hull, ...] = ()  # vehicles' hulls of the moment (R290-R293)

    def set_hulls(self, hulls: tuple[Hull, ...]) -> None:
        """The vehicles' hulls on the table now (R290-R293); answers about sight are forgotten
        when they change."""
        if hulls != self._hulls:
            self._hulls = self._cover.hulls = hulls
            self._pair_cache.clear()
            self._sight_by_identity.clear()

    # ----------------------------------------------------------------- where things are
    def building_index_at(self, point: Point) -> int | None:
        """Index in `battlefield.buildings` of the building whose footprint holds `point`."""
        group = self._group_of(point)
        return None if group == 0 else group - 1

    def _building_index_uncached(self, point: Point) -> int | None:
        x, y = point
        # only the buildings whose boxes reach the point's 1" column and row, lowest index first
        bits = self._building_index.at(x, y)
        while bits:
            low = bits & -bits
            index = low.bit_length() - 1
            bits ^= low
            if planar.in_bbox(point, self._building_boxes[index]) and planar.point_in_polygon(
                point, self._buildings[index].outline
            ):
                return index
        return None

    def building_at(self, point: Point) -> Building | None:
        """The building whose footprint holds `point` (R5, R32), or None in the open."""
        index = self.building_index_at(point)
        return None if index is None else self._buildings[index]

    def roof_elevation_at(self, point: Point) -> int:
        """R10: the storey of the roof above `point` (0 in the open or without roof access)."""
        building = self.building_at(point)
        if building is None or not building.roof_access:
            return 0
        return building.storeys

    # ----------------------------------------------------------------- line of sight
    def line_of_sight(self, a: UnitPosition, b: UnitPosition) -> Sight:
        """Rulebook: Line of Sight (LOS), by the half-the-figures rule R4 with R5 and R50."""
        known = self._sight_by_identity.get((id(a), id(b)))
        if known is not None and known[0] is a and known[1] is b:
            return known[2]
        require_figures(a, b)
        key = (a.figures, a.elevation, b.figures, b.elevation)
        counts = self._pair_cache.get(key)
        if counts is None:
            counts = self._sight_counts(a, b)
            if len(self._pair_cache) >= _PAIR_CACHE_LIMIT:
                self._pair_cache.clear()
            self._pair_cache[key] = counts
            # Rays are symmetric (R4, see `Sight.reversed`): b looking at a is the same count.
            self._pair_cache[(b.figures, b.elevation, a.figures, a.elevation)] = counts[::-1]
        sight = Sight(a.id, b.id, counts[0], len(a.figures), counts[1], len(b.figures))
        if len(self._sight_by_identity) >= _IDENTITY_CACHE_LIMIT:
            self._sight_by_identity.clear()
        self._sight_by_identity[(id(a), id(b))] = (a, b, sight)
        return sight

    def has_line_of_sight(self, a: UnitPosition, b: UnitPosition) -> bool:
        """Rulebook: Line of Sight (LOS). Shorthand for `line_of_sight(a, b).has_los`."""
        return self.line_of_sight(a, b).has_los

    def clear_caches(self) -> None:
        """Forget every answer remembered about positions (the terrain's own data stays)."""
        self._pair_cache.clear()
        self._sight_by_identity.clear()
        self._spreads.clear()
        self._groups.clear()
        self._cover.clear_caches()

    def figure_sees(
        self, viewer: Point, viewer_elevation: int, target: Point, target_elevation: int = 0
    ) -> bool:
        """Rulebook: Line of Sight. One figure-to-figure ray (R4, R5, R50; hulls R290)."""
        lo, hi = sorted((viewer_elevation, target_elevation))
        if self._hulls and hi == 0 and hull_blocks_ray(self._hulls, viewer, target):
            return False
        return self._ray_clear(
            viewer,
            target,
            self.los_mask(lo, hi),
            self._group_of(viewer),
            self._group_of(target),
        )

    def reference_figure_sees(
        self, viewer: Point, viewer_elevation: int, target: Point, target_elevation: int = 0
    ) -> bool:
        """The same answer as `figure_sees`, the plain way: one public segment query listing
        every hit, no caches, no shortcuts. The bench's baseline and the tests' oracle."""
        lo, hi = sorted((viewer_elevation, target_elevation))
        own = {self.building_index_at(viewer), self.building_index_at(target)}
        for info in self._space.segment_query(viewer, target, 0.0, pymunk.ShapeFilter()):
            shape_filter = info.shape.filter
            if not shape_filter.categories & self.los_mask(lo, hi):
                continue
            if shape_filter.group and shape_filter.group - 1 in own:
                continue
            return False
        return True

    def los_mask(self, lo: int, hi: int) -> int:
        """Category bits of the terrain that blocks a line between elevations lo <= hi (R50)."""
        mask = self._masks.get((lo, hi))
        if mask is None:
            mask = _WALL_BIT if lo == 0 and hi == 0 else 0
            for storeys in range(1, _MAX_STOREYS + 1):
                if storeys > lo and storeys >= hi:
                    mask |= _storey_bit(storeys)
            self._masks[(lo, hi)] = mask
        return mask

    def _group_of(self, point: Point) -> int:
        """1 + index of the building holding `point`, 0 in the open (a pymunk shape group)."""
        group = self._groups.get(point)
        if group is None:
            index = self._building_index_uncached(point)
            group = 0 if index is None else index + 1
            if len(self._groups) >= _PAIR_CACHE_LIMIT:
                self._groups.clear()
            self._groups[point] = group
        return group

    def _filter(self, group: int, mask: int) -> pymunk.ShapeFilter:
        key = (group, mask)
        found = self._filters.get(key)
        if found is None:
            found = pymunk.ShapeFilter(group=group, mask=mask)
            self._filters[key] = found
        return found

    def _ray_clear(self, p: Point, q: Point, mask: int, group_p: int, group_q: int) -> bool:
        """True when no LOS-blocking terrain in `mask` lies on p-q. The buildings p and q stand
        in (groups, 0 = none) are ignored (R5); pymunk can ignore one group per query, so
        two different own buildings fall back to listing every hit."""
        if group_p == 0 or group_q == 0 or group_p == group_q:
            return not self._queries.segment_hits(p, q, self._filter(group_p or group_q, mask))
        for info in self._space.segment_query(p, q, 0.0, self._filter(0, mask)):
            if info.shape.filter.group not in (group_p, group_q):
                return False
        return True

    def _piece_bits(self, mask: int) -> int:
        """Bit k set for each terrain piece k whose kind blocks a line under `mask` (R50)."""
        bits = self._piece_bits_by_mask.get(mask)
        if bits is None:
            bits = sum(1 << k for k, piece in enumerate(self._pieces) if piece.bit & mask)
            self._piece_bits_by_mask[mask] = bits
        return bits

    def _spread(self, figures: tuple[Point, ...]) -> _Spread:
        """Where one unit's figures stand, summed up once per position."""
        spread = self._spreads.get(figures)
        if spread is None:
            if len(self._spreads) >= _PAIR_CACHE_LIMIT:
                self._spreads.clear()
            spread = _Spread(figures, [self._group_of(p) for p in figures])
            self._spreads[figures] = spread
        return spread

    def _edges_between(self, a: _Spread, b: _Spread, mask: int) -> list[_Edge]:
        """The blocking edges that could stop some ray between the two units.

        Every ray from a figure of `a` to a figure of `b` stays within max(radius a, radius b)
        of the segment joining the units' centres (a point of the hull of both units is a
        weighted mean of a point near each centre), so a piece farther than that plus its own
        radius is out of reach. So is the building every figure of a unit stands in (R5).
        """
        (x0, y0), (x1, y1) = a.centre, b.centre
        ux, uy = x1 - x0, y1 - y0
        length2 = ux * ux + uy * uy
        reach = max(a.radius, b.radius) + _BOX_MARGIN
        length = math.sqrt(length2)
        width = reach * length  # `reach` in the units of the cross products below
        edges: list[_Edge] = []
        # Every ray also stays inside the box around both units' figures.
        left = min(a.box[0], b.box[0]) - _BOX_MARGIN
        top = min(a.box[1], b.box[1]) - _BOX_MARGIN
        right = max(a.box[2], b.box[2]) + _BOX_MARGIN
        bottom = max(a.box[3], b.box[3]) + _BOX_MARGIN
        bits = self._piece_bits(mask) & self._piece_index.overlapping(left, top, right, bottom)
        rows = self._piece_rows
        while bits:
            low = bits & -bits
            bits ^= low
            group, cx, cy, radius, box, piece_edges = rows[low.bit_length() - 1]
            if group and (group == a.shared or group == b.shared):
                continue
            if box[0] > right or box[2] < left or box[1] > bottom or box[3] < top:
                continue
            # The piece's circle must meet the strip along the centre line and the slab
            # between its ends, both widened by `reach` (the capsule lies inside both).
            limit = (radius + reach) * length
            across = ux * (cy - y0) - uy * (cx - x0)
            if across > limit or across < -limit:
                continue
            along = ux * (cx - x0) + uy * (cy - y0)
            if along < -limit or along > length2 + limit:
                continue
            if along < 0.0 or along > length2:  # beyond an end: the round cap decides
                ex, ey = (cx - x0, cy - y0) if along < 0.0 else (cx - x1, cy - y1)
                if ex * ex + ey * ey > (radius + reach) ** 2:
                    continue
            for edge in piece_edges:
                # Skip an edge wholly outside the strip along the centre line (the reach
                # region lies inside it).
                ax, ay, bx, by, _group = edge
                across_a = ux * (ay - y0) - uy * (ax - x0)
                across_b = ux * (by - y0) - uy * (bx - x0)
                if (across_a > width and across_b > width) or (
                    across_a < -width and across_b < -width
                ):
                    continue
                edges.append(edge)
        return edges

    def _sight_counts(self, a: UnitPosition, b: UnitPosition) -> tuple[int, int]:
        """(a's figures that see b, b's figures visible to a): each figure-to-figure ray gets
        the answer pymunk would give (`_ray_clear`), found the cheapest way:

        1. only the edges near the line between the two units can stop a ray
           (`_edges_between`); with none, every ray is clear;
        2. otherwise ray by ray in plain arithmetic (`_ray_blocker`), the edge that stopped
           the last ray tried first; the first time an edge stops a ray, every other ray it
           surely stops is marked at once (`_shadowed`), so hidden units cost few rays.
        The counts must be exact (`Sight` reports them), so there is no stopping once the
        outcome is known; but one clear ray settles a viewer figure and a target figure, and
        a viewer figure that sees nothing has had every one of its rays tried already.
        """
        lo, hi = sorted((a.elevation, b.elevation))
        mask = self.los_mask(lo, hi)
        sa, sb = self._spread(a.figures), self._spread(b.figures)
        n, m = len(a.figures), len(b.figures)
        edges = self._edges_between(sa, sb, mask)
        if self._hulls and mask & _WALL_BIT:  # R290: hulls block street-level lines
            edges += sight_edges(self._hulls, a.figures, b.figures, sa.box, sb.box)
        if not edges:
            return n, m
        fa, fb, ga, gb = sa.figures, sb.figures, sa.groups, sb.groups
        sees = [False] * n
        visible = [False] * m
        blocked = [0] * n  # bit j set: the ray from viewer figure i to target figure j is blocked
        everyone = (1 << m) - 1
        first = 0
        spread: set[int] = set()  # edges already tested against every viewer-target pair
        ray_blocker = self._ray_blocker
        for i in range(n):
            for step in range(m):
                if blocked[i] == everyone:
                    break
                j = (i + step) % m  # a different first target per viewer spreads what is seen
                if blocked[i] >> j & 1:
                    continue
                hit = ray_blocker(fa[i], ga[i], fb[j], gb[j], edges, first, mask)
                if hit is None:
                    sees[i] = visible[j] = True
                    break
                blocked[i] |= 1 << j
                if hit >= 0 and hit not in spread:
                    # The edge that stopped this ray often hides most of one unit from the
                    # other: mark every ray it surely stops, for this and the later viewers.
                    first = hit
                    spread.add(hit)
                    _shadowed(edges[hit], fa, ga, i, fb, gb, blocked)
        for j in range(m):
            if visible[j]:
                continue
            for i in range(n):
                if not sees[i] or blocked[i] >> j & 1:
                    continue  # a blind viewer figure has no clear ray to anyone
                if ray_blocker(fa[i], ga[i], fb[j], gb[j], edges, first, mask) is None:
                    visible[j] = True
                    break
        return sum(sees), sum(visible)

    def _ray_blocker(
        self,
        p: Point,
        group_p: int,
        q: Point,
        group_q: int,
        edges: list[_Edge],
        first: int,
        mask: int,
    ) -> int | None:
        """None when the ray p-q is clear, else the index in `edges` of an edge that stops it
        (-1 when pymunk settled it). Edges of the buildings p and q stand in do not
        count (R5).

        Pymunk's segment test hits when the edge's ends are not strictly on one side of the
        ray's line and the ray's ends are strictly on opposite sides of the edge's line. Those
        are four signs of cross products; one farther than _SIDE_MARGIN from zero keeps its
        sign however it is rounded, so only a ray with a near-zero sign goes to pymunk.
        """
        px, py = p
        qx, qy = q
        ux, uy = qx - px, qy - py
        unsure = False
        count = len(edges)
        for step in range(count):
            k = first + step
            if k >= count:
                k -= count
            ax, ay, bx, by, group = edges[k]
            if group and group in (group_p, group_q):
                continue
            side_a = ux * (ay - py) - uy * (ax - px)
            side_b = ux * (by - py) - uy * (bx - px)
            if side_a > _SIDE_MARGIN and side_b > _SIDE_MARGIN:
                continue  # the edge lies to one side of the ray
            if side_a < -_SIDE_MARGIN and side_b < -_SIDE_MARGIN:
                continue
            ex, ey = bx - ax, by - ay
            side_p = ex * (py - ay) - ey * (px - ax)
            side_q = ex * (qy - ay) - ey * (qx - ax)
            if side_p > _SIDE_MARGIN and side_q > _SIDE_MARGIN:
                continue  # the ray stops short of the edge's line
            if side_p < -_SIDE_MARGIN and side_q < -_SIDE_MARGIN:
                continue
            if (
                abs(side_a) > _SIDE_MARGIN
                and abs(side_b) > _SIDE_MARGIN
                and abs(side_p) > _SIDE_MARGIN
                and abs(side_q) > _SIDE_MARGIN
            ):
                return k  # all four signs are sure and opposite in pairs: a crossing
            unsure = True
        if unsure and not self._ray_clear(p, q, mask, group_p, group_q):
            return -1
        return None

    def _hit_point(self, p: Point, q: Point, group: int, mask: int) -> Point | None:
        """Where the ray p-q first meets terrain in `mask` (ignoring building `group`)."""
        return self._queries.segment_first_point(p, q, self._filter(group, mask))

    # ----------------------------------------------------------------- line of fire
    def line_of_fire(
        self,
        firer: UnitPosition,
        target: UnitPosition,
        others: Sequence[UnitPosition],
        civilians: Sequence[UnitPosition] = (),
    ) -> LineOfFire:
        """Rulebook: Line of Fire (LOF), R6, R51, R91, and the hulls of R291. See
        `line_of_fire.line_of_fire`."""
        found = line_of_fire(firer, target, others, civilians)
        return hulls_in_line_of_fire(found, self._hulls, firer, target, others)

    # ----------------------------------------------------------------- cover and exposure
    def figure_exposed(self, figure: Point) -> bool:
        """Rulebook: Cover Dice (Exposed). See `CoverMap.figure_exposed`."""
        return self._cover.figure_exposed(figure)

    def is_exposed(self, unit: UnitPosition) -> bool:
        """Rulebook: Cover Dice (Exposed). Fewer than half the figures near cover (R7)."""
        return self._cover.is_exposed(unit)

    def figure_in_solid_cover(self, figure: Point) -> bool:
        """Rulebook: Cover Dice (Solid Cover), as ruled in R32 and R52."""
        return self._cover.figure_in_solid_cover(figure)

    def solid_cover_figures(self, unit: UnitPosition) -> int:
        return self._cover.solid_cover_figures(unit)

    @property
    def cover_map(self) -> CoverMap:
        """The cover index (cards' Swiss Cheese asks it with pieces left out, R282)."""
        return self._cover

    def cover_of(self, unit: UnitPosition) -> Cover:
        """Rulebook: Cover Dice. See `CoverMap.cover_of` (R7, R8)."""
        return self._cover.cover_of(unit)

    # ----------------------------------------------------------------- movement
    @cached_property
    def navigation(self) -> Navigation:
        """The movement graph (built on first use: about a fifth of a second on a full map).

        Shared by every Geometry of an equal battlefield in the same thread (the engine and
        both AIs each build their own Geometry): the graph depends only on the map."""
        return _shared_navigation(self)

    def path(self, start: Point, goal: Point, *, elevation: int = 0) -> Path | None:
        """Rulebook: Moving Units on the Table. Shortest path for the leader's base (R3, R32)."""
        return self.navigation.path(start, goal, elevation=elevation)

    def place_in_cohesion(
        self,
        leader_point: Point,
        n_figures: int,
        *,
        occupied: Sequence[Point] = (),
        toward: Point | None = None,
    ) -> tuple[Point, ...]:
        """Rulebook: Unit Cohesion, Moving Units on the Table (R2, R3). See
        `Navigation.place_in_cohesion`."""
        return self.navigation.place_in_cohesion(
            leader_point, n_figures, occupied=occupied, toward=toward
        )

    # ----------------------------------------------------------------- hidden movement
    def visible_area(self, units: Sequence[UnitPosition], *, elevation: int = 0) -> VisibleArea:
        """What any of `units` can see, for a one-figure target at `elevation` (R4, R54)."""
        return VisibleArea(self, units, elevation=elevation)

    def unseen_path(
        self, start: Point, goal: Point, watchers: Sequence[UnitPosition] | VisibleArea
    ) -> Path | None:
        """Rulebook: Out of Contact Movement. A street-level path that never enters any
        watcher's LOS (R54), or None. Pass a VisibleArea to reuse one for several paths."""
        return hidden_path(self, start, goal, self._area(watchers), forbid_seen=True)

    def safest_path(
        self, start: Point, goal: Point, watchers: Sequence[UnitPosition] | VisibleArea
    ) -> Path | None:
        """Solo rules' "safest route" (R35): least distance inside the watchers' LOS, then
        shortest."""
        return hidden_path(self, start, goal, self._area(watchers), forbid_seen=False)

    def first_seen_point(
        self, path: Path, watchers: Sequence[UnitPosition] | VisibleArea
    ) -> Point | None:
        """Rulebook: Out of Contact Movement. Where the path first enters a watcher's LOS
        (movement stops there), or None if it never does."""
        return self._area(watchers).first_seen_point(path)

    def _area(self, watchers: Sequence[UnitPosition] | VisibleArea) -> VisibleArea:
        if isinstance(watchers, VisibleArea):
            return watchers
        return self.visible_area(watchers)


def _storey_bit(storeys: int) -> int:
    return 1 << min(max(storeys, 1), _MAX_STOREYS)


_NAVIGATIONS: dict[int, list[tuple[Battlefield, Navigation]]] = {}
_NAVIGATIONS_PER_THREAD = 4


def _shared_navigation(geometry: Geometry) -> Navigation:
    """The Navigation of an equal battlefield built earlier in this thread, else a new one.

    Per thread because the client's AI worker thread must not share pymunk spaces with the
    drawing thread; within one thread a Navigation is only read (apart from lazy roofs/grid)."""
    cached = _NAVIGATIONS.setdefault(threading.get_ident(), [])
    field = geometry.battlefield
    for known, navigation in cached:
        if known is field or known == field:
            return navigation
    navigation = Navigation(geometry)
    cached.append((field, navigation))
    del cached[:-_NAVIGATIONS_PER_THREAD]
    return navigation


__all__ = [
    "CIVILIAN_CORRIDOR",
    "EXPOSED_DISTANCE",
    "LOF_CORRIDOR",
    "Cover",
    "Geometry",
    "LineOfFire",
    "Path",
    "Sight",
    "VisibleArea",
]

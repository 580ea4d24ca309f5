"""Rulebook: Cover Dice: Exposed, Solid Cover and what a unit may claim where it stands (R7, R8,
R32, R51, R52). `CoverMap` indexes the pieces of cover of one Battlefield; `Geometry` holds one
and answers through it. Moved verbatim from geometry.py.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from functools import cached_property

from game.battlefield import hulls as hull_cover
from game.battlefield import planar
from game.battlefield.line_of_fire import require_figures
from game.battlefield.model import (
    Area,
    AreaKind,
    Battlefield,
    Building,
    Point,
    UnitPosition,
    WallHeight,
)
from game.battlefield.planar import BASE_RADIUS, BBox
from game.battlefield.sight import _BoxIndex
from game.rules.cover import EXPOSED_DISTANCE, SOLID_COVER_REACH

_CACHE_LIMIT = 50_000
_INDEX_SLACK = 1e-6  # inches a piece's indexed box is grown beyond its reach (rounding)


def _grown(box: BBox, by: float) -> BBox:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


class Cover(StrEnum):
    """Rulebook: Cover Dice. What a unit can claim where it stands."""

    NONE = "none"  # Exposed: the attacker gets +1 Firepower
    IN_COVER_ELIGIBLE = "in_cover_eligible"  # not Exposed: may be In Cover if it does not move
    SOLID = "solid"  # half or more of the figures in Solid Cover (R8)


class CoverMap:
    """The cover of one Battlefield. `building_index_at` is the geometry's own look-up (a
    figure inside a building footprint is in Solid Cover)."""

    def __init__(
        self, battlefield: Battlefield, building_index_at: Callable[[Point], int | None]
    ) -> None:
        self.battlefield = battlefield
        self._buildings: tuple[Building, ...] = battlefield.buildings
        self.building_index_at = building_index_at
        self._solid_cover: dict[Point, bool] = {}
        self._exposed: dict[Point, bool] = {}  # the scale game (issue 23 §5): per figure, once
        self.hulls: tuple[hull_cover.Hull, ...] = ()  # set by `Geometry.set_hulls` (R292)
        # --- cards (issue 19): Swiss Cheese — buildings (ids), walls (indices) no cover (R282)
        self.no_cover: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
        # --- the same answers with pieces left out, per figure and pieces (issue 15, speed) ---
        self._except: dict[tuple[str, Point, tuple[frozenset[int], frozenset[int]]], bool] = {}

    def clear_caches(self) -> None:
        self._solid_cover.clear()
        self._exposed.clear()
        self._except.clear()

    def _remembered_except(self, kind: str, figure: Point, measure: Callable[[], bool]) -> bool:
        """`measure()`, the answer for `figure` with `no_cover`'s pieces left out, remembered
        under both (the map's pieces never move; the pieces left out are part of the key)."""
        key = (kind, figure, self.no_cover)
        known = self._except.get(key)
        if known is None:
            known = measure()
            if len(self._except) >= _CACHE_LIMIT:
                self._except.clear()
            self._except[key] = known
        return known

    @cached_property
    def _cover_pieces(self) -> list[tuple[tuple[Point, ...], bool, BBox]]:
        """(outline or polyline, closed, box) of every piece that keeps a unit from being
        Exposed: buildings, walls, rubble, wrecks, scenic cover, LOS-blocking impassables."""
        pieces: list[tuple[tuple[Point, ...], bool, BBox]] = []
        for building in self._buildings:
            pieces.append((building.outline, True, planar.bbox_of(building.outline)))
        for wall in self.battlefield.walls:
            pieces.append((wall.points, wall.closed, planar.bbox_of(wall.points)))
        for area in self.battlefield.areas:
            if area.kind is not AreaKind.IMPASSABLE or area.blocks_los:
                pieces.append((area.outline, True, planar.bbox_of(area.outline)))
        return pieces

    def figure_exposed(self, figure: Point) -> bool:
        """Rulebook: Cover Dice (Exposed). No cover piece within 2" of the base edge (R7, R51)."""
        if self.no_cover[0] or self.no_cover[1]:  # cards: Swiss Cheese (R282)
            return self._remembered_except(
                "exposed", figure, lambda: self.figure_exposed_except(figure, *self.no_cover)
            )
        known = self._exposed.get(figure)
        if known is None:
            known = self._exposed_uncached(figure)
            if len(self._exposed) >= _CACHE_LIMIT:
                self._exposed.clear()
            self._exposed[figure] = known
        return known

    def _exposed_uncached(self, figure: Point) -> bool:
        reach = EXPOSED_DISTANCE + BASE_RADIUS
        for points, closed, box in self._cover_pieces:
            if planar.in_bbox(figure, box, reach) and (
                planar.distance_to_chain(figure, points, closed) <= reach + 1e-9
            ):
                return False
        return True

    def is_exposed(self, unit: UnitPosition) -> bool:
        """Rulebook: Cover Dice (Exposed). Fewer than half the figures near cover (R7)."""
        require_figures(unit)
        near_cover = sum(1 for f in unit.figures if not self.figure_exposed(f))
        if self.hulls and 2 * near_cover < len(unit.figures):  # R292: hulls are cover too
            own = hull_cover.own_hulls(self.hulls, unit.figures)
            near_cover = sum(
                1
                for f in unit.figures
                if not self.figure_exposed(f) or not hull_cover.exposes(self.hulls, f, own)
            )
        return 2 * near_cover < len(unit.figures)

    def figure_in_solid_cover(self, figure: Point) -> bool:
        """Rulebook: Cover Dice (Solid Cover), as ruled in R32 and R52."""
        if self.no_cover[0] or self.no_cover[1]:  # cards: Swiss Cheese (R282)
            return self._remembered_except(
                "solid", figure, lambda: self.figure_in_solid_cover_except(figure, *self.no_cover)
            )
        known = self._solid_cover.get(figure)
        if known is None:
            known = self._solid_cover_uncached(figure)
            if len(self._solid_cover) >= _CACHE_LIMIT:
                self._solid_cover.clear()
            self._solid_cover[figure] = known
        return known

    def _solid_cover_uncached(self, figure: Point) -> bool:
        return self.figure_in_solid_cover_except(figure, frozenset(), frozenset())

    def solid_cover_figures(self, unit: UnitPosition) -> int:
        if not self.hulls:
            return sum(1 for f in unit.figures if self.figure_in_solid_cover(f))
        own = hull_cover.own_hulls(self.hulls, unit.figures)  # R292: hulls and wrecks
        return sum(
            1
            for f in unit.figures
            if self.figure_in_solid_cover(f) or hull_cover.solid_cover(self.hulls, f, own)
        )

    def cover_of(self, unit: UnitPosition) -> Cover:
        """Rulebook: Cover Dice. SOLID when half or more figures are in Solid Cover (R8);
        otherwise IN_COVER_ELIGIBLE unless the unit is Exposed (R7)."""
        require_figures(unit)
        if 2 * self.solid_cover_figures(unit) >= len(unit.figures):
            return Cover.SOLID
        return Cover.NONE if self.is_exposed(unit) else Cover.IN_COVER_ELIGIBLE

    # --- cards (issue 19): Swiss Cheese, a piece that no longer counts as cover (R282) ---
    def figure_exposed_except(
        self, figure: Point, buildings: frozenset[int], walls: frozenset[int]
    ) -> bool:
        """`figure_exposed` with the buildings (by id) and walls (by index) left out."""
        reach = EXPOSED_DISTANCE + BASE_RADIUS
        chains: list[tuple[tuple[Point, ...], bool]] = [
            (b.outline, True) for b in self._buildings if b.id not in buildings
        ]
        chains += [
            (w.points, w.closed) for i, w in enumerate(self.battlefield.walls) if i not in walls
        ]
        chains += [
            (a.outline, True)
            for a in self.battlefield.areas
            if a.kind is not AreaKind.IMPASSABLE or a.blocks_los
        ]
        return not any(
            planar.distance_to_chain(figure, points, closed) <= reach + 1e-9
            for points, closed in chains
        )

    def figure_in_solid_cover_except(
        self, figure: Point, buildings: frozenset[int], walls: frozenset[int]
    ) -> bool:
        """`figure_in_solid_cover` with the buildings (by id) and walls (by index) left out."""
        index = self.building_index_at(figure)
        if index is not None and self._buildings[index].id not in buildings:
            return True
        reach = SOLID_COVER_REACH + BASE_RADIUS
        pieces, piece_index = self._solid_pieces
        bits = piece_index.at(figure[0], figure[1])
        while bits:  # the wrecks, solid areas and low walls near the figure (any order)
            low = bits & -bits
            bits ^= low
            area, i = pieces[low.bit_length() - 1]
            if area is not None:
                if area.kind is AreaKind.WRECK:
                    if planar.distance_to_polygon(figure, area.outline) <= reach + 1e-9:
                        return True
                elif planar.point_in_polygon(figure, area.outline):
                    return True
                continue
            wall = self.battlefield.walls[i]
            if i not in walls and (
                planar.distance_to_chain(figure, wall.points, wall.closed) <= reach + 1e-9
            ):
                return True
        return False

    @cached_property
    def _solid_pieces(self) -> tuple[list[tuple[Area | None, int]], _BoxIndex]:
        """The wrecks, Solid Cover areas and low walls (area, or None and the wall's index),
        indexed by box grown by the Solid Cover reach (issue 17 §5; the same answers as
        measuring every piece: a piece whose grown box cannot hold the figure is out of reach)."""
        reach = SOLID_COVER_REACH + BASE_RADIUS + _INDEX_SLACK
        pieces: list[tuple[Area | None, int]] = []
        boxes: list[BBox] = []
        for area in self.battlefield.areas:
            if area.kind is AreaKind.WRECK or area.solid_cover:
                pieces.append((area, -1))
                grow = reach if area.kind is AreaKind.WRECK else _INDEX_SLACK
                boxes.append(_grown(planar.bbox_of(area.outline), grow))
        for i, wall in enumerate(self.battlefield.walls):
            if wall.height is WallHeight.LOW:
                pieces.append((None, i))
                boxes.append(_grown(planar.bbox_of(wall.points), reach))
        return pieces, _BoxIndex(boxes, self.battlefield.width, self.battlefield.height)

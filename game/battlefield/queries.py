"""Yes/no pymunk queries without building result objects.

Line of sight, paths and figure placement ask pymunk tens of thousands of questions per game
whose only answer of interest is "does anything in this filter touch here?". Pymunk's public
`segment_query_first` and `point_query` wrap every answer in Python objects (the point query
through a cffi callback), which costs several times the query itself. These helpers call the
same chipmunk functions through pymunk's own cffi handles and return a bool; on a pymunk build
without those handles they fall back to the public API, with the same answers.
"""

from __future__ import annotations

from typing import Any

import pymunk

try:  # pymunk's own cffi handles
    from pymunk._chipmunk import ffi as _ffi
    from pymunk._chipmunk import lib as _lib
except ImportError:  # pragma: no cover - another pymunk build; the public API still works
    _ffi = _lib = None

Point = tuple[float, float]


class SpaceQueries:
    """Bool queries on one pymunk space (each instance keeps its own out-parameters, so one
    instance must not be shared between threads)."""

    def __init__(self, space: pymunk.Space) -> None:
        self.space = space
        self._segment_info: Any = None
        self._point_info: Any = None
        self._shapes: dict[Any, pymunk.Shape] = {}  # chipmunk's shape pointer -> its Shape
        if _ffi is not None:
            self._segment_info = _ffi.new("cpSegmentQueryInfo *")
            self._point_info = _ffi.new("cpPointQueryInfo *")

    def _first_hit(self, p: Point, q: Point, shape_filter: pymunk.ShapeFilter) -> Any:
        """Chipmunk's first shape on p-q (a cffi pointer, NULL for none); fills
        `_segment_info`. Only with the cffi handles."""
        return _lib.cpSpaceSegmentQueryFirst(
            self.space._space, p, q, 0.0, shape_filter, self._segment_info
        )

    def segment_hits(self, p: Point, q: Point, shape_filter: pymunk.ShapeFilter) -> bool:
        """Some shape in the filter meets the segment p-q (as `segment_query_first` is not
        None)."""
        if self._segment_info is not None:
            hit = self._first_hit(p, q, shape_filter)
            return bool(hit != _ffi.NULL)
        return self.space.segment_query_first(p, q, 0.0, shape_filter) is not None

    def segment_first_point(
        self, p: Point, q: Point, shape_filter: pymunk.ShapeFilter
    ) -> Point | None:
        """Where the segment p-q first meets a shape in the filter, or None."""
        if self._segment_info is not None:
            hit = self._first_hit(p, q, shape_filter)
            if hit == _ffi.NULL:
                return None
            point = self._segment_info.point
            return (point.x, point.y)
        info = self.space.segment_query_first(p, q, 0.0, shape_filter)
        return None if info is None else (info.point.x, info.point.y)

    def segment_first_shape(
        self, p: Point, q: Point, shape_filter: pymunk.ShapeFilter
    ) -> pymunk.Shape | None:
        """The shape the segment p-q meets first (as `segment_query_first(...).shape`), or
        None."""
        if self._segment_info is not None:
            hit = self._first_hit(p, q, shape_filter)
            if hit == _ffi.NULL:
                return None
            shapes = self._shapes
            if len(shapes) != len(self.space.shapes):
                shapes = self._shapes = {shape._shape: shape for shape in self.space.shapes}
            return shapes[hit]
        info = self.space.segment_query_first(p, q, 0.0, shape_filter)
        return None if info is None else info.shape

    def point_touches(
        self, p: Point, max_distance: float, shape_filter: pymunk.ShapeFilter
    ) -> bool:
        """Some non-sensor shape in the filter lies closer than `max_distance` to p (as
        `point_query` returns a hit; chipmunk compares strictly in both)."""
        if self._point_info is not None:
            hit = _lib.cpSpacePointQueryNearest(
                self.space._space, p, max_distance, shape_filter, self._point_info
            )
            return bool(hit != _ffi.NULL)
        return bool(self.space.point_query(p, max_distance, shape_filter))

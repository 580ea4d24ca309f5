"""The world↔screen transform of the battle view: world in inches (R1), screen in pixels.

`screen = origin + scale * world`, where `scale` is pixels per inch. Pure arithmetic, no pygame,
so the tests can check it exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.battlefield.model import Point

ZOOM_STEP = 1.2
"""One mouse-wheel notch multiplies or divides the scale by this."""

MAX_MAP_TEXTURE_SIDE = 3072
"""The map is pre-rendered per zoom level; this caps the side of that surface (36 MB at most;
rendering it takes about 40 ms, once per zoom step)."""


@dataclass(frozen=True)
class Viewport:
    """The screen rectangle the map is drawn in (pixels)."""

    left: int
    top: int
    width: int
    height: int

    @property
    def centre(self) -> Point:
        return (self.left + self.width / 2, self.top + self.height / 2)

    def contains(self, point: Point) -> bool:
        x, y = point
        return self.left <= x < self.left + self.width and self.top <= y < self.top + self.height


class Camera:
    """Where the table lies on the screen, and how big.

    The camera stays in bounds: the world point at the centre of the viewport always lies on the
    table, and the scale stays between half the fit-to-window scale and a maximum that keeps the
    pre-rendered map surface within `MAX_MAP_TEXTURE_SIDE`.
    """

    def __init__(
        self, world_width: float, world_height: float, viewport: Viewport, margin: float = 0.0
    ) -> None:
        if world_width <= 0 or world_height <= 0:
            raise ValueError(f"the table must have a size, got {world_width}x{world_height}")
        self.world_width = world_width
        self.world_height = world_height
        # inches of the room around the table a fit shows too: bases standing on the table's
        # edge reach beyond it
        self.margin = margin
        self.viewport = viewport
        self.scale = 1.0
        self.origin_x = 0.0
        self.origin_y = 0.0
        self.fit()

    # -- transforms -------------------------------------------------------------------------
    def world_to_screen(self, point: Point) -> Point:
        return (self.origin_x + self.scale * point[0], self.origin_y + self.scale * point[1])

    def screen_to_world(self, point: Point) -> Point:
        return ((point[0] - self.origin_x) / self.scale, (point[1] - self.origin_y) / self.scale)

    def length_to_screen(self, inches: float) -> float:
        return inches * self.scale

    def map_screen_rect(self) -> tuple[float, float, float, float]:
        """(left, top, width, height) of the whole table on screen."""
        return (
            self.origin_x,
            self.origin_y,
            self.world_width * self.scale,
            self.world_height * self.scale,
        )

    # -- limits -----------------------------------------------------------------------------
    def fit_scale(self) -> float:
        room = 2 * self.margin
        return min(
            self.viewport.width / (self.world_width + room),
            self.viewport.height / (self.world_height + room),
        )

    def min_scale(self) -> float:
        return self.fit_scale() * 0.5

    def max_scale(self) -> float:
        texture_cap = MAX_MAP_TEXTURE_SIDE / max(self.world_width, self.world_height)
        return max(self.fit_scale(), min(8 * self.fit_scale(), texture_cap))

    def in_bounds(self) -> bool:
        cx, cy = self.screen_to_world(self.viewport.centre)
        eps = 1e-6
        return (
            -eps <= cx <= self.world_width + eps
            and -eps <= cy <= self.world_height + eps
            and self.min_scale() - eps <= self.scale <= self.max_scale() + eps
        )

    def _clamp(self) -> None:
        self.scale = min(max(self.scale, self.min_scale()), self.max_scale())
        vx, vy = self.viewport.centre
        cx, cy = self.screen_to_world((vx, vy))
        clamped_x = min(max(cx, 0.0), self.world_width)
        clamped_y = min(max(cy, 0.0), self.world_height)
        if clamped_x != cx:
            self.origin_x = vx - self.scale * clamped_x
        if clamped_y != cy:
            self.origin_y = vy - self.scale * clamped_y

    # -- moves ------------------------------------------------------------------------------
    def fit(self) -> None:
        """Show the whole table, centred in the viewport."""
        self.scale = self.fit_scale()
        vx, vy = self.viewport.centre
        self.origin_x = vx - self.scale * self.world_width / 2
        self.origin_y = vy - self.scale * self.world_height / 2

    def zoom_at(self, screen_point: Point, factor: float) -> None:
        """Multiply the scale by `factor`, keeping the world point under `screen_point` fixed."""
        anchor = self.screen_to_world(screen_point)
        new_scale = min(max(self.scale * factor, self.min_scale()), self.max_scale())
        self.scale = new_scale
        self.origin_x = screen_point[0] - new_scale * anchor[0]
        self.origin_y = screen_point[1] - new_scale * anchor[1]
        self._clamp()

    def pan(self, dx: float, dy: float) -> None:
        """Move the table by (dx, dy) screen pixels."""
        self.origin_x += dx
        self.origin_y += dy
        self._clamp()

    def set_viewport(self, viewport: Viewport) -> None:
        """Follow a window resize: keep the world point at the viewport's centre and the scale
        relative to the fit scale, so the same part of the table stays in view."""
        old_centre = self.screen_to_world(self.viewport.centre)
        relative_zoom = self.scale / self.fit_scale()
        self.viewport = viewport
        self.scale = relative_zoom * self.fit_scale()
        vx, vy = viewport.centre
        self.origin_x = vx - self.scale * old_centre[0]
        self.origin_y = vy - self.scale * old_centre[1]
        self._clamp()

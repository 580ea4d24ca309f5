"""The table's ground art: Tiled tile layers pre-rendered once, then scaled once per zoom level.

Per frame the battle screen only blits the surface of the current zoom level (TECH_NOTES:
Drawing). Static map features that never move (zones, entry/exit edges) are baked in too.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

import pygame
import pytmx
from pytmx.util_pygame import load_pygame

from game.battlefield.model import Battlefield, Edge, Point
from game.battlefield.tmx_xml import XmlRejected, read_xml_file
from game.client import map_art_cache
from game.client.map_art_cache import Drawn
from game.client.palette import DEFAULT_PALETTE, ColourA, Palette
from game.client.tiled_art import TiledArt, background_colour
from game.i18n import N_

EDGE_BAND_IN = 0.5
"""How deep into the table an entry/exit edge is tinted."""

_ZOOM_CACHE_SIZE = 4
_ZOOM_CACHE_PIXELS = 16_000_000
"""Zoom levels kept at most (64 MB of surfaces); the current one is always kept."""


class MapArt:
    """The pre-rendered table at its native pixel size, and its scaled copies."""

    def __init__(
        self,
        tmx_path: Path | None,
        battlefield: Battlefield | None,
        palette: Palette = DEFAULT_PALETTE,
    ) -> None:
        self.palette = palette
        self.battlefield = battlefield
        self.notes: list[str] = []
        # --- the drawing kept per map, battlefield and palette (map_art_cache.py; issue 15) ---
        drawn = map_art_cache.drawn(
            tmx_path, battlefield, palette, lambda: self._draw(tmx_path, battlefield)
        )
        self.pixel_width, self.pixel_height = drawn.pixel_width, drawn.pixel_height
        self.pixels_per_inch = drawn.pixels_per_inch
        self.base = drawn.base  # shared: only blitted or scaled, never drawn on
        self.notes = list(drawn.notes)
        self.world_width = self.pixel_width / self.pixels_per_inch
        self.world_height = self.pixel_height / self.pixels_per_inch
        self._scaled: OrderedDict[tuple[int, str], pygame.Surface] = OrderedDict()

    def _draw(self, tmx_path: Path | None, battlefield: Battlefield | None) -> Drawn:
        """The table's ground drawn afresh: the tile art, else the terrain, then zones and edges."""
        palette = self.palette
        tmx = load_pygame(str(tmx_path)) if tmx_path is not None else None
        if tmx is not None:
            self.pixel_width = int(tmx.width * tmx.tilewidth)
            self.pixel_height = int(tmx.height * tmx.tileheight)
            default_ppi = float(tmx.tilewidth)
        elif battlefield is not None:
            self.pixel_width = round(battlefield.width * battlefield.pixels_per_inch)
            self.pixel_height = round(battlefield.height * battlefield.pixels_per_inch)
            default_ppi = battlefield.pixels_per_inch
        else:
            raise ValueError("MapArt needs a Tiled map or a Battlefield")
        self.pixels_per_inch = battlefield.pixels_per_inch if battlefield else default_ppi
        self.base = pygame.Surface((self.pixel_width, self.pixel_height)).convert()
        self.base.fill(palette.fallback_ground)
        drawn = self._draw_tiles(tmx, tmx_path) if tmx is not None and tmx_path else 0
        if drawn == 0 and battlefield is not None:
            self._draw_fallback_terrain(battlefield)
            self.notes.append(N_("This map has no tile art: terrain drawn from its objects."))
        if battlefield is not None:
            self._draw_zones_and_edges(battlefield)
        return Drawn(
            self.pixel_width,
            self.pixel_height,
            self.pixels_per_inch,
            self.base,
            tuple(self.notes),
            battlefield,
            palette,
        )

    # -- native rendering ---------------------------------------------------------------------
    def _draw_tiles(self, tmx: pytmx.TiledMap, tmx_path: Path) -> int:
        """The art in Tiled's layer order, offsets, opacity and tint (tiled_art.py)."""
        try:
            root = read_xml_file(tmx_path)
        except XmlRejected as exc:
            raise ValueError(f"{tmx_path}: {exc}") from None
        backdrop = background_colour(root)
        if backdrop is not None:
            self.base.fill(backdrop)
        return TiledArt(tmx, root).draw(self.base)

    def _px(self, point: Point) -> tuple[float, float]:
        return (point[0] * self.pixels_per_inch, point[1] * self.pixels_per_inch)

    def _draw_fallback_terrain(self, battlefield: Battlefield) -> None:
        """A plain table for maps without tile art: dusty ground, shadowed flat roofs."""
        p = self.palette
        speckle = random.Random(self.pixel_width * 7919 + self.pixel_height)  # cosmetic only
        ground = p.fallback_ground
        for _ in range(self.pixel_width * self.pixel_height // 40):
            shade = speckle.randint(-14, 10)
            colour = tuple(max(0, min(255, c + shade)) for c in ground)
            x = speckle.randrange(self.pixel_width)
            y = speckle.randrange(self.pixel_height)
            self.base.fill(colour, (x, y, 2, 2))
        kinds = {
            "rubble": (128, 116, 96),
            "wreck": (72, 70, 66),
            "impassable": (70, 96, 110),
            "cover": (96, 118, 70),
        }
        for area in battlefield.areas:
            if len(area.outline) >= 3:
                colour = kinds.get(area.kind.value, (110, 100, 80))
                pygame.draw.polygon(self.base, colour, [self._px(q) for q in area.outline])
        shadow = pygame.Surface(self.base.get_size(), pygame.SRCALPHA)
        offset = 0.18 * self.pixels_per_inch
        for building in battlefield.buildings:
            if len(building.outline) >= 3:
                depth = offset * building.storeys
                cast = [(x + depth, y + depth) for x, y in map(self._px, building.outline)]
                pygame.draw.polygon(shadow, (0, 0, 0, 70), cast)
        self.base.blit(shadow, (0, 0))
        for building in battlefield.buildings:
            if len(building.outline) >= 3:
                outline = [self._px(q) for q in building.outline]
                roof = tuple(max(0, c - 8 * (building.storeys - 1)) for c in p.fallback_roof)
                pygame.draw.polygon(self.base, roof, outline)
                pygame.draw.polygon(self.base, p.fallback_roof_edge, outline, 3)
        for wall in battlefield.walls:
            points = [self._px(q) for q in wall.points]
            if len(points) >= 2:
                width = 4 if wall.height.value == "high" else 2
                pygame.draw.lines(self.base, p.fallback_roof_edge, wall.closed, points, width)

    def _draw_zones_and_edges(self, battlefield: Battlefield) -> None:
        overlay = pygame.Surface(self.base.get_size(), pygame.SRCALPHA)
        p = self.palette
        for zone in battlefield.zones:
            if len(zone.outline) < 3:
                continue
            role = zone.role.lower()
            fill = p.zone_fill.get(role, (200, 200, 200, 40))
            line = p.zone_line.get(role, (220, 220, 220))
            outline = [self._px(q) for q in zone.outline]
            pygame.draw.polygon(overlay, fill, outline)
            pygame.draw.polygon(overlay, (*line, 170), outline, 2)
        for edge in battlefield.entry_edges:
            self._tint_edge(overlay, edge, p.entry_edge)
        for edge in battlefield.exit_edges:
            self._tint_edge(overlay, edge, p.exit_edge)
        self.base.blit(overlay, (0, 0))

    def _tint_edge(self, overlay: pygame.Surface, edge: Edge, colour: ColourA) -> None:
        band = round(EDGE_BAND_IN * self.pixels_per_inch)
        w, h = self.pixel_width, self.pixel_height
        rects = {
            Edge.NORTH: pygame.Rect(0, 0, w, band),
            Edge.SOUTH: pygame.Rect(0, h - band, w, band),
            Edge.WEST: pygame.Rect(0, 0, band, h),
            Edge.EAST: pygame.Rect(w - band, 0, band, h),
        }
        tint = pygame.Surface(rects[edge].size, pygame.SRCALPHA)
        tint.fill(colour)
        overlay.blit(tint, rects[edge].topleft)

    # -- zoom levels --------------------------------------------------------------------------
    def scaled_size(self, scale: float) -> tuple[int, int]:
        return (
            max(1, round(self.world_width * scale)),
            max(1, round(self.world_height * scale)),
        )

    def surface_at(
        self,
        scale: float,
        decorate: Callable[[pygame.Surface, float], None] | None = None,
        decoration_key: str = "",
    ) -> pygame.Surface:
        """The table drawn at `scale` pixels per inch (rendered once per zoom level).

        `decorate(surface, scale)` draws static overlays (the terrain outlines) on top, crisp at
        this zoom; `decoration_key` names them in the cache."""
        size = self.scaled_size(scale)
        key = (size[0], decoration_key if decorate is not None else "")
        cached = self._scaled.get(key)
        if cached is not None and cached.get_size() == size:
            self._scaled.move_to_end(key)
            return cached
        if size == self.base.get_size():
            surface = self.base.copy() if decorate is not None else self.base
        else:
            surface = pygame.transform.smoothscale(self.base, size)
        if decorate is not None:
            decorate(surface, size[0] / self.world_width)
        self._scaled[key] = surface
        while len(self._scaled) > 1 and (
            len(self._scaled) > _ZOOM_CACHE_SIZE
            or sum(c.get_width() * c.get_height() for c in self._scaled.values())
            > _ZOOM_CACHE_PIXELS
        ):
            self._scaled.popitem(last=False)
        return surface

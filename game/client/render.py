"""Draws one frame of the battle view: table, overlays, figures, ruler. No widgets here."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.battlefield.model import Battlefield, Edge, Point, Side
from game.client import night_draw, text
from game.client.camera import Camera
from game.client.civilian_art import draw_mob
from game.client.crewless import crewless_caption
from game.client.figures import FACINGS, FigureArt, facing_index, figure_facing
from game.client.map_render import EDGE_BAND_IN, MapArt
from game.client.palette import DEFAULT_PALETTE, Colour, Palette
from game.client.vehicle_art import vehicle_sprite
from game.client.viewmodel import (
    BASE_DIAMETER_IN,
    Badge,
    BattleView,
    FigureSprite,
    UnitSprite,
    VehicleLook,
)
from game.i18n import _, ngettext, number, retell

HOT_SPOT_DIAMETER_IN = 1.0
# Where along its edge an ENTRY / EXIT label may stand, best first (fractions of the edge).
EDGE_LABEL_PLACES = (0.5, 0.35, 0.65, 0.2, 0.8)


@dataclass
class Overlays:
    """What the player asked to see on top of the table."""

    terrain_debug: bool = False
    unit_labels: bool = True
    ruler: tuple[Point, Point] | None = None  # world inches
    selected_unit: str | None = None
    hovered_unit: str | None = None


@dataclass
class FrameResult:
    """Where things ended up on screen, for hit testing and tests."""

    figure_rects: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    unit_label_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    edge_label_rects: list[pygame.Rect] = field(default_factory=list)  # ENTRY / EXIT (polish)
    marker_label_rects: list[pygame.Rect] = field(default_factory=list)  # objectives (polish)


Blits = list[tuple[pygame.Surface, tuple[int, int]]]


def hot_spot_tag(disc: pygame.Rect, figures: list[pygame.Rect]) -> tuple[int, int] | None:
    """Where a covered hot spot's number tag goes (None: the disc is not covered): the first
    corner beside the disc that no figure covers, else above it."""
    if disc.collidelist(figures) == -1:
        return None
    r = disc.width // 2
    for dx, dy in ((r + 6, -r - 6), (-r - 6, -r - 6), (r + 6, r + 6), (-r - 6, r + 6)):
        spot = (disc.centerx + dx, disc.centery + dy)
        if pygame.Rect(spot[0] - 8, spot[1] - 8, 16, 16).collidelist(figures) == -1:
            return spot
    return (disc.centerx, disc.top - 8)


def caption_place(
    caption: pygame.Rect, centre: tuple[int, int], size: int, figures: list[pygame.Rect]
) -> pygame.Rect:
    """Where a marker's caption goes: under the marker, else above, right or left of it, else a
    row or two further down or up: the first place no figure covers, or failing that the place
    that covers the least of them (the caption is drawn over the figures, never under)."""
    x, y = centre
    gap = size + 2
    step = caption.height + 2
    # below, above, right, left, then a row and two rows further down and up
    places = [caption.copy() for _ in range(8)]
    places[0].midtop = (x, y + gap)
    places[1].midbottom = (x, y - gap)
    places[2].midleft = (x + gap, y)
    places[3].midright = (x - gap, y)
    for row in (1, 2):
        places[2 + 2 * row].midtop = (x, y + gap + row * step)
        places[3 + 2 * row].midbottom = (x, y - gap - row * step)

    def covered(rect: pygame.Rect) -> int:
        return sum(rect.clip(f).width * rect.clip(f).height for f in figures)

    return min(places, key=covered)  # min keeps the first of equals: under the marker first


def _edge_point(
    camera: Camera, battlefield: Battlefield, edge: Edge, fraction: float
) -> tuple[int, int]:
    """The screen point on the table's `edge` band, `fraction` of the way along it."""
    w, h, inset = battlefield.width, battlefield.height, EDGE_BAND_IN / 2
    x, y = camera.world_to_screen(
        {
            Edge.NORTH: (w * fraction, inset),
            Edge.SOUTH: (w * fraction, h - inset),
            Edge.WEST: (inset, h * fraction),
            Edge.EAST: (w - inset, h * fraction),
        }[edge]
    )
    return (round(x), round(y))


@dataclass
class _UnitsLayout:
    """The figures and labels of one view at one camera position, ready to blit."""

    rings: list[tuple[tuple[int, int], int]] = field(default_factory=list)
    hover_rings: list[tuple[tuple[int, int], int]] = field(default_factory=list)
    figures: Blits = field(default_factory=list)
    labels: Blits = field(default_factory=list)
    figure_rects: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    label_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    label_blocks: list[pygame.Rect] = field(default_factory=list)
    marker_rects: list[pygame.Rect] = field(default_factory=list)  # hot-spot discs
    hull_rects: list[pygame.Rect] = field(default_factory=list)  # vehicles (issue 20)


def badge_text_colour(background: Colour) -> Colour:
    luminance = 0.299 * background[0] + 0.587 * background[1] + 0.114 * background[2]
    return (20, 20, 20) if luminance > 150 else (255, 255, 255)


class BattleRenderer:
    def __init__(
        self, art: MapArt, battlefield: Battlefield | None, palette: Palette = DEFAULT_PALETTE
    ) -> None:
        self.art = art
        self.battlefield = battlefield
        self.palette = palette
        self.figures = FigureArt(palette)
        self._badges: dict[tuple[Badge, int], pygame.Surface] = {}
        self._layout: tuple[BattleView, tuple[object, ...], _UnitsLayout] | None = None

    def draw(
        self, surface: pygame.Surface, camera: Camera, view: BattleView, overlays: Overlays
    ) -> FrameResult:
        vp = camera.viewport
        clip = pygame.Rect(vp.left, vp.top, vp.width, vp.height)
        previous_clip = surface.get_clip()
        surface.set_clip(clip)
        if overlays.terrain_debug and self.battlefield is not None:
            table = self.art.surface_at(camera.scale, self._draw_terrain_debug, "terrain")
        elif view.night:  # --- night (issue 19) ---
            table = self.art.surface_at(camera.scale, night_draw.darken, "night")
        else:
            table = self.art.surface_at(camera.scale)
        origin = (round(camera.origin_x), round(camera.origin_y))
        table_rect = table.get_rect(topleft=origin)
        if not table_rect.contains(clip):
            surface.fill(self.palette.letterbox, clip)
        surface.blit(table, origin)
        result = FrameResult()
        taken = self._units_on_screen(camera, view, overlays) if view.units else []
        if self.battlefield is not None:
            self._draw_edge_labels(surface, camera, self.battlefield, taken, result)
        self._draw_fallen(surface, camera, view)
        self._draw_hot_spots(surface, camera, view)
        captions = self._draw_markers(surface, camera, view, taken)
        self._draw_units(surface, camera, view, overlays, result)
        surface.fblits(captions)  # over the figures, placed off them where there is room
        result.marker_label_rects.extend(rect for _, rect in captions)
        self._tag_covered_hot_spots(surface, camera, view, result)
        if overlays.ruler is not None:
            self._draw_ruler(surface, camera, *overlays.ruler)
        surface.set_clip(previous_clip)
        return result

    # -- terrain ------------------------------------------------------------------------------
    def _draw_terrain_debug(self, surface: pygame.Surface, scale: float) -> None:
        """Outlines of the terrain objects, drawn once into the table surface of a zoom level."""
        battlefield = self.battlefield
        if battlefield is None:
            return
        p = self.palette

        def to_screen(point: Point) -> Point:
            return (point[0] * scale, point[1] * scale)

        for area in battlefield.areas:
            if len(area.outline) >= 3:
                pygame.draw.polygon(surface, p.debug_area, [to_screen(q) for q in area.outline], 2)
        for wall in battlefield.walls:
            colour = p.debug_wall_high if wall.height.value == "high" else p.debug_wall_low
            if len(wall.points) >= 2:
                pygame.draw.lines(
                    surface, colour, wall.closed, [to_screen(q) for q in wall.points], 3
                )
        door_r = max(3, round(scale * 0.25))
        for building in battlefield.buildings:
            if len(building.outline) >= 3:
                points = [to_screen(q) for q in building.outline]
                pygame.draw.polygon(surface, p.debug_building, points, 2)
                label = (
                    building.label or building.name or _("building {name}").format(name=building.id)
                )
                if building.storeys > 1:
                    label += " " + ngettext(
                        "({n} storey)", "({n} storeys)", building.storeys
                    ).format(n=building.storeys)
                x = min(q[0] for q in points)
                y = min(q[1] for q in points)
                caption = text.text(label, 16, p.debug_building, shadow=(0, 0, 0))
                if caption.get_width() + 6 > max(q[0] for q in points) - x:
                    caption = text.text(
                        f"{building.storeys}", 16, p.debug_building, True, (0, 0, 0)
                    )
                surface.blit(caption, (x + 3, y + 3))
            for door in building.doors:
                centre = to_screen(door.position)
                pygame.draw.circle(surface, p.debug_door, centre, door_r)
                pygame.draw.circle(surface, (0, 0, 0), centre, door_r, 1)

    def _draw_edge_labels(
        self,
        surface: pygame.Surface,
        camera: Camera,
        battlefield: Battlefield,
        taken: list[pygame.Rect],
        result: FrameResult,
    ) -> None:
        """ENTRY / EXIT along each edge, at the middle unless units stand there (a vehicle
        waiting at the entry hid the word: found in play), then the nearest clear place."""
        size = max(12, min(22, round(camera.scale * 0.45)))
        labels: dict[Edge, list[str]] = {}
        for edge in battlefield.entry_edges:
            labels.setdefault(edge, []).append(_("ENTRY"))
        for edge in battlefield.exit_edges:
            labels.setdefault(edge, []).append(_("EXIT"))
        for edge, words in labels.items():
            caption = text.text(
                " / ".join(words), size, (255, 255, 255), bold=True, shadow=(0, 0, 0)
            )
            if edge in (Edge.WEST, Edge.EAST):
                caption = pygame.transform.rotate(caption, 90 if edge is Edge.WEST else -90)
            rect = caption.get_rect()
            for fraction in EDGE_LABEL_PLACES:  # the middle first; none clear: the middle
                rect.center = _edge_point(camera, battlefield, edge, fraction)
                if rect.collidelist(taken) == -1:
                    break
            else:
                rect.center = _edge_point(camera, battlefield, edge, EDGE_LABEL_PLACES[0])
            surface.blit(caption, rect)
            result.edge_label_rects.append(rect)

    # -- markers ------------------------------------------------------------------------------
    def _draw_hot_spots(self, surface: pygame.Surface, camera: Camera, view: BattleView) -> None:
        p = self.palette
        radius = max(9, round(camera.scale * HOT_SPOT_DIAMETER_IN / 2))
        for spot in view.hot_spots:
            x, y = camera.world_to_screen(spot.position_in)
            centre = (round(x), round(y))
            pygame.draw.circle(surface, (0, 0, 0), centre, radius + 2)
            pygame.draw.circle(surface, p.hot_spot, centre, radius)
            pygame.draw.circle(surface, (255, 220, 160), centre, radius, max(1, radius // 6))
            number = text.text(
                str(spot.number), max(12, round(radius * 1.5)), p.hot_spot_text, True
            )
            surface.blit(number, number.get_rect(center=centre))

    def _tag_covered_hot_spots(
        self, surface: pygame.Surface, camera: Camera, view: BattleView, result: FrameResult
    ) -> None:
        """A hot spot under figures keeps its number readable: a tag over the figures, beside
        the spot (found in play: the numbers hid under the figures)."""
        radius = max(9, round(camera.scale * HOT_SPOT_DIAMETER_IN / 2))
        figures = [rect for _, rect in result.figure_rects]
        for spot in view.hot_spots:
            x, y = camera.world_to_screen(spot.position_in)
            disc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            disc.center = (round(x), round(y))
            tag = hot_spot_tag(disc, figures)
            if tag is None:
                continue
            number = text.text(str(spot.number), max(12, radius), self.palette.hot_spot_text, True)
            chip = number.get_rect(center=tag).inflate(8, 4)
            pygame.draw.rect(surface, self.palette.hot_spot, chip, border_radius=chip.height // 2)
            pygame.draw.rect(surface, (0, 0, 0), chip, 1, border_radius=chip.height // 2)
            surface.blit(number, number.get_rect(center=chip.center))

    def _draw_fallen(self, surface: pygame.Surface, camera: Camera, view: BattleView) -> None:
        """Bodies where they fell, under the hot spots, markers and units (issue 22 item 5)."""
        diameter = max(6, round(camera.scale * BASE_DIAMETER_IN))
        blits = []
        for n, body in enumerate(view.fallen):
            sprite = self.figures.sprite(body, diameter, (n * 5) % FACINGS)  # as they fell
            x, y = camera.world_to_screen(body.position_in)
            blits.append((sprite, sprite.get_rect(center=(round(x), round(y)))))
        surface.fblits(blits)

    def _draw_markers(
        self, surface: pygame.Surface, camera: Camera, view: BattleView, figures: list[pygame.Rect]
    ) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The markers, drawn under the units; their captions are returned to be drawn over
        them, each where it covers the fewest `figures` and captions already placed (found in
        play: "the compound: Main house" was printed under the fireteam holding the house)."""
        p = self.palette
        captions: list[tuple[pygame.Surface, pygame.Rect]] = []
        size = max(8, round(camera.scale * 0.4))
        label_size = max(12, min(20, round(camera.scale * 0.42)))
        taken: list[pygame.Rect] = []
        for marker in view.markers:
            x, y = camera.world_to_screen(marker.position_in)
            centre = (round(x), round(y))
            if marker.kind == "objective":
                diamond = [
                    (centre[0], centre[1] - size),
                    (centre[0] + size, centre[1]),
                    (centre[0], centre[1] + size),
                    (centre[0] - size, centre[1]),
                ]
                pygame.draw.polygon(surface, p.objective, diamond)
                pygame.draw.polygon(surface, (255, 255, 255), diamond, 2)
                colour = p.objective
            elif marker.kind in ("contractor", "poi"):  # people on foot, not markers
                person = FigureSprite(
                    marker.position_in, Side.REGULAR, marker.kind, is_civilian=True
                )
                diameter = max(8, round(camera.scale * BASE_DIAMETER_IN))
                sprite = self.figures.sprite(person, diameter, facing_index(math.pi / 2))
                surface.blit(sprite, sprite.get_rect(center=centre))
                if marker.kind == "poi":  # the POI wears a ring in the objective's colour
                    pygame.draw.circle(surface, p.poi, centre, diameter // 2 + 3, 2)
                colour = p.contractor if marker.kind == "contractor" else p.poi
            elif marker.kind == "mob":  # civilians (issue 21)
                stand = draw_mob(surface, centre, camera.scale, sum(map(ord, marker.label[:2])))
                colour = p.civilian
                centre = (centre[0], stand.bottom - size)
            elif marker.kind == "civilianmob":
                r = max(6, round(camera.scale * 0.75))
                pygame.draw.circle(surface, (30, 30, 30), centre, r)
                pygame.draw.circle(surface, p.civilian, centre, round(r * 0.88))
                colour = p.civilian
            else:
                pygame.draw.circle(surface, (230, 230, 230), centre, size // 2)
                colour = (230, 230, 230)
            caption = text.text(marker.label, label_size, colour, bold=True, shadow=(0, 0, 0))
            rect = caption_place(caption.get_rect(), centre, size, [*figures, *taken])
            if rect.collidelist(taken) == -1:  # neighbours' labels would overprint: first wins
                captions.append((caption, rect))
                taken.append(rect)
        return captions

    # -- units --------------------------------------------------------------------------------
    def _draw_units(
        self,
        surface: pygame.Surface,
        camera: Camera,
        view: BattleView,
        overlays: Overlays,
        result: FrameResult,
    ) -> None:
        layout = self._units_layout(camera, view, overlays)
        ox, oy = round(camera.origin_x), round(camera.origin_y)
        for (cx, cy), radius in layout.rings:
            pygame.draw.circle(surface, self.palette.selection, (cx + ox, cy + oy), radius, 2)
        for (cx, cy), radius in layout.hover_rings:
            pygame.draw.circle(surface, self.palette.hover, (cx + ox, cy + oy), radius, 1)
        surface.fblits([(image, (x + ox, y + oy)) for image, (x, y) in layout.figures])
        surface.fblits([(image, (x + ox, y + oy)) for image, (x, y) in layout.labels])
        result.figure_rects.extend((uid, r.move(ox, oy)) for uid, r in layout.figure_rects)
        result.unit_label_rects.update(
            {uid: r.move(ox, oy) for uid, r in layout.label_rects.items()}
        )

    def _units_layout(self, camera: Camera, view: BattleView, overlays: Overlays) -> _UnitsLayout:
        key = (
            camera.scale,
            overlays.selected_unit,
            overlays.hovered_unit,
            overlays.unit_labels,
        )
        # Laid out in the pixels of the scaled table, so panning only moves the finished layout;
        # the view and the zoom rarely change between frames, so the layout is reused.
        if self._layout is None or self._layout[0] is not view or self._layout[1] != key:
            self._layout = (view, key, self._layout_units(camera.scale, view, overlays))
        return self._layout[2]

    def _units_on_screen(
        self, camera: Camera, view: BattleView, overlays: Overlays
    ) -> list[pygame.Rect]:
        """The screen boxes the units will cover: hulls, figures, name labels."""
        layout = self._units_layout(camera, view, overlays)
        ox, oy = round(camera.origin_x), round(camera.origin_y)
        boxes = layout.hull_rects + [r for _, r in layout.figure_rects] + layout.label_blocks
        return [r.move(ox, oy) for r in boxes]

    def _layout_units(self, scale: float, view: BattleView, overlays: Overlays) -> _UnitsLayout:
        """Figures, rings and labels in the pixels of the table scaled to `scale`."""
        layout = _UnitsLayout()
        radius = max(9, round(scale * HOT_SPOT_DIAMETER_IN / 2)) + 2  # as _draw_hot_spots
        for spot in view.hot_spots:
            disc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            disc.center = (round(spot.position_in[0] * scale), round(spot.position_in[1] * scale))
            layout.marker_rects.append(disc)
        centres: dict[str, Point] = {}
        for unit in view.units:
            centre = unit.centre
            centres[unit.unit_id] = centre
            selected = unit.selected or unit.unit_id == overlays.selected_unit
            crew_inside = self._layout_hull(layout, scale, unit)  # vehicles (issue 20)
            for figure in unit.figures:
                diameter = max(3, round(figure.diameter_in * scale))
                x, y = figure.position_in[0] * scale, figure.position_in[1] * scale
                rect = pygame.Rect(0, 0, diameter, diameter)
                rect.center = (round(x), round(y))
                if selected:
                    layout.rings.append((rect.center, diameter // 2 + 3))
                elif unit.unit_id == overlays.hovered_unit:
                    layout.hover_rings.append((rect.center, diameter // 2 + 3))
                if crew_inside:  # the hull stands for its crew; they are still clicked
                    layout.figure_rects.append((unit.unit_id, rect))
                    continue
                sprite = self.figures.sprite(
                    figure, diameter, figure_facing(figure.position_in, centre)
                )
                layout.figures.append((sprite, rect.topleft))
                layout.figure_rects.append((unit.unit_id, rect))
        if overlays.unit_labels:
            for unit in view.units:
                self._unit_label(layout, scale, unit, centres[unit.unit_id], overlays)
        return layout

    # --- vehicles (issue 20) ---
    def _layout_hull(self, layout: _UnitsLayout, scale: float, unit: UnitSprite) -> bool:
        """Lay out a vehicle's hull; True when its crew is inside (not drawn as figures)."""
        if unit.hull is None:
            return False
        x, y, length, width, facing, wreck = unit.hull
        look = unit.vehicle_look or VehicleLook("", destroyed=wreck)
        image = vehicle_sprite(
            look,
            round(length * scale),
            round(width * scale),
            round(facing) % 360,
            self.palette.side(unit.side),
        )
        rect = image.get_rect(center=(round(x * scale), round(y * scale)))
        layout.figures.append((image, rect.topleft))
        layout.hull_rects.append(rect)
        return not wreck

    def _unit_label(
        self,
        layout: _UnitsLayout,
        scale: float,
        unit: UnitSprite,
        centre: Point,
        overlays: Overlays,
    ) -> None:
        """The unit's name above its figures, its status badges to the right of the name."""
        crewless = unit.vehicle_look is not None and unit.vehicle_look.crewless
        if not unit.figures and not crewless:
            return
        p = self.palette
        top, bottom = _label_span(unit)
        x, y_top, y_bottom = centre[0] * scale, top * scale, bottom * scale
        size = max(12, min(20, round(scale * 0.5)))
        selected = unit.selected or unit.unit_id == overlays.selected_unit
        colour = p.selection if selected else p.side(unit.side).label
        name = crewless_caption(retell(unit.name)) if crewless else retell(unit.name)
        caption = text.text(name, size, colour, bold=True, shadow=p.unit_label_shadow)
        chips = [self.badge_chip(badge, size - 2) for badge in unit.badges]
        block_width = caption.get_width() + sum(3 + c.get_width() for c in chips)
        h = caption.get_height()
        # Above the unit; below it, or a line further out, when a neighbour's label is there;
        # kept on the table, so a unit at a side edge still shows its whole name.
        table_width = round(self.art.world_width * scale)
        left = round(x) - caption.get_width() // 2
        left = max(0, min(left, table_width - block_width))
        tops = [
            round(y_top) - 2 - h,
            round(y_bottom) + 2,
            round(y_top) - 2 - 2 * h,
            round(y_bottom) + 2 + h,
        ]
        blocks = [pygame.Rect(left, t, block_width, h) for t in tops]
        # beside the unit too, for a unit hemmed in above and below (issue 22 item 4)
        mid = round((y_top + y_bottom) / 2) - h // 2
        blocks.append(pygame.Rect(round(centre[0] * scale) + round(scale), mid, block_width, h))
        blocks.append(pygame.Rect(round(x) - round(scale) - block_width, mid, block_width, h))
        for b in blocks:
            b.left = max(0, min(b.left, table_width - block_width))
        others = [r for uid, r in layout.figure_rects if uid != unit.unit_id]
        others += layout.marker_rects  # a hot spot's number stays readable too

        table_height = round(self.art.world_height * scale)

        def cost(b: pygame.Rect) -> tuple[int, int, int]:
            """Off the table's top or bottom is worst (the name is cut off: found in play, a
            unit at the north edge), then over another label, then each other unit's figure or
            hot-spot disc it would cover (a name or a DEP chip on an enemy reads as that
            enemy's), then the order above."""
            off = int(b.top < 0 or b.bottom > table_height)
            return (
                off,
                int(b.collidelist(layout.label_blocks) != -1),
                len(b.collidelistall(others)),
            )

        block = min(blocks, key=cost)
        layout.label_blocks.append(block)
        rect = caption.get_rect(topleft=block.topleft)
        layout.labels.append((caption, rect.topleft))
        layout.label_rects[unit.unit_id] = rect
        bx = rect.right + 3
        for chip in chips:
            layout.labels.append((chip, (bx, rect.centery - chip.get_height() // 2)))
            bx += chip.get_width() + 3

    def badge_chip(self, badge: Badge, size: int) -> pygame.Surface:
        """A small rounded label (`PIN`, `OW`…) in the badge's colour."""
        key = (badge, size)
        cached = self._badges.get(key)
        if cached is None:
            cached = self._badges[key] = self._make_badge_chip(badge, size)
        return cached

    def _make_badge_chip(self, badge: Badge, size: int) -> pygame.Surface:
        background = self.palette.badge_background[badge.value]
        label = text.text(badge.short, size, badge_text_colour(background), bold=True)
        chip = pygame.Surface((label.get_width() + 6, label.get_height() + 2), pygame.SRCALPHA)
        pygame.draw.rect(chip, (0, 0, 0), chip.get_rect(), border_radius=4)
        pygame.draw.rect(chip, background, chip.get_rect().inflate(-2, -2), border_radius=4)
        chip.blit(label, (3, 1))
        return chip

    # -- ruler --------------------------------------------------------------------------------
    def _draw_ruler(
        self, surface: pygame.Surface, camera: Camera, start: Point, end: Point
    ) -> None:
        p = self.palette
        a = camera.world_to_screen(start)
        b = camera.world_to_screen(end)
        pygame.draw.line(surface, (0, 0, 0), a, b, 5)
        pygame.draw.line(surface, p.ruler, a, b, 3)
        length = math.dist(start, end)
        # Inch ticks, like a tape measure on the table.
        if length > 0 and camera.scale >= 6:
            ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
            for inch in range(1, int(length) + 1):
                tx, ty = camera.world_to_screen((start[0] + ux * inch, start[1] + uy * inch))
                tick = 6 if inch % 6 == 0 else 3
                pygame.draw.line(
                    surface,
                    p.ruler,
                    (tx - uy * tick, ty + ux * tick),
                    (tx + uy * tick, ty - ux * tick),
                    2,
                )
        for point in (a, b):
            pygame.draw.circle(surface, p.ruler, point, 4)
        label = text.text(number(length) + '"', 20, p.ruler_text, bold=True)
        chip = pygame.Surface((label.get_width() + 8, label.get_height() + 4))
        chip.fill(p.ruler)
        chip.blit(label, (4, 2))
        surface.blit(chip, (b[0] + 10, b[1] - chip.get_height() - 4))


def _label_span(unit: UnitSprite) -> tuple[float, float]:
    """The top and bottom of a unit's figures, in inches; of its hull when it has none (a
    crewless vehicle, polish round 7)."""
    if not unit.figures and unit.hull is not None:
        _x, y, length, width, _facing, _wreck = unit.hull
        half = max(length, width) / 2
        return y - half, y + half
    top = min(f.position_in[1] - f.diameter_in / 2 for f in unit.figures)
    bottom = max(f.position_in[1] + f.diameter_in / 2 for f in unit.figures)
    return top, bottom

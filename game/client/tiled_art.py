"""A Tiled map's art drawn as Tiled shows it; shared by the battle screen and tools/preview_map.py.

pytmx reads the pictures but not the picture: it lists tile layers before image layers whatever
Tiled's order, and ignores group layers, offsets, opacity and tint when you blit (TECH_NOTES:
Found in play-tests). So the layer tree is walked here in document order from the XML, each
element matched to the pytmx layer built from it, and drawn with what Tiled applies:

- tile layers, image layers (with `repeatx`/`repeaty`) and tile objects on object layers, in
  document order, groups included; hidden layers, groups and objects are not drawn;
- offsets add up through groups; opacity multiplies; a tint colour multiplies the pixels' colour
  and alpha (`#RRGGBB` or `#AARRGGBB`), through groups too;
- tiles taller than the grid stand on their cell's bottom edge; tile objects stand on their
  x, y (bottom-left), are scaled to their width and height and turn clockwise about that point;
  an object layer's default draw order (`topdown`) sorts them by y, `index` keeps file order.

Not drawn: parallax (it only moves layers while scrolling in the editor), a tileset's drawing
offset (`tileoffset`), shapes and text objects (they are not art), animations (their first frame
is shown).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, replace

import pygame
import pytmx

from game.battlefield.map_checks import rotate_about
from game.battlefield.map_format import object_class

Tint = tuple[float, float, float, float]
_WHITE: Tint = (1.0, 1.0, 1.0, 1.0)
_BLIT_BATCH = 4096
"""Tiles drawn per call (the list of a whole layer of a big map alone took 170 MB)."""


@dataclass(frozen=True)
class _Style:
    """What a layer inherits from the groups around it."""

    dx: float = 0.0
    dy: float = 0.0
    opacity: float = 1.0
    tint: Tint = _WHITE

    def inside(self, element: ET.Element) -> _Style:
        tint = parse_tint(element.get("tintcolor"))
        return replace(
            self,
            dx=self.dx + _number(element.get("offsetx")),
            dy=self.dy + _number(element.get("offsety")),
            opacity=self.opacity * min(1.0, max(0.0, _number(element.get("opacity"), 1.0))),
            tint=tuple(a * b for a, b in zip(self.tint, tint, strict=True)),  # type: ignore[arg-type]
        )


def parse_tint(text: str | None) -> Tint:
    """Tiled's `tintcolor` (`#RRGGBB` or `#AARRGGBB`) as factors 0..1; white when absent."""
    digits = (text or "").strip().lstrip("#")
    try:
        if len(digits) == 6:
            r, g, b, a = int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16), 255
        elif len(digits) == 8:
            a, r, g, b = (int(digits[i : i + 2], 16) for i in (0, 2, 4, 6))
        else:
            return _WHITE
    except ValueError:
        return _WHITE
    return (r / 255, g / 255, b / 255, a / 255)


def background_colour(root: ET.Element) -> tuple[int, int, int] | None:
    """The map's `backgroundcolor`, if it sets one (Tiled fills the map with it)."""
    text = root.get("backgroundcolor")
    if not text:
        return None
    r, g, b, _a = parse_tint(text)
    return (round(r * 255), round(g * 255), round(b * 255))


def _number(text: str | None, default: float = 0.0) -> float:
    try:
        return float(text) if text is not None else default
    except ValueError:
        return default


class TiledArt:
    """Draws one pytmx map (loaded with pytmx.util_pygame.load_pygame) from its XML `root`."""

    def __init__(self, tmx: pytmx.TiledMap, root: ET.Element) -> None:
        self.tmx = tmx
        self.root = root
        self.drawn = 0
        kinds = (
            ("layer", pytmx.TiledTileLayer),
            ("imagelayer", pytmx.TiledImageLayer),
            ("objectgroup", pytmx.TiledObjectGroup),
        )
        # pytmx builds each kind of layer from root.findall(".//TAG"), so the n-th element of a
        # kind is the n-th pytmx layer of that kind (tile collision groups of embedded tilesets
        # included, which is why the lists are matched whole rather than by walking).
        self._layers: dict[int, object] = {}
        for tag, kind in kinds:
            built = [layer for layer in tmx.layers if isinstance(layer, kind)]
            for element, layer in zip(root.findall(f".//{tag}"), built, strict=False):
                self._layers[id(element)] = layer
        self._looks: dict[tuple[int, Tint, tuple[int, int] | None], pygame.Surface] = {}

    def draw(self, target: pygame.Surface) -> int:
        """Draw every visible layer onto `target` (map pixels); how many pictures were drawn."""
        self.drawn = 0
        self._walk(target, self.root, _Style())
        return self.drawn

    # -- the layer tree -----------------------------------------------------------------------
    def _walk(self, target: pygame.Surface, parent: ET.Element, style: _Style) -> None:
        for element in parent:
            if element.tag not in ("layer", "imagelayer", "objectgroup", "group"):
                continue
            if element.get("visible", "1") == "0":
                continue
            inner = style.inside(element)
            if element.tag == "group":
                self._walk(target, element, inner)
                continue
            layer = self._layers.get(id(element))
            if layer is None or inner.opacity <= 0:
                continue
            if element.tag == "layer":
                self._tile_layer(target, layer, inner)
            elif element.tag == "imagelayer":
                self._image_layer(target, element, layer, inner)
            else:
                self._tile_objects(target, element, layer, inner)

    def _look(
        self, image: pygame.Surface, style: _Style, size: tuple[int, int] | None = None
    ) -> pygame.Surface:
        """The picture with the layer's tint and opacity (and object size) applied, cached."""
        tint = (*style.tint[:3], style.tint[3] * style.opacity)
        key = (id(image), tint, size)
        look = self._looks.get(key)
        if look is None:
            look = image
            if size is not None and size != image.get_size():
                look = pygame.transform.smoothscale(image.convert_alpha(), size)
            if tint != _WHITE:
                if look is image:
                    look = image.convert_alpha()  # a new surface: the tile itself stays as it is
                look.fill(tuple(round(c * 255) for c in tint), special_flags=pygame.BLEND_RGBA_MULT)
            self._looks[key] = look
        return look

    def _tile_layer(self, target: pygame.Surface, layer: object, style: _Style) -> None:
        tw, th = self.tmx.tilewidth, self.tmx.tileheight
        dx, dy = round(style.dx), round(style.dy)
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        plain = style.tint == _WHITE and style.opacity >= 1.0
        for x, y, image in layer.tiles():  # type: ignore[attr-defined]
            if isinstance(image, pygame.Surface):
                look = image if plain else self._look(image, style)
                # tiles taller than the grid stand on their cell's bottom edge (Tiled's rule)
                blits.append((look, (x * tw + dx, y * th + th - image.get_height() + dy)))
                if len(blits) >= _BLIT_BATCH:  # a million tiles: not all in one list
                    target.fblits(blits)
                    self.drawn += len(blits)
                    blits.clear()
        target.fblits(blits)
        self.drawn += len(blits)

    def _image_layer(
        self, target: pygame.Surface, element: ET.Element, layer: object, style: _Style
    ) -> None:
        image = getattr(layer, "image", None)
        if not isinstance(image, pygame.Surface):
            return
        look = self._look(image, style)
        w, h = look.get_size()
        if w <= 0 or h <= 0:
            return
        xs = _repeats(style.dx, w, target.get_width(), element.get("repeatx") == "1")
        ys = _repeats(style.dy, h, target.get_height(), element.get("repeaty") == "1")
        target.fblits([(look, (x, y)) for y in ys for x in xs])
        self.drawn += 1

    def _tile_objects(
        self, target: pygame.Surface, element: ET.Element, group: object, style: _Style
    ) -> None:
        pairs = list(zip(element.findall("object"), group, strict=False))  # type: ignore[call-overload]
        if element.get("draworder", "topdown") != "index":
            pairs.sort(key=lambda pair: _number(pair[0].get("y")))
        for node, obj in pairs:
            image = getattr(obj, "image", None) if node.get("gid") else None
            if not isinstance(image, pygame.Surface) or node.get("visible", "1") == "0":
                continue
            if _is_unit(obj):  # --- vehicle tiles (issue 20, R310): the game draws them live
                continue
            for picture, at in self._placed(node, image, style):
                target.blit(picture, at)
                self.drawn += 1

    def _placed(
        self, node: ET.Element, image: pygame.Surface, style: _Style
    ) -> Iterator[tuple[pygame.Surface, tuple[int, int]]]:
        width = _number(node.get("width"), image.get_width())
        height = _number(node.get("height"), image.get_height())
        if width <= 0 or height <= 0:
            return
        look = self._look(image, style, (round(width), round(height)))
        x, y = _number(node.get("x")) + style.dx, _number(node.get("y")) + style.dy
        angle = _number(node.get("rotation"))
        corners = [(x, y - height), (x + width, y - height), (x + width, y), (x, y)]
        if angle:
            look = pygame.transform.rotate(look, -angle)  # pygame turns anticlockwise
            corners = rotate_about(corners, (x, y), angle)
        left = min(c[0] for c in corners)
        top = min(c[1] for c in corners)
        yield look, (round(left), round(top))


def _is_unit(obj: object) -> bool:
    """A Unit placed as a tile (R310): its own class, or its tile's (merged in by pytmx)."""
    properties = getattr(obj, "properties", {}) or {}
    return object_class(obj) == "Unit" or (
        not object_class(obj) and properties.get("type") == "Unit"
    )


def _repeats(offset: float, size: int, span: int, repeat: bool) -> list[int]:
    """Where copies of a picture go along one axis: once at the offset, or over the whole span."""
    start = round(offset)
    if not repeat:
        return [start]
    first = start % size - size if start % size else 0
    return list(range(first, span, size))

"""Reading a Tiled map's XML safely, and the records the checks fill in.

The standard library's expat parser reads the bytes; any DTD or entity declaration is refused
before anything is expanded (`parse_xml_safely`). Also here: the limits the checks apply, the
problem list, the facts pytmx does not keep (`ObjectFacts`, `TmxFacts`), the property names
pytmx reserves, and the attribute checks pytmx would otherwise crash on. The structural checks
that use them are in `tmx_checks.py`.
"""

from __future__ import annotations

import importlib
import logging
import math
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any
from xml.parsers import expat

from game.battlefield import limits
from game.battlefield.errors import MapProblem


def _import_pytmx_headless() -> Any:
    """Import pytmx without letting it import pygame for its optional pygame helpers.

    The battlefield must stay headless (docs/ARCHITECTURE.md), and pygame costs the validator
    0.15 s and prints a banner. When pygame is already loaded (the client), nothing changes; the
    client's own `from pytmx.util_pygame import load_pygame` imports pygame normally later.
    """
    # pytmx logs its complaints at ERROR level; without a handler Python prints them to stderr.
    # Every problem reaches the user as a MapProblem instead.
    logging.getLogger("pytmx").addHandler(logging.NullHandler())
    if "pygame" in sys.modules or "pytmx" in sys.modules:
        return importlib.import_module("pytmx")
    sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail
    try:
        return importlib.import_module("pytmx")
    finally:
        if sys.modules.get("pygame", 0) is None:
            del sys.modules["pygame"]


pytmx = _import_pytmx_headless()

MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_TILES_PER_SIDE = 4096
MAX_TILESET_TILES = 65_536
MAX_TILE_PIXELS = 4096
MAX_POLYGON_POINTS = limits.MAX_POLYGON_POINTS
TERRAIN_LAYER = "terrain"
MARKERS_LAYER = "markers"
GAME_LAYERS = (TERRAIN_LAYER, MARKERS_LAYER)
PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file", "object", "class")
_GID_LIMIT = 1 << 32
_GID_MASK = 0x0FFFFFFF  # Tiled keeps the flip and rotation flags in the top four bits

TileIds = int | frozenset[int]
"""The tiles of a tileset: a count (ids 0 to count - 1, an image grid) or the listed ids."""

# Names pytmx refuses as custom properties because its own objects already have such an attribute.
# The live list is read from pytmx itself (see reserved_property_names); this is the fallback.
_STATIC_RESERVED = frozenset(
    {
        "id",
        "name",
        "type",
        "class",
        "x",
        "y",
        "width",
        "height",
        "rotation",
        "gid",
        "visible",
        "closed",
        "template",
        "points",
        "parent",
        "properties",
        "image",
        "source",
        "opacity",
        "offsetx",
        "offsety",
    }
)


_BAD_ENCODING = "declares a text encoding that cannot be read; save it as UTF-8 in Tiled"


class XmlRejected(Exception):
    """The bytes are not acceptable XML; the message is worded for a map author."""


@dataclass(frozen=True)
class ObjectFacts:
    """What the XML says about one object that pytmx forgets."""

    id: int
    name: str
    layer: str
    shape: str  # rectangle, point, polygon, polyline, ellipse, text, tile, template
    visible: bool


@dataclass
class TmxFacts:
    width_tiles: int = 0
    height_tiles: int = 0
    tile_width: int = 0
    tile_height: int = 0
    map_properties: dict[str, tuple[str, str]] = field(default_factory=dict)  # name -> (type, raw)
    object_layers: list[str] = field(default_factory=list)
    objects: dict[int, ObjectFacts] = field(default_factory=dict)
    duplicate_ids: set[int] = field(default_factory=set)
    tile_layers: int = 0
    other_layers: list[str] = field(default_factory=list)  # names of tile and image layers
    tilesets: int = 0
    # (firstgid, tile ids or None when unknown, label) per tileset, by firstgid
    tile_ranges: list[tuple[int, TileIds | None, str]] = field(default_factory=list)


class ProblemList:
    """Collects problems for one map; every problem names a file."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.items: list[MapProblem] = []

    def error(
        self,
        message: str,
        object_id: int | None = None,
        object_name: str | None = None,
        path: str | None = None,
    ) -> None:
        self.items.append(MapProblem(path or self.path, message, object_id, object_name or None))

    def warning(
        self, message: str, object_id: int | None = None, object_name: str | None = None
    ) -> None:
        self.items.append(MapProblem(self.path, message, object_id, object_name or None, "warning"))

    @property
    def has_errors(self) -> bool:
        return any(p.severity == "error" for p in self.items)


class _Forbidden(Exception):
    pass


def _forbid_doctype(*_args: object) -> None:
    raise _Forbidden("has a DTD (<!DOCTYPE ...>); DTDs and entity declarations are not allowed")


def _forbid_entity(*_args: object) -> None:
    raise _Forbidden("declares an XML entity; DTDs and entity declarations are not allowed")


def parse_xml_safely(data: bytes) -> ET.Element:
    """Parse XML bytes, refusing DTDs and entities before any expansion can happen."""
    stripped = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if not stripped:
        raise XmlRejected("the file is empty")
    if stripped[:1] in (b"{", b"["):
        raise XmlRejected(
            "is a JSON file, not XML: the game reads .tmx maps (in Tiled: File > Export As, .tmx)"
        )
    if not stripped.startswith(b"<") and not stripped.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise XmlRejected("is not XML (a Tiled map starts with '<?xml' or '<map')")
    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = _forbid_doctype
    parser.EntityDeclHandler = _forbid_entity
    try:
        parser.Parse(data, False)
    except _Forbidden as exc:
        raise XmlRejected(f"the XML {exc}") from None
    except expat.ExpatError as exc:
        raise XmlRejected(
            f"is not valid XML ({expat.ErrorString(exc.code)} at line {exc.lineno}, "
            f"column {exc.offset + 1})"
        ) from None
    except (LookupError, ValueError):  # an encoding name Python does not know or cannot parse
        raise XmlRejected(_BAD_ENCODING) from None
    try:
        parser.Parse(b"", True)
    except _Forbidden as exc:
        raise XmlRejected(f"the XML {exc}") from None
    except expat.ExpatError:
        raise XmlRejected(
            "the XML ends before the map is complete (the file is truncated or damaged)"
        ) from None
    except (LookupError, ValueError):
        raise XmlRejected(_BAD_ENCODING) from None
    try:
        return ET.fromstring(data)
    except ET.ParseError as exc:  # expat accepted it above; keep a clear line regardless
        raise XmlRejected(f"is not valid XML ({exc})") from None
    except (LookupError, ValueError):
        raise XmlRejected(_BAD_ENCODING) from None


def read_xml_file(path: Path) -> ET.Element:
    """Read and safely parse one XML file; XmlRejected carries the reason."""
    try:
        data = limits.read_regular_file(path, MAX_FILE_BYTES)
    except limits.NotReadable as exc:
        raise XmlRejected(str(exc)) from None
    return parse_xml_safely(data)


@lru_cache(maxsize=1)
def reserved_property_names() -> dict[str, frozenset[str]]:
    """Names pytmx refuses as custom properties, per element kind, read from pytmx's own objects.

    pytmx rejects a property whose name is already an attribute of the object it builds
    (`hasattr`), methods included; asking pytmx is the only way to keep the list exact.
    """
    module = getattr(pytmx, "pytmx", pytmx)
    samples: dict[str, Callable[[Any], object]] = {
        "map": lambda tmap: tmap,
        "object": lambda tmap: module.TiledObject(tmap, ET.fromstring('<object id="1"/>'), None),
        "objectgroup": lambda tmap: module.TiledObjectGroup(
            tmap, ET.fromstring("<objectgroup/>"), None
        ),
        "layer": lambda tmap: module.TiledTileLayer(
            tmap,
            ET.fromstring('<layer width="1" height="1"><data encoding="csv">0</data></layer>'),
        ),
        "group": lambda tmap: module.TiledGroupLayer(tmap, ET.fromstring("<group/>")),
        "imagelayer": lambda tmap: module.TiledImageLayer(
            tmap, ET.fromstring('<imagelayer><image source="x.png"/></imagelayer>')
        ),
    }
    names: dict[str, frozenset[str]] = {}
    for kind, build in samples.items():
        try:
            sample = build(module.TiledMap())
        except Exception:  # a future pytmx may build these differently; the fallback still helps
            continue
        names[kind] = frozenset(n for n in dir(sample) if not n.startswith("_")) | _STATIC_RESERVED
    return names


def _attribute_casts() -> dict[str, Callable[[str], object]]:
    """pytmx's own table of XML attributes it converts (int, float, bool); {} if it moved."""
    table = getattr(getattr(pytmx, "pytmx", None), "types", None)
    if not isinstance(table, dict):
        return {}
    return {name: cast for name, cast in table.items() if cast is not str}


def check_attribute_values(root: ET.Element, problems: ProblemList, file_label: str | None) -> None:
    """Every XML attribute pytmx converts must convert, or pytmx fails with a bare ValueError."""
    casts = _attribute_casts()
    reported = 0
    for element in root.iter():
        if element.tag in ("property", "properties"):
            continue  # custom properties are checked with their declared types
        for name, value in element.items():
            cast = casts.get(name)
            if cast is None:
                continue
            try:
                cast(value)
            except (ValueError, TypeError, OverflowError):
                if name in ("offsetx", "offsety") and _is_number(value):
                    problems.error(
                        f"layer '{element.get('name', '')}' has a fractional offset "
                        f"({name}={value}), which pytmx cannot read; use whole pixels or 0",
                        path=file_label,
                    )
                    continue
                problems.error(
                    f'the {name}="{value[:40]}" attribute of a <{element.tag}> element is not a '
                    "valid value; the file is damaged (re-save it in Tiled)",
                    path=file_label,
                )
                reported += 1
                if reported >= 5:
                    return


def _is_number(text: str) -> bool:
    try:
        return math.isfinite(float(text))
    except ValueError:
        return False


def _reserved_for(kind: str, element: ET.Element) -> frozenset[str]:
    names = reserved_property_names().get(kind, _STATIC_RESERVED)
    return names | frozenset(element.keys())


def _int_attr(element: ET.Element, name: str, default: int | None = None) -> int | None:
    raw = element.get(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        return None


def _float_attr(element: ET.Element, name: str) -> float | None:
    raw = element.get(name)
    if raw is None:
        return 0.0
    try:
        value = float(raw)
    except ValueError:
        return None
    return value if math.isfinite(value) else None

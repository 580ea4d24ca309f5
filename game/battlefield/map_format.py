"""The map format a map author writes in Tiled: the object classes and their properties, the map
properties, the figure kinds, and how a property's value is read (R45-R49). Mirrored in
`maps/ambush-alley.tiled-project` and documented in `maps/README.md`; the loader applies it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from game.battlefield.model import (
    AreaKind,
    Edge,
    PropertyValue,
    Side,
)
from game.battlefield.tmx_checks import (
    MARKERS_LAYER,
    TERRAIN_LAYER,
)
from game.rules.reinforcements import HOT_SPOT_COUNT
from game.rules.vehicle_types import PLACEABLE

MAX_TABLE_INCHES = 96.0  # 8' x 8' (R47)
DOOR_TOLERANCE = 0.25  # inches from a building outline (R46)
HOT_SPOT_NUMBERS = tuple(range(1, HOT_SPOT_COUNT + 1))  # Rulebook: Place Insurgent Hot Spots
OPEN_GROUND_DISTANCE = 3.0  # R49
MAX_UNIT_FIGURES = 30

ENUMS: dict[str, tuple[str, ...]] = {
    "Side": tuple(s.value for s in Side),
    "ZoneRole": ("deploy", "entry", "exit", "objective"),
    "Edge": tuple(e.value for e in Edge),
    "QualityDie": ("d6", "d8", "d10", "d12"),
    "InsurgencyLevel": ("automatic", "1", "2", "3", "4", "5", "6"),
    "Vehicle": PLACEABLE,  # vehicles (issue 20): a Unit that is a vehicle's crew (R297, R308)
}
"""Enum property types, declared under the same names in `maps/ambush-alley.tiled-project`."""

FIGURE_KINDS = ("leader", "rifle", "rgl", "saw", "mg", "hmg", "rpg", "at_rpg", "sniper", "medic")


@dataclass(frozen=True)
class PropertySpec:
    """One custom property of an object class or of the map, with the default we apply."""

    name: str
    kind: str  # string, int, float, bool, object
    default: PropertyValue
    enum: str | None = None  # name in ENUMS; the value must be one of its values (or empty)
    flags: bool = False  # comma-separated list of enum values


@dataclass(frozen=True)
class ClassSpec:
    name: str
    layer: str
    shapes: tuple[str, ...]
    properties: tuple[PropertySpec, ...] = ()


_AREA = ("rectangle", "polygon")
_LINE = ("polyline", "rectangle", "polygon")
_POINT = ("point",)
_POINT_OR_TILE = ("point", "tile")  # --- vehicle tiles (issue 20, R310): a Unit as a tile ---

OBJECT_CLASSES: dict[str, ClassSpec] = {
    spec.name: spec
    for spec in (
        ClassSpec(
            "Building",
            TERRAIN_LAYER,
            _AREA,
            (
                PropertySpec("storeys", "int", 1),
                PropertySpec("roof_access", "bool", True),
                PropertySpec("label", "string", ""),
            ),
        ),
        ClassSpec("Door", TERRAIN_LAYER, _POINT, (PropertySpec("building", "object", 0),)),
        ClassSpec("LowWall", TERRAIN_LAYER, _LINE),
        ClassSpec("HighWall", TERRAIN_LAYER, _LINE),
        ClassSpec("Rubble", TERRAIN_LAYER, _AREA),
        ClassSpec("Wreck", TERRAIN_LAYER, _AREA),
        ClassSpec("Impassable", TERRAIN_LAYER, _AREA, (PropertySpec("blocks_los", "bool", True),)),
        ClassSpec("Cover", TERRAIN_LAYER, _AREA),
        ClassSpec("HotSpot", MARKERS_LAYER, _POINT, (PropertySpec("number", "int", 1),)),  # R158
        ClassSpec(
            "Zone",
            MARKERS_LAYER,
            _AREA,
            (
                PropertySpec("role", "string", "deploy", "ZoneRole"),
                PropertySpec("side", "string", "", "Side"),
            ),
        ),
        ClassSpec(
            "StartPosition",
            MARKERS_LAYER,
            _POINT,
            (PropertySpec("number", "int", 0), PropertySpec("side", "string", "regular", "Side")),
        ),
        ClassSpec("Objective", MARKERS_LAYER, _POINT, (PropertySpec("label", "string", ""),)),
        ClassSpec("Contractor", MARKERS_LAYER, _POINT),
        ClassSpec("POI", MARKERS_LAYER, _POINT),
        ClassSpec("CivilianMob", MARKERS_LAYER, _POINT),
        ClassSpec(
            "Unit",
            MARKERS_LAYER,
            _POINT_OR_TILE,
            (
                PropertySpec("side", "string", "regular", "Side"),
                PropertySpec("figures", "string", ""),
                PropertySpec("quality", "string", "", "QualityDie"),
                PropertySpec("morale", "string", "", "QualityDie"),
                # --- vehicles (issue 20): the unit is a vehicle's crew, or rides in one (R297)
                PropertySpec("vehicle", "string", "", "Vehicle"),
                PropertySpec("facing", "int", 0),
                PropertySpec("aboard", "string", ""),
            ),
        ),
    )
}
"""Every object class the game reads, with its layer, allowed shapes and properties."""

MAP_CLASS = "AmbushAlleyMap"
"""The optional map class in the Tiled project that offers the map properties below."""

MAP_PROPERTIES: tuple[PropertySpec, ...] = (
    PropertySpec("title", "string", ""),
    PropertySpec("pixels_per_inch", "float", 0.0),
    PropertySpec("scenario", "string", ""),
    PropertySpec("entry_edges", "string", "", "Edge", flags=True),
    PropertySpec("exit_edges", "string", "", "Edge", flags=True),
    PropertySpec("insurgency_level", "string", "4", "InsurgencyLevel"),
    PropertySpec("turns", "int", 10),
    PropertySpec("description", "string", ""),
    PropertySpec("author", "string", ""),
)

_AREA_RULES: dict[str, tuple[AreaKind, bool, bool]] = {
    # class: (kind, blocks movement, solid cover); LOS is decided per class below (R32)
    "Rubble": (AreaKind.RUBBLE, False, True),
    "Wreck": (AreaKind.WRECK, False, True),
    "Impassable": (AreaKind.IMPASSABLE, True, False),
    "Cover": (AreaKind.COVER, False, False),
}


def parse_figures(text: str) -> tuple[str, ...]:
    """Parse a Unit's `figures` string ("leader, 2 rifle, saw"); ValueError explains a mistake."""
    figures: list[str] = []
    entries = [entry.strip() for entry in text.split(",")]
    if not text.strip():
        raise ValueError("figures is empty; list the unit's figures, e.g. 'leader, 3 rifle, saw'")
    for entry in entries:
        match = re.fullmatch(r"(?:(\d+)\s+)?([A-Za-z_]+)", entry)
        if match is None:
            raise ValueError(f"figures entry '{entry}' is not 'KIND' or 'COUNT KIND'")
        count = int(match.group(1) or 1)
        kind = match.group(2).lower()
        if kind not in FIGURE_KINDS:
            raise ValueError(
                f"figures entry '{entry}': unknown kind '{kind}' (use {', '.join(FIGURE_KINDS)})"
            )
        if count < 1:
            raise ValueError(f"figures entry '{entry}' has a count below 1")
        figures.extend([kind] * count)
        if len(figures) > MAX_UNIT_FIGURES:
            raise ValueError(f"figures lists more than {MAX_UNIT_FIGURES} figures")
    return tuple(figures)


def object_class(obj: Any) -> str:
    """The class of a pytmx object: `type=` (Tiled 1.10+ and <= 1.8) or `class=` (Tiled 1.9)."""
    value = getattr(obj, "type", None) or obj.__dict__.get("class")
    return str(value).strip() if value else ""


def _coerce(spec: PropertySpec, raw: Any) -> tuple[PropertyValue, str | None]:
    """Convert a property as pytmx delivers it to the spec's kind, leniently but never silently."""
    kind = spec.kind
    if kind in ("int", "object"):
        if isinstance(raw, bool):
            return spec.default, f"should be a whole number, not {raw}"
        if isinstance(raw, int):
            return raw, None
        if isinstance(raw, float) and raw.is_integer():
            return int(raw), None
        try:
            return int(str(raw).strip()), None
        except ValueError:
            what = "an object reference" if kind == "object" else "a whole number"
            return spec.default, f"should be {what}, not '{raw}'"
    if kind == "float":
        try:
            value = float(raw)
        except (TypeError, ValueError):
            return spec.default, f"should be a number, not '{raw}'"
        if not math.isfinite(value):
            return spec.default, f"should be a number, not '{raw}'"
        return value, None
    if kind == "bool":
        if isinstance(raw, bool):
            return raw, None
        text = str(raw).strip().lower()
        if text in ("true", "yes", "1"):
            return True, None
        if text in ("false", "no", "0"):
            return False, None
        return spec.default, f"should be true or false, not '{raw}'"
    text = str(raw).strip()
    if spec.enum is not None and text:
        allowed = ENUMS[spec.enum]
        parts = [p.strip().lower() for p in text.split(",")] if spec.flags else [text.lower()]
        wrong = [p for p in parts if p not in allowed]
        if wrong:
            return spec.default, f"'{wrong[0]}' is not one of {', '.join(allowed)}"
        text = ",".join(parts)
    return text, None


def _edges(text: str) -> tuple[Edge, ...]:
    result: list[Edge] = []
    for part in text.split(","):
        part = part.strip().lower()
        if part and Edge(part) not in result:
            result.append(Edge(part))
    return tuple(result)


def _clean(value: float) -> float:
    return round(value, 9) + 0.0


def _inches(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") + '"'


def _a(shape: str) -> str:
    shape = {"tile": "tile object", "text": "text object"}.get(shape, shape)
    return f"an {shape}" if shape[0] in "aeiou" else f"a {shape}"


def _shape_words(shapes: tuple[str, ...]) -> str:
    if shapes == _POINT:
        return "a point (Insert Point)"
    if shapes == _POINT_OR_TILE:
        return "a point (Insert Point) or a tile from maps/vehicles.tsx (Insert Tile)"
    words = [_a(s) for s in shapes]
    return ", ".join(words[:-1]) + " or " + words[-1]

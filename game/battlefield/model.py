"""The battlefield as plain, frozen data in inches of the 15 mm table (R1).

Coordinates: x grows east, y grows south (as in Tiled), origin at the north-west corner of the
table. Closed outlines are listed clockwise as seen on screen (a positive shoelace sum in these
y-south coordinates), without repeating the first point; rectangles start at their Tiled origin.
The loader fills these from a Tiled map; geometry and the engine only ever read them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

Point = tuple[float, float]
"""A position in inches: (x east, y south)."""

PropertyValue = str | int | float | bool


class Edge(StrEnum):
    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"


class Side(StrEnum):
    REGULAR = "regular"
    INSURGENT = "insurgent"


class WallHeight(StrEnum):
    LOW = "low"  # crossable, Solid Cover, does not block LOS (R32)
    HIGH = "high"  # blocks LOS and movement


class AreaKind(StrEnum):
    RUBBLE = "rubble"  # crossable, Solid Cover, does not block LOS (R32)
    WRECK = "wreck"  # crossable, Solid Cover, does not block LOS (R32)
    IMPASSABLE = "impassable"  # blocks movement; blocks LOS unless the map says otherwise
    COVER = "cover"  # light scenic cover: counts against Exposed, not Solid Cover


@dataclass(frozen=True)
class Door:
    id: int
    name: str
    position: Point
    building_id: int


@dataclass(frozen=True)
class Building:
    """A building footprint. Walls block LOS and movement except through its doors (R32)."""

    id: int
    name: str
    outline: tuple[Point, ...]
    storeys: int = 1
    doors: tuple[Door, ...] = ()
    roof_access: bool = True
    label: str = ""  # the author's label shown to players ("mosque", "target building")


@dataclass(frozen=True)
class Wall:
    """A wall drawn as a polyline (`closed=False`) or as a polygon/rectangle (`closed=True`)."""

    id: int
    name: str
    points: tuple[Point, ...]
    closed: bool
    height: WallHeight


@dataclass(frozen=True)
class Area:
    """A polygonal terrain piece other than a building."""

    id: int
    name: str
    kind: AreaKind
    outline: tuple[Point, ...]
    blocks_los: bool
    blocks_movement: bool
    solid_cover: bool


@dataclass(frozen=True)
class HotSpot:
    id: int
    name: str
    number: int
    position: Point


@dataclass(frozen=True)
class Zone:
    """A rectangular or polygonal area with a role: deployment, entry, exit, objective area."""

    id: int
    name: str
    role: str
    side: Side | None
    outline: tuple[Point, ...]


@dataclass(frozen=True)
class Marker:
    """A point marker: Objective, Contractor, POI, CivilianMob, StartPosition."""

    id: int
    name: str
    kind: str
    position: Point
    properties: dict[str, PropertyValue] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class UnitPlacement:
    """A unit placed on the map by its author (custom maps, or a scenario's starting units)."""

    id: int
    name: str
    side: Side
    position: Point
    figures: tuple[str, ...]
    quality: str | None = None
    morale: str | None = None
    # --- vehicles (issue 20): a vehicle card (its crew), its facing, the vehicle it rides in
    vehicle: str = ""
    facing: int = 0
    aboard: str = ""


@dataclass(frozen=True)
class Battlefield:
    path: str
    title: str
    width: float  # inches
    height: float  # inches
    pixels_per_inch: float
    buildings: tuple[Building, ...] = ()
    walls: tuple[Wall, ...] = ()
    areas: tuple[Area, ...] = ()
    hot_spots: tuple[HotSpot, ...] = ()
    zones: tuple[Zone, ...] = ()
    markers: tuple[Marker, ...] = ()
    units: tuple[UnitPlacement, ...] = ()
    entry_edges: tuple[Edge, ...] = ()
    exit_edges: tuple[Edge, ...] = ()
    properties: dict[str, PropertyValue] = field(default_factory=dict, hash=False)
    scenario: str = ""  # empty: a custom patrol map
    insurgency_level: str = "4"  # "automatic" or "1".."6" (custom maps)
    turns: int = 10  # game length for custom maps (R31)
    description: str = ""


@dataclass(frozen=True)
class UnitPosition:
    """What geometry needs to know of a unit: where its combat-effective figures stand."""

    id: str
    figures: tuple[Point, ...]
    elevation: int = 0  # storey (R10): 0 street, 1 first roof or upper floor, ...
    leader: Point | None = None

    @property
    def centre(self) -> Point:
        """The centroid of the figures (R3)."""
        xs = [p[0] for p in self.figures]
        ys = [p[1] for p in self.figures]
        return (sum(xs) / len(xs), sum(ys) / len(ys))

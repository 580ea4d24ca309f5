"""Read a Tiled map (.tmx) into the Battlefield model, in inches (R1).

The map format is the public contract in `maps/README.md`. Loading runs in three steps:
`tmx_checks` reads the XML safely and refuses what pytmx cannot handle, pytmx reads the map once
(headless: tile images are never loaded), and the objects are converted to frozen dataclasses
with our property defaults applied and every rule of the format checked. Every problem is
collected; `load_battlefield` raises one MapError carrying all of them, `read_map` returns them
(with the warnings) for the validator.
"""

from __future__ import annotations

import difflib
import math
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.battlefield import map_cache, map_checks, map_warnings, reach_checks
from game.battlefield.errors import MapError, MapProblem
from game.battlefield.map_format import (
    _AREA_RULES,
    _POINT,
    _POINT_OR_TILE,
    DOOR_TOLERANCE,
    ENUMS,
    HOT_SPOT_NUMBERS,
    MAP_PROPERTIES,
    MAX_TABLE_INCHES,
    OBJECT_CLASSES,
    ClassSpec,
    PropertySpec,
    _a,
    _clean,
    _coerce,
    _edges,
    _inches,
    _shape_words,
    object_class,
    parse_figures,
)
from game.battlefield.model import (
    Area,
    Battlefield,
    Building,
    Door,
    HotSpot,
    Marker,
    Point,
    PropertyValue,
    Side,
    UnitPlacement,
    Wall,
    WallHeight,
    Zone,
)
from game.battlefield.tmx_checks import (
    GAME_LAYERS,
    MARKERS_LAYER,
    ObjectFacts,
    ProblemList,
    TmxFacts,
    check_tmx,
    pytmx,
    readable_path,
)


@dataclass(frozen=True)
class MapReport:
    """Everything the loader found: the battlefield when the map is playable, and the problems."""

    path: str
    battlefield: Battlefield | None
    problems: tuple[MapProblem, ...]

    @property
    def errors(self) -> tuple[MapProblem, ...]:
        return tuple(p for p in self.problems if p.severity == "error")

    @property
    def warnings(self) -> tuple[MapProblem, ...]:
        return tuple(p for p in self.problems if p.severity == "warning")


def load_battlefield(path: str | os.PathLike[str]) -> Battlefield:
    """Load a playable map; raise MapError listing every problem when it is not playable."""
    report = read_map(path, play_checks=False)
    if report.battlefield is None:
        raise MapError(list(report.errors))
    return report.battlefield


def read_map(path: str | os.PathLike[str], *, play_checks: bool = True) -> MapReport:
    """Read and check a map; never raises for any input file.

    `play_checks` adds the warnings that need the game's movement (R155: can the Regulars reach
    every exit and objective?), for the validator and the set-up screen; loading for play
    skips them, since warnings never stop a game. A map read before and not changed since gives
    the same report again without being parsed (`map_cache.py`)."""
    return map_cache.remember(path, play_checks, lambda: _read_map(path, play_checks))


def _read_map(path: str | os.PathLike[str], play_checks: bool) -> MapReport:
    display = readable_path(path)
    problems = ProblemList(display)
    battlefield: Battlefield | None = None
    facts = check_tmx(Path(path), problems)
    if facts is not None:
        tmx = _run_pytmx(Path(path), problems)
        if tmx is not None:
            try:
                battlefield = _Converter(display, Path(path), tmx, facts, problems).convert()
            except Exception as exc:  # a bug of ours must still reach the user as one line
                problems.error(f"internal error while reading the map, please report it: {exc!r}")
                battlefield = None
    if problems.has_errors:
        battlefield = None
    if battlefield is not None and play_checks:
        try:
            reach_checks.warn_unreachable(battlefield, problems)
        except Exception as exc:  # a bug of ours; the map itself loaded, so only a warning
            problems.warning(f"internal error while checking routes, please report it: {exc!r}")
    return MapReport(display, battlefield, tuple(problems.items))


def _run_pytmx(path: Path, problems: ProblemList) -> Any:
    try:
        return pytmx.TiledMap(str(path))
    except Exception as exc:  # pytmx raises anything from ValueError to zlib.error
        if not problems.has_errors:  # otherwise the reason is already reported
            first_line = (str(exc).strip().splitlines() or [""])[0][:200]
            problems.error(
                f"the map reader (pytmx) cannot read this map: {type(exc).__name__}"
                + (f": {first_line}" if first_line else "")
            )
        return None


_TILE_BOOKKEEPING = frozenset({"id", "type", "width", "height", "frames", "source", "trans"})
"""What pytmx adds of a tile's own to a tile object's properties (R310)."""


@dataclass
class _RawDoor:
    id: int
    name: str
    position: Point
    building_ref: int


@dataclass
class _Collected:
    buildings: list[Building] = field(default_factory=list)
    doors: list[_RawDoor] = field(default_factory=list)
    walls: list[Wall] = field(default_factory=list)
    areas: list[Area] = field(default_factory=list)
    hot_spots: list[HotSpot] = field(default_factory=list)
    zones: list[Zone] = field(default_factory=list)
    markers: list[Marker] = field(default_factory=list)
    units: list[UnitPlacement] = field(default_factory=list)
    all_ids: dict[int, str] = field(default_factory=dict)  # object id -> class


class _Converter:
    """Turns one pytmx map into a Battlefield, reporting every problem on the way."""

    def __init__(
        self, display: str, path: Path, tmx: Any, facts: TmxFacts, problems: ProblemList
    ) -> None:
        self.display = display
        self.path = path
        self.tmx = tmx
        self.facts = facts
        self.problems = problems
        self.ppi = float(facts.tile_width)
        self.width = 0.0
        self.height = 0.0

    # ----------------------------------------------------------------- map level
    def convert(self) -> Battlefield | None:
        props = self._map_properties()
        self._check_layers()
        collected = _Collected()
        for layer_name, obj in self._objects():
            self._convert_object(layer_name, obj, collected)
        buildings = self._attach_doors(collected)
        self._check_across(collected, buildings, str(props["scenario"]))
        if self.problems.has_errors:
            return None
        return Battlefield(
            path=self.display,
            title=str(props["title"]) or self.path.stem,
            width=self.width,
            height=self.height,
            pixels_per_inch=self.ppi,
            buildings=tuple(buildings),
            walls=tuple(collected.walls),
            areas=tuple(collected.areas),
            hot_spots=tuple(sorted(collected.hot_spots, key=lambda h: h.number)),
            zones=tuple(collected.zones),
            markers=tuple(collected.markers),
            units=tuple(collected.units),
            entry_edges=_edges(str(props["entry_edges"])),
            exit_edges=_edges(str(props["exit_edges"])),
            properties=self._raw_map_properties(),
            scenario=str(props["scenario"]),
            insurgency_level=str(props["insurgency_level"]),
            turns=int(props["turns"]),
            description=str(props["description"]),
        )

    def _raw_map_properties(self) -> dict[str, PropertyValue]:
        raw = getattr(self.tmx, "properties", {}) or {}
        return {str(k): v for k, v in raw.items() if isinstance(v, str | int | float | bool)}

    def _map_properties(self) -> dict[str, PropertyValue]:
        raw = self._raw_map_properties()
        values = self._apply_specs(MAP_PROPERTIES, raw, "map property", None, "")
        known = {spec.name for spec in MAP_PROPERTIES}
        for name in raw:
            if name not in known:
                self.problems.warning(f"map property '{name}' is not used by the game")
        ppi = float(values["pixels_per_inch"])
        if ppi < 0 or not math.isfinite(ppi):
            self.problems.error("map property pixels_per_inch must be a positive number")
            ppi = 0.0
        self.ppi = ppi or float(self.facts.tile_width)
        self.width = self.facts.width_tiles * self.facts.tile_width / self.ppi
        self.height = self.facts.height_tiles * self.facts.tile_height / self.ppi
        if max(self.width, self.height) > MAX_TABLE_INCHES + 1e-6:
            self.problems.error(
                f"the table is {_inches(self.width)} x {_inches(self.height)}, larger than "
                f"{_inches(MAX_TABLE_INCHES)} x {_inches(MAX_TABLE_INCHES)} (8' x 8'); "
                "check pixels_per_inch and the map size"
            )
        level = str(values["insurgency_level"])
        if level not in ENUMS["InsurgencyLevel"]:
            values["insurgency_level"] = "4"
        turns = values["turns"]
        if isinstance(turns, int) and not 1 <= turns <= 99:
            self.problems.error(f"map property turns must be 1 to 99, not {turns}")
            values["turns"] = 10
        return values

    def _check_layers(self) -> None:
        present = self.facts.object_layers
        for required in GAME_LAYERS:
            if required in present:
                if present.count(required) > 1:
                    self.problems.warning(
                        f"the map has {present.count(required)} object layers named "
                        f"'{required}'; their objects are read together"
                    )
                continue
            hint = [name for name in present if name.strip().lower() == required]
            extra = f" (layer names are case-sensitive: found '{hint[0]}')" if hint else ""
            if required in self.facts.other_layers:
                extra = f" ('{required}' is a tile or image layer; it must be an object layer)"
            self.problems.error(
                f"the map has no object layer named '{required}' (required, even if empty)" + extra
            )

    def _objects(self) -> Iterable[tuple[str, Any]]:
        for layer in self.tmx.layers:
            if isinstance(layer, pytmx.TiledObjectGroup):
                name = layer.name or ""
                for obj in layer:
                    # skips tile collision shapes and ids already reported as duplicates
                    facts = self.facts.objects.get(obj.id)
                    known = facts is not None and facts.layer == name
                    if known and obj.id not in self.facts.duplicate_ids:
                        yield name, obj

    # -------------------------------------------------------------- objects
    def _convert_object(self, layer: str, obj: Any, out: _Collected) -> None:
        facts: ObjectFacts = self.facts.objects[obj.id]
        oid, name = obj.id, facts.name
        cls = object_class(obj)
        if layer not in GAME_LAYERS:
            if cls in OBJECT_CLASSES:
                self.problems.warning(
                    f"{cls} is on layer '{layer}', which the game does not read; move it to "
                    f"'{OBJECT_CLASSES[cls].layer}'",
                    oid,
                    name,
                )
            return
        error = self._error_for(oid, name)
        raw_props = dict(obj.properties)
        if facts.shape == "tile":  # --- vehicle tiles (issue 20, R310) ---
            cls, raw_props = self._tile_object(obj, cls, raw_props)
        if not cls:
            error(f"object has no class; set its Class to one of {', '.join(OBJECT_CLASSES)}")
            return
        spec = OBJECT_CLASSES.get(cls)
        if spec is None:
            close = difflib.get_close_matches(cls, list(OBJECT_CLASSES), n=1, cutoff=0.6)
            close += [k for k in OBJECT_CLASSES if k.lower() == cls.lower() and k not in close]
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            error(f"unknown class '{cls}'{hint}")
            return
        if spec.layer != layer:
            error(f"a {cls} belongs on the '{spec.layer}' layer, not on '{layer}'")
            return
        if facts.shape in ("ellipse", "template"):
            return  # already reported by the XML checks
        flat = facts.shape == "rectangle" and not (float(obj.width) and float(obj.height))
        if facts.shape not in spec.shapes:
            what = "a rectangle of zero size" if flat else _a(facts.shape)
            error(f"a {cls} must be {_shape_words(spec.shapes)}, not {what}")
            return
        if flat:
            error(
                f"rectangle has zero size ({float(obj.width):g} x {float(obj.height):g} pixels); "
                "drag it out to the piece's size, or draw a polygon"
            )
            return
        if not facts.visible:
            self.problems.warning("object is hidden in Tiled but the game reads it", oid, name)
        props = self._apply_specs(spec.properties, raw_props, "property", oid, name)
        known = {p.name for p in spec.properties}
        for extra in raw_props:
            if extra not in known:
                self.problems.warning(
                    f"{cls} property '{extra}' is not used by the game", oid, name
                )
        points = self._points(obj, facts.shape)
        if map_checks.outside_box(points, self.width, self.height):
            error(
                f"object lies outside the map (the table is {_inches(self.width)} x "
                f"{_inches(self.height)})"
            )
            return
        out.all_ids[oid] = cls
        self._build(cls, spec, facts.shape, oid, name, props, points, out)

    # --- vehicle tiles (issue 20, R310) ---
    def _tile_object(self, obj: Any, cls: str, raw: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """A tile object's class and properties: its own, else its tile's (pytmx merges the
        tile's into the object's, with its own bookkeeping); it faces the way it is turned."""
        cls = cls or str(raw.get("type") or "").strip()
        props = {k: v for k, v in raw.items() if k not in _TILE_BOOKKEEPING}
        if cls == "Unit":
            if "facing" in props:
                self.problems.warning(
                    "a Unit placed as a tile faces the way the tile is rotated; its 'facing' "
                    "property is not used",
                    obj.id,
                    obj.name or "",
                )
            props["facing"] = round(float(obj.rotation or 0.0))
        return cls, props

    def _build(
        self,
        cls: str,
        spec: ClassSpec,
        shape: str,
        oid: int,
        name: str,
        props: dict[str, PropertyValue],
        points: list[Point],
        out: _Collected,
    ) -> None:
        error = self._error_for(oid, name)
        if spec.shapes in (_POINT, _POINT_OR_TILE):
            self._build_point(cls, oid, name, props, points[0], out)
            return
        closed = shape != "polyline"
        clean = map_checks.dedupe(points, closed)
        if closed:
            problem = map_checks.outline_problem(clean)
            if problem is not None:
                error(problem)
                return
            outline = map_checks.clockwise(clean)
        else:
            if len(clean) < 2:
                error("polyline has fewer than 2 points")
                return
            outline = tuple(clean)
        if cls == "Building":
            storeys = int(props["storeys"])
            if storeys < 1:
                error(f"storeys must be 1 or more, not {storeys}")
                return
            out.buildings.append(
                Building(
                    id=oid,
                    name=name,
                    outline=outline,
                    storeys=storeys,
                    roof_access=bool(props["roof_access"]),
                    label=str(props["label"]),
                )
            )
        elif cls in ("LowWall", "HighWall"):
            height = WallHeight.LOW if cls == "LowWall" else WallHeight.HIGH
            out.walls.append(Wall(oid, name, outline, closed, height))
        elif cls in _AREA_RULES:
            kind, blocks_movement, solid = _AREA_RULES[cls]
            blocks_los = bool(props["blocks_los"]) if cls == "Impassable" else False
            out.areas.append(Area(oid, name, kind, outline, blocks_los, blocks_movement, solid))
        elif cls == "Zone":
            side = str(props["side"])
            out.zones.append(
                Zone(oid, name, str(props["role"]), Side(side) if side else None, outline)
            )

    def _build_point(
        self,
        cls: str,
        oid: int,
        name: str,
        props: dict[str, PropertyValue],
        position: Point,
        out: _Collected,
    ) -> None:
        error = self._error_for(oid, name)
        if cls == "Door":
            out.doors.append(_RawDoor(oid, name, position, int(props["building"])))
        elif cls == "HotSpot":
            number = int(props["number"])
            if number not in HOT_SPOT_NUMBERS:
                error(f"hot spot number must be 1 to 5, not {number}")
                return
            out.hot_spots.append(HotSpot(oid, name, number, position))
        elif cls == "Unit":
            try:
                figures = parse_figures(str(props["figures"]))
            except ValueError as exc:
                error(f"Unit {exc}")
                return
            quality, morale = str(props["quality"]), str(props["morale"])
            out.units.append(
                UnitPlacement(
                    id=oid,
                    name=name or f"Unit {oid}",
                    side=Side(str(props["side"])),
                    position=position,
                    figures=figures,
                    quality=quality or None,
                    morale=morale or None,
                    vehicle=str(props["vehicle"]),  # vehicles (issue 20, R297)
                    facing=int(props["facing"]) % 360,
                    aboard=str(props["aboard"]),
                )
            )
        else:
            if cls == "StartPosition" and int(props["number"]) < 1:
                error(f"StartPosition number must be 1 or more, not {props['number']}")
                return
            out.markers.append(Marker(oid, name, cls, position, dict(props)))

    def _points(self, obj: Any, shape: str) -> list[Point]:
        ox, oy = float(obj.x), float(obj.y)
        if shape in ("polygon", "polyline"):
            raw = [(float(p[0]), float(p[1])) for p in getattr(obj, "points", ())]
        elif shape == "rectangle":
            w, h = float(obj.width), float(obj.height)
            raw = [(ox, oy), (ox + w, oy), (ox + w, oy + h), (ox, oy + h)]
        elif shape == "tile":  # --- vehicle tiles (issue 20, R310): the picture's centre ---
            # pytmx moved y to the picture's top; Tiled turns it about its bottom-left corner
            w, h = float(obj.width), float(obj.height)
            centre = (ox + w / 2, oy + h / 2)
            turned = map_checks.rotate_about([centre], (ox, oy + h), float(obj.rotation or 0.0))
            return [(_clean(x / self.ppi), _clean(y / self.ppi)) for x, y in turned]
        else:
            raw = [(ox, oy)]
        if shape != "point":
            raw = map_checks.rotate_about(raw, (ox, oy), float(obj.rotation or 0.0))
        return [(_clean(x / self.ppi), _clean(y / self.ppi)) for x, y in raw]

    # ----------------------------------------------------------- properties
    def _apply_specs(
        self,
        specs: Iterable[PropertySpec],
        raw: dict[str, Any],
        what: str,
        oid: int | None,
        name: str,
    ) -> dict[str, PropertyValue]:
        values: dict[str, PropertyValue] = {}
        for spec in specs:
            if spec.name not in raw:
                values[spec.name] = spec.default
                continue
            value, problem = _coerce(spec, raw[spec.name])
            if problem is not None:
                self.problems.error(f"{what} {spec.name}: {problem}", oid, name or None)
                value = spec.default
            values[spec.name] = value
        return values

    def _error_for(self, oid: int, name: str) -> Callable[[str], None]:
        def report(message: str) -> None:
            self.problems.error(message, oid, name)

        return report

    # ------------------------------------------------------- cross-object checks
    def _attach_doors(self, out: _Collected) -> list[Building]:
        by_id = {b.id: b for b in out.buildings}
        doors: dict[int, list[Door]] = {b.id: [] for b in out.buildings}
        outlines = [(b.id, b.outline) for b in out.buildings]
        boxes = [map_checks.bounds(b.outline) for b in out.buildings]
        for door in out.doors:
            error = self._error_for(door.id, door.name)
            if door.building_ref:
                building = by_id.get(door.building_ref)
                if building is None:
                    other = out.all_ids.get(door.building_ref)
                    what = f"a {other}" if other else "no object on the terrain layer"
                    error(
                        f"door's building property points to object {door.building_ref}, "
                        f"which is {what}, not a Building"
                    )
                    continue
                gap = map_checks.distance_to_outline(door.position, building.outline)
                if gap > DOOR_TOLERANCE:
                    error(
                        f"door is not on a building outline: it is {_inches(gap)} from building "
                        f'{building.id} "{building.name}" (at most {_inches(DOOR_TOLERANCE)})'
                    )
                    continue
                doors[building.id].append(Door(door.id, door.name, door.position, building.id))
                continue
            ranked = map_checks.nearest_outlines(door.position, outlines, boxes)
            if not ranked or ranked[0][0] > DOOR_TOLERANCE:
                nearest = f" (the nearest is {_inches(ranked[0][0])} away)" if ranked else ""
                error(
                    f"door is not on a building outline{nearest}; put it on a building's edge "
                    f"(within {_inches(DOOR_TOLERANCE)}) or set its building property"
                )
                continue
            chosen = ranked[0][1]  # equally near two (a shared wall): the lower id; R159 warns
            doors[chosen].append(Door(door.id, door.name, door.position, chosen))
        return [
            Building(
                id=b.id,
                name=b.name,
                outline=b.outline,
                storeys=b.storeys,
                doors=tuple(sorted(doors[b.id], key=lambda d: d.id)),
                roof_access=b.roof_access,
                label=b.label,
            )
            for b in out.buildings
        ]

    def _check_across(self, out: _Collected, buildings: list[Building], scenario: str) -> None:
        map_warnings.check_hot_spots(
            self.problems, out.hot_spots, scenario, MARKERS_LAYER in self.facts.object_layers
        )
        given = "entry_edges" in self._raw_map_properties()  # a bad value is reported already
        map_warnings.check_start(self.problems, scenario, given, out.units)
        map_warnings.check_vehicles(self.problems, out.units)  # vehicles (issue 20, R297)
        map_warnings.warn_suspicious(self.problems, buildings, out.walls, out.areas, out.hot_spots)
        if not self.facts.tile_layers:
            self.problems.warning("the map has no tile layer: the table will be drawn blank")

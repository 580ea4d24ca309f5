"""A battlefield written inline in a sandbox situation (docs/SANDBOX.md: The map).

Shapes are rectangles `"rect": [x, y, width, height]` (x east, y south, inches, from the
north-west corner as in Tiled) or polygons `"polygon": [[x, y], ...]`; walls may also be open
polylines `"points": [[x, y], ...]`. Outlines may be listed either way round: they are stored
clockwise as the battlefield model wants. The result is the same frozen `Battlefield` a Tiled map
loads into, so geometry, the engine and the AIs cannot tell the difference.
"""

from __future__ import annotations

from typing import Any

from game.battlefield import map_checks
from game.battlefield.model import (
    Area,
    AreaKind,
    Battlefield,
    Building,
    Door,
    Edge,
    HotSpot,
    Point,
    Wall,
    WallHeight,
)
from game.scenarios.fields import Fields, SituationError, items, one_of, point

DOOR_REACH = 0.25  # inches a door may stand from its building's outline (as a Tiled map, R46)
AREA_RULES: dict[str, tuple[bool, bool, bool]] = {
    # kind: (blocks LOS, blocks movement, Solid Cover), as a Tiled map's classes (R32)
    AreaKind.RUBBLE.value: (False, False, True),
    AreaKind.WRECK.value: (False, False, True),
    AreaKind.IMPASSABLE.value: (True, True, False),
    AreaKind.COVER.value: (False, False, False),
}
EDGES = [e.value for e in Edge]


class _Ids:
    def __init__(self) -> None:
        self.last = 0

    def next(self) -> int:
        self.last += 1
        return self.last


def _outline(spec: Fields, *, open_allowed: bool = False) -> tuple[tuple[Point, ...], bool]:
    """The shape of a piece: (points, closed)."""
    shapes = [k for k in ("rect", "polygon", "points") if spec.has(k)]
    allowed = ["rect", "polygon", "points"] if open_allowed else ["rect", "polygon"]
    if len(shapes) != 1 or shapes[0] not in allowed:
        raise SituationError(spec.where, f"give exactly one shape: {' or '.join(allowed)}")
    key = shapes[0]
    where = spec.at(key)
    if key == "rect":
        raw = spec.raw(key)
        if not isinstance(raw, list) or len(raw) != 4:
            raise SituationError(where, "expected [x, y, width, height] in inches")
        x, y = point(raw[:2], where)
        w, h = point(raw[2:], where)
        if w <= 0 or h <= 0:
            raise SituationError(where, "width and height must be more than 0")
        return ((x, y), (x + w, y), (x + w, y + h), (x, y + h)), True
    points = [point(value, at) for at, value in spec.items(key)]
    if key == "points":
        if len(points) < 2:
            raise SituationError(where, "a wall line needs at least 2 points")
        return tuple(points), False
    problem = map_checks.outline_problem(points)
    if problem:
        raise SituationError(where, problem)
    return map_checks.clockwise(points), True


def _inside(outline: tuple[Point, ...], width: float, height: float, where: str) -> None:
    if map_checks.outside_box(outline, width, height):
        raise SituationError(where, f'leaves the {width:g}" x {height:g}" table')


def _building(data: Any, where: str, ids: _Ids, size: tuple[float, float]) -> Building:
    spec = Fields(data, where)
    outline, _ = _outline(spec)
    _inside(outline, *size, where)
    number = ids.next()
    name = spec.text("name", f"building {number}")
    storeys = spec.integer("storeys", 1, low=1, high=20)
    roof_access = spec.flag("roof_access", True)
    label = spec.text("label", "")
    doors = []
    for at, value in spec.items("doors", []):
        spot = point(value, at)
        gap = map_checks.distance_to_outline(spot, outline)
        if gap > DOOR_REACH:
            raise SituationError(
                at, f"a door must lie on its building's outline; it is {gap:.2f}\" away"
            )
        doors.append(Door(ids.next(), f"{name} door", spot, number))
    spec.done()
    return Building(number, name, outline, storeys, tuple(doors), roof_access, label)


def _wall(data: Any, where: str, ids: _Ids, size: tuple[float, float]) -> Wall:
    spec = Fields(data, where)
    height = WallHeight(spec.choice("height", [h.value for h in WallHeight]))
    outline, closed = _outline(spec, open_allowed=True)
    _inside(outline, *size, where)
    number = ids.next()
    name = spec.text("name", f"{height.value} wall {number}")
    spec.done()
    return Wall(number, name, outline, closed, height)


def _area(data: Any, where: str, ids: _Ids, size: tuple[float, float]) -> Area:
    spec = Fields(data, where)
    kind = spec.choice("kind", list(AREA_RULES))
    blocks_los, blocks_movement, solid = AREA_RULES[kind]
    if kind == AreaKind.IMPASSABLE.value:
        blocks_los = spec.flag("blocks_los", True)
    outline, _ = _outline(spec)
    _inside(outline, *size, where)
    number = ids.next()
    name = spec.text("name", f"{kind} {number}")
    spec.done()
    return Area(number, name, AreaKind(kind), outline, blocks_los, blocks_movement, solid)


def hot_spot_list(value: Any, where: str) -> list[tuple[int, Point, bool]]:
    """`[{"number": 1, "at": [x, y], "neutralized": false}, ...]` → (number, point, neutralized)."""
    spots: list[tuple[int, Point, bool]] = []
    for at, entry in items(value, where):
        spec = Fields(entry, at)
        number = spec.integer("number", low=1, high=5)
        if any(number == n for n, _, _ in spots):
            raise SituationError(spec.at("number"), f"hot spot {number} is given twice")
        spots.append((number, spec.point("at"), spec.flag("neutralized", False)))
        spec.done()
    return spots


def inline_battlefield(data: Any, where: str, path: str) -> Battlefield:
    """The battlefield an inline `map` object describes; `path` names it in saves and logs."""
    spec = Fields(data, where)
    width = spec.number("width")
    height = spec.number("height")
    if width <= 0 or height <= 0:
        raise SituationError(spec.at("width"), "the table must be wider and deeper than 0")
    size = (width, height)
    ids = _Ids()
    buildings = tuple(_building(v, at, ids, size) for at, v in spec.items("buildings", []))
    walls = tuple(_wall(v, at, ids, size) for at, v in spec.items("walls", []))
    areas = tuple(_area(v, at, ids, size) for at, v in spec.items("areas", []))
    hot_spots = tuple(
        HotSpot(ids.next(), f"hot spot {n}", n, p)
        for n, p, _ in hot_spot_list(spec.raw("hot_spots", []), spec.at("hot_spots"))
    )
    entry = [Edge(e) for e in (_edge(v, at) for at, v in spec.items("entry_edges", []))]
    exits = [Edge(e) for e in (_edge(v, at) for at, v in spec.items("exit_edges", []))]
    title = spec.text("title", "inline map")
    spec.done()
    return Battlefield(
        path=path,
        title=title,
        width=width,
        height=height,
        pixels_per_inch=32.0,
        buildings=buildings,
        walls=walls,
        areas=areas,
        hot_spots=hot_spots,
        entry_edges=tuple(entry),
        exit_edges=tuple(exits),
    )


def _edge(value: Any, where: str) -> str:
    return one_of(value, EDGES, where)

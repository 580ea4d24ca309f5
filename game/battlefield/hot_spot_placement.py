"""Solo Hot Spot placement: five "logical" spots, chosen with the game dice.

Rulebook: Place Insurgent Hot Spots (five numbered counters, none within 6" of another) and Hot
Spots in Solo Games (place them where an Insurgent player would: in buildings and walled
compounds, never in the open). Ruling R79 turns "logical" into a test a program can apply: a spot
is logical when it is inside a building or within 1" of a building's outline or of a wall, off any
impassable ground, not on the wall line itself, and inside the table. The engine places them so
at set-up (game/engine/hot_spots.py) when a patrol's map carries no hot spots of its own (R45).

Plain geometry on the Battlefield's polygons and polylines; no pymunk here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from game.battlefield.model import Battlefield, HotSpot, Point, Side
from game.rules.dice import DiceSource, Die
from game.rules.reinforcements import HOT_SPOT_COUNT
from game.rules.reinforcements import HOT_SPOT_SEPARATION as MIN_SEPARATION_INCHES

NEAR_STRUCTURE_INCHES = 1.0
"""A spot counts as "beside" a building or wall within this distance (R79)."""
OFF_THE_LINE_INCHES = 0.25
"""A counter never sits on a wall or outline itself."""
EDGE_MARGIN_INCHES = 0.5
SAMPLE_STEP_INCHES = 1.0
SAMPLE_OFFSET_INCHES = 0.5
GREEDY_ATTEMPTS = 24
SEARCH_BUDGET = 200_000

Segment = tuple[Point, Point]


class HotSpotPlacementError(ValueError):
    """The map cannot hold five logical Hot Spots 6" apart; the message says why in one line."""


def _closed_segments(points: Sequence[Point]) -> list[Segment]:
    return [(points[i], points[(i + 1) % len(points)]) for i in range(len(points))]


def _open_segments(points: Sequence[Point]) -> list[Segment]:
    return [(points[i], points[i + 1]) for i in range(len(points) - 1)]


def _structure_segments(battlefield: Battlefield) -> list[Segment]:
    segments: list[Segment] = []
    for building in battlefield.buildings:
        segments.extend(_closed_segments(building.outline))
    for wall in battlefield.walls:
        wall_points = wall.points
        segments.extend(
            _closed_segments(wall_points) if wall.closed else _open_segments(wall_points)
        )
    return [s for s in segments if s[0] != s[1]]


def _distance_to_segment(p: Point, segment: Segment) -> float:
    (ax, ay), (bx, by) = segment
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def point_in_polygon(p: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd ray casting; points exactly on an edge may fall either way."""
    x, y = p
    inside = False
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            crossing = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < crossing:
                inside = not inside
    return inside


def is_logical_spot(battlefield: Battlefield, p: Point) -> bool:
    """R79: inside the table, off impassable ground and wall lines, in or beside a structure."""
    return _is_logical(battlefield, _structure_segments(battlefield), p)


def _is_logical(battlefield: Battlefield, segments: Sequence[Segment], p: Point) -> bool:
    x, y = p
    margin = EDGE_MARGIN_INCHES
    if not (
        margin <= x <= battlefield.width - margin and margin <= y <= battlefield.height - margin
    ):
        return False
    if any(a.blocks_movement and point_in_polygon(p, a.outline) for a in battlefield.areas):
        return False
    nearest = min((_distance_to_segment(p, s) for s in segments), default=math.inf)
    if nearest < OFF_THE_LINE_INCHES:
        return False
    if nearest <= NEAR_STRUCTURE_INCHES:
        return True
    return any(point_in_polygon(p, b.outline) for b in battlefield.buildings)


def _in_regular_zone(battlefield: Battlefield, p: Point) -> bool:
    return any(
        z.side is Side.REGULAR and len(z.outline) >= 3 and point_in_polygon(p, z.outline)
        for z in battlefield.zones
    )


def _samples_beside(segment: Segment) -> Iterable[Point]:
    (ax, ay), (bx, by) = segment
    length = math.hypot(bx - ax, by - ay)
    nx, ny = -(by - ay) / length, (bx - ax) / length
    count = max(1, round(length / SAMPLE_STEP_INCHES))
    for k in range(count):
        t = (k + 0.5) / count
        px, py = ax + t * (bx - ax), ay + t * (by - ay)
        for side in (1.0, -1.0):
            yield (px + side * SAMPLE_OFFSET_INCHES * nx, py + side * SAMPLE_OFFSET_INCHES * ny)


def hot_spot_candidates(battlefield: Battlefield) -> tuple[Point, ...]:
    """Every sampled logical spot (R79): 0.5" either side of each outline and wall, every 1".

    Sorted and rounded to 0.01", so the same map always gives the same list.
    """
    segments = _structure_segments(battlefield)
    seen: set[Point] = set()
    kept: set[Point] = set()
    for segment in segments:
        for p in _samples_beside(segment):
            q = (round(p[0], 2), round(p[1], 2))
            if q in seen:
                continue
            seen.add(q)
            if _is_logical(battlefield, segments, q):
                kept.add(q)
    return tuple(sorted(kept))


def _uniform_below(dice: DiceSource, bound: int) -> int:
    """A uniform index in [0, bound) from d6 rolls read as base-6 digits, with rejection."""
    if bound <= 1:
        return 0
    digits = 1
    while 6**digits < bound:
        digits += 1
    span = 6**digits
    limit = span - span % bound
    while True:
        value = 0
        for _ in range(digits):
            value = value * 6 + dice.roll(Die.D6) - 1
        if value < limit:
            return value % bound


def _far_enough(p: Point, chosen: Sequence[Point]) -> bool:
    return all(math.dist(p, q) >= MIN_SEPARATION_INCHES for q in chosen)


def _random_greedy(candidates: Sequence[Point], dice: DiceSource) -> list[Point] | None:
    chosen: list[Point] = []
    pool = list(candidates)
    while len(chosen) < HOT_SPOT_COUNT:
        pool = [p for p in pool if _far_enough(p, chosen)]
        if not pool:
            return None
        chosen.append(pool[_uniform_below(dice, len(pool))])
    return chosen


def _exhaustive(candidates: Sequence[Point]) -> list[Point] | None:
    """Depth-first search for any five spots 6" apart, in the candidates' order (bounded)."""
    budget = [SEARCH_BUDGET]

    def search(start: int, chosen: list[Point]) -> list[Point] | None:
        if len(chosen) == HOT_SPOT_COUNT:
            return chosen
        for i in range(start, len(candidates)):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            if _far_enough(candidates[i], chosen):
                found = search(i + 1, [*chosen, candidates[i]])
                if found is not None:
                    return found
        return None

    return search(0, [])


def place_hot_spots(battlefield: Battlefield, dice: DiceSource) -> tuple[HotSpot, ...]:
    """Five numbered Hot Spots in logical places, at least 6" apart (Hot Spots in Solo Games).

    The dice pick among the logical spots (R79), away from the Regulars' own zones when the map
    allows. The same map and the same dice give the same spots. Raises HotSpotPlacementError
    when no five logical spots 6" apart exist.
    """
    everywhere = hot_spot_candidates(battlefield)
    preferred = tuple(p for p in everywhere if not _in_regular_zone(battlefield, p))
    chosen: list[Point] | None = None
    for pool in (preferred, everywhere):
        for _ in range(GREEDY_ATTEMPTS):
            chosen = _random_greedy(pool, dice)
            if chosen is not None:
                break
        if chosen is None:
            chosen = _exhaustive(pool)
        if chosen is not None:
            break
    if chosen is None:
        raise HotSpotPlacementError(
            f"{battlefield.path}: cannot place {HOT_SPOT_COUNT} Insurgent Hot Spots: "
            f"{len(everywhere)} spots lie in or beside buildings and walls, but no "
            f'{HOT_SPOT_COUNT} of them are {MIN_SEPARATION_INCHES:g}" apart; add buildings or '
            "walls, or place the Hot Spots on the map"
        )
    return tuple(
        HotSpot(id=number, name=f"Hot Spot {number}", number=number, position=p)
        for number, p in enumerate(chosen, start=1)
    )


def solo_hot_spots(battlefield: Battlefield, dice: DiceSource) -> tuple[HotSpot, ...]:
    """The Hot Spots a solo game plays with: the map's own if it places any, else five logical
    ones placed with the dice (Place Insurgent Hot Spots: the scenario or map decides first)."""
    if battlefield.hot_spots:
        return battlefield.hot_spots
    return place_hot_spots(battlefield, dice)

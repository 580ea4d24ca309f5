"""The line-of-sight tool's answers (split out of `orders.py`): what blocks a line between two
points or units, and the line of fire between enemies."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from game.battlefield.model import Battlefield, Point, UnitPosition
from game.engine.engine import Engine
from game.engine.state import UnitState
from game.engine.terrain import point_segment_distance
from game.i18n import _, number


@dataclass(frozen=True)
class SightProbe:
    start: Point
    end: Point
    clear: bool
    blocked_at: Point | None
    text: str


def sight_between(engine: Engine, a: Point, b: Point, elevation: int = 0) -> SightProbe:
    """One figure's line of sight from a to b (Rulebook: Line of Sight) and where it stops."""
    geometry = engine.terrain.geometry

    def sees(p: Point) -> bool:
        return bool(geometry.figure_sees(a, elevation, p, elevation))

    length = math.dist(a, b)
    if sees(b):
        return SightProbe(
            a, b, True, None, _('clear line of sight, {inches}"').format(inches=number(length))
        )
    lo, hi = 0.0, 1.0
    for _halving in range(18):
        mid = (lo + hi) / 2
        if sees((a[0] + (b[0] - a[0]) * mid, a[1] + (b[1] - a[1]) * mid)):
            lo = mid
        else:
            hi = mid
    stop = (a[0] + (b[0] - a[0]) * hi, a[1] + (b[1] - a[1]) * hi)
    what = blocker_name(engine.battlefield, stop)
    return SightProbe(
        a,
        b,
        False,
        stop,
        _('no line of sight: blocked by {what} {at}" along the {length}" line').format(
            what=what, at=number(length * hi), length=number(length)
        ),
    )


def blocker_name(battlefield: Battlefield, stop: Point, reach: float = 1.0) -> str:
    """What stops a line of sight at `stop`, as a player names it: the map's building or wall
    whose edge is nearest (within `reach` inches), else "terrain"."""
    best: tuple[float, str] | None = None
    edges: list[tuple[str, tuple[Point, ...], bool]] = [
        (_("building {name}").format(name=b.label or b.name or b.id), b.outline, True)
        for b in battlefield.buildings
    ]
    edges += [
        (w.name or _("wall {name}").format(name=w.id), w.points, w.closed)
        for w in battlefield.walls
    ]
    for name, points, closed in edges:
        pairs = list(itertools.pairwise(points))
        if closed and len(points) > 2:
            pairs.append((points[-1], points[0]))
        for p, q in pairs:
            gap = point_segment_distance(stop, p, q)
            if gap <= reach and (best is None or gap < best[0]):
                best = (gap, name)
    return best[1] if best is not None else "terrain"


def sight_between_units(engine: Engine, a: UnitState, b: UnitState) -> str:
    """The half-the-figures line of sight of unit a to unit b, in one line (R4)."""
    geometry = engine.terrain.geometry
    if not a.effective_figures or not b.effective_figures:
        return f"{a.name} → {b.name}: " + (_("LOS") if engine.los(a, b) else _("no LOS"))
    pa: UnitPosition = a.position()
    pb: UnitPosition = b.position()
    sight = f"{a.name} → {b.name}: {geometry.line_of_sight(pa, pb).describe()}"
    if a.side == b.side or not engine.los(a, b):
        return sight
    # the line of fire too (found in play: "clear" here, then the fire refused for a friend in
    # the way): the engine's own check of who stands in the line of fire (R6)
    from game.engine.checks import fire_blockers

    blockers = fire_blockers(engine, a, b)
    return sight + (
        " · " + _("line of fire blocked by {units} (R6)").format(units=blockers)
        if blockers
        else " · " + _("line of fire clear")
    )


# -- answers to decisions ------------------------------------------------------------------

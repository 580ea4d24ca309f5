"""Rulebook: Line of Fire (R6, R51, R91): who stands between a firer and its target.

`line_of_fire` is a pure function of the units' positions (no terrain is involved), reached
through `Geometry.line_of_fire`; `LineOfFire` is its answer. Moved verbatim from geometry.py.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.battlefield import planar
from game.battlefield.model import Point, UnitPosition
from game.battlefield.planar import BASE_RADIUS
from game.battlefield.sight import _swept_circle_hits
from game.rules.cover import CIVILIAN_CORRIDOR, LOF_CORRIDOR


@dataclass(frozen=True)
class LineOfFire:
    """Rulebook: Line of Fire (R6). Who stands in the line between firer and target."""

    firer_id: str
    target_id: str
    units_in_line: tuple[str, ...]
    """Units with a figure within 2" of the line at an elevation that counts."""
    fired_over: tuple[str, ...]
    """Units within 2" at the firer's elevation when the target stands higher (they don't count)."""
    blocked_by: str | None
    """A unit at the firer's elevation whose base the centre line crosses: nobody may fire."""
    civilians_in_line: tuple[str, ...]
    """Civilian stands within 2" (they do not stop the fire)."""
    civilians_at_risk: tuple[str, ...]
    """Civilian stands within 3": those take the civilian casualty check."""
    blocking: tuple[str, ...] = ()
    """Every unit standing straight in the line at the firer's level (`blocked_by` is the
    first): the ones an order refused for R6 names."""

    @property
    def blocked(self) -> bool:
        return self.blocked_by is not None

    @property
    def reason(self) -> str:
        """Why fire is blocked, or what is in the way, in one sentence."""
        if self.blocked_by is not None:
            return f"{self.blocked_by} stands straight in the line of fire at the firer's level."
        if self.units_in_line:
            return "In the line of fire: " + ", ".join(self.units_in_line) + "."
        return "The line of fire is clear."

    def friendly_in_line(self, friendly_ids: Collection[str]) -> tuple[str, ...]:
        """Rulebook: Line of Fire. Regulars may not fire while these are in the line."""
        return tuple(u for u in self.units_in_line if u in friendly_ids)


def line_of_fire(
    firer: UnitPosition,
    target: UnitPosition,
    others: Sequence[UnitPosition],
    civilians: Sequence[UnitPosition] = (),
) -> LineOfFire:
    """Rulebook: Line of Fire (LOF), ruling R6, corridors measured from base edges (R51),
    only between the two units (R91).

    Each base is tested as Chipmunk's per-shape circle query would (after the box test
    that sidesteps Chipmunk2D #138), in plain arithmetic: building a pymunk shape for every
    base at every check cost more than the test itself.
    """
    require_figures(firer, target, *others, *civilians)
    start, end = firer.centre, target.centre
    bases: list[tuple[Point, str, int, bool]] = [
        (figure, unit.id, unit.elevation, civilian)
        for units, civilian in ((others, False), (civilians, True))
        for unit in units
        if unit.id not in (firer.id, target.id)
        for figure in unit.figures
    ]
    lo, hi = sorted((firer.elevation, target.elevation))
    firing_up = target.elevation > firer.elevation

    def near(radius: float, civilian: bool) -> dict[str, int]:
        # the box a pymunk box query would use, then its box-against-box test
        left = min(start[0], end[0]) - radius - BASE_RADIUS
        bottom = min(start[1], end[1]) - radius - BASE_RADIUS
        right = max(start[0], end[0]) + radius + BASE_RADIUS
        top = max(start[1], end[1]) + radius + BASE_RADIUS
        found: dict[str, int] = {}
        for (x, y), unit_id, elevation, is_civilian in bases:
            if is_civilian != civilian or not lo <= elevation <= hi:
                continue
            if not (
                x - BASE_RADIUS <= right
                and left <= x + BASE_RADIUS
                and y - BASE_RADIUS <= top
                and bottom <= y + BASE_RADIUS
            ):
                continue
            # only between the two units (R91): not beside or behind the firer or target
            if _swept_circle_hits((x, y), BASE_RADIUS, start, end, radius) and planar.between_ends(
                (x, y), start, end, BASE_RADIUS
            ):
                found[unit_id] = elevation
        return found

    in_line: list[str] = []
    fired_over: list[str] = []
    for unit_id, elevation in near(LOF_CORRIDOR, civilian=False).items():
        (fired_over if firing_up and elevation == firer.elevation else in_line).append(unit_id)
    blocking = tuple(
        unit.id
        for unit in others
        if unit.id in in_line
        and unit.elevation == firer.elevation
        and any(planar.distance_to_segment(f, start, end) <= BASE_RADIUS for f in unit.figures)
    )
    return LineOfFire(
        firer.id,
        target.id,
        tuple(sorted(in_line)),
        tuple(sorted(fired_over)),
        blocking[0] if blocking else None,
        tuple(sorted(near(LOF_CORRIDOR, civilian=True))),
        tuple(sorted(near(CIVILIAN_CORRIDOR, civilian=True))),
        blocking,
    )


def require_figures(*units: UnitPosition) -> None:
    for unit in units:
        if not unit.figures:
            raise ValueError(f"unit {unit.id!r} has no figures on the table")

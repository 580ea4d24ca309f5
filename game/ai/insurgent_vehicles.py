"""The solo Insurgent AI's technicals (Fog of War card Technical Trouble; R306): a vehicle does
not walk, so a row that moves the unit becomes the drive the engine offers that best does what
the row asked. Rows that head somewhere (the nearest Regular, a friend, an objective) take the
drive ending nearest that point, but never within `STANDOFF` of a Regular figure (a pickup is
no assault vehicle); rows that seek cover or break sight take the drive ending farthest from the
nearest Regular. Fire rows fire as any unit's do (the engine weighs its DShK)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.ai.actions import Action, Target
from game.ai.world import _World as World
from game.battlefield.model import Point
from game.engine.commands import Command, Drive
from game.engine.state import UnitState
from game.engine.terrain import distance

STANDOFF = 6.0
"""Inches a technical keeps from the nearest Regular figure when it drives toward them."""
AWAY = (Target.COVER, Target.OUT_OF_LOS)


def drive_for(
    world: World,
    unit: UnitState,
    action: Action,
    options: Sequence[Command],
    note: Callable[[str], None],
) -> Drive | None:
    """The drive for a moving row (None when none is offered or the row does not move)."""
    drives = [c for c in options if isinstance(c, Drive)]
    if not drives or not action.moves:
        return None
    regulars = [f.pos for r in world.regulars for f in r.effective_figures]

    def nearest_regular(p: Point) -> float:
        return min((distance(p, q) for q in regulars), default=99.0)

    def end(c: Drive) -> Point:
        x, y = c.path[-1]
        return (float(x), float(y))

    if action.target in AWAY:
        best = max(drives, key=lambda c: (nearest_regular(end(c)), end(c)))
        why = "farthest from the Regulars"
    else:
        goal = world.goal_point(unit, action.target, "")
        if goal is None:
            return None
        clear = [c for c in drives if nearest_regular(end(c)) >= STANDOFF]
        if not clear:
            return None
        best = min(clear, key=lambda c: (distance(end(c), goal), end(c)))
        why = "nearest its goal, clear of the Regulars"
    note(
        f"T{world.turn} {unit.name}, {action.label}: a technical drives, it does not walk; "
        f"it takes the {best.speed} drive ending {why} (R306)"
    )
    return best

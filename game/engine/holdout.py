"""The victory points of a hold-out with a way out (Rulebook: Scenario 3, Midnight at the Alamo,
Regular and Insurgent Victory Conditions; R203-R205): the Marines who left by the exit edge,
whether more than half the force came through, and whether the Marines quit the table. Named
in `game.engine.victory.VICTORY_HOOKS`."""

from __future__ import annotations

from game.engine.protocol import UnitStatus
from game.engine.state import REGULAR, GameState

START_TALLY = "regular_figures_at_start"
"""The tally key holding how many Regular figures the scenario set up (for `regulars_survive`)."""


def regulars_exited(state: GameState) -> int:
    """R204: each Regular figure that left by an exit edge: the figures of every unit that left
    (fit or hit) and the casualties it carried off."""
    return sum(
        len(u.figures) + u.dependants.count("casualty")
        for u in state.units.values()
        if u.side == REGULAR and u.status == UnitStatus.EXITED
    )


def regulars_survive(state: GameState) -> int:
    """R204: 1 when more than half of the Regular figures set up are neither killed nor taken
    prisoner at the end (wounded Marines survive), whether they held on or left by the exit."""
    start = state.tally.get(START_TALLY, 0)
    lost = state.tally.get("regular_kia", 0) + state.tally.get("regular_pows", 0)
    return int(start > 0 and (start - lost) * 2 > start)


def regulars_quit(state: GameState) -> int:
    """R205: 1 when Regulars left the table by an exit edge (the Marines quit the position)."""
    return int(
        any(u.side == REGULAR and u.status == UnitStatus.EXITED for u in state.units.values())
    )

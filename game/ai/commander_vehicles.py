"""The Commander's technicals (Fog of War card Technical Trouble; R306, R341): a technical's
crew never walks (R225), so the Commander's moves, which weigh only walks, left it standing all
game. It now weighs each drive the engine offers as it weighs a move: the spot where the drive
ends (cover, the Regulars' fire there, the shot it gives, the objective held), never within
`STANDOFF` of a Regular figure (a pickup is no assault vehicle), against firing and holding.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.ai.commander_board import W_HIT
from game.ai.insurgent_vehicles import STANDOFF
from game.ai.rca import NOTHING, CandidateAction
from game.engine.commands import Command, Drive
from game.engine.terrain import distance

if TYPE_CHECKING:
    from game.ai.commander import CommanderAI, Focus

DRIVE_SHOT_SHARE = 0.5
"""What a shot from the end of a drive is worth now: it waits for the next fire."""


def drives(options: Sequence[Command]) -> list[Drive]:
    return [c for c in options if isinstance(c, Drive)]


class DriveCandidate(CandidateAction["Focus", Command]):
    """The drive ending at the spot worth most, clear of the Regulars (R341)."""

    name = "drive"
    priority = 20

    def __init__(self, ai: CommanderAI) -> None:
        super().__init__()
        self.ai = ai

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        offered = drives(focus.options)
        if not offered:
            return NOTHING
        regulars = [f.pos for r in board.enemies for f in r.effective_figures]
        chosen: tuple[float, Drive, str] | None = None
        for c in offered:
            end = (float(c.path[-1][0]), float(c.path[-1][1]))
            if min((distance(end, q) for q in regulars), default=99.0) < STANDOFF:
                continue
            spot = board.ghost(unit, end)
            value, shot, why = self.ai.place_value(
                focus, spot, moving=True, rapid=c.speed == "cruising"
            )
            value += W_HIT * shot * DRIVE_SHOT_SHARE
            if chosen is None or value > chosen[0] + 1e-9:
                chosen = (value, c, f"{c.speed} to ({end[0]:.1f}, {end[1]:.1f}): {why} (R341)")
        if chosen is None:
            return NOTHING
        return self.propose(chosen[1], chosen[2], chosen[0])

"""The Regular AI's thinking budget on tables bigger than any shipped one (issue 23 §5, R370).

Every shipped scenario is played on a 2'x2' table. On a table of more than 16 square feet
(say the 8'x8' town of the scale benchmark, with some 80 units) the Regular AI would ask the
geometry whether each of dozens of Insurgent groups sees each of the spots it weighs, for every
unit it weighs. There it counts, in the danger of a spot and the shots from it, only the
Insurgent units whose middle stands within `SIGHT_REACH` of the spot's middle (R370): a group
farther off is at the long end of its Firepower and rarely has a clear line through a town.
On the shipped tables nothing changes (no two points are that far apart there).

Round 6 (`big_table`): the watch weighs only the groups within the same reach of the watching
unit (R395, `Board.within_reach`), and the exit point is the first reachable one on each exit
edge rather than the nearest of five (R396, `BoardMemo.exit_point`).

Round 7 (R397): a unit weighs fire and charges only at the Insurgent units whose middle stands
within the same reach of its own (`target_in_reach`); the engine is asked to check no other
(`PlayerView.unit_options` with a filter, `BoardMemo.options_for`).
"""

from __future__ import annotations

from collections.abc import Callable

from game.battlefield.model import Battlefield, Point
from game.engine.commands import CloseAssault, Command, Fire

BIG_TABLE = 16 * 144.0
"""Square inches (16 square feet, a 4'x4' table): above this the budget applies (R370)."""
SIGHT_REACH = 36.0
"""Inches (R370): on a big table, Insurgent units farther than this from a spot are not weighed
as seeing it."""


def big_table(battlefield: Battlefield) -> bool:
    """The table is bigger than the budget's size: the budget applies (R370, R395, R396)."""
    return battlefield.width * battlefield.height > BIG_TABLE


def sight_reach(battlefield: Battlefield) -> float | None:
    """How far the Regular AI looks for Insurgents seeing a spot (None: the whole table)."""
    if not big_table(battlefield):
        return None
    return SIGHT_REACH


# --- round 7 (R397): fire and charges weighed only at targets within reach ---
def target_in_reach(
    centre: Point, target_centre: Callable[[str], Point | None]
) -> Callable[[Command], bool]:
    """The filter of a unit's commands on a big table (R397): every command but a Fire or a
    Close Assault whose target's middle (`target_centre`, None for a unit not on the table)
    stands farther than `SIGHT_REACH` from `centre`, the acting unit's middle."""
    reach2 = SIGHT_REACH * SIGHT_REACH

    def keep(command: Command) -> bool:
        if not isinstance(command, (Fire, CloseAssault)):
            return True
        at = target_centre(command.target)
        if at is None:
            return True
        dx, dy = at[0] - centre[0], at[1] - centre[1]
        return dx * dx + dy * dy <= reach2

    return keep

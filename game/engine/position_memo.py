"""Units' positions worked out once while the state stands still (issue 23 §5; speed only).

Building one unit's sample commands checks its fire at every enemy, and each check with a line
of sight asks who stands in the line of fire: the positions of every other unit on the table
(`checks.fire_blockers`), worked out afresh from the figures each time. While a unit's sample
commands are built nothing changes the state (the engine has not moved on: `lazy_options`), so
`positions_frozen` remembers each unit's position for that while; `position_of` reads it.
Outside such a block `position_of` is `unit.position()`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from game.battlefield.model import UnitPosition
from game.engine.state import UnitState

if TYPE_CHECKING:
    from game.engine.engine import Engine


@contextmanager
def positions_frozen(g: Engine) -> Iterator[None]:
    """Within the block the state does not change: positions are remembered (nested blocks
    share the outer one's memory)."""
    if g.position_memo is not None:
        yield
        return
    g.position_memo = {}
    try:
        yield
    finally:
        g.position_memo = None


def position_of(g: Engine, unit: UnitState) -> UnitPosition:
    """`unit.position()`, remembered within a `positions_frozen` block."""
    memo = g.position_memo
    if memo is None:
        return unit.position()
    found = memo.get(unit.id)
    if found is None:
        found = memo[unit.id] = unit.position()
    return found

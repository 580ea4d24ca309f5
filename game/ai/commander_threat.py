"""The Commander's danger from a vehicle's fire (issue 17 §2; polish round 6, R354).

The Commander reads the danger of a spot as the expected casualties of every Regular unit that
could see it (`Board.threat`), each with the Firepower the board counts. For a vehicle that was
its crew's foot Firepower: an LVTP's four crewmen weighed as four riflemen, when the engine fires
the vehicle's mounted weapon instead (Vehicle Firepower: the weapon's class dice, always in
Optimum Range, +1 at an Exposed or Rapid target; nothing once its armament is destroyed or, with a
Fire-or-Move weapon, once it moved; R212, R223). Here the board asks the rules core's one list of
a vehicle's weapon Firepower (`game.rules.vehicles.vehicle_weapon_options`, which the engine's
`vehicle_fire` fires from) and takes the weapon with the most dice, as the engine does.

Nothing here rolls dice; it is read once per decision and kept on the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.state import UnitState
from game.rules.firepower import FireConditions
from game.rules.quality import Quality
from game.rules.vehicle_damage import VehicleDamage
from game.rules.vehicle_types import vehicle_type
from game.rules.vehicles import vehicle_weapon_options

if TYPE_CHECKING:
    from game.ai.regular_board import Board


def vehicle_dice(
    board: Board,
    firer: UnitState,
    memo: dict[tuple[str, bool, bool, int], int],
    *,
    target_exposed: bool,
    target_rapid: bool,
    penalty: int = 0,
) -> int | None:
    """The Firepower dice of `firer`'s best mounted weapon at an infantry target, as the engine
    counts them; None when `firer` is no vehicle (its figures fire as infantry). `memo`: the
    board's, for the decision."""
    raw = board.state.vehicles.get(firer.id)
    if raw is None:
        return None
    key = (firer.id, target_exposed, target_rapid, penalty)
    found = memo.get(key)
    if found is not None:
        return found
    card = vehicle_type(str(raw["type"]))
    damage_data = raw.get("damage") or {}
    damage = VehicleDamage.from_json(damage_data) if damage_data else VehicleDamage.intact(card)
    conditions = FireConditions(
        target_exposed=target_exposed,
        target_moved_rapidly=target_rapid,
        interruptions=penalty + 1 if penalty else 0,
    )
    moved = int(raw.get("moved_turn", 0) or 0) == board.turn
    quality = Quality(int(firer.quality_die()))
    options = vehicle_weapon_options(card, quality, damage, conditions, moved=moved)
    dice = 0 if damage.destroyed else max((fire.dice for fire, _ in options), default=0)
    memo[key] = dice
    return dice

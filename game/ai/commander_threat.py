"""The Commander's danger from a vehicle's fire (issue 17 §2; polish round 6, R354).

The Commander reads the danger of a spot as the expected casualties of every Regular unit that
could see it (`Board.threat`), each with the Firepower the board counts. For a vehicle that was
its crew's foot Firepower: an LVTP's four crewmen weighed as four riflemen, when the engine fires
the vehicle's mounted weapon instead (Vehicle Firepower: the weapon's class dice, always in
Optimum Range, +1 at an Exposed or Rapid target; nothing once its armament is destroyed or, with a
Fire-or-Move weapon, once it moved; R212, R223). Here the board asks the rules core's one list of
a vehicle's weapon Firepower (`game.rules.vehicles.vehicle_weapon_options`, which the engine's
`vehicle_fire` fires from) and takes the weapon with the most dice, as the engine does.

Polish round 7 (R357): the Commander's own technicals are read the same way, the DShK and not the
crew's two rifles, at a Regular fireteam (`vehicle_dice`) and at a Regular vehicle, through its
armour (`vehicle_fire_at_vehicle`, for `commander_stakes.vehicle_shot`).

Nothing here rolls dice; it is read once per decision and kept on the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.state import UnitState
from game.rules.firepower import FireConditions, Firepower
from game.rules.quality import Quality
from game.rules.vehicle_damage import VehicleDamage
from game.rules.vehicle_types import VehicleType, vehicle_type
from game.rules.vehicles import vehicle_weapon_options

if TYPE_CHECKING:
    from game.ai.regular_board import Board


Memo = dict[tuple[str, bool, bool, int, bool], int]


def _weapon_fire(
    board: Board,
    firer: UnitState,
    conditions: FireConditions,
    *,
    moving: bool,
    target: VehicleType | None = None,
) -> list[Firepower] | None:
    """Each of `firer`'s mounted weapons' Firepower, as the engine counts it (at the vehicle
    `target`: through its armour); None when `firer` is no vehicle. `moving`: it fires after a
    move this activation (a Fire-or-Move weapon then cannot), as does one that drove this turn."""
    raw = board.state.vehicles.get(firer.id)
    if raw is None:
        return None
    card = vehicle_type(str(raw["type"]))
    damage_data = raw.get("damage") or {}
    damage = VehicleDamage.from_json(damage_data) if damage_data else VehicleDamage.intact(card)
    if damage.destroyed:
        return []
    moved = moving or int(raw.get("moved_turn", 0) or 0) == board.turn
    quality = Quality(int(firer.quality_die()))
    options = vehicle_weapon_options(
        card,
        quality,
        damage,
        conditions,
        moved=moved,
        target=target,
        night_vision=board.rules_unit(firer).has_night_vision,  # Night Fighting (R346)
    )
    return [fire for fire, _how in options]


def vehicle_dice(
    board: Board,
    firer: UnitState,
    memo: Memo,
    *,
    target_exposed: bool,
    target_rapid: bool,
    penalty: int = 0,
    moving: bool = False,
) -> int | None:
    """The Firepower dice of `firer`'s best mounted weapon at an infantry target, as the engine
    counts them; None when `firer` is no vehicle (its figures fire as infantry). `memo`: the
    board's, for the decision."""
    if firer.id not in board.state.vehicles:
        return None
    key = (firer.id, target_exposed, target_rapid, penalty, moving)
    found = memo.get(key)
    if found is not None:
        return found
    conditions = FireConditions(
        target_exposed=target_exposed,
        target_moved_rapidly=target_rapid,
        interruptions=penalty + 1 if penalty else 0,
        night=board.state.night,  # Night Fighting (R346), as the engine's vehicle fire
    )
    fires = _weapon_fire(board, firer, conditions, moving=moving) or []
    dice = max((fire.dice for fire in fires), default=0)
    memo[key] = dice
    return dice


# --- polish round 7: the Commander's own technicals at a Regular vehicle (R357) ---
def vehicle_fire_at_vehicle(
    board: Board, firer: UnitState, target: VehicleType, conditions: FireConditions
) -> Firepower | None:
    """The vehicle `firer`'s best mounted weapon at the vehicle `target`, through its armour
    (Vehicle Defense vs. Weapon Class), as the engine fires it; None when none can fire."""
    fires = _weapon_fire(board, firer, conditions, moving=False, target=target) or []
    best = max(fires, key=lambda fire: fire.dice, default=None)
    return best if best is not None and best.dice > 0 else None

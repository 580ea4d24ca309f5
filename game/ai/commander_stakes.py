"""What a hit on each Regular unit is worth to the Commander (issue 17 §2, round 5; R350-R352).

The Commander's board counts a shot in expected casualties, each worth `W_HIT` VP. Two kinds of
target are worth something else, and the PlayerView says which:

- **A vehicle** (R350; Rulebook: Vehicle Defense vs. Weapon Class, Determining Vehicle Damage,
  Vehicle Breakdown). Only the figures whose weapons can harm its armour fire, against its
  armour dice, and a penetrating hit does harm only when the vehicle fails its Reliability check
  and the Breakdown Table then immobilizes, silences or wrecks it. The shot is worth those
  breakdowns in VP (a vehicle immobilized or destroyed scores `W_VEHICLE`), told in
  casualty-equivalents so that it weighs against shots at infantry. Before this, a rifle group
  weighed a shot at an armoured LVTP as if the LVTP were four riflemen in the open.
- **The unit a Regular mission hangs on** (R351; Rulebook: Scenario 2: Turkey Shoot, Regular
  Mission Objective and Insurgent Victory Conditions). While the published fire mission is not
  done, the sniper team is the mission: it fails only when no member is left able to fight, so
  each expected casualty of an `n`-figure team carries `W_MISSION / n` VP more; once the mission
  is done, the team still scores `W_TEAM / n` more (killed or captured, and not escorted off).

`mission_goals` (R352) points the Commander's units at the building the mission needs (the map's
Objective marker) while the mission is due, rather than at the exit edge the Regulars may not
use before it is done (R227).

Nothing here rolls dice or remembers anything between decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.regular_board import expected_casualties
from game.battlefield.model import Point
from game.engine import rulesbridge as rb
from game.engine.state import INSURGENT, UnitState
from game.engine.terrain import distance
from game.rules.firepower import FireConditions
from game.rules.quality import SUCCESS_TARGET
from game.rules.vehicle_damage import VehicleDamage
from game.rules.vehicle_types import vehicle_defense, vehicle_type
from game.rules.vehicles import infantry_vs_vehicle

if TYPE_CHECKING:
    from game.ai.commander_board import InsurgentBoard
    from game.ai.regular_board import Spot

W_VEHICLE = 5.0
"""VP for a Regular vehicle immobilized or destroyed (Turkey Shoot's Insurgent Victory
Conditions, the one scenario that fields a Regular vehicle of its own)."""
W_ARMAMENT = 0.5
"""What silencing a weapon of the vehicle is worth (less fire at the Insurgents)."""
W_MISSION = 15.0
"""VP at stake on the unit the fire mission hangs on: the mission prevented (10) and the team
killed or captured (5)."""
W_TEAM = 5.0
"""VP still at stake on that unit once its mission is done: killed or captured."""
W_HIT_VP = 1.5
"""One expected Regular casualty, as `commander_board.W_HIT` counts it (1 wounded, 2 killed)."""


# -- which unit is which -----------------------------------------------------------------------
def _fire_mission(board: InsurgentBoard) -> bool:
    """The view publishes a fire mission (`Objectives.fire_mission`; read directly: this is
    asked for every shot weighed)."""
    return bool(board.state.objectives.get("fire_mission"))


def mission_due(board: InsurgentBoard) -> bool:
    """The published fire mission (`Objectives.fire_mission`) is not done yet."""
    return _fire_mission(board) and not board.state.tally.get("fire_mission_done")


def is_mission_unit(board: InsurgentBoard, unit: UnitState) -> bool:
    """A sniper team of a scenario with a fire mission (the designation or a sniper figure)."""
    if not _fire_mission(board):
        return False
    return unit.designation == "sniper_team" or any(f.kind == "sniper" for f in unit.figures)


def vehicle_damage(board: InsurgentBoard, unit: UnitState) -> tuple[str, VehicleDamage] | None:
    """(card key, damage) of a Regular unit that is a vehicle still, else None."""
    raw = board.state.vehicles.get(unit.id)
    if raw is None:
        return None
    card = vehicle_type(str(raw["type"]))
    damage = raw.get("damage") or {}
    state = VehicleDamage.from_json(damage) if damage else VehicleDamage.intact(card)
    return None if state.destroyed else (str(raw["type"]), state)


# -- what a hit is worth -----------------------------------------------------------------------
def target_weight(board: InsurgentBoard, target: UnitState) -> float:
    """How many ordinary casualties one expected casualty on `target` is worth (R351)."""
    if not is_mission_unit(board, target):
        return 1.0
    able = max(1, len(target.effective_figures))
    stake = W_MISSION if mission_due(board) else W_TEAM
    return 1.0 + stake / able / W_HIT_VP


def breakdown_vp(damage: VehicleDamage, scored: bool) -> float:
    """The VP one failed Reliability check is worth on average: a third each Mobility, Armament
    and Reliability (Vehicle Breakdown). Two Mobility breakdowns immobilize; Reliability steps
    down the die until it falls below d6 (destroyed)."""
    left = 0.0 if scored else W_VEHICLE
    mobility = left if damage.mobility_failures >= 1 else left / 2
    steps = 1
    die = damage.reliability
    while die is not None and (die := die.shifted(-1)) is not None:
        steps += 1
    reliability = left / steps
    armament = W_ARMAMENT if damage.armament_failures < 2 else 0.0
    return (mobility + armament + reliability) / 3


def vehicle_shot(
    board: InsurgentBoard, firer: UnitState, spot: Spot, target: UnitState
) -> float | None:
    """The worth, in casualty-equivalents, of `firer` at `spot` firing at the vehicle `target`
    (R350), or None when `target` is no vehicle. Vehicle Defense vs. Weapon Class picks the
    figures that fire (R217); each penetrating hit fails its Reliability check 3 times in the
    die's faces and then breaks something (`breakdown_vp`)."""
    found = vehicle_damage(board, target)
    if found is None:
        return None
    key, damage = found
    card = vehicle_type(key)
    conditions = FireConditions(
        distance=distance(spot.centre, board.spot_of(target).centre),
        target_moved_rapidly=rb.moved_rapidly(target, board.turn),
    )
    fire, _ = infantry_vs_vehicle(board.rules_unit(firer), card, conditions)
    if fire.dice <= 0 or damage.reliability is None:
        return 0.0
    shield = vehicle_defense(card)
    hits = expected_casualties(fire.dice, int(firer.quality_die()), shield.dice, int(shield.die))
    fails = (SUCCESS_TARGET - 1) / int(damage.reliability)
    scored = bool(board.state.vehicles[target.id].get("scored"))
    return hits * fails * breakdown_vp(damage, scored) / W_HIT_VP


def insurgent_fire_value(
    board: InsurgentBoard, firer: UnitState, spot: Spot, target: UnitState, casualties: float
) -> float:
    """`casualties` (the board's expected casualties of the shot) as the Commander weighs them:
    a vehicle by R350, the mission's unit by R351, any other unit as it is."""
    if firer.side != INSURGENT:
        return casualties
    vehicle = vehicle_shot(board, firer, spot, target)
    if vehicle is not None:
        return vehicle
    return casualties * target_weight(board, target)


def stake_words(board: InsurgentBoard, target: UnitState) -> str:
    """The reason's note on a shot at a target worth more or less than its casualties."""
    if vehicle_damage(board, target) is not None:
        return "armour: only what can harm it counts (R350)"
    if is_mission_unit(board, target):
        return (
            "the fire mission hangs on it (R351)"
            if mission_due(board)
            else "the sniper team, not yet escorted off (R351)"
        )
    return ""


# -- where to be -------------------------------------------------------------------------------
def mission_goals(board: InsurgentBoard, goals: list[Point]) -> list[Point]:
    """R352: while the fire mission is due, the objective is the building it needs (the map's
    Objective marker): the exit edge counts only once the Regulars may leave (R227)."""
    if not mission_due(board):
        return goals
    marks = [m.position for m in board.terrain.battlefield.markers if m.kind == "Objective"]
    return marks or goals

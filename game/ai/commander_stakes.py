"""What a hit on each Regular unit is worth to the Commander (issue 17 §2, round 5; R350-R352).

The Commander's board counts a shot in expected casualties, each worth `W_HIT` VP. Two kinds of
target are worth something else, and the PlayerView says which:

- **A vehicle** (R350; Rulebook: Vehicle Defense vs. Weapon Class, Determining Vehicle Damage,
  Vehicle Breakdown). Only the figures whose weapons can harm its armour fire, against its
  armour dice, and a penetrating hit does harm only when the vehicle fails its Reliability check
  and the Breakdown Table then immobilizes, silences or wrecks it. The shot is worth those
  breakdowns in VP (what the scenario scores for a vehicle immobilized or destroyed), told in
  casualty-equivalents so that it weighs against shots at infantry. Before this, a rifle group
  weighed a shot at an armoured LVTP as if the LVTP were four riflemen in the open.
- **The unit a Regular mission hangs on** (R351; Rulebook: Scenario 2: Turkey Shoot, Regular
  Mission Objective and Insurgent Victory Conditions). While the published fire mission is not
  done, the sniper team is the mission: it fails only when no member is left able to fight, so
  each expected casualty of an `n`-figure team carries 1/`n` of the VP for the mission
  prevented and the team lost; once the mission is done, 1/`n` of the team lost.

The VP are the scenario's own, as the view publishes them (`objectives.insurgent_points`, the
Insurgents' victory table, which both players read on the scenario sheet).

`mission_goals` (R352) points the Commander's units at the building the mission needs (the map's
Objective marker) while the mission is due, rather than at the exit edge the Regulars may not
use before it is done (R227).

Nothing here rolls dice or remembers anything between decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.commander_threat import vehicle_fire_at_vehicle
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

W_ARMAMENT = 0.5
"""What silencing a vehicle's weapon is worth (less fire at the Insurgents): the project's
judgement, not a VP of the book."""
W_HIT_VP = 1.5
"""One expected Regular casualty, as `commander_board.W_HIT` counts it (1 wounded, 2 killed)."""


# -- what the scenario scores (published: `objectives.insurgent_points`) ------------------------
def points(board: InsurgentBoard, hook: str) -> int:
    """The Insurgent VP of one victory condition of the scenario (0 when it has none, or in a
    game started before the table was published)."""
    table = board.state.objectives.get("insurgent_points") or {}
    return int(table.get(hook, 0))


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
    stake = points(board, "sniper_team_lost")
    if mission_due(board):
        stake += points(board, "fire_mission_failed")
    return 1.0 + stake / able / W_HIT_VP


def breakdown_vp(damage: VehicleDamage, lost_vp: float, armed: bool = True) -> float:
    """The VP one failed Reliability check is worth on average: a third each Mobility, Armament
    and Reliability (Vehicle Breakdown). Two Mobility breakdowns immobilize and Reliability steps
    down the die until it falls below d6 (destroyed), either scoring `lost_vp` (0 once scored,
    or where the scenario does not score vehicles); a weapon silenced is worth `W_ARMAMENT`."""
    left = lost_vp
    mobility = left if damage.mobility_failures >= 1 else left / 2
    steps = 1
    die = damage.reliability
    while die is not None and (die := die.shifted(-1)) is not None:
        steps += 1
    reliability = left / steps
    armament = W_ARMAMENT if armed and damage.armament_failures < 2 else 0.0
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
        night=board.state.night,  # Night Fighting (R346), as the engine's vehicle fire
    )
    if firer.id in board.state.vehicles:  # a technical fires its mounted weapon (R357)
        mounted = vehicle_fire_at_vehicle(board, firer, card, conditions)
        if mounted is None or damage.reliability is None:
            return 0.0
        fire = mounted
    else:
        fire, _ = infantry_vs_vehicle(board.rules_unit(firer), card, conditions)
    if fire.dice <= 0 or damage.reliability is None:
        return 0.0
    shield = vehicle_defense(card)
    hits = expected_casualties(fire.dice, int(firer.quality_die()), shield.dice, int(shield.die))
    fails = (SUCCESS_TARGET - 1) / int(damage.reliability)
    scored = bool(board.state.vehicles[target.id].get("scored"))
    lost_vp = 0.0 if scored else float(points(board, "vehicle_lost"))
    return hits * fails * breakdown_vp(damage, lost_vp, bool(card.weapons)) / W_HIT_VP


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

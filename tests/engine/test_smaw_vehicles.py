"""R348: the SMAW is a Medium Support Weapon with anti-tank capabilities (Asset card SMAW;
Vehicle Firepower): against infantry +2 dice as before (R194), against a vehicle a Class 2
weapon, as an AT RPG. Found by the rules audit (round 7): it was classed as a carried machine
gun (Class 0), which no armour fears."""

from __future__ import annotations

from game.engine import rulesbridge as rb
from game.engine.state import FigureState, UnitState
from game.rules.firepower import FireConditions
from game.rules.vehicle_types import vehicle_type
from game.rules.vehicles import Penetration, infantry_vs_vehicle, weapon_class


def _marines_with_smaw() -> UnitState:
    figures = [FigureState(f"R1.{i}", "rifle", 24.0 + i, 30.0, 8, 10) for i in range(1, 5)]
    figures[0].weapon = "smaw"
    return UnitState("R1", "regular", "Marines", figures)


def test_r348_the_smaw_is_a_class_2_weapon_against_armour() -> None:
    unit = rb.rules_unit(_marines_with_smaw())
    gunner = next(f for f in unit.figures if f.id == "R1.1")
    assert weapon_class(gunner) == 2
    assert gunner.weapon.support_dice == 2  # Medium against infantry, as R194 had it
    fire, how = infantry_vs_vehicle(unit, vehicle_type("lvtp"), FireConditions(distance=30.0))
    # only the SMAW can harm Class 1 armour; Class 2 beats it: 1 figure + 2 Medium, full
    assert how is Penetration.FULL and fire.dice == 3

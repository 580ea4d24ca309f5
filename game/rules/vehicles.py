"""Vehicles: speeds, weapon dice, Defense by class, damage and breakdowns (Rulebook: Vehicle Rules).

Rulebook headings: Vehicle Movement (Patrol Speed, Cruising Speed, Loading and Unloading
Passengers), Vehicle Weapon Dice, Vehicle Firepower, Vehicle Defense (Vehicle Defense Dice),
Vehicle Defense vs. Weapon Class, Determining Vehicle Damage (Vehicle Reliability Die Types),
Vehicle Breakdown (Effects of Mobility, Armament and Reliability Breakdowns), Vehicle Special
Rules (Crew/Passengers, Up-Armored Softskin, Up-Armored AFV, Anti-Armor, Fire-or-Move). Rulings
R74, R210-R219.

Everything here is a pure function of frozen values; the engine keeps where a vehicle is and who
rides in it. The sample vehicles are data in `vehicle_types.py`, damage in `vehicle_damage.py`,
movement in `vehicle_movement.py`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from game.rules.combat import AttackPairing, pair_attack
from game.rules.dice import DiceSource
from game.rules.firepower import (
    Defense,
    FireConditions,
    Firepower,
    firepower,
    target_cap_and_interruptions,
)
from game.rules.quality import Quality
from game.rules.units import Figure, Unit, Weapon
from game.rules.vehicle_damage import BreakdownStep, VehicleDamage, damage_checks
from game.rules.vehicle_types import VehicleType, VehicleWeapon, check_class, vehicle_defense

# --- Vehicle Firepower: the class of a weapon ---


def weapon_class(figure: Figure) -> int:
    """The armour-piercing class of an infantry figure's weapon (Vehicle Firepower; R74).

    Small arms and squad support weapons are Class 0, a regular RPG Class 1, an AT RPG Class 2,
    a heavy support weapon (AT missile, tank gun) Class 3. A medium support weapon is a heavy
    machine gun (Class 1) only when emplaced or vehicle-mounted; carried, it is a GPMG (Class 0).
    """
    if figure.weapon is Weapon.HEAVY_SUPPORT:
        return 3
    if figure.weapon is Weapon.AT_RPG:
        return 2
    if figure.weapon is Weapon.RPG:
        return 1
    if figure.weapon is Weapon.MEDIUM_SUPPORT and figure.emplaced:
        return 1
    return 0


# --- Vehicle Defense vs. Weapon Class ---


class Penetration(Enum):
    """What a weapon does to an armour class (Rulebook: Vehicle Defense vs. Weapon Class)."""

    NONE = "none"
    """Weapon class below the armour: no effect at all."""
    HALF = "half"
    """Weapon class equal to the armour: Firepower halved, fractions down."""
    FULL = "full"
    """Weapon class above the armour (or a soft-skin target): full Firepower."""


def penetration(
    weapon_cls: int,
    armour_cls: int,
    *,
    anti_armor: bool = False,
    up_armored_softskin: bool = False,
) -> Penetration:
    """Compare a weapon's class with a vehicle's armour (Vehicle Defense vs. Weapon Class).

    Class 0 vehicles take every weapon at full Firepower (Class 0 Vehicle Defense), except that an
    Up-Armored Softskin halves small arms (Class 0 weapons). An Anti-Armor weapon is not halved
    against armour of its own class (Anti-Armor).
    """
    check_class(weapon_cls, "weapon class")
    check_class(armour_cls, "armour class")
    if armour_cls == 0:
        if up_armored_softskin and weapon_cls == 0:
            return Penetration.HALF
        return Penetration.FULL
    if weapon_cls < armour_cls:
        return Penetration.NONE
    if weapon_cls == armour_cls and not anti_armor:
        return Penetration.HALF
    return Penetration.FULL


def penetrating_dice(dice: int, result: Penetration) -> int:
    """Firepower dice after the class comparison: halved rounds down, none stays none."""
    if result is Penetration.NONE:
        return 0
    if result is Penetration.HALF:
        return dice // 2
    return dice


# --- Firing: a vehicle's weapon, and infantry at a vehicle ---


def vehicle_weapon_firepower(
    weapon: VehicleWeapon,
    crew_quality: Quality,
    damage: VehicleDamage,
    conditions: FireConditions | None = None,
    *,
    moved: bool = False,
    night_vision: bool = True,
) -> Firepower:
    """A vehicle weapon's Firepower (Vehicle Weapon Dice; Armament Breakdowns; Fire-or-Move; R212).

    The weapon throws its class's dice of the crew's Troop Quality die, +1 Optimum Range (a
    vehicle-mounted weapon is always in range), +1 against an Exposed target or one that moved
    Rapidly; cap 10; then the first Armament breakdown costs a die, and a crew without night
    vision fighting at night another (Night Fighting, R346). After a second Armament
    breakdown, or having moved with a Fire-or-Move weapon, it cannot fire.
    """
    conditions = conditions or FireConditions()
    items: list[tuple[str, int]] = [(weapon.name, weapon.dice), ("Optimum Range", 1)]
    target_cap_and_interruptions(items, conditions)  # the rules core's, as for any fire
    if damage.armament_penalty:
        items.append(("Armament breakdown", -damage.armament_penalty))
    if conditions.night and not night_vision:  # rules audit round 7: Night Fighting (R346)
        items.append(("night without night vision", -1))
    if damage.weapons_out:
        items.append(("armament destroyed", -sum(v for _, v in items)))
    elif moved and weapon.fire_or_move:
        items.append(("Fire-or-Move: moved this turn", -sum(v for _, v in items)))
    dice = sum(v for _, v in items)
    return Firepower(dice=max(0, dice), die=crew_quality.die, items=tuple(items))


def against_vehicle(
    fire: Firepower,
    weapon_cls: int,
    vehicle: VehicleType,
    *,
    anti_armor: bool = False,
) -> tuple[Firepower, Penetration]:
    """Firepower after Vehicle Defense vs. Weapon Class: none, halved (down) or full."""
    result = penetration(
        weapon_cls,
        vehicle.armour_class,
        anti_armor=anti_armor,
        up_armored_softskin=vehicle.up_armored_softskin,
    )
    kept = penetrating_dice(fire.dice, result)
    if result is Penetration.FULL:
        return fire, result
    label = (
        f"Class {weapon_cls} weapon halved vs Class {vehicle.armour_class} armour"
        if result is Penetration.HALF
        else f"Class {weapon_cls} weapon cannot harm Class {vehicle.armour_class} armour"
    )
    items = (*fire.items, (label, kept - fire.dice))
    return Firepower(dice=kept, die=fire.die, items=items), result


def vehicle_weapon_options(
    vehicle: VehicleType,
    crew_quality: Quality,
    damage: VehicleDamage,
    conditions: FireConditions,
    *,
    moved: bool = False,
    target: VehicleType | None = None,
    night_vision: bool = True,
) -> list[tuple[Firepower, Penetration]]:
    """Each mounted weapon's Firepower at a target (Vehicle Firepower; R212), after Vehicle
    Defense vs. Weapon Class when the target is a vehicle (R217): the engine fires the one that
    throws the most dice (R223), and the AIs read their danger from the same list."""
    options = []
    for weapon in vehicle.weapons:
        fire = vehicle_weapon_firepower(
            weapon, crew_quality, damage, conditions, moved=moved, night_vision=night_vision
        )
        how = Penetration.FULL
        if target is not None:
            fire, how = against_vehicle(
                fire, weapon.weapon_class, target, anti_armor=weapon.anti_armor
            )
        options.append((fire, how))
    return options


def infantry_vs_vehicle(
    unit: Unit,
    vehicle: VehicleType,
    conditions: FireConditions,
    *,
    figure_ids: Iterable[str] | None = None,
) -> tuple[Firepower, Penetration]:
    """An infantry unit's Firepower at a vehicle (Vehicle Defense vs. Weapon Class; R217).

    Only figures whose weapon can harm the armour fire (a unit's small arms may fire at infantry
    meanwhile without splitting fire, Splitting Fire's note); they fire as one portion with the
    usual Firepower items, and the halving, if any, follows the lowest class among them.
    Naming `figure_ids` fires only those (say, the AT RPG alone, for full dice).
    """
    chosen = unit.effective_figures
    if figure_ids is not None:
        wanted = set(figure_ids)
        chosen = tuple(f for f in chosen if f.id in wanted)
    able = tuple(
        f
        for f in chosen
        if penetration(
            weapon_class(f),
            vehicle.armour_class,
            up_armored_softskin=vehicle.up_armored_softskin,
        )
        is not Penetration.NONE
    )
    if not able:
        lowest = max((weapon_class(f) for f in chosen), default=0)
        none = Firepower(
            dice=0,
            die=unit.quality.die,
            items=((f"Class {lowest} weapons cannot harm Class {vehicle.armour_class} armour", 0),),
        )
        return none, Penetration.NONE
    fire = firepower(unit, conditions, figure_ids=[f.id for f in able])
    lowest = min(weapon_class(f) for f in able)
    return against_vehicle(fire, lowest, vehicle)


@dataclass(frozen=True)
class VehicleAttack:
    """An attack roll at a vehicle: dice, pairing, and each penetrating hit's damage check."""

    fire: Firepower
    penetration: Penetration
    defense: Defense
    attack_faces: tuple[int, ...]
    defense_faces: tuple[int, ...]
    pairing: AttackPairing
    steps: tuple[BreakdownStep, ...]

    @property
    def penetrating_hits(self) -> int:
        return self.pairing.casualties


def attack_vehicle(
    fire: Firepower,
    result: Penetration,
    vehicle: VehicleType,
    damage: VehicleDamage,
    dice: DiceSource,
) -> VehicleAttack:
    """Roll Firepower against the vehicle's Defense, then check damage per penetrating hit.

    Rulebook: Making the Attack Roll (R15) with the vehicle's Defense dice; Determining Vehicle
    Damage. An attack that cannot fire rolls nothing.
    """
    shield = vehicle_defense(vehicle)
    if not fire.can_fire or damage.destroyed:
        empty = pair_attack((), ())
        return VehicleAttack(fire, result, shield, (), (), empty, ())
    attack_faces = dice.roll_many(fire.die, fire.dice)
    defense_faces = dice.roll_many(shield.die, shield.dice)
    pairing = pair_attack(attack_faces, defense_faces)
    steps = damage_checks(damage, pairing.casualties, dice)
    return VehicleAttack(fire, result, shield, attack_faces, defense_faces, pairing, steps)

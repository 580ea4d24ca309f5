"""Vehicle data: the class tables and the vehicle cards (Rulebook: Vehicle Rules; Sample Vehicles).

Rulebook headings: Vehicle Movement (the two speeds), Vehicle Weapon Dice, Vehicle Defense Dice,
Vehicle Reliability Die Types, Up-Armored Softskin, Up-Armored AFV, Anti-Armor, Fire-or-Move.
The cards of the sample vehicles (and the ones the book names without a card, R219) are data in
`VEHICLES`. Rulings R210-R219.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.dice import Die
from game.rules.firepower import Defense

# --- Vehicle Movement (every vehicle distance, in inches) ---
PATROL_SPEED = 10.0  # Rulebook: Patrol Speed
CRUISING_SPEED = 18.0  # Rulebook: Cruising Speed
STRAIGHT_TOLERANCE_DEGREES = 1.0  # R211: a Cruising leg may stray this far from the facing

# --- Vehicle Weapon Dice: Firepower dice by weapon class (Class 0 is infantry small arms) ---
WEAPON_DICE: dict[int, int] = {1: 2, 2: 3, 3: 4}

# --- Vehicle Defense Dice and Reliability Die Types by armour class ---
DEFENSE_DICE: dict[int, tuple[int, Die]] = {
    0: (1, Die.D6),
    1: (2, Die.D8),
    2: (3, Die.D10),
    3: (4, Die.D12),
}
RELIABILITY_DIE: dict[int, Die] = {0: Die.D6, 1: Die.D8, 2: Die.D10, 3: Die.D12}
UP_ARMORED_SOFTSKIN_DICE = 2  # Rulebook: Up-Armored Softskin (2d6 rather than 1d6)
UP_ARMORED_AFV_BONUS = 1  # Rulebook: Up-Armored AFV (+1 Defense die)

CLASSES = (0, 1, 2, 3)


def check_class(value: int, what: str) -> int:
    if value not in CLASSES:
        raise ValueError(f"{what} must be 0 to 3, got {value}")
    return value


# --- The vehicle cards ---


@dataclass(frozen=True)
class VehicleWeapon:
    """A vehicle-mounted weapon (Vehicle Weapon Dice; Anti-Armor; Fire-or-Move)."""

    name: str
    weapon_class: int
    dice: int
    anti_armor: bool = False
    fire_or_move: bool = False

    def __post_init__(self) -> None:
        check_class(self.weapon_class, f"weapon {self.name!r} class")
        if self.dice < 1:
            raise ValueError(f"weapon {self.name!r} needs at least 1 die, got {self.dice}")


@dataclass(frozen=True)
class VehicleType:
    """A kind of vehicle as its data card gives it (Sample Vehicles).

    `crew` figures always ride in it (R225); `capacity` is how many passenger figures it takes.
    """

    key: str
    name: str
    armour_class: int
    weapons: tuple[VehicleWeapon, ...]
    crew: int
    capacity: int
    reliability: Die | None = None
    """The Survivability die; None: the die of the armour class."""
    up_armored_softskin: bool = False
    up_armored_afv: bool = False
    length: float = 3.0
    """Hull length in inches on the 15 mm table (R210)."""
    width: float = 1.5

    def __post_init__(self) -> None:
        check_class(self.armour_class, f"vehicle {self.key!r} armour class")
        if self.up_armored_softskin and self.armour_class != 0:
            raise ValueError(f"vehicle {self.key!r}: only a Class 0 vehicle is a softskin")
        if self.up_armored_afv and self.armour_class == 0:
            raise ValueError(f"vehicle {self.key!r}: a Class 0 vehicle is not an AFV")

    @property
    def base_reliability(self) -> Die:
        return self.reliability or RELIABILITY_DIE[self.armour_class]


def vehicle_defense(vehicle: VehicleType) -> Defense:
    """A vehicle's Defense dice (Vehicle Defense Dice; Up-Armored Softskin; Up-Armored AFV).

    Vehicles take no cover, body armour or Defense cap: their dice are their armour (R213).
    """
    dice, die = DEFENSE_DICE[vehicle.armour_class]
    items: list[tuple[str, int]] = [(f"Class {vehicle.armour_class} armour", dice)]
    if vehicle.up_armored_softskin:
        items.append(("Up-Armored Softskin", UP_ARMORED_SOFTSKIN_DICE - dice))
    if vehicle.up_armored_afv:
        items.append(("Up-Armored AFV", UP_ARMORED_AFV_BONUS))
    return Defense(dice=sum(v for _, v in items), die=die, items=tuple(items))


def mounted(name: str, weapon_class: int, **special: bool) -> VehicleWeapon:
    """A vehicle weapon throwing its class's dice (Vehicle Weapon Dice)."""
    return VehicleWeapon(name, weapon_class, WEAPON_DICE[weapon_class], **special)


# --- Sample Vehicles, and the ones the book names without a card (R219) ---

VEHICLES: dict[str, VehicleType] = {
    vehicle.key: vehicle
    for vehicle in (
        # the book's three cards (Sample Vehicles)
        VehicleType(
            "humvee",
            "Up-Armored M1043 HMMWV",
            0,
            (VehicleWeapon("small arms", 0, 2),),
            crew=1,
            capacity=3,
            reliability=Die.D8,
            up_armored_softskin=True,
            length=2.0,
            width=1.0,
        ),
        VehicleType(
            "stryker",
            "M1126 Stryker ICV",
            1,
            (mounted("remote weapon station", 2),),
            crew=2,
            capacity=9,
            length=3.0,
            width=1.3,
        ),
        VehicleType(
            "bradley",
            "M2A2 Bradley IFV",
            2,
            (
                mounted("TOW II", 3, anti_armor=True, fire_or_move=True),
                mounted("25mm Bushmaster", 2),
                mounted("coaxial MG", 1),
            ),
            crew=3,
            capacity=7,
            length=2.6,
            width=1.4,
        ),
        # named by the book and its scenarios, cards of our own (R219)
        VehicleType(
            "lvtp",
            "LVTP-7 amphibious APC",
            1,
            (mounted("heavy MG", 1),),
            crew=4,
            capacity=21,
            length=3.2,
            width=1.3,
        ),
        VehicleType(
            "lav25",
            "LAV-25",
            1,
            (mounted("25mm Bushmaster", 2),),
            crew=3,
            capacity=6,
            length=2.6,
            width=1.2,
        ),
        VehicleType(
            "gun_truck",
            "Gun truck (up-armored HMMWV, M2 .50)",
            0,
            (mounted("M2 .50", 1),),
            crew=2,
            capacity=2,
            reliability=Die.D8,
            up_armored_softskin=True,
            length=2.0,
            width=1.0,
        ),
        VehicleType(
            "tank",
            "M1A1 Abrams",
            3,
            (mounted("120mm main gun", 3, anti_armor=True), mounted("M2 .50", 1)),
            crew=4,
            capacity=0,
            length=3.2,
            width=1.5,
        ),
        VehicleType(  # --- vehicles entering play: Cross-Town Traffic's car (R308)
            "car",
            "Unknown car",  # nothing in its name gives away the secret d6 (R321)
            0,
            (),
            crew=1,
            capacity=4,
            length=1.8,
            width=0.9,
        ),
        VehicleType(
            "technical",
            "Technical (pickup with DShK)",
            0,
            (mounted("DShK 12.7mm", 1),),
            crew=2,
            capacity=4,
            length=2.0,
            width=0.9,
        ),
        VehicleType(  # --- Ambulance on Call!: an unarmed armoured ambulance (R298)
            "ambulance",
            "M113 armoured ambulance",
            1,
            (),
            crew=2,
            capacity=0,
            length=2.7,
            width=1.3,
        ),
    )
}


# --- vehicles entering play: Cross-Town Traffic's car and Ambulance on Call!'s ambulance come on
# only by their cards (R308, R298) ---
CARD_ONLY = frozenset({"car", "ambulance"})
PLACEABLE: tuple[str, ...] = tuple(key for key in VEHICLES if key not in CARD_ONLY)
"""The vehicles a map or a scenario file may place."""


def vehicle_type(key: str) -> VehicleType:
    """The card of a vehicle by its key; KeyError naming the known keys otherwise."""
    try:
        return VEHICLES[key]
    except KeyError:
        known = ", ".join(sorted(VEHICLES))
        raise KeyError(f"unknown vehicle {key!r} (known: {known})") from None

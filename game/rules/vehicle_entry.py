"""Vehicles that come into play during the game (Rulebook: Fog of War & Asset Cards, the card
sheets: Attached APC, Attached Gun Truck, Attached IFV, Attached LAV-25, Tank Support,
Technical Trouble, Road Block!). Rulings R300-R309.

Every number the cards give lives here once: the vehicle each Asset card brings and its crew's
ratings, the 1d3 technicals and their ratings, the 1d6+2 riflemen of an unmanned Road Block!
and the Quality test a tracked vehicle makes to roll over it. The engine places the vehicles
(`game.engine.vehicle_entry`); the vehicle cards themselves are in `vehicle_types`.
"""

from __future__ import annotations

from game.rules.dice import DiceSource, Die
from game.rules.quality import Morale, Quality

# --- the Asset cards' vehicles (R301) ----------------------------------------------------------
CARD_VEHICLES: dict[str, str] = {
    "apc": "stryker",  # Attached APC: "an LVTP or a Stryker, whichever fits" (R301)
    "gun_truck": "gun_truck",  # Attached Gun Truck
    "ifv": "bradley",  # Attached IFV: "most likely a Bradley"
    "lav25": "lav25",  # Attached LAV-25
    "tank": "tank",  # Tank Support: an M1 Abrams
    "ambulance": "ambulance",  # Ambulance on Call!: unarmed, no passengers (R298)
}
FORCE_RATED: frozenset[str] = frozenset({"apc", "gun_truck"})
"""The cards whose crew has the Quality and Morale of most of the Regular force."""
CARD_CREW_RATINGS = (Quality.TRAINED, Morale.AVERAGE)
"""The crew of Tank Support, Attached IFV and Attached LAV-25: Trained, Morale d8."""

# --- Technical Trouble (R303) ------------------------------------------------------------------
TECHNICAL = "technical"
TECHNICAL_QUALITY = Quality.UNTRAINED  # d6
TECHNICAL_MORALE = Morale.AVERAGE
TECHNICAL_CREW = ("leader", "small_arms")
"""Each technical is a unit with a leader: its driver leads, its gunner works the MG."""

# --- Road Block! (R304-R305) -------------------------------------------------------------------
ROAD_BLOCK_BONUS = 2  # 1d6+2 riflemen hold an unmanned road block
ROAD_BLOCK_RADIUS = 2.0
"""How far from its centre a road block closes the street (the project's 4" barricade)."""
ROAD_BLOCK_MIN_GAP = 12.0
"""A road block goes on a street the Regulars have not used: at least this far from every
Regular figure and its Regular entry edge (R304)."""
TRACKED: frozenset[str] = frozenset({"lvtp", "bradley", "tank"})
"""The tracked vehicles: they may try to roll over a road block; the rest run on wheels."""

# --- entering the table (R300) -----------------------------------------------------------------
EDGES = ("north", "east", "south", "west")
ENTRY_ROOM = 3.0
"""A vehicle comes on where its hull fits at the edge and this far further in (R300)."""
ENTRY_STEP = 1.0
"""Inches between the spots tried along an edge."""


def roll_d3(dice: DiceSource) -> tuple[int, int]:
    """1d3, rolled as a d6 halved and rounded up: (the d6's face, the d3's result)."""
    face = dice.roll(Die.D6)
    return face, (face + 1) // 2


def technicals(dice: DiceSource) -> tuple[int, int]:
    """Technical Trouble: how many technicals appear (1d3): (d6 face, count)."""
    return roll_d3(dice)


def road_block_riflemen(dice: DiceSource) -> tuple[int, int]:
    """Road Block! with no Regular vehicle in play: 1d6+2 riflemen hold it: (face, count)."""
    face = dice.roll(Die.D6)
    return face, face + ROAD_BLOCK_BONUS


def is_tracked(vehicle_key: str) -> bool:
    """Whether a vehicle runs on tracks (it may roll over a road block) or on wheels."""
    return vehicle_key in TRACKED


def card_crew(grants: str, force: tuple[Quality, Morale]) -> tuple[Quality, Morale]:
    """The crew ratings of the vehicle an Asset card brings: the force's majority for the APC
    and the gun truck, Trained with d8 Morale for the tank, the IFV and the LAV-25 (R301)."""
    return force if grants in FORCE_RATED else CARD_CREW_RATINGS


def random_edge(dice: DiceSource) -> str:
    """A random table edge: a d6, 1 north, 2 east, 3 south, 4 west, 5-6 rolled again (R303)."""
    while True:
        face = dice.roll(Die.D6)
        if face <= len(EDGES):
            return EDGES[face - 1]


# --- Cross-Town Traffic (R308, R309) -----------------------------------------------------------
CAR = "car"
CAR_CIVILIANS = "civilians"
CAR_GUNMEN = "gunmen"
CAR_BOMB = "vbied"
CAR_TRIGGER = 6.0
"""A car bomb goes off within this many inches of a Regular unit; any car stops there (R308)."""
CAR_BLAST = 8.0
"""A car bomb's blast strikes every unit within this many inches."""
CAR_BOMB_POOL = (8, Die.D8)
"""A car bomb's Firepower against each unit in the blast: 8d8."""
CAR_BOMB_CLASS = 2  # --- rules audit round 7: the blast at a vehicle (R347) ---
"""A car bomb's blast at a vehicle counts as a Class 2 weapon, as IED Detonated!'s (R356)."""
IDENTIFY_CLOSER = 4.0
"""Each Quality test to make out the car lets it come this many inches closer."""


def car_nature(face: int) -> str:
    """The secret d6 of Cross-Town Traffic: 1-3 civilians, 4-5 gunmen, 6 a car bomb."""
    if not 1 <= face <= 6:
        raise ValueError(f"a d6 shows 1 to 6, got {face}")
    if face <= 3:
        return CAR_CIVILIANS
    return CAR_GUNMEN if face <= 5 else CAR_BOMB


def car_gunmen(dice: DiceSource) -> int:
    """A carload of gunmen: d6 Insurgents with small arms."""
    return dice.roll(Die.D6)

"""Support assets: the Asset cards' off-board fire, the UAV and Armed Predator, the SMAW, IEDs and
the teams and medics attached to a force (Rulebook: UAVs; Special Weapon Teams; Sniper Teams;
Medics & Special Forces Units; the Asset cards and the IED cards at the end of the book).
Rulings R190-R199.

Only what the cards add lives here; what the core rules already have is called, never copied:
Firepower and Defense (`firepower`), the attack roll and its exact odds (`combat`, `odds`),
Who Got Hit? with a sniper's pick of a Leader and the medic First Aid table (`casualties`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from game.rules.dice import DiceSource, Die
from game.rules.firepower import Defense, Firepower
from game.rules.firepower import defense as unit_defense
from game.rules.odds import casualty_odds
from game.rules.quality import Morale, Quality
from game.rules.units import Unit
from game.rules.vehicle_types import VehicleType
from game.rules.vehicles import Penetration, against_vehicle


class AssetId(StrEnum):
    """The support assets a side may hold, by the Asset card that grants them."""

    UAV = "uav"
    ARMED_PREDATOR = "armed_predator"
    OFF_BOARD_SNIPER = "off_board_sniper"
    LIGHT_MORTAR = "light_mortar"
    HEAVY_MORTAR = "heavy_mortar"
    AIR_SUPPORT = "air_support"
    SMAW = "smaw"
    ATTACHED_MEDIC = "attached_medic"
    ATTACHED_SNIPER_TEAM = "attached_sniper_team"
    ATTACHED_LMG_TEAM = "attached_lmg_team"
    ATTACHED_MG_TEAM = "attached_mg_team"


class CallResult(StrEnum):
    """What one call for off-board fire comes to."""

    NO_FIRE = "no_fire"  # the asset cannot be reached or cannot engage this time
    FIRE = "fire"
    FIRE_THEN_LOST = "fire_then_lost"  # it fires, then the card is discarded
    LOST = "lost"  # recalled without firing; the card is discarded


@dataclass(frozen=True)
class CallRow:
    """One band of a call table: the d6 faces it covers and what they bring."""

    low: int
    high: int
    result: CallResult
    dice: int = 0
    die: Die = Die.D10
    leaders: bool = False  # the fire may designate a Leader as a casualty (Sniper Teams)
    words: str = ""

    @property
    def fires(self) -> bool:
        return self.result in (CallResult.FIRE, CallResult.FIRE_THEN_LOST)

    @property
    def loses_asset(self) -> bool:
        return self.result in (CallResult.FIRE_THEN_LOST, CallResult.LOST)


def _mortar_table(die: Die) -> tuple[CallRow, ...]:
    return (
        CallRow(1, 1, CallResult.NO_FIRE, words="the battery cannot be raised"),
        CallRow(2, 3, CallResult.FIRE, 4, die, words="inaccurate fire"),
        CallRow(4, 5, CallResult.FIRE, 6, die, words="spot on"),
        CallRow(6, 6, CallResult.FIRE_THEN_LOST, 6, die, words="on target, then off-line"),
    )


CALL_TABLES: dict[AssetId, tuple[CallRow, ...]] = {
    # Asset card "Off-Board Sniper Team": one Insurgent unit a turn, 5d10 (R192)
    AssetId.OFF_BOARD_SNIPER: (
        CallRow(1, 1, CallResult.NO_FIRE, words="no shot at that unit"),
        CallRow(2, 3, CallResult.FIRE, 5, Die.D10, words="engages, no pick of leaders"),
        CallRow(4, 5, CallResult.FIRE, 5, Die.D10, leaders=True, words="engages, may pick"),
        CallRow(6, 6, CallResult.LOST, words="the team is recalled"),
    ),
    # Asset cards "Off-Board Light Mortar Support" and "Off-Board Heavy Mortar Support"
    AssetId.LIGHT_MORTAR: _mortar_table(Die.D8),
    AssetId.HEAVY_MORTAR: _mortar_table(Die.D10),
    # Asset card "Available Air Support": the 6 is printed as 6d8, kept as printed (R193)
    AssetId.AIR_SUPPORT: (
        CallRow(1, 1, CallResult.NO_FIRE, words="no aircraft can be raised"),
        CallRow(2, 3, CallResult.FIRE, 4, Die.D10, words="inaccurate gun run"),
        CallRow(4, 5, CallResult.FIRE, 6, Die.D10, words="spot on"),
        CallRow(6, 6, CallResult.FIRE_THEN_LOST, 6, Die.D8, words="a gun run, then off-line"),
    ),
    # Asset card "Armed Predator": one Hellfire at 6d10, no call roll, then the UAV is gone
    AssetId.ARMED_PREDATOR: (
        CallRow(1, 6, CallResult.FIRE_THEN_LOST, 6, Die.D10, words="Hellfire away"),
    ),
}
"""The assets called on a target, face by face (each table's rows cover 1-6)."""

HELLFIRE_DICE = 6
HELLFIRE_DIE = Die.D10
IED_DICE = 6
IED_DIE = Die.D10

NEEDS_CALL_ROLL = frozenset(
    {AssetId.OFF_BOARD_SNIPER, AssetId.LIGHT_MORTAR, AssetId.HEAVY_MORTAR, AssetId.AIR_SUPPORT}
)
"""Assets whose call rolls a d6 on its table (the Hellfire needs none)."""

CALLER_STAYS_PUT = frozenset({AssetId.LIGHT_MORTAR, AssetId.HEAVY_MORTAR, AssetId.AIR_SUPPORT})
"""Assets called by a unit that may fire but not move in that activation (the mortar and air
cards)."""

UAV_ASSETS = frozenset({AssetId.UAV, AssetId.ARMED_PREDATOR})

ASSET_TITLES: dict[AssetId, str] = {
    AssetId.UAV: "UAV",
    AssetId.ARMED_PREDATOR: "Armed Predator",
    AssetId.OFF_BOARD_SNIPER: "Off-Board Sniper Team",
    AssetId.LIGHT_MORTAR: "Off-Board Light Mortar",
    AssetId.HEAVY_MORTAR: "Off-Board Heavy Mortar",
    AssetId.AIR_SUPPORT: "Air Support",
    AssetId.SMAW: "SMAW",
    AssetId.ATTACHED_MEDIC: "Attached Medic",
    AssetId.ATTACHED_SNIPER_TEAM: "Attached Sniper Team",
    AssetId.ATTACHED_LMG_TEAM: "Attached LMG Team",
    AssetId.ATTACHED_MG_TEAM: "Attached MG Team",
}

CALLABLE = frozenset(CALL_TABLES)
"""Assets used by calling them on an Insurgent unit (the others act when granted)."""


ALIASES: dict[str, AssetId] = {
    "medic": AssetId.ATTACHED_MEDIC,
    "sniper_team": AssetId.ATTACHED_SNIPER_TEAM,
    "lmg_team": AssetId.ATTACHED_LMG_TEAM,
    "mg_team": AssetId.ATTACHED_MG_TEAM,
}
"""Other names the Asset cards' data gives the same assets (`grants` in game/rules/cards.toml)."""


def parse_asset(text: str) -> AssetId:
    """An asset id from its text (or an alias); ValueError lists the known ids."""
    if text in ALIASES:
        return ALIASES[text]
    try:
        return AssetId(text)
    except ValueError:
        known = ", ".join(a.value for a in AssetId)
        raise ValueError(f"unknown asset {text!r} (known: {known})") from None


def call_row(asset: AssetId, face: int) -> CallRow:
    """The row of `asset`'s call table for a d6 face (the Asset cards' tables)."""
    for row in CALL_TABLES[asset]:
        if row.low <= face <= row.high:
            return row
    raise ValueError(f"{asset}: no row for face {face}")


def roll_call(asset: AssetId, dice: DiceSource) -> tuple[int, CallRow]:
    """Roll the d6 for a call for fire (none for the Hellfire, whose face is reported as 0)."""
    if asset not in NEEDS_CALL_ROLL:
        return 0, call_row(asset, 1)
    face = dice.roll(Die.D6)
    return face, call_row(asset, face)


def asset_firepower(asset: AssetId, row: CallRow) -> Firepower:
    """The fixed Firepower of off-board fire: the card's pool, no Optimum Range, Exposed or other
    die added or taken away (R190)."""
    label = f"{ASSET_TITLES[asset]}: {row.words}"
    return Firepower(dice=row.dice, die=row.die, items=((label, row.dice),))


def off_board_defense(unit: Unit, *, in_cover: bool, solid_cover: bool) -> Defense:
    """The target of off-board fire defends as usual: its figures and cover (R190)."""
    return unit_defense(unit, in_cover=in_cover, solid_cover=solid_cover)


# --- rules audit (round 7): off-board fire at a vehicle (R344) ------------------------------

ASSET_WEAPON_CLASS: dict[AssetId, int] = {
    AssetId.OFF_BOARD_SNIPER: 0,  # a rifle: small arms
    AssetId.LIGHT_MORTAR: 1,  # shells: Class 1 armour keeps out their fragments (halved)
    AssetId.HEAVY_MORTAR: 1,  # artillery: Class 2 armour is proof against it
    AssetId.AIR_SUPPORT: 2,  # a gun run: an aircraft's cannon, as a light auto-cannon
    AssetId.ARMED_PREDATOR: 3,  # the Hellfire: an anti-tank missile, as a TOW or Javelin
}
"""The class each off-board attack counts as against a vehicle's armour (Vehicle Firepower's
list names none of them; these are its nearest weapons; R344)."""


def at_vehicle(asset: AssetId, row: CallRow, vehicle: VehicleType) -> tuple[Firepower, Penetration]:
    """Off-board fire at a vehicle (R344): the card's pool as a weapon of the asset's class
    against the vehicle's armour (Vehicle Defense vs. Weapon Class): full, halved or none."""
    return against_vehicle(asset_firepower(asset, row), ASSET_WEAPON_CLASS[asset], vehicle)


# --- SMAW (Asset card "SMAW") -----------------------------------------------------------------

SMAW_KIND = "smaw"
"""The figure kind a SMAW gunner fights with: a Medium Support Weapon (+2 Firepower dice)."""


def thermobaric_defense(unit: Unit, *, charging: bool = False) -> Defense:
    """Defense against fire that includes a SMAW: the thermobaric round takes away the target's
    In Cover and Solid Cover dice; body armour and the rest still count (R194)."""
    return unit_defense(unit, in_cover=False, solid_cover=False, charging=charging)


# --- IEDs (Fog of War cards "IED Detonated!" and "IED Spotted!") ------------------------------

IED_KEEP_OFF = 4.0
"""No Regular unit may come within this many inches of a spotted IED."""
IED_SPOTTED_MIN_DISTANCE = 6.0
"""A spotted IED's marker goes at least this far from the spotting unit's lead figure."""


def ied_firepower() -> Firepower:
    """An IED's blast: 6d10, no reaction, the victim's Defense as usual ("IED Detonated!")."""
    return Firepower(dice=IED_DICE, die=IED_DIE, items=(("IED blast", IED_DICE),))


# --- UAVs ---------------------------------------------------------------------------------------


def out_of_contact_allowed(assets_in_play: frozenset[str] | set[str]) -> bool:
    """Rulebook: UAVs — while a UAV (armed or not) is over the table, no Insurgent unit may use
    Out of Contact Movement."""
    return not any(a in assets_in_play for a in UAV_ASSETS)


# --- attached teams and medics ---------------------------------------------------------------


@dataclass(frozen=True)
class TeamRatings:
    quality: Quality
    morale: Morale
    face: int


def attached_team_ratings(face: int, best_quality: Quality, best_morale: Morale) -> TeamRatings:
    """An attached team's ratings when the scenario sets none (Asset cards "Attached Sniper
    Team", "Attached LMG Team", "Attached MG Team"): on 1-5 those of the force's best unit, on a
    6 one step better (never above the top of the scale)."""
    if face == 6:
        quality = Quality(min(int(best_quality) + 2, int(Quality.ELITE)))
        morale = Morale(min(int(best_morale) + 2, int(Morale.HIGH)))
        return TeamRatings(quality, morale, face)
    return TeamRatings(best_quality, best_morale, face)


TEAM_FIGURES: dict[AssetId, tuple[str, ...]] = {
    AssetId.ATTACHED_SNIPER_TEAM: ("sniper", "rifle"),
    AssetId.ATTACHED_LMG_TEAM: ("saw", "rifle"),
    AssetId.ATTACHED_MG_TEAM: ("mg", "rifle"),
}
"""Two-figure teams, in the game's figure kinds: the gunner (or sniper) and his assistant."""

TEAM_DESIGNATION: dict[AssetId, str] = {
    AssetId.ATTACHED_SNIPER_TEAM: "sniper_team",
    AssetId.ATTACHED_LMG_TEAM: "special_weapon_team",
    AssetId.ATTACHED_MG_TEAM: "special_weapon_team",
}


# --- exact odds of a call --------------------------------------------------------------------


@dataclass(frozen=True)
class CallOdds:
    """The exact odds of a call: P(each number of casualties), P(no fire) and P(losing the
    asset), over the call roll and the attack roll together."""

    asset: AssetId
    exact: tuple[Fraction, ...]
    no_fire: Fraction
    lost: Fraction

    @property
    def expected(self) -> float:
        return float(sum((k * p for k, p in enumerate(self.exact)), Fraction(0)))

    def at_least(self, casualties: int) -> Fraction:
        return sum(self.exact[max(casualties, 0) :], Fraction(0))


def call_odds(
    asset: AssetId, defense_dice: int, defense_die: Die, *, vehicle: VehicleType | None = None
) -> CallOdds:
    """Exact odds of calling `asset` on a target that throws `defense_dice` of `defense_die`:
    the call table's faces weighted 1/6 each, then each pool's exact attack odds. At a
    `vehicle` the pool first meets its armour (R344) and the odds count penetrating hits."""
    rows = CALL_TABLES[asset]
    exact: list[Fraction] = [Fraction(0)] * (max(r.dice for r in rows) + 1)
    no_fire = lost = Fraction(0)
    for row in rows:
        weight = Fraction(row.high - row.low + 1, 6) if asset in NEEDS_CALL_ROLL else Fraction(1)
        if row.loses_asset:
            lost += weight
        if not row.fires:
            no_fire += weight
            exact[0] += weight
            continue
        pool = row.dice if vehicle is None else at_vehicle(asset, row, vehicle)[0].dice
        if pool <= 0:  # the armour is proof against it (R344)
            exact[0] += weight
            continue
        odds = casualty_odds(pool, row.die, defense_dice, defense_die)
        for k, p in enumerate(odds.exact):
            exact[k] += weight * p
    return CallOdds(asset, tuple(exact), no_fire, lost)

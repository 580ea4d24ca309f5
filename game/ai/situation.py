"""What one Insurgent unit (or civilian mob) knows at the moment it takes a solo Action Check.

Rulebook: Solo and Co-Op Gaming, Insurgent Action Checks. The tables test a handful of plain facts
(in cover? Firepower? distance to the Regulars? who is in sight?). A `Situation` holds exactly those
facts as plain values, so that the decision layer in `game.ai.tables` is pure and testable without
a map, a game state or pymunk. The controller builds Situations from its side's PlayerView and the
battlefield geometry; nothing here reads state the Insurgent side could not know.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.rules.dice import Die
from game.rules.quality import Quality


class UnitKind(StrEnum):
    """Which Action Check table a unit uses (Rulebook: Insurgent Action Checks)."""

    LEADER_ALONE = "leader_alone"
    """An Insurgent Leader figure that is not in cohesion with any unit."""
    LEADERLESS = "leaderless"
    """An Insurgent unit with no Leader attached: it must pass a Quality Check to act."""
    WITH_LEADER = "with_leader"
    """An Insurgent unit with a Leader attached: it checks without a Quality Check."""
    CIVILIAN_MOB = "civilian_mob"
    """A civilian mob stand (Rulebook: Civilians on the Battlefield; solo table Civilians)."""

    @property
    def table_name(self) -> str:
        return {
            UnitKind.LEADER_ALONE: "Insurgent Leader w/No Unit",
            UnitKind.LEADERLESS: "Insurgents w/No Leader",
            UnitKind.WITH_LEADER: "Insurgents w/Leader",
            UnitKind.CIVILIAN_MOB: "Civilians",
        }[self]


class Moment(StrEnum):
    """When the check is taken: which half of a table applies."""

    REGULAR_ACTIVATION = "regular_activation"
    """A Regular unit is being activated in this unit's LOS (the "Regulars move or fire" half)."""
    END_OF_TURN = "end_of_turn"
    """All Regulars have activated; units that have not checked this turn may act."""


@dataclass(frozen=True)
class Situation:
    """The facts one Action Check tests, for one unit at one moment (solo Action Check tables).

    Distances are in inches, centre to centre (R9). "In sight" and "in LOS" are the same thing:
    LOS is symmetric (R4). `None` for a distance means "there is none" (no hot spot left, no combat
    this turn, not in LOS of the activated Regular).
    """

    unit_id: str
    kind: UnitKind
    moment: Moment
    name: str = ""
    """The unit's name as the narration gives it ("Insurgent group 3"); the log uses it."""

    # --- the activated Regular unit (only meaningful at REGULAR_ACTIVATION) ---
    distance_to_activated: float | None = None
    """Distance to the activated Regular unit; None when this unit has no LOS to it."""
    regulars_moving: bool = False
    """The activated Regular unit moves in this unit's LOS in this activation."""
    fired_on: bool = False
    """The activated Regular unit fires at this unit in this activation."""
    activated_is_vehicle: bool = False
    can_harm_activated_vehicle: bool = False
    """This unit carries a Support Weapon that can damage the activated vehicle's armour class."""

    # --- this unit ---
    in_cover: bool = False
    """Half or more of the unit's figures have Solid Cover (R8, R35, ruling R74)."""
    firepower: int = 0
    """Base Firepower dice: effective figures + support weapon dice + team bonus (ruling R73)."""
    optimum_range: float | None = None
    """Optimum Range in inches (R17: doubled by a support weapon); `math.inf` if always in range;
    None: the plain Optimum Range of the unit's Troop Quality, from the rules core."""
    quality: Die = Die.D6
    """The unit's Troop Quality die (Insurgents are d6 to d10)."""
    pinned: bool = False

    # --- what the unit can see ---
    enemy_in_los: bool = False
    """Some Regular unit is in LOS (it sees this unit and this unit sees it, R4)."""
    distance_to_nearest_enemy: float | None = None
    friendly_leader_in_los: bool = False
    """An Insurgent Leader figure without a unit is in LOS."""
    leaderless_unit_in_los: bool = False
    """A friendly Insurgent unit that has no Leader is in LOS."""
    friendly_unit_in_los: bool = False
    """Another Insurgent unit (with or without a Leader) is in LOS; for civilians: any."""

    # --- the wider battlefield ---
    distance_to_nearest_hot_spot: float | None = None
    """Nearest active (not neutralized) Hot Spot; None when none is left."""
    distance_to_nearest_combat: float | None = None
    """Nearest fire combat (firer or target) this turn; None when there has been none."""
    objective_known: bool = False
    """The scenario marks an objective this unit can head for (for civilians: a Regular one)."""

    def __post_init__(self) -> None:
        for name in (
            "distance_to_activated",
            "distance_to_nearest_enemy",
            "distance_to_nearest_hot_spot",
            "distance_to_nearest_combat",
        ):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise ValueError(f"Situation {self.unit_id}: {name} is negative ({value})")
        if self.firepower < 0:
            raise ValueError(f"Situation {self.unit_id}: firepower is negative ({self.firepower})")
        if self.optimum_range is not None and self.optimum_range <= 0:
            raise ValueError(
                f"Situation {self.unit_id}: optimum_range must be positive ({self.optimum_range})"
            )

    @property
    def who(self) -> str:
        """The unit as the log names it: its narration name, else its id."""
        return self.name or f"unit {self.unit_id}"

    def facts(self) -> str:
        """The facts the table tests, in words, for the log (Insurgent Action Checks)."""
        parts = [f"Firepower {self.firepower}"]
        if self.moment is Moment.REGULAR_ACTIVATION:
            reach = self.optimum_reach
            shown = "always in range" if reach == float("inf") else f'{reach:g}"'
            d = self.distance_to_activated
            if d is not None:
                where = (
                    "within"
                    if self.within_optimum_range
                    else "within double"
                    if self.within_double_optimum_range_only
                    else "beyond double"
                )
                parts.append(f'{d:.1f}" from the activated unit ({where} Optimum Range {shown})')
            if self.regulars_moving:
                parts.append("it moves")
            if self.fired_on:
                parts.append("fired on")
        parts.append("in cover" if self.in_cover else "not in cover")
        parts.append("enemy in sight" if self.enemy_in_los else "no enemy in sight")
        if self.moment is Moment.END_OF_TURN:
            combat = self.distance_to_nearest_combat
            parts.append(f'combat {combat:.1f}" away' if combat is not None else "no combat")
            if self.kind is UnitKind.LEADER_ALONE:
                hot = self.distance_to_nearest_hot_spot
                parts.append(f'Hot Spot {hot:.1f}" away' if hot is not None else "no Hot Spot")
            seen = [
                label
                for flag, label in (
                    (self.friendly_leader_in_los, "a lone Leader"),
                    (self.leaderless_unit_in_los, "a leaderless unit"),
                    (self.friendly_unit_in_los, "a friendly unit"),
                )
                if flag
            ]
            if seen:
                parts.append("sees " + ", ".join(seen))
            if self.kind is UnitKind.WITH_LEADER or self.kind is UnitKind.CIVILIAN_MOB:
                parts.append("an objective known" if self.objective_known else "no objective")
        return ", ".join(parts)

    @property
    def in_los_of_activated(self) -> bool:
        return self.distance_to_activated is not None

    @property
    def optimum_reach(self) -> float:
        """The unit's Optimum Range in inches (Rulebook: Optimum Ranges; see `optimum_range`)."""
        if self.optimum_range is not None:
            return self.optimum_range
        return float(Quality.from_die(self.quality).optimum_range)

    @property
    def within_optimum_range(self) -> bool:
        """The activated Regular is at or inside Optimum Range (R71: "within" is inclusive)."""
        d = self.distance_to_activated
        return d is not None and d <= self.optimum_reach

    @property
    def within_double_optimum_range_only(self) -> bool:
        """Beyond Optimum Range but at or inside twice it (ruling R71)."""
        d = self.distance_to_activated
        reach = self.optimum_reach
        return d is not None and reach < d <= 2 * reach

    def combat_within(self, inches: float) -> bool:
        """Fire combat has happened this turn within `inches` of this unit."""
        d = self.distance_to_nearest_combat
        return d is not None and d <= inches

    def hot_spot_within(self, inches: float) -> bool:
        d = self.distance_to_nearest_hot_spot
        return d is not None and d <= inches

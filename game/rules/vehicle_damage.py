"""Vehicle damage: Reliability checks, the Breakdown Table and its effects (Rulebook: Determining
Vehicle Damage; Vehicle Breakdown; Effects of Mobility, Armament and Reliability Breakdowns).

Rulings R214-R216.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from game.rules.dice import DiceSource, Die
from game.rules.quality import SUCCESS_TARGET, Quality, succeeds
from game.rules.vehicle_types import CRUISING_SPEED, PATROL_SPEED, VehicleType

# --- Damage state: the results of Vehicle Breakdown ---


class Breakdown(Enum):
    """A Breakdown Table result (Rulebook: Vehicle Breakdown)."""

    MOBILITY = "mobility"
    ARMAMENT = "armament"
    RELIABILITY = "reliability"


def breakdown_result(face: int) -> Breakdown:
    """Breakdown Table: 1-2 Mobility, 3-4 Armament, 5-6 Reliability failure."""
    if not 1 <= face <= 6:
        raise ValueError(f"a d6 shows 1 to 6, got {face}")
    if face <= 2:
        return Breakdown.MOBILITY
    if face <= 4:
        return Breakdown.ARMAMENT
    return Breakdown.RELIABILITY


@dataclass(frozen=True)
class VehicleDamage:
    """What breakdowns have done to one vehicle so far (Effects of ... Breakdowns).

    `reliability` None means the vehicle is destroyed (its die fell below d6).
    """

    reliability: Die | None
    mobility_failures: int = 0
    armament_failures: int = 0
    speed_loss: int = 0

    @classmethod
    def intact(cls, vehicle: VehicleType) -> VehicleDamage:
        return cls(reliability=vehicle.base_reliability)

    @property
    def destroyed(self) -> bool:
        return self.reliability is None

    @property
    def immobilized(self) -> bool:
        """Two Mobility breakdowns, or destroyed (Effects of Mobility Breakdowns)."""
        return self.destroyed or self.mobility_failures >= 2

    @property
    def weapons_out(self) -> bool:
        """Two Armament breakdowns, or destroyed: no Firepower (Effects of Armament Breakdowns)."""
        return self.destroyed or self.armament_failures >= 2

    @property
    def armament_penalty(self) -> int:
        """The first Armament breakdown costs one Firepower die."""
        return 1 if self.armament_failures >= 1 else 0

    def speed(self, mode: str) -> float:
        """Maximum move at `mode` ("patrol" or "cruising") after Mobility breakdowns."""
        if self.immobilized:
            return 0.0
        base = {"patrol": PATROL_SPEED, "cruising": CRUISING_SPEED}[mode]
        return max(0.0, base - self.speed_loss)

    def to_json(self) -> dict[str, int]:
        return {
            "reliability": 0 if self.reliability is None else int(self.reliability),
            "mobility_failures": self.mobility_failures,
            "armament_failures": self.armament_failures,
            "speed_loss": self.speed_loss,
        }

    @classmethod
    def from_json(cls, data: dict[str, int]) -> VehicleDamage:
        die = int(data["reliability"])
        return cls(
            reliability=None if die == 0 else Die(die),
            mobility_failures=int(data["mobility_failures"]),
            armament_failures=int(data["armament_failures"]),
            speed_loss=int(data["speed_loss"]),
        )


class CrewRisk(Enum):
    """Who must make a 4+ Quality check after a breakdown (Effects of ... Breakdowns)."""

    NONE = "none"
    ONE = "one"
    """One random crew/passenger checks; a failure makes them a casualty."""
    EACH = "each"
    """The vehicle is destroyed: every crew/passenger checks."""


@dataclass(frozen=True)
class BreakdownStep:
    """One penetrating hit's damage check and what followed (Determining Vehicle Damage)."""

    reliability_die: Die
    reliability_face: int
    breakdown_face: int | None
    breakdown: Breakdown | None
    speed_face: int | None
    crew_risk: CrewRisk
    before: VehicleDamage
    after: VehicleDamage

    @property
    def damaged(self) -> bool:
        return self.breakdown is not None


def apply_breakdown(
    damage: VehicleDamage, kind: Breakdown, speed_face: int | None = None
) -> tuple[VehicleDamage, CrewRisk]:
    """Apply one breakdown to a damage state (Effects of Mobility/Armament/Reliability Breakdowns).

    A first Mobility breakdown needs the d6 of speed it costs (`speed_face`). A third Mobility or
    Armament breakdown changes nothing more and risks nobody (R214).
    """
    if damage.destroyed:
        return damage, CrewRisk.NONE
    if kind is Breakdown.MOBILITY:
        if damage.mobility_failures == 0:
            if speed_face is None or not 1 <= speed_face <= 6:
                raise ValueError("a first Mobility breakdown needs its d6 of lost speed")
            return replace(damage, mobility_failures=1, speed_loss=speed_face), CrewRisk.NONE
        if damage.mobility_failures == 1:
            return replace(damage, mobility_failures=2), CrewRisk.ONE
        return damage, CrewRisk.NONE
    if kind is Breakdown.ARMAMENT:
        if damage.armament_failures == 0:
            return replace(damage, armament_failures=1), CrewRisk.NONE
        if damage.armament_failures == 1:
            return replace(damage, armament_failures=2), CrewRisk.ONE
        return damage, CrewRisk.NONE
    assert damage.reliability is not None
    lower = damage.reliability.shifted(-1)
    if lower is None:
        return replace(damage, reliability=None), CrewRisk.EACH
    return replace(damage, reliability=lower), CrewRisk.ONE


def damage_check(damage: VehicleDamage, dice: DiceSource) -> BreakdownStep:
    """One penetrating hit: the Reliability check, then the Breakdown Table on a 3 or less.

    Rulebook: Determining Vehicle Damage; Vehicle Breakdown. A first Mobility breakdown rolls a
    d6 for the speed it costs.
    """
    if damage.reliability is None:
        raise ValueError("a destroyed vehicle takes no further damage checks")
    die = damage.reliability
    face = dice.roll(die)
    if succeeds(face):
        return BreakdownStep(die, face, None, None, None, CrewRisk.NONE, damage, damage)
    breakdown_face = dice.roll(Die.D6)
    kind = breakdown_result(breakdown_face)
    speed_face = None
    if kind is Breakdown.MOBILITY and damage.mobility_failures == 0:
        speed_face = dice.roll(Die.D6)
    after, risk = apply_breakdown(damage, kind, speed_face)
    return BreakdownStep(die, face, breakdown_face, kind, speed_face, risk, damage, after)


def damage_checks(damage: VehicleDamage, hits: int, dice: DiceSource) -> tuple[BreakdownStep, ...]:
    """A damage check for each penetrating hit, in turn; none once the vehicle is destroyed."""
    steps: list[BreakdownStep] = []
    for _ in range(hits):
        if damage.destroyed:
            break
        step = damage_check(damage, dice)
        steps.append(step)
        damage = step.after
    return tuple(steps)


def crew_checks(qualities: Sequence[Quality], dice: DiceSource) -> tuple[tuple[int, bool], ...]:
    """4+ Quality checks for figures aboard: each (face, became a casualty) (R216)."""
    results: list[tuple[int, bool]] = []
    for quality in qualities:
        face = dice.roll(quality.die)
        results.append((face, face < SUCCESS_TARGET))
    return tuple(results)


def random_index(count: int, dice: DiceSource) -> tuple[int, tuple[int, ...]]:
    """Pick one of `count` things at random with the smallest die that covers them (R216).

    Faces above `count` are rolled again. Returns the index and every face thrown.
    """
    if not 1 <= count <= 12:
        raise ValueError(f"pick among 1 to 12, got {count}")
    if count == 1:
        return 0, ()
    die = next(d for d in Die if int(d) >= count)
    faces: list[int] = []
    while True:
        face = dice.roll(die)
        faces.append(face)
        if face <= count:
            return face - 1, tuple(faces)

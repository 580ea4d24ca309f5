"""The things a solo Action Check can tell an Insurgent unit or civilian mob to do.

Rulebook: Solo and Co-Op Gaming, Insurgent Action Checks. Each action carries what the controller
needs to turn it into a legal command: whether it is an interruption (by fire or by movement), the
pace of any move (ruling R78) and what the move heads for.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum


class Interrupt(StrEnum):
    """How an action interrupts the activated Regular unit, if it does."""

    NONE = "none"
    FIRE = "fire"
    MOVE = "move"


class Pace(StrEnum):
    """How fast a move goes (ruling R78)."""

    NONE = "none"
    CAUTIOUS = "cautious"
    RAPID = "rapid"
    CIVILIAN = "civilian"
    """3" a turn (Rulebook: Civilians on the Battlefield)."""


class Target(StrEnum):
    """What an action aims at or heads for; the controller turns it into a unit or a point."""

    NONE = "none"
    ACTIVATED_REGULAR = "the activated Regular unit"
    NEAREST_ENEMY = "the nearest Regular unit"
    NEAREST_ENEMY_IN_LOS = "the nearest Regular unit in LOS"
    FRIENDLY_LEADER = "a friendly Leader"
    LEADERLESS_UNIT = "the nearest friendly leaderless unit"
    FRIENDLY_UNIT = "the nearest friendly unit"
    HOT_SPOT = "the nearest Hot Spot"
    OBJECTIVE = "the nearest objective"
    COMBAT = "the nearest fire combat"
    COVER = "the nearest Solid Cover"
    OUT_OF_LOS = "the nearest spot out of Regular LOS"


@dataclass(frozen=True)
class ActionSpec:
    label: str
    interrupt: Interrupt
    pace: Pace
    target: Target
    moves: bool


class Action(Enum):
    """Every outcome of an Action Check table row (Rulebook: Insurgent Action Checks)."""

    FIRE_AT_VEHICLE = ActionSpec(
        "interrupt by fire at the vehicle",
        Interrupt.FIRE,
        Pace.NONE,
        Target.ACTIVATED_REGULAR,
        moves=False,
    )
    FIRE = ActionSpec(
        "interrupt by fire", Interrupt.FIRE, Pace.NONE, Target.ACTIVATED_REGULAR, moves=False
    )
    MOVE_INTO_COVER = ActionSpec(
        "interrupt by moving into cover", Interrupt.MOVE, Pace.RAPID, Target.COVER, moves=True
    )
    MOVE_OUT_OF_LOS_TOWARD_FRIEND = ActionSpec(
        "interrupt by moving out of LOS toward a friend",
        Interrupt.MOVE,
        Pace.RAPID,
        Target.OUT_OF_LOS,
        moves=True,
    )
    MOVE_OUT_OF_LOS_OR_INTO_COVER_TOWARD_FRIEND = ActionSpec(
        "interrupt by moving out of LOS or into cover, toward a friend",
        Interrupt.MOVE,
        Pace.RAPID,
        Target.OUT_OF_LOS,
        moves=True,
    )
    MOVE_OUT_OF_LOS = ActionSpec(
        "interrupt by moving out of LOS", Interrupt.MOVE, Pace.RAPID, Target.OUT_OF_LOS, moves=True
    )
    MOVE_INTO_OPTIMUM_RANGE = ActionSpec(
        "interrupt by moving into Optimum Range",
        Interrupt.MOVE,
        Pace.RAPID,
        Target.ACTIVATED_REGULAR,
        moves=True,
    )
    TAKE_COVER_OUT_OF_LOS = ActionSpec(
        "get into cover where no enemy can see it",
        Interrupt.NONE,
        Pace.RAPID,
        Target.COVER,
        moves=True,
    )
    TAKE_COVER_WITH_LOS = ActionSpec(
        "get into cover that still sees the enemy",
        Interrupt.NONE,
        Pace.RAPID,
        Target.COVER,
        moves=True,
    )
    REMAIN_IN_PLACE = ActionSpec(
        "remain in place", Interrupt.NONE, Pace.NONE, Target.NONE, moves=False
    )
    MOVE_TO_LEADER = ActionSpec(
        "Rapid move by the least-seen route to join the Leader",
        Interrupt.NONE,
        Pace.RAPID,
        Target.FRIENDLY_LEADER,
        moves=True,
    )
    MOVE_TO_FRIENDLY_UNIT = ActionSpec(
        "Rapid move by the least-seen route to join the friendly unit",
        Interrupt.NONE,
        Pace.RAPID,
        Target.FRIENDLY_UNIT,
        moves=True,
    )
    MOVE_TO_JOIN_LEADERLESS_UNIT = ActionSpec(
        "Rapid move by the least-seen route to lead the leaderless unit",
        Interrupt.NONE,
        Pace.RAPID,
        Target.LEADERLESS_UNIT,
        moves=True,
    )
    MOVE_TO_HOT_SPOT = ActionSpec(
        "Rapid move by the least-seen route toward a Hot Spot",
        Interrupt.NONE,
        Pace.RAPID,
        Target.HOT_SPOT,
        moves=True,
    )
    TAKE_COVER = ActionSpec("take cover", Interrupt.NONE, Pace.RAPID, Target.COVER, moves=True)
    ADVANCE_TO_OBJECTIVE = ActionSpec(
        "Cautious advance on the nearest objective",
        Interrupt.NONE,
        Pace.CAUTIOUS,
        Target.OBJECTIVE,
        moves=True,
    )
    ADVANCE_TO_ENEMY = ActionSpec(
        "Cautious advance on the nearest enemy, to cover that sees it",
        Interrupt.NONE,
        Pace.CAUTIOUS,
        Target.NEAREST_ENEMY,
        moves=True,
    )
    FIRE_AT_NEAREST_ENEMY = ActionSpec(
        "fire at the nearest enemy in LOS",
        Interrupt.NONE,
        Pace.NONE,
        Target.NEAREST_ENEMY_IN_LOS,
        moves=False,
    )
    CIVILIANS_TOWARD_REGULARS = ActionSpec(
        "drift toward the Regulars in sight",
        Interrupt.NONE,
        Pace.CIVILIAN,
        Target.NEAREST_ENEMY_IN_LOS,
        moves=True,
    )
    CIVILIANS_TOWARD_INSURGENTS = ActionSpec(
        "drift toward the Insurgents in sight",
        Interrupt.NONE,
        Pace.CIVILIAN,
        Target.FRIENDLY_UNIT,
        moves=True,
    )
    CIVILIANS_TOWARD_OBJECTIVE = ActionSpec(
        "drift toward the nearest Regular objective",
        Interrupt.NONE,
        Pace.CIVILIAN,
        Target.OBJECTIVE,
        moves=True,
    )
    CIVILIANS_TOWARD_COMBAT = ActionSpec(
        "drift toward the fighting", Interrupt.NONE, Pace.CIVILIAN, Target.COMBAT, moves=True
    )
    NO_ACTION = ActionSpec("no action", Interrupt.NONE, Pace.NONE, Target.NONE, moves=False)

    @property
    def label(self) -> str:
        return self.value.label

    @property
    def interrupt(self) -> Interrupt:
        return self.value.interrupt

    @property
    def pace(self) -> Pace:
        return self.value.pace

    @property
    def target(self) -> Target:
        return self.value.target

    @property
    def moves(self) -> bool:
        return self.value.moves

"""The solo Action Check tables as data: ordered rows of condition → action, read top-down.

Rulebook: Solo and Co-Op Gaming, Insurgent Action Checks (tables Civilians; Insurgent Leaders
w/No Unit; Insurgents w/No Leader; Insurgents w/Leader, each split into "Regulars move or fire in
LOS" and "end of turn"). Row texts are the project's own summaries; row numbers follow the order
of the rulebook's bullets so a player can look the row up. Rulings: R33 (Firepower > 6 and < 6 read
literally), R34 (the "1 or 3" misprint), R70-R78 (docs/RULINGS.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.ai.actions import Action, Target
from game.ai.motivation import (
    civilian_goal,
    friend_to_seek,
    leader_goal,
    leaderless_goal,
    led_unit_goal,
)
from game.ai.situation import Moment, Situation, UnitKind
from game.rules.dice import DiceSource, Die

FIREPOWER_PIVOT = 6
"""The tables compare Firepower with 6; exactly 6 is neither above nor below (R33)."""

COMBAT_CLOSE_INCHES = 6.0
COMBAT_NEAR_INCHES = 10.0


@dataclass(frozen=True)
class DiceAction:
    """A row that rolls one die and picks an action by the face: (low, high, action) bands."""

    die: Die
    bands: tuple[tuple[int, int, Action], ...]

    def __post_init__(self) -> None:
        expected = 1
        for low, high, _ in self.bands:
            if low != expected or high < low:
                raise ValueError(f"DiceAction bands must cover 1..{int(self.die)} in order")
            expected = high + 1
        if expected != int(self.die) + 1:
            raise ValueError(f"DiceAction bands must cover 1..{int(self.die)} in order")

    def resolve(self, face: int) -> Action:
        for low, high, action in self.bands:
            if low <= face <= high:
                return action
        raise ValueError(f"face {face} is impossible on a {self.die.label}")

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(action for _, _, action in self.bands)


@dataclass(frozen=True)
class Row:
    """One line of an Action Check table: if `condition` holds, do `action`."""

    number: int
    text: str
    condition: Callable[[Situation], bool]
    action: Action | DiceAction
    ruling: str | None = None
    """The project ruling that shapes how this row is read, if any."""
    own: bool = False
    """The row is the project's own, not printed in the rulebook (R77's "row 5")."""

    @property
    def label(self) -> str:
        """ "row N" as the log gives it, marking the project's own rows."""
        return f"row {self.number} (the project's own)" if self.own else f"row {self.number}"


@dataclass(frozen=True)
class Table:
    """One half of one solo Action Check table."""

    name: str
    kind: UnitKind
    moment: Moment
    rows: tuple[Row, ...]

    @property
    def heading(self) -> str:
        half = (
            "Regulars move or fire in LOS"
            if self.moment is Moment.REGULAR_ACTIVATION
            else "end of turn"
        )
        return f"{self.name} [{half}]"


@dataclass(frozen=True)
class ActionChoice:
    """The outcome of one Action Check: which row was taken, the roll if any, and what to do."""

    unit_id: str
    table: str
    row: int | None
    """The row number taken; None when no row applied (R70)."""
    face: int | None
    action: Action
    target: Target
    toward: Target
    """For "toward a friend" moves, which friend the unit's motivation heads for."""
    log: str


NO_ROW_TEXT = "no row applies"

# --- row conditions, named so that the table reads like the rulebook's list ---------------------


def _harms_vehicle(s: Situation) -> bool:
    return s.activated_is_vehicle and s.can_harm_activated_vehicle


def _firepower_above(s: Situation) -> bool:
    return s.firepower > FIREPOWER_PIVOT


def _firepower_below(s: Situation) -> bool:
    return s.firepower < FIREPOWER_PIVOT


def _exposed_strong(s: Situation) -> bool:
    return not s.in_cover and _firepower_above(s)


def _exposed_weak(s: Situation) -> bool:
    return not s.in_cover and _firepower_below(s)


def _double_range(s: Situation) -> bool:
    return s.within_double_optimum_range_only


def _double_range_weak(s: Situation) -> bool:
    return s.within_double_optimum_range_only and _firepower_below(s)


def _optimum_range(s: Situation) -> bool:
    return s.within_optimum_range


def _beyond_range_strong(s: Situation) -> bool:
    return not s.within_optimum_range and _firepower_above(s)


def _fired_on_weak(s: Situation) -> bool:
    return s.fired_on and _firepower_below(s)


def _fired_on_strong(s: Situation) -> bool:
    return s.fired_on and _firepower_above(s)


def _close_combat_exposed(s: Situation) -> bool:
    return s.combat_within(COMBAT_CLOSE_INCHES) and not s.in_cover


def _close_combat_hidden_in_cover(s: Situation) -> bool:
    return s.combat_within(COMBAT_CLOSE_INCHES) and s.in_cover and not s.enemy_in_los


def _close_combat_in_cover_with_los(s: Situation) -> bool:
    return s.combat_within(COMBAT_CLOSE_INCHES) and s.in_cover and s.enemy_in_los


# --- the tables ---------------------------------------------------------------------------------

LEADER_ALONE_ACTIVATION = Table(
    "Insurgent Leader w/No Unit",
    UnitKind.LEADER_ALONE,
    Moment.REGULAR_ACTIVATION,
    (
        Row(
            1,
            "Regulars move in LOS",
            lambda s: s.regulars_moving,
            Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND,
        ),
        Row(
            2,
            "Regulars fire at the Leader",
            lambda s: s.fired_on,
            Action.MOVE_OUT_OF_LOS_OR_INTO_COVER_TOWARD_FRIEND,
        ),
    ),
)

LEADER_ALONE_END_OF_TURN = Table(
    "Insurgent Leader w/No Unit",
    UnitKind.LEADER_ALONE,
    Moment.END_OF_TURN,
    (
        Row(
            1,
            "a friendly leaderless unit is in LOS",
            lambda s: leader_goal(s) is Target.LEADERLESS_UNIT,
            Action.MOVE_TO_JOIN_LEADERLESS_UNIT,
        ),
        Row(
            2,
            'no leaderless unit in LOS, a Hot Spot farther than 3"',
            lambda s: leader_goal(s) is Target.HOT_SPOT,
            Action.MOVE_TO_HOT_SPOT,
            ruling="R75",
        ),
        Row(
            3,
            'no leaderless unit in LOS, within 3" of a Hot Spot',
            lambda s: leader_goal(s) is Target.COVER,
            Action.TAKE_COVER,
            ruling="R75",
        ),
    ),
)

# The first three rows of both unit tables' "Regulars move or fire in LOS" halves are the same
# rule in the rulebook, so both tables hold the very same rows.
_ACTIVATION_OPENING_ROWS = (
    Row(
        1,
        "activated Regular is a vehicle this unit's support weapon can harm",
        _harms_vehicle,
        Action.FIRE_AT_VEHICLE,
    ),
    Row(2, "not in cover, Firepower > 6", _exposed_strong, Action.MOVE_INTO_COVER, ruling="R33"),
    Row(
        3,
        "not in cover, Firepower < 6",
        _exposed_weak,
        Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND,
        ruling="R33",
    ),
)


LEADERLESS_ACTIVATION = Table(
    "Insurgents w/No Leader",
    UnitKind.LEADERLESS,
    Moment.REGULAR_ACTIVATION,
    (
        *_ACTIVATION_OPENING_ROWS,
        Row(
            4,
            "within double Optimum Range",
            _double_range,
            DiceAction(
                Die.D6,
                ((1, 2, Action.MOVE_INTO_OPTIMUM_RANGE), (3, 6, Action.FIRE)),
            ),
            ruling="R71",
        ),
        Row(5, "within Optimum Range", _optimum_range, Action.FIRE, ruling="R71"),
        Row(
            6,
            "fired on, Firepower < 6",
            _fired_on_weak,
            Action.MOVE_OUT_OF_LOS,
            ruling="R33",
        ),
        Row(7, "fired on, Firepower > 6", _fired_on_strong, Action.FIRE, ruling="R33"),
    ),
)

LEADERLESS_END_OF_TURN = Table(
    "Insurgents w/No Leader",
    UnitKind.LEADERLESS,
    Moment.END_OF_TURN,
    (
        Row(
            1,
            'combat within 6", not in cover',
            _close_combat_exposed,
            Action.TAKE_COVER_OUT_OF_LOS,
        ),
        Row(
            2,
            'combat within 6", in cover and out of enemy LOS',
            _close_combat_hidden_in_cover,
            Action.REMAIN_IN_PLACE,
        ),
        Row(
            3,
            "a friendly Leader is in LOS",
            lambda s: leaderless_goal(s) is Target.FRIENDLY_LEADER,
            Action.MOVE_TO_LEADER,
        ),
        Row(
            4,
            "a friendly unit is in LOS",
            lambda s: leaderless_goal(s) is Target.FRIENDLY_UNIT,
            Action.MOVE_TO_FRIENDLY_UNIT,
        ),
    ),
)

WITH_LEADER_ACTIVATION = Table(
    "Insurgents w/Leader",
    UnitKind.WITH_LEADER,
    Moment.REGULAR_ACTIVATION,
    (
        *_ACTIVATION_OPENING_ROWS,
        Row(
            4,
            "within double Optimum Range, Firepower < 6",
            _double_range_weak,
            DiceAction(
                Die.D6,
                ((1, 3, Action.MOVE_INTO_OPTIMUM_RANGE), (4, 6, Action.FIRE)),
            ),
            ruling="R34",
        ),
        Row(5, "within Optimum Range", _optimum_range, Action.FIRE, ruling="R71"),
        Row(
            6,
            "beyond Optimum Range, Firepower > 6",
            _beyond_range_strong,
            Action.FIRE,
            ruling="R33",
        ),
        Row(7, "fired on, Firepower < 6", _fired_on_weak, Action.MOVE_OUT_OF_LOS, ruling="R33"),
        Row(8, "fired on, Firepower > 6", _fired_on_strong, Action.FIRE, ruling="R33"),
    ),
)

WITH_LEADER_END_OF_TURN = Table(
    "Insurgents w/Leader",
    UnitKind.WITH_LEADER,
    Moment.END_OF_TURN,
    (
        Row(
            1,
            'combat within 6", not in cover',
            _close_combat_exposed,
            Action.TAKE_COVER_WITH_LOS,
        ),
        Row(
            2,
            'combat within 6", in cover and in enemy LOS',
            _close_combat_in_cover_with_los,
            Action.REMAIN_IN_PLACE,
        ),
        Row(
            3,
            'no enemy in sight, no combat within 10"',
            lambda s: led_unit_goal(s) is Target.OBJECTIVE,
            Action.ADVANCE_TO_OBJECTIVE,
        ),
        Row(
            4,
            'no enemy in sight, combat within 10"',
            lambda s: led_unit_goal(s) is Target.NEAREST_ENEMY,
            Action.ADVANCE_TO_ENEMY,
        ),
        Row(
            5,
            "enemy in sight and no row above applies (motivation: attack)",
            lambda s: led_unit_goal(s) is Target.NEAREST_ENEMY_IN_LOS,
            Action.FIRE_AT_NEAREST_ENEMY,
            ruling="R77",
            own=True,
        ),
    ),
)

CIVILIANS_END_OF_TURN = Table(
    "Civilians",
    UnitKind.CIVILIAN_MOB,
    Moment.END_OF_TURN,
    (
        Row(
            1,
            "a Regular unit is in sight",
            lambda s: civilian_goal(s) is Target.NEAREST_ENEMY_IN_LOS,
            Action.CIVILIANS_TOWARD_REGULARS,
        ),
        Row(
            2,
            "no Regulars in sight, an Insurgent unit is",
            lambda s: civilian_goal(s) is Target.FRIENDLY_UNIT,
            Action.CIVILIANS_TOWARD_INSURGENTS,
        ),
        Row(
            3,
            "no unit in sight, a Regular objective on the table",
            lambda s: civilian_goal(s) is Target.OBJECTIVE,
            Action.CIVILIANS_TOWARD_OBJECTIVE,
            ruling="R76",
        ),
        Row(
            4,
            'combat within 6"',
            lambda s: civilian_goal(s) is Target.COMBAT,
            Action.CIVILIANS_TOWARD_COMBAT,
            ruling="R76",
        ),
    ),
)

ALL_TABLES: tuple[Table, ...] = (
    CIVILIANS_END_OF_TURN,
    LEADER_ALONE_ACTIVATION,
    LEADER_ALONE_END_OF_TURN,
    LEADERLESS_ACTIVATION,
    LEADERLESS_END_OF_TURN,
    WITH_LEADER_ACTIVATION,
    WITH_LEADER_END_OF_TURN,
)

_BY_KEY: dict[tuple[UnitKind, Moment], Table] = {(t.kind, t.moment): t for t in ALL_TABLES}

_TOWARD_A_FRIEND = frozenset(
    {Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND, Action.MOVE_OUT_OF_LOS_OR_INTO_COVER_TOWARD_FRIEND}
)


def table_for(kind: UnitKind, moment: Moment) -> Table | None:
    """The table a unit of this kind consults at this moment; None when it does not check then.

    Civilian mobs only move at the end of the turn (Rulebook: Civilians on the Battlefield), so
    they have no table at a Regular activation (ruling R76).
    """
    return _BY_KEY.get((kind, moment))


def action_check(table: Table, situation: Situation, dice: DiceSource) -> ActionChoice:
    """Read `table` top-down; the first row whose condition holds decides (Insurgent Action Checks).

    A d6 is rolled only when the chosen row asks for one. When no row applies the unit takes no
    action (ruling R70).
    """
    if (situation.kind, situation.moment) != (table.kind, table.moment):
        raise ValueError(
            f"unit {situation.unit_id} is {situation.kind.value} at {situation.moment.value}, "
            f"but the table is {table.heading}"
        )
    who = f"{table.heading} ({situation.who}): {situation.facts()};"
    for row in table.rows:
        if not row.condition(situation):
            continue
        face: int | None = None
        if isinstance(row.action, DiceAction):
            face = dice.roll(row.action.die)
            action = row.action.resolve(face)
            roll = f", {row.action.die.label}={face}"
        else:
            action = row.action
            roll = ""
        ruling = f" ({row.ruling})" if row.ruling else ""
        toward = friend_to_seek(situation) if action in _TOWARD_A_FRIEND else Target.NONE
        # the row's "toward a friend" names the friend the motivation picked
        label = action.label
        if toward is not Target.NONE:
            label = label.replace("toward a friend", f"toward {toward.value}")
        return ActionChoice(
            unit_id=situation.unit_id,
            table=table.heading,
            row=row.number,
            face=face,
            action=action,
            target=action.target,
            toward=toward,
            log=f"{who} {row.label}: {row.text}{roll} → {label}{ruling}",
        )
    return ActionChoice(
        unit_id=situation.unit_id,
        table=table.heading,
        row=None,
        face=None,
        action=Action.NO_ACTION,
        target=Target.NONE,
        toward=Target.NONE,
        log=f"{who} {NO_ROW_TEXT} → no action (R70)",
    )

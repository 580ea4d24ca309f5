"""The solo Action Check procedure: who checks, in which order, and how often.

Rulebook: Solo and Co-Op Gaming, Insurgent Action Checks and Solo Game Turn Sequence (steps 10 and
12); Move Any Remaining Insurgent Units; Insurgent Interrupt Check; Civilians (solo table).

At each Regular activation every Insurgent unit in LOS of the activated unit checks, nearest
first. A unit with a Leader (and a lone Leader) checks at once; a leaderless unit must first pass
a Quality Check (4+ on its Troop Quality die, one type down when Pinned). Each unit gets one Action
Check per turn: at an activation, or at the end of the turn if it has not checked yet (R72).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from game.ai.actions import Action
from game.ai.situation import Moment, Situation, UnitKind
from game.ai.tables import ActionChoice, action_check, table_for
from game.battlefield.model import Side
from game.rules.civilians import insurgency_shift
from game.rules.dice import DiceSource, Die
from game.rules.quality import Quality, quality_test


@dataclass(frozen=True)
class QualityCheck:
    """A leaderless unit's Quality Check before its Action Check (Insurgent Interrupt Check)."""

    die: Die
    face: int
    passed: bool
    text: str


def leaderless_quality_check(situation: Situation, dice: DiceSource) -> QualityCheck:
    """4+ on the unit's Troop Quality die, Pinned one die type down (Insurgent Interrupt Check).

    Rolled with the rules core's Troop Quality test (R11, R12): the die never drops below d6.
    """
    result = quality_test(
        Quality.from_die(situation.quality),
        dice,
        pinned=situation.pinned,
        purpose="Quality Check",
    )
    return QualityCheck(die=result.die, face=result.face, passed=result.passed, text=result.reason)


@dataclass(frozen=True)
class TurnLedger:
    """Which units have used their one Action Check this turn (ruling R72)."""

    turn: int
    checked: frozenset[str] = field(default_factory=frozenset)

    def has_checked(self, unit_id: str) -> bool:
        return unit_id in self.checked

    def with_checked(self, unit_id: str) -> TurnLedger:
        return replace(self, checked=self.checked | {unit_id})

    def next_turn(self) -> TurnLedger:
        return TurnLedger(turn=self.turn + 1)


@dataclass(frozen=True)
class CheckOutcome:
    """One unit's Action Check: the Quality Check if it needed one, the row taken, the log."""

    unit_id: str
    quality_check: QualityCheck | None
    choice: ActionChoice | None
    """None when a failed Quality Check stopped the unit before it reached the table."""
    log: str

    @property
    def action(self) -> Action:
        return self.choice.action if self.choice is not None else Action.NO_ACTION


def _check_one(situation: Situation, dice: DiceSource, quality_checks: bool) -> CheckOutcome:
    table = table_for(situation.kind, situation.moment)
    if table is None:
        raise ValueError(
            f"unit {situation.unit_id}: {situation.kind.value} has no Action Check table at "
            f"{situation.moment.value}"
        )
    quality: QualityCheck | None = None
    if quality_checks and situation.kind is UnitKind.LEADERLESS:
        quality = leaderless_quality_check(situation, dice)
        if not quality.passed:
            return CheckOutcome(
                unit_id=situation.unit_id,
                quality_check=quality,
                choice=None,
                log=(
                    f"{table.heading} ({situation.who}): {quality.text} "
                    "→ no action until next turn (R72)"
                ),
            )
    choice = action_check(table, situation, dice)
    log = choice.log if quality is None else f"{quality.text}; {choice.log}"
    return CheckOutcome(situation.unit_id, quality, choice, log)


def _run(
    ordered: Iterable[Situation], ledger: TurnLedger, dice: DiceSource, quality_checks: bool
) -> tuple[tuple[CheckOutcome, ...], TurnLedger]:
    outcomes: list[CheckOutcome] = []
    for situation in ordered:
        if ledger.has_checked(situation.unit_id):
            continue
        outcomes.append(_check_one(situation, dice, quality_checks))
        ledger = ledger.with_checked(situation.unit_id)
    return tuple(outcomes), ledger


def _require_moment(situations: Sequence[Situation], moment: Moment) -> None:
    for s in situations:
        if s.moment is not moment:
            raise ValueError(f"unit {s.unit_id}: situation is for {s.moment.value}, not {moment}")
    ids = [s.unit_id for s in situations]
    if len(set(ids)) != len(ids):
        raise ValueError(f"two situations for the same unit in one check: {sorted(ids)}")


def checks_at_activation(
    situations: Sequence[Situation],
    ledger: TurnLedger,
    dice: DiceSource,
    *,
    quality_checks: bool = True,
) -> tuple[tuple[CheckOutcome, ...], TurnLedger]:
    """Action Checks as one Regular unit activates (Solo Game Turn Sequence, step 10).

    Every Insurgent unit in LOS of the activated unit that has not yet checked this turn checks,
    nearest first (ties by unit id). All decisions are taken on the same snapshot, because the
    interruptions are all declared at the moment of activation (R22). Civilian mobs do not check
    here (R76). Returns the outcomes in resolution order and the updated ledger.

    `quality_checks=False` leaves the leaderless units' Quality Check to the engine, which rolls
    it as the Insurgent Interrupt Check once the interruption is declared.
    """
    _require_moment(situations, Moment.REGULAR_ACTIVATION)
    eligible = [
        s for s in situations if s.in_los_of_activated and s.kind is not UnitKind.CIVILIAN_MOB
    ]
    eligible.sort(key=lambda s: (s.distance_to_activated or 0.0, s.unit_id))
    return _run(eligible, ledger, dice, quality_checks)


def checks_at_end_of_turn(
    situations: Sequence[Situation],
    ledger: TurnLedger,
    dice: DiceSource,
    *,
    quality_checks: bool = True,
) -> tuple[tuple[CheckOutcome, ...], TurnLedger]:
    """Action Checks once every Regular has activated (Solo Game Turn Sequence, step 12).

    Units that already checked this turn (whatever came of it, R72) stay put. Insurgent units go
    first, nearest to a Regular unit first; civilian mobs move after them (R76, R78).
    `quality_checks=False` leaves the leaderless Quality Check to the engine (Move Any Remaining
    Insurgent Units).
    """
    _require_moment(situations, Moment.END_OF_TURN)

    return _run(sorted(situations, key=end_of_turn_order), ledger, dice, quality_checks)


def end_of_turn_order(s: Situation) -> tuple[bool, float, str]:
    """Sort key at the end of the turn: Insurgents before civilians, nearest enemy first (R78)."""
    distance = s.distance_to_nearest_enemy
    return (s.kind is UnitKind.CIVILIAN_MOB, math.inf if distance is None else distance, s.unit_id)


@dataclass(frozen=True)
class InsurgencyShifts:
    """Changes of the Insurgency Level from civilian casualties this turn (Civilians solo table).

    A casualty caused by Regular fire raises the level by one, one caused by Insurgents lowers
    it; each direction can happen at most once per turn (ruling R76).
    """

    turn: int
    raised: bool = False
    lowered: bool = False

    def record_civilian_casualty(self, caused_by: Side) -> tuple[int, InsurgencyShifts]:
        """The change to apply to the Insurgency Level now (+1, -1 or 0) and the new record."""
        shift = insurgency_shift(
            caused_by is Side.REGULAR, raised=self.raised, lowered=self.lowered
        )
        if shift > 0:
            return shift, replace(self, raised=True)
        if shift < 0:
            return shift, replace(self, lowered=True)
        return 0, self

    def next_turn(self) -> InsurgencyShifts:
        return InsurgencyShifts(turn=self.turn + 1)

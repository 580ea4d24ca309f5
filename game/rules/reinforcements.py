"""Insurgent reinforcements: the Insurgency Level roll, the scenarios' 2d6 table, hot spots.

Rulebook: Arrival of Insurgent Reinforcements, and each scenario's "Insurgency Level" section
(Scenario 1: Contracting Trouble! through Scenario 5: Hornet's Nest print the same table).

The functions here roll the dice and describe who arrives and where; placing the figures within
4" of the hot spot is the engine's job. Dice are rolled in a fixed order so a seed replays:
the Insurgency Level d6 (not when "automatic"), then per arriving unit the 2d6 table roll, its
small-arms count dice, one d6 per RPG, the leaderless d6 (if the unit has no leader) and the
hot spot d6; a ROLL AGAIN row then starts the next unit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game.rules.dice import DiceSource, Die
from game.rules.quality import Morale, Quality
from game.rules.units import Figure, Role, Side, Unit, Weapon

AUTOMATIC: Final = "automatic"
"""The Insurgency Level of a scenario in which reinforcements always arrive (R20)."""

HOT_SPOT_COUNT: Final = 5
"""Hot spots are numbered 1 to 5 (Rulebook: Place Insurgent Hot Spots)."""

HOT_SPOT_SEPARATION: Final = 6.0
"""No hot spot stands within 6" of another; exactly 6" is allowed (Place Insurgent Hot Spots,
R45)."""

ROLL_AGAIN_GUARD: Final = 1000
"""A guard against a program bug, never a rule: ROLL AGAIN chains have no cap (R43, R124).
A chain of this length has odds of (7/36)^1000; reaching it raises an error."""

InsurgencyLevel = int | str
"""A scenario's Insurgency Level: 0..6, or `AUTOMATIC`."""


@dataclass(frozen=True)
class ReinforcementRow:
    """One row of the 2d6 reinforcement table: what a single arriving unit is made of."""

    roll: int
    small_arms_dice: int
    small_arms_bonus: int
    leader: bool
    light_support: int
    rpgs: int
    roll_again: bool

    def describe(self) -> str:
        parts: list[str] = []
        if self.small_arms_dice:
            bonus = f"+{self.small_arms_bonus}" if self.small_arms_bonus else ""
            parts.append(f"{self.small_arms_dice}d6{bonus} small arms")
        if self.leader:
            parts.append("leader")
        if self.light_support:
            parts.append(f"{self.light_support} light support")
        if self.rpgs:
            parts.append(f"{self.rpgs} RPG")
        text = " + ".join(parts)
        return f"{text}, roll again" if self.roll_again else text


def _row(
    roll: int,
    dice: int = 0,
    bonus: int = 0,
    *,
    leader: bool = False,
    light: int = 0,
    rpgs: int = 0,
    again: bool = False,
) -> ReinforcementRow:
    return ReinforcementRow(roll, dice, bonus, leader, light, rpgs, again)


REINFORCEMENT_TABLE: Final[dict[int, ReinforcementRow]] = {
    row.roll: row
    for row in (
        _row(2, 1, light=1),
        _row(3, rpgs=1),
        _row(4, 1, again=True),
        _row(5, rpgs=1),
        _row(6, 1, 2),
        _row(7, 1, leader=True, light=1),
        _row(8, 1, 2),
        _row(9, 1, again=True),
        _row(10, light=1),
        _row(11, 1, leader=True, rpgs=1),
        _row(12, 2),
    )
}
"""The scenarios' Insurgent Reinforcement table, keyed by the 2d6 total (2..12)."""


@dataclass(frozen=True)
class ArrivingFigure:
    """One figure of an arriving unit."""

    weapon: Weapon
    is_leader: bool = False


@dataclass(frozen=True)
class HotSpotRoll:
    """Where a unit arrives: a hot spot number, the Insurgent player's choice, or lost (R43).

    `face` is the d6; on a 6 `insurgent_chooses` is set and `hot_spot` is None: the engine asks
    the Insurgent player (or AI) for one of `active_hot_spots`. `lost` means the rolled hot spot
    was neutralized (or, on a 6, none is left): the unit never arrives.
    """

    face: int
    hot_spot: int | None
    insurgent_chooses: bool
    lost: bool
    active_hot_spots: tuple[int, ...]


@dataclass(frozen=True)
class EdgeRoll:
    """Where a unit arrives in a scenario that uses table edges instead of hot spots."""

    face: int
    edge: str

    @property
    def lost(self) -> bool:
        return False


EdgeTable = tuple[tuple[int, int, str], ...]
"""(lowest face, highest face, edge name) rows covering 1..6."""

MIDNIGHT_AT_THE_ALAMO_EDGES: Final[EdgeTable] = ((1, 3, "east"), (4, 6, "west"))
"""Scenario 3: Midnight at the Alamo — reinforcements enter from the east (1-3) or west (4-6)."""

EDGE_TABLES: Final[dict[str, EdgeTable]] = {"east-or-west": MIDNIGHT_AT_THE_ALAMO_EDGES}
"""The edge tables a scenario file may name (`[reinforcements] edges`), by name."""


@dataclass(frozen=True)
class ArrivingUnit:
    """One reinforcement unit and every roll that made it, for the engine and the log."""

    table_roll: tuple[int, int]
    row: ReinforcementRow
    small_arms_faces: tuple[int, ...]
    rpg_faces: tuple[int, ...]
    leaderless_face: int | None
    figures: tuple[ArrivingFigure, ...]
    arrival: HotSpotRoll | EdgeRoll

    @property
    def has_leader(self) -> bool:
        return any(figure.is_leader for figure in self.figures)

    @property
    def arrives(self) -> bool:
        return not self.arrival.lost

    @property
    def hot_spot(self) -> int | None:
        """The rolled hot spot; None for an edge arrival, a lost unit or the Insurgents' pick."""
        return self.arrival.hot_spot if isinstance(self.arrival, HotSpotRoll) else None

    @property
    def insurgent_chooses(self) -> bool:
        """The hot spot d6 showed 6: the engine asks the Insurgent player where it arrives."""
        return isinstance(self.arrival, HotSpotRoll) and self.arrival.insurgent_chooses

    @property
    def edge(self) -> str | None:
        return self.arrival.edge if isinstance(self.arrival, EdgeRoll) else None


@dataclass(frozen=True)
class InsurgencyRoll:
    """The start-of-turn check against the Insurgency Level (R20); face None when automatic."""

    level: InsurgencyLevel
    face: int | None
    arrive: bool


@dataclass(frozen=True)
class ReinforcementReport:
    """Everything one reinforcement check rolled; `units` lists lost units too (see `arrives`)."""

    insurgency: InsurgencyRoll
    units: tuple[ArrivingUnit, ...]

    @property
    def arriving(self) -> tuple[ArrivingUnit, ...]:
        return tuple(unit for unit in self.units if unit.arrives)


def check_insurgency_level(level: InsurgencyLevel, dice: DiceSource) -> InsurgencyRoll:
    """Rulebook: Arrival of Insurgent Reinforcements — d6 at or under the level; R20 automatic."""
    if isinstance(level, str):
        if level.strip().lower() != AUTOMATIC:
            raise ValueError(f"insurgency level: {level!r} is neither 0..6 nor 'automatic'")
        return InsurgencyRoll(AUTOMATIC, None, True)
    if isinstance(level, bool) or not 0 <= level <= 6:
        raise ValueError(f"insurgency level: {level!r} is neither 0..6 nor 'automatic'")
    face = dice.roll(Die.D6)
    return InsurgencyRoll(level, face, face <= level)


def rpg_is_anti_tank(face: int) -> bool:
    """Rulebook: scenario reinforcement table footnote — an RPG is an AT RPG on 5-6."""
    return face >= 5


def leaderless_unit_gains_leader(face: int) -> bool:
    """Rulebook: scenario reinforcement table — a leaderless arriving unit gets a leader on 1."""
    return face == 1


def roll_hot_spot(
    dice: DiceSource,
    neutralized: frozenset[int] | set[int] = frozenset(),
    hot_spot_count: int = HOT_SPOT_COUNT,
) -> HotSpotRoll:
    """Rulebook: Arrival of Insurgent Reinforcements — d6 for the hot spot; 6 is the player's pick.

    A rolled hot spot that is neutralized (or missing from the map) loses the unit: no re-roll.
    """
    active = tuple(n for n in range(1, hot_spot_count + 1) if n not in neutralized)
    face = dice.roll(Die.D6)
    if face == 6:
        return HotSpotRoll(face, None, bool(active), not active, active)
    if face in active:
        return HotSpotRoll(face, face, False, False, active)
    return HotSpotRoll(face, None, False, True, active)


def roll_arrival_edge(dice: DiceSource, edges: EdgeTable) -> EdgeRoll:
    """Rulebook: Scenario 3, Insurgency Level — a d6 picks the table edge a unit enters from."""
    face = dice.roll(Die.D6)
    for low, high, edge in edges:
        if low <= face <= high:
            return EdgeRoll(face, edge)
    raise ValueError(f"edge table: no edge listed for a roll of {face}")


def _figures_for_row(
    row: ReinforcementRow, dice: DiceSource
) -> tuple[list[ArrivingFigure], tuple[int, ...], tuple[int, ...]]:
    small_arms_faces = dice.roll_many(Die.D6, row.small_arms_dice)
    small_arms = sum(small_arms_faces) + row.small_arms_bonus
    figures = [ArrivingFigure(Weapon.STANDARD) for _ in range(small_arms)]
    if row.leader:
        figures.insert(0, ArrivingFigure(Weapon.STANDARD, is_leader=True))
    figures.extend(ArrivingFigure(Weapon.LIGHT_SUPPORT) for _ in range(row.light_support))
    rpg_faces = dice.roll_many(Die.D6, row.rpgs)
    figures.extend(
        ArrivingFigure(Weapon.AT_RPG if rpg_is_anti_tank(face) else Weapon.RPG)
        for face in rpg_faces
    )
    return figures, small_arms_faces, rpg_faces


def _promote_a_leader(figures: list[ArrivingFigure]) -> None:
    """A rifleman becomes the leader; a unit of gunners only makes its first gunner the leader
    and he keeps his weapon (R43)."""
    for index, figure in enumerate(figures):
        if figure.weapon is Weapon.STANDARD:
            figures[index] = ArrivingFigure(Weapon.STANDARD, is_leader=True)
            return
    figures[0] = ArrivingFigure(figures[0].weapon, is_leader=True)


def roll_arriving_unit(
    dice: DiceSource,
    neutralized: frozenset[int] | set[int] = frozenset(),
    hot_spot_count: int = HOT_SPOT_COUNT,
    edges: EdgeTable | None = None,
) -> ArrivingUnit:
    """Rulebook: scenario Insurgency Level tables — one 2d6 row, its extra d6s, leader, hot spot."""
    table_roll = (dice.roll(Die.D6), dice.roll(Die.D6))
    row = REINFORCEMENT_TABLE[sum(table_roll)]
    figures, small_arms_faces, rpg_faces = _figures_for_row(row, dice)
    leaderless_face: int | None = None
    if not any(figure.is_leader for figure in figures):
        leaderless_face = dice.roll(Die.D6)
        if leaderless_unit_gains_leader(leaderless_face):
            _promote_a_leader(figures)
    arrival: HotSpotRoll | EdgeRoll
    if edges is not None:
        arrival = roll_arrival_edge(dice, edges)
    else:
        arrival = roll_hot_spot(dice, neutralized, hot_spot_count)
    return ArrivingUnit(
        table_roll, row, small_arms_faces, rpg_faces, leaderless_face, tuple(figures), arrival
    )


def roll_reinforcements(
    level: InsurgencyLevel,
    dice: DiceSource,
    neutralized: frozenset[int] | set[int] = frozenset(),
    *,
    hot_spot_count: int = HOT_SPOT_COUNT,
    edges: EdgeTable | None = None,
) -> ReinforcementReport:
    """Rulebook: Arrival of Insurgent Reinforcements — the whole start-of-turn check (R20, R43).

    A ROLL AGAIN row brings its own unit and rolls the table once more, for as long as ROLL
    AGAIN comes up: the book sets no limit (R124). With `edges` (e.g.
    `MIDNIGHT_AT_THE_ALAMO_EDGES`) each unit rolls for a table edge, not a hot spot.
    """
    insurgency = check_insurgency_level(level, dice)
    if not insurgency.arrive:
        return ReinforcementReport(insurgency, ())
    units = [roll_arriving_unit(dice, neutralized, hot_spot_count, edges)]
    while units[-1].row.roll_again:
        if len(units) > ROLL_AGAIN_GUARD:
            raise RuntimeError(f"reinforcements: {len(units)} ROLL AGAIN results in a row")
        units.append(roll_arriving_unit(dice, neutralized, hot_spot_count, edges))
    return ReinforcementReport(insurgency, tuple(units))


def arriving_unit_to_unit(
    arriving: ArrivingUnit,
    unit_id: str,
    quality: Quality,
    morale: Morale,
    *,
    leader_quality: Quality | None = None,
    leader_morale: Morale | None = None,
    name: str = "",
) -> Unit:
    """Rulebook: scenario Insurgent Force Composition — the arriving figures as an Insurgent Unit.

    Scenarios may rate leaders apart from their men (Turkey Shoot: Trained leaders with d8
    Morale); the unit's ratings then follow the mixed-unit rules. Figure ids are
    `<unit_id>-1`, `<unit_id>-2`, ...
    """
    figures = tuple(
        Figure(
            f"{unit_id}-{number}",
            weapon=figure.weapon,
            role=Role.INSURGENT_LEADER if figure.is_leader else Role.RIFLEMAN,
            quality=leader_quality if figure.is_leader else None,
            morale=leader_morale if figure.is_leader else None,
        )
        for number, figure in enumerate(arriving.figures, start=1)
    )
    return Unit(unit_id, Side.INSURGENT, quality, morale, figures, name=name)

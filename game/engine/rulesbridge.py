"""The rules arithmetic the engine needs, behind one small adapter.

The rules room (`game/rules/`) owns the rules: quality and reaction tests, the attack roll's
pairing, morale checks, first aid, reinforcements and the victory margin come from there. This
adapter turns the engine's units into `game.rules.units.Unit` and the results into the small
shapes the engine narrates from (Firepower and Defense come from `game.rules.firepower`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine import narration
from game.engine.protocol import MoveRate
from game.engine.state import EMPLACED_ARMS, INSURGENT, KIND_WEAPONS, REGULAR, UnitState
from game.rules import quality as rules_quality
from game.rules.casualties import (
    FirstAidOutcome,
    first_aid_outcome,
    pick_unit_casualties,
    unit_hit_categories,
)
from game.rules.combat import pair_attack
from game.rules.dice import DiceSource, Die
from game.rules.firepower import FIREPOWER_CAP, FireConditions, FirePortion, IllegalFire, split_fire
from game.rules.firepower import defense as rules_defense
from game.rules.firepower import firepower as rules_firepower
from game.rules.morale import (
    MoraleCheck,
    RegularMoraleEffect,
    insurgent_morale_effect,
    regular_morale_effect,
    roll_morale_check,
)
from game.rules.quality import Morale, Quality, ReactionStance
from game.rules.reinforcements import EDGE_TABLES, rpg_is_anti_tank
from game.rules.reinforcements import roll_reinforcements as rules_roll_reinforcements
from game.rules.units import (
    DependantKind,
    Dependants,
    Designation,
    Figure,
    FigureStatus,
    Role,
    Side,
    Unit,
    Weapon,
    merge_units,
)
from game.rules.victory import margin_of_victory, winning_side


@dataclass(frozen=True)
class TestRoll:
    die: Die
    face: int
    modifier: int
    passed: bool

    @property
    def total(self) -> int:
        return self.face + self.modifier

    def shown(self) -> str:
        return narration.shown(self.die.label, self.face, self.modifier)

    def to_data(self) -> dict[str, Any]:
        """The test for an event's data: die label, face, modifier and whether it passed."""
        return {
            "die": self.die.label,
            "face": self.face,
            "modifier": self.modifier,
            "passed": self.passed,
        }


def quality_test(
    die: Die, dice: DiceSource, *, pinned: bool = False, modifier: int = 0
) -> TestRoll:
    """A Troop Quality test: 4+ passes; Pinned is one die type lower (Universal Mechanic, R12)."""
    result = rules_quality.quality_test(
        Quality.from_die(die), dice, pinned=pinned, modifier=modifier
    )
    return TestRoll(result.die, result.face, result.modifier, result.passed)


@dataclass(frozen=True)
class ReactionRoll:
    insurgent: TestRoll
    regular: TestRoll
    insurgent_first: bool
    fog_of_war: bool


def reaction_test(
    insurgent_die: Die,
    regular_die: Die,
    stance: str,
    dice: DiceSource,
    *,
    insurgent_pinned: bool = False,
    regular_pinned: bool = False,
) -> ReactionRoll:
    """The Reaction Test: the interrupter needs 4+ and strictly higher (R13, R14).

    `stance` is overwatch, stationary, cautious or rapid.
    """
    result = rules_quality.reaction_test(
        Quality.from_die(insurgent_die),
        Quality.from_die(regular_die),
        dice,
        stance=ReactionStance(stance),
        insurgent_pinned=insurgent_pinned,
        regular_pinned=regular_pinned,
    )
    ins = TestRoll(result.insurgent_die, result.insurgent_face, 0, result.insurgent_face >= 4)
    reg = TestRoll(result.regular_die, result.regular_face, result.regular_modifier, True)
    return ReactionRoll(ins, reg, result.insurgents_first, result.fog_of_war)


@dataclass
class Breakdown:
    """A dice pool with the itemised reasons, for narration (Firepower; Defense)."""

    items: list[tuple[str, int]] = field(default_factory=list)
    capped_at: int = FIREPOWER_CAP  # the rules core applies the caps; see `breakdown_of`
    minimum: int = 0
    penalties: list[tuple[str, int]] = field(default_factory=list)

    def add(self, reason: str, amount: int) -> None:
        if amount:
            self.items.append((reason, amount))

    def penalty(self, reason: str, amount: int) -> None:
        if amount:
            self.penalties.append((reason, amount))

    @property
    def total(self) -> int:
        base = min(self.capped_at, sum(a for _, a in self.items))
        return max(self.minimum, base - sum(a for _, a in self.penalties))

    def to_data(self) -> dict[str, Any]:
        """The pool for an event's data: its reasons, penalties, cap and total."""
        return {
            "items": [[r, a] for r, a in self.items],
            "penalties": [[r, a] for r, a in self.penalties],
            "cap": self.capped_at,
            "total": self.total,
        }

    def describe(self) -> str:
        return narration.breakdown_words(self.to_data(), told=False)  # data stays English


@dataclass(frozen=True)
class AttackRoll:
    firepower_faces: tuple[int, ...]
    defense_faces: tuple[int, ...]
    casualties: int
    defense_failures: int


def attack_roll(
    fire_die: Die, firepower: int, defense_die: Die, defense: int, dice: DiceSource
) -> AttackRoll:
    """Making the Attack Roll: discard below 4, the defender cancels optimally (R15)."""
    fp = dice.roll_many(fire_die, firepower)
    df = dice.roll_many(defense_die, defense)
    pairing = pair_attack(fp, df)
    return AttackRoll(fp, df, pairing.casualties, pairing.defense_failures)


@dataclass(frozen=True)
class MoraleRoll:
    die: Die
    faces: tuple[int, ...]
    modifier: int
    successes: int
    failures: int
    ones: int

    @property
    def passed(self) -> bool:
        return self.successes > self.failures


def morale_check(die: Die, figures: int, modifier: int, dice: DiceSource) -> MoraleRoll:
    """A Morale Check: one die per figure, 4+ succeeds (Morale Effects)."""
    check = roll_morale_check(figures, Morale.from_die(die), dice, higher_leader=modifier > 0)
    return MoraleRoll(
        check.die,
        check.faces,
        check.modifier,
        check.successes,
        check.failures,
        check.natural_ones,
    )


def _rules_check(roll: MoraleRoll) -> MoraleCheck:
    return MoraleCheck(roll.die, roll.faces, roll.modifier)


def regular_morale(roll: MoraleRoll, *, pinned_this_turn: bool, in_solid_cover: bool) -> str:
    """Rulebook: Regular Morale Effects; Pull Back (R26) — "stand", "pinned" or "pull_back"."""
    effect = regular_morale_effect(
        _rules_check(roll), pinned_this_turn=pinned_this_turn, in_solid_cover=in_solid_cover
    )
    return {
        RegularMoraleEffect.STAND: "stand",
        RegularMoraleEffect.PINNED: "pinned",
        RegularMoraleEffect.PULL_BACK: "pull_back",
    }[effect]


@dataclass(frozen=True)
class InsurgentMoraleResult:
    shaken: bool
    broken: bool  # the Morale die fell below d6 (R11)
    shrink: tuple[str, ...]  # ids of the figures that Shrink away


def insurgent_morale(unit: UnitState, roll: MoraleRoll) -> InsurgentMoraleResult:
    """Rulebook: Insurgent Morale Effects; Shrink; Shaken — what one check does to the unit."""
    die = unit.morale_die()
    if die is None:
        raise ValueError(f"{unit.id} has no Morale left to check")
    rules = rules_unit(unit)
    outcome = insurgent_morale_effect(
        _rules_check(roll), unit_hit_categories(rules), Morale.from_die(die)
    )
    effective = rules.effective_figures
    shrink = tuple(effective[index].id for index in sorted(outcome.shrunk))
    return InsurgentMoraleResult(outcome.shaken, outcome.broken, shrink)


def first_aid(face: int, medic: bool) -> str:
    """First Aid tables: 'kia', 'wia' or 'slight' (Standard/Medic First Aid Table)."""
    outcome = first_aid_outcome(face, medic=medic)
    if outcome is FirstAidOutcome.KIA:
        return "kia"
    return "wia" if outcome is FirstAidOutcome.WIA else "slight"


def victory_margin(difference: int) -> str:
    """Margin of Victory Table (Victory Points)."""
    return margin_of_victory(difference).value


def victory_winner(difference: int) -> str:
    """Who wins by this difference of victory points: "regular", "insurgent" or "none"
    (Margin of Victory Table; R44), from `game.rules.victory`."""
    side = winning_side(difference)
    if side is None:
        return "none"
    return REGULAR if side is Side.REGULAR else INSURGENT


WEAPON_KINDS = {
    Weapon.STANDARD: "small_arms",
    Weapon.LIGHT_SUPPORT: "l_support",
    Weapon.MEDIUM_SUPPORT: "mg",
    Weapon.RPG: "rpg",
    Weapon.AT_RPG: "at_rpg",
}


@dataclass(frozen=True)
class Arrival:
    """One reinforcement group: figure kinds, where it arrives and the rolls that made it."""

    figures: tuple[str, ...]
    hot_spot_face: int
    hot_spot: int | None
    insurgent_chooses: bool
    lost: bool
    # the rolls for the log (ReinforcementRoll's data): the table's 2d6, its row, the dice
    # for small arms, RPG types and a leader
    rolls: dict[str, Any]
    # the support weapon a gunner made the group's leader keeps (R43), as a figure kind
    leader_weapon: str = ""
    edge: str = ""  # the table edge it arrives by, in a scenario with an edge table (R206)


def roll_reinforcements(
    level: str, dice: DiceSource, unavailable: set[int], edges: str = ""
) -> tuple[dict[str, Any], list[Arrival]]:
    """Arrival of Insurgent Reinforcements: the Insurgency Level, the 2d6 table, the hot spots.

    `unavailable` holds the hot spot numbers that are neutralized or not on the map.
    Returns the Insurgency Level roll (InsurgencyLevel's data) and the arriving (or lost) groups.
    `edges` names an edge table (`EDGE_TABLES`): each group rolls for a table edge instead.
    """
    parsed: int | str = int(level) if level.isdigit() else level
    table = EDGE_TABLES[edges] if edges else None
    report = rules_roll_reinforcements(parsed, dice, frozenset(unavailable), edges=table)
    roll = report.insurgency
    head = {"level": level, "face": roll.face, "arrive": roll.face is None or roll.arrive}
    arrivals: list[Arrival] = []
    for unit in report.units:
        kinds = tuple(
            "leader" if f.is_leader else WEAPON_KINDS.get(f.weapon, "small_arms")
            for f in unit.figures
        )
        row = unit.row
        rolls = {
            "table_faces": list(unit.table_roll),
            "row": {
                "small_arms_dice": row.small_arms_dice,
                "small_arms_bonus": row.small_arms_bonus,
                "leader": row.leader,
                "light_support": row.light_support,
                "rpgs": row.rpgs,
                "roll_again": row.roll_again,
            },
            "small_arms_faces": list(unit.small_arms_faces),
            "rpg_faces": list(unit.rpg_faces),
            "rpg_anti_tank": [rpg_is_anti_tank(f) for f in unit.rpg_faces],
            "leaderless_face": unit.leaderless_face,
            "has_leader": unit.has_leader,
        }
        leader_weapon = next(
            (
                WEAPON_KINDS[f.weapon]
                for f in unit.figures
                if f.is_leader and f.weapon is not Weapon.STANDARD
            ),
            "",
        )
        arrival = unit.arrival
        face = getattr(arrival, "face", 0)
        arrivals.append(
            Arrival(
                kinds,
                face,
                unit.hot_spot,
                unit.insurgent_chooses,
                not unit.arrives,
                rolls,
                leader_weapon,
                unit.edge or "",
            )
        )
    return head, arrivals


weapon_words = narration.weapon_words
figure_words = narration.figure_words


DEPENDANT_KINDS = {
    "contractor": DependantKind.CONTRACTOR,
    "casualty": DependantKind.CASUALTY,
    "pow": DependantKind.PRISONER,
    "rescued": DependantKind.RESCUED,
    "poi": DependantKind.VIP,  # civilians (issue 21): Hornet's Nest's Person of Interest
}


_RULES_UNITS: dict[tuple[Any, ...], Unit] = {}
_RULES_UNITS_LIMIT = 4096


def rules_unit(unit: UnitState) -> Unit:
    """The engine's unit as the rules room's `Unit` (no positions; figures, ratings, weapons).

    Remembered by everything it is built from: the AIs ask for every unit at every decision,
    and a `Unit` is frozen, so one built for the same figures serves again."""
    key = (
        unit.id,
        unit.side,
        unit.name,
        unit.armour,
        tuple(unit.dependants),
        unit.night_vision,
        tuple((f.id, f.kind, f.weapon, f.quality, f.morale, f.status) for f in unit.figures),
        unit.designation,  # support assets (issue 19): Special Weapon and Sniper Teams
    )
    found = _RULES_UNITS.get(key)
    if found is None:
        if len(_RULES_UNITS) >= _RULES_UNITS_LIMIT:
            _RULES_UNITS.clear()
        found = _RULES_UNITS[key] = _build_rules_unit(unit)
    return found


def _build_rules_unit(unit: UnitState) -> Unit:
    figures = []
    for f in unit.figures:
        weapon = KIND_WEAPONS.get(f.arms, Weapon.STANDARD)
        label = narration.SUPPORT_WEAPONS.get(f.arms, "")
        if f.kind == "leader":  # a Regular "leader" is the squad leader above fireteam level
            role = Role.INSURGENT_LEADER if unit.side == INSURGENT else Role.LEADER
        else:
            role = Role.MEDIC if f.kind == "medic" else Role.RIFLEMAN
        figures.append(
            Figure(
                f.id,
                weapon=weapon,
                role=role,
                quality=Quality(f.quality),
                morale=Morale(f.morale),
                status=FigureStatus.EFFECTIVE if f.effective else FigureStatus.CASUALTY,
                weapon_name=label,
                emplaced=f.arms in EMPLACED_ARMS,  # --- cards (issue 19): Dishkuh! (R285)
            )
        )
    counts: dict[str, int] = {}
    for d in unit.dependants:
        counts[d] = counts.get(d, 0) + 1
    return Unit(
        unit.id,
        Side.REGULAR if unit.side == REGULAR else Side.INSURGENT,
        unit_quality(unit),
        Morale(unit.base_morale()),
        tuple(figures),
        name=unit.name,
        body_armour=unit.armour,
        dependants=tuple(
            Dependants(DEPENDANT_KINDS[k], n)
            for k, n in sorted(counts.items())
            if k in DEPENDANT_KINDS
        ),
        designation=Designation(unit.designation) if unit.designation else Designation.NONE,
        night_vision=unit.night_vision,
    )


@dataclass(frozen=True)
class MergedRatings:
    quality: str  # e.g. "Trained (d8)"
    morale: str


def merged_ratings(keeper: UnitState, other: UnitState) -> MergedRatings:
    """The Troop Quality and Morale of two units merged into one (Rulebook: Merging Units;
    Mixed Units), from the rules room's `merge_units`."""
    merged = merge_units(rules_unit(keeper), rules_unit(other))
    return MergedRatings(merged.quality.label, merged.morale.label)


def unit_quality(unit: UnitState) -> Quality:
    return Quality.from_die(unit.quality_die())


def breakdown_of(items: tuple[tuple[str, int], ...], minimum: int) -> Breakdown:
    """The rules room's itemised pool as the engine's narrated breakdown."""
    result = Breakdown(capped_at=99, minimum=minimum)
    for name, value in items:
        if value >= 0:
            result.items.append((name, value))
        else:
            result.penalties.append((name, -value))
    return result


def moved_rapidly(unit: UnitState, turn: int) -> bool:
    """The unit moved at the Rapid rate this turn (Rulebook: Rapid Movement; Firepower: the
    firer loses a die, whoever fires at it gains one)."""
    return unit.move_rate_turn == turn and unit.move_rate == MoveRate.RAPID


def counts_in_cover(unit: UnitState, turn: int, *, stationary: bool, exposed: bool) -> bool:
    """Does the unit get the In Cover die? (Rulebook: Cover Dice; R52, R68, R120).

    An Exposed unit never does, whatever it did to get In Cover (R52, R120). Otherwise a unit
    that Got In Cover keeps it until it moves, at most through the next turn (`in_cover_turn` at
    or after this turn, R68), and a Regular unit that has not moved this turn claims it.
    `stationary` is asked rather than read, so the AIs can weigh a unit where it would stand
    after a move."""
    if exposed:
        return False
    return unit.in_cover_turn >= turn or (unit.side == REGULAR and stationary)


def firepower(
    firer: UnitState,
    *,
    distance: float,
    target_exposed: bool,
    target_moved_rapidly: bool,
    interruption_penalty: int,
    vs_close_assault: bool,
    firer_moved_rapidly: bool,
    figure_ids: tuple[str, ...] | None = None,
    team_bonus: bool = True,
    night: bool = False,
) -> Breakdown:
    """Firepower with its breakdown (Rulebook: Firepower; R16, R17), from `game.rules.firepower`.

    `figure_ids` restricts it to one portion of split fire (R19); `night`: the game is fought at
    night (Night Fighting: a die off and half the Optimum Range without night vision, R200)."""
    conditions = FireConditions(
        distance=distance,
        target_exposed=target_exposed,
        target_moved_rapidly=target_moved_rapidly,
        interruptions=interruption_penalty + 1 if interruption_penalty else 0,
        vs_close_assault=vs_close_assault,
        firer_moved_rapidly=firer_moved_rapidly,
        night=night,
    )
    result = rules_firepower(
        rules_unit(firer), conditions, figure_ids=figure_ids, team_bonus=team_bonus
    )
    return breakdown_of(result.items, 0)


def check_split(firer: UnitState, portions: tuple[tuple[str, tuple[str, ...]], ...]) -> str:
    """Why this split of fire is not allowed (Rulebook: Splitting Fire, R19), or ''."""
    try:
        split_fire(
            rules_unit(firer),
            [FirePortion(target, tuple(ids), FireConditions()) for target, ids in portions],
        )
    except (IllegalFire, KeyError) as why:
        return str(why).strip("'")
    return ""


def defense(
    unit: UnitState,
    *,
    in_cover: bool,
    solid_cover: bool,
    charging: bool,
    extra: tuple[tuple[str, int], ...] = (),
) -> Breakdown:
    """Defense with its breakdown (Rulebook: Defense; R18), from `game.rules.firepower`."""
    result = rules_defense(
        rules_unit(unit),
        in_cover=in_cover,
        solid_cover=solid_cover,
        charging=charging,
        extra=extra,
    )
    return breakdown_of(result.items, 1)


def who_got_hit(
    unit: UnitState, casualties: int, dice: DiceSource, *, sniper: bool = False
) -> tuple[str, ...]:
    """Rulebook: Who Got Hit? — ids of the effective figures hit, from `game.rules.casualties`;
    `sniper`: a Sniper Team's hits take a Leader first (Rulebook: Sniper Teams)."""
    return pick_unit_casualties(rules_unit(unit), casualties, dice, sniper=sniper)

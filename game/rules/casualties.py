"""Casualties: who got hit, First Aid, Dependants, the penalties casualties bring.

Rulebook: Casualties and Casualty Evacuation (Who Got Hit?, First Aid Checks for Regulars,
Medics & Special Forces Units), Dependants & Casualties, Abandoning Casualties, Fire at Units
with Dependants & Casualties, Sniper Teams; the quick reference's "Who Got Hit!" table.
Rulings R27, R40, R41.

The functions take plain inputs (a list of hit categories, counts, faces) so the engine can call
them with any unit model; `unit_hit_categories` bridges from `game.rules.units.Unit`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Final

from game.rules.dice import DiceSource, Die
from game.rules.quality import SUCCESS_TARGET, Morale, Quality, QualityTestResult, quality_test
from game.rules.units import DependantKind, Figure, FigureStatus, Role, Side, Unit, Weapon


class HitCategory(Enum):
    """What the Who Got Hit table distinguishes (quick reference, "Who Got Hit!").

    For Insurgents: LEADER is an Insurgent leader, SPECIAL a support weapon gunner. For Regulars
    only an attached higher leader (LEADER) and a medic (SPECIAL) matter (R41).
    """

    LEADER = "L"
    SPECIAL = "S"
    OTHER = "O"


class HitBand(Enum):
    """A band of the Who Got Hit table and the order in which it falls through (R41)."""

    LEADER_SPECIAL_OTHER = "L/S/O"
    SPECIAL_OTHER = "S/O"
    OTHER = "O"

    @property
    def preference(self) -> tuple[HitCategory, ...]:
        """Whom the band hits, in order; when those are gone the hit climbs back up (R41)."""
        leader, special, other = HitCategory.LEADER, HitCategory.SPECIAL, HitCategory.OTHER
        return {
            HitBand.LEADER_SPECIAL_OTHER: (leader, special, other),
            HitBand.SPECIAL_OTHER: (special, other, leader),
            HitBand.OTHER: (other, special, leader),
        }[self]


@dataclass(frozen=True)
class WhoGotHitRow:
    """One row of the Who Got Hit table: unit sizes, die, and the top face of each band."""

    smallest: int
    largest: int | None
    die: Die
    leader_band_top: int
    special_band_top: int

    def band(self, face: int) -> HitBand:
        if not 1 <= face <= int(self.die):
            raise ValueError(f"face {face} is impossible on a {self.die.label}")
        if face <= self.leader_band_top:
            return HitBand.LEADER_SPECIAL_OTHER
        if face <= self.special_band_top:
            return HitBand.SPECIAL_OTHER
        return HitBand.OTHER

    @property
    def sizes(self) -> str:
        if self.largest is None:
            return f"{self.smallest}+"
        if self.largest == self.smallest:
            return str(self.smallest)
        return f"{self.smallest}-{self.largest}"


WHO_GOT_HIT_TABLE: Final[tuple[WhoGotHitRow, ...]] = (
    WhoGotHitRow(2, 2, Die.D6, 3, 6),  # no O band: 4-6 is S/O
    WhoGotHitRow(3, 3, Die.D6, 2, 4),
    WhoGotHitRow(4, 4, Die.D8, 2, 4),
    WhoGotHitRow(5, 5, Die.D10, 2, 4),
    WhoGotHitRow(6, 6, Die.D6, 1, 2),
    WhoGotHitRow(7, 8, Die.D8, 1, 2),
    WhoGotHitRow(9, None, Die.D10, 1, 2),
)
"""The quick reference's Who Got Hit! table (by Timothy Berry), by unit size."""


def who_got_hit_row(size: int) -> WhoGotHitRow:
    """Quick reference: Who Got Hit! — the row for a unit of `size` figures (2 or more)."""
    for row in WHO_GOT_HIT_TABLE:
        if size >= row.smallest and (row.largest is None or size <= row.largest):
            return row
    raise ValueError(f"Who Got Hit: a unit of {size} figure(s) needs no roll (2 or more only)")


@dataclass(frozen=True)
class HitRoll:
    """One roll on the Who Got Hit table."""

    size: int
    die: Die
    face: int
    band: HitBand


@dataclass(frozen=True)
class HitPick:
    """One casualty: the index of the figure hit, its category, and the roll (None: no roll)."""

    index: int
    category: HitCategory
    roll: HitRoll | None
    by_sniper: bool = False


@dataclass(frozen=True)
class WhoGotHitResult:
    """Every casualty picked, in order."""

    picks: tuple[HitPick, ...]

    @property
    def indices(self) -> tuple[int, ...]:
        return tuple(pick.index for pick in self.picks)

    def count(self, category: HitCategory) -> int:
        return sum(1 for pick in self.picks if pick.category is category)


def _first_of(
    standing: Sequence[int], categories: Sequence[HitCategory], wanted: HitCategory
) -> int | None:
    return next((i for i in standing if categories[i] is wanted), None)


def pick_casualties(
    categories: Sequence[HitCategory],
    casualties: int,
    dice: DiceSource,
    *,
    sniper: bool = False,
) -> WhoGotHitResult:
    """Rulebook: Who Got Hit?; Sniper Teams — pick which figures the casualties fall on (R41).

    Each casualty is rolled on the row for the figures still standing at that moment. No die is
    rolled when the result cannot matter (every standing figure is hit, or all standing figures
    are of one category). A band whose figures are gone falls through L -> S -> O, and climbs
    back up (O -> S -> L) when only figures of higher bands remain. A Sniper Team's first
    casualty is a leader when one stands, and no second leader falls to the same attack while
    anyone else remains. Within a category the earliest figure in `categories` is hit.
    """
    if casualties < 0:
        raise ValueError(f"casualties: {casualties} must not be negative")
    standing = list(range(len(categories)))
    picks: list[HitPick] = []
    sniper_took_leader = False
    for _ in range(min(casualties, len(categories))):
        if casualties - len(picks) >= len(standing):
            picks.extend(HitPick(i, categories[i], None) for i in standing)
            break
        if sniper and not sniper_took_leader:
            leader = _first_of(standing, categories, HitCategory.LEADER)
            if leader is not None:
                sniper_took_leader = True
                picks.append(HitPick(leader, HitCategory.LEADER, None, by_sniper=True))
                standing.remove(leader)
                continue
        candidates = standing
        if sniper_took_leader:
            spared = [i for i in standing if categories[i] is not HitCategory.LEADER]
            candidates = spared or standing
        roll: HitRoll | None = None
        if len({categories[i] for i in candidates}) == 1:
            chosen = candidates[0]
        else:
            row = who_got_hit_row(len(standing))
            face = dice.roll(row.die)
            band = row.band(face)
            roll = HitRoll(len(standing), row.die, face, band)
            chosen = next(
                index
                for category in band.preference
                if (index := _first_of(candidates, categories, category)) is not None
            )
        picks.append(HitPick(chosen, categories[chosen], roll))
        standing.remove(chosen)
    return WhoGotHitResult(tuple(picks))


def regular_hit_matters(categories: Sequence[HitCategory]) -> bool:
    """Rulebook: Who Got Hit? — for Regulars only an attached higher leader or medic matters."""
    return any(category is not HitCategory.OTHER for category in categories)


def figure_hit_category(side: Side, role: Role, carries_support_weapon: bool) -> HitCategory:
    """Rulebook: Who Got Hit? — how one figure reads on the table for its side (R41)."""
    if side is Side.REGULAR:
        if role is Role.LEADER:
            return HitCategory.LEADER
        return HitCategory.SPECIAL if role is Role.MEDIC else HitCategory.OTHER
    if role.is_leader:
        return HitCategory.LEADER
    return HitCategory.SPECIAL if carries_support_weapon else HitCategory.OTHER


def unit_hit_categories(unit: Unit) -> tuple[HitCategory, ...]:
    """Rulebook: Who Got Hit? — the categories of the unit's combat-effective figures, in order."""
    return tuple(
        figure_hit_category(unit.side, figure.role, figure.weapon.is_support)
        for figure in unit.effective_figures
    )


def pick_unit_casualties(
    unit: Unit, casualties: int, dice: DiceSource, *, sniper: bool = False
) -> tuple[str, ...]:
    """Rulebook: Who Got Hit? — the ids of the unit's effective figures that are hit."""
    effective = unit.effective_figures
    result = pick_casualties(unit_hit_categories(unit), casualties, dice, sniper=sniper)
    return tuple(effective[index].id for index in result.indices)


def special_weapon_pickup_check(
    quality: Quality, dice: DiceSource, *, pinned: bool = False
) -> QualityTestResult:
    """Rulebook: Who Got Hit? — an Insurgent gunner is hit: can someone else use the weapon?"""
    return quality_test(quality, dice, pinned=pinned, purpose="Pick up the support weapon")


def _pick_up_weapon(
    unit: Unit, gunner: Figure, dice: DiceSource, pinned: bool
) -> tuple[Unit, QualityTestResult | None]:
    riflemen = [f for f in unit.effective_figures if f.weapon is Weapon.STANDARD]
    if not riflemen:
        return unit, None
    check = special_weapon_pickup_check(unit.quality, dice, pinned=pinned)
    if not check.passed:
        return unit, check
    taker = sorted(riflemen, key=lambda f: f.role.is_leader)[0]
    new_taker = replace(taker, weapon=gunner.weapon, weapon_name=gunner.weapon_name)
    return unit.with_figure(new_taker), check


@dataclass(frozen=True)
class HitsApplied:
    """A unit after its hit figures are dealt with (see `apply_hits`)."""

    unit: Unit
    hit_ids: tuple[str, ...]
    removed_ids: tuple[str, ...]
    pickup_checks: tuple[QualityTestResult, ...]


def apply_hits(
    unit: Unit, hit_ids: Sequence[str], dice: DiceSource, *, pinned: bool = False
) -> HitsApplied:
    """Rulebook: Casualties and Casualty Evacuation; Who Got Hit? — what happens to hit figures.

    Regulars: the figures stop fighting and await First Aid (R27). Insurgents: the figures leave
    play at once; for each support gunner among them the unit tests Quality, and on a pass the
    weapon goes to a rifleman (not the leader while another rifleman remains); with nobody left
    to carry it no test is rolled.
    """
    if unit.side is Side.REGULAR:
        for figure_id in hit_ids:
            unit = unit.with_figure_status(figure_id, FigureStatus.CASUALTY)
        return HitsApplied(unit, tuple(hit_ids), (), ())
    gunners = [unit.figure(i) for i in hit_ids if unit.figure(i).weapon.is_support]
    unit = unit.without_figures(hit_ids)
    checks: list[QualityTestResult] = []
    for gunner in gunners:
        unit, check = _pick_up_weapon(unit, gunner, dice, pinned)
        if check is not None:
            checks.append(check)
    return HitsApplied(unit, tuple(hit_ids), tuple(hit_ids), tuple(checks))


# --- First Aid ----------------------------------------------------------------------------------


class FirstAidOutcome(Enum):
    """Rulebook: Standard / Medic First Aid Table."""

    KIA = "KIA"
    WIA = "WIA"
    RETURNS = "returns to action"

    @property
    def removed(self) -> bool:
        """KIA and WIA figures leave play and become the unit's Dependants (R27)."""
        return self is not FirstAidOutcome.RETURNS


@dataclass(frozen=True)
class FirstAidRoll:
    face: int
    medic: bool
    outcome: FirstAidOutcome


def first_aid_outcome(face: int, *, medic: bool) -> FirstAidOutcome:
    """Rulebook: Standard First Aid Table (1 / 2-4 / 5-6); Medic First Aid Table (1 / 2-3 / 4-6)."""
    if not 1 <= face <= 6:
        raise ValueError(f"First Aid: face {face} is impossible on a d6")
    if face == 1:
        return FirstAidOutcome.KIA
    wia_top = 3 if medic else 4
    return FirstAidOutcome.WIA if face <= wia_top else FirstAidOutcome.RETURNS


def roll_first_aid(casualties: int, dice: DiceSource, *, medic: bool) -> tuple[FirstAidRoll, ...]:
    """Rulebook: First Aid Checks for Regulars — one d6 per hit figure (medic table if treated)."""
    if casualties < 0:
        raise ValueError(f"casualties: {casualties} must not be negative")
    faces = dice.roll_many(Die.D6, casualties)
    return tuple(FirstAidRoll(face, medic, first_aid_outcome(face, medic=medic)) for face in faces)


def may_make_first_aid(*, in_solid_cover: bool, in_insurgent_los: bool) -> bool:
    """Rulebook: First Aid Checks for Regulars — only in Solid Cover or out of all Insurgent LOS."""
    return in_solid_cover or not in_insurgent_los


def treated_by_medic(unit: Unit, *, special_forces: bool = False) -> bool:
    """Rulebook: Medics & Special Forces Units — an unhurt medic, or any Special Forces unit."""
    return special_forces or unit.has_medic


@dataclass(frozen=True)
class UnitFirstAid:
    """A Regular unit's First Aid, figure by figure (see `unit_first_aid`)."""

    unit: Unit
    rolls: tuple[tuple[str, FirstAidRoll], ...]
    removed_ids: tuple[str, ...]
    returning_ids: tuple[str, ...]

    @property
    def kia(self) -> int:
        return sum(1 for _, roll in self.rolls if roll.outcome is FirstAidOutcome.KIA)

    @property
    def wia(self) -> int:
        return sum(1 for _, roll in self.rolls if roll.outcome is FirstAidOutcome.WIA)


def unit_first_aid(unit: Unit, dice: DiceSource, *, special_forces: bool = False) -> UnitFirstAid:
    """Rulebook: First Aid Checks for Regulars — roll for every hit figure of the unit (R27).

    KIA and WIA figures leave the unit and ride along as Dependants (kind CASUALTY) until handed
    off; slightly hurt figures stay hit and come back with `return_to_action` at the start of
    the next turn. The caller checks `may_make_first_aid` first.
    """
    hit = unit.casualty_figures
    medic = treated_by_medic(unit, special_forces=special_forces)
    rolls = roll_first_aid(len(hit), dice, medic=medic)
    removed = tuple(f.id for f, roll in zip(hit, rolls, strict=True) if roll.outcome.removed)
    returning = tuple(f.id for f, roll in zip(hit, rolls, strict=True) if not roll.outcome.removed)
    after = unit.without_figures(removed)
    if removed:
        after = after.with_dependants(DependantKind.CASUALTY, len(removed))
    paired = tuple((f.id, roll) for f, roll in zip(hit, rolls, strict=True))
    return UnitFirstAid(after, paired, removed, returning)


def return_to_action(unit: Unit, figure_ids: Sequence[str]) -> Unit:
    """Rulebook: First Aid tables — slightly hurt figures fight again from the next turn (R27)."""
    for figure_id in figure_ids:
        unit = unit.with_figure_status(figure_id, FigureStatus.EFFECTIVE)
    return unit


# --- Penalties of casualties and dependants ------------------------------------------------------


@dataclass(frozen=True)
class CasualtyPenalties:
    """What casualties and Dependants impose on a Regular unit right now.

    Rulebook: Dependants; Casualties; First Aid Checks for Regulars. R27.
    """

    firepower_modifier: int
    """-1 die while escorting Dependants (R16 applies it after the cap)."""
    rapid_movement_allowed: bool
    quality_check_to_move_faster_than_cautious: bool
    """Once any figure has been removed as a casualty, for the rest of the game."""
    tending_wounded: bool
    """Hit figures await First Aid: the unit may only react to Insurgents."""
    must_move_to_safety: bool
    """Tending wounded but not yet in Solid Cover / out of LOS: move there (or towards it)."""
    may_make_first_aid: bool
    fires_only_in_reaction: bool


def casualty_penalties(
    *,
    has_dependants: bool,
    has_lost_figures: bool,
    awaiting_first_aid: bool,
    in_solid_cover: bool = False,
    in_insurgent_los: bool = True,
) -> CasualtyPenalties:
    """Rulebook: Dependants & Casualties; First Aid Checks for Regulars — what the unit may do."""
    safe = may_make_first_aid(in_solid_cover=in_solid_cover, in_insurgent_los=in_insurgent_los)
    return CasualtyPenalties(
        firepower_modifier=-1 if has_dependants else 0,
        rapid_movement_allowed=not has_dependants,
        quality_check_to_move_faster_than_cautious=has_lost_figures,
        tending_wounded=awaiting_first_aid,
        must_move_to_safety=awaiting_first_aid and not safe,
        may_make_first_aid=awaiting_first_aid and safe,
        fires_only_in_reaction=awaiting_first_aid,
    )


def faster_than_cautious_check(
    quality: Quality, dice: DiceSource, *, pinned: bool = False
) -> QualityTestResult:
    """Rulebook: Casualties — a Regular unit that has lost figures tests to move faster than
    Cautious (every time, for the rest of the game)."""
    return quality_test(quality, dice, pinned=pinned, purpose="Move faster than Cautious")


# --- Fire at units with Dependants ---------------------------------------------------------------


@dataclass(frozen=True)
class DependantHits:
    """How a volley's casualties split between fighting figures and Dependants/Casualties."""

    on_figures: int
    on_dependants: int
    defense_failures: int
    defense_successes: int


def split_casualties_with_dependants(
    casualties: int, defense_faces: Sequence[int], *, dependants: int
) -> DependantHits:
    """Rulebook: Fire at Units with Dependants & Casualties — one hit may fall on a Dependant.

    When the Defense roll shows more failures (3 or less) than successes and the volley caused
    casualties, exactly one of them falls on a Dependant (R40).
    """
    if casualties < 0 or dependants < 0:
        raise ValueError("casualties and dependants must not be negative")
    failures = sum(1 for face in defense_faces if face < SUCCESS_TARGET)
    successes = len(defense_faces) - failures
    one_on_dependant = dependants > 0 and casualties > 0 and failures > successes
    on_dependants = 1 if one_on_dependant else 0
    return DependantHits(casualties - on_dependants, on_dependants, failures, successes)


# --- Abandoning casualties -----------------------------------------------------------------------


@dataclass(frozen=True)
class AbandonedCasualties:
    """A Regular unit's state after abandoning its casualties (Rulebook: Abandoning Casualties).

    `quality`/`morale` are None when reduced below d6; then `removed` is set.
    """

    quality: Quality | None
    morale: Morale | None

    @property
    def removed(self) -> bool:
        return self.quality is None or self.morale is None


def abandon_casualties(quality: Quality, morale: Morale) -> AbandonedCasualties:
    """Rulebook: Abandoning Casualties — Quality and Morale drop one die type; below d6 removed."""
    quality_die = quality.die.shifted(-1)
    morale_die = morale.die.shifted(-1)
    return AbandonedCasualties(
        Quality.from_die(quality_die) if quality_die else None,
        Morale.from_die(morale_die) if morale_die else None,
    )


def roll_abandoned_casualties_captured(count: int, dice: DiceSource) -> tuple[int, ...]:
    """Rulebook: Abandoning Casualties — at game end a d6 per abandoned casualty, 4+ is a POW.

    Returns the faces; count the POWs with `sum(face >= 4 for face in faces)`.
    """
    if count < 0:
        raise ValueError(f"abandoned casualties: {count} must not be negative")
    return dice.roll_many(Die.D6, count)


def abandoned_casualty_captured(face: int) -> bool:
    """Rulebook: Abandoning Casualties — an abandoned casualty is taken prisoner on 4+."""
    return face >= SUCCESS_TARGET

"""Firepower and Defense: how many Troop Quality dice each side throws, item by item.

Rulebook: Fire Combat (Defense, The Defense Cap, Cover Dice, Armor Dice, Firepower, The Firepower
Cap, Optimum Range, Support Weapon Dice, Night Fighting, Splitting Fire), Special Weapon Teams,
Sniper Teams, Fire at Units with Dependants & Casualties. Rulings R16-R19.

Both results carry an itemised breakdown `(label, dice)` in the order the rules apply them, so the
interface can show exactly why a unit throws the dice it throws.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

from game.rules.dice import Die
from game.rules.quality import Quality
from game.rules.units import Figure, Unit
from game.rules.wording import counted

FIREPOWER_CAP = 10
DEFENSE_CAP = 10
SPECIAL_WEAPON_TEAM_BONUS = 2

Item = tuple[str, int]
R = TypeVar("R")


class IllegalFire(ValueError):
    """A fire declaration the rules do not allow (too many targets, a figure used twice...)."""


@dataclass(frozen=True)
class FireConditions:
    """What the firer and its target are doing, as far as Firepower cares (R16, R17).

    `distance` is centre to centre in inches (R9); None means "not measured": no Optimum Range die
    unless the firer is always in range.

    `interruptions` says which fire of an interrupted activation this is (R37): reaction fire
    against the k-th interruption passes k, the unit's own fire after N interruptions passes N + 1,
    an Overwatch unit making its k-th interruption passes k. It costs `interruptions − 1` dice.
    """

    distance: float | None = None
    target_exposed: bool = False
    target_moved_rapidly: bool = False
    interruptions: int = 0
    vs_close_assault: bool = False
    firer_moved_rapidly: bool = False
    night: bool = False


@dataclass(frozen=True)
class Firepower:
    """The dice a firing unit (or one portion of split fire) throws, with its breakdown."""

    dice: int
    die: Die
    items: tuple[Item, ...]

    @property
    def can_fire(self) -> bool:
        """Firepower of 0 or less cannot fire (R16)."""
        return self.dice > 0

    @property
    def label(self) -> str:
        return f"{self.dice}{self.die.label}" if self.can_fire else "cannot fire"

    @cached_property  # frozen: worded once (a remembered answer is read again and again)
    def reason(self) -> str:
        parts = ", ".join(f"{name} {value:+d}" for name, value in self.items)
        return f"Firepower {self.label}: {parts}"


@dataclass(frozen=True)
class Defense:
    """The dice a target unit throws in defense, with its breakdown (R18)."""

    dice: int
    die: Die
    items: tuple[Item, ...]

    @property
    def label(self) -> str:
        return f"{self.dice}{self.die.label}"

    @cached_property  # frozen: worded once (a remembered answer is read again and again)
    def reason(self) -> str:
        parts = ", ".join(f"{name} {value:+d}" for name, value in self.items)
        return f"Defense {self.label}: {parts}"


def _figures_label(count: int) -> str:
    return counted(count, "figure")


def _select(unit: Unit, figure_ids: Iterable[str] | None) -> tuple[Figure, ...]:
    if figure_ids is None:
        return unit.effective_figures
    chosen: list[Figure] = []
    for figure_id in figure_ids:
        try:
            figure = unit.figure(figure_id)
        except KeyError:
            raise IllegalFire(f"unit {unit.id!r} has no figure {figure_id!r}") from None
        if not figure.is_effective:
            raise IllegalFire(
                f"unit {unit.id!r}: figure {figure_id!r} is a casualty and cannot fire"
            )
        chosen.append(figure)
    return tuple(chosen)


def optimum_range(
    unit: Unit, *, figure_ids: Iterable[str] | None = None, night: bool = False
) -> float | None:
    """The firing figures' Optimum Range in inches; None when always in range (Optimum Range, R17).

    The lowest Troop Quality among the firers sets the range (Mixed Unit Range); a support weapon
    among them doubles it (any weapon in range is enough); night without night vision halves it
    (Night Fighting). Sniper Teams and emplaced or vehicle-mounted support weapons are always in
    range.
    """
    figures = _select(unit, figure_ids)
    if unit.is_sniper_team:
        return None
    if any(f.weapon.is_support and f.emplaced for f in figures):
        return None
    qualities = [unit.figure_quality(f) for f in figures]
    base = float(min(qualities).optimum_range if qualities else unit.range_quality.optimum_range)
    if any(f.weapon.is_support for f in figures):
        base *= 2
    if night and not unit.has_night_vision:
        base /= 2
    return base


def in_optimum_range(
    unit: Unit,
    distance: float | None,
    *,
    figure_ids: Iterable[str] | None = None,
    night: bool = False,
) -> bool:
    """Does the firer get the Optimum Range die at this distance? (Rulebook: Optimum Range, R17)."""
    reach = optimum_range(unit, figure_ids=figure_ids, night=night)
    if reach is None:
        return True
    return distance is not None and distance <= reach


def _special_weapon_team_applies(unit: Unit) -> bool:
    return unit.is_special_weapon_team and unit.quality >= Quality.TRAINED


def target_cap_and_interruptions(items: list[tuple[str, int]], conditions: FireConditions) -> None:
    """Append to a Firepower breakdown the target's modifiers (+1 Exposed, else +1 moved
    Rapidly; R17), the cap of 10 dice (R16), and one die off per interruption after the first
    (R37): the steps every fire takes, a unit's or a vehicle-mounted weapon's."""
    if conditions.target_exposed:
        items.append(("target Exposed", 1))
    elif conditions.target_moved_rapidly:
        items.append(("target moved Rapidly", 1))
    total = sum(value for _, value in items)
    if total > FIREPOWER_CAP:
        items.append((f"Firepower cap {FIREPOWER_CAP}", FIREPOWER_CAP - total))
    extra_interruptions = max(0, conditions.interruptions - 1)
    if extra_interruptions:
        # one die per interruption after the first (R37); no count in the words, so the
        # breakdown never reads "+1 1 interruption" and the fire's own count is not restated
        items.append(("interrupted (R37)", -extra_interruptions))


def firepower(
    unit: Unit,
    conditions: FireConditions,
    *,
    figure_ids: Iterable[str] | None = None,
    team_bonus: bool = True,
) -> Firepower:
    """A unit's Firepower, capped at 10 before the penalties (Rulebook: Firepower; R16, R17).

    `figure_ids` limits the fire to some figures (one portion of split fire); `team_bonus=False`
    leaves the Special Weapon Team bonus to another portion.
    """
    if figure_ids is not None:
        return _firepower(unit, conditions, tuple(figure_ids), team_bonus)
    memo = unit.rules_memo  # the whole unit firing: remembered on the (frozen) unit
    key = ("firepower", conditions, team_bonus)
    found = memo.get(key)
    if found is None:
        found = _remember(memo, key, _firepower(unit, conditions, None, team_bonus))
    assert isinstance(found, Firepower)
    return found


MEMO_ANSWERS = 256
"""Not a rule: answers remembered per unit at most (each fire distance is its own question)."""


def _remember(memo: dict[tuple[object, ...], object], key: tuple[object, ...], answer: R) -> R:
    if len(memo) >= MEMO_ANSWERS:
        memo.clear()
    memo[key] = answer
    return answer


def _firepower(
    unit: Unit, conditions: FireConditions, firing_ids: tuple[str, ...] | None, team_bonus: bool
) -> Firepower:
    figures = _select(unit, firing_ids)
    items: list[Item] = [(_figures_label(len(figures)), len(figures))]
    for figure in figures:
        if figure.weapon.is_support:
            items.append((figure.weapon_label, figure.weapon.support_dice))
    if team_bonus and _special_weapon_team_applies(unit):
        team = "Sniper Team" if unit.is_sniper_team else "Special Weapon Team"
        items.append((team, SPECIAL_WEAPON_TEAM_BONUS))
    if in_optimum_range(unit, conditions.distance, figure_ids=firing_ids, night=conditions.night):
        items.append(("Optimum Range", 1))
    target_cap_and_interruptions(items, conditions)
    if conditions.vs_close_assault:
        items.append(("defensive fire vs Close Assault", -1))
    if conditions.firer_moved_rapidly:
        items.append(("moved Rapidly", -1))
    if unit.has_dependants:
        items.append(("Dependants", -1))
    if conditions.night and not unit.has_night_vision:
        items.append(("night without night vision", -1))
    dice = sum(value for _, value in items)
    return Firepower(dice=max(0, dice), die=unit.quality.die, items=tuple(items))


def defense(
    unit: Unit,
    *,
    in_cover: bool = False,
    solid_cover: bool = False,
    charging: bool = False,
    extra: tuple[Item, ...] = (),
) -> Defense:
    """A unit's Defense: figures + cover + armour − charging, cap 10, at least 1 (Defense, R18).

    Only combat-effective figures count; Dependants and casualties add nothing (Fire at Units with
    Dependants & Casualties). The charge penalty comes off before the cap (R39). `extra`: dice
    from elsewhere (a card's die, R189), counted before the cap like every other die (R250).
    """
    memo = unit.rules_memo  # remembered on the (frozen) unit, as `firepower` is
    key = ("defense", in_cover, solid_cover, charging, tuple(extra))
    found = memo.get(key)
    if found is None:
        found = _remember(memo, key, _defense(unit, in_cover, solid_cover, charging, extra))
    assert isinstance(found, Defense)
    return found


def _defense(
    unit: Unit, in_cover: bool, solid_cover: bool, charging: bool, extra: tuple[Item, ...]
) -> Defense:
    count = unit.effective_count
    items: list[Item] = [(_figures_label(count), count)]
    if in_cover:
        items.append(("In Cover", 1))
    if solid_cover:
        items.append(("Solid Cover", 1))
    if unit.body_armour:
        items.append(("body armour", 1))
    if charging:
        items.append(("charging into Close Assault", -1))
    items.extend(item for item in extra if item[1])
    total = sum(value for _, value in items)
    if total > DEFENSE_CAP:
        items.append((f"Defense cap {DEFENSE_CAP}", DEFENSE_CAP - total))
    elif total < 1:
        items.append(("at least 1 die", 1 - total))
    dice = sum(value for _, value in items)
    return Defense(dice=dice, die=unit.quality.die, items=tuple(items))


@dataclass(frozen=True)
class FirePortion:
    """One target of split fire: who fires at it and in what conditions (Splitting Fire, R19).

    A portion of support weapons only, firing at a vehicle, does not count as a split target
    (the rulebook's note under Splitting Fire).
    """

    target_id: str
    figure_ids: tuple[str, ...]
    conditions: FireConditions
    target_is_vehicle: bool = False


def split_fire(unit: Unit, portions: Sequence[FirePortion]) -> tuple[Firepower, ...]:
    """Validate split fire and compute each portion's Firepower (Rulebook: Splitting Fire, R19).

    Each figure (and so each support weapon) fires at one target only; a unit engages at most as
    many targets as its Troop Quality allows; each portion gets its own Optimum Range die and the
    firer's penalties. The Special Weapon Team bonus goes with the first portion that carries a
    support weapon, else with the first portion (R39).
    """
    if not portions:
        raise IllegalFire(f"unit {unit.id!r}: split fire needs at least one target")
    targets = [p.target_id for p in portions]
    repeated = sorted({t for t in targets if targets.count(t) > 1})
    if repeated:
        raise IllegalFire(f"unit {unit.id!r}: target {repeated[0]!r} named in two portions")
    seen: dict[str, str] = {}
    for portion in portions:
        if not portion.figure_ids:
            raise IllegalFire(
                f"unit {unit.id!r}: no figures assigned to target {portion.target_id!r}"
            )
        for figure_id in portion.figure_ids:
            if figure_id in seen:
                raise IllegalFire(
                    f"unit {unit.id!r}: figure {figure_id!r} fires at both "
                    f"{seen[figure_id]!r} and {portion.target_id!r}"
                )
            seen[figure_id] = portion.target_id
        _select(unit, portion.figure_ids)

    def support_only(portion: FirePortion) -> bool:
        return all(unit.figure(f).weapon.is_support for f in portion.figure_ids)

    counted = [p for p in portions if not (p.target_is_vehicle and support_only(p))]
    allowed = unit.quality.max_targets
    if len(counted) > allowed:
        raise IllegalFire(
            f"unit {unit.id!r}: {unit.quality.name.capitalize()} troops engage at most "
            f"{allowed} target{'s' if allowed > 1 else ''}, {len(counted)} declared"
        )
    bonus_index = next(
        (
            i
            for i, p in enumerate(portions)
            if any(unit.figure(f).weapon.is_support for f in p.figure_ids)
        ),
        0,
    )
    return tuple(
        firepower(unit, p.conditions, figure_ids=p.figure_ids, team_bonus=i == bonus_index)
        for i, p in enumerate(portions)
    )

"""Units and figures as frozen value types (Rulebook: Basic Unit Definitions and Attributes).

A unit knows its side, its Troop Quality and Morale, its figures (weapon, role, status, and an
optional quality/morale of their own for mixed units), its body armour, night vision, team
designation and the Dependants it escorts. It knows nothing about positions: the engine keeps those.

Changing a unit means building a new one (`with_figures`, `with_figure_status`, `merge_units`,
`split_unit`, ...); nothing here mutates.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property
from typing import TypeVar

from game.rules.quality import Morale, Quality


class Side(Enum):
    """Regulars or Insurgents (Rulebook: Regulars and Insurgents)."""

    REGULAR = "regular"
    INSURGENT = "insurgent"


class SupportClass(Enum):
    """Support weapon classes and the Firepower dice they add (Rulebook: Support Weapon Dice)."""

    LIGHT = 1
    MEDIUM = 2
    HEAVY = 3

    @property
    def dice(self) -> int:
        return self.value


class Weapon(Enum):
    """What a figure carries, as the rules see it (Rulebook: Firepower; Support Weapon Dice).

    RPG and AT RPG are Medium support weapons against infantry and the sniper rifle adds no
    support die (R36): a sniper's extra punch comes from being a designated Sniper Team.
    """

    STANDARD = "standard"
    """Assault rifle, AK, M4, carbine, pistol: one die per figure, nothing extra."""
    SNIPER_RIFLE = "sniper_rifle"
    LIGHT_SUPPORT = "light_support"
    """SAW, rifle grenade launcher, grenade launcher."""
    MEDIUM_SUPPORT = "medium_support"
    """HMG, GPMG, AGL, light mortar."""
    HEAVY_SUPPORT = "heavy_support"
    """Tank gun, AT missile."""
    RPG = "rpg"
    AT_RPG = "at_rpg"

    @property
    def support_class(self) -> SupportClass | None:
        """The support weapon class, None for a standard weapon (Rulebook: Support Weapon Dice)."""
        return _SUPPORT_CLASS.get(self)

    @property
    def support_dice(self) -> int:
        """Firepower dice this weapon adds beyond the figure's own die (Support Weapon Dice)."""
        support = self.support_class
        return 0 if support is None else support.dice

    @property
    def is_support(self) -> bool:
        return self.support_class is not None

    @property
    def label(self) -> str:
        return _WEAPON_LABELS[self]


_SUPPORT_CLASS: dict[Weapon, SupportClass] = {
    Weapon.LIGHT_SUPPORT: SupportClass.LIGHT,
    Weapon.MEDIUM_SUPPORT: SupportClass.MEDIUM,
    Weapon.HEAVY_SUPPORT: SupportClass.HEAVY,
    Weapon.RPG: SupportClass.MEDIUM,
    Weapon.AT_RPG: SupportClass.MEDIUM,
}

_WEAPON_LABELS: dict[Weapon, str] = {
    Weapon.STANDARD: "rifle",
    Weapon.SNIPER_RIFLE: "sniper rifle",
    Weapon.LIGHT_SUPPORT: "light support weapon",
    Weapon.MEDIUM_SUPPORT: "medium support weapon",
    Weapon.HEAVY_SUPPORT: "heavy support weapon",
    Weapon.RPG: "RPG",
    Weapon.AT_RPG: "AT RPG",
}


class Role(Enum):
    """A figure's role (Rulebook: Leaders; Medics & Special Forces Units)."""

    RIFLEMAN = "rifleman"
    FIRETEAM_LEADER = "fireteam_leader"
    LEADER = "leader"
    """A leader above fireteam leader (squad, platoon leader...): +1 to the unit's Morale rolls."""
    INSURGENT_LEADER = "insurgent_leader"
    """The designated leader an Insurgent unit needs to act without Quality tests."""
    MEDIC = "medic"

    @property
    def is_leader(self) -> bool:
        return self in (Role.FIRETEAM_LEADER, Role.LEADER, Role.INSURGENT_LEADER)


class FigureStatus(Enum):
    """Whether a figure fights (R27: hit Regulars stop counting at once, awaiting First Aid)."""

    EFFECTIVE = "effective"
    CASUALTY = "casualty"
    """Hit, awaiting a First Aid check: counts for neither Firepower nor Defense."""


class DependantKind(Enum):
    """Non-combatants a unit escorts (Rulebook: Dependants & Casualties)."""

    CASUALTY = "casualty"
    """Regular KIA/WIA being carried (R27)."""
    CONTRACTOR = "contractor"
    PRISONER = "prisoner"
    VIP = "vip"
    CIVILIAN = "civilian"
    RESCUED = "rescued"
    """A friendly POW freed from the enemy, escorted like a Dependant (POWs; R114)."""


@dataclass(frozen=True)
class Dependants:
    """A group of Dependants of one kind carried by a unit."""

    kind: DependantKind
    count: int

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError(f"dependant count must not be negative, got {self.count}")


class Designation(Enum):
    """Team designations that change Firepower (Special Weapon Teams; Sniper Teams)."""

    NONE = "none"
    SPECIAL_WEAPON_TEAM = "special_weapon_team"
    SNIPER_TEAM = "sniper_team"
    """A Sniper Team is also a Special Weapon Team (Rulebook: Sniper Teams)."""


@dataclass(frozen=True)
class Figure:
    """One figure. `quality`/`morale` None means "as the unit's" (set them for mixed units)."""

    id: str
    weapon: Weapon = Weapon.STANDARD
    role: Role = Role.RIFLEMAN
    quality: Quality | None = None
    morale: Morale | None = None
    status: FigureStatus = FigureStatus.EFFECTIVE
    weapon_name: str = ""
    """What to call the weapon in narration ("SAW", "M203"); empty: use the weapon's label."""
    emplaced: bool = False
    """The figure's support weapon is emplaced or vehicle-mounted: always in Optimum Range."""

    @property
    def is_effective(self) -> bool:
        return self.status is FigureStatus.EFFECTIVE

    @property
    def weapon_label(self) -> str:
        return self.weapon_name or self.weapon.label


_V = TypeVar("_V", Quality, Morale)


def _majority_or_lowest(values: Sequence[_V]) -> _V:
    """Mixed units: the value most figures have; if that is tied, the lowest in the unit (R38)."""
    counts = Counter(values)
    top = max(counts.values())
    leaders = [value for value, count in counts.items() if count == top]
    if len(leaders) == 1:
        return leaders[0]
    return min(values)


@dataclass(frozen=True)
class Unit:
    """A unit: its side, ratings, figures and what it carries (Basic Unit Definitions).

    `base_quality` and `base_morale` are the ratings of figures that do not state their own; read
    `quality` and `morale` for the unit's ratings after the mixed-unit rules.
    """

    id: str
    side: Side
    base_quality: Quality
    base_morale: Morale
    figures: tuple[Figure, ...]
    name: str = ""
    body_armour: bool = False
    night_vision: bool | None = None
    """None: the rulebook default, Regulars have night vision and Insurgents do not."""
    designation: Designation = Designation.NONE
    dependants: tuple[Dependants, ...] = field(default=())

    def __post_init__(self) -> None:
        ids = [figure.id for figure in self.figures]
        if len(set(ids)) == len(ids):
            return  # (the usual case, found without counting every id)
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ValueError(f"unit {self.id!r}: figure ids used twice: {', '.join(duplicates)}")

    @cached_property
    def rules_memo(self) -> dict[tuple[object, ...], object]:
        """Answers of the rules' pure functions about this unit, by their other arguments
        (`firepower`, `defense`): a Unit is frozen, so an answer never goes stale; a changed
        unit is a new Unit with an empty memo. The AIs and the Close Assault odds ask the same
        questions of the same unit thousands of times (issue 15, the game's speed)."""
        return {}

    # --- figures -------------------------------------------------------------------------------

    @cached_property  # a Unit is frozen: worked out once (the AIs ask it often)
    def effective_figures(self) -> tuple[Figure, ...]:
        """Figures that fight: casualties awaiting First Aid excluded (R27)."""
        return tuple(f for f in self.figures if f.is_effective)

    @property
    def casualty_figures(self) -> tuple[Figure, ...]:
        """Figures hit and awaiting a First Aid check (R27)."""
        return tuple(f for f in self.figures if not f.is_effective)

    @property
    def effective_count(self) -> int:
        return len(self.effective_figures)

    @property
    def is_wiped_out(self) -> bool:
        """No combat-effective figure left."""
        return not self.effective_figures

    def figure(self, figure_id: str) -> Figure:
        """The figure with this id; KeyError naming the unit otherwise."""
        for figure in self.figures:
            if figure.id == figure_id:
                return figure
        raise KeyError(f"unit {self.id!r} has no figure {figure_id!r}")

    def figure_quality(self, figure: Figure) -> Quality:
        return figure.quality if figure.quality is not None else self.base_quality

    def figure_morale(self, figure: Figure) -> Morale:
        return figure.morale if figure.morale is not None else self.base_morale

    def _rated_figures(self) -> tuple[Figure, ...]:
        return self.effective_figures or self.figures

    # --- ratings (Mixed Units) -------------------------------------------------------------------

    @cached_property  # a Unit is frozen: worked out once (the AIs ask it often)
    def quality(self) -> Quality:
        """Troop Quality: the majority's; an even split takes the lowest (Mixed Unit Troop Quality).

        Only combat-effective figures count while any remain.
        """
        figures = self._rated_figures()
        if not figures:
            return self.base_quality
        return _majority_or_lowest([self.figure_quality(f) for f in figures])

    @cached_property  # a Unit is frozen: worked out once (the AIs ask it often)
    def morale(self) -> Morale:
        """Morale: best leader's; else the majority's; a tie: the lowest (Mixed Unit Morale)."""
        figures = self._rated_figures()
        if not figures:
            return self.base_morale
        leaders = [f for f in figures if f.role.is_leader]
        if leaders:
            return max(self.figure_morale(f) for f in leaders)
        return _majority_or_lowest([self.figure_morale(f) for f in figures])

    @property
    def range_quality(self) -> Quality:
        """The quality that sets Optimum Range: the lowest in the unit (Mixed Unit Range)."""
        figures = self._rated_figures()
        if not figures:
            return self.base_quality
        return min(self.figure_quality(f) for f in figures)

    @property
    def has_night_vision(self) -> bool:
        """Regulars have night vision unless stated otherwise, Insurgents never (Night Fighting)."""
        if self.night_vision is not None:
            return self.night_vision
        return self.side is Side.REGULAR

    # --- leaders, medics, weapons ----------------------------------------------------------------

    @property
    def leader_present(self) -> bool:
        """A combat-effective leader figure of any level is in the unit (Rulebook: Leaders)."""
        return any(f.role.is_leader for f in self.effective_figures)

    @property
    def higher_leader_present(self) -> bool:
        """A leader above fireteam leader is in the unit (Rulebook: Leaders)."""
        return any(f.role is Role.LEADER for f in self.effective_figures)

    @property
    def morale_bonus(self) -> int:
        """+1 to Morale rolls while a leader above fireteam leader is with the unit (Leaders)."""
        return 1 if self.higher_leader_present else 0

    @property
    def has_medic(self) -> bool:
        """A combat-effective Medic is in the unit (Rulebook: Medics & Special Forces Units)."""
        return any(f.role is Role.MEDIC for f in self.effective_figures)

    @property
    def support_weapon_dice(self) -> int:
        """Firepower dice added by effective figures' support weapons (Support Weapon Dice)."""
        return sum(f.weapon.support_dice for f in self.effective_figures)

    @property
    def support_weapon_figures(self) -> tuple[Figure, ...]:
        """Effective figures carrying a support weapon (Rulebook: Support Weapon Dice)."""
        return tuple(f for f in self.effective_figures if f.weapon.is_support)

    @property
    def is_special_weapon_team(self) -> bool:
        """Designated as a Special Weapon Team (Sniper Teams are one too)."""
        return self.designation is not Designation.NONE

    @property
    def is_sniper_team(self) -> bool:
        return self.designation is Designation.SNIPER_TEAM

    # --- dependants ------------------------------------------------------------------------------

    @property
    def dependant_count(self) -> int:
        """How many Dependants the unit escorts (Rulebook: Dependants)."""
        return sum(d.count for d in self.dependants)

    @property
    def has_dependants(self) -> bool:
        """Escorting anyone: −1 Firepower and no Rapid movement (Rulebook: Dependants)."""
        return self.dependant_count > 0

    def dependants_of(self, kind: DependantKind) -> int:
        return sum(d.count for d in self.dependants if d.kind is kind)

    # --- building changed copies -----------------------------------------------------------------

    def with_figures(self, figures: Iterable[Figure]) -> Unit:
        """The same unit with another set of figures."""
        return replace(self, figures=tuple(figures))

    def with_figure(self, figure: Figure) -> Unit:
        """The same unit with one figure (same id) replaced."""
        self.figure(figure.id)
        return self.with_figures(figure if f.id == figure.id else f for f in self.figures)

    def with_figure_status(self, figure_id: str, status: FigureStatus) -> Unit:
        """The same unit with one figure's status changed (e.g. hit, or back from First Aid)."""
        return self.with_figure(replace(self.figure(figure_id), status=status))

    def without_figures(self, figure_ids: Iterable[str]) -> Unit:
        """The same unit with these figures removed (killed, carried off as Dependants...)."""
        wanted = set(figure_ids)
        for figure_id in wanted:
            self.figure(figure_id)
        return self.with_figures(f for f in self.figures if f.id not in wanted)

    def with_dependants(self, kind: DependantKind, count: int) -> Unit:
        """The same unit escorting `count` (may be negative to hand off) more of `kind`."""
        current = self.dependants_of(kind)
        new_count = current + count
        if new_count < 0:
            raise ValueError(
                f"unit {self.id!r} escorts {current} {kind.value}(s), cannot hand off {-count}"
            )
        others = tuple(d for d in self.dependants if d.kind is not kind)
        added = (Dependants(kind, new_count),) if new_count else ()
        return replace(self, dependants=others + added)

    def without_dependants(self) -> Unit:
        """The same unit after handing every Dependant off (Disposing of Dependants)."""
        return replace(self, dependants=())

    def with_shifted_ratings(self, *, quality_steps: int = 0, morale_steps: int = 0) -> Unit | None:
        """Troop Quality and/or Morale moved by whole die types (Abandoning Casualties; R11).

        None when the unit's own rating would fall below d6: it is no longer combat effective.
        Above d12 stays d12. Figures with their own ratings move with the unit (never below d6).
        """
        quality_die = self.quality.die.shifted(quality_steps)
        morale_die = self.morale.die.shifted(morale_steps)
        if quality_die is None or morale_die is None:
            return None

        def shift_figure(figure: Figure) -> Figure:
            quality = figure.quality
            morale = figure.morale
            if quality is not None:
                quality = Quality.from_die(quality.die.shift_for_quality(quality_steps))
            if morale is not None:
                morale = Morale.from_die(morale.die.shift_for_quality(morale_steps))
            return replace(figure, quality=quality, morale=morale)

        return replace(
            self,
            base_quality=Quality.from_die(self.base_quality.die.shift_for_quality(quality_steps)),
            base_morale=Morale.from_die(self.base_morale.die.shift_for_quality(morale_steps)),
            figures=tuple(shift_figure(f) for f in self.figures),
        )

    def rating_problems(self) -> tuple[str, ...]:
        """Ratings the rulebook forbids at set-up: Regulars below Trained, Insurgents above Veteran.

        Rulebook: Troop Quality. (Play can push a Regular unit lower, e.g. Abandoning Casualties,
        so this is a check for scenario files, not a constructor rule.)
        """
        problems: list[str] = []
        if self.side is Side.REGULAR and self.quality < Quality.TRAINED:
            problems.append(f"unit {self.id!r}: Regulars are always Trained or better")
        if self.side is Side.INSURGENT and self.quality > Quality.VETERAN:
            problems.append(f"unit {self.id!r}: Insurgents are never better than Veteran")
        return tuple(problems)


def _with_explicit_ratings(unit: Unit) -> tuple[Figure, ...]:
    return tuple(
        replace(f, quality=unit.figure_quality(f), morale=unit.figure_morale(f))
        for f in unit.figures
    )


def merge_units(first: Unit, second: Unit, *, new_id: str | None = None) -> Unit:
    """Merge two units of one side into a (possibly mixed) unit (Merging Units; Mixed Units).

    Each figure keeps its own Troop Quality and Morale, so the merged unit's ratings follow the
    mixed-unit rules. Body armour and night vision stay only if both units had them; a team
    designation stays only if both had the same one (a merged unit is no longer a dedicated team).
    """
    if first.side is not second.side:
        raise ValueError(
            f"cannot merge {first.id!r} ({first.side.value}) with {second.id!r} "
            f"({second.side.value}): Insurgents never join a Regular unit"
        )
    figures = _with_explicit_ratings(first) + _with_explicit_ratings(second)
    dependants: dict[DependantKind, int] = {}
    for group in first.dependants + second.dependants:
        dependants[group.kind] = dependants.get(group.kind, 0) + group.count
    merged = Unit(
        id=new_id or first.id,
        side=first.side,
        base_quality=first.base_quality,
        base_morale=first.base_morale,
        figures=figures,
        name=first.name,
        body_armour=first.body_armour and second.body_armour,
        night_vision=first.has_night_vision and second.has_night_vision,
        designation=first.designation
        if first.designation is second.designation
        else Designation.NONE,
        dependants=tuple(Dependants(k, c) for k, c in dependants.items() if c),
    )
    return replace(merged, base_quality=merged.quality, base_morale=merged.morale)


def split_unit(
    unit: Unit,
    figure_ids: Iterable[str],
    *,
    new_id: str,
    new_name: str = "",
    dependants_go_with_new: bool = False,
) -> tuple[Unit, Unit]:
    """Split the named figures off into a new unit; return (remaining, new) (Split Units).

    Both parts keep the parent's armour, night vision and designation, and each figure keeps its
    own ratings. Dependants stay with the remaining part unless `dependants_go_with_new`.
    """
    wanted = list(dict.fromkeys(figure_ids))
    for figure_id in wanted:
        unit.figure(figure_id)
    if not wanted:
        raise ValueError(f"splitting unit {unit.id!r}: name at least one figure to split off")
    if len(wanted) == len(unit.figures):
        raise ValueError(f"splitting unit {unit.id!r}: at least one figure must stay behind")
    if new_id == unit.id:
        raise ValueError(f"splitting unit {unit.id!r}: the new unit needs a different id")
    explicit = _with_explicit_ratings(unit)
    moving = tuple(f for f in explicit if f.id in wanted)
    staying = tuple(f for f in explicit if f.id not in wanted)
    remaining = replace(unit, figures=staying)
    new = replace(unit, id=new_id, name=new_name, figures=moving)
    if dependants_go_with_new:
        remaining = replace(remaining, dependants=())
    else:
        new = replace(new, dependants=())
    return remaining, new

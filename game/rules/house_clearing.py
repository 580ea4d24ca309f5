"""House Clearing: the clearing roll, its modifiers and the Building Clearance Table.

Rulebook: Special Rules, House Clearing (the steps, Clearance Modifiers, Stacking, the Building
Clearance Table). Rulings R240-R249 (`docs/RULINGS.md`).

In scenarios that call for it (the optional Building Clearing rule), a Regular unit clears a
building no Insurgent holds before it may enter it. A d6 is rolled first: above the scenario's
Insurgency Level the building is empty and cleared, the unit's turn is spent, and nobody is
hurt. At or under the level the unit rolls its Troop Quality die, adds the modifiers below and
reads the table: the result says how many potential casualties the unit takes, whether the
building is cleared and whether the unit loses its next turn. Potential casualties then roll
First Aid like any others (the engine's job).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game.rules.dice import DiceSource, Die
from game.rules.reinforcements import AUTOMATIC, InsurgencyLevel

CLEARING_CONTACT: Final = 1.0
"""How close (inches) a figure must stand to a building's wall to count as lined up against it
for Stacking, and how close a unit's leader must be to the wall to clear it (R240)."""

FIGURES_PER_BONUS: Final = 5
"""+1 for every full 5 figures taking part in the clearance (Clearance Modifiers, R242)."""

SMALL_TEAM: Final = 3
"""−1 when this many figures or fewer take part (Clearance Modifiers)."""

HIGHEST_LEVEL: Final = 6
"""An "automatic" Insurgency Level is read as 6 for the first roll: hostiles may always be
inside (R241)."""

BUILDING_CLEARING: Final = "building-clearing"
"""The name of the optional rule in scenario files, saves and on the command line (R246)."""


@dataclass(frozen=True)
class ClearanceRow:
    """One row of the Building Clearance Table."""

    potential_casualties: int
    cleared: bool
    loses_next_turn: bool


def clearance_row(total: int) -> ClearanceRow:
    """Rulebook: Building Clearance Table, read for a modified Quality total (R243): below 0,
    two potential casualties and the building is not cleared (roll again next turn); 0, two and
    cleared; 1, one and cleared; 2 or more, no casualties, cleared, the unit loses its next
    turn."""
    if total < 0:
        return ClearanceRow(2, cleared=False, loses_next_turn=False)
    if total == 0:
        return ClearanceRow(2, cleared=True, loses_next_turn=False)
    if total == 1:
        return ClearanceRow(1, cleared=True, loses_next_turn=False)
    return ClearanceRow(0, cleared=True, loses_next_turn=True)


def clearance_modifiers(
    *, figures: int, higher_leader: bool, stacked: bool, specialists: bool = False
) -> tuple[tuple[str, int], ...]:
    """Rulebook: Clearance Modifiers (cumulative), each as (reason, value): a leader above
    fireteam level taking part +1; +1 per full 5 figures; stacked the turn before +1, else −1;
    special equipment or training +1; 3 figures or fewer −1 (R242)."""
    items: list[tuple[str, int]] = []
    if higher_leader:
        items.append(("leader above fireteam level", 1))
    fives = figures // FIGURES_PER_BONUS
    if fives:
        items.append((f"{figures} figures", fives))
    items.append(("stacked the turn before", 1) if stacked else ("did not stack", -1))
    if specialists:
        items.append(("trained and equipped for clearing", 1))
    if figures <= SMALL_TEAM:
        items.append((f"only {figures} figures", -1))
    return tuple(items)


def hostiles_possible(face: int, level: InsurgencyLevel) -> bool:
    """Step 3/4 of House Clearing: a d6 at or under the Insurgency Level means the building may
    hold hostiles and the Quality roll follows; above it the building is empty (R241)."""
    top = HIGHEST_LEVEL if level == AUTOMATIC else int(level)
    return face <= top


@dataclass(frozen=True)
class BuildingClearance:
    """The dice of one clearing attempt and what they mean."""

    level_face: int
    quality_die: Die
    quality_face: int | None  # None: the building was empty, no Quality roll
    modifiers: tuple[tuple[str, int], ...]
    row: ClearanceRow

    @property
    def total(self) -> int | None:
        if self.quality_face is None:
            return None
        return self.quality_face + sum(v for _, v in self.modifiers)

    @property
    def empty(self) -> bool:
        """The first roll found the building empty of hostiles."""
        return self.quality_face is None


EMPTY: Final = ClearanceRow(0, cleared=True, loses_next_turn=False)
"""Step 3: the building is empty; the unit spends the rest of its turn, nobody is hurt."""


def roll_clearance(
    dice: DiceSource,
    level: InsurgencyLevel,
    quality_die: Die,
    modifiers: tuple[tuple[str, int], ...],
) -> BuildingClearance:
    """Rulebook: House Clearing, steps 2-4: the d6 against the Insurgency Level, then (at or
    under it) the unit's Quality die with the modifiers, read on the Building Clearance Table.
    Dice in this order: the d6, then the Quality die."""
    face = dice.roll(Die.D6)
    if not hostiles_possible(face, level):
        return BuildingClearance(face, quality_die, None, modifiers, EMPTY)
    quality = dice.roll(quality_die)
    total = quality + sum(v for _, v in modifiers)
    return BuildingClearance(face, quality_die, quality, modifiers, clearance_row(total))

"""The rules arithmetic the engine needs, behind one small adapter.

The rules room (`game/rules/`) owns the real implementations; until they are all in place the
engine uses these compact versions, written to the same rulings (R13-R19, R25-R27). Each
function names its rulebook section. Keeping them behind this adapter means switching to the rules
room's modules touches one file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.dice import DiceSource, Die

OPTIMUM_RANGE = {6: 6.0, 8: 8.0, 10: 10.0, 12: 12.0}  # Rulebook: Optimum Ranges
CAP = 10  # Rulebook: The Firepower Cap; The Defense Cap


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
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.die.label}={self.face}{mod}"


def quality_test(
    die: Die, dice: DiceSource, *, pinned: bool = False, modifier: int = 0
) -> TestRoll:
    """A Troop Quality test: 4+ passes; Pinned is one die type lower (Universal Mechanic, R12)."""
    used = die.shift_for_quality(-1 if pinned else 0)
    face = dice.roll(used)
    return TestRoll(used, face, modifier, face + modifier >= 4)


@dataclass(frozen=True)
class ReactionRoll:
    insurgent: TestRoll
    regular: TestRoll
    insurgent_first: bool
    fog_of_war: bool


def reaction_test(
    insurgent_die: Die, regular_die: Die, regular_modifier: int, dice: DiceSource
) -> ReactionRoll:
    """The Reaction Test: the interrupter needs 4+ and strictly higher (R13, R14)."""
    ins_face = dice.roll(insurgent_die)
    reg_face = dice.roll(regular_die)
    ins = TestRoll(insurgent_die, ins_face, 0, ins_face >= 4)
    reg = TestRoll(regular_die, reg_face, regular_modifier, True)
    first = ins_face >= 4 and ins_face > reg_face + regular_modifier
    return ReactionRoll(ins, reg, first, reg_face == 1)


@dataclass
class Breakdown:
    """A dice pool with the itemised reasons, for narration (Firepower; Defense)."""

    items: list[tuple[str, int]] = field(default_factory=list)
    capped_at: int = CAP
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

    def describe(self) -> str:
        parts = [f"{r} {a:+d}" for r, a in self.items]
        raw = sum(a for _, a in self.items)
        text = " ".join(parts)
        if raw > self.capped_at:
            text += f" (capped at {self.capped_at})"
        text += "".join(f" {r} -{a}" for r, a in self.penalties)
        return f"{text} = {self.total}"


def optimum_range(quality: Die, has_support_weapon: bool) -> float:
    """Optimum Range by quality, doubled with a support weapon (Optimum Range, R17)."""
    base = OPTIMUM_RANGE[int(quality)]
    return base * 2 if has_support_weapon else base


@dataclass(frozen=True)
class AttackRoll:
    firepower_faces: tuple[int, ...]
    defense_faces: tuple[int, ...]
    casualties: int
    defense_failures: int


def cancel_count(attack: list[int], defense: list[int]) -> int:
    """Optimal matching: the most attack dice a defense can equal or beat (R15)."""
    hits = sorted(a for a in attack if a >= 4)
    saves = sorted(d for d in defense if d >= 4)
    cancelled = 0
    j = 0
    for d in saves:
        if j < len(hits) and d >= hits[j]:
            cancelled += 1
            j += 1
    return cancelled


def attack_roll(
    fire_die: Die, firepower: int, defense_die: Die, defense: int, dice: DiceSource
) -> AttackRoll:
    """Making the Attack Roll: discard below 4, the defender cancels optimally (R15)."""
    fp = dice.roll_many(fire_die, firepower)
    df = dice.roll_many(defense_die, defense)
    hits = [a for a in fp if a >= 4]
    casualties = len(hits) - cancel_count(list(fp), list(df))
    return AttackRoll(fp, df, casualties, sum(1 for d in df if d < 4))


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
    faces = dice.roll_many(die, figures)
    successes = sum(1 for f in faces if f + modifier >= 4)
    ones = sum(1 for f in faces if f == 1)
    return MoraleRoll(die, faces, modifier, successes, len(faces) - successes, ones)


def first_aid(face: int, medic: bool) -> str:
    """First Aid tables: 'kia', 'wia' or 'slight' (Standard/Medic First Aid Table)."""
    if face == 1:
        return "kia"
    if face <= (3 if medic else 4):
        return "wia"
    return "slight"


def pick_index(count: int, dice: DiceSource) -> int:
    """A uniform choice among `count` items with game dice (rerolling faces beyond the count)."""
    if count <= 1:
        return 0
    if count > 12:
        # two stages: which block of 12, then which item within it
        blocks = (count + 11) // 12
        block = pick_index(blocks, dice)
        size = min(12, count - block * 12)
        return block * 12 + pick_index(size, dice)
    die = next(d for d in Die if int(d) >= count)
    while True:
        face = dice.roll(die)
        if face <= count:
            return face - 1


MARGINS = ((15, "Total"), (10, "Decisive"), (5, "Marginal"), (0, "Indecisive"))


def victory_margin(difference: int) -> str:
    """Margin of Victory Table (Victory Points)."""
    for threshold, name in MARGINS:
        if abs(difference) >= threshold:
            return name
    return "Indecisive"


@dataclass(frozen=True)
class ReinforcementGroup:
    figures: tuple[str, ...]
    description: str


def roll_reinforcement_table(dice: DiceSource) -> tuple[list[ReinforcementGroup], list[str]]:
    """The scenarios' 2d6 Insurgent Reinforcement table (Contracting Trouble; Sweep & Clear).

    Returns the arriving groups and a log of every roll made.
    """
    groups: list[ReinforcementGroup] = []
    log: list[str] = []
    rolls_left = 1
    while rolls_left > 0 and len(groups) < 6:
        rolls_left -= 1
        a, b = dice.roll(Die.D6), dice.roll(Die.D6)
        total = a + b
        figures: list[str] = []
        again = False

        def small_arms(count: int, figures: list[str] = figures) -> None:
            figures.extend(["small_arms"] * count)

        def rpg() -> str:
            face = dice.roll(Die.D6)
            log.append(f"RPG type d6={face} ({'anti-tank' if face >= 5 else 'standard'})")
            return "at_rpg" if face >= 5 else "rpg"

        if total == 2:
            small_arms(dice.roll(Die.D6))
            figures.append("l_support")
        elif total in (3, 5):
            figures.append(rpg())
        elif total in (4, 9):
            small_arms(dice.roll(Die.D6))
            again = True
        elif total in (6, 8):
            small_arms(dice.roll(Die.D6) + 2)
        elif total == 7:
            small_arms(dice.roll(Die.D6))
            figures += ["leader", "l_support"]
        elif total == 10:
            figures.append("l_support")
        elif total == 11:
            small_arms(dice.roll(Die.D6))
            figures += ["leader", rpg()]
        else:
            small_arms(dice.roll(Die.D6) + dice.roll(Die.D6))
        text = f"2d6={a}+{b}={total}: {len(figures)} figures ({', '.join(sorted(set(figures)))})"
        if again:
            text += ", roll again"
            rolls_left += 1
        log.append(text)
        if "leader" not in figures:
            face = dice.roll(Die.D6)
            if face == 1:
                figures[0] = "leader"
            log.append(f"leader d6={face} ({'a leader steps up' if face == 1 else 'leaderless'})")
        groups.append(ReinforcementGroup(tuple(figures), text))
    return groups, log

"""The attack roll: Firepower dice against Defense dice (Rulebook: Making the Attack Roll, R15).

Dice under 4 are discarded on both sides. Each remaining Defense die may cancel one remaining
attack die that it equals or beats; the defender pairs them to cancel as many as possible, and
every attack die left standing is a casualty.

Why the greedy below is optimal: take the attack dice from lowest to highest and give each the
lowest Defense die that still covers it. Any optimal pairing can be rearranged into this one
without losing a cancellation (an exchange argument: a Defense die that covers a higher attack
die also covers a lower one, so swapping partners never breaks a pair), and the property test in
`tests/rules/test_combat.py` checks it against brute force over all pairings.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.rules.dice import DiceSource, Die
from game.rules.firepower import Defense, Firepower
from game.rules.quality import SUCCESS_TARGET
from game.rules.wording import counted


@dataclass(frozen=True)
class AttackPairing:
    """How the defender answered the attack dice, for display (Making the Attack Roll).

    `cancelled` pairs (attack face, defense face); `hits` are the attack faces nobody answered,
    one casualty each; `unused_defense` are Defense dice of 4+ that cancelled nothing.
    """

    cancelled: tuple[tuple[int, int], ...]
    hits: tuple[int, ...]
    attack_discarded: tuple[int, ...]
    defense_discarded: tuple[int, ...]
    unused_defense: tuple[int, ...]

    @property
    def casualties(self) -> int:
        return len(self.hits)

    @property
    def defense_successes(self) -> int:
        """Defense dice of 4+ (Fire at Units with Dependants & Casualties compares these)."""
        return len(self.cancelled) + len(self.unused_defense)

    @property
    def defense_failures(self) -> int:
        """Defense dice under 4."""
        return len(self.defense_discarded)

    def describe(self) -> str:
        """One line: each attack die with its answer, X where none (as the rulebook lays it out)."""
        pairs = [(attack, str(answer)) for attack, answer in self.cancelled]
        pairs += [(hit, "X") for hit in self.hits]
        shown = [f"{attack}-{mark}" for attack, mark in sorted(pairs, key=lambda p: -p[0])]
        discards = self.attack_discarded + self.defense_discarded
        tail = f" (discarded under 4: {', '.join(map(str, discards))})" if discards else ""
        return ", ".join(shown) + f": {counted(self.casualties, 'casualty', 'casualties')}" + tail


def pair_attack(attack_rolls: Iterable[int], defense_rolls: Iterable[int]) -> AttackPairing:
    """The defender's best answer to the attack dice (Rulebook: Making the Attack Roll, R15)."""
    attack = sorted(attack_rolls)
    defense = sorted(defense_rolls)
    attack_kept = [face for face in attack if face >= SUCCESS_TARGET]
    defense_kept = [face for face in defense if face >= SUCCESS_TARGET]
    cancelled: list[tuple[int, int]] = []
    hits: list[int] = []
    next_defense = 0
    for face in attack_kept:
        while next_defense < len(defense_kept) and defense_kept[next_defense] < face:
            next_defense += 1
        if next_defense < len(defense_kept):
            cancelled.append((face, defense_kept[next_defense]))
            next_defense += 1
        else:
            hits.append(face)
    remaining = list(defense_kept)
    for _, answer in cancelled:
        remaining.remove(answer)
    return AttackPairing(
        cancelled=tuple(sorted(cancelled, reverse=True)),
        hits=tuple(sorted(hits, reverse=True)),
        attack_discarded=tuple(f for f in reversed(attack) if f < SUCCESS_TARGET),
        defense_discarded=tuple(f for f in reversed(defense) if f < SUCCESS_TARGET),
        unused_defense=tuple(sorted(remaining, reverse=True)),
    )


def casualties_from_rolls(attack_rolls: Sequence[int], defense_rolls: Sequence[int]) -> int:
    """Casualties these attack and defense faces cause (Rulebook: Making the Attack Roll, R15)."""
    return pair_attack(attack_rolls, defense_rolls).casualties


@dataclass(frozen=True)
class FireResult:
    """A resolved attack roll, with every face thrown (Rulebook: Making the Attack Roll)."""

    attack_die: Die
    attack_faces: tuple[int, ...]
    defense_die: Die
    defense_faces: tuple[int, ...]
    pairing: AttackPairing
    reason: str

    @property
    def casualties(self) -> int:
        return self.pairing.casualties


def resolve_fire(firepower: Firepower, defense: Defense, dice: DiceSource) -> FireResult:
    """Roll Firepower, then Defense, and pair them (Rulebook: Making the Attack Roll, R15).

    A Firepower that cannot fire rolls nothing on either side and causes nothing (R16).
    """
    if not firepower.can_fire:
        pairing = pair_attack((), ())
        return FireResult(
            attack_die=firepower.die,
            attack_faces=(),
            defense_die=defense.die,
            defense_faces=(),
            pairing=pairing,
            reason="no fire: Firepower is 0 or less",
        )
    attack_faces = dice.roll_many(firepower.die, firepower.dice)
    defense_faces = dice.roll_many(defense.die, defense.dice)
    pairing = pair_attack(attack_faces, defense_faces)
    reason = (
        f"{firepower.label} rolled {list(attack_faces)} vs {defense.label} rolled "
        f"{list(defense_faces)}: {pairing.describe()}"
    )
    return FireResult(
        attack_die=firepower.die,
        attack_faces=attack_faces,
        defense_die=defense.die,
        defense_faces=defense_faces,
        pairing=pairing,
        reason=reason,
    )

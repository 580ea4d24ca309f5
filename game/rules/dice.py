"""Dice: the die types of Ambush Alley!, one seeded dice source and a scripted one for tests.

Every random number the rules, engine and AI use comes from a `DiceSource`. The game state owns a
single `SeededDice`; tests that need particular rolls use `ScriptedDice`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Protocol

_MASK64 = (1 << 64) - 1


class Die(IntEnum):
    """A die type, valued by its number of sides (Troop Quality Dice; Morale Ratings Dice)."""

    D6 = 6
    D8 = 8
    D10 = 10
    D12 = 12

    @property
    def label(self) -> str:
        return f"d{int(self)}"

    @classmethod
    def parse(cls, text: str) -> Die:
        """Read `d8`, `D8`, `1d8` or `8`; raise ValueError naming the text otherwise."""
        cleaned = text.strip().lower().removeprefix("1d").removeprefix("d")
        try:
            return cls(int(cleaned))
        except ValueError:
            raise ValueError(f"not a die type: {text!r} (use d6, d8, d10 or d12)") from None

    def shifted(self, steps: int) -> Die | None:
        """Shift by whole die types (R11, R12); None when the shift falls below d6.

        Above d12 stays d12. What "below d6" means depends on the test, so callers decide:
        see `shift_for_quality` and `shift_for_morale`.
        """
        order = _ORDER
        index = _PLACE[self] + steps
        if index < 0:
            return None
        return order[min(index, len(order) - 1)]

    def shift_for_quality(self, steps: int) -> Die:
        """A die shift for a Troop Quality test: never below d6 (R11, R12)."""
        return self.shifted(steps) or Die.D6


_ORDER: tuple[Die, ...] = tuple(Die)
"""The die types from d6 up (`Die.shifted` steps along it)."""
_PLACE: dict[Die, int] = {die: k for k, die in enumerate(_ORDER)}


class DiceSource(Protocol):
    """Anything that rolls dice: the seeded game dice or a test script."""

    def roll(self, die: Die) -> int:
        """Roll one die and return its face (1..sides)."""
        ...

    def roll_many(self, die: Die, count: int) -> tuple[int, ...]:
        """Roll `count` dice of one type, in order."""
        ...


class SeededDice:
    """Deterministic dice from a seed (SplitMix64), with a state that fits in JSON.

    The generator is written out here rather than borrowed from `random` so that a saved game
    rolls the same faces on every Python version and platform.
    """

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK64
        self.rolls_made = 0

    def _next64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound) by rejection sampling (no modulo bias)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value = self._next64()
            if value < limit:
                return value % bound

    def roll(self, die: Die) -> int:
        self.rolls_made += 1
        return self.below(int(die)) + 1

    def roll_many(self, die: Die, count: int) -> tuple[int, ...]:
        """`count` rolls of `roll(die)`, the same faces in the same order: `_next64` and `below`
        written out in one loop (the innermost loop of every fire and Close Assault played)."""
        sides = int(die)
        if sides <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 64) - ((1 << 64) % sides)
        state = self._state
        faces = []
        for _ in range(count):
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK64
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                z ^= z >> 31
                if z < limit:
                    break
            faces.append(z % sides + 1)
        self._state = state
        self.rolls_made += max(0, count)
        return tuple(faces)

    def get_state(self) -> dict[str, int]:
        return {"state": self._state, "rolls_made": self.rolls_made}

    @classmethod
    def from_state(cls, data: dict[str, int]) -> SeededDice:
        dice = cls(0)
        dice._state = int(data["state"]) & _MASK64
        dice.rolls_made = int(data["rolls_made"])
        return dice


class ScriptExhausted(AssertionError):
    """A scripted test asked for more dice than it scripted."""


class ScriptMismatch(AssertionError):
    """A scripted face does not fit the die the rules rolled (wrong die type, impossible face)."""


@dataclass
class ScriptedDice:
    """Dice that return faces from a script, for tests that need particular rolls.

    Each entry is a face, or a `(die, face)` pair that also checks which die was rolled.
    """

    script: list[int | tuple[Die, int]]

    def __init__(self, script: Iterable[int | tuple[Die, int]]) -> None:
        self.script = list(script)

    def roll(self, die: Die) -> int:
        if not self.script:
            raise ScriptExhausted(f"scripted dice ran out (a {die.label} was asked for)")
        entry = self.script.pop(0)
        if isinstance(entry, tuple):
            expected, face = entry
            if expected != die:
                raise ScriptMismatch(
                    f"script expected a {expected.label}, the rules rolled {die.label}"
                )
        else:
            face = entry
        if not 1 <= face <= int(die):
            raise ScriptMismatch(f"scripted face {face} is impossible on a {die.label}")
        return face

    def roll_many(self, die: Die, count: int) -> tuple[int, ...]:
        return tuple(self.roll(die) for _ in range(count))

    @property
    def remaining(self) -> Sequence[int | tuple[Die, int]]:
        return tuple(self.script)

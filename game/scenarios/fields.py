"""Reading hand-written JSON (a sandbox situation) field by field, naming the field on error.

Every problem raises `SituationError` whose message starts with the field's path, as a person
would point at it: `units[2].figures[0].kind: 'gunman' is not one of leader, rifle, ...`.
Unknown fields are refused too, so a misspelt status or option never passes unnoticed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from typing import Any

from game.battlefield.model import Point

_MISSING: Any = object()


class SituationError(ValueError):
    """A malformed situation; `str()` is one line: where, then what is wrong."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)


def kind_of(value: Any, mapping: str = "an object") -> str:
    """What a JSON value is, in words ("a list", "the text 'x'"); `mapping` names a dict (TOML
    calls it "a table")."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return mapping
    return type(value).__name__


def one_of(value: Any, options: Iterable[str], where: str) -> str:
    """`value` when it is one of `options` (text), else the error naming them all."""
    allowed = list(options)
    if not isinstance(value, str) or value not in allowed:
        shown = repr(value) if isinstance(value, str) else kind_of(value)
        raise SituationError(where, f"{shown} is not one of {', '.join(allowed)}")
    return value


def number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SituationError(where, f"expected a number, got {kind_of(value)}")
    if not math.isfinite(value):
        raise SituationError(where, "expected a finite number")
    return float(value)


def point(value: Any, where: str) -> Point:
    """`[x, y]` in inches."""
    if not isinstance(value, list) or len(value) != 2:
        raise SituationError(where, f"expected a point [x, y] in inches, got {kind_of(value)}")
    return (number(value[0], f"{where}[0]"), number(value[1], f"{where}[1]"))


def items(value: Any, where: str) -> Iterator[tuple[str, Any]]:
    """The entries of a JSON list with their paths (`where[i]`)."""
    if not isinstance(value, list):
        raise SituationError(where, f"expected a list, got {kind_of(value)}")
    for i, entry in enumerate(value):
        yield f"{where}[{i}]", entry


class Fields:
    """One JSON object being read. Call `done()` once every known field was read: any field
    left over is refused by name."""

    def __init__(self, data: Any, where: str = "") -> None:
        if not isinstance(data, dict):
            raise SituationError(where, f"expected an object, got {kind_of(data)}")
        self.data: dict[str, Any] = data
        self.where = where
        self._read: set[str] = set()

    def at(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def has(self, key: str) -> bool:
        self._read.add(key)  # a known field, whether given or not
        return key in self.data

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        self._read.add(key)
        if key in self.data:
            return self.data[key]
        if default is _MISSING:
            raise SituationError(self.at(key), "is missing")
        return default

    def text(self, key: str, default: Any = _MISSING) -> str:
        value = self.raw(key, default)
        if not isinstance(value, str):
            raise SituationError(self.at(key), f"expected text, got {kind_of(value)}")
        return value

    def choice(self, key: str, options: Iterable[str], default: Any = _MISSING) -> str:
        return one_of(self.raw(key, default), options, self.at(key))

    def number(self, key: str, default: Any = _MISSING) -> float:
        return number(self.raw(key, default), self.at(key))

    def integer(self, key: str, default: Any = _MISSING, *, low: int = 0, high: int = 10**9) -> int:
        value = self.raw(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise SituationError(self.at(key), f"expected a whole number, got {kind_of(value)}")
        if not low <= value <= high:
            limit = f"{low} or more" if high == 10**9 else f"{low} to {high}"
            raise SituationError(self.at(key), f"{value} is out of range ({limit})")
        return value

    def flag(self, key: str, default: Any = _MISSING) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise SituationError(self.at(key), f"expected true or false, got {kind_of(value)}")
        return value

    def point(self, key: str, default: Any = _MISSING) -> Point:
        value = self.raw(key, default)
        return value if isinstance(value, tuple) else point(value, self.at(key))

    def items(self, key: str, default: Any = _MISSING) -> Iterator[tuple[str, Any]]:
        return items(self.raw(key, default), self.at(key))

    def fields(self, key: str) -> Fields:
        return Fields(self.raw(key), self.at(key))

    def expect(self, *keys: str) -> None:
        """Refuse any field but `keys` now, before reading (so a misspelt field is named before
        the problems its absence causes)."""
        self._read.update(keys)
        self.done()

    def done(self) -> None:
        extra = sorted(set(self.data) - self._read)
        if extra:
            known = ", ".join(sorted(self._read))
            raise SituationError(self.at(extra[0]), f"unknown field (known here: {known})")

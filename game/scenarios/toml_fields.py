"""Reading hand-written TOML (scenario files, the ORBAT library) key by key, collecting every
problem as one line that names the file, the key and the fix (docs/SCENARIOS.md).

Unlike a sandbox situation (game/scenarios/fields.py), which stops at its first problem, a
scenario file is checked whole: its author sees every mistake at once, as the map validator
shows a map's. A key nobody reads is a problem too, so a misspelt key never passes unnoticed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from game import fileio
from game.battlefield.errors import MapError, MapProblem
from game.scenarios.fields import kind_of

MAX_FILE_BYTES = 1024 * 1024
DICE = {"d6": 6, "d8": 8, "d10": 10, "d12": 12}


class ScenarioFileError(MapError):
    """A scenario file (or the ORBAT library) that cannot be played: every problem, one line
    each (`str()` is the first). A MapError, so every place that shows a map's problems in
    one line shows these too."""


def _what(value: Any) -> str:
    return kind_of(value, "a table")


class Problems:
    """The problems of one file, as MapProblems naming it."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.items: list[MapProblem] = []

    def error(self, key: str, problem: str, fix: str) -> None:
        where = f"{key}: " if key else ""
        self.items.append(MapProblem(self.path, f"{where}{problem}; {fix}"))

    def warning(self, key: str, problem: str, fix: str) -> None:
        where = f"{key}: " if key else ""
        self.items.append(MapProblem(self.path, f"{where}{problem}; {fix}", severity="warning"))

    @property
    def errors(self) -> list[MapProblem]:
        return [p for p in self.items if p.severity == "error"]

    def raise_if_any(self) -> None:
        if self.errors:
            raise ScenarioFileError(self.errors)


def read_toml(path: Path, problems: Problems) -> dict[str, Any] | None:
    """The TOML document of a file, or None (the problem recorded)."""
    try:
        data = fileio.read_bytes_limited(path, MAX_FILE_BYTES)
    except fileio.ReadError as why:
        problems.error("", str(why), "check the file name and that it is a scenario file")
        return None
    try:
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        problems.error("", "is not UTF-8 text", "save it as UTF-8 text from a text editor")
    except tomllib.TOMLDecodeError as why:
        problems.error("", f"is not valid TOML ({why})", "fix the line it names (see toml.io)")
    return None


class Table:
    """One TOML table being read. `done()` reports every key that was never read."""

    def __init__(self, data: Any, where: str, problems: Problems) -> None:
        self.problems = problems
        self.where = where
        self.ok = isinstance(data, dict)
        if not self.ok and data is not None:
            problems.error(where, f"expected a table, found {_what(data)}", f"write [{where}]")
        self.data: dict[str, Any] = data if isinstance(data, dict) else {}
        self._read: set[str] = set()

    def key(self, name: str) -> str:
        return f"{self.where}.{name}" if self.where else name

    def has(self, name: str) -> bool:
        self._read.add(name)
        return name in self.data

    def raw(self, name: str, default: Any = None) -> Any:
        self._read.add(name)
        return self.data.get(name, default)

    def _typed(self, name: str, kinds: tuple[type, ...], default: Any, words: str) -> Any:
        value = self.raw(name, default)
        if value is default:
            return default
        if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
            found = f"expected {words}, found {_what(value)}"
            self.problems.error(self.key(name), found, f"write {words}")
            return default
        return value

    def text(self, name: str, default: str = "", *, required: bool = False) -> str:
        if required and not self.has(name):
            self.problems.error(self.key(name), "is missing", f'add {name} = "..."')
            return default
        return str(self._typed(name, (str,), default, "text in quotes"))

    def flag(self, name: str, default: bool = False) -> bool:
        return bool(self._typed(name, (bool,), default, "true or false"))

    def integer(self, name: str, default: int, low: int, high: int) -> int:
        value = self._typed(name, (int,), default, "a whole number")
        if not low <= value <= high:
            self.problems.error(
                self.key(name), f"{value} is out of range", f"write {low} to {high}"
            )
            return default
        return int(value)

    def choice(self, name: str, options: Iterable[str], default: str) -> str:
        allowed = list(options)
        value = self.text(name, default)
        if value not in allowed:
            self.problems.error(
                self.key(name), f"{value!r} is not known", f"write one of {', '.join(allowed)}"
            )
            return default
        return value

    def die(self, name: str, default: int) -> int:
        return self.dice(name, (default,))[0]

    def dice(self, name: str, default: tuple[int, ...]) -> tuple[int, ...]:
        """A die (`"d8"`) or a list of dice the player chooses from (`["d8", "d10"]`)."""
        value = self.raw(name, None)
        if value is None:
            return default
        listed = value if isinstance(value, list) else [value]
        dice = [DICE.get(v) if isinstance(v, str) else None for v in listed]
        if not listed or None in dice:
            bad = next((v for v, d in zip(listed, dice, strict=True) if d is None), value)
            self.problems.error(
                self.key(name),
                f"{_what(bad)} is not a die",
                'write one of "d6", "d8", "d10", "d12" (or a list of them to let the player pick)',
            )
            return default
        return tuple(d for d in dice if d is not None)

    def strings(self, name: str, default: tuple[str, ...] = ()) -> tuple[str, ...]:
        value = self.raw(name, None)
        if value is None:
            return default
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problems.error(
                self.key(name),
                f"expected a list of texts, found {_what(value)}",
                'write ["a", "b"]',
            )
            return default
        return tuple(value)

    def tables(self, name: str) -> list[Table]:
        """An array of tables (`[[name]]`)."""
        value = self.raw(name, None)
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.problems.error(
                self.key(name),
                f"expected a list of tables, found {_what(value)}",
                f"write each entry under its own [[{self.key(name)}]] heading",
            )
            return []
        return [Table(v, f"{self.key(name)}[{i}]", self.problems) for i, v in enumerate(value)]

    def table(self, name: str) -> Table:
        return Table(self.raw(name, {}), self.key(name), self.problems)

    def done(self) -> None:
        for extra in sorted(set(self.data) - self._read):
            known = ", ".join(sorted(self._read))
            self.problems.error(self.key(extra), "is not a known key", f"use one of: {known}")


def parse_figures(value: Any, key: str, kinds: Iterable[str], problems: Problems) -> list[str]:
    """`"leader, 2 rifle, saw"` or `["leader", "rifle", "rifle", "saw"]` → the figure kinds."""
    allowed = list(kinds)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        entries = list(value)
    elif isinstance(value, str):
        entries = [part for part in value.split(",") if part.strip()]
    else:
        problems.error(key, f"expected figures, found {_what(value)}", 'write "leader, 2 rifle"')
        return []
    out: list[str] = []
    for entry in entries:
        words = entry.split()
        count = int(words[0]) if len(words) == 2 and words[0].isdigit() else 1
        kind = words[-1].lower() if words else ""
        if len(words) not in (1, 2) or kind not in allowed or count < 1:
            problems.error(
                key,
                f"{entry.strip()!r} is not a figure",
                f"write a kind ({', '.join(allowed)}), optionally after a count: '2 rifle'",
            )
            continue
        out += [kind] * count
    if not out and entries:
        return []
    if not entries:
        problems.error(key, "lists no figures", 'write at least one, e.g. "leader, 2 rifle"')
    return out

"""Sample commands built when they are read (the scale game, issue 23 §5; speed only).

A phase decision (a Regular activation, an Insurgent unit's turn to act) offers every waiting
unit's sample commands, each one checked by the validators: on a big table that is thousands of
checks per decision, while a controller usually reads one or two units' commands. With
`Engine.lazy_samples` on (the headless driver: `game.headless.play`, `tools/simulate.py`), such a
decision's options are a `LazyOptions`: parts in the order the eager list had them, each built
the first time it is read, under a lock. Read whole, it is the eager list, command for command;
`unit_options` and `option_units` read one unit's part only.

The options are worked out from the engine as it stands at the decision, so they may only be
built before the engine moves on: `Engine._advance` seals them, and a part first read after that
raises `StaleOptions` (never a list worked out from a later state). A reader that keeps a view
past the next command (the window's AI worker, a replay) uses an engine with `lazy_samples` off,
or reads the options before answering.

`PendingJSON` is the decision as JSON (`Decision.to_json`, `GameState.pending`, the view's
`decision`) whose "options" are written the first time anything reads them or the whole dict.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from game.engine.commands import Command


class StaleOptions(RuntimeError):
    """Options of a decision first read after the game moved on (a reader kept a lazy view)."""


def command_unit(command: Command) -> str:
    """The unit a command names ('' for one naming none, such as ending the phase)."""
    return str(getattr(command, "unit", "") or "")


Keep = Callable[[Command, Sequence[Command]], bool]
"""A narrowed read's filter: whether to take a command, told the ones taken before it (in the
order of the whole list). Reading narrowed is the same as reading whole and then filtering."""


def narrow(commands: Sequence[Command], keep: Keep) -> list[Command]:
    """The commands `keep` takes, in order, each asked with those taken before it."""
    taken: list[Command] = []
    for c in commands:
        if keep(c, taken):
            taken.append(c)
    return taken


@dataclass(frozen=True)
class Part:
    """A run of the options. `unit`: every command of the part names this unit (None: any
    unit, or none); `surely`: the part holds at least one command (so the unit is offered
    without building it)."""

    build: Callable[[], list[Command]]
    unit: str | None = None
    surely: bool = False
    # --- narrowed reads (issue 23 §5, R397): the part's commands that `keep` keeps, built
    # without checking the others (the same commands as the whole part filtered by `keep`) ---
    narrowed: Callable[[Keep], list[Command]] | None = None


def fixed(commands: list[Command]) -> Part:
    """A part already built (the end of the phase)."""
    return Part(lambda: list(commands))


class LazyOptions(Sequence[Command]):
    """The options of one decision, built part by part when read (see the module docstring)."""

    def __init__(self, parts: list[Part], decision: str = "") -> None:
        self._parts = parts
        self._built: list[list[Command] | None] = [None] * len(parts)
        self._all: tuple[Command, ...] | None = None
        self._sealed = False
        self._decision = decision
        self._lock = threading.RLock()

    # -- building ---------------------------------------------------------------------------
    def _part(self, index: int) -> list[Command]:
        built = self._built[index]
        if built is not None:
            return built
        with self._lock:
            built = self._built[index]
            if built is None:
                if self._sealed:
                    raise StaleOptions(
                        f"the options of {self._decision or 'a decision'} were read after the "
                        "game moved on (a view is good until the next command)"
                    )
                part = self._parts[index]
                built = list(part.build())
                if part.unit is not None:
                    stray = [c for c in built if command_unit(c) != part.unit]
                    if stray:  # the promise `unit_options` relies on
                        raise AssertionError(f"the options of {part.unit} name {stray[0]!r}")
                self._built[index] = built
            return built

    def seal(self) -> None:
        """The engine moves on: parts not built yet can no longer be."""
        with self._lock:
            self._sealed = True

    @property
    def complete(self) -> bool:
        """Every part is built (reading the options whole costs nothing more)."""
        return all(b is not None for b in self._built)

    def everything(self) -> tuple[Command, ...]:
        if self._all is None:
            self._all = tuple(c for i in range(len(self._parts)) for c in self._part(i))
        return self._all

    # -- one unit ---------------------------------------------------------------------------
    def unit_options(self, unit_id: str, keep: Keep | None = None) -> list[Command]:
        """The commands naming `unit_id`, in the order of the whole list, building only the
        parts that may hold them; with `keep`, only those it keeps, a part not built yet being
        built narrowed (its other commands never checked; a controller's thinking budget)."""
        out: list[Command] = []
        for i, part in enumerate(self._parts):
            if part.unit is not None and part.unit != unit_id:
                continue
            if keep is not None and part.narrowed is not None and self._built[i] is None:
                commands = self._narrowed(part, keep)
            else:
                commands = self._part(i)
            out += [c for c in commands if command_unit(c) == unit_id]
        return out if keep is None else narrow(out, keep)

    def _narrowed(self, part: Part, keep: Keep) -> list[Command]:
        assert part.narrowed is not None
        with self._lock:
            if self._sealed:
                raise StaleOptions(
                    f"the options of {self._decision or 'a decision'} were read after the "
                    "game moved on (a view is good until the next command)"
                )
            return part.narrowed(keep)

    def option_units(self) -> list[str]:
        """The units some command names, in the order they first appear in the whole list."""
        seen: dict[str, None] = {}
        for i, part in enumerate(self._parts):
            if part.unit is not None and (part.unit in seen or part.surely):
                seen.setdefault(part.unit)
                continue
            for c in self._part(i):
                unit = command_unit(c)
                if unit:
                    seen.setdefault(unit)
        return list(seen)

    # -- a sequence like the eager list -------------------------------------------------------
    def __iter__(self) -> Iterator[Command]:
        for i in range(len(self._parts)):
            yield from self._part(i)

    def __len__(self) -> int:
        return len(self.everything())

    @overload
    def __getitem__(self, index: int) -> Command: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Command]: ...

    def __getitem__(self, index: int | slice) -> Command | Sequence[Command]:
        return self.everything()[index]

    def __bool__(self) -> bool:
        return any(self._part(i) for i in range(len(self._parts)))

    def __contains__(self, command: object) -> bool:
        return command in self.everything()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LazyOptions, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # like the list it stands for

    def __repr__(self) -> str:
        built = sum(b is not None for b in self._built)
        return f"LazyOptions({built} of {len(self._parts)} parts built)"


_KEYS = ("id", "side", "kind", "prompt", "options", "context")  # Decision.to_json's order


class PendingJSON(dict[str, Any]):
    """A decision's JSON whose "options" are written on first touch (see the module
    docstring); after that it is a plain dict in all but name."""

    def __init__(self, head: Any = (), options: LazyOptions | None = None) -> None:
        super().__init__(head)  # built like a dict (`dataclasses.asdict` does): complete
        self._lazy: LazyOptions | None = options

    def _fill(self) -> None:
        lazy = self._lazy
        if lazy is None:
            return
        data = dict(super().items())
        data["options"] = [o.to_json() for o in lazy]
        self._lazy = None
        super().clear()
        for key in [*_KEYS, *data]:
            if key in data and not super().__contains__(key):
                super().__setitem__(key, data[key])

    # reading a key other than "options" builds nothing
    def __getitem__(self, key: str) -> Any:
        if key == "options":
            self._fill()
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        if key == "options":
            self._fill()
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        return (key == "options" and self._lazy is not None) or super().__contains__(key)

    def __bool__(self) -> bool:  # never empty: `view.decision or {}` builds nothing
        return True

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        if self._lazy is not None:  # a copy as lazy as this one (the options are shared)
            return PendingJSON(copy.deepcopy(dict(super().items()), memo), self._lazy)
        return copy.deepcopy(dict(super().items()), memo)

    def __copy__(self) -> dict[str, Any]:
        self._fill()
        return dict(super().items())

    def __reduce__(self) -> Any:
        self._fill()
        return (dict, (dict(super().items()),))


def _filled(name: str) -> Callable[..., Any]:
    method = getattr(dict, name)

    def call(self: PendingJSON, *args: Any, **kwargs: Any) -> Any:
        self._fill()
        return method(self, *args, **kwargs)

    call.__name__ = name
    return call


# everything else that reads (or changes) the whole dict writes the options first
for _name in (
    "__iter__",
    "__len__",
    "__reversed__",
    "__eq__",
    "__ne__",
    "__repr__",
    "__or__",
    "__ror__",
    "__ior__",
    "__setitem__",
    "__delitem__",
    "keys",
    "values",
    "items",
    "copy",
    "pop",
    "popitem",
    "setdefault",
    "update",
    "clear",
):
    setattr(PendingJSON, _name, _filled(_name))

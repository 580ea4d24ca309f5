"""A Regular unit's sample commands checked again only when what a check reads has changed (the
scale game, issue 23 §5; speed only: the same commands, in the same order).

At every Regular activation the engine offers each waiting unit's sample commands, every one
checked by the validators (`checks.check_action`): on a big table thousands of checks, nearly
all made at the activation before while one unit acted somewhere else. Here the result of each
check is kept with what it read, and reused while all of that is as it was:

- every check: the state's setting (everything but the units, the logs, the dice and the tally:
  the turn, the hot spots, the contractors...) and the unit itself, its whole state;
- a fire or a charge: also each target's whole state (every portion's target of split fire);
  for fire at a target the firer sees, every other unit whose figures' box meets the box about
  the line between them (the line-of-fire corridor beyond the bases: who may stand in the line,
  R6, R91) and its whole state. Line of sight reads only the two units and the map.

"Whole state" is compared by a version per unit: once per activation decision every unit is
compared with its copy from the last one (dataclass equality) and its version moves when it
changed. The candidates themselves are listed afresh each time (`samples`), so a new enemy,
a hot spot neutralized or a unit gone changes the list as before.

Only where that is all a check reads (every other case is checked afresh, as before): not in a
game with vehicles (hulls are terrain that moves), civilian mobs, cards in play or optional
rules (house clearing); not for a unit carrying wounded (its First Aid and its ways to safety
read every Insurgent's sight); and only the command types listed below (a lone leader's join,
a vehicle's or a mob's orders, a support asset's call: afresh). `SampleMemo.check` checks
afresh beside every reuse and raises on a difference (the tests).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from game.battlefield.planar import BASE_RADIUS
from game.engine.commands import (
    AbandonCasualties,
    ChangeLevel,
    CloseAssault,
    Command,
    EndActivation,
    Fire,
    FirstAid,
    IllegalCommand,
    MoveUnit,
    NeutralizeHotSpot,
    Overwatch,
    ReleasePows,
    SplitUnit,
)
from game.engine.protocol import FigureStatus
from game.engine.state import REGULAR, Activation, GameState, UnitState
from game.rules.cover import LOF_CORRIDOR

if TYPE_CHECKING:
    from game.engine.engine import Engine

SETTING_LEFT_OUT = frozenset(
    {"units", "events", "pending", "dice", "decisions_asked", "tally", "fallen", "next_unit_number"}
)
"""What of the state no check reads (the units are compared one by one): the logs, the dice,
the tally's counts (read by victory, at the end of a turn and by moves off the table, never by
a validator), the bodies drawn where they fell and the next reinforcement's number (a new unit
is a new candidate). The whole game played with `SampleMemo.check` says the same."""

OWN = (
    EndActivation,
    Overwatch,
    FirstAid,
    NeutralizeHotSpot,
    AbandonCasualties,
    ReleasePows,
    SplitUnit,
    MoveUnit,
    ChangeLevel,
)
"""Commands whose check reads the unit, the setting and the map only (for a Regular unit with
no wounded, in a game the memo applies to)."""

CORRIDOR = LOF_CORRIDOR + 2 * BASE_RADIUS + 0.01
"""How far beyond the line between two units' middles a figure may stand and still be asked
about by the line of fire (`line_of_fire.near`: the corridor and a base each side)."""


def setting_of(state: GameState) -> str:
    """The state but the units, logs and dice, as one string to compare."""
    data = {f.name: getattr(state, f.name) for f in fields(state) if f.name not in SETTING_LEFT_OUT}
    return json.dumps(data, sort_keys=True, default=lambda o: o.__dict__)


def applies(state: GameState) -> bool:
    """The game is one where the checks read only what this memo compares."""
    return not (state.vehicles or state.mobs or state.cards or state.optional_rules)


@dataclass
class Kept:
    """One unit's check results: command -> (legal, its targets, their versions, the units
    about each line of fire asked)."""

    setting: str
    version: int
    results: dict[Command, tuple[bool, tuple[str, ...], tuple[int, ...], tuple[Any, ...]]] = field(
        default_factory=dict
    )


class SampleMemo:
    """The check results of one engine's Regular units, kept between activations."""

    def __init__(self, *, check: bool = False) -> None:
        self.check = check
        self.enabled = True  # off: every candidate checked afresh (the tests compare)
        self._copies: dict[str, UnitState] = {}
        self._versions: dict[str, int] = {}
        self._kept: dict[str, Kept] = {}
        self._round: object | None = None
        self._setting = ""
        self._boxes: list[tuple[str, float, float, float, float, int]] = []  # each unit's
        self.reused = 0
        self.checked = 0

    def round(self) -> Round:
        """A new activation decision: its parts share one comparison of the units."""
        self._round = token = object()
        return Round(self, token)

    def _refresh(self, g: Engine, token: object) -> None:
        if self._round is not token:
            raise AssertionError("sample memo: a round read after the next one began")
        state = g.state
        self._setting = setting_of(state)
        for uid, unit in state.units.items():
            old = self._copies.get(uid)
            if old is None or old != unit:
                self._copies[uid] = copy.deepcopy(unit)
                self._versions[uid] = self._versions.get(uid, 0) + 1
        self._boxes = [
            (
                uid,
                min(f.x for f in unit.figures),
                max(f.x for f in unit.figures),
                min(f.y for f in unit.figures),
                max(f.y for f in unit.figures),
                self._versions[uid],
            )
            for uid, unit in state.units.items()
            if unit.figures
        ]

    def legal_filter(
        self, g: Engine, unit: UnitState, act: Activation
    ) -> Callable[[Command], bool]:
        """Whether each candidate of `unit` is legal now: kept where nothing it read changed."""
        kept = self._kept.get(unit.id)
        version = self._versions[unit.id]
        if kept is None or kept.setting != self._setting or kept.version != version:
            kept = self._kept[unit.id] = Kept(self._setting, version)

        results = kept.results
        versions = self._versions

        def legal(command: Command) -> bool:
            found = results.get(command)
            if found is not None:
                ok, targets, was, lines = found
                if (not targets or was == tuple([versions.get(t, -1) for t in targets])) and (
                    not lines or self._lines_stand(g, unit, lines)
                ):
                    self.reused += 1
                    if self.check and _fresh(g, unit, command, act) != ok:
                        raise AssertionError(f"kept check of {command!r} for {unit.id} differs")
                    return ok
            else:
                named = self._targets(command)
                if named is None:
                    return _fresh(g, unit, command, act)  # not kept
                targets = named
            self.checked += 1
            ok = _fresh(g, unit, command, act)
            results[command] = (ok, targets, *self._reads(g, unit, command, targets))
            return ok

        return legal

    @staticmethod
    def _targets(command: Command) -> tuple[str, ...] | None:
        """The units the check of `command` reads besides the unit itself (None: the command
        is not kept)."""
        if isinstance(command, OWN):
            return ()
        if isinstance(command, CloseAssault):
            return (command.target,)
        if isinstance(command, Fire):
            return tuple(t for t, _ in command.split) if command.split else (command.target,)
        return None

    def _reads(
        self, g: Engine, unit: UnitState, command: Command, targets: tuple[str, ...]
    ) -> tuple[tuple[int, ...], tuple[Any, ...]]:
        """What the check just made read: each target's version and, for fire at a target
        in sight, the units about the line."""
        lines = []
        if isinstance(command, Fire):
            for target_id in targets:
                target = g.state.units.get(target_id)
                if target is not None and g.los(unit, target):  # the line is asked only then
                    lines.append((target_id, self._corridor(g, unit, target)))
        return (tuple(self._version_of(t) for t in targets), tuple(lines))

    def _lines_stand(self, g: Engine, unit: UnitState, lines: tuple[Any, ...]) -> bool:
        """The units about each line of fire asked are the same, each unchanged (the two ends
        are: their versions were compared)."""
        units = g.state.units
        return all(self._corridor(g, unit, units[t]) == about for t, about in lines)

    def _version_of(self, unit_id: str) -> int:
        return self._versions.get(unit_id, -1)

    def _corridor(self, g: Engine, firer: UnitState, target: UnitState) -> tuple[Any, ...]:
        """Every other unit whose figures' box meets the box about the line between the two
        units' middles (a unit with a figure in it among them), with its version."""
        a = firer.position().centre
        b = target.position().centre
        left, right = min(a[0], b[0]) - CORRIDOR, max(a[0], b[0]) + CORRIDOR
        low, high = min(a[1], b[1]) - CORRIDOR, max(a[1], b[1]) + CORRIDOR
        skip = (firer.id, target.id)
        return tuple(
            (uid, version)
            for uid, x0, x1, y0, y1, version in self._boxes
            if x0 <= right and left <= x1 and y0 <= high and low <= y1 and uid not in skip
        )


class Round:
    """One activation decision's use of the memo (its parts may be built in any order)."""

    def __init__(self, memo: SampleMemo, token: object) -> None:
        self._memo = memo
        self._token = token
        self._ready = False

    def legal_filter(
        self, g: Engine, unit: UnitState, act: Activation
    ) -> Callable[[Command], bool] | None:
        """`SampleMemo.legal_filter` where the memo applies to this unit, else None."""
        memo = self._memo
        if not memo.enabled or unit.side != REGULAR or not applies(g.state):
            return None
        if act != Activation.begin(unit):
            return None
        if any(f.status == FigureStatus.HIT for f in unit.figures):
            return None  # First Aid and the ways to safety read every Insurgent's sight
        if not self._ready:
            self._memo._refresh(g, self._token)
            self._ready = True
        return self._memo.legal_filter(g, unit, act)


def _fresh(g: Engine, unit: UnitState, command: Command, act: Activation) -> bool:
    from game.engine import checks  # the validators import the procedures that import samples

    try:
        checks.check_action(g, unit, command, act)
    except IllegalCommand:
        return False
    return True

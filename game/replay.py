"""A finished or saved game replayed with rewind: the board as it was at any event.

Pure data (no pygame). The game's command log is applied once to a fresh engine (the same seed,
so the same dice: the replay is the game), and at every event the state is snapshotted
(`GameState.to_dict` without the log, kept zlib-compressed, a few kilobytes each). Stepping
forward or back, by event, activation or turn, then only unpacks one snapshot: no step replays
anything. The events emitted while the engine sets the table up, before the first decision,
share the state the set-up left, and the last event of each command shows the state the command
left (with the decision it now waits for, or the result).

The AI's reasons (`Engine.notes`, each filed before the event it led to) come with the log.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.engine import Engine
from game.engine.protocol import DecisionKind, EventKind
from game.engine.state import GameState

TURN_KINDS = frozenset({EventKind.TURN_START})
ACTIVATION_KINDS = frozenset({EventKind.ACTIVATE, EventKind.TURN_START, EventKind.PHASE_END})


@dataclass(frozen=True)
class LogLine:
    """One line of the replay's log: an event's sentence, or an AI's reason (`note`)."""

    text: str
    turn: int
    note: bool = False


class Replay:
    """The game of `engine` (its scenario, map, seed and command log), event by event."""

    def __init__(self, engine: Engine) -> None:
        fresh = engine.fresh()  # its difficulty and optional rules too (R134, R246)
        self.title = engine.state.title
        self.battlefield = engine.battlefield
        self.terrain = fresh.terrain
        self.scenario = engine.scenario
        self._snaps: list[bytes] = []
        setup = self._pack(fresh.state)
        self._snaps.extend(setup for _ in fresh.state.events)
        # the first event of each Insurgent phase command: an Insurgent unit's activation
        self._insurgent_starts: set[int] = set()
        fresh.listeners.append(lambda _event: self._snaps.append(self._pack(fresh.state)))
        for command in engine.log:
            asked = fresh.pending.kind if fresh.pending is not None else None
            mark = len(fresh.state.events)
            fresh.apply(command)
            if len(fresh.state.events) > mark:  # its last event: the state the command left
                self._snaps[-1] = self._pack(fresh.state)
            if asked == DecisionKind.INSURGENT_ACTION and len(fresh.state.events) > mark:
                self._insurgent_starts.add(mark)
        self.events: list[dict[str, Any]] = fresh.state.events
        if fresh.events_sha256() != engine.events_sha256():
            raise ValueError("the replayed game differs from the game played (a changed rule?)")
        self.notes: dict[int, list[str]] = {}
        for at, text in engine.notes:
            self.notes.setdefault(at, []).append(text)
        self.position = len(self.events) - 1

    @classmethod
    def of_save(cls, path: Path) -> Replay:
        """The replay of a save file (SaveError, naming the file, when it cannot be read)."""
        from game.save import load_save

        return cls(load_save(path))

    @staticmethod
    def _pack(state: GameState) -> bytes:
        data = json.dumps(state.to_dict(events=False), separators=(",", ":"))
        return zlib.compress(data.encode("utf-8"), 1)

    # -- where we are --------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.events)

    def state(self, position: int | None = None) -> GameState:
        """The state as it was when event `position` (default: the current one) was logged."""
        index = self.position if position is None else position
        data = json.loads(zlib.decompress(self._snaps[index]))
        data["events"] = self.events[: index + 1]
        return GameState.from_dict(data)

    @property
    def event(self) -> dict[str, Any]:
        return self.events[self.position]

    def log(self, position: int | None = None, *, limit: int = 0) -> list[LogLine]:
        """The log up to and including event `position`, each AI reason before its event."""
        end = (self.position if position is None else position) + 1
        start = max(0, end - limit) if limit else 0
        lines: list[LogLine] = []
        for index in range(start, end):
            event = self.events[index]
            turn = int(event.get("turn", 0))
            lines.extend(LogLine(text, turn, True) for text in self.notes.get(index, ()))
            lines.append(LogLine(str(event.get("text", "")), turn))
        return lines

    # -- stepping ------------------------------------------------------------------------------
    def go(self, position: int) -> int:
        self.position = max(0, min(len(self.events) - 1, position))
        return self.position

    def step_event(self, step: int) -> int:
        return self.go(self.position + step)

    def _starts(self, kinds: frozenset[EventKind], insurgent: bool) -> list[int]:
        found = [i for i, e in enumerate(self.events) if e["kind"] in kinds]
        if insurgent:
            found = sorted(set(found) | self._insurgent_starts)
        return found

    def _step_to(self, starts: list[int], step: int) -> int:
        if step > 0:
            later = [i for i in starts if i > self.position]
            return self.go(later[0] if later else len(self.events) - 1)
        earlier = [i for i in starts if i < self.position]
        return self.go(earlier[-1] if earlier else 0)

    def step_activation(self, step: int) -> int:
        """To the next (or previous) unit's activation: a Regular activation, an Insurgent unit's
        action, a turn's or a phase's boundary."""
        return self._step_to(self._starts(ACTIVATION_KINDS, True), step)

    def turn_start(self, turn: int) -> int | None:
        """The position of the event that begins `turn` (None: the game never reached it)."""
        return next(
            (
                i
                for i in self._starts(TURN_KINDS, False)
                if int(self.events[i].get("turn", 0)) == turn
            ),
            None,
        )

    @property
    def last_turn(self) -> int:
        """The turn the game ended in (or has reached)."""
        return max((int(e.get("turn", 0)) for e in self.events), default=0)

    def step_turn(self, step: int) -> int:
        """To the start of the next (or previous) turn."""
        return self._step_to(self._starts(TURN_KINDS, False), step)

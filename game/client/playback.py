"""Playing the other side's actions out one at a time, at the player's pace (no pygame here).

The engine resolves an AI decision at once; the play screen feeds the resulting events here and
reveals them one by one: the acting unit is highlighted, the dice faces and the outcome shown,
then the next. Space skips to the end of what is queued.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from game.client.sound import sound_for_event
from game.engine.protocol import EventKind

PACE_SECONDS = {"instant": 0.0, "normal": 0.7, "slow": 1.6}
"""How long each revealed event stays in the spotlight before the next one."""

QUIET_KINDS = frozenset({EventKind.FIXED})
"""Bookkeeping events shown in the log at once, without a pause."""

UNIT_KEYS = ("unit", "firer", "insurgent", "regular", "attacker")
TARGET_KEYS = ("target", "defender")


@dataclass(frozen=True)
class Beat:
    """One event in the spotlight."""

    text: str
    kind: str
    actor: str | None
    target: str | None
    source: str = "event"  # event | ai (an AI's reasoning line)
    sound: str | None = None  # what the event sounds like when revealed (client/sound.py)


def beat_of(event: dict[str, Any]) -> Beat:
    data = event.get("data", {}) or {}
    actor = next((str(data[k]) for k in UNIT_KEYS if data.get(k)), None)
    target = next((str(data[k]) for k in TARGET_KEYS if data.get(k)), None)
    return Beat(
        str(event.get("text", "")),
        str(event.get("kind", "")),
        actor,
        target,
        sound=sound_for_event(event),
    )


@dataclass
class Playback:
    pace: str = "normal"
    queue: deque[Beat] = field(default_factory=deque)
    current: Beat | None = None
    shown_for: float = 0.0

    @property
    def delay(self) -> float:
        return PACE_SECONDS.get(self.pace, PACE_SECONDS["normal"])

    @property
    def busy(self) -> bool:
        """Something is still to be shown (the next AI step waits for it)."""
        return bool(self.queue) or (self.current is not None and self.shown_for < self.delay)

    def feed(self, beats: list[Beat]) -> None:
        self.queue.extend(beats)

    def update(self, dt: float) -> list[Beat]:
        """The beats to reveal now (log them); the last becomes the spotlight."""
        revealed: list[Beat] = []
        self.shown_for += dt
        while self.queue and (self.current is None or self.shown_for >= self.delay):
            beat = self.queue.popleft()
            revealed.append(beat)
            if beat.kind in QUIET_KINDS or beat.source == "ai":
                continue
            self.current = beat
            self.shown_for = 0.0
            if self.delay > 0:
                break
        return revealed

    def skip(self) -> list[Beat]:
        """Reveal everything queued at once."""
        revealed = list(self.queue)
        self.queue.clear()
        shown = [b for b in revealed if b.kind not in QUIET_KINDS and b.source != "ai"]
        if shown:
            self.current = shown[-1]
        self.shown_for = self.delay
        return revealed

    def cycle_pace(self) -> str:
        order = list(PACE_SECONDS)
        self.pace = (
            order[(order.index(self.pace) + 1) % len(order)] if self.pace in order else "normal"
        )
        return self.pace

"""Invariants every game must keep, checked after every event (soak tests, tools/soak.py)."""

from __future__ import annotations

from typing import Any

from game.engine.engine import Engine
from game.engine.protocol import EventKind, UnitStatus

ACTING_KINDS = {
    EventKind.ACTIVATE: "unit",
    EventKind.MOVE_START: "unit",
    EventKind.MOVE: "unit",
    EventKind.FIRE: "firer",
}


class InvariantBroken(AssertionError):
    pass


class InvariantChecker:
    """Attach to an engine (`engine.listeners`); raises InvariantBroken on the first breach."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.interrupts: set[tuple[int, str]] = set()
        self.checked = 0
        engine.listeners.append(self)

    def fail(self, event: dict[str, Any], why: str) -> None:
        raise InvariantBroken(
            f"seed {self.engine.state.seed}, event {event['seq']} ({event['kind']}: "
            f"{event['text']}): {why}"
        )

    def __call__(self, event: dict[str, Any]) -> None:
        self.checked += 1
        state = self.engine.state
        data = event["data"]
        kind = event["kind"]
        if kind == EventKind.FIRE:
            for key in ("firepower", "defense"):
                if not 1 <= data[key] <= 10:
                    self.fail(event, f"{key} {data[key]} outside 1..10 (R16, R18)")
        if kind == EventKind.INTERRUPT_DECLARED:
            declared = (int(event["turn"]), str(data["unit"]))
            if declared in self.interrupts:
                self.fail(event, f"{data['unit']} interrupts twice in one turn (R22)")
            self.interrupts.add(declared)
        if kind in ACTING_KINDS:
            actor = state.units.get(data[ACTING_KINDS[kind]])
            if actor is None or not actor.on_table:
                self.fail(event, "a unit that is off the table acts")
        width, height = self.engine.battlefield.width, self.engine.battlefield.height
        for unit in state.units.values():
            if unit.status == UnitStatus.MERGED:
                keeper = state.units.get(unit.merged_into)
                if unit.figures or keeper is None or keeper.side != unit.side:
                    self.fail(event, f"{unit.id} merged but its figures went nowhere sensible")
            if not unit.on_table:
                continue
            if not unit.figures:
                self.fail(event, f"{unit.id} is on the table with no figures")
            if unit.morale_die() is None:
                self.fail(event, f"{unit.id} is on the table with a broken Morale")
            for f in unit.figures:
                if not (-0.01 <= f.x <= width + 0.01 and -0.01 <= f.y <= height + 0.01):
                    self.fail(event, f"{f.id} stands off the table at ({f.x}, {f.y})")

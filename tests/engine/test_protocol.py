"""The typed protocol: StrEnums whose values are the JSON strings, and one typed context per
decision kind that the engine's decisions really carry."""

from __future__ import annotations

import json
from typing import Any

from game.ai.controller import InsurgentAI
from game.ai.regular import RegularAI
from game.engine.commands import Command, MoveUnit, command_from_json
from game.engine.decisions import CONTEXTS
from game.engine.protocol import DecisionKind, EventKind, FigureStatus, MoveRate, UnitStatus
from game.engine.state import INSURGENT, REGULAR
from game.engine.view import PlayerView
from game.headless import play
from game.save import new_game, resolve_map


def test_members_are_their_json_strings() -> None:
    assert json.dumps({MoveRate.RAPID: [UnitStatus.ACTIVE, FigureStatus.HIT]}) == (
        '{"rapid": ["active", "hit"]}'
    )
    assert DecisionKind.SEEK_COVER == "seek_cover" and EventKind.FIRE == "Fire"
    move = MoveUnit(side=REGULAR, unit="R1", to=(1.0, 2.0), rate=MoveRate.RAPID)
    assert command_from_json(json.loads(json.dumps(move.to_json()))) == move
    assert MoveUnit(side=REGULAR).rate == "cautious"


class Checking:
    """A controller that checks every decision's context against its kind's TypedDict."""

    def __init__(self, inner: Any, seen: dict[str, int]) -> None:
        self.inner = inner
        self.seen = seen

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def choose(self, view: PlayerView) -> Command:
        decision = view.decision
        assert decision is not None
        kind = DecisionKind(decision["kind"])
        typed = CONTEXTS[kind]
        keys = set(decision["context"])
        assert typed.__required_keys__ <= keys, (kind, keys)  # type: ignore[attr-defined]
        assert keys <= typed.__required_keys__ | typed.__optional_keys__, (kind, keys)  # type: ignore[attr-defined]
        self.seen[kind] = self.seen.get(kind, 0) + 1
        command: Command = self.inner.choose(view)
        return command


def test_every_decision_carries_the_context_its_kind_declares() -> None:
    seen: dict[str, int] = {}
    for scenario, seed in (("sweep-and-clear", 2), ("contracting-trouble", 4)):
        map_path, sid = resolve_map(scenario)
        engine = new_game(map_path, sid, seed)
        controllers = {
            REGULAR: Checking(RegularAI(engine.battlefield), seen),
            INSURGENT: Checking(InsurgentAI(engine.battlefield, seed * 2 + 2), seen),
        }
        play(engine, controllers)  # type: ignore[arg-type]
        assert engine.over
    common = {"activate", "continue", "interrupts", "react", "insurgent_action", "seek_cover"}
    assert common <= set(seen)

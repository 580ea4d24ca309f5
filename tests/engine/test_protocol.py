"""The typed protocol: StrEnums whose values are the JSON strings, and one typed context per
decision kind that the engine's decisions really carry."""

from __future__ import annotations

import json

import pytest

from game.engine.commands import MoveUnit, command_from_json
from game.engine.decisions import CONTEXTS
from game.engine.protocol import DecisionKind, EventKind, FigureStatus, MoveRate, UnitStatus
from game.engine.state import REGULAR
from tests.shared_games import golden_game


def test_members_are_their_json_strings() -> None:
    assert json.dumps({MoveRate.RAPID: [UnitStatus.ACTIVE, FigureStatus.HIT]}) == (
        '{"rapid": ["active", "hit"]}'
    )
    assert DecisionKind.SEEK_COVER == "seek_cover" and EventKind.FIRE == "Fire"
    move = MoveUnit(side=REGULAR, unit="R1", to=(1.0, 2.0), rate=MoveRate.RAPID)
    assert command_from_json(json.loads(json.dumps(move.to_json()))) == move
    assert MoveUnit(side=REGULAR).rate == "cautious"


@pytest.mark.golden_games(("sweep-and-clear", 2), ("contracting-trouble", 4))
def test_every_decision_carries_the_context_its_kind_declares() -> None:
    """Every decision the AIs were asked in two whole games (the golden ones, played once for
    the suite, which notes each decision's kind and context keys: tests/shared_games.py) has
    its kind's context: every required key, nothing undeclared."""
    seen: dict[str, int] = {}
    for scenario, seed in (("sweep-and-clear", 2), ("contracting-trouble", 4)):
        game = golden_game(scenario, seed)
        assert game.engine.over and len(game.decisions) > 20
        for decision in game.decisions:
            kind = DecisionKind(decision.kind)
            typed = CONTEXTS[kind]
            keys = decision.keys
            assert typed.__required_keys__ <= keys, (kind, keys)
            assert keys <= typed.__required_keys__ | typed.__optional_keys__, (kind, keys)
            seen[kind] = seen.get(kind, 0) + 1
    common = {"activate", "continue", "interrupts", "react", "insurgent_action", "seek_cover"}
    assert common <= set(seen)

"""The card-effect registry is whole whenever it is read, whatever was imported first
(`game/engine/registry.py`): a test run alone with `-k` finds the same handlers as the game."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game.engine.registry import CompletingRegistry


def test_the_first_read_completes_the_registry_once_and_registering_does_not() -> None:
    calls: list[str] = []
    registry: CompletingRegistry[int] = CompletingRegistry(lambda: calls.append("loaded"))
    registry["early"] = 1
    assert calls == []  # registering never loads the other modules
    assert registry["early"] == 1 and calls == ["loaded"]
    assert "early" in registry and len(registry) == 1 and list(registry) == ["early"]
    assert calls == ["loaded"]


def test_a_read_while_completing_sees_what_is_registered_so_far() -> None:
    registry: CompletingRegistry[str] = CompletingRegistry(lambda: None)
    seen: list[str] = []

    def complete() -> None:
        registry["base"] = "asset"
        seen.append(registry["base"])  # a module wrapping another's handler as it registers
        registry["base"] = "wrapped " + registry["base"]

    registry = CompletingRegistry(complete)
    assert registry["base"] == "wrapped asset" and seen == ["asset"]


def test_a_failed_completion_is_tried_again_at_the_next_read() -> None:
    attempts: list[int] = []

    def complete() -> None:
        attempts.append(1)
        if len(attempts) == 1:
            raise ImportError("half a module")

    registry: CompletingRegistry[int] = CompletingRegistry(complete)
    with pytest.raises(ImportError):
        len(registry)
    assert len(registry) == 0 and len(attempts) == 2


PROBE = """
import importlib, sys
first = importlib.import_module(sys.argv[1])
from game.engine import card_effects, cards, vehicle_cards
effects = card_effects.EFFECTS
print(effects["contact"].__module__, effects["grant_asset"].__module__,
      sorted(cards.AVAILABLE_PARTS) == ["building_clearing", "civilians", "special_teams",
                                        "vehicles"])
"""


@pytest.mark.parametrize(
    "first", ["game.engine.card_effects", "game.engine.vehicle_cards", "game.engine.card_eye"]
)
def test_r183_contact_is_found_whichever_effect_module_was_imported_first(first: str) -> None:
    # In a fresh interpreter: the effect modules register on import, so only a new process
    # shows what a lookup finds when one particular module was imported first.
    out = subprocess.run(
        [sys.executable, "-c", PROBE, first], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["game.engine.card_contact", "game.engine.vehicle_cards", "True"]

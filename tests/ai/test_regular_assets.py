"""The Regular AI calls support assets when they pay, and says why (R190-R199; issue 19)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from game.ai.regular import RegularAI
from game.engine.commands import CallAsset
from game.engine.view import player_view
from game.scenarios.situation import parse_situation, situation_engine

ROOT = Path(__file__).resolve().parents[2]
MARINES = {
    "id": "R1",
    "side": "regular",
    "name": "Marines",
    "quality": "trained",
    "morale": "d10",
    "line": [24, 40],
    "figures": ["rifle", "rifle", "rifle", "rifle"],
}


def gunmen(count: int, at: list[int]) -> dict[str, Any]:
    return {
        "id": "G",
        "side": "insurgent",
        "name": "Gunmen",
        "line": at,
        "figures": ["leader", *["small_arms"] * (count - 1)],
    }


def first_choice(assets: list[str], foes: dict[str, Any]) -> tuple[Any, list[str]]:
    data = {
        "map": {"width": 48, "height": 48},
        "assets": assets,
        "units": [copy.deepcopy(MARINES), foes],
    }
    situation = parse_situation(data, base=ROOT)
    engine = situation_engine(situation)
    ai = RegularAI(situation.battlefield)
    return ai.choose(player_view(engine, "regular")), ai.journal


def test_the_regular_ai_calls_the_mortar_on_a_big_group_and_says_why() -> None:
    command, journal = first_choice(["heavy_mortar"], gunmen(8, [24, 14]))
    assert isinstance(command, CallAsset) and command.asset == "heavy_mortar"
    assert command.target == "G"
    assert "calls the Off-Board Heavy Mortar on Gunmen: E=" in journal[-1]


def test_the_regular_ai_keeps_the_hellfire_for_a_worthwhile_target() -> None:
    command, _ = first_choice(["armed_predator"], gunmen(1, [24, 14]))
    assert not isinstance(command, CallAsset)
    command, journal = first_choice(["armed_predator"], gunmen(8, [24, 14]))
    assert isinstance(command, CallAsset) and command.asset == "armed_predator"
    assert "Armed Predator" in journal[-1]


def test_the_regular_ai_brings_an_attached_medic_into_play_at_once() -> None:
    command, journal = first_choice(["attached_medic"], gunmen(3, [24, 14]))
    assert isinstance(command, CallAsset) and command.asset == "attached_medic"
    assert "R195" in journal[-1]


def test_without_assets_the_regular_ai_calls_nothing() -> None:
    command, _ = first_choice([], gunmen(8, [24, 14]))
    assert not isinstance(command, CallAsset)

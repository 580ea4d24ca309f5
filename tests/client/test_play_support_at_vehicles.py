"""The call preview at a vehicle names its armour and counts penetrating hits (R344; rules
audit, round 7): before, it showed the crew's Quality die as the target's Defense die."""

from __future__ import annotations

from pathlib import Path

from game.client import play_support
from game.scenarios.situation import read_situation, situation_engine

SANDBOX = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def test_r344_the_call_preview_at_a_technical_reads_its_armour() -> None:
    engine = situation_engine(read_situation(SANDBOX / "asset-hellfire-technical.json"))
    marines, technical = engine.state.units["R1"], engine.state.units["T"]
    line = play_support.call_preview(engine, marines, "armed_predator", technical)
    assert line.startswith("Armed Predator on Technical: armour 1d6 · no fire 0%")
    assert "at least 1 penetrating hit" in line and "card lost 100%" in line

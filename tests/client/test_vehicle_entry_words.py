"""The window's words for the cards that bring vehicles (R304): a road block's spot is offered
as a street to block, not as a move into cover."""

from __future__ import annotations

import json
from pathlib import Path

from game.client.orders import describe_answer
from game.sandbox import run_situation
from game.scenarios.situation import parse_situation

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def test_r304_the_road_block_choice_reads_as_a_street_to_block() -> None:
    data = json.loads((EXAMPLES / "card-road-block.json").read_text(encoding="utf-8"))
    data["commands"] = []
    run = run_situation(parse_situation(data, base=EXAMPLES), lambda event: None)
    engine = run.engine
    assert engine is not None and engine.pending is not None
    assert engine.pending.context["choosing"] == "road_block"
    words = describe_answer(engine, [22.5, 16.5])
    assert words.startswith("Block the street") and "cover" not in words

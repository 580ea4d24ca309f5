"""Rules-fidelity situation for Cover Dice (issue 16 item 5; docs/SANDBOX.md): the file in
docs/sandbox/ plays the section with forced dice, and the test, named after the section,
asserts the outcome the book gives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.sandbox import run_situation
from game.scenarios.situation import parse_situation

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def fires(data: dict[str, Any]) -> list[dict[str, Any]]:
    run = run_situation(parse_situation(data, base=EXAMPLES), lambda event: None)
    assert run.error == ""
    return [e["data"] for e in run.events if e["kind"] == "Fire"]


def test_cover_dice_in_cover_only_on_an_activation_without_a_move() -> None:
    """Rulebook: Cover Dice, In Cover (R116): Regulars are In Cover automatically only on an
    activation in which they do not move. Interrupted at 0" of their declared move, the Marines
    are moving: no In Cover die. Declaring fire instead, they are stationary and claim it."""
    data = json.loads((EXAMPLES / "in-cover-moving.json").read_text(encoding="utf-8"))
    (moving,) = fires(data)
    assert moving["firer"] == "H"
    assert moving["defense_breakdown"]["items"] == [["4 figures", 4]]
    data["commands"][0] = {"kind": "fire", "side": "regular", "unit": "R1", "target": "H"}
    data["dice"] = data["dice"][:-4] + ["d8=1"] * 5
    (standing,) = fires(data)
    assert standing["defense_breakdown"]["items"] == [["4 figures", 4], ["In Cover", 1]]

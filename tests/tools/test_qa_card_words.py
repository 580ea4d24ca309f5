"""What a wargamer reads when the new cards come up (qa, round 2): the AI's reason for the Road
Block! street, and the counts of the card outcomes in the right plural (R303, R304, R308)."""

from __future__ import annotations

import json
from pathlib import Path

from game.ai.cards import choose_card
from game.engine.view import player_view
from game.sandbox import run_situation
from game.scenarios.situation import parse_situation

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def test_r304_the_insurgent_ai_picks_the_road_block_street_as_a_street() -> None:
    """Sweep & Clear seed 24: the street's [x, y] was taken for a list of shooters at units
    running from a fire ("every unit that may fires at the runners ([4.5, 10.5])")."""
    data = json.loads((EXAMPLES / "card-road-block.json").read_text(encoding="utf-8"))
    data["commands"] = []
    run = run_situation(parse_situation(data, base=EXAMPLES), lambda event: None)
    engine = run.engine
    assert engine is not None and engine.pending is not None
    answer, why = choose_card(player_view(engine, "insurgent"), engine.battlefield)
    assert "runners" not in why
    assert "narrowest street offered" in why and "(R304)" in why
    x, y = getattr(answer, "choice", None) or (None, None)
    assert f"at ({x:.1f}, {y:.1f})" in why


def _played(outcome: str, count: int) -> str:
    from game.engine.card_narration import _card_played

    data = {
        "title": "Technical Trouble",
        "side": "insurgent",
        "outcome": outcome,
        "face": 2,
        "count": count,
        "unit_name": "Car 5",
    }
    return _card_played(data, 1)


def test_r303_one_technical_rolls_on_in_the_singular() -> None:
    """Sweep & Clear seed 23, T0: 'd6=2: 1 technicals roll onto the table'."""
    assert "d6=2: 1 technical rolls onto the table (R303)" in _played("technicals", 1)
    assert "d6=2: 3 technicals roll onto the table (R303)" in _played("technicals", 3)
    assert "1 gunman gets out" in _played("car_gunmen", 1)
    assert "4 gunmen get out" in _played("car_gunmen", 4)


def test_r303_one_technical_in_french() -> None:
    from game import i18n

    i18n.set_language("fr")
    try:
        assert "1 technical arrive sur la table" in _played("technicals", 1)
        assert "2 technicals arrivent sur la table" in _played("technicals", 2)
        assert "1 homme armé en sort" in _played("car_gunmen", 1)
    finally:
        i18n.set_language("en")

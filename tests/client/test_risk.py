"""The interrupt-risk preview of a planned move (issue 22): who could interrupt where along the
path, with the exact Reaction Test and casualty odds of the rules core."""

from __future__ import annotations

import copy
import math
from fractions import Fraction
from typing import Any

import pytest

from game.client.risk import risk_preview, walk_samples
from game.engine.protocol import MoveRate
from game.rules.odds import reaction_odds
from game.rules.quality import Quality, ReactionStance
from game.sandbox import run_situation
from game.scenarios.situation import parse_situation

# The Marines walk north up an open street from (24, 40) to (24, 28). A high wall along x = 20
# from y = 30 to y = 46 hides them from WEST at (10, 20) until they are north of about y = 34;
# EAST at (40, 30) sees the whole street; HIDDEN, behind a building, sees none of it.
SITUATION: dict[str, Any] = {
    "title": "risk preview",
    "map": {
        "width": 48,
        "height": 48,
        "walls": [{"name": "long wall", "height": "high", "points": [[20, 30], [20, 46]]}],
        "buildings": [{"name": "block", "storeys": 1, "rect": [34, 40, 8, 6]}],
    },
    "units": [
        {"id": "R1", "side": "regular", "name": "Marines", "quality": "trained",
         "morale": "d10", "line": [24, 40], "figures": ["rifle", "rifle", "rifle", "rifle"]},
        {"id": "WEST", "side": "insurgent", "line": [10, 20],
         "figures": ["leader", "small_arms", "small_arms"]},
        {"id": "EAST", "side": "insurgent", "line": [40, 30],
         "figures": ["leader", "small_arms", "small_arms", "small_arms"]},
        {"id": "HIDDEN", "side": "insurgent", "line": [38, 47.5],
         "figures": ["leader", "small_arms"]},
    ],
    "seed": 1,
    "commands": [],
}  # fmt: skip
PATH = ((24.0, 40.0), (24.0, 28.0))


def engine_for(situation: dict[str, Any]) -> Any:
    run = run_situation(parse_situation(situation), lambda event: None)
    assert run.engine is not None, run.error
    return run.engine


@pytest.fixture(scope="module")
def engine() -> Any:
    return engine_for(SITUATION)


def test_the_path_is_sampled_every_inch_with_both_ends() -> None:
    samples = walk_samples([(0.0, 0.0), (2.5, 0.0), (2.5, 1.0)])
    assert samples == [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (2.5, 0.5), (2.5, 1.0)]


def test_who_sees_where_and_the_odds_of_each_interrupter(engine: Any) -> None:
    marines = engine.state.units["R1"]
    risk = risk_preview(engine, marines, PATH, MoveRate.CAUTIOUS)
    by_id = {t.unit_id: t for t in risk.threats}
    assert set(by_id) == {"WEST", "EAST"}  # HIDDEN never sees the street
    west, east = by_id["WEST"], by_id["EAST"]
    assert east.seen_from == 0 and east.seen_to == pytest.approx(12)
    assert 4 <= west.seen_from <= 9 and west.seen_to == pytest.approx(12)
    assert "WEST" not in risk.watchers[0] and "WEST" in risk.watchers[-1]
    for threat in (west, east):
        ins = engine.state.units[threat.unit_id]
        assert threat.first == reaction_odds(
            Quality.from_die(ins.quality_die()),
            Quality.from_die(marines.quality_die()),
            stance=ReactionStance.CAUTIOUS,
        )
        assert 0 < threat.hit < 1
    # the nearest seen point of WEST's sight is the north end, nearest to it
    assert math.dist(west.at, (24.0, 28.0)) < 0.01
    spared = (1 - west.first * west.hit) * (1 - east.first * east.hit)
    assert risk.casualty_chance == 1 - spared
    assert risk.label.startswith(f"Risk {float(1 - spared):.0%} of casualties")
    assert risk.segment_watchers()[0] == 1 and risk.segment_watchers()[-1] == 2


def test_a_rapid_move_is_riskier_than_a_cautious_one(engine: Any) -> None:
    marines = engine.state.units["R1"]
    cautious = risk_preview(engine, marines, PATH, MoveRate.CAUTIOUS)
    rapid = risk_preview(engine, marines, PATH, MoveRate.RAPID)
    for slow, fast in zip(cautious.threats, rapid.threats, strict=True):
        assert fast.first > slow.first  # R14: Rapid -1 to the Regular's Reaction Test
        assert fast.hit >= slow.hit  # and the firer gains a die at a unit moving Rapidly
    assert rapid.casualty_chance > cautious.casualty_chance


def test_units_that_cannot_interrupt_are_no_threat_and_a_hidden_path_is_safe() -> None:
    situation = copy.deepcopy(SITUATION)
    situation["units"] = [u for u in situation["units"] if u["id"] in ("R1", "WEST")]
    engine = engine_for(situation)
    marines = engine.state.units["R1"]
    south = ((24.0, 40.0), (24.0, 44.0))  # behind the wall all the way
    risk = risk_preview(engine, marines, south, MoveRate.CAUTIOUS)
    assert risk.threats == () and risk.casualty_chance == Fraction(0)
    assert risk.label == "no Insurgent unit that may interrupt sees this path"
    engine.state.units["WEST"].interrupted_turn = engine.state.turn  # once per turn (R22)
    assert risk_preview(engine, marines, PATH, MoveRate.CAUTIOUS).threats == ()


def test_the_risk_line_names_the_interrupters_in_the_language_in_use() -> None:
    # found in play (French, Hornet's Nest): "Risque 22 % de pertes avant de pouvoir réagir :
    # Insurgent group 3 (voit de 3 à 3" ...)": the unit's name was left in English
    from game import i18n

    situation = copy.deepcopy(SITUATION)
    situation["units"][2]["name"] = "Insurgent group 3"  # EAST, which sees the whole street
    engine = engine_for(situation)
    i18n.set_language("fr")
    try:
        label = risk_preview(engine, engine.state.units["R1"], PATH, MoveRate.CAUTIOUS).label
    finally:
        i18n.set_language("en")
    assert "Cellule insurgée 3 (voit" in label and "Insurgent group 3" not in label


def test_an_interrupter_that_sees_one_point_is_told_so() -> None:
    """Polish round 7 (Midnight at the Alamo seed 4): "Insurgent group 6 (sees 0–0": …)" — a
    unit that sees the path at one point only is said to see it there."""
    from game import i18n
    from game.client.risk import RiskPreview, Threat

    once = Threat("I6", "Insurgent group 6", Fraction(1, 5), Fraction(3, 4), (0, 0), 0.2, 0.4)
    span = Threat("I4", "Insurgent group 4", Fraction(1, 5), Fraction(1, 2), (0, 0), 1.0, 6.0)
    label = RiskPreview(((0.0, 0.0),), ((),), (once, span)).label
    assert 'Insurgent group 6 (sees it at 0": first 20%, hits 75%)' in label
    assert 'Insurgent group 4 (sees 1–6": first 20%, hits 50%)' in label
    i18n.set_language("fr")
    try:
        french = RiskPreview(((0.0, 0.0),), ((),), (once,)).label
    finally:
        i18n.set_language("en")
    assert 'Cellule insurgée 6 (voit à 0" : premier 20\xa0%, touche 75\xa0%)' in french

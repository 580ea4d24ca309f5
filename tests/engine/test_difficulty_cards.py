"""Hard and Brutal and the Fog of War cards' own ratings (R330, R343; polish round 5).

R330 raises the Troop Quality die the scenario gives every Insurgent figure. Technical Trouble
names its crews' ratings itself (Untrained d6, Morale d8) and Cross-Town Traffic's car drives
with the unknown car's own d6/d6 (R300, R308): those stay as the card has them at every
difficulty (R343). The gunmen who get out of the car are Insurgents like any reinforcement and
take the difficulty's raised die.
"""

from __future__ import annotations

import pytest

from game.engine import cross_town, vehicle_cards
from game.engine.difficulty import insurgent_profile
from game.engine.engine import Engine
from game.engine.state import INSURGENT, UnitState
from game.rules import cards as rc
from game.save import new_game, resolve_map


def _game(difficulty: str) -> Engine:
    map_path, scenario_id = resolve_map("sweep-and-clear")
    return new_game(map_path, scenario_id, 2, difficulty=difficulty)


def _play(engine: Engine, card_id: str, effect: object) -> list[UnitState]:
    """Play the card's effect for the Insurgents; the units it brought on."""
    before = set(engine.state.units)
    flow = effect(engine, rc.card(card_id), INSURGENT)  # type: ignore[operator]
    for _ in flow:
        pass
    return [u for uid, u in engine.state.units.items() if uid not in before]


@pytest.mark.parametrize("difficulty", ["book", "hard", "brutal"])
def test_r343_technical_trouble_crews_keep_the_cards_ratings_at_every_difficulty(
    difficulty: str,
) -> None:
    engine = _game(difficulty)
    technicals = _play(engine, "technical-trouble", vehicle_cards.technical_trouble)
    assert technicals
    for unit in technicals:
        assert {(f.kind, f.quality, f.morale) for f in unit.figures} == {
            ("leader", 6, 8),
            ("small_arms", 6, 8),
        }
    # while the scenario's own Insurgents are raised (R330): d8 small arms become d10 on Hard
    raised = {"book": 0, "hard": 2, "brutal": 2}[difficulty]
    book = insurgent_profile(_game("book"), "small_arms")[0]
    assert insurgent_profile(engine, "small_arms")[0] == min(12, book + raised)


def test_r343_the_car_keeps_its_own_d6_but_its_gunmen_are_raised_on_hard() -> None:
    engine = _game("hard")
    (car,) = _play(engine, "cross-town-traffic", cross_town.cross_town_traffic)
    assert {(f.quality, f.morale) for f in car.figures} == {(6, 6)}
    before = set(engine.state.units)
    cross_town._gunmen(engine, car)
    (gunmen,) = [u for uid, u in engine.state.units.items() if uid not in before]
    raised, morale = insurgent_profile(engine, "small_arms")
    assert {(f.quality, f.morale) for f in gunmen.figures} == {(raised, morale)}
    assert raised > insurgent_profile(_game("book"), "small_arms")[0]

"""Asset cards put their support assets in play, and the card follows the asset to the discards
(Rulebook: Fog of War & Asset Cards; R186; R190-R199; support assets, issue 19)."""

from __future__ import annotations

from typing import Any

from game.battlefield.model import Battlefield
from game.engine import assets, card_effects, cards
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR
from game.rules import cards as rc
from game.rules.dice import SeededDice
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line

MARINES = UnitSpec("R1", REGULAR, line(10.0, 40.0, 4), quality=8, morale=10)
CELL = UnitSpec("I1", INSURGENT, line(10.0, 10.0, 4), quality=6, morale=10)


def staged() -> Engine:
    table = Battlefield("tests/open.tmx", "open", 48.0, 48.0, 32.0)
    staging = Staging(units=[MARINES, CELL], fog_of_war=True, insurgency_level="4")
    return Engine(StagedScenario(staging), table, 0, dice=SeededDice(3))


def stack(engine: Engine, deck: str, top_last: list[str]) -> None:
    table = cards.table(engine)
    table["decks"][deck] = list(top_last)
    table["shuffled"][deck] = True


def run(flow: Any) -> Any:
    try:
        next(flow)
    except StopIteration as stop:
        return stop.value
    raise AssertionError("the card asked a question")


def test_an_asset_card_puts_its_asset_in_play_and_is_held_until_it_is_spent() -> None:
    engine = staged()
    stack(engine, rc.ASSET, ["armed-predator"])
    run(cards.draw_asset(engine, "unexpected_help"))
    assert cards.hand(engine, REGULAR) == ["armed-predator"]
    assert engine.state.assets[REGULAR] == ["armed_predator"]
    granted = [e for e in engine.state.events if e["kind"] == "AssetGranted"]
    assert granted[-1]["data"]["source"] == "Armed Predator"
    assets.lose_asset(engine, "armed_predator", "fired")
    assert cards.hand(engine, REGULAR) == []
    assert "armed-predator" in engine.state.cards["discards"][rc.ASSET]


def test_the_cards_names_for_attached_assets_are_played_and_vehicles_come_on_r301() -> None:
    engine = staged()
    stack(engine, rc.ASSET, ["attached-gun-truck", "attached-medic", "ambulance-on-call"])
    for _ in range(3):
        run(cards.draw_asset(engine, "unexpected_help"))
    assert engine.state.assets[REGULAR] == ["attached_medic"]
    # the gun truck (R301) and the ambulance (R298) came on as vehicles
    assert sorted(cards.hand(engine, REGULAR)) == ["attached-medic"]
    assert sorted(engine.state.cards["fielded"]) == ["ambulance-on-call", "attached-gun-truck"]


def test_youre_grounded_takes_every_air_asset_and_nothing_friendly_the_aircraft() -> None:
    engine = staged()
    for asset in ("air_support", "uav", "light_mortar"):
        assets.grant_asset(engine.state, asset)
    run(card_effects.EFFECTS["friendly_fire"](engine, rc.card("nothing-friendly"), REGULAR))
    assert engine.state.assets[REGULAR] == ["uav", "light_mortar"]
    run(card_effects.EFFECTS["grounded"](engine, rc.card("youre-grounded"), REGULAR))
    assert engine.state.assets[REGULAR] == ["light_mortar"]

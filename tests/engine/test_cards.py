"""The decks in play and the card effects (Rulebook: Fog of War & Asset Cards; Reaction Tests
and Fog of War; Optional Fog of War). Rulings R180-R189, each test names its ruling."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from game.battlefield.model import Battlefield
from game.engine import card_effects, cards, difficulty, fire, interruptions
from game.engine.commands import Answer
from game.engine.decisions import Decision
from game.engine.engine import Engine
from game.engine.protocol import DecisionKind
from game.engine.protocol import EventKind as E
from game.engine.state import INSURGENT, REGULAR
from game.engine.terrain import distance
from game.rules import cards as rc
from game.rules.dice import Die, ScriptedDice, SeededDice
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line


class Forced:
    """Forced faces first (die type checked), then seeded dice: a test fixes the rolls it is
    about and lets the rest (Who Got Hit?, Morale) fall as they may."""

    def __init__(self, script: Iterable[tuple[Die, int]], seed: int = 1) -> None:
        self.script = ScriptedDice(list(script))
        self.rest = SeededDice(seed)

    def roll(self, die: Die) -> int:
        if self.script.remaining:
            return self.script.roll(die)
        return self.rest.roll(die)

    def roll_many(self, die: Die, count: int) -> tuple[int, ...]:
        return tuple(self.roll(die) for _ in range(count))


MARINES = UnitSpec("R1", REGULAR, line(10.0, 40.0, 4), quality=8, morale=10)
CELL = UnitSpec("I1", INSURGENT, line(10.0, 10.0, 4), quality=6, morale=10)


def staged(
    *units: UnitSpec,
    script: Iterable[tuple[Die, int]] = (),
    fog: bool = True,
    level: str = "4",
    optional: bool = False,
) -> Engine:
    table = Battlefield("tests/open.tmx", "open", 48.0, 48.0, 32.0)
    staging = Staging(units=list(units or (MARINES, CELL)), fog_of_war=fog, insurgency_level=level)
    return Engine(
        StagedScenario(staging),
        table,
        0,
        dice=Forced(script),
        optional_rules=[rc.OPTIONAL_FOG_OF_WAR] if optional else [],
    )


def stack(engine: Engine, deck: str, top_last: list[str]) -> None:
    """Put these cards on `deck` (the last one on top), as if it had been shuffled."""
    table = cards.table(engine)
    table["decks"][deck] = list(top_last)
    table["shuffled"][deck] = True


def run(engine: Engine, flow: Any, answers: Iterable[Any] = ()) -> Any:
    """Run a flow to its end, answering each decision with the next of `answers`."""
    queue = list(answers)
    try:
        decision = next(flow)
        while True:
            assert isinstance(decision, Decision)
            choice = queue.pop(0)
            decision = flow.send(Answer(side=decision.side, decision=decision.id, choice=choice))
    except StopIteration as stop:
        return stop.value


def kinds(engine: Engine, kind: str) -> list[dict[str, Any]]:
    return [e for e in engine.state.events if e["kind"] == kind]


def test_r181_a_natural_one_draws_a_fog_of_war_card_named_by_its_title() -> None:
    engine = staged()
    stack(engine, rc.FOG_OF_WAR, ["jihad-jihad"])
    marines = engine.state.units["R1"]
    interruptions.fog_of_war(engine, True, marines)
    (drawn,) = kinds(engine, "CardDrawn")
    assert drawn["data"]["title"] == "Jihad! Jihad!" and drawn["data"]["cause"] == "reaction_test"
    assert "Jihad! Jihad!" in drawn["text"] and "natural 1" in drawn["text"]
    # drawn now, played at the next safe point (R181)
    assert engine.state.cards["queue"] == ["jihad-jihad"]
    run(engine, cards.resolve_pending(engine))
    assert engine.state.insurgency_level == "5"
    assert engine.state.cards["discards"][rc.FOG_OF_WAR] == ["jihad-jihad"]


def test_reaction_tests_and_fog_of_war_no_card_without_fog_of_war() -> None:
    engine = staged(fog=False)
    interruptions.fog_of_war(engine, True, engine.state.units["R1"])
    assert kinds(engine, "CardDrawn") == [] and engine.state.cards == {}


def test_r180_the_deck_is_shuffled_with_the_games_dice_and_reshuffled_from_discards() -> None:
    engine = staged()
    engine.dice = SeededDice(5)
    cards.draw_fog_of_war(engine, "setup")
    table = engine.state.cards
    assert len(table["decks"][rc.FOG_OF_WAR]) == 39 and len(table["queue"]) == 1
    again = staged()
    again.dice = SeededDice(5)
    cards.draw_fog_of_war(again, "setup")
    assert again.state.cards["queue"] == table["queue"]  # same seed, same card
    # an empty deck takes its discards back, shuffled
    table["decks"][rc.FOG_OF_WAR] = []
    table["discards"][rc.FOG_OF_WAR] = ["contact", "poi"]
    cards.draw_fog_of_war(engine, "setup")
    shuffles = kinds(engine, "DeckShuffled")
    assert [s["data"]["cause"] for s in shuffles] == ["new", "discards"]
    assert table["discards"][rc.FOG_OF_WAR] == [] and len(table["decks"][rc.FOG_OF_WAR]) == 1


def test_r181_r182_a_card_this_game_cannot_play_is_set_aside_and_replaced() -> None:
    engine = staged()
    stack(engine, rc.FOG_OF_WAR, ["we-love-you-gi", "already-in-the-area"])
    card_effects.handlers()  # every effect module loaded, so the part stays withdrawn below
    cards.AVAILABLE_PARTS.discard("building_clearing")  # a game without house clearing (R315)
    try:
        cards.draw_fog_of_war(engine, "setup")
        run(engine, cards.resolve_pending(engine))
    finally:
        cards.AVAILABLE_PARTS.add("building_clearing")
    (aside,) = kinds(engine, "CardSetAside")
    assert aside["data"]["title"] == rc.card("already-in-the-area").title
    assert aside["data"]["reason"] == "needs:building_clearing"
    assert "Building Clearing" in aside["text"]
    drawn = [e["data"]["title"] for e in kinds(engine, "CardDrawn")]
    assert drawn == [rc.card("already-in-the-area").title, "We Love You, GI!"]
    assert engine.state.insurgency_level == "3"  # the replacement was played
    # a card whose part this game lacks is set aside for it (vehicles enter play now, R300)
    cards.AVAILABLE_PARTS.discard("vehicles")
    try:
        assert cards.unplayable(rc.card("technical-trouble")) == "needs:vehicles"
    finally:
        cards.AVAILABLE_PARTS.add("vehicles")


def test_r185_jihad_and_we_love_you_move_the_level_within_one_to_six() -> None:
    engine = staged(level="6")
    run(engine, card_effects.jihad(engine, rc.card("jihad-jihad"), REGULAR))
    assert engine.state.insurgency_level == "6"
    engine = staged(level="automatic")
    run(engine, card_effects.we_love_you(engine, rc.card("we-love-you-gi"), REGULAR))
    assert engine.state.insurgency_level == "automatic"
    (event,) = kinds(engine, "CardPlayed")
    assert "R185" in event["text"] and "We Love You, GI!" in event["text"]


@pytest.mark.parametrize(("face", "after"), [(2, 8), (5, 12)])
def test_the_bell_tolls_moves_regular_morale_one_die_type(face: int, after: int) -> None:
    engine = staged(script=[(Die.D6, face)])
    run(engine, card_effects.bell_tolls(engine, rc.card("the-bell-tolls"), REGULAR))
    assert {f.morale for f in engine.state.units["R1"].figures} == {after}
    assert {f.morale for f in engine.state.units["I1"].figures} == {10}  # Insurgents unchanged


def test_r187_tougher_than_they_look_raises_insurgents_now_and_later() -> None:
    engine = staged()
    run(engine, card_effects.tougher(engine, rc.card("tougher-than-they-look"), REGULAR))
    cell = engine.state.units["I1"]
    assert {(f.quality, f.morale) for f in cell.figures} == {(8, 10)}  # d6 up; d10 stays d10
    assert {f.quality for f in engine.state.units["R1"].figures} == {8}
    # reinforcements arriving later are as tough (the scenario's d6/d10 become d8/d10)
    assert difficulty.insurgent_profile(engine, "small_arms") == (8, 10)


def test_r183_ied_detonated_attacks_a_random_regular_unit_with_6d10() -> None:
    engine = staged()
    marines = engine.state.units["R1"]
    defense = fire.defense(engine, marines).total
    hits = [(Die.D10, 10)] * 3 + [(Die.D10, 1)] * 3
    saves = [(Die.D8, 1)] * defense  # every Defense die fails
    engine.dice = Forced(hits + saves)
    run(engine, card_effects.ied_detonated(engine, rc.card("ied-detonated"), REGULAR))
    (attack,) = kinds(engine, "CardAttack")
    assert attack["data"]["firepower"] == 6 and attack["data"]["firepower_die"] == "d10"
    assert attack["data"]["casualties"] == 3
    assert "IED Detonated!" in attack["text"] and "R183" in attack["text"]
    assert sum(1 for f in marines.figures if f.status != "ok") == 3


def test_incoming_attacks_with_6d6_each_defense_success_cancels_a_hit() -> None:
    engine = staged()
    marines = engine.state.units["R1"]
    defense = fire.defense(engine, marines).total
    engine.dice = Forced([(Die.D6, 6)] * 6 + [(Die.D8, 8)] * defense)
    run(engine, card_effects.incoming(engine, rc.card("incoming"), REGULAR))
    (attack,) = kinds(engine, "CardAttack")
    assert attack["data"]["firepower_die"] == "d6"
    assert attack["data"]["casualties"] == max(0, 6 - defense) and defense >= 1
    assert sum(1 for f in marines.figures if f.status != "ok") == max(0, 6 - defense)


def test_r183_nothing_friendly_each_figure_needs_four_on_its_quality_die() -> None:
    engine = staged(script=[(Die.D8, 4), (Die.D8, 3), (Die.D8, 8), (Die.D8, 1)])
    run(engine, card_effects.friendly_fire(engine, rc.card("nothing-friendly"), REGULAR))
    (event,) = kinds(engine, "CardPlayed")
    assert event["data"]["faces"] == [4, 3, 8, 1] and event["data"]["casualties"] == 2
    assert sum(1 for f in engine.state.units["R1"].figures if f.status != "ok") == 2


def test_r189_an_excellent_position_adds_a_defense_die_until_the_unit_moves() -> None:
    engine = staged()
    marines = engine.state.units["R1"]
    before = fire.defense(engine, marines).total
    flow = card_effects.excellent_position(engine, rc.card("excellent-position-regular"), REGULAR)
    decision = next(flow)
    assert decision.kind == DecisionKind.CARD_CHOICE and decision.side == REGULAR
    assert decision.context["choosing"] == "unit"
    assert [o.choice for o in decision.options] == ["R1"]  # only the Regulars' own units
    run(engine, _resumed(decision, flow), ["R1"])
    assert fire.defense(engine, marines).total == before + 1
    assert "An Excellent Position (card)" in str(fire.defense(engine, marines).to_data())
    marines.figures[0].x += 1.0  # it moves: the bonus is gone
    assert fire.defense(engine, marines).total == before


def test_r250_an_excellent_position_die_counts_inside_the_defense_cap_of_ten() -> None:
    """Rulebook: Defense — a unit never throws more than 10 dice; the card's die is one of
    them (found by `tools/soak.py`: Sweep & Clear seed 70 threw 11d6)."""
    crowd = UnitSpec("R1", REGULAR, line(10.0, 40.0, 10), quality=8, morale=10)
    engine = staged(crowd, CELL)
    marines = engine.state.units["R1"]
    assert fire.defense(engine, marines).total == 10  # ten figures: at the cap already
    flow = card_effects.excellent_position(engine, rc.card("excellent-position-regular"), REGULAR)
    run(engine, _resumed(next(flow), flow), ["R1"])
    data = fire.defense(engine, marines).to_data()
    assert data["total"] == 10
    assert ["An Excellent Position (card)", 1] in data["items"]
    assert ["Defense cap 10", 1] in data["penalties"]


def _resumed(first: Decision, flow: Any) -> Any:
    """`flow` already stopped at `first`: a flow yielding it again, for `run`."""
    answer = yield first
    try:
        decision = flow.send(answer)
        while True:
            answer = yield decision
            decision = flow.send(answer)
    except StopIteration as stop:
        return stop.value


def test_r186_unexpected_help_draws_an_asset_card_held_in_the_regular_hand() -> None:
    engine = staged()
    stack(engine, rc.ASSET, ["uav"])
    run(engine, card_effects.unexpected_help(engine, rc.card("unexpected-help"), REGULAR))
    assert cards.hand(engine, REGULAR) == ["uav"]
    held = [e for e in kinds(engine, "CardPlayed") if e["data"]["outcome"] == "held"]
    assert held and "UAV" in held[0]["text"] and "R186" in held[0]["text"]


def test_draw_twice_and_players_choice() -> None:
    engine = staged()
    stack(engine, rc.ASSET, ["smaw", "attached-medic", "draw-twice"])
    run(engine, cards.draw_asset(engine, "unexpected_help"))
    assert cards.hand(engine, REGULAR) == ["attached-medic", "smaw"]
    engine = staged()
    stack(engine, rc.ASSET, ["draw-twice", "armed-predator", "uav", "players-choice"])
    run(engine, cards.draw_asset(engine, "unexpected_help"), ["armed-predator"])
    assert cards.hand(engine, REGULAR) == ["armed-predator"]
    assert engine.state.cards["decks"][rc.ASSET] == ["draw-twice", "uav"]


@pytest.mark.parametrize(("face", "drawn"), [(1, 1), (4, 0)])
def test_r184_optional_fog_of_war_quality_check_each_turn(face: int, drawn: int) -> None:
    # the check is made as turn 1 begins, by the best-Quality Regular unit (d8 here)
    engine = staged(optional=True, script=[(Die.D8, face)])
    (check,) = kinds(engine, "QualityCheck")
    assert check["data"]["cause"] == "optional_fog_of_war" and "R184" in check["text"]
    assert check["data"]["face"] == face and check["turn"] == 1
    optional = [e for e in kinds(engine, "CardDrawn") if e["data"]["cause"] == "optional"]
    assert len(optional) == drawn
    off = staged(optional=False)
    assert kinds(off, "QualityCheck") == [] and off.state.cards == {}


def _items(breakdown: Any) -> list[str]:
    return [reason for reason, _ in breakdown.items]


def test_r182_dirty_fighting_and_youre_grounded_shorten_optimum_range() -> None:
    from game.engine import rulesbridge as rb
    from game.rules.firepower import optimum_range

    probe = staged()
    reach = optimum_range(rb.rules_unit(probe.state.units["R1"]))
    assert reach is not None and reach >= 8.0
    near = UnitSpec("I1", INSURGENT, line(10.0, 40.0 - (reach - 1.0), 3))
    engine = staged(MARINES, near)
    marines, cell = engine.state.units["R1"], engine.state.units["I1"]
    gap = reach - 1.0  # inside Optimum Range, outside it once a 2" band is gone
    before = fire.firepower(engine, marines, cell)
    run(engine, card_effects.dirty_fighting(engine, rc.card("dirty-fighting"), REGULAR))
    after = fire.firepower(engine, marines, cell)
    assert after.total == before.total - 1 and gap > reach - 2.0
    assert card_effects.optimum_cut(engine, marines, None) == 2.0
    run(engine, card_effects.grounded(engine, rc.card("youre-grounded"), REGULAR))
    assert card_effects.optimum_cut(engine, marines, None) == reach - 6.0
    (event, _) = kinds(engine, "CardPlayed")
    assert "Dirty Fighting" in event["text"] and "R182" in event["text"]


def test_r182_praise_the_lord_lowers_the_regular_firepower_die_not_below_d6() -> None:
    engine = staged()
    marines, cell = engine.state.units["R1"], engine.state.units["I1"]
    run(engine, card_effects.low_on_ammo(engine, rc.card("praise-the-lord"), REGULAR))
    assert card_effects.firepower_die(engine, marines, Die.D8) == Die.D6
    assert card_effects.firepower_die(engine, marines, Die.D6) == Die.D6
    assert card_effects.firepower_die(engine, cell, Die.D8) == Die.D8  # Insurgents unchanged


def test_r182_whered_they_come_from_brings_an_extra_unit_next_turn() -> None:
    table = Battlefield("tests/open.tmx", "open", 48.0, 48.0, 32.0)
    spots = {n: (8.0 * n, 8.0) for n in range(1, 6)}
    staging = Staging(units=[MARINES, CELL], fog_of_war=True, hot_spots=spots)
    engine = Engine(StagedScenario(staging), table, 0, dice=SeededDice(11))
    turn = engine.state.turn
    before = set(engine.state.units)
    card = rc.card("whered-they-come-from-saw")
    run(engine, card_effects.extra_unit_leader_saw(engine, card, REGULAR))
    assert engine.state.cards["effects"]["extra_units"][0]["turn"] == turn + 1
    run(engine, card_effects.extra_arrivals(engine))  # not due yet: nothing arrives
    assert set(engine.state.units) == before
    engine.state.turn += 1
    run(engine, card_effects.extra_arrivals(engine), [1])  # a 6 lets the Insurgents pick
    (new,) = set(engine.state.units) - before
    kinds_of = [f.kind for f in engine.state.units[new].figures]
    assert kinds_of.count("saw") >= 1 and kinds_of.count("leader") >= 1
    assert engine.state.cards["effects"]["extra_units"] == []
    arrived = [e for e in kinds(engine, "CardPlayed") if e["data"]["outcome"] == "extra_arrives"]
    assert arrived and "arrives at hot spot" in arrived[0]["text"]


def test_r188_poi_joins_a_random_insurgent_unit_and_sets_the_margin() -> None:
    engine = staged()
    run(engine, card_effects.poi(engine, rc.card("poi"), REGULAR))
    cell = engine.state.units["I1"]
    (poi,) = [f for f in cell.figures if f.id == "I1.poi"]
    assert poi.kind == "leader" and len(cell.figures) == 5
    # not taken: a Decisive Regular victory is only Marginal; other results stand
    assert card_effects.poi_result(engine, "Decisive", REGULAR) == ("Marginal", REGULAR)
    assert card_effects.poi_result(engine, "Marginal", INSURGENT) == ("Marginal", INSURGENT)
    # killed: at least a Marginal Regular victory
    engine.state.events.append({"kind": E.CASUALTY, "data": {"figure": "I1.poi"}})
    assert card_effects.poi_taken(engine) is True
    assert card_effects.poi_result(engine, "Decisive", INSURGENT) == ("Marginal", REGULAR)
    assert card_effects.poi_result(engine, "Decisive", REGULAR) == ("Decisive", REGULAR)
    (said,) = [e for e in kinds(engine, "CardPlayed") if e["data"]["outcome"] == "poi_taken"][:1]
    assert "R188" in said["text"]
    assert card_effects.poi_taken(staged()) is None  # no POI card: nothing changes


def test_r181_r301_technicals_are_played_and_a_vehicle_asset_comes_on() -> None:
    # Dragunov! plays now that special teams exist (R284), Technical Trouble now that vehicles
    # enter play mid-game (R303); a vehicle Asset card brings its vehicle on (R301)
    assert cards.unplayable(rc.card("dragunov")) == ""
    assert cards.unplayable(rc.card("technical-trouble")) == ""
    engine = staged()
    stack(engine, rc.ASSET, ["attached-gun-truck"])
    run(engine, cards.draw_asset(engine, "unexpected_help"))
    assert cards.hand(engine, REGULAR) == []
    assert engine.state.cards["fielded"] == ["attached-gun-truck"]
    (entered,) = kinds(engine, "VehicleEnters")
    assert entered["data"]["vehicle"] == "Gun truck (up-armored HMMWV, M2 .50)"


def test_r180_no_view_shows_the_order_of_the_decks() -> None:
    from game.engine.view import player_view

    engine = staged()
    stack(engine, rc.FOG_OF_WAR, ["poi", "contact", "jihad-jihad"])
    for side in (REGULAR, INSURGENT):
        seen = player_view(engine, side).state["cards"]
        assert seen["decks"][rc.FOG_OF_WAR] == ["?", "?", "?"]
    assert engine.state.cards["decks"][rc.FOG_OF_WAR][-1] == "jihad-jihad"  # the game keeps it


@pytest.mark.parametrize(
    ("face", "outcome"), [(2, "contact_fire"), (5, "contact_charge"), (6, "contact_run")]
)
def test_r183_contact_riflemen_blunder_into_a_regular_unit_and_react(
    face: int, outcome: str
) -> None:
    engine = staged()
    engine.dice = Forced([(Die.D6, 3), (Die.D6, face)], seed=4)
    marines = engine.state.units["R1"]
    before = set(engine.state.units)
    events_before = len(engine.state.events)
    answers: list[Any] = ["none", "stand", "none", "none"]
    flow = card_effects.EFFECTS["contact"](engine, rc.card("contact"), REGULAR)
    try:
        decision = next(flow)
        while True:  # the Regular answers any reaction or Close Assault question plainly
            pick = next((a for a in answers if a in [o.choice for o in decision.options]), None)
            choice = pick if pick is not None else decision.options[0].choice
            decision = flow.send(Answer(side=decision.side, decision=decision.id, choice=choice))
    except StopIteration:
        pass
    (new,) = set(engine.state.units) - before
    group = engine.state.units[new]
    assert group.side == INSURGENT and group.name.startswith("Insurgent group")
    (event,) = [e for e in kinds(engine, "CardPlayed") if e["data"]["card"] == "contact"]
    assert event["data"]["outcome"] == outcome and event["data"]["size"] == 3
    assert "Contact!" in event["text"] and "R183" in event["text"]
    later = [e["kind"] for e in engine.state.events[events_before:]]
    if outcome == "contact_fire":
        assert "Fire" in later or "FireCancelled" in later
    elif outcome == "contact_charge":
        assert "CloseAssaultCheck" in later
    else:
        assert distance(group.centre, marines.centre) > 6.0  # ran a Rapid move away

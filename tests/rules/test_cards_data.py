"""The card data (Rulebook: Fog of War & Asset Cards): the decks as the sheets print them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from game.rules import cards as rc
from game.rules.dice import Die, ScriptedDice, SeededDice


def test_fog_of_war_and_asset_cards_counts_match_the_sheets() -> None:
    decks = rc.decks()
    assert len(decks.full_deck(rc.FOG_OF_WAR)) == rc.FOG_OF_WAR_CARDS == 40
    assert len(decks.full_deck(rc.ASSET)) == rc.ASSET_CARDS == 30
    fog = Counter(decks.cards[i].title for i in decks.full_deck(rc.FOG_OF_WAR))
    # cards the sheets print twice (or three times) are that many copies
    assert fog["Contact!"] == 2
    assert fog["Jihad! Jihad!"] == 2
    assert fog["We Love You, GI!"] == 2
    assert fog["Where'd THEY Come From!?"] == 2
    assert fog["IED Detonated!"] == 1
    assets = Counter(decks.cards[i].title for i in decks.full_deck(rc.ASSET))
    assert assets["Attached Gun Truck"] == 3
    assert assets["Draw Twice!"] == 1
    assert len(fog) == 30 and len(assets) == 19


def test_fog_of_war_and_asset_cards_every_asset_card_grants_or_draws() -> None:
    for card in rc.decks().of(rc.ASSET):
        assert card.grants or card.effect in ("draw_twice", "players_choice"), card.id
    for card in rc.decks().of(rc.FOG_OF_WAR):
        assert card.when == "on_draw", card.id  # played as soon as drawn


def test_card_data_errors_are_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "cards.toml"
    bad.write_text('[[card]]\nid = "x"\ntitle = "X"\ndeck = "tarot"\n', encoding="utf-8")
    with pytest.raises(rc.CardDataError) as err:
        rc.read_decks(bad)
    assert str(bad) in str(err.value) and "\n" not in str(err.value)
    bad.write_text(
        '[[card]]\nid = "x"\ntitle = "X"\ndeck = "asset"\nplayed_by = "regular"\n'
        'when = "held"\neffect = "e"\ntext = "t"\nneeds = "spaceships"\n',
        encoding="utf-8",
    )
    with pytest.raises(rc.CardDataError, match="needs 'spaceships' is not one of"):
        rc.read_decks(bad)
    with pytest.raises(rc.CardDataError, match="cannot read it"):
        rc.read_decks(tmp_path / "missing.toml")
    bad.write_text("[[card]\n", encoding="utf-8")
    with pytest.raises(rc.CardDataError, match="not valid TOML"):
        rc.read_decks(bad)


def test_shuffle_is_seeded_and_keeps_every_card() -> None:
    deck = rc.decks().full_deck(rc.FOG_OF_WAR)
    a = rc.shuffled(deck, SeededDice(7))
    assert sorted(a) == sorted(deck) and a != deck
    assert a == rc.shuffled(deck, SeededDice(7))
    assert a != rc.shuffled(deck, SeededDice(8))
    # a scripted shuffle of three: d12 rolls pick positions 2 (face 3) then 0 (face 1)
    assert rc.shuffled(["a", "b", "c"], ScriptedDice([3, 1])) == ["b", "a", "c"]


def test_die_shifts_for_the_cards() -> None:
    # The Bell Tolls: 1-3 lowers, 4-6 raises; Morale stays within d6-d12
    assert rc.bell_tolls_steps(3) == -1 and rc.bell_tolls_steps(4) == 1
    assert rc.shift_die(Die.D6, -1, rc.MORALE_FLOOR, rc.MORALE_CEILING) == Die.D6
    assert rc.shift_die(Die.D12, 1, rc.MORALE_FLOOR, rc.MORALE_CEILING) == Die.D12
    # Tougher than They Look!: up one die, to d10 at most
    assert rc.shift_die(Die.D8, 1, Die.D6, rc.TOUGHER_CEILING) == Die.D10
    assert rc.shift_die(Die.D10, 1, Die.D6, rc.TOUGHER_CEILING) == Die.D10
    # Dirty Fighting: one 2" band, never below 6"
    assert rc.reduced_optimum(10.0, 1) == 8.0 and rc.reduced_optimum(8.0, 1) == 6.0
    assert rc.reduced_optimum(6.0, 1) == 6.0
    assert rc.shifted_insurgency(6, 1) == 6 and rc.shifted_insurgency(4, -1) == 3

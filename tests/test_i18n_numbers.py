"""Numbers in the language in use (issue 24; helper art): the one formatter of `game.i18n`.
French writes a decimal comma (2,5"), a semicolon between the two numbers of a position and a
no-break space before the per cent sign; English stays exactly as it was (the golden logs)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n
from game.engine.narration import narrate
from game.engine.protocol import EventKind

NBSP = "\u00a0"


@pytest.fixture
def french() -> Iterator[None]:
    i18n.set_language("fr")
    try:
        yield
    finally:
        i18n.set_language("en")


def test_english_writes_a_decimal_point_and_a_close_per_cent_sign() -> None:
    i18n.set_language("en")
    assert (i18n.number(2.5), i18n.number(2.54, 2), i18n.number(12.0, None)) == (
        "2.5",
        "2.54",
        "12",
    )
    assert (i18n.percent(0.25), i18n.percent(0.125, 1)) == ("25%", "12.5%")
    assert i18n.localise_numbers('moves 2.5" to (12.5, 3.0)') == 'moves 2.5" to (12.5, 3.0)'


def test_french_writes_a_decimal_comma_and_a_spaced_per_cent_sign(french: None) -> None:
    assert (i18n.number(2.5), i18n.number(2.54, 2), i18n.number(1.5, None)) == (
        "2,5",
        "2,54",
        "1,5",
    )
    assert i18n.number(12.0, None) == "12" and i18n.number(3, 0) == "3"
    assert (i18n.percent(0.25), i18n.percent(0.125, 1)) == (f"25{NBSP}%", f"12,5{NBSP}%")


def test_a_french_position_is_two_decimals_apart_by_a_semicolon_but_dice_stay(
    french: None,
) -> None:
    assert i18n.localise_numbers('2.5" vers (12.5, 3.0)') == '2,5" vers (12,5 ; 3,0)'
    assert i18n.localise_numbers("dés (6, 2) : 40%") == f"dés (6, 2) : 40{NBSP}%"
    # a figure's id is a name, not a number (found in a French headless game)
    assert i18n.localise_numbers('I1.2 (fusilier) à 20.5"') == 'I1.2 (fusilier) à 20,5"'


def test_a_narration_template_fills_in_french_numbers(french: None) -> None:
    template = i18n.narr(
        '{unit_name} ends its move at ({at[0]:.1f}, {at[1]:.1f}) after {distance:.1f}"'
    )
    line = template.format(unit_name="Alpha", at=(12.5, 3.0), distance=4.5)
    assert '4,5"' in line and "(12,5 ; 3,0)" in line and "." not in line.split("Alpha")[1]


def test_a_move_told_in_french_reads_its_inches_with_a_comma(french: None) -> None:
    line = narrate(
        EventKind.MOVE_END, {"unit_name": "Alpha fireteam", "at": [12.5, 3.0], "distance": 4.5}
    )
    assert '4,5"' in line and "(12,5 ; 3,0)" in line
    i18n.set_language("en")
    english = narrate(
        EventKind.MOVE_END, {"unit_name": "Alpha fireteam", "at": [12.5, 3.0], "distance": 4.5}
    )
    assert english == 'Alpha fireteam ends its move at (12.5, 3.0) after 4.5"'


def test_the_fire_orders_odds_read_in_french_with_commas_and_spaced_per_cents(
    french: None,
) -> None:
    from game.client.odds_words import odds_text
    from game.rules.dice import Die
    from game.rules.odds import casualty_odds

    odds = casualty_odds(3, Die.D8, 2, Die.D10)
    french_text = odds_text(odds)
    i18n.set_language("en")
    english = odds_text(odds)
    expected = f"{odds.expected:.2f}"
    assert f"expected {expected} casualties" in english and "%" in english
    assert expected.replace(".", ",") in french_text and expected not in french_text
    assert f"{NBSP}%" in french_text and f"{NBSP}%" not in english

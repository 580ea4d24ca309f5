"""The objectives the briefing and the end screen list (polish round 7): Turkey Shoot listed
only the Insurgents', Hornet's Nest told the Regulars to reach "the contractors" when they hold a
Person of Interest, and Midnight at the Alamo said nothing of holding the compound."""

from __future__ import annotations

import pytest

from game import i18n
from game.briefing import briefing_of
from game.save import new_game, resolve_map


def _objectives(scenario: str) -> tuple[str, ...]:
    path, sid = resolve_map(scenario)
    return briefing_of(new_game(path, sid, 1)).objectives


def test_turkey_shoot_lists_the_snipers_fire_mission() -> None:
    assert _objectives("turkey-shoot") == (
        "Regulars: bring the snipers to the target building (T) for their fire mission, "
        "then escort them off the table",
        "Insurgents: inflict casualties and take prisoners",
    )


def test_hornets_nest_names_the_person_of_interest_not_contractors() -> None:
    lines = _objectives("hornets-nest")
    assert lines[0] == "Regulars: escort the Person of Interest off the table"
    assert not any("contractors" in line for line in lines)
    # Contracting Trouble's are contractors still
    assert _objectives("contracting-trouble")[0] == (
        "Regulars: reach the contractors and escort them off the table"
    )


def test_midnight_at_the_alamo_lists_holding_and_leaving() -> None:
    lines = _objectives("midnight-at-the-alamo")
    assert "Regulars: hold the buildings marked Objective" in lines
    assert "Regulars: leave by an exit edge from turn 4 on" in lines


@pytest.mark.parametrize(
    ("scenario", "french"),
    [
        ("hornets-nest", "Réguliers : escorter la Personne d'intérêt hors de la table"),
        ("midnight-at-the-alamo", "Réguliers : tenir les bâtiments marqués Objectif"),
    ],
)
def test_the_objectives_read_in_french(scenario: str, french: str) -> None:
    i18n.set_language("fr")
    try:
        lines = _objectives(scenario)
    finally:
        i18n.set_language("en")
    assert french in lines


@pytest.mark.parametrize(
    "scenario",
    ["contracting-trouble", "turkey-shoot", "hornets-nest", "midnight-at-the-alamo"],
)
def test_every_french_victory_line_is_side_label_points(scenario: str) -> None:
    """Polish round 7: "Réguliers : tireurs d'élite : mission de tir accomplie : 15 pts" read
    as three labels; each line is the side, the condition, its points."""
    path, sid = resolve_map(scenario)
    i18n.set_language("fr")
    try:
        lines = briefing_of(new_game(path, sid, 1)).victory
    finally:
        i18n.set_language("en")
    assert lines and all(line.count(" : ") == 2 for line in lines), lines

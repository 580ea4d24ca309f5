"""Events are data; narration is built from them (`game.engine.narration`), and the fingerprint
covers kind and data only."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.engine import narration
from game.engine.events import events_sha256, make_event
from game.engine.narration import narrate, narrate_event
from game.engine.protocol import EventKind

TEST_D6 = {"die": "d6", "face": 5, "modifier": 0, "passed": True}
FAILED_D8 = {"die": "d8", "face": 2, "modifier": 1, "passed": False}

# (kind, data, turn, the line the engine wrote before events became data)
LINES: list[tuple[str, dict[str, Any], int, str]] = [
    ("TurnStart", {}, 3, "Turn 3 begins"),
    (
        "Setup",
        {"units": [], "title": "Sweep & Clear!", "regulars": 2, "insurgents": 3, "hot_spots": 5},
        0,
        "Sweep & Clear! — 2 Regular and 3 Insurgent units on the table, 5 hot spots "
        "(Rulebook: Sequence of Play, steps 1-7)",
    ),
    (
        "Setup",
        {"units": [], "title": "Patrol:", "regulars": 1, "insurgents": 0, "hot_spots": 0},
        0,
        "Patrol: 1 Regular and 0 Insurgent units on the table, 0 hot spots "
        "(Rulebook: Sequence of Play, steps 1-7)",
    ),
    (
        "ReturnsToAction",
        {"unit": "R1", "unit_name": "Alpha", "figure": "R1.2"},
        2,
        "Alpha: R1.2 returns to action (Rulebook: First Aid Checks)",
    ),
    (
        "DependantHit",
        {"unit": "R1", "unit_name": "Alpha", "dependant": "casualty"},
        2,
        "Alpha: more Defense failures than successes, so one hit falls on a carried casualty, "
        "who dies (Rulebook: Fire at Units with Dependants & Casualties)",
    ),
    (
        "DependantsHandedOff",
        {"unit": "R1", "unit_name": "Alpha", "count": 1},
        2,
        "Alpha hands 1 Dependant off at the friendly edge "
        "(Rulebook: Disposing of Dependants & Casualties)",
    ),
    ("InterruptFizzles", {"unit": "I1", "unit_name": "Gang"}, 1, "Gang has nowhere to move"),
    ("AssaultAborted", {"unit": "R1", "unit_name": "Alpha"}, 1, "Alpha's charge breaks under fire"),
    (
        "FireCancelled",
        {"cause": "target_gone", "unit": "R1", "unit_name": "Alpha", "target": "I4"},
        1,
        "Alpha's target I4 is gone",
    ),
    (
        "FireCancelled",
        {
            "cause": "no_firepower",
            "unit": "R1",
            "unit_name": "Alpha",
            "target": "I4",
            "firepower_breakdown": {
                "items": [["Optimum Range", 3]],
                "penalties": [["Interruptions", 3]],
                "cap": 99,
                "total": 0,
            },
        },
        1,
        "Alpha has no Firepower left (Optimum Range +3 Interruptions -3 = 0)",
    ),
    (
        "FireCancelled",
        {"cause": "cannot_react", "unit": "R1", "unit_name": "Alpha", "reason": "no sight"},
        1,
        "Alpha cannot react: no sight",
    ),
    (
        "Casualty",
        {
            "unit": "I1",
            "figure": "I1.2",
            "unit_name": "Gang",
            "side": "insurgent",
            "figure_kind": "rpg",
            "figure_weapon": "",
            "leaderless": True,
            "take_up": {"weapon": "rpg", "outcome": "failed", **FAILED_D8},
        },
        1,
        "Gang: I1.2 (RPG gunner) is a casualty and is removed; the unit is now leaderless; "
        "Quality Check d8=2+1: failed, the RPG is lost (Rulebook: Who Got Hit?)",
    ),
    (
        "QualityCheck",
        {"unit": "I1", "unit_name": "Gang", "cause": "leaderless", **FAILED_D8},
        4,
        "T4 leaderless Gang Quality Check to act (Rulebook: Move Any Remaining Insurgent "
        "Units): d8=2+1 → does nothing",
    ),
    (
        "CloseAssaultCheck",
        {"unit": "R1", "unit_name": "Alpha", "role": "defender", **TEST_D6},
        2,
        "T2 Alpha Quality Check against the charge d6=5 → may fire or flee",
    ),
    (
        "Flee",
        {"unit": "I1", "unit_name": "Gang", "to": [3.04, 7.25], "pinned": True},
        2,
        "Gang flees to (3.0, 7.2) and is Pinned",
    ),
    (
        "Prisoners",
        {
            "unit": "R1",
            "unit_name": "Alpha",
            "faces": [1, 4],
            "taken": 1,
            "cause": "regulars_fate",
        },
        2,
        "Fate of Alpha's figures d6=[1, 4] (1 = captured): 1 taken prisoner, the rest killed "
        "(Rulebook: Close Assault)",
    ),
    (
        "FirstAid",
        {
            "unit": "R1",
            "figure": "R1.3",
            "face": 2,
            "result": "kia",
            "unit_name": "Alpha",
            "cause": "left_behind",
        },
        5,
        "Alpha is out of action: R1.3 left on the field, d6=2 → KIA (R27; R58)",
    ),
    (
        "ReinforcementsLost",
        {"face": 6, "cause": "no_spot_left"},
        3,
        "Hot spot d6=6 (Insurgents' choice): no hot spot is left; the group is lost "
        "(Rulebook: Arrival of Insurgent Reinforcements)",
    ),
    (
        "ChangeLevel",
        {"unit": "R1", "elevation": 0, "unit_name": "Alpha", "roof": ""},
        2,
        "T2 Alpha goes down to street level; that is its move (R10, R83)",
    ),
]


@pytest.mark.parametrize(("kind", "data", "turn", "line"), LINES)
def test_each_line_is_built_from_kind_data_and_turn(
    kind: str, data: dict[str, Any], turn: int, line: str
) -> None:
    assert narrate(kind, data, turn) == line


def test_every_event_kind_has_a_sentence() -> None:
    known = set(narration.SENTENCES) | set(narration.TEMPLATES) | set(narration.VARIANT_KEYS)
    assert set(EventKind) == known


def test_every_variant_names_its_kind_and_the_data_that_picks_it() -> None:
    for key in narration.VARIANTS:
        assert len(key) == 1 + len(narration.VARIANT_KEYS[key[0]])


def test_the_fingerprint_covers_kind_and_data_not_the_words() -> None:
    event = make_event(0, 1, "Activate", {"unit": "R1", "unit_name": "Alpha"}, "T1 Alpha activates")
    reworded = dict(event, text="Turn 1: Alpha is activated")
    assert events_sha256([event]) == events_sha256([reworded])
    other_unit = dict(event, data={"unit": "R2", "unit_name": "Alpha"})
    assert events_sha256([event]) != events_sha256([other_unit])
    assert events_sha256([event]) != events_sha256([dict(event, kind="Hold")])


@pytest.mark.golden_games(("sweep-and-clear", 3))
def test_a_saved_games_lines_are_rebuilt_from_its_events_json() -> None:
    """Every line of a real game comes back, word for word, from the event's JSON alone (the
    whole golden game of Sweep & Clear seed 3, played once for the suite)."""
    from tests.shared_games import golden_game

    engine = golden_game("sweep-and-clear", 3).engine
    events = json.loads(json.dumps(engine.state.events))
    assert len(events) > 30
    assert [narrate_event(e) for e in events] == [e["text"] for e in engine.state.events]

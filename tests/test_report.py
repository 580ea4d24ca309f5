"""The after-action report (issue 22): a seeded AI-vs-AI game of Contracting Trouble, three turns,
and Fire events with known dice (Rulebook: Making the Attack Roll; R170, R171)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine.engine import Engine
from game.engine.protocol import EventKind
from game.engine.state import INSURGENT, REGULAR
from game.report import AfterAction, after_action, fire_luck, luck_rows, report_text
from tests.shared_games import SHORT_GAME, short_game

pytestmark = pytest.mark.shared_game(SHORT_GAME)  # played once for both modules


@pytest.fixture(scope="module")
def game() -> Engine:
    engine = short_game()
    assert engine.over
    return engine


@pytest.fixture(scope="module")
def report(game: Engine) -> AfterAction:
    return after_action(game)


def fire_event(fp: int, df: int, faces: list[int], dfaces: list[int], turn: int = 1) -> dict:
    data = {
        "firer": "R1",
        "firer_name": "Alpha",
        "target": "I1",
        "target_name": "Group 1",
        "firepower": fp,
        "defense": df,
        "firepower_die": "d6",
        "defense_die": "d6",
        "firepower_faces": faces,
        "defense_faces": dfaces,
        "casualties": 0,
    }
    return {"seq": 7, "turn": turn, "kind": EventKind.FIRE, "data": data}


def test_r170_making_the_attack_roll_one_d6_against_nothing_expects_half_a_hit() -> None:
    line = fire_luck(fire_event(1, 0, [5], []), {"I1": INSURGENT})
    assert line.expected == Fraction(1, 2)
    assert line.rolled == 1 and line.target_side == INSURGENT and line.attack == "1d6"


def test_r170_the_ledger_counts_hits_rolled_before_the_target_runs_out_of_figures() -> None:
    # three hits rolled on a unit of one figure: the event applies 1, the ledger counts 3
    event = fire_event(3, 1, [6, 5, 4], [2])
    event["data"]["casualties"] = 1
    assert fire_luck(event, {"I1": INSURGENT}).rolled == 3


def test_luck_ledger_turns_add_up_to_the_total() -> None:
    fires = [
        fire_luck(fire_event(2, 1, [6, 6], [1], turn=1), {"I1": INSURGENT}),
        fire_luck(fire_event(1, 1, [3], [5], turn=2), {"I1": INSURGENT}),
    ]
    rows = luck_rows(fires, 2)
    total = next(r for r in rows if r.turn == 0 and r.side == INSURGENT)
    per_turn = [r for r in rows if r.turn and r.side == INSURGENT]
    assert total.rolled == 2 and total.fires == 2
    assert total.expected == sum((r.expected for r in per_turn), Fraction(0))
    assert next(r for r in rows if r.turn == 0 and r.side == REGULAR).fires == 0


def test_the_seeded_game_ledger_covers_every_fire_and_sides_are_right(
    game: Engine, report: AfterAction
) -> None:
    fires = [e for e in game.state.events if e["kind"] == EventKind.FIRE]
    assert len(report.fires) == len(fires) > 0
    for fire, line in zip(fires, report.fires, strict=True):
        assert line.rolled >= fire["data"]["casualties"]
        assert line.target_side == game.state.units[fire["data"]["target"]].side
    total = report.luck_total(INSURGENT).rolled + report.luck_total(REGULAR).rolled
    assert total == sum(f.rolled for f in report.fires)


def test_casualties_by_unit_match_the_casualty_events(game: Engine, report: AfterAction) -> None:
    for side in (REGULAR, INSURGENT):
        events = [
            e
            for e in game.state.events
            if e["kind"] == EventKind.CASUALTY and e["data"]["side"] == side
        ]
        assert sum(u.hits_taken for u in report.units if u.side == side) == len(events)
    scored = sum(
        e["data"]["casualties"]
        for e in game.state.events
        if e["kind"] == EventKind.FIRE and game.state.units[e["data"]["firer"]].side == REGULAR
    )
    assert sum(u.hits_scored for u in report.units if u.side == REGULAR) == scored > 0


def test_r171_vp_by_turn_has_every_turn_and_ends_on_the_final_score(
    game: Engine, report: AfterAction
) -> None:
    assert [p.turn for p in report.vp_by_turn] == [1, 2, 3]
    last = report.vp_by_turn[-1]
    assert (last.regular, last.insurgent) == (report.vp_regular, report.vp_insurgent)
    assert report.items and report.items[0].startswith("Regulars")


def test_report_text_has_the_full_log_with_the_ai_reasons_before_their_events(
    game: Engine, report: AfterAction
) -> None:
    text = report_text(report, game.notes)
    log = text.split("FULL LOG\n", 1)[1]
    assert log.count("\n") == len(game.state.events) + len(game.notes)
    at, note = game.notes[0]
    before = game.state.events[at]["text"]
    assert log.index(note) < log.index(before)
    assert "LUCK LEDGER" in text and f"Regulars {report.vp_regular} VP" in text


def test_units_are_listed_as_a_reader_counts_them() -> None:
    """Polish round 7: the end screen listed Insurgent groups 1, 10, 11, 2."""
    from game.report import natural_key

    names = ["Insurgent group 10", "Insurgent group 2", "Insurgent group 1", "Insurgent group 11"]
    assert sorted(names, key=natural_key) == [
        "Insurgent group 1",
        "Insurgent group 2",
        "Insurgent group 10",
        "Insurgent group 11",
    ]
    assert sorted(["Recon Bravo", "LVTP", "Alpha 2b"], key=natural_key) == [
        "Alpha 2b",
        "LVTP",
        "Recon Bravo",
    ]


def test_a_counted_victory_item_is_told_label_first_in_both_languages() -> None:
    """Polish round 7: "Insurgents: 1 Marines wounded x1" — the noun never agreed with the count
    (nor in French: "1 Marines blessés x1"); the engine's GameEnd words are kept (golden games),
    the report tells them label first."""
    from game import i18n
    from game.report import item_words

    assert item_words("Insurgents: 1 Marines wounded x1") == (
        "Insurgents: Marines wounded 1 × 1 VP"
    )
    assert item_words("4 killed x2") == "killed 4 × 2 VP"
    assert item_words("Regulars: no civilians killed: yes +5") == (
        "Regulars: no civilians killed: yes +5"
    )
    i18n.set_language("fr")
    try:
        assert item_words("Insurgents: 1 Marines wounded x1") == (
            "Insurgés : Marines blessés 1 × 1 PV"
        )
        assert item_words("0 captives x5") == "captifs 0 × 5 PV"
    finally:
        i18n.set_language("en")

"""Rules-fidelity situations for interruptions and Overwatch (issue 16; docs/SANDBOX.md): each
file in docs/sandbox/ plays a rulebook section with forced dice, and the test, named after the
section, asserts the outcome the book gives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.sandbox import Run, run_situation
from game.scenarios.situation import read_situation

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def run_file(name: str) -> Run:
    return run_situation(read_situation(EXAMPLES / name), lambda event: None)


def of_kind(run: Run, kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in run.events if e["kind"] == kind]


def test_interruption_aftermath_the_hit_unit_finishes_its_activation() -> None:
    """Rulebook: Interruptions, Interruption Aftermath (R97): a unit that survives an
    interruption without being Pinned or Pulling Back finishes its activation, moving and firing
    with what it has left; First Aid is its next activation."""
    run = run_file("interruption-aftermath.json")
    assert run.error == "" and run.engine is not None
    fires = [(f["firer"], f["target"], f["firepower_breakdown"]) for f in of_kind(run, "Fire")]
    assert fires[0][:2] == ("ALPHA", "R1")
    assert of_kind(run, "Casualty")[0]["figure"] == "R1.1"
    assert of_kind(run, "Morale")[0]["result"] == "Stand"
    # The Marines finish the move, then fire: three figures, one die down for the interruption.
    assert of_kind(run, "MoveEnd")[0]["at"] == [24.0, 36.0]
    assert fires[1][:2] == ("R1", "ALPHA")
    assert ["3 figures", 3] in fires[1][2]["items"]
    assert ["interrupted (R37)", 1] in fires[1][2]["penalties"]
    # First Aid waits for the next activation: offered in turn 2.
    assert run.engine.state.turn == 2
    pending = run.final["pending"]
    assert any(o.get("kind") == "first_aid" for o in pending["options"])


def test_overwatch_a_die_lost_per_overwatch_interruption_after_the_first() -> None:
    """Rulebook: Overwatch (R37, R57): an Overwatch unit loses a Firepower die for each
    Overwatch interruption after the first; the first is at full Firepower."""
    run = run_file("overwatch-penalties.json")
    assert run.error == "" and run.engine is not None
    tests = of_kind(run, "ReactionTest")
    assert [(t["insurgent"], t["insurgent_first"]) for t in tests] == [("G", False), ("H", False)]
    fires = [(f["firer"], f["target"], f["firepower"]) for f in of_kind(run, "Fire")]
    assert fires == [("R1", "G", 5), ("G", "R1", 4), ("R1", "H", 4), ("H", "R1", 4)]
    second = of_kind(run, "Fire")[2]["firepower_breakdown"]["penalties"]
    assert second == [["interrupted (R37)", 1]]
    assert of_kind(run, "Fire")[0]["firepower_breakdown"]["penalties"] == []


def test_overwatch_fire_comes_before_the_interrupted_units_reaction_test() -> None:
    """Rulebook: Overwatch (Overwatch fire before the interrupted unit's Reaction Test; R23,
    R100): an interrupter the Overwatch unit wipes out forces no Reaction Test and does not count
    toward the interrupted unit's penalties."""
    run = run_file("overwatch-timing.json")
    assert run.error == "" and run.engine is not None
    tests = [(t["insurgent"], t["regular"]) for t in of_kind(run, "ReactionTest")]
    assert tests == [("ALPHA", "WATCH"), ("BRAVO", "R1")]
    fires = of_kind(run, "Fire")
    assert [(f["firer"], f["target"]) for f in fires] == [
        ("WATCH", "ALPHA"),
        ("R1", "BRAVO"),
        ("BRAVO", "R1"),
    ]
    assert not run.engine.state.units["ALPHA"].on_table
    # BRAVO is the first interruption that counts: the reaction fire loses no die (R37).
    assert fires[1]["firepower_breakdown"]["penalties"] == []
    assert run.engine.state.activation is not None
    assert run.engine.state.activation.interruptions == 1


def test_overwatch_interrupts_an_insurgent_moving_into_its_sight() -> None:
    """Rulebook: Overwatch (any Insurgent action in its LOS; R101): a unit that comes into an
    Overwatch unit's sight during its move may be interrupted there, before the move ends."""
    run = run_file("overwatch-into-sight.json")
    assert run.error == "" and run.engine is not None
    order = [e["kind"] for e in run.events if e["kind"] in ("ReactionTest", "Fire", "Move")]
    assert order == ["ReactionTest", "Fire", "Move"]
    assert of_kind(run, "ReactionTest")[0]["overwatch"] is True
    assert of_kind(run, "Fire")[0]["firer"] == "WATCH"
    assert of_kind(run, "Move")[0]["moved"] == 10.0  # unhurt, it walks the rest of its move


def test_overwatch_interrupts_an_insurgent_close_assault() -> None:
    """Rulebook: Overwatch (any Insurgent action in its LOS; R101): a Close Assault is offered
    to the Overwatch units in sight before the charge; the charged unit is not among them."""
    run = run_file("overwatch-close-assault.json")
    assert run.error == "" and run.engine is not None
    order = [
        e["kind"] for e in run.events if e["kind"] in ("ReactionTest", "Fire", "CloseAssaultCheck")
    ]
    assert order == ["ReactionTest", "Fire", "CloseAssaultCheck"]
    assert of_kind(run, "ReactionTest")[0]["regular"] == "WATCH"
    assert [(f["firer"], f["target"]) for f in of_kind(run, "Fire")] == [("WATCH", "G")]


def test_shaken_a_unit_shaken_again_while_recovering_still_spends_the_turn_recovering() -> None:
    """Rulebook: Morale, Shaken (R102): a Shaken unit spends the next turn recovering; Shaken
    again in that turn, it still recovers through it, and through the turn after as well."""
    run = run_file("shaken-recovery.json")
    assert run.error == "" and run.engine is not None
    assert [m["result"] for m in of_kind(run, "Morale")] == ["Shaken"]
    gunmen = run.engine.state.units["G"]
    assert gunmen.shaken_turn == 2
    assert [gunmen.recovering(t) for t in (1, 2, 3, 4)] == [False, True, True, False]
    pending = run.final["pending"]
    assert pending["kind"] == "insurgent_action"
    offered = {o["kind"] for o in pending["options"] if o.get("unit") == "G"}
    assert "fire" not in offered and "close_assault" not in offered
    assert "move" in offered


def test_insurgent_interruptions_a_friends_reaction_fire_may_be_interrupted() -> None:
    """Rulebook: Interruptions, Insurgent Interruptions of Regular's Movement/Fire (fire that
    is part of a reaction may be interrupted; R103): an unactivated friend reacting for the
    interrupted unit is interrupted by a group that sees only it, and fires one die down."""
    run = run_file("reaction-interrupted.json")
    assert run.error == "" and run.engine is not None
    declared = [(d["unit"], d["target"]) for d in of_kind(run, "InterruptDeclared")]
    assert declared == [("ALPHA", "R1"), ("BG", "R2")]
    fires = of_kind(run, "Fire")
    assert [(f["firer"], f["target"]) for f in fires] == [
        ("BG", "R2"),
        ("R2", "ALPHA"),
        ("ALPHA", "R1"),
        ("R1", "ALPHA"),
    ]
    assert fires[1]["firepower_breakdown"]["penalties"] == [["interrupted (R37)", 1]]
    assert run.engine.state.units["BG"].interrupted_turn == 1


def test_insurgent_interruptions_give_up_an_interruption_to_fire_on_a_pinned_unit() -> None:
    """Rulebook: Interruptions, Insurgent Interruptions of Regular's Movement/Fire (R104): an
    Insurgent unit that still has its interruption may spend it firing at a Pinned Regular
    unit; the Pinned unit makes no Reaction Test and does not react."""
    run = run_file("fire-on-pinned.json")
    assert run.error == "" and run.engine is not None
    assert [(f["firer"], f["target"]) for f in of_kind(run, "Fire")] == [("G", "R1")]
    assert of_kind(run, "ReactionTest") == []
    assert run.engine.state.units["G"].interrupted_turn == 1


def test_movement_rate_and_direction_may_change_after_an_interruption() -> None:
    """Rulebook: Movement (R105): an interrupted mover, neither Pinned nor Pulling Back, may
    change its rate and direction; a faster rate still counts the distance already moved."""
    run = run_file("move-after-interruption.json")
    assert run.error == "" and run.engine is not None
    changed = of_kind(run, "MoveChanged")
    assert [(c["rate"], c["to"], c["length"]) for c in changed] == [("rapid", [44, 38], 10.0)]
    end = of_kind(run, "MoveEnd")[0]
    assert end["distance"] == 12.0  # the 2" before the interruption and 10" Rapid after it
    assert abs(end["at"][1] - 38.0) < 0.1  # it turned east
    marines = run.engine.state.units["R1"]
    assert marines.move_rate == "rapid"


def test_movement_an_insurgent_move_interrupted_by_overwatch_may_change_too(tmp_path: Path) -> None:
    """Rulebook: Movement (R105), with Overwatch (R101): the Gunmen, fired at first by the
    Watchers halfway along their Rapid move, turn north instead; the 6" already moved count
    against the Rapid 12", so they go 6" more."""
    data = json.loads((EXAMPLES / "overwatch-into-sight.json").read_text(encoding="utf-8"))
    assert data["commands"][2]["to"] == [12.0, 24.0]  # the planned end: as planned
    data["commands"][2]["to"] = [16.0, 4.0]
    path = tmp_path / "turn-north.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    run = run_situation(read_situation(path), lambda event: None)
    assert run.error == "" and run.engine is not None
    changed = of_kind(run, "MoveChanged")
    assert [(c["unit"], c["rate"], c["length"]) for c in changed] == [("G", "rapid", 6.0)]
    move = of_kind(run, "Move")[0]
    assert move["moved"] == 12.0
    assert move["at"][1] < 24.0 - 5.0  # it went north


def test_shaken_recovery_windows_and_a_merge_keeps_the_recovery_under_way() -> None:
    """Rulebook: Morale, Shaken (R102, R81): one recovery turn after each Shaken turn, runs of
    them joined; a merge at the start of a turn keeps a recovery either unit was in."""
    from game.engine.state import UnitState

    a = UnitState("A", "A", "insurgent", [])
    a.shake(3)
    assert [a.recovering(t) for t in (3, 4, 5)] == [False, True, False]
    a.shake(5)  # Shaken again after the recovery: a new one (the state answers for now on)
    assert [a.recovering(t) for t in (5, 6, 7)] == [False, True, False]
    a.shake(6)  # ...and again while recovering: it recovers through turn 7 as well
    assert [a.recovering(t) for t in (6, 7, 8)] == [True, True, False]
    b = UnitState("B", "B", "insurgent", [])
    b.shake(1)
    b.merge_shaken(a, 7)  # B's recovery is long over; A recovers in turn 7
    assert b.recovering(7) and not b.recovering(8) and b.shaken_turn == 6
    c = UnitState("C", "C", "insurgent", [])
    c.merge_shaken(UnitState("D", "D", "insurgent", []), 2)
    assert not any(c.recovering(t) for t in range(1, 5))

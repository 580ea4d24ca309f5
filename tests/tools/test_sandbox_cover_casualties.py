"""Rules-fidelity situations for cover, Pinned units and casualties (issue 16, items 10-14, 17,
18; docs/SANDBOX.md): each file in docs/sandbox/ plays a rulebook section with forced dice, and
the test, named after the section, asserts the outcome the book gives."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from game.engine.commands import MoveUnit
from game.sandbox import Run, run_situation
from game.scenarios.situation import read_situation

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def run_file(name: str) -> Run:
    return run_situation(read_situation(EXAMPLES / name), lambda event: None)


def of_kind(run: Run, kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in run.events if e["kind"] == kind]


def test_cover_dice_an_exposed_unit_never_claims_in_cover() -> None:
    """Rulebook: Cover Dice (In Cover; Exposed), R52, R120: an Exposed unit gets no In Cover
    die even when it is marked In Cover, and staying put in the open earns it no Quality Check
    to get In Cover."""
    run = run_file("exposed-never-in-cover.json")
    assert run.error == "" and run.engine is not None
    fire = of_kind(run, "Fire")[0]
    assert fire["firepower_breakdown"]["items"] == [["4 figures", 4], ["target Exposed", 1]]
    assert fire["defense_breakdown"]["items"] == [["3 figures", 3]]  # no In Cover die
    assert of_kind(run, "InCover") == [{"passed": "exposed", "unit": "G", "unit_name": "Gunmen"}]


def test_pinned_a_pinned_unit_with_movement_left_must_move_to_cover() -> None:
    """Rulebook: Pinned (R62, R121): a Pinned unit must move to cover if it has any movement
    left, never toward the enemy; only one that cannot may attempt to Get In Cover."""
    situation = read_situation(EXAMPLES / "pinned-must-move-to-cover.json")
    asked = run_situation(replace(situation, commands=situation.commands[:1]), lambda e: None)
    pending = asked.final["pending"]
    assert pending["kind"] == "seek_cover" and pending["context"] == {"unit": "R1"}
    assert pending["options"] and all(isinstance(o["choice"], list) for o in pending["options"])

    run = run_file("pinned-must-move-to-cover.json")
    assert run.error == "" and run.engine is not None
    assert of_kind(run, "SeekCover") == [{"unit": "R1", "unit_name": "Marines", "to": [29.8, 40.0]}]
    marines = run.engine.state.units["R1"]
    assert run.engine.terrain.in_solid_cover(marines.position())
    tries = [(g["unit"], g["die"], g["face"], g["passed"]) for g in of_kind(run, "GetInCover")]
    assert tries == [("R2", "d6", 4, True)]
    assert run.engine.state.units["R2"].in_cover_turn == 1


def test_first_aid_checks_a_unit_tending_wounded_moves_only_to_reach_safety() -> None:
    """Rulebook: First Aid Checks for Regulars (R27, R122): while tending its wounded a unit may
    move only if it must, to reach a position in Solid Cover or out of Insurgent sight."""
    name = "tending-wounded-moves-only-to-safety.json"
    situation = read_situation(EXAMPLES / name)
    offered = run_situation(replace(situation, commands=()), lambda e: None).final["pending"]
    moves = {o["unit"]: o["to"] for o in offered["options"] if o["kind"] == "move"}
    assert set(moves) == {"R1"}  # the Rangers, safe already, are offered no move at all
    assert [29.8, 40.0] in [o["to"] for o in offered["options"] if o["kind"] == "move"]

    def refused(command: MoveUnit) -> str:
        return run_situation(replace(situation, commands=(command,)), lambda e: None).error

    toward_enemy = MoveUnit(side="regular", unit="R1", to=(26.0, 34.0), rate="cautious")
    assert "may move only into Solid Cover or out of Insurgent sight" in refused(toward_enemy)
    safe_already = MoveUnit(side="regular", unit="R2", to=(6.0, 40.0), rate="cautious")
    assert "safe where it is" in refused(safe_already)

    run = run_file(name)
    assert run.error == "" and run.engine is not None
    assert of_kind(run, "MoveEnd")[0]["at"] == [29.8, 40.0]
    aid = [(a["figure"], a["face"], a["result"]) for a in of_kind(run, "FirstAid")]
    assert aid == [("R1.1", 5, "slight"), ("R2.1", 2, "wia")]


def test_casualties_a_slight_wound_that_returned_brings_no_quality_check_and_a_pow_can_be_hit() -> (
    None
):
    """Rulebook: Casualties (R123): only figures removed as casualties bring the Quality Check
    before moving faster than Cautious, not a slight wound back in action. Rulebook: Fire at
    Units with Dependants & Casualties (R40, R123): the hit on a Dependant falls on a POW too,
    and on an Insurgent unit's Dependants."""
    run = run_file("casualties-slight-wounds-and-pows.json")
    assert run.error == "" and run.engine is not None
    assert [a["result"] for a in of_kind(run, "FirstAid")] == ["slight"]
    assert of_kind(run, "MoveStart")[0]["rate"] == "rapid"
    assert not [q for q in of_kind(run, "QualityCheck") if q["cause"] == "rapid_move"]
    assert run.engine.state.units["R1"].ever_casualties is False

    assert of_kind(run, "DependantHit") == [
        {"unit": "H", "unit_name": "Hajjis", "dependant": "pow"}
    ]
    assert [c["figure"] for c in of_kind(run, "Casualty")] == ["H.2"]
    assert run.engine.state.units["H"].dependants == ["pow"]
    tally = run.engine.state.tally
    assert (tally["regular_pows"], tally["regular_kia"]) == (1, 1)


def test_arrival_of_insurgent_reinforcements_roll_again_has_no_cap() -> None:
    """Rulebook: Arrival of Insurgent Reinforcements (R43, R124): every ROLL AGAIN rolls the
    table once more; five in a row bring six groups."""
    run = run_file("roll-again-has-no-cap.json")
    assert run.error == "" and run.engine is not None
    rows = [r["table_faces"] for r in of_kind(run, "ReinforcementRoll")]
    assert [sum(r) for r in rows] == [4, 4, 4, 4, 4, 10]
    arrived = of_kind(run, "ReinforcementsArrive")
    assert [a["hot_spot"] for a in arrived] == [2, 2, 2, 2, 2, 4]
    assert len(run.engine.state.units_of("insurgent")) == 6


def test_abandoning_casualties_quality_and_morale_drop_and_some_are_taken_at_the_end() -> None:
    """Rulebook: Abandoning Casualties (R126)."""
    run = run_file("abandoning-casualties.json")
    assert run.error == "" and run.engine is not None
    marines, guards = run.engine.state.units["R1"], run.engine.state.units["R2"]
    assert marines.dependants == [] and marines.on_table
    assert (marines.quality_die().label, marines.morale_die().label) == ("d6", "d8")
    assert of_kind(run, "MoveStart")[0]["rate"] == "rapid"  # no Dependant penalty any more
    assert [q["cause"] for q in of_kind(run, "QualityCheck")] == ["rapid_move"]
    assert not guards.on_table
    assert of_kind(run, "UnitDestroyed") == [
        {"unit": "R2", "unit_name": "Guards", "cause": "abandoned"}
    ]
    assert of_kind(run, "AbandonedFate") == [{"faces": [4, 1, 6], "taken": 2, "count": 3}]
    assert run.engine.state.tally["regular_pows"] == 2


def test_casualty_evacuation_and_releasing_pows() -> None:
    """Rulebook: Casualty Evacuation (CASEVAC) (R128); Releasing POWs (R127)."""
    run = run_file("casevac-and-releasing-pows.json")
    assert run.error == "" and run.engine is not None
    assert of_kind(run, "Casevac") == [
        {"unit": "R1", "unit_name": "Marines", "count": 1, "at": [24.0, 34.5]}
    ]
    released = [(r["unit"], r["count"]) for r in of_kind(run, "PowsReleased")]
    assert released == [("R1", 1), ("H", 2)]
    units, tally = run.engine.state.units, run.engine.state.tally
    assert units["R1"].dependants == [] and units["H"].dependants == []
    assert (tally["insurgent_pows"], tally["regular_pows"], tally["casualties_evacuated"]) == (
        0,
        0,
        1,
    )


def test_split_units_and_a_squad_leader_joining_another_unit() -> None:
    """Rulebook: Split Units; Leaders Joining a Unit (R125): the squad leader is not welded to
    his fireteam."""
    run = run_file("split-units-and-leaders.json")
    assert run.error == "" and run.engine is not None
    units = run.engine.state.units
    assert of_kind(run, "UnitSplit")[0]["element"] == "R1-2"
    assert [m["unit"] for m in of_kind(run, "MoveStart")] == ["R1", "R1-2"]  # not R1-2 in turn 1
    # Insurgents split too: the two gunmen form a leaderless element that sits out turn 1
    cell_split = of_kind(run, "UnitSplit")[1]
    assert (cell_split["unit"], cell_split["element"], cell_split["figures"]) == ("C", "C-2", 2)
    assert [m["unit"] for m in of_kind(run, "Move")] == ["C"]
    assert not units["C-2"].has_leader and units["C-2"].acted_turn == 1
    assert units["R1"].morale_bonus == 0 and not units["R1"].has_leader
    joined = of_kind(run, "LeaderJoins")
    assert [(j["unit"], j["leader"], j["finished"]) for j in joined] == [("R2", "R1-2", False)]
    assert units["R2"].has_leader and units["R2"].morale_bonus == 1
    assert units["R2"].joined_turn == 2  # Bravo may fire this turn, not move
    assert not units["R1-2"].on_table

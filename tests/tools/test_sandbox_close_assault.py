"""Rules-fidelity situations for Close Assault (issue 16 items 6, 7, 9, 13; docs/SANDBOX.md):
each file in docs/sandbox/ plays a rulebook section with forced dice, and the test, named after
the section, asserts the outcome the book gives. Variations of a file are built in the test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.sandbox import Run, run_situation
from game.scenarios.situation import parse_situation

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "sandbox"


NO_INTERRUPTS = {"kind": "declare_interrupts", "side": "insurgent", "declarations": []}
FLEE = {"kind": "answer", "side": "insurgent", "choice": "flee"}


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return data


def run_data(data: dict[str, Any]) -> Run:
    return run_situation(parse_situation(data, base=EXAMPLES), lambda event: None)


def of_kind(run: Run, kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in run.events if e["kind"] == kind]


def test_close_assault_a_charge_is_rapid_movement() -> None:
    """Rulebook: Close Assault; Rapid Movement; Close Assault Quality Checks (R42, R110): from
    the declaration to contact the chargers move Rapidly — their Reaction Test is 1 down, whoever
    fires at them gains a die — and they defend a die down even against an interruption by a
    unit not in the assault, with no In Cover die (they are moving)."""
    run = run_data(load("charge-rapid.json"))
    assert run.error == ""
    test = of_kind(run, "ReactionTest")[0]
    assert (test["stance"], test["regular_modifier"], test["insurgent_first"]) == (
        "rapid",
        -1,
        True,
    )
    interrupt, defensive, melee = of_kind(run, "Fire")
    assert (interrupt["firer"], interrupt["manner"]) == ("H", "interrupt")
    assert ["target moved Rapidly", 1] in interrupt["firepower_breakdown"]["items"]
    assert interrupt["defense_breakdown"]["items"] == [["4 figures", 4]]  # no In Cover die
    assert interrupt["defense_breakdown"]["penalties"] == [["charging into Close Assault", 1]]
    assert (defensive["firer"], defensive["manner"]) == ("G", "charge")
    assert ["target moved Rapidly", 1] in defensive["firepower_breakdown"]["items"]
    assert defensive["firepower_breakdown"]["penalties"] == [["defensive fire vs Close Assault", 1]]
    assert defensive["defense_breakdown"]["penalties"] == [["charging into Close Assault", 1]]
    # in contact the rounds are fought without the charging penalty (R42)
    assert melee["manner"] == "melee" and melee["defense_breakdown"]["penalties"] == []
    marines = run.final["state"]["units"]["R1"]
    assert marines["charging"] is False and marines["move_rate"] == "rapid"


def test_close_assault_the_charge_stays_in_cover_when_it_does_not_go() -> None:
    """Rulebook: Cover Dice; Close Assault: the same Marines, not charging, are stationary and
    claim their In Cover die against the Hajjis — the charge alone took it away."""
    data = load("charge-rapid.json")
    fire = {"kind": "fire", "side": "regular", "unit": "R1", "target": "H"}
    data["commands"] = [fire, data["commands"][1]]
    data["dice"] = ["d6=6", "d8=4", "d6=1", "d6=1", "d6=1"] + ["d8=1"] * 5
    run = run_data(data)
    assert run.error == "" and run.final["pending"]["kind"] == "react"
    interrupt = of_kind(run, "Fire")[0]
    assert interrupt["firer"] == "H"
    assert ["In Cover", 1] in interrupt["defense_breakdown"]["items"]
    assert interrupt["defense_breakdown"]["penalties"] == []


def test_close_assault_chargers_reach_contact_along_a_real_path() -> None:
    """Rulebook: Close Assault (R111): the chargers must reach the enemy with a move along a real
    path. An unbroken high wall between the Marines and the Gunmen 8" away leaves a way round of
    more than 12": the charge is refused; with a gap in the wall it goes."""
    data = load("charge-rapid.json")
    wall = {"height": "high", "points": [[6, 26], [34, 26]]}
    data["map"]["walls"].append(wall)
    data["commands"] = data["commands"][:1]
    data["dice"] = []
    refused = run_data(data)
    why = 'Marines cannot reach Gunmen within its charge reach (12") along a real path'
    assert why in refused.error
    wall["points"] = [[6, 26], [19, 26]]  # a gap from x=19 eastward: the way round is short
    data["dice"] = ["d8=5", "d6=4"]
    data["commands"] += [NO_INTERRUPTS, FLEE]
    data["units"] = data["units"][:2]
    went = run_data(data)
    assert went.error == ""
    assert [c["role"] for c in of_kind(went, "CloseAssaultCheck")] == ["attacker", "defender"]


def test_close_assault_casualties_quality_check_before_the_charge() -> None:
    """Rulebook: Casualties; Close Assault (R110): a Regular unit that has lost figures tests its
    Quality before charging at the Rapid rate. Failing it, it may move only Cautiously (6"): the
    Gunmen 8" away are out of reach, the charge fails and the activation is spent; passing it,
    the charge goes on to the Close Assault Quality Check."""
    data = load("charge-rapid.json")
    data["units"] = data["units"][:2]
    data["units"][0]["status"] = ["had_casualties"]
    data["commands"] = data["commands"][:1]
    data["dice"] = ["d8=3"]
    failed = run_data(data)
    assert failed.error == ""
    checks = of_kind(failed, "QualityCheck")
    assert [(c["cause"], c["passed"]) for c in checks] == [("charge", False)]
    assert [e["unit"] for e in of_kind(failed, "ChargeFailed")] == ["R1"]
    assert of_kind(failed, "CloseAssaultCheck") == []
    assert failed.final["pending"]["kind"] == "insurgent_action"
    data["dice"] = ["d8=4", "d8=5", "d6=4"]
    data["commands"] += [NO_INTERRUPTS, FLEE]
    passed = run_data(data)
    assert [(c["cause"], c["passed"]) for c in of_kind(passed, "QualityCheck")] == [
        ("charge", True)
    ]
    assert len(of_kind(passed, "CloseAssaultCheck")) == 2


def test_close_assault_quality_checks_a_unit_that_fled_forfeits_its_other_actions() -> None:
    """Rulebook: Close Assault Quality Checks (R112): whatever the charged unit answers, it
    forfeits its other actions that turn. The Gunmen flee the Marines' charge: they are not
    offered the interruption of the second fireteam's move, and do not act in the Insurgent
    phase; the Hajjis, who were not charged, may do both."""
    data = load("flee-forfeits-the-turn.json")
    run = run_data(data)
    assert run.error == ""
    assert [f["unit"] for f in of_kind(run, "Flee")] == ["G"]
    pending = run.final["pending"]
    assert pending["kind"] == "insurgent_action"
    assert {o.get("unit") for o in pending["options"]} - {None} == {"H"}
    data["commands"] = data["commands"][:4]  # stop at the second fireteam's move
    at_the_move = run_data(data).final["pending"]
    assert at_the_move["kind"] == "interrupts"
    assert at_the_move["context"]["eligible"] == ["H"]


def test_close_assault_quality_checks_a_regular_unit_that_answered_a_charge_leaves_overwatch() -> (
    None
):
    """Rulebook: Close Assault Quality Checks (R112): a Regular unit on Overwatch that the
    Insurgents charge answers the charge and has no other action that turn: its Overwatch ends."""
    marines = {"id": "R1", "side": "regular", "line": [20, 30], "figures": ["rifle"] * 4}
    data = {
        "map": {"width": 48, "height": 48},
        "units": [
            {**marines, "status": ["activated", "overwatch"]},
            {"id": "G", "side": "insurgent", "line": [20, 22], "figures": ["leader", "rifle"]},
        ],
        "turn_limit": 1,
        "dice": ["d6=4", "d8=5"],
        "commands": [
            {"kind": "close_assault", "side": "insurgent", "unit": "G", "target": "R1"},
            {"kind": "answer", "side": "regular", "choice": "flee"},
        ],
    }
    run = run_data(data)
    assert run.error == ""
    assert [e["unit"] for e in of_kind(run, "OverwatchEnds")] == ["R1"]
    assert run.final["state"]["units"]["R1"]["overwatch"] is False


def test_resolving_a_close_assault_fate_roll_only_for_figures_that_fell_in_it() -> None:
    """Rulebook: Resolving an Infantry vs Infantry Close Assault; Close Assaults against Units
    with Dependants & Casualties (R42, R113): when a Regular unit is wiped out, only the figures
    that fell in this assault roll the d6 fate; a figure hit before it and a carried casualty
    pass into the winner's custody (a prisoner, and a casualty left behind)."""
    run = run_data(load("close-assault-fate.json"))
    assert run.error == ""
    fate, custody = of_kind(run, "Prisoners")
    assert (fate["cause"], fate["faces"], fate["taken"]) == ("regulars_fate", [1, 5], 1)
    assert (custody["cause"], custody["prisoners"], custody["casualties"]) == ("custody", 1, 1)
    state = run.final["state"]
    assert state["tally"]["regular_pows"] == 2  # one by the fate die, one taken in custody
    assert state["tally"]["regular_kia"] == 1 and state["tally"]["casualties_left_behind"] == 1
    assert sorted(state["units"]["G"]["dependants"]) == ["casualty", "pow", "pow"]


def test_pows_captives_are_freed_when_their_guards_are_wiped_out() -> None:
    """Rulebook: POWs (R114): captives are kept with the unit that took them, so the Regulars
    may rescue them. Fire wipes out the Gunmen who hold two Marines: both are freed and no
    longer count as POWs."""
    data = load("pows-freed.json")
    before = run_data({**data, "commands": [], "dice": []})
    assert before.final["state"]["tally"]["regular_pows"] == 2
    run = run_data(data)
    assert run.error == ""
    (freed,) = of_kind(run, "Prisoners")
    assert (freed["unit"], freed["count"], freed["cause"]) == ("G", 2, "freed")
    assert run.final["state"]["tally"]["regular_pows"] == 0


def test_pows_rescued_in_a_close_assault_become_dependants_of_the_rescuers() -> None:
    """Rulebook: POWs; Close Assaults against Units with Dependants & Casualties (R114): the
    Marines charge the Gunmen holding two of theirs and wipe them out in contact; the rescued
    Marines become Dependants of the fireteam and no longer count as POWs."""
    data = load("pows-freed.json")
    data["commands"] = [
        {"kind": "close_assault", "side": "regular", "unit": "R1", "target": "G"},
        NO_INTERRUPTS,
        {"kind": "answer", "side": "insurgent", "choice": "stand"},
    ]
    # charge 5, the Gunmen fail 2 and stand; the Marines' first blow: 5d8 of 8s against 4s
    data["dice"] = ["d8=5", "d6=2"] + ["d8=8"] * 5 + ["d6=4", "d6=4"]
    run = run_data(data)
    assert run.error == ""
    custody = [p for p in of_kind(run, "Prisoners") if p["cause"] == "custody"]
    assert [(p["unit"], p["rescued"]) for p in custody] == [("R1", 2)]
    state = run.final["state"]
    assert state["tally"]["regular_pows"] == 0
    assert state["units"]["R1"]["dependants"] == ["rescued", "rescued"]


def test_pows_insurgents_may_take_pows_off_a_friendly_edge() -> None:
    """Rulebook: POWs; Disposing of Dependants & Casualties (R115): an Insurgent unit that moves
    to a friendly edge (one the Regulars neither enter nor leave by) hands its POWs off and is rid
    of the Dependant penalty; they stay POWs."""
    data = load("pows-freed.json")
    data["map"]["entry_edges"] = ["south"]
    data["units"][0]["status"] = ["activated"]
    data["units"][1]["line"] = [20, 3]
    data["commands"] = [
        {"kind": "move", "side": "insurgent", "unit": "G", "to": [20, 0.5], "rate": "cautious"}
    ]
    data["dice"] = []
    run = run_data(data)
    assert run.error == ""
    assert [(e["unit"], e["count"]) for e in of_kind(run, "DependantsHandedOff")] == [("G", 2)]
    state = run.final["state"]
    assert state["units"]["G"]["dependants"] == []
    assert state["tally"]["regular_pows"] == 2

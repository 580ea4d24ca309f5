"""R359 (polish round 7): a hot spot whose neutralization completes as the unit's activation
begins cannot be the object of that activation's first order (Rulebook: Hot Spots, R28). Found
in play: Hornet's Nest and Contracting Trouble seeds 4 and 5 through the screen, pressing H
beside a hot spot on the turn after starting on it: "Alpha fireteam stayed by hot spot 1 for a
full turn: it is neutralized and removed", then "Alpha fireteam starts neutralizing hot spot 1"
— the activation spent on a hot spot that was gone."""

from __future__ import annotations

import json
from pathlib import Path

from game.sandbox import run_situation
from game.scenarios.situation import parse_situation

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"
FILE = EXAMPLES / "hot-spot-neutralized-as-activation-begins.json"


def _run(second: dict[str, object]) -> tuple[str, list[dict[str, object]]]:
    data = json.loads(FILE.read_text(encoding="utf-8"))
    data["commands"][1] = second
    run = run_situation(parse_situation(data, base=EXAMPLES), lambda event: None)
    return run.error, run.events


def test_r359_the_neutralization_completes_and_the_unit_takes_another_order() -> None:
    error, events = _run({"kind": "end_activation", "side": "regular", "unit": "R1"})
    assert error == ""
    kinds = [str(e["kind"]) for e in events if e["turn"] == 2]
    assert kinds.index("Activate") < kinds.index("HotSpotNeutralized") < kinds.index("Hold")
    assert "NeutralizeStarted" not in kinds


def test_r359_neutralizing_the_same_hot_spot_again_is_refused_before_it_begins() -> None:
    error, events = _run({"kind": "neutralize", "side": "regular", "unit": "R1", "hot_spot": 2})
    assert "Marines completes the neutralization of hot spot 2 as its activation begins" in error
    assert "(R28, R359)" in error
    assert [e["kind"] for e in events if e["turn"] == 2].count("NeutralizeStarted") == 0
    from game import i18n

    i18n.set_language("fr")
    try:
        told = i18n.retell(error.split(": ", 1)[-1] if error.startswith("docs") else error)
    finally:
        i18n.set_language("en")
    assert "achève la neutralisation du point chaud 2 au début de son activation" in told

"""The engine's morale effects come from the rules room (`game.rules.morale` via rulesbridge):
Rulebook: Insurgent Morale Effects; Shrink; Shaken; Regular Morale Effects; Pull Back (R26, R82)."""

from __future__ import annotations

from typing import Any

from game.battlefield.model import Battlefield
from game.engine import morale
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR
from game.rules.dice import Die, ScriptedDice
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line


def staged(*units: UnitSpec, script: list[tuple[Die, int]]) -> Engine:
    table = Battlefield("tests/open.tmx", "open", 48.0, 48.0, 32.0)
    return Engine(StagedScenario(Staging(units=list(units))), table, 0, dice=ScriptedDice(script))


def results(engine: Engine) -> list[Any]:
    return [e["data"]["result"] for e in engine.state.events if e["kind"] == "Morale"]


MARINES = UnitSpec("R1", REGULAR, line(24.0, 40.0, 4))


def test_shrink_takes_the_latest_plain_figure_never_the_leader_gunners_last() -> None:
    cell = UnitSpec(
        "CELL", INSURGENT, line(24.0, 20.0, 4), kinds=["leader", "small_arms", "rpg", "small_arms"]
    )
    faces = [1, 6, 6, 6]  # three successes against one failure: Stand, but one figure shrinks
    engine = staged(MARINES, cell, script=[(Die.D10, f) for f in faces])
    unit = engine.state.units["CELL"]
    assert list(morale.morale(engine, unit, engine.state.units["R1"])) == []
    assert results(engine) == ["Stand"]
    assert [f.id for f in unit.figures] == ["CELL.1", "CELL.2", "CELL.3"]
    assert unit.morale_shift == 0
    (said,) = [e["text"] for e in engine.state.events if e["kind"] == "Morale"]
    assert "→ Stand, 1 shrinks away" in said  # found in play: "1 shrink away"


def test_a_shaken_insurgent_unit_below_d6_breaks() -> None:
    cell = UnitSpec("CELL", INSURGENT, line(24.0, 20.0, 3), morale=6)
    engine = staged(MARINES, cell, script=[(Die.D6, f) for f in (1, 2, 5)])
    unit = engine.state.units["CELL"]
    assert list(morale.morale(engine, unit, engine.state.units["R1"])) == []
    assert results(engine) == ["Shaken"]
    assert unit.status == "broken" and engine.state.tally["insurgent_units_broken"] == 1


def test_r82_a_regular_unit_pinned_by_fleeing_pulls_back_when_pinned_again() -> None:
    cell = UnitSpec("CELL", INSURGENT, line(24.0, 30.0, 3))
    engine = staged(MARINES, cell, script=[(Die.D10, f) for f in (1, 2, 3, 9)])
    marines = engine.state.units["R1"]
    marines.pinned_turn = engine.state.turn  # it fled a charge after failing its check
    before = marines.leader_point
    assert list(morale.morale(engine, marines, engine.state.units["CELL"])) == []
    assert results(engine) == ["PullBack"]
    assert marines.leader_point[1] > before[1]  # away from the Insurgents to the north

"""What the activated Regular is doing reaches the Insurgents' decisions (solo rules: Action
Checks "if fired on by Regulars" and "Regulars moving in sight"; Rulebook: Interruptions)."""

from __future__ import annotations

from game.battlefield.model import Battlefield
from game.engine.commands import DeclareInterrupts, Fire, MoveUnit
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR
from game.rules.dice import Die, ScriptedDice
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line


def two_cells(script: list[tuple[Die, int]] | None = None) -> Engine:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 40.0, 4), name="Marines"),
            UnitSpec("ALPHA", INSURGENT, line(17.5, 40.0, 3), quality=6),
            UnitSpec("BRAVO", INSURGENT, line(30.0, 34.0, 3), quality=6),
        ]
    )
    field = Battlefield("tests/open.tmx", "open", 48.0, 48.0, 32.0)
    return Engine(StagedScenario(staging), field, seed=0, dice=ScriptedDice(script or []))


def test_the_interrupts_decision_names_the_regulars_fire_target() -> None:
    engine = two_cells()
    engine.apply(Fire(side=REGULAR, unit="R1", target="ALPHA"))
    decision = engine.pending
    assert decision is not None and decision.kind == "interrupts"
    assert decision.context["action"] == "fire"
    assert decision.context["target"] == "ALPHA"
    assert decision.context["targets"] == ["ALPHA"]
    assert decision.context["moving"] is False
    assert decision.context["assault_target"] == ""


def test_split_fire_names_every_target() -> None:
    engine = two_cells()
    split = (("ALPHA", ("R1.1", "R1.2")), ("BRAVO", ("R1.3", "R1.4")))
    engine.apply(Fire(side=REGULAR, unit="R1", target="ALPHA", split=split))
    decision = engine.pending
    assert decision is not None and decision.kind == "interrupts"
    assert decision.context["targets"] == ["ALPHA", "BRAVO"]
    assert decision.context["target"] == "ALPHA"


def test_a_moving_regular_is_moving_in_the_context_with_its_rate() -> None:
    engine = two_cells()
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(24.0, 30.0), rate="cautious"))
    decision = engine.pending
    assert decision is not None and decision.kind == "interrupts"
    assert decision.context["action"] == "move"
    assert decision.context["moving"] is True
    assert decision.context["rate"] == "cautious"
    assert decision.context["target"] == "" and decision.context["targets"] == []


def test_an_interrupting_move_knows_what_the_regular_is_doing() -> None:
    engine = two_cells([(Die.D6, 6), (Die.D8, 1)])  # Alpha wins the Reaction Test: 6 vs 1+1
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(24.0, 30.0), rate="cautious"))
    engine.apply(DeclareInterrupts(side=INSURGENT, declarations=(("ALPHA", "move"),)))
    decision = engine.pending
    assert decision is not None and decision.kind == "interrupt_move"
    assert decision.context["unit"] == "ALPHA"
    assert decision.context["regular"] == "R1"
    assert decision.context["moving"] is True

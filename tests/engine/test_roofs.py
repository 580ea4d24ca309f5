"""Going up to a roof and coming down (R10: roofs have elevation; R50: elevation and sight;
R83: the climb is the unit's move)."""

from __future__ import annotations

import pytest

from game.battlefield.model import Battlefield, Building, Door
from game.engine.commands import (
    ChangeLevel,
    DeclareInterrupts,
    EndActivation,
    IllegalCommand,
    MoveUnit,
    command_from_json,
)
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR
from game.rules.dice import ScriptedDice
from game.scenarios.staged import StagedScenario, Staging, UnitSpec


def box(bid: int, x0: float, x1: float, storeys: int, roof_access: bool) -> Building:
    door = Door(bid + 100, "door", ((x0 + x1) / 2, 14.0), 1)
    outline = ((x0, 10.0), (x1, 10.0), (x1, 14.0), (x0, 14.0))
    return Building(bid, f"block{bid}", outline, storeys, (door,), roof_access)


def town(roof_access: bool = True) -> Engine:
    table = Battlefield(
        "tests/roofs.tmx",
        "roofs",
        48.0,
        48.0,
        32.0,
        buildings=(box(1, 8.0, 15.0, 2, roof_access), box(2, 18.0, 22.0, 1, False)),
    )
    inside = [(10.0, 11.5), (11.0, 11.5), (10.0, 12.5), (11.0, 12.5)]
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, inside, name="Marines"),
            UnitSpec("R2", REGULAR, [(30.0, 40.0), (31.0, 40.0)], name="Street"),
            UnitSpec("GUNMEN", INSURGENT, [(26.0, 12.0), (26.0, 13.0)]),
        ]
    )
    return Engine(StagedScenario(staging), table, seed=0, dice=ScriptedDice([]))


def no_interrupts(engine: Engine) -> None:
    while engine.pending is not None and engine.pending.kind == "interrupts":
        engine.apply(DeclareInterrupts(side=INSURGENT, declarations=()))


def test_r83_going_up_to_the_roof_is_the_move_and_lets_the_unit_see_over_lower_roofs() -> None:
    engine = town()
    marines, gunmen = engine.state.units["R1"], engine.state.units["GUNMEN"]
    assert not engine.los(marines, gunmen)  # the low building hides them at street level
    up = ChangeLevel(side=REGULAR, unit="R1", up=True)
    assert up in engine.pending.options  # type: ignore[union-attr]
    engine.apply(command_from_json(up.to_json()))
    no_interrupts(engine)
    assert marines.elevation == 2
    event = [e for e in engine.state.events if e["kind"] == "ChangeLevel"][-1]
    assert event["data"] == {"unit": "R1", "elevation": 2, "unit_name": "Marines", "roof": "block1"}
    assert engine.los(marines, gunmen)  # R50: a 2-storey roof sees over a 1-storey building
    # The climb was the move: no further move this activation.
    assert engine.pending is not None and engine.pending.kind == "continue"
    with pytest.raises(IllegalCommand):
        engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(11.0, 16.0), rate="cautious"))
    engine.apply(EndActivation(side=REGULAR, unit="R1"))


def test_a_unit_on_a_roof_must_come_down_before_it_moves() -> None:
    engine = town()
    marines = engine.state.units["R1"]
    marines.elevation = 2
    with pytest.raises(IllegalCommand, match="come down first"):
        engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(11.0, 16.0), rate="cautious"))
    with pytest.raises(IllegalCommand, match="already on the roof"):
        engine.apply(ChangeLevel(side=REGULAR, unit="R1", up=True))
    engine.apply(ChangeLevel(side=REGULAR, unit="R1", up=False))
    no_interrupts(engine)
    assert marines.elevation == 0


def test_only_a_unit_wholly_inside_a_building_with_roof_access_goes_up() -> None:
    engine = town(roof_access=False)
    with pytest.raises(IllegalCommand, match="roof access"):
        engine.apply(ChangeLevel(side=REGULAR, unit="R1", up=True))
    with pytest.raises(IllegalCommand, match="roof access"):
        engine.apply(ChangeLevel(side=REGULAR, unit="R2", up=True))  # in the street
    with pytest.raises(IllegalCommand, match="street level"):
        engine.apply(ChangeLevel(side=REGULAR, unit="R2", up=False))
    assert engine.state.units["R1"].elevation == 0

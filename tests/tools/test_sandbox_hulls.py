"""A vehicle's hull as terrain (issue 20; Vehicle Rules, Line of Sight, Line of Fire, Cover Dice):
rulings R290-R293, played on the sandbox situation `docs/sandbox/vehicle-hull-sight.json`."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.battlefield.line_of_fire import line_of_fire
from game.battlefield.model import UnitPosition
from game.engine import vehicles
from game.engine.commands import Fire, IllegalCommand
from game.engine.engine import Engine
from game.sandbox import run_situation
from game.scenarios.situation import read_situation, situation_engine

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "sandbox"
SITUATION = EXAMPLES / "vehicle-hull-sight.json"


def fresh() -> Engine:
    return situation_engine(read_situation(SITUATION))


def drive_off(engine: Engine, x: float) -> None:
    """Set the LVTP down elsewhere, as a drive would leave it (its record and crew figures)."""
    rec = vehicles.record(engine.state, "V")
    assert rec is not None
    rec.x = x
    vehicles.save(engine.state, "V", rec)
    vehicles.place_vehicle(engine, engine.state.units["V"], rec)


def test_r290_a_hull_blocks_sight_between_street_level_figures() -> None:
    """Vehicle Rules; Line of Sight (R290): the LVTP's crew sees out of its own hull and fires
    at the Gunmen; the Marines behind the hull may not; once it drives off, sight follows it."""
    run = run_situation(read_situation(SITUATION), lambda event: None)
    assert run.error == ""
    fire = [e["data"] for e in run.events if e["kind"] == "Fire"]
    assert [(f["firer"], f["target"], f["firepower"]) for f in fire] == [("V", "G", 4)]
    engine = fresh()
    units = engine.state.units
    with pytest.raises(IllegalCommand, match="Marines has no line of sight to Gunmen"):
        engine.apply(Fire("regular", unit="M", target="G"))
    assert not engine.los(units["G"], units["M"])
    assert engine.los(units["G"], units["V"])  # a vehicle does not hide itself
    drive_off(engine, 40.0)
    assert engine.los(units["G"], units["M"])  # the hull moved: the engine's cache followed


def test_r290_a_figure_above_the_street_sees_over_a_hull() -> None:
    engine = fresh()
    marines = engine.state.units["M"].position()
    gunmen = engine.state.units["G"].position()
    on_roof = UnitPosition(gunmen.id, gunmen.figures, elevation=1)
    assert not engine.terrain.line_of_sight(gunmen, marines)
    assert engine.terrain.line_of_sight(on_roof, marines)


def test_r291_a_hull_within_2_inches_is_in_the_line_of_fire() -> None:
    """Line of Fire (R291): the line 1.9" off the LVTP's bow passes more than 2" from its crew's
    bases but within 2" of its hull: the LVTP is in the line; a line through it is blocked."""
    engine = fresh()
    terrain = engine.terrain
    lvtp = engine.state.units["V"].position()
    south = UnitPosition("S", ((27.5, 34.0),))
    north = UnitPosition("N", ((27.5, 14.0),))
    assert terrain.units_in_line_of_fire(south, north, [lvtp]) == ["V"]
    found = terrain.geometry.line_of_fire(south, north, [lvtp])
    assert found.units_in_line == ("V",) and found.blocked_by is None
    assert line_of_fire(south, north, [lvtp]).units_in_line == ()  # the crew's bases alone
    through_w, through_e = UnitPosition("W", ((10.0, 24.2),)), UnitPosition("E", ((40.0, 24.6),))
    assert terrain.blocks_fire(through_w, through_e, [lvtp]) == "V"


def test_r292_an_armoured_hull_is_solid_cover_within_1_inch() -> None:
    """Cover Dice; Vehicle Rules (R292): the Marines 0.65" behind the LVTP are in Solid Cover
    and not Exposed; their Defense has the Solid Cover die; the crew is not covered by its
    own hull (its armour is its Defense, R213)."""
    engine = fresh()
    units = engine.state.units
    assert engine.defense(units["M"]).items == [
        ("3 figures", 3),
        ("In Cover", 1),
        ("Solid Cover", 1),
    ]
    assert engine.terrain.in_solid_cover(units["M"].position())
    assert not engine.terrain.is_exposed(units["M"].position())
    assert not engine.terrain.in_solid_cover(units["V"].position())
    drive_off(engine, 40.0)
    assert not engine.terrain.in_solid_cover(units["M"].position())
    assert engine.terrain.is_exposed(units["M"].position())
    assert engine.defense(units["M"]).items == [("3 figures", 3)]  # in the open: Exposed


def test_r292_an_unarmoured_softskin_hides_but_is_no_solid_cover() -> None:
    engine = fresh()
    rec = vehicles.record(engine.state, "V")
    assert rec is not None
    rec.type = "technical"
    vehicles.save(engine.state, "V", rec)
    marines = engine.state.units["M"].position()
    assert not engine.terrain.in_solid_cover(marines)
    assert not engine.terrain.is_exposed(marines)


def test_r293_a_wreck_hides_and_covers_but_is_in_no_line_of_fire() -> None:
    engine = fresh()
    engine.state.vehicles["V"]["damage"]["reliability"] = 0  # destroyed (R224)
    units = engine.state.units
    assert not engine.los(units["G"], units["M"])
    assert engine.terrain.in_solid_cover(units["M"].position())
    south = UnitPosition("S", ((27.5, 34.0),))
    north = UnitPosition("N", ((27.5, 14.0),))
    assert engine.terrain.units_in_line_of_fire(south, north, [units["V"].position()]) == []


def test_r290_a_hull_driven_off_the_table_is_gone() -> None:
    engine = fresh()
    engine.state.units["V"].status = "exited"
    units = engine.state.units
    assert engine.los(units["G"], units["M"])


def test_r290_the_one_figure_sight_probe_sees_the_hull_too() -> None:
    """The window's line-of-sight tool asks one ray (`figure_sees`): the hull blocks it too."""
    engine = fresh()
    geometry = engine.terrain.geometry
    engine.terrain.sync_hulls()
    assert not geometry.figure_sees((24.0, 14.0), 0, (24.0, 25.4), 0)
    assert geometry.figure_sees((24.0, 14.0), 1, (24.0, 25.4), 0)  # from a roof: over it
    assert geometry.figure_sees((24.0, 14.0), 0, (30.0, 25.4), 0)  # beside the hull

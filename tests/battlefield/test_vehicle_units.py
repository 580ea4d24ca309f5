"""A Tiled author places a vehicle (issue 20, R297): a `Unit` with a `vehicle` card and a
`facing` is a vehicle's crew, and a `Unit` with `aboard` rides in it from the start."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.battlefield.errors import MapError
from game.battlefield.loader import load_battlefield
from game.engine import vehicles
from game.engine.protocol import UnitStatus
from game.save import new_game

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "maps" / "loader"
ALPHA = """    <property name="quality" propertytype="QualityDie" value="d8"/>
   </properties>"""
BRAVO = """  <object id="90" name="Bravo" type="Unit" x="300" y="368">
   <properties>
    <property name="figures" value="leader, 3 rifle"/>
    <property name="aboard" value="{aboard}"/>
   </properties>
   <point/>
  </object>
"""


def variant(tmp_path: Path, aboard: str = "Alpha") -> Path:
    for name in ("ground.tsx", "ground.png"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    text = (FIXTURES / "minimal.tmx").read_text(encoding="utf-8")
    assert ALPHA in text
    text = text.replace(
        ALPHA,
        ALPHA.replace(
            "   </properties>",
            '    <property name="vehicle" propertytype="Vehicle" value="humvee"/>\n'
            '    <property name="facing" type="int" value="90"/>\n   </properties>',
        ),
        1,
    )
    text = text.replace('  <object id="19"', BRAVO.format(aboard=aboard) + '  <object id="19"', 1)
    path = tmp_path / "vehicles.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def test_r297_a_unit_placed_as_a_vehicle_loads_with_its_card_facing_and_passengers(
    tmp_path: Path,
) -> None:
    battlefield = load_battlefield(variant(tmp_path))
    units = {u.name: u for u in battlefield.units}
    assert (units["Alpha"].vehicle, units["Alpha"].facing) == ("humvee", 90)
    assert units["Bravo"].aboard == "Alpha" and units["Bravo"].vehicle == ""
    engine = new_game(str(variant(tmp_path)), "", 1)
    by_name = {u.name: u for u in engine.state.units.values()}
    rec = vehicles.record(engine.state, by_name["Alpha"].id)
    assert rec is not None and rec.type == "humvee" and rec.facing == 90.0
    assert rec.passengers == [by_name["Bravo"].id]
    assert by_name["Bravo"].status == UnitStatus.ABOARD


def test_r297_aboard_a_unit_that_is_no_vehicle_is_a_map_error(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="rides aboard 'Ambush', which is no vehicle Unit"):
        load_battlefield(variant(tmp_path, aboard="Ambush"))

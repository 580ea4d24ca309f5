"""A vehicle placed as a tile from the vehicle tileset (issue 20, R310): the tile is the Unit's
class and its properties (vehicle, side, crew), the picture's centre is the hull's, and its
rotation the facing."""

from __future__ import annotations

import shutil
from pathlib import Path

from game.battlefield.loader import load_battlefield, read_map
from game.client.vehicle_art import TILE_KINDS
from game.engine import vehicles
from game.engine.protocol import UnitStatus
from game.save import new_game

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "maps" / "loader"
FIRST = 100  # the vehicle tileset's firstgid in the fixture map
PASSENGERS = """  <object id="90" name="Bravo" type="Unit" x="300" y="100">
   <properties>
    <property name="figures" value="2 rifle"/>
    <property name="aboard" value="Gun truck"/>
   </properties>
   <point/>
  </object>
"""


def tile_map(
    tmp_path: Path,
    rotation: int = 90,
    extra: str = "",
    with_vehicle: bool = True,
    *,
    kind: str = "gun_truck",
    corner: tuple[int, int] = (320, 160),
    name: str = "Gun truck",
    riders: bool = True,
) -> Path:
    """The loader's minimal map with a gun truck inserted as a tile object: bottom-left corner
    at `corner` (px), turned `rotation` degrees clockwise about it (or none)."""
    maps = tmp_path / "maps"
    (tmp_path / "assets" / "tiles").mkdir(parents=True)
    maps.mkdir()
    for fixture in ("ground.tsx", "ground.png"):
        shutil.copy(FIXTURES / fixture, maps / fixture)
    shutil.copy(ROOT / "maps" / "vehicles.tsx", maps / "vehicles.tsx")
    shutil.copy(ROOT / "assets" / "tiles" / "vehicles.png", tmp_path / "assets" / "tiles")
    text = (FIXTURES / "minimal.tmx").read_text(encoding="utf-8")
    text = text.replace(
        ' <tileset firstgid="1" source="ground.tsx"/>',
        ' <tileset firstgid="1" source="ground.tsx"/>\n'
        f' <tileset firstgid="{FIRST}" source="vehicles.tsx"/>',
        1,
    )
    gid = FIRST + TILE_KINDS.index(kind)
    truck = (
        f'  <object id="91" name="{name}" gid="{gid}" x="{corner[0]}" y="{corner[1]}" '
        f'width="128" height="64" rotation="{rotation}">{extra}</object>\n'
    )
    passengers = PASSENGERS.replace("Gun truck", name) if riders else ""
    if with_vehicle:
        text = text.replace('  <object id="19"', truck + passengers + '  <object id="19"', 1)
    path = maps / "tiles.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def test_r310_a_vehicle_tile_is_a_unit_with_its_tiles_card_crew_and_facing(
    tmp_path: Path,
) -> None:
    path = tile_map(tmp_path)
    report = read_map(path)
    assert not report.errors, report.errors
    assert not [p for p in report.warnings if p.object_id in (90, 91)]  # nothing about them
    units = {u.name: u for u in load_battlefield(path).units}
    truck = units["Gun truck"]
    assert (truck.vehicle, truck.side.value, truck.facing) == ("gun_truck", "regular", 90)
    assert list(truck.figures) == ["rifle", "rifle"]  # its card's crew of two
    # the picture's centre: (64, -32) px from the corner, turned 90 degrees clockwise
    assert truck.position == (11.0, 7.0)
    engine = new_game(str(path), "", 1)
    by_name = {u.name: u for u in engine.state.units.values()}
    rec = vehicles.record(engine.state, by_name["Gun truck"].id)
    assert rec is not None and (rec.type, rec.facing) == ("gun_truck", 90.0)
    assert abs(rec.x - 11.0) <= 0.5 and abs(rec.y - 7.0) <= 0.5  # set up where it was placed
    assert by_name["Bravo"].status == UnitStatus.ABOARD


def test_r310_an_unturned_tile_faces_east_and_a_facing_property_is_warned(
    tmp_path: Path,
) -> None:
    facing = '<properties><property name="facing" type="int" value="180"/></properties>'
    path = tile_map(tmp_path, rotation=0, extra=facing)
    report = read_map(path)
    assert not report.errors
    assert any("faces the way the tile is rotated" in p.message for p in report.warnings)
    truck = next(u for u in load_battlefield(path).units if u.name == "Gun truck")
    assert truck.facing == 0 and truck.position == (12.0, 4.0)


def test_r310_the_map_guides_worked_example_an_lvtp_facing_north(tmp_path: Path) -> None:
    """maps/README.md, "Placing a vehicle from the vehicle tileset (worked example)"."""
    guide = (ROOT / "maps" / "README.md").read_text(encoding="utf-8")
    assert 'gid="204" x="320" y="352" width="128" height="64" rotation="270"' in guide
    assert TILE_KINDS.index("lvtp") == 4  # tile 4 of the tileset: gid 204 with firstgid 200
    path = tile_map(tmp_path, 270, kind="lvtp", corner=(320, 352), name="Amtrac")
    amtrac = next(u for u in load_battlefield(path).units if u.name == "Amtrac")
    assert (amtrac.vehicle, amtrac.facing, amtrac.position) == ("lvtp", 270, (9.0, 9.0))
    assert list(amtrac.figures) == ["rifle"] * 4


def test_r310_an_insurgent_technical_tile_is_warned_to_be_played_on_foot(tmp_path: Path) -> None:
    path = tile_map(tmp_path, 0, kind="technical", name="Technical", riders=False)
    report = read_map(path)
    assert not report.errors
    warned = [p.message for p in report.warnings if p.object_id == 91]
    assert warned == [
        "Unit 'Technical' is an Insurgent technical: a map's Insurgent Units are played on foot, "
        "so only its crew is placed (Insurgent vehicles enter play from cards)"
    ]
    technical = next(u for u in load_battlefield(path).units if u.name == "Technical")
    assert (technical.side.value, technical.vehicle) == ("insurgent", "technical")

"""What map authors expect from Tiled (issue 18, part 4): errors and warnings for maps that would
load wrongly or play wrongly, and Tiled features on layers the game does not read."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.battlefield.geometry import Geometry
from game.battlefield.loader import read_map
from game.battlefield.validate import main
from tests.battlefield.tiled_maps import FIVE_HOT_SPOTS, building, csv, hot_spot, point, write_map

DOOR_OF_20 = point(21, "Door", 128, 128)  # on the south wall of b20 (64..192 x 64..128)
TEMPLATE_AND_ELLIPSE = (
    ' <objectgroup id="9" name="notes">\n'
    '  <object id="90" name="well" x="200" y="200" width="40" height="40"><ellipse/></object>\n'
    '  <object id="91" template="tree.tx" x="300" y="100"/>\n'
    " </objectgroup>\n"
)


def messages(path: Path, severity: str = "error") -> list[str]:
    """The errors, or the warnings but those about hot spots in open ground (R49): the test
    maps have little terrain."""
    report = read_map(path)
    items = report.errors if severity == "error" else report.warnings
    return [p.message for p in items if "(R49)" not in p.message]


def test_a_tile_number_past_the_end_of_its_tileset_is_an_error(tmp_path: Path) -> None:
    # ground.tsx holds two tiles (numbers 1 and 2); a 3 at column 5, row 2 is past its end
    data = csv().split(",\n")
    row = data[2].split(",")
    row[5] = "3"
    data[2] = ",".join(row)
    report = read_map(write_map(tmp_path, ground=",\n".join(data)))
    assert report.battlefield is None
    assert [p.message for p in report.errors] == [
        "tile layer 'ground' uses tile 2 of tileset 'ground.tsx' (tile number 3), but that "
        "tileset has only 2 tiles; the tileset image may have been cropped or swapped: repaint "
        "those tiles in Tiled or restore the tileset (first at column 5, row 2)"
    ]


def test_flipped_tiles_are_inside_their_tileset(tmp_path: Path) -> None:
    flipped = 0x80000000 | 0x40000000 | 0x20000000 | 2  # tile 2, flipped all three ways
    report = read_map(write_map(tmp_path, ground=csv(flipped)))
    assert report.errors == ()


def test_a_tile_object_past_the_end_of_its_tileset_is_an_error(tmp_path: Path) -> None:
    decoration = (
        ' <objectgroup id="8" name="decoration">\n'
        '  <object id="80" name="car" gid="7" x="64" y="64" width="32" height="32"/>\n'
        " </objectgroup>\n"
    )
    report = read_map(write_map(tmp_path, after=decoration))
    assert [(p.object_id, p.message[:60]) for p in report.errors] == [
        (80, "tile object shows tile 6 of tileset 'ground.tsx' (tile numbe")
    ]


def test_a_zero_size_rectangle_says_so(tmp_path: Path) -> None:
    flat = building(20, 64, 64, 128, 0)
    report = read_map(write_map(tmp_path, terrain=flat))
    assert [(p.object_id, p.message) for p in report.errors] == [
        (
            20,
            "rectangle has zero size (128 x 0 pixels); drag it out to the piece's size, or draw "
            "a polygon",
        )
    ]
    # a point class drawn as a size-less rectangle (how Tiled before 1.1 saved points)
    old_point = '  <object id="22" name="door" type="Door" x="128" y="128"/>\n'
    report = read_map(write_map(tmp_path, terrain=building(20, 64, 64, 128, 64) + old_point))
    assert [p.message for p in report.errors] == [
        "a Door must be a point (Insert Point), not a rectangle of zero size"
    ]


def test_ellipses_and_templates_on_layers_the_game_does_not_read_are_accepted(
    tmp_path: Path,
) -> None:
    report = read_map(write_map(tmp_path, after=TEMPLATE_AND_ELLIPSE))
    assert report.errors == ()
    assert report.battlefield is not None
    # on the terrain layer they are still refused: the game would read them wrongly
    on_terrain = TEMPLATE_AND_ELLIPSE.replace(' <objectgroup id="9" name="notes">\n', "")
    on_terrain = on_terrain.replace(" </objectgroup>\n", "")
    errors = messages(write_map(tmp_path, terrain=on_terrain))
    assert any(e.startswith("ellipses are not supported") for e in errors)
    assert any(e.startswith("object uses a template") for e in errors)


def test_r156_regular_units_win_over_entry_edges_with_a_warning(tmp_path: Path) -> None:
    unit = point(30, "Unit", 256, 300, '<property name="figures" value="leader, 3 rifle"/>')
    warnings = messages(write_map(tmp_path, markers=FIVE_HOT_SPOTS + unit), "warning")
    assert warnings == [
        "the map gives both entry_edges and 1 Regular Unit(s): the Regulars start on their "
        "Units, and entry_edges only marks the edge (R156); remove one of them to make your "
        "intent plain"
    ]
    # an Insurgent unit does not compete with the Regulars' entry edge
    insurgents = unit.replace(
        "<properties>", '<properties><property name="side" value="insurgent"/>'
    )
    assert messages(write_map(tmp_path, markers=FIVE_HOT_SPOTS + insurgents), "warning") == []


def test_r157_a_hot_spot_inside_a_building_without_a_door_is_a_warning(tmp_path: Path) -> None:
    # hot spot 2 stands at (9", 5"); a doorless building around it shuts it in
    shut = building(20, 256, 128, 96, 64)
    report = read_map(write_map(tmp_path, terrain=shut))
    assert report.battlefield is not None
    assert [(p.object_id, p.message) for p in report.warnings if "(R49)" not in p.message] == [
        (20, "building has no door, so nobody can enter it (R32)"),
        (
            102,
            'hot spot 2 is inside building 20 "b20", which has no door: Insurgents arriving '
            "there could never leave it, nor Regulars get in to neutralize it (R157); add a Door "
            "on its outline or move the hot spot",
        ),
    ]
    # with a door on its outline the hot spot is simply in a building
    door = point(21, "Door", 288, 192)
    assert messages(write_map(tmp_path, terrain=shut + door), "warning") == []


def test_r158_a_hot_spot_without_a_number_is_number_1(tmp_path: Path) -> None:
    unnumbered = (
        '  <object id="101" name="hs" type="HotSpot" x="32" y="32">\n   <point/>\n  </object>\n'
    )
    numbered = "".join(
        hot_spot(100 + n, n, x, y)
        for n, (x, y) in zip(
            range(2, 6), [(288, 160), (480, 96), (96, 352), (448, 352)], strict=True
        )
    )
    report = read_map(write_map(tmp_path, markers=unnumbered + numbered))
    assert report.battlefield is not None
    assert (report.battlefield.hot_spots[0].number, report.battlefield.hot_spots[0].id) == (1, 101)


@pytest.mark.parametrize("rotation", [90, 30])
def test_rotated_zone_is_read_rotated(tmp_path: Path, rotation: int) -> None:
    # a sanity pin for the preview tests: the loader turns shapes clockwise about x, y
    zone = (
        f'  <object id="40" name="z" type="Zone" x="256" y="64" width="64" height="32" '
        f'rotation="{rotation}"/>\n'
    )
    report = read_map(write_map(tmp_path, markers=FIVE_HOT_SPOTS + zone))
    assert report.battlefield is not None
    outline = report.battlefield.zones[0].outline
    assert (8.0, 2.0) in outline
    if rotation == 90:
        assert set(outline) == {(8.0, 2.0), (8.0, 4.0), (7.0, 4.0), (7.0, 2.0)}


EDGES = (
    '<property name="entry_edges" propertytype="Edge" value="south"/>'
    '<property name="exit_edges" propertytype="Edge" value="north"/>'
)


def high_wall(oid: int, x0: float, x1: float, y: float) -> str:
    return (
        f'  <object id="{oid}" name="wall{oid}" type="HighWall" x="{x0}" y="{y}">\n'
        f'   <polyline points="0,0 {x1 - x0},0"/>\n  </object>\n'
    )


def test_r155_an_exit_cut_off_by_a_high_wall_is_a_warning(tmp_path: Path) -> None:
    across = high_wall(50, 0, 512, 192)  # from the west edge to the east edge at 6"
    report = read_map(write_map(tmp_path, terrain=across, properties=EDGES))
    assert report.battlefield is not None  # legal, only unplayable: a warning, not an error
    assert [w.message for w in report.warnings if "(R155)" in w.message] == [
        "exit edge north cannot be reached from where the Regulars start (entry edge south): a "
        "high wall, impassable terrain or a building without doors cuts it off (R155); leave a "
        'gap wider than a base (0.75") or add a door'
    ]
    # a 1" gap at the east end lets a 3/4" base through; a 1/4" one does not (the game keeps
    # the centre of a base on the table, not all of it)
    assert not any(
        "(R155)" in m
        for m in messages(
            write_map(tmp_path, terrain=high_wall(50, 0, 480, 192), properties=EDGES), "warning"
        )
    )
    assert any(
        "(R155)" in m
        for m in messages(
            write_map(tmp_path, terrain=high_wall(50, 0, 504, 192), properties=EDGES), "warning"
        )
    )
    # loading for play never runs the route check (warnings do not stop a game)
    assert not any(
        "(R155)" in p.message
        for p in read_map(
            write_map(tmp_path, terrain=across, properties=EDGES), play_checks=False
        ).warnings
    )


def test_r155_an_objective_in_a_building_without_a_door_is_a_warning(tmp_path: Path) -> None:
    house = building(20, 64, 64, 128, 64)  # 2"..6" x 2"..4"
    target = point(60, "Objective", 128, 96)  # its middle
    report = read_map(write_map(tmp_path, terrain=house, markers=FIVE_HOT_SPOTS + target))
    reach = [(w.object_id, w.message[:48]) for w in report.warnings if "(R155)" in w.message]
    assert reach == [(60, "Objective cannot be reached from where the Regul")]
    with_door = house + DOOR_OF_20
    assert not any(
        "(R155)" in m
        for m in messages(
            write_map(tmp_path, terrain=with_door, markers=FIVE_HOT_SPOTS + target), "warning"
        )
    )


def test_r155_the_validator_prints_the_route_warning(tmp_path: Path) -> None:
    path = write_map(tmp_path, terrain=high_wall(50, 0, 512, 192), properties=EDGES)
    out, err = io.StringIO(), io.StringIO()
    assert main([str(path)], out, err) == 0
    assert any(
        line.startswith("warning: ") and "exit edge north cannot be reached" in line
        for line in out.getvalue().splitlines()
    )


EXAMPLE = Path(__file__).resolve().parents[2] / "maps" / "market-square.tmx"


def test_the_hand_made_example_map_is_clean_and_uses_what_tiled_offers() -> None:
    """maps/market-square.tmx, written as Tiled saves a map (not by tools/build_maps.py)."""
    report = read_map(EXAMPLE)
    assert report.errors == () and report.warnings == ()
    bf = report.battlefield
    assert bf is not None and bf.title == "Market Square" and bf.scenario == ""
    kiosk = next(b for b in bf.buildings if b.name == "kiosk")
    # 48 x 32 pixels at (544, 160) turned 30 degrees clockwise; its hatch is on the turned edge
    assert (17.0, 5.0) in kiosk.outline
    assert any(abs(x - 18.299) < 1e-3 and abs(y - 5.75) < 1e-3 for x, y in kiosk.outline)
    assert [d.name for d in kiosk.doors] == ["kiosk hatch"]
    warehouse = next(b for b in bf.buildings if b.name == "warehouse")
    assert len(warehouse.outline) == 6 and len(warehouse.doors) == 2  # an L-shaped polygon
    assert {(b.name, len(b.doors)) for b in bf.buildings if b.name in ("bakery", "pharmacy")} == {
        ("bakery", 1),
        ("pharmacy", 1),
    }  # side by side, sharing a wall, each door set to its building
    text = EXAMPLE.read_text(encoding="utf-8")
    for feature in ('class="AmbushAlleyMap"', "<group ", 'opacity="0.6"', "gid=", "<ellipse/>"):
        assert feature in text


def test_r159_a_door_on_a_shared_wall_leads_nowhere_and_says_so(tmp_path: Path) -> None:
    # two shops side by side (2"..5" and 5"..8" x 2"..5"); each has a street door
    shops = building(20, 64, 64, 96, 96) + building(21, 160, 64, 96, 96)
    shops += point(23, "Door", 112, 160) + point(24, "Door", 208, 160)
    assert messages(write_map(tmp_path, terrain=shops), "warning") == []
    shared = point(22, "Door", 160, 112, '<property name="building" type="object" value="21"/>')
    report = read_map(write_map(tmp_path, terrain=shops + shared))
    assert [(w.object_id, w.message) for w in report.warnings if "(R159)" in w.message] == [
        (
            22,
            'door of building 21 "b21" is on the wall it shares with building 20 "b20": it opens '
            "only its own wall and the other still stands, so it leads nowhere (R159); put doors "
            "on outside walls, or draw the two as one building",
        )
    ]
    # what the warning says is what the game's movement does: no way through the shared wall
    assert report.battlefield is not None
    geometry = Geometry(report.battlefield)
    inside_20, inside_21 = (3.5, 3.5), (6.5, 3.5)
    route = geometry.path(inside_20, inside_21)
    assert route is not None and all(y > 5.0 for _x, y in route.points[1:-1])  # via the street


def test_a_tile_missing_from_an_image_collection_tileset_is_an_error(tmp_path: Path) -> None:
    collection = (
        '<tileset firstgid="3" name="props" tilewidth="32" tileheight="32" tilecount="2" '
        'columns="0">\n <grid orientation="orthogonal" width="1" height="1"/>\n'
        ' <tile id="0"><image source="ground.png" width="64" height="32"/></tile>\n'
        ' <tile id="4"><image source="ground.png" width="64" height="32"/></tile>\n</tileset>\n'
    )
    props = (
        ' <objectgroup id="8" name="props">\n'
        '  <object id="80" name="ok" gid="7" x="64" y="64" width="64" height="32"/>\n'
        '  <object id="81" name="gone" gid="4" x="64" y="128" width="64" height="32"/>\n'
        " </objectgroup>\n"
    )
    path = write_map(tmp_path, after=props)
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            ' <layer id="1"', " " + collection + ' <layer id="1"'
        ),
        encoding="utf-8",
    )
    report = read_map(path)
    assert [(p.object_id, p.message[:62]) for p in report.errors] == [
        (81, "tile object shows tile 1 of tileset 'props' (tile number 4), b")
    ]
    assert "has no tile 1" in report.errors[0].message


def test_r155_the_route_check_is_skipped_with_a_warning_on_crowded_maps(tmp_path: Path) -> None:
    # 101 small sheds of 4 corners each: more than the 400 corners the check accepts
    sheds = "".join(
        building(300 + i, (i % 16) * 32 + 8, (i // 16) * 32 + 8, 16, 16) for i in range(101)
    )
    report = read_map(write_map(tmp_path, terrain=sheds, properties=EDGES))
    assert report.battlefield is not None
    assert [w.message for w in report.warnings if "(R155)" in w.message] == [
        "the map has 404 corners of walls, buildings and impassable pieces (more than 400), too "
        "many to check that every exit and objective can be reached (R155); play-test it"
    ]

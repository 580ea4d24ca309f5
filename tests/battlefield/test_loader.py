"""The Tiled loader: exact conversions to inches, defaults, doors, dialects, and robustness."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.battlefield import map_checks
from game.battlefield.errors import MapError
from game.battlefield.loader import load_battlefield, read_map
from game.battlefield.map_format import (
    ENUMS,
    MAP_CLASS,
    MAP_PROPERTIES,
    OBJECT_CLASSES,
    parse_figures,
)
from game.battlefield.model import AreaKind, Battlefield, Edge, Side, WallHeight
from game.battlefield.tmx_checks import reserved_property_names

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "maps" / "loader"
MINIMAL = FIXTURES / "minimal.tmx"


@pytest.fixture(scope="module")
def minimal() -> Battlefield:
    return load_battlefield(MINIMAL)


@pytest.fixture(scope="module")
def scaled() -> Battlefield:
    return load_battlefield(FIXTURES / "scaled_defaults.tmx")


def _by_name(items: tuple, name: str):  # type: ignore[no-untyped-def, type-arg]
    matches = [item for item in items if item.name == name]
    assert len(matches) == 1, f"{name!r} not found once in {items!r}"
    return matches[0]


def test_map_size_scale_and_properties(minimal: Battlefield) -> None:
    assert (minimal.width, minimal.height, minimal.pixels_per_inch) == (16.0, 12.0, 32.0)
    assert minimal.title == "Loader fixture"
    assert minimal.entry_edges == (Edge.SOUTH,)
    assert minimal.exit_edges == ()
    assert minimal.turns == 8
    assert minimal.insurgency_level == "4"  # default for a custom map
    assert minimal.scenario == ""


def test_rectangle_64x32_at_32_64_is_exact_outline_in_inches(minimal: Battlefield) -> None:
    shop = _by_name(minimal.buildings, "shop")
    assert shop.outline == ((1.0, 2.0), (3.0, 2.0), (3.0, 3.0), (1.0, 3.0))
    assert shop.storeys == 2
    assert shop.label == "the shop"


def test_polygon_points_are_absolute_and_in_inches(minimal: Battlefield) -> None:
    house = _by_name(minimal.buildings, "house")
    assert house.outline == ((8.0, 2.0), (11.0, 2.0), (11.0, 4.0), (8.0, 4.0))


def test_rotated_rectangle_turns_clockwise_about_its_origin(minimal: Battlefield) -> None:
    rubble = _by_name(minimal.areas, "rubble")
    assert rubble.outline == ((2.0, 9.0), (2.0, 11.0), (1.0, 11.0), (1.0, 9.0))
    assert (rubble.kind, rubble.blocks_los, rubble.blocks_movement, rubble.solid_cover) == (
        AreaKind.RUBBLE,
        False,
        False,
        True,
    )


def test_polyline_wall_stays_open_and_rectangle_wall_is_closed(minimal: Battlefield) -> None:
    garden = _by_name(minimal.walls, "garden wall")
    assert garden.points == ((1.0, 6.0), (5.0, 6.0), (5.0, 8.0))
    assert (garden.closed, garden.height) == (False, WallHeight.LOW)
    compound = _by_name(minimal.walls, "compound wall")
    assert compound.points == ((12.0, 8.0), (15.0, 8.0), (15.0, 8.5), (12.0, 8.5))
    assert (compound.closed, compound.height) == (True, WallHeight.HIGH)


def test_r46_door_resolved_by_property_and_by_proximity(minimal: Battlefield) -> None:
    shop = _by_name(minimal.buildings, "shop")
    house = _by_name(minimal.buildings, "house")
    assert [(d.name, d.position, d.building_id) for d in shop.doors] == [
        ("shop door", (2.0, 3.0), 1)
    ]
    # 0.125" east of the house's east wall: within the 0.25" tolerance (R46)
    assert [(d.name, d.position, d.building_id) for d in house.doors] == [
        ("house door", (11.125, 3.0), 3)
    ]


def test_explicit_property_values_override_defaults(minimal: Battlefield) -> None:
    canal = _by_name(minimal.areas, "canal")
    assert (canal.kind, canal.blocks_los, canal.blocks_movement) == (
        AreaKind.IMPASSABLE,
        False,
        True,
    )
    zone = _by_name(minimal.zones, "deployment")
    assert (zone.role, zone.side) == ("deploy", Side.REGULAR)
    alpha = _by_name(minimal.units, "Alpha")
    assert alpha.figures == ("leader", "rifle", "rifle", "saw")
    assert (alpha.side, alpha.quality, alpha.morale, alpha.position) == (
        Side.REGULAR,
        "d8",
        "d10",
        (8.0, 11.5),
    )
    ambush = _by_name(minimal.markers, "ambush")
    assert (ambush.kind, ambush.properties) == ("StartPosition", {"number": 1, "side": "insurgent"})


def test_hot_spots_are_sorted_by_number_with_positions(minimal: Battlefield) -> None:
    assert [(h.number, h.position) for h in minimal.hot_spots] == [
        (1, (1.0, 1.0)),
        (2, (9.0, 5.0)),
        (3, (15.0, 3.0)),
        (4, (3.0, 11.0)),
        (5, (14.0, 11.0)),
    ]


def test_r47_scale_comes_from_pixels_per_inch(scaled: Battlefield) -> None:
    assert (scaled.width, scaled.height, scaled.pixels_per_inch) == (24.0, 16.0, 16.0)
    block = _by_name(scaled.buildings, "block")
    assert block.outline == ((2.0, 4.0), (6.0, 4.0), (6.0, 6.0), (2.0, 6.0))


def test_defaults_are_applied_when_tiled_wrote_no_property(scaled: Battlefield) -> None:
    block = _by_name(scaled.buildings, "block")
    assert (block.storeys, block.roof_access, block.label) == (1, True, "")
    crater = _by_name(scaled.areas, "crater")
    assert crater.blocks_los is True  # Impassable blocks LOS unless the map says otherwise
    landing = _by_name(scaled.zones, "landing")
    assert (landing.role, landing.side) == ("deploy", None)
    (unit,) = scaled.units
    assert (unit.side, unit.quality, unit.morale, unit.name) == (
        Side.REGULAR,
        None,
        None,
        "Unit 11",
    )
    assert scaled.title == "scaled_defaults"  # no title property: the file name
    assert scaled.turns == 10  # R31 default


def test_counter_clockwise_polygon_is_listed_clockwise(scaled: Battlefield) -> None:
    heap = _by_name(scaled.areas, "heap")
    assert heap.outline == ((18.0, 4.0), (20.0, 4.0), (20.0, 6.0), (18.0, 6.0))


def test_known_class_on_an_unread_layer_is_ignored_with_a_warning() -> None:
    report = read_map(FIXTURES / "scaled_defaults.tmx")
    assert report.battlefield is not None
    assert [b.name for b in report.battlefield.buildings] == ["block"]
    assert any(
        w.object_id == 30 and "layer 'notes'" in w.message and "does not read" in w.message
        for w in report.warnings
    )


def test_tiled_1_9_class_attribute_loads_like_1_10_type(minimal: Battlefield) -> None:
    old = load_battlefield(FIXTURES / "tiled19.tmx")
    assert dataclasses.replace(old, path=minimal.path) == minimal


def test_map_error_carries_every_problem_with_file_and_object() -> None:
    broken = ROOT / "tests" / "maps" / "broken" / "duplicate_hot_spot.tmx"
    with pytest.raises(MapError) as caught:
        load_battlefield(broken)
    problems = caught.value.problems
    assert len(problems) == 2
    assert str(problems[0]).startswith("error: ")
    assert "hot spot number 2 is used twice" in problems[0].message
    assert problems[0].object_id == 12
    assert problems[0].path.endswith("tests/maps/broken/duplicate_hot_spot.tmx")
    assert "hot spot 3 is missing" in problems[1].message
    assert str(caught.value) == str(problems[0])


def test_missing_file_is_a_map_error_not_an_oserror(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="file not found"):
        load_battlefield(tmp_path / "nothing.tmx")


def test_directory_is_a_map_error(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="folder"):
        load_battlefield(tmp_path)


@pytest.mark.parametrize(
    ("text", "figures"),
    [
        ("leader, 2 rifle, rgl, saw", ("leader", "rifle", "rifle", "rgl", "saw")),
        ("Leader,3 RIFLE", ("leader", "rifle", "rifle", "rifle")),
        ("sniper", ("sniper",)),
    ],
)
def test_r48_figures_strings_parse(text: str, figures: tuple[str, ...]) -> None:
    assert parse_figures(text) == figures


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("", "empty"),
        ("leader,, rifle", "is not"),
        ("2 bazooka", "unknown kind 'bazooka'"),
        ("0 rifle", "below 1"),
        ("31 rifle", "more than 30"),
        ("rifle x2", "is not"),
    ],
)
def test_r48_bad_figures_strings_are_explained(text: str, phrase: str) -> None:
    with pytest.raises(ValueError, match=phrase):
        parse_figures(text)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.text(max_size=40))
def test_figures_parser_only_ever_raises_value_error(text: str) -> None:
    try:
        figures = parse_figures(text)
    except ValueError:
        return
    assert 1 <= len(figures) <= 30


def _mutations(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    choice = rng.randrange(4)
    if choice == 0:
        cut = rng.randrange(len(data))
        return f"truncated at {cut}", data[:cut]
    if choice == 1:
        mutated = bytearray(data)
        spots = [rng.randrange(len(data)) for _ in range(rng.randint(1, 8))]
        for spot in spots:
            mutated[spot] = rng.randrange(256)
        return f"bytes changed at {spots}", bytes(mutated)
    if choice == 2:
        spot = rng.randrange(len(data))
        junk = bytes(rng.choice(b'<>"=&;/ 0123456789-.,ex') for _ in range(rng.randint(1, 6)))
        return f"{junk!r} inserted at {spot}", data[:spot] + junk + data[spot:]
    start = rng.randrange(len(data))
    end = min(len(data), start + rng.randint(1, 200))
    return f"bytes {start}:{end} deleted", data[:start] + data[end:]


def test_fuzzed_maps_load_or_raise_map_error_only(tmp_path: Path) -> None:
    """Seeded mutations of a valid map and its tileset: never anything but a MapError."""
    for name in ("ground.tsx", "ground.png"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    original_map = MINIMAL.read_bytes()
    original_tsx = (FIXTURES / "ground.tsx").read_bytes()
    rng = random.Random(20261122)
    outcomes = {"loaded": 0, "rejected": 0}
    for case in range(200):
        target = "ground.tsx" if case % 5 == 4 else "case.tmx"
        source = original_tsx if target == "ground.tsx" else original_map
        how, mutated = _mutations(source, rng)
        (tmp_path / "case.tmx").write_bytes(original_map)
        (tmp_path / "ground.tsx").write_bytes(original_tsx)
        (tmp_path / target).write_bytes(mutated)
        try:
            load_battlefield(tmp_path / "case.tmx")
            outcomes["loaded"] += 1
        except MapError as exc:
            outcomes["rejected"] += 1
            for problem in exc.problems:
                assert "internal error" not in problem.message, f"case {case} ({how}): {problem}"
                assert str(problem).startswith("error: "), f"case {case} ({how}): {problem}"
        except Exception as exc:  # the point of the test: nothing else may escape
            pytest.fail(f"case {case}, {target} {how}: {type(exc).__name__}: {exc}")
    assert outcomes["rejected"] > 50  # the mutations do break maps
    assert outcomes["loaded"] > 0  # and some (a changed name, a moved object) still load


def _project() -> dict:  # type: ignore[type-arg]
    data = json.loads((ROOT / "maps" / "ambush-alley.tiled-project").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_tiled_project_declares_every_class_with_the_loaders_properties() -> None:
    project = _project()
    assert project["compatibilityVersion"] >= 1100
    assert project["folders"] == ["."]
    types = {t["name"]: t for t in project["propertyTypes"]}
    assert len(types) == len(project["propertyTypes"])  # no name declared twice
    ids = [t["id"] for t in project["propertyTypes"]]
    assert len(set(ids)) == len(ids)
    for name, spec in OBJECT_CLASSES.items():
        declared = types[name]
        # a Unit is also a tile's class: the vehicle tileset's tiles are Units (R310)
        use_as = ["object", "tile"] if name == "Unit" else ["object"]
        assert (declared["type"], declared["useAs"]) == ("class", use_as), name
        members = {m["name"]: m for m in declared["members"]}
        assert set(members) == {p.name for p in spec.properties}, name
        for prop in spec.properties:
            member = members[prop.name]
            assert (member["type"], member["value"]) == (prop.kind, prop.default), (name, prop)
            assert member.get("propertyType") == prop.enum, (name, prop)
    map_class = types[MAP_CLASS]
    assert map_class["useAs"] == ["map"]
    assert {m["name"]: (m["type"], m["value"]) for m in map_class["members"]} == {
        p.name: (p.kind, p.default) for p in MAP_PROPERTIES
    }


def test_tiled_project_enums_match_the_loader() -> None:
    types = {t["name"]: t for t in _project()["propertyTypes"]}
    for name, values in ENUMS.items():
        declared = types[name]
        assert (declared["type"], declared["storageType"]) == ("enum", "string")
        assert tuple(declared["values"]) == values
    assert types["Edge"]["valuesAsFlags"] is True  # entry_edges lists several edges
    assert types["Side"]["valuesAsFlags"] is False


def test_no_property_of_the_format_is_refused_by_pytmx() -> None:
    reserved = reserved_property_names()
    assert {"map", "object"} <= set(reserved)  # read from pytmx itself, not only the fallback
    assert "apply_transformations" in reserved["object"]  # a method: pytmx refuses it too
    for spec in OBJECT_CLASSES.values():
        assert not {p.name for p in spec.properties} & reserved["object"], spec.name
    assert not {p.name for p in MAP_PROPERTIES} & reserved["map"]


def _variant(tmp_path: Path, edit: Callable[[str], str], source: Path = MINIMAL) -> Path:
    """A copy of a fixture map with one textual change, beside its tileset."""
    for name in ("ground.tsx", "ground.png"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    text = source.read_text(encoding="utf-8")
    changed = edit(text)
    assert changed != text
    (tmp_path / "variant.tmx").write_text(changed, encoding="utf-8")
    return tmp_path / "variant.tmx"


def _with_map_property(name: str, value: str) -> Callable[[str], str]:
    def edit(text: str) -> str:
        return text.replace(
            " <properties>\n", f' <properties>\n  <property name="{name}" value="{value}"/>\n', 1
        )

    return edit


def test_r47_table_of_exactly_96_inches_loads_and_larger_is_refused(tmp_path: Path) -> None:
    # the scaled fixture is 12 x 8 tiles of 32 px = 384 x 256 px; at 4 px per inch: 96" x 64"
    scaled = FIXTURES / "scaled_defaults.tmx"

    def scale(ppi: str) -> Callable[[str], str]:
        return lambda text: text.replace(
            'name="pixels_per_inch" type="float" value="16"',
            f'name="pixels_per_inch" type="float" value="{ppi}"',
        )

    bf = load_battlefield(_variant(tmp_path, scale("4"), scaled))
    assert (bf.width, bf.height) == (96.0, 64.0)
    with pytest.raises(
        MapError, match=re.escape('the table is 96.24" x 64.16", larger than 96" x 96"')
    ):
        load_battlefield(_variant(tmp_path, scale("3.99"), scaled))


def _move_hot_spot_2(x_px: float, y_px: float) -> Callable[[str], str]:
    def edit(text: str) -> str:
        return text.replace(
            'name="hs2" type="HotSpot" x="288" y="160"',
            f'name="hs2" type="HotSpot" x="{x_px}" y="{y_px}"',
        )

    return edit


def test_r45_hot_spots_exactly_6_inches_apart_are_allowed(tmp_path: Path) -> None:
    # hot spot 1 stands at (1", 1"): put hot spot 2 at (7", 1"), then a hair closer
    bf = load_battlefield(_variant(tmp_path, _move_hot_spot_2(224, 32)))
    assert bf.hot_spots[1].position == (7.0, 1.0)
    with pytest.raises(MapError, match=r'hot spots 1 and 2 are closer than 6" \(5.97" apart\)'):
        load_battlefield(_variant(tmp_path, _move_hot_spot_2(223, 32)))


def _without_hot_spots(numbers: str) -> Callable[[str], str]:
    pattern = rf'  <object id="1[{numbers}]" name="hs\d".*?</object>\n'
    return lambda text: re.sub(pattern, "", text, flags=re.S)


def test_r45_a_map_has_all_five_hot_spots_or_none(tmp_path: Path) -> None:
    def scenario_without_hot_spots(text: str) -> str:
        return _without_hot_spots("1-5")(_with_map_property("scenario", "turkey-shoot")(text))

    report = read_map(_variant(tmp_path, scenario_without_hot_spots))
    assert report.battlefield is not None
    assert (report.battlefield.scenario, report.battlefield.hot_spots) == ("turkey-shoot", ())
    assert report.warnings == ()
    # a custom map without hot spots loads too: the game places them (R79), with a warning
    report = read_map(_variant(tmp_path, _without_hot_spots("1-5")))
    assert report.battlefield is not None
    # (the fixture also gives both entry_edges and a Regular Unit, which R156 warns about)
    assert [w.message for w in report.warnings if "(R156)" not in w.message] == [
        "the map has no hot spots, so the game will place five when it starts (R45, R79); "
        "HotSpot markers 1 to 5 placed by hand play better"
    ]
    # but never a partial set, scenario or not
    with pytest.raises(MapError, match="hot spot 5 is missing"):
        load_battlefield(_variant(tmp_path, _without_hot_spots("5")))
    with pytest.raises(MapError, match="hot spots 2, 3 and 5 are missing"):
        load_battlefield(
            _variant(
                tmp_path,
                lambda t: _without_hot_spots("235")(
                    _with_map_property("scenario", "turkey-shoot")(t)
                ),
            )
        )


def test_r49_hot_spot_in_open_ground_is_only_a_warning() -> None:
    # hot spots 1-3 stand within 3" of a building, crater or rubble heap; 4 and 5 do not
    report = read_map(FIXTURES / "scaled_defaults.tmx")
    assert report.battlefield is not None
    open_ground = [w.object_id for w in report.warnings if "open ground" in w.message]
    assert open_ground == [23, 24]
    assert report.warnings[1].message == (
        'hot spot 4 stands in open ground, more than 3" from any building, wall or cover (R49)'
    )


def test_rotated_polygon_turns_about_its_origin(tmp_path: Path) -> None:
    def rotate_house(text: str) -> str:
        text = text.replace(
            'name="house" type="Building" x="256" y="64">',
            'name="house" type="Building" x="256" y="64" rotation="90">',
        )
        # its door moves to the rotated west wall, x = 6"
        return text.replace('type="Door" x="356" y="96"', 'type="Door" x="192" y="96"')

    bf = load_battlefield(_variant(tmp_path, rotate_house))
    house = _by_name(bf.buildings, "house")
    assert house.outline == ((8.0, 2.0), (8.0, 5.0), (6.0, 5.0), (6.0, 2.0))
    assert [d.position for d in house.doors] == [(6.0, 3.0)]


def test_embedded_tileset_collision_shapes_are_not_map_objects(tmp_path: Path) -> None:
    embedded = (
        '<tileset firstgid="1" name="ground" tilewidth="32" tileheight="32" tilecount="2" '
        'columns="2">\n  <image source="ground.png" width="64" height="32"/>\n'
        '  <tile id="0"><objectgroup draworder="index" id="2">'
        '<object id="1" type="Building" x="0" y="0" width="32" height="32"/>'
        "</objectgroup></tile>\n </tileset>"
    )
    path = _variant(
        tmp_path, lambda t: t.replace('<tileset firstgid="1" source="ground.tsx"/>', embedded)
    )
    report = read_map(path)
    assert report.battlefield is not None
    assert [b.name for b in report.battlefield.buildings] == ["shop", "house"]
    assert report.battlefield.buildings[0].outline == (
        (1.0, 2.0),
        (3.0, 2.0),
        (3.0, 3.0),
        (1.0, 3.0),
    )
    assert [w.message for w in report.warnings if "(R156)" not in w.message] == [
        "embedded tileset 'ground' has tile collision shapes, which pytmx mixes into the map's "
        "objects; export it to a .tsx (Tileset > Export Tileset As)"
    ]


def test_tile_and_text_objects_cannot_be_terrain(tmp_path: Path) -> None:
    def add_objects(text: str) -> str:
        return text.replace(
            ' </objectgroup>\n <objectgroup id="3" name="markers">',
            '  <object id="30" name="car" type="Wreck" gid="1" x="300" y="232" width="32" '
            'height="32"/>\n'
            '  <object id="31" name="sign" type="Cover" x="300" y="300" width="40" height="20">'
            "<text>Market</text></object>\n"
            ' </objectgroup>\n <objectgroup id="3" name="markers">',
        )

    report = read_map(_variant(tmp_path, add_objects))
    assert [(e.object_id, e.message) for e in report.errors] == [
        (30, "a Wreck must be a rectangle or a polygon, not a tile object"),
        (31, "a Cover must be a rectangle or a polygon, not a text object"),
    ]


def test_fractional_layer_offset_is_named_as_a_pytmx_limit(tmp_path: Path) -> None:
    path = _variant(
        tmp_path,
        lambda t: t.replace(
            '<layer id="1" name="ground"', '<layer id="1" name="ground" offsetx="0.5"'
        ),
    )
    report = read_map(path)
    assert [e.message for e in report.errors] == [
        "layer 'ground' has a fractional offset (offsetx=0.5), which pytmx cannot read; "
        "use whole pixels or 0"
    ]


def test_game_layer_that_is_a_tile_layer_is_explained(tmp_path: Path) -> None:
    def rename(text: str) -> str:
        text = text.replace('<layer id="1" name="ground"', '<layer id="1" name="markers"')
        return text.replace('<objectgroup id="3" name="markers">', '<objectgroup id="3" name="m">')

    report = read_map(_variant(tmp_path, rename))
    assert report.errors[0].message == (
        "the map has no object layer named 'markers' (required, even if empty) "
        "('markers' is a tile or image layer; it must be an object layer)"
    )


@pytest.mark.parametrize(
    ("other", "overlap"),
    [
        (((3.0, 2.0), (5.0, 2.0), (5.0, 3.0), (3.0, 3.0)), False),  # shares the east wall
        (((3.0, 3.0), (4.0, 3.0), (4.0, 4.0), (3.0, 4.0)), False),  # touches a corner
        (((2.0, 1.0), (2.5, 1.0), (2.5, 4.0), (2.0, 4.0)), True),  # crosses like a plus sign
        (((1.5, 2.2), (2.5, 2.2), (2.5, 2.8), (1.5, 2.8)), True),  # wholly inside
        (((1.0, 2.0), (3.0, 2.0), (3.0, 3.0), (1.0, 3.0)), True),  # the same footprint twice
    ],
)
def test_overlapping_buildings_are_found_but_shared_walls_are_fine(
    other: tuple[tuple[float, float], ...], overlap: bool
) -> None:
    shop = ((1.0, 2.0), (3.0, 2.0), (3.0, 3.0), (1.0, 3.0))
    assert map_checks.outlines_overlap(shop, other) is overlap
    assert map_checks.outlines_overlap(other, shop) is overlap


def test_overlapping_buildings_get_a_warning(tmp_path: Path) -> None:
    def add_overlap(text: str) -> str:
        return text.replace(
            ' </objectgroup>\n <objectgroup id="3" name="markers">',
            '  <object id="30" name="annex" type="Building" x="48" y="72" width="32" '
            'height="16"/>\n'
            ' </objectgroup>\n <objectgroup id="3" name="markers">',
        )

    report = read_map(_variant(tmp_path, add_overlap))
    assert report.errors == ()
    overlaps = [w for w in report.warnings if "overlap" in w.message]
    assert [(w.object_id, w.message) for w in overlaps] == [
        (
            30,
            'buildings 1 "shop" and 30 "annex" overlap; draw them side by side '
            "(sharing a wall is fine)",
        )
    ]

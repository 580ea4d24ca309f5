"""Write the broken-map corpus: one small .tmx per problem the validator must catch.

Run from the repository root: `python tests/maps/broken/make_broken.py`. The files are committed;
this script only documents how each one differs from a valid map. The expected error phrase for
each file lives in tests/battlefield/test_validate_map.py.
"""

from __future__ import annotations

import math
from pathlib import Path

HERE = Path(__file__).resolve().parent

HOT_SPOTS = [(1, 32, 32), (2, 288, 160), (3, 480, 96), (4, 96, 352), (5, 448, 352)]


def csv(width: int = 16, height: int = 12) -> str:
    return ",\n".join(",".join("1" for _ in range(width)) for _ in range(height))


def hot_spot(number: int, x: float, y: float, oid: int) -> str:
    return (
        f'  <object id="{oid}" name="hs{number}" type="HotSpot" x="{x}" y="{y}">\n'
        f'   <properties><property name="number" type="int" value="{number}"/></properties>\n'
        "   <point/>\n  </object>\n"
    )


BUILDING = (
    '  <object id="1" name="shop" type="Building" x="32" y="64" width="64" height="32"/>\n'
    '  <object id="2" name="shop door" type="Door" x="64" y="96"><point/></object>\n'
)


def make_map(
    *,
    map_attrs: str = 'width="16" height="12" tilewidth="32" tileheight="32" infinite="0"',
    orientation: str = "orthogonal",
    map_props: str = '<property name="entry_edges" value="south"/>',
    tileset: str = '<tileset firstgid="1" source="../loader/ground.tsx"/>',
    ground: str | None = None,
    terrain: str = BUILDING,
    markers: str | None = None,
    terrain_name: str = "terrain",
    markers_name: str = "markers",
    extra_layers: str = "",
    hot_spots: list[tuple[int, float, float]] | None = None,
) -> str:
    spots = HOT_SPOTS if hot_spots is None else hot_spots
    if markers is None:
        markers = "".join(hot_spot(n, x, y, 10 + i) for i, (n, x, y) in enumerate(spots))
    if ground is None:
        ground = (
            '<layer id="1" name="ground" width="16" height="12">\n'
            f'  <data encoding="csv">\n{csv()}\n</data>\n </layer>'
        )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="{orientation}" '
        f'renderorder="right-down" {map_attrs} nextlayerid="4" nextobjectid="40">\n'
        f" <properties>\n  {map_props}\n </properties>\n"
        f" {tileset}\n {ground}\n"
        f' <objectgroup id="2" name="{terrain_name}">\n{terrain} </objectgroup>\n'
        f' <objectgroup id="3" name="{markers_name}">\n{markers} </objectgroup>\n'
        f"{extra_layers}"
        "</map>\n"
    )


def with_marker(extra: str) -> str:
    base = "".join(hot_spot(n, x, y, 10 + i) for i, (n, x, y) in enumerate(HOT_SPOTS))
    return base + extra


def terrain_plus(extra: str) -> str:
    return BUILDING + extra


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE map [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<map version="1.10" orientation="orthogonal" width="16" height="12" tilewidth="32"
 tileheight="32"><properties><property name="title" value="&lol4;"/></properties></map>
"""

UNIT = (
    '  <object id="30" name="Alpha" type="Unit" x="256" y="320">\n'
    "   <properties>{props}</properties>\n   <point/>\n  </object>\n"
)


def unit(props: str) -> str:
    return UNIT.format(props=props)


def cases() -> dict[str, str | bytes]:
    valid = make_map()
    files: dict[str, str | bytes] = {
        "valid_base.tmx.txt": valid,  # not a .tmx: the reference the others are made from
        "not_xml.tmx": "This is a shopping list, not a map.\n",
        "empty.tmx": "",
        "json_map.tmx": '{"type": "map", "width": 16}\n',
        "truncated.tmx": valid[: len(valid) // 2],
        "billion_laughs.tmx": BILLION_LAUGHS,
        "not_a_map.tmx": '<?xml version="1.0"?>\n<tileset name="x" tilewidth="32"/>\n',
        "infinite.tmx": make_map(
            map_attrs='width="16" height="12" tilewidth="32" tileheight="32" infinite="1"'
        ),
        "isometric.tmx": make_map(orientation="isometric"),
        "template.tmx": make_map(
            terrain=terrain_plus(
                '  <object id="20" template="house.tx" type="Building" x="300" y="200"/>\n'
            )
        ),
        "ellipse.tmx": make_map(
            terrain=terrain_plus(
                '  <object id="20" name="pond" type="Impassable" x="300" y="200" width="40" '
                'height="30"><ellipse/></object>\n'
            )
        ),
        "zstd.tmx": make_map(
            ground='<layer id="1" name="ground" width="16" height="12">'
            '<data encoding="base64" compression="zstd">KLUv/QBYAAAA</data></layer>'
        ),
        "damaged_tile_data.tmx": make_map(
            ground='<layer id="1" name="ground" width="16" height="12">'
            '<data encoding="csv">1,2,x,4</data></layer>'
        ),
        "no_terrain_layer.tmx": make_map(terrain_name="Terrain"),
        "no_markers_layer.tmx": make_map(markers_name="hotspots"),
        "unknown_class.tmx": make_map(
            terrain=terrain_plus(
                '  <object id="20" name="mosque" type="Bulding" x="300" y="200" width="40" '
                'height="30"/>\n'
            )
        ),
        "no_class.tmx": make_map(
            terrain=terrain_plus(
                '  <object id="20" name="mystery" x="300" y="200" width="40" height="30"/>\n'
            )
        ),
        "duplicate_hot_spot.tmx": make_map(
            hot_spots=[(1, 32, 32), (2, 288, 160), (2, 480, 96), (4, 96, 352), (5, 448, 352)]
        ),
        "missing_hot_spot.tmx": make_map(hot_spots=HOT_SPOTS[:4]),
        "hot_spots_too_close.tmx": make_map(
            hot_spots=[(1, 32, 32), (2, 160, 32), (3, 480, 96), (4, 96, 352), (5, 448, 352)]
        ),
        "hot_spot_not_point.tmx": make_map(
            markers=with_marker(
                '  <object id="25" name="hs9" type="HotSpot" x="300" y="300" width="20" '
                'height="20"/>\n'
            )
        ),
        "polygon_two_points.tmx": make_map(
            terrain=terrain_plus(
                '  <object id="20" name="sliver" type="Rubble" x="300" y="200">'
                '<polygon points="0,0 40,0"/></object>\n'
            )
        ),
        "polygon_self_intersecting.tmx": make_map(
            terrain=terrain_plus(
                '  <object id="20" name="bow tie" type="Building" x="300" y="200">'
                '<polygon points="0,0 64,64 64,0 0,64"/></object>\n'
            )
        ),
        "object_outside.tmx": make_map(
            terrain=terrain_plus(
                '  <object id="20" name="far shed" type="Building" x="500" y="200" width="64" '
                'height="32"/>\n'
            )
        ),
        "door_off_outline.tmx": make_map(
            terrain=terrain_plus(
                '  <object id="20" name="north door" type="Door" x="300" y="300"><point/>'
                "</object>\n"
            )
        ),
        "door_bad_building.tmx": make_map(
            terrain=terrain_plus(
                '  <object id="21" name="wall" type="HighWall" x="300" y="200" width="64" '
                'height="8"/>\n'
                '  <object id="20" name="odd door" type="Door" x="64" y="64"><properties>'
                '<property name="building" type="object" value="21"/></properties><point/>'
                "</object>\n"
            )
        ),
        "missing_tsx.tmx": make_map(tileset='<tileset firstgid="1" source="nowhere.tsx"/>'),
        "missing_tileset_image.tmx": make_map(
            tileset='<tileset firstgid="1" source="missing_image.tsx"/>'
        ),
        "tileset_with_dtd.tmx": make_map(tileset='<tileset firstgid="1" source="dtd.tsx"/>'),
        "too_big_inches.tmx": make_map(
            map_props='<property name="entry_edges" value="south"/>'
            '<property name="pixels_per_inch" type="float" value="4"/>'
        ),
        "too_many_tiles.tmx": make_map(
            map_attrs='width="5000" height="12" tilewidth="32" tileheight="32" infinite="0"'
        ),
        "reserved_property.tmx": make_map(
            terrain=(
                '  <object id="1" name="shop" type="Building" x="32" y="64" width="64" '
                'height="32"><properties><property name="height" type="int" value="2"/>'
                "</properties></object>\n"
                '  <object id="2" name="shop door" type="Door" x="64" y="96"><point/></object>\n'
            )
        ),
        "class_property.tmx": make_map(
            terrain=(
                '  <object id="1" name="shop" type="Building" x="32" y="64" width="64" '
                'height="32"><properties><property name="stats" type="class" '
                'propertytype="Stats"/></properties></object>\n'
                '  <object id="2" name="shop door" type="Door" x="64" y="96"><point/></object>\n'
            )
        ),
        "bad_int_property.tmx": make_map(
            terrain=(
                '  <object id="1" name="shop" type="Building" x="32" y="64" width="64" '
                'height="32"><properties><property name="storeys" value="two"/>'
                "</properties></object>\n"
                '  <object id="2" name="shop door" type="Door" x="64" y="96"><point/></object>\n'
            )
        ),
        "custom_map_no_entry.tmx": make_map(map_props='<property name="title" value="Nowhere"/>'),
        "bad_edge.tmx": make_map(map_props='<property name="entry_edges" value="south,up"/>'),
        "bad_side.tmx": make_map(
            markers=with_marker(
                unit(
                    '<property name="side" value="taliban"/>'
                    '<property name="figures" value="leader, 3 rifle"/>'
                )
            )
        ),
        "bad_role.tmx": make_map(
            markers=with_marker(
                '  <object id="30" name="zone" type="Zone" x="0" y="352" width="64" height="32">'
                '<properties><property name="role" value="picnic"/></properties></object>\n'
            )
        ),
        "bad_quality.tmx": make_map(
            markers=with_marker(
                unit(
                    '<property name="figures" value="leader, 3 rifle"/>'
                    '<property name="quality" value="d20"/>'
                )
            )
        ),
        "bad_figures.tmx": make_map(
            markers=with_marker(unit('<property name="figures" value="leader, 3 bazooka"/>'))
        ),
        "wrong_layer.tmx": make_map(
            terrain=terrain_plus(
                '  <object id="20" name="hs" type="HotSpot" x="300" y="300"><point/></object>\n'
            )
        ),
        "offset_group.tmx": make_map(
            terrain_name="old-terrain",
            extra_layers=(
                ' <group id="5" name="moved" offsetx="16" offsety="0">\n'
                '  <objectgroup id="6" name="terrain">\n'
                '  <object id="20" name="shed" type="Building" x="300" y="200" width="64" '
                'height="32"/>\n'
                '  <object id="21" name="shed door" type="Door" x="300" y="210"><point/>'
                "</object>\n  </objectgroup>\n </group>\n"
            ),
        ),
        "duplicate_object_id.tmx": make_map(
            terrain=terrain_plus(
                '  <object id="2" name="twin" type="Cover" x="300" y="200" width="20" '
                'height="20"/>\n'
            )
        ),
        "xml_tile_layer.tmx": make_map(
            ground='<layer id="1" name="ground" width="16" height="12"><data><tile gid="1"/>'
            "</data></layer>"
        ),
    }
    many = " ".join(
        f"{10 * math.cos(i / 160):.3f},{10 * math.sin(i / 160):.3f}" for i in range(1001)
    )
    files["polygon_too_many_points.tmx"] = make_map(
        terrain=terrain_plus(
            f'  <object id="20" name="round tower" type="Building" x="300" y="200">'
            f'<polygon points="{many}"/></object>\n'
        )
    )
    files["unknown_encoding.tmx"] = valid.replace('encoding="UTF-8"', 'encoding="UTF-85"', 1)
    files["damaged_attribute.tmx"] = valid.replace('nextobjectid="40"', 'nextobjectid="4x0"', 1)
    return files


TSX_MISSING_IMAGE = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="gone" tilewidth="32" tileheight="32" tilecount="2" columns="2">
 <image source="no_such_image.png" width="64" height="32"/>
</tileset>
"""

TSX_DTD = """<?xml version="1.0"?>
<!DOCTYPE tileset [<!ENTITY boom "boom">]>
<tileset name="&boom;" tilewidth="32" tileheight="32" tilecount="2" columns="2">
 <image source="../loader/ground.png" width="64" height="32"/>
</tileset>
"""


def main() -> None:
    for name, content in cases().items():
        data = content.encode() if isinstance(content, str) else content
        (HERE / name).write_bytes(data)
    (HERE / "missing_image.tsx").write_text(TSX_MISSING_IMAGE)
    (HERE / "dtd.tsx").write_text(TSX_DTD)


if __name__ == "__main__":
    main()

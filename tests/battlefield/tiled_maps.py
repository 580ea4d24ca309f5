"""Small Tiled maps written the way Tiled 1.10 saves them, for the authoring tests.

`write_map` puts a 16" x 12" map (32 px tiles, the loader fixture's two-tile `ground.tsx`) into a
folder, with the given objects on `terrain` and `markers` and any extra layers in document order.
"""

from __future__ import annotations

import shutil
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "maps" / "loader"
WIDTH, HEIGHT = 16, 12


def csv(gid: int = 1, width: int = WIDTH, height: int = HEIGHT) -> str:
    rows = [",".join([str(gid)] * width) for _ in range(height)]
    return "\n" + ",\n".join(rows) + "\n"


def hot_spot(oid: int, number: int, x: float, y: float) -> str:
    return (
        f'  <object id="{oid}" name="hs{number}" type="HotSpot" x="{x}" y="{y}">\n'
        f'   <properties><property name="number" type="int" value="{number}"/></properties>\n'
        "   <point/>\n  </object>\n"
    )


FIVE_HOT_SPOTS = "".join(
    hot_spot(100 + n, n, x, y)
    for n, (x, y) in enumerate([(32, 32), (288, 160), (480, 96), (96, 352), (448, 352)], 1)
)


def building(oid: int, x: float, y: float, w: float, h: float, extra: str = "") -> str:
    return (
        f'  <object id="{oid}" name="b{oid}" type="Building" x="{x}" y="{y}" width="{w}" '
        f'height="{h}"{extra}/>\n'
    )


def point(oid: int, cls: str, x: float, y: float, props: str = "") -> str:
    inner = f"   <properties>{props}</properties>\n" if props else ""
    return (
        f'  <object id="{oid}" name="{cls.lower()}{oid}" type="{cls}" x="{x}" y="{y}">\n'
        f"{inner}   <point/>\n  </object>\n"
    )


def write_map(
    folder: Path,
    terrain: str = "",
    markers: str = FIVE_HOT_SPOTS,
    *,
    properties: str = '<property name="entry_edges" propertytype="Edge" value="south"/>',
    before: str = "",
    after: str = "",
    ground: str | None = None,
    name: str = "m.tmx",
) -> Path:
    """A map file in `folder`; `before`/`after` are extra layers around the two game layers."""
    for asset in ("ground.tsx", "ground.png"):
        if not (folder / asset).exists():
            shutil.copy(FIXTURES / asset, folder / asset)
    ground_layer = (
        f' <layer id="1" name="ground" width="{WIDTH}" height="{HEIGHT}">\n'
        f'  <data encoding="csv">{ground if ground is not None else csv()}</data>\n </layer>\n'
    )
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{WIDTH}" height="{HEIGHT}" tilewidth="32" '
        'tileheight="32" infinite="0" nextlayerid="20" nextobjectid="200">\n'
        f" <properties>\n  {properties}\n </properties>\n"
        ' <tileset firstgid="1" source="ground.tsx"/>\n'
        f"{ground_layer}{before}"
        f' <objectgroup id="2" name="terrain">\n{terrain} </objectgroup>\n'
        f' <objectgroup id="3" name="markers">\n{markers} </objectgroup>\n'
        f"{after}</map>\n"
    )
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path

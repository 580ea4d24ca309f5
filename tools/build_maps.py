"""Build the shipped scenario tables from the readable descriptions in this file.

    python3 tools/build_maps.py [--out DIR]

Writes `maps/contracting-trouble.tmx`, `maps/sweep-and-clear.tmx` and `maps/hornets-nest.tmx`
(or into DIR). Each table is
described once, in table inches (1 tile = 1" = 32 px, north at the top): ground areas, buildings
with their doors, walls, debris and vehicles, zones and markers. From that one description both
the tile layers (the art) and the `terrain`/`markers` objects (the rules) are written, so roofs
lie exactly where buildings are, wall tiles exactly where walls run. Tile names come from the
`art` property of `maps/urban.tsx` (see `tools/make_tileset.py`). The output is deterministic.

Design notes (R30: the rulebook's table photos are not available, these tables follow the text):
- Contracting Trouble: the SUV lies wrecked on the main east-west street north of the table's
  centre with the two contractors sheltering beside it; the Marines (the M of the set-up legend)
  deploy at the east edge and must bring the contractors out by the south or west edge, through
  an alley network the insurgents at positions 1-5 and the hot spots overlook.
- Sweep & Clear: a north-south main street from the Marine entry (M, south edge) to the exit
  (X, north edge), a market square, walled compounds on both flanks; insurgent positions 1-4 and
  the hot spots are spread over the blocks so that the sweep has to go house to house.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
TSX = ROOT / "maps" / "urban.tsx"
SIZE = 24  # tiles = inches: the 2'x2' table
PX = 32  # pixels per tile and per inch

N, E, S, W = 1, 2, 4, 8

Cell = tuple[int, int]
Point = tuple[float, float]
Rect = tuple[int, int, int, int]  # x, y, width, height in tiles (= inches)


@dataclass(frozen=True)
class BuildingSpec:
    x: int
    y: int
    w: int
    h: int
    storeys: int
    style: str  # concrete, plaster, ochre
    label: str
    doors: tuple[tuple[str, int], ...]  # (side n/e/s/w, tile offset along that side)
    clutter: tuple[str, ...] = ()  # extra rooftop items, placed in order on free roof tiles


@dataclass(frozen=True)
class WallSpec:
    points: tuple[Point, ...]  # axis-aligned polyline in inches, through tile centres
    high: bool


@dataclass(frozen=True)
class PieceSpec:
    """A terrain piece drawn with whole tiles: rubble, a wreck, parked cars, stalls, trees."""

    kind: str  # Rubble, Wreck, Cover
    cells: Rect
    art: tuple[str, ...]  # tile names, row by row
    inset: float = 0.0  # how far the object's outline lies inside the tiles, in inches
    label: str = ""


@dataclass(frozen=True)
class MapSpec:
    slug: str
    title: str
    scenario: str
    description: str
    entry_edges: str
    exit_edges: str
    ground: tuple[tuple[str, Rect], ...]  # painted in order over sand
    centre_lines: tuple[tuple[str, Rect], ...]  # (line_h/line_v, cells)
    zebras: tuple[tuple[str, Rect], ...]
    buildings: tuple[BuildingSpec, ...]
    walls: tuple[WallSpec, ...]
    pieces: tuple[PieceSpec, ...]
    zones: tuple[
        tuple[str, str, tuple[float, float, float, float], str], ...
    ]  # role, side, x y w h, name
    hot_spots: tuple[Point, ...]
    start_positions: tuple[tuple[str, Point], ...]  # (side, position), numbered from 1 per side
    contractors: tuple[Point, ...] = ()
    props: dict[str, str] = field(default_factory=dict)
    objectives: tuple[tuple[str, Point], ...] = ()  # (label, where): Objective markers
    # --- civilians (issue 21) ---
    mobs: tuple[Point, ...] = ()  # CivilianMob markers, C1, C2, ... in this order
    poi: Point | None = None  # the POI marker (Hornet's Nest)


def rubble(x: int, y: int, w: int, h: int, label: str = "rubble") -> PieceSpec:
    art = tuple(f"rubble_{1 + (i * 3 + j) % 4}" for j in range(h) for i in range(w))
    return PieceSpec("Rubble", (x, y, w, h), art, 0.1, label)


CONTRACTING_TROUBLE = MapSpec(
    slug="contracting-trouble",
    title="Contracting Trouble!",
    scenario="contracting-trouble",
    description=(
        "A burnt-out SUV blocks the main street of a run-down quarter, its two wounded "
        "contractors crouched in its lee. Gunmen hold the houses and the walled yard north of "
        "the wreck, and more are on the way. Your Marines come in from the east: reach the "
        "contractors, then bring them out by the south or west edge through the alleys."
    ),
    entry_edges="east",
    exit_edges="south,west",
    ground=(
        ("street", (0, 6, 24, 3)),
        ("pavement", (0, 5, 24, 1)),
        ("pavement", (0, 9, 24, 1)),
        ("street", (15, 9, 3, 15)),
        ("pavement", (14, 10, 1, 14)),
        ("pavement", (18, 10, 1, 14)),
        ("alley", (5, 10, 2, 14)),
        ("alley", (0, 16, 5, 2)),
        ("alley", (7, 16, 7, 2)),
        ("court", (11, 0, 6, 4)),
        ("court", (8, 11, 5, 4)),
        ("dirt", (19, 14, 5, 6)),
        ("dirt", (0, 21, 4, 3)),
    ),
    centre_lines=(
        ("line_h", (0, 7, 15, 1)),
        ("line_h", (18, 7, 6, 1)),
        ("line_v", (16, 11, 1, 13)),
    ),
    zebras=(("zebra_h", (15, 10, 3, 1)),),
    buildings=(
        BuildingSpec(0, 1, 4, 4, 2, "plaster", "Tailor's house", (("s", 1),), ("tank_black",)),
        BuildingSpec(
            5,
            0,
            4,
            5,
            3,
            "concrete",
            "Apartment block",
            (("s", 2),),
            ("tank_white", "ac_unit", "dish"),
        ),
        BuildingSpec(11, 0, 3, 3, 1, "ochre", "Yard house", (("s", 1),), ("laundry",)),
        BuildingSpec(
            19, 1, 5, 4, 2, "plaster", "Corner shop", (("s", 1), ("w", 2)), ("solar", "tank_black")
        ),
        BuildingSpec(0, 10, 4, 3, 1, "ochre", "Bakery", (("n", 2),), ("ac_unit",)),
        BuildingSpec(0, 13, 4, 3, 2, "concrete", "Garage flats", (("e", 1),), ("tank_white",)),
        BuildingSpec(7, 10, 3, 3, 3, "concrete", "Tower house", (("n", 1), ("s", 1)), ("dish",)),
        BuildingSpec(11, 12, 2, 2, 1, "plaster", "Shed", (("w", 0),)),
        BuildingSpec(19, 10, 4, 4, 2, "ochre", "Pharmacy", (("w", 1),), ("tank_black", "ac_unit")),
        BuildingSpec(19, 20, 5, 4, 1, "concrete", "Warehouse", (("n", 2),), ("solar",)),
        BuildingSpec(7, 18, 4, 3, 2, "plaster", "Teahouse", (("n", 1),), ("laundry", "tank_white")),
        BuildingSpec(11, 19, 3, 5, 1, "ochre", "Workshop", (("n", 1),), ("ac_unit",)),
        BuildingSpec(0, 18, 4, 3, 1, "plaster", "Family house", (("e", 1),), ("tank_black",)),
    ),
    walls=(
        # the walled yard north of the street, its gate facing the wreck
        WallSpec(((10.5, 0.0), (10.5, 4.5), (12.5, 4.5)), True),
        WallSpec(((15.5, 4.5), (17.5, 4.5), (17.5, 0.0)), True),
        # the compound south of the street, gate on the side street
        WallSpec(((10.0, 10.5), (13.5, 10.5), (13.5, 11.5)), True),
        WallSpec(((13.5, 13.5), (13.5, 15.5), (7.5, 15.5), (7.5, 13.0)), True),
        # garden walls
        WallSpec(((19.0, 14.5), (21.5, 14.5)), False),
        WallSpec(((4.5, 21.5), (4.5, 23.5)), False),
        WallSpec(((0.0, 21.5), (2.5, 21.5)), False),
        WallSpec(((9.5, 4.5), (9.5, 0.5)), False),
    ),
    pieces=(
        PieceSpec("Wreck", (11, 7, 2, 1), ("suv_wreck_w", "suv_wreck_e"), 0.15, "wrecked SUV"),
        PieceSpec("Cover", (2, 8, 2, 1), ("car_white_w", "car_white_e"), 0.15, "parked car"),
        PieceSpec("Cover", (17, 19, 1, 2), ("car_blue_n", "car_blue_s"), 0.2, "parked car"),
        PieceSpec("Cover", (20, 9, 1, 1), ("stall_red",), 0.1, "market stall"),
        PieceSpec("Cover", (22, 9, 1, 1), ("stall_green",), 0.1, "market stall"),
        PieceSpec("Cover", (15, 1, 1, 1), ("palm",), 0.2, "palm"),
        PieceSpec("Cover", (9, 14, 1, 1), ("crates",), 0.1, "crates"),
        PieceSpec("Cover", (22, 16, 1, 1), ("palm",), 0.2, "palm"),
        rubble(7, 21, 2, 2, "collapsed wall"),
        rubble(14, 5, 1, 1, "rubble heap"),
        rubble(4, 15, 1, 1, "rubble heap"),
    ),
    zones=(("deploy", "regular", (20.0, 15.0, 4.0, 4.0), "M: Marine squad"),),
    hot_spots=((14.5, 2.5), (1.5, 5.6), (10.5, 11.5), (20.5, 5.6), (4.5, 19.5)),
    start_positions=(
        ("insurgent", (7.0, 2.5)),
        ("insurgent", (12.5, 3.5)),
        ("insurgent", (8.5, 11.5)),
        ("insurgent", (21.0, 2.5)),
        ("insurgent", (2.0, 11.5)),
    ),
    contractors=((11.55, 8.45), (12.55, 8.45)),
)


SWEEP_AND_CLEAR = MapSpec(
    slug="sweep-and-clear",
    title="Sweep & Clear",
    scenario="sweep-and-clear",
    description=(
        "One block of a town the insurgents still hold: a main street climbing north past a "
        "market square, walled family compounds on either side and a web of dirt alleys. The "
        "squad enters from the south, must root out the hot spots house by house and leave by "
        "the north end of the street."
    ),
    entry_edges="south",
    exit_edges="north",
    ground=(
        ("street", (10, 0, 3, 24)),
        ("pavement", (9, 0, 1, 24)),
        ("pavement", (13, 0, 1, 9)),
        ("pavement", (13, 15, 1, 9)),
        ("court", (13, 9, 6, 6)),
        ("alley", (3, 8, 2, 16)),
        ("alley", (0, 16, 3, 2)),
        ("alley", (5, 16, 4, 2)),
        ("alley", (14, 16, 10, 2)),
        ("court", (0, 0, 7, 7)),
        ("court", (15, 19, 7, 3)),
        ("dirt", (18, 4, 6, 4)),
    ),
    centre_lines=(("line_v", (11, 0, 1, 16)), ("line_v", (11, 18, 1, 6))),
    zebras=(("zebra_h", (10, 15, 3, 1)),),
    buildings=(
        BuildingSpec(
            0,
            0,
            4,
            4,
            3,
            "concrete",
            "Headman's house",
            (("s", 2),),
            ("tank_black", "dish", "laundry"),
        ),
        BuildingSpec(5, 0, 2, 3, 1, "ochre", "Store room", (("s", 0),)),
        BuildingSpec(
            14, 1, 4, 4, 2, "plaster", "Hotel", (("w", 1), ("s", 1)), ("tank_white", "ac_unit")
        ),
        BuildingSpec(19, 0, 5, 3, 1, "ochre", "Garage", (("s", 1),), ("solar",)),
        BuildingSpec(0, 9, 3, 4, 2, "ochre", "Smithy", (("e", 1),), ("tank_black",)),
        BuildingSpec(5, 9, 4, 3, 1, "concrete", "Cafe", (("e", 1),), ("ac_unit",)),
        BuildingSpec(
            5, 13, 4, 3, 2, "plaster", "Clinic", (("w", 1), ("e", 1)), ("tank_white", "dish")
        ),
        BuildingSpec(
            19,
            9,
            5,
            5,
            3,
            "concrete",
            "Market hall",
            (("w", 2), ("s", 2)),
            ("tank_black", "ac_unit", "solar"),
        ),
        BuildingSpec(0, 18, 3, 3, 1, "plaster", "Cottage", (("e", 1),), ("laundry",)),
        BuildingSpec(5, 19, 4, 3, 2, "ochre", "Pharmacy", (("n", 1), ("e", 1)), ("tank_white",)),
        BuildingSpec(
            16, 19, 4, 3, 2, "ochre", "Compound house", (("w", 1), ("e", 1)), ("tank_black", "dish")
        ),
        BuildingSpec(0, 22, 3, 2, 1, "concrete", "Lock-up", (("e", 0),)),
    ),
    walls=(
        # the headman's compound, gate towards the alley
        WallSpec(((0.0, 7.5), (3.5, 7.5)), True),
        WallSpec(((5.5, 7.5), (7.5, 7.5), (7.5, 0.0)), True),
        # the walled compound south-east, gate on the street side
        WallSpec(((14.5, 20.5), (14.5, 18.5), (22.5, 18.5), (22.5, 22.5), (14.5, 22.5)), True),
        # low walls
        WallSpec(((14.0, 7.5), (17.5, 7.5)), False),
        WallSpec(((0.0, 21.5), (2.5, 21.5)), False),
    ),
    pieces=(
        PieceSpec("Cover", (14, 10, 1, 1), ("stall_red",), 0.1, "market stall"),
        PieceSpec("Cover", (16, 10, 1, 1), ("stall_green",), 0.1, "market stall"),
        PieceSpec("Cover", (14, 13, 1, 1), ("stall_green",), 0.1, "market stall"),
        PieceSpec("Cover", (16, 13, 1, 1), ("crates",), 0.1, "crates"),
        PieceSpec("Cover", (10, 4, 2, 1), ("car_white_w", "car_white_e"), 0.15, "parked car"),
        PieceSpec("Cover", (12, 19, 1, 2), ("car_blue_n", "car_blue_s"), 0.2, "parked car"),
        PieceSpec("Cover", (5, 5, 1, 1), ("palm",), 0.2, "palm"),
        PieceSpec("Cover", (21, 20, 1, 1), ("palm",), 0.2, "palm"),
        PieceSpec("Cover", (2, 14, 1, 1), ("crates",), 0.1, "crates"),
        rubble(20, 5, 2, 2, "shelled house"),
        rubble(7, 12, 2, 1, "rubble"),
        rubble(1, 16, 1, 1, "rubble heap"),
    ),
    zones=(
        ("entry", "regular", (9.0, 22.0, 5.0, 2.0), "M: Marine entry"),
        ("exit", "regular", (9.0, 0.0, 5.0, 2.0), "X: Marine exit"),
    ),
    hot_spots=((3.0, 5.5), (15.5, 5.6), (18.3, 12.5), (3.5, 13.0), (20.5, 21.5)),
    start_positions=(
        ("insurgent", (7.0, 14.5)),
        ("insurgent", (21.5, 11.5)),
        ("insurgent", (2.0, 2.0)),
        ("insurgent", (15.5, 3.0)),
    ),
)

# --- Turkey Shoot (issue 20) ---
TURKEY_SHOOT = MapSpec(
    slug="turkey-shoot",
    title="Turkey Shoot",
    scenario="turkey-shoot",
    description=(
        "The southern edge of a quarter where a Marine company is fighting it out with "
        "insurgents and foreign fighters. A Recon squad in an LVTP brings a two-man sniper "
        "team up the main street to the tall target building (T), holds it for three turns "
        "while the snipers work on targets beyond the table's edge, then gets them out by the "
        "south edge (M) they came in by."
    ),
    entry_edges="south",
    exit_edges="south",
    ground=(
        ("pavement", (9, 0, 1, 24)),
        ("pavement", (13, 0, 1, 24)),
        ("pavement", (0, 10, 24, 1)),
        ("pavement", (0, 14, 24, 1)),
        ("street", (10, 0, 3, 24)),
        ("street", (0, 11, 24, 3)),
        ("court", (5, 0, 4, 2)),
        ("dirt", (19, 19, 5, 5)),
        ("alley", (4, 15, 1, 9)),
        ("alley", (19, 5, 1, 5)),
    ),
    centre_lines=(("line_v", (11, 0, 1, 11)), ("line_v", (11, 14, 1, 10))),
    zebras=(("zebra_h", (10, 14, 3, 1)),),
    buildings=(
        BuildingSpec(1, 1, 4, 4, 2, "plaster", "Mosque school", (("e", 1),), ("tank_black",)),
        BuildingSpec(6, 2, 3, 3, 1, "ochre", "Bakery", (("e", 1),), ("ac_unit",)),
        BuildingSpec(1, 6, 3, 3, 1, "concrete", "Garage", (("s", 1),)),
        BuildingSpec(5, 6, 4, 3, 2, "plaster", "Tea house", (("e", 1),), ("laundry",)),
        BuildingSpec(
            14, 3, 5, 5, 3, "concrete", "Target building (T)", (("w", 2),), ("dish", "tank_white")
        ),
        BuildingSpec(20, 1, 4, 4, 2, "ochre", "Hotel", (("s", 1),), ("solar",)),
        BuildingSpec(20, 6, 4, 3, 1, "plaster", "Shop", (("w", 1),), ("ac_unit",)),
        BuildingSpec(1, 15, 3, 4, 2, "concrete", "Flats", (("n", 1),), ("tank_white",)),
        BuildingSpec(5, 16, 4, 3, 1, "ochre", "Workshop", (("e", 1),)),
        BuildingSpec(0, 20, 4, 3, 1, "plaster", "House", (("e", 1),), ("laundry",)),
        BuildingSpec(15, 15, 4, 4, 2, "plaster", "Clinic", (("w", 1),), ("tank_black", "dish")),
        BuildingSpec(20, 15, 4, 3, 1, "concrete", "Warehouse", (("s", 2),)),
        BuildingSpec(15, 20, 3, 3, 1, "ochre", "Cottage", (("w", 1),)),
    ),
    walls=(
        WallSpec(((19.5, 19.5), (23.5, 19.5)), False),
        WallSpec(((5.5, 19.5), (8.5, 19.5)), False),
        WallSpec(((14.5, 8.5), (18.5, 8.5)), False),
    ),
    pieces=(
        PieceSpec("Cover", (2, 12, 2, 1), ("car_white_w", "car_white_e"), 0.15, "parked car"),
        PieceSpec("Cover", (20, 12, 2, 1), ("car_white_w", "car_white_e"), 0.15, "parked car"),
        PieceSpec("Cover", (7, 14, 1, 1), ("stall_red",), 0.1, "market stall"),
        PieceSpec("Cover", (16, 10, 1, 1), ("palm",), 0.2, "palm"),
        PieceSpec("Cover", (6, 21, 1, 1), ("crates",), 0.1, "crates"),
        rubble(20, 21, 2, 2, "shelled house"),
        rubble(7, 9, 1, 1, "rubble heap"),
    ),
    zones=(
        ("entry", "regular", (9.0, 22.0, 5.0, 2.0), "M: Marine entry and exit"),
        ("exit", "regular", (9.0, 22.0, 5.0, 2.0), "M: Marine exit"),
    ),
    hot_spots=((4.6, 5.5), (19.5, 4.6), (4.5, 19.5), (19.5, 20.5), (23.0, 12.5)),
    start_positions=(
        ("insurgent", (7.5, 9.5)),
        ("insurgent", (21.5, 9.6)),
        ("insurgent", (3.0, 3.0)),
        ("insurgent", (17.0, 17.0)),
    ),
    objectives=(("T: target building", (16.5, 5.5)),),
)

# --- civilians (issue 21): Scenario 5 ---
HORNETS_NEST = MapSpec(
    slug="hornets-nest",
    title="Hornet's Nest",
    scenario="hornets-nest",
    description=(
        "A crowded quarter at midday. The Marines have just pulled a wanted man out of the "
        "house at the top of the main street and must walk him out by the south end of it, "
        "through a cross street, a market and five knots of angry onlookers. Few fighters are "
        "about, but every shot fired near the crowd makes more of them."
    ),
    entry_edges="north",
    exit_edges="south",
    ground=(
        ("street", (10, 0, 3, 24)),
        ("pavement", (9, 0, 1, 24)),
        ("pavement", (13, 0, 1, 24)),
        ("street", (0, 10, 24, 3)),
        ("pavement", (0, 9, 9, 1)),
        ("pavement", (14, 9, 10, 1)),
        ("pavement", (0, 13, 9, 1)),
        ("pavement", (14, 13, 10, 1)),
        ("court", (14, 18, 5, 6)),
        ("alley", (4, 14, 1, 10)),
        ("dirt", (0, 4, 4, 2)),
        ("dirt", (19, 4, 5, 2)),
    ),
    centre_lines=(("line_v", (11, 0, 1, 10)), ("line_v", (11, 13, 1, 11))),
    zebras=(("zebra_h", (10, 9, 3, 1)), ("zebra_h", (10, 13, 3, 1))),
    buildings=(
        BuildingSpec(0, 0, 4, 4, 2, "plaster", "Family house", (("e", 1),), ("tank_black",)),
        BuildingSpec(5, 0, 4, 4, 2, "concrete", "The POI's house", (("s", 2), ("e", 1)), ("dish",)),
        BuildingSpec(14, 0, 4, 3, 1, "ochre", "Teahouse", (("w", 1),), ("laundry",)),
        BuildingSpec(
            19, 0, 5, 4, 3, "concrete", "Apartment block", (("s", 2),), ("tank_white", "ac_unit")
        ),
        BuildingSpec(0, 6, 4, 3, 1, "ochre", "Bakery", (("s", 1),), ("ac_unit",)),
        BuildingSpec(5, 5, 4, 4, 2, "plaster", "Shop row", (("e", 1), ("s", 1)), ("solar",)),
        BuildingSpec(14, 4, 4, 5, 2, "plaster", "Tailor's", (("w", 2),), ("tank_black",)),
        BuildingSpec(19, 6, 5, 3, 1, "ochre", "Garage", (("s", 2),), ("solar",)),
        BuildingSpec(0, 14, 4, 4, 2, "concrete", "Pharmacy", (("n", 1), ("e", 2)), ("dish",)),
        BuildingSpec(5, 14, 4, 3, 1, "ochre", "Cafe", (("n", 1), ("e", 1)), ("ac_unit",)),
        BuildingSpec(14, 14, 4, 3, 2, "plaster", "Clinic", (("w", 1), ("n", 1)), ("tank_white",)),
        BuildingSpec(
            19,
            14,
            5,
            5,
            3,
            "concrete",
            "Market hall",
            (("w", 2), ("n", 2)),
            ("tank_black", "ac_unit", "solar"),
        ),
        BuildingSpec(0, 20, 4, 4, 1, "plaster", "Cottage", (("e", 1),), ("laundry",)),
        BuildingSpec(5, 19, 4, 3, 2, "ochre", "Workshop", (("e", 1), ("w", 1)), ("tank_white",)),
        BuildingSpec(20, 20, 4, 4, 1, "ochre", "Store", (("w", 1),)),
    ),
    walls=(
        # the market's low wall on the street side, open to the south
        WallSpec(((14.0, 17.5), (18.5, 17.5)), False),
        # a garden wall behind the workshop
        WallSpec(((5.5, 23.5), (8.5, 23.5)), False),
    ),
    pieces=(
        PieceSpec("Cover", (15, 19, 1, 1), ("stall_red",), 0.1, "market stall"),
        PieceSpec("Cover", (17, 19, 1, 1), ("stall_green",), 0.1, "market stall"),
        PieceSpec("Cover", (15, 21, 1, 1), ("stall_green",), 0.1, "market stall"),
        PieceSpec("Cover", (17, 21, 1, 1), ("crates",), 0.1, "crates"),
        PieceSpec("Cover", (2, 11, 2, 1), ("car_white_w", "car_white_e"), 0.15, "parked car"),
        PieceSpec("Cover", (20, 11, 2, 1), ("car_white_w", "car_white_e"), 0.15, "parked car"),
        PieceSpec("Cover", (12, 16, 1, 2), ("car_blue_n", "car_blue_s"), 0.2, "parked car"),
        PieceSpec("Cover", (1, 4, 1, 1), ("palm",), 0.2, "palm"),
        PieceSpec("Cover", (22, 4, 1, 1), ("palm",), 0.2, "palm"),
        rubble(6, 10, 1, 1, "rubble heap"),
    ),
    zones=(("deploy", "regular", (9.0, 1.0, 5.0, 3.0), "M: Marine squad with the POI"),),
    hot_spots=((3.0, 5.0), (18.5, 3.5), (4.5, 18.5), (19.0, 13.5), (13.5, 22.5)),
    start_positions=(
        ("insurgent", (2.5, 9.3)),
        ("insurgent", (21.5, 9.5)),
        ("insurgent", (16.5, 22.5)),
    ),
    mobs=((11.5, 7.5), (4.5, 11.5), (18.5, 11.5), (10.5, 15.5), (2.0, 19.0)),
    poi=(11.5, 2.0),
)

# --- Scenario 3: Midnight at the Alamo (issue 19) ---
MIDNIGHT_AT_THE_ALAMO = MapSpec(
    slug="midnight-at-the-alamo",
    title="Midnight at the Alamo",
    scenario="midnight-at-the-alamo",
    description=(
        "Night over a fought-through quarter. A Marine squad has gone firm in a walled compound "
        "of three houses on the south edge, each a short dash from the next. Gunmen gather in "
        "the side streets west and east; the street along the north edge leads to the flanking "
        "units, the only way out once the night gets too hot."
    ),
    entry_edges="",
    exit_edges="north",
    ground=(
        ("street", (0, 0, 24, 3)),
        ("pavement", (0, 3, 24, 1)),
        ("street", (10, 4, 3, 12)),
        ("pavement", (9, 4, 1, 12)),
        ("pavement", (13, 4, 1, 12)),
        ("alley", (0, 10, 9, 1)),
        ("alley", (14, 10, 10, 1)),
        ("dirt", (0, 14, 9, 3)),
        ("dirt", (14, 14, 10, 3)),
        ("court", (2, 17, 20, 7)),
    ),
    centre_lines=(("line_h", (0, 1, 24, 1)), ("line_v", (11, 5, 1, 10))),
    zebras=(("zebra_h", (10, 4, 3, 1)),),
    buildings=(
        BuildingSpec(1, 5, 4, 4, 2, "concrete", "School", (("e", 2), ("s", 1)), ("tank_black",)),
        BuildingSpec(6, 5, 3, 4, 3, "plaster", "Flats", (("s", 1),), ("dish", "laundry")),
        BuildingSpec(15, 5, 3, 4, 2, "ochre", "Shop row", (("w", 1), ("s", 1)), ("ac_unit",)),
        BuildingSpec(19, 5, 4, 4, 1, "concrete", "Garage", (("s", 2),), ("solar",)),
        BuildingSpec(4, 11, 3, 3, 1, "ochre", "Tea shop", (("e", 1), ("n", 1)), ("tank_white",)),
        BuildingSpec(17, 11, 3, 3, 2, "plaster", "Pharmacy", (("w", 1), ("n", 1)), ("dish",)),
        # the compound: three houses, each within 4" of the next (Table Set-Up)
        BuildingSpec(
            3, 19, 5, 4, 2, "plaster", "West house", (("n", 2), ("e", 1)), ("tank_black", "laundry")
        ),
        BuildingSpec(
            9,
            18,
            6,
            5,
            2,
            "concrete",
            "Main house",
            (("n", 2), ("w", 1), ("e", 2)),
            ("tank_white", "ac_unit", "dish"),
        ),
        BuildingSpec(16, 19, 5, 4, 1, "ochre", "East house", (("n", 2), ("w", 2)), ("solar",)),
    ),
    walls=(
        # the compound's low perimeter wall, its gate facing the north-south street
        WallSpec(((1.5, 23.5), (1.5, 17.5), (8.5, 17.5)), False),
        WallSpec(((14.5, 17.5), (22.5, 17.5), (22.5, 23.5)), False),
        # yard walls in the quarter
        WallSpec(((0.0, 12.5), (2.5, 12.5)), True),
        WallSpec(((21.5, 12.5), (24.0, 12.5)), True),
    ),
    pieces=(
        PieceSpec("Cover", (11, 8, 1, 2), ("car_blue_n", "car_blue_s"), 0.2, "parked car"),
        PieceSpec("Wreck", (6, 15, 2, 1), ("suv_wreck_w", "suv_wreck_e"), 0.15, "burnt-out car"),
        PieceSpec("Cover", (16, 15, 1, 1), ("crates",), 0.1, "crates"),
        PieceSpec("Cover", (2, 15, 1, 1), ("palm",), 0.2, "palm"),
        PieceSpec("Cover", (21, 15, 1, 1), ("palm",), 0.2, "palm"),
        PieceSpec("Cover", (20, 3, 2, 1), ("car_white_w", "car_white_e"), 0.15, "parked car"),
        rubble(13, 16, 1, 1, "rubble heap"),
        rubble(8, 12, 1, 1, "rubble heap"),
    ),
    zones=(
        ("exit", "regular", (0.0, 0.0, 24.0, 1.0), "X: link-up by the north edge"),
        ("deploy", "insurgent", (0.0, 9.0, 3.0, 14.0), "West: Insurgent units 1-3"),
        ("deploy", "insurgent", (21.0, 9.0, 3.0, 14.0), "East: Insurgent units 4-6"),
    ),
    hot_spots=(),
    start_positions=(
        ("insurgent", (1.5, 10.5)),
        ("insurgent", (1.5, 14.5)),
        ("insurgent", (1.0, 20.5)),
        ("insurgent", (22.5, 10.5)),
        ("insurgent", (22.5, 14.5)),
        ("insurgent", (23.0, 20.5)),
        ("regular", (5.5, 21.0)),
        ("regular", (12.0, 20.5)),
        ("regular", (18.5, 21.0)),
    ),
    objectives=(
        ("the compound: West house", (5.5, 21.0)),
        ("the compound: Main house", (12.0, 20.5)),
        ("the compound: East house", (18.5, 21.0)),
    ),
)

MAPS = (CONTRACTING_TROUBLE, SWEEP_AND_CLEAR, TURKEY_SHOOT, HORNETS_NEST, MIDNIGHT_AT_THE_ALAMO)


# --- tiles -------------------------------------------------------------------------------


def tile_ids(tsx: Path = TSX) -> dict[str, int]:
    """The global tile id (first gid 1) of every tile, from the tileset's `art` properties."""
    tree = ET.parse(tsx)
    ids: dict[str, int] = {}
    for tile in tree.getroot().iter("tile"):
        for prop in tile.iter("property"):
            if prop.get("name") == "art":
                ids[prop.get("value", "")] = int(tile.get("id", "0")) + 1
    return ids


def cells_of(rect: Rect) -> list[Cell]:
    x, y, w, h = rect
    return [(i, j) for j in range(y, y + h) for i in range(x, x + w)]


def wall_masks(walls: tuple[WallSpec, ...]) -> dict[Cell, tuple[int, bool]]:
    """Which wall tile goes where: per cell, the arms to draw and whether the wall is high."""
    masks: dict[Cell, tuple[int, bool]] = {}
    eps = 1e-6

    def mark(cell: Cell, arms: int, high: bool) -> None:
        old, old_high = masks.get(cell, (0, high))
        if cell in masks and old_high != high:
            raise ValueError(f"low and high wall meet in tile {cell}")
        masks[cell] = (old | arms, high)

    for wall in walls:
        for (ax, ay), (bx, by) in zip(wall.points, wall.points[1:], strict=False):
            if ay == by:
                lo, hi = sorted((ax, bx))
                row = math.floor(ay)
                for col in range(math.floor(lo), math.ceil(hi)):
                    centre = col + 0.5
                    arms = (W if lo < centre - eps else 0) | (E if hi > centre + eps else 0)
                    mark((col, row), arms, wall.high)
                if lo == hi:
                    mark((math.floor(lo), row), 0, wall.high)
            elif ax == bx:
                lo, hi = sorted((ay, by))
                col = math.floor(ax)
                for row in range(math.floor(lo), math.ceil(hi)):
                    centre = row + 0.5
                    arms = (N if lo < centre - eps else 0) | (S if hi > centre + eps else 0)
                    mark((col, row), arms, wall.high)
            else:
                raise ValueError(f"wall segment {(ax, ay)}-{(bx, by)} is not axis-aligned")
    return masks


@dataclass
class Layers:
    ground: dict[Cell, str] = field(default_factory=dict)
    shadows: dict[Cell, str] = field(default_factory=dict)
    details: dict[Cell, str] = field(default_factory=dict)
    walls: dict[Cell, str] = field(default_factory=dict)
    roofs: dict[Cell, str] = field(default_factory=dict)
    rooftops: dict[Cell, str] = field(default_factory=dict)


def place(layer: dict[Cell, str], cell: Cell, name: str, what: str) -> None:
    if cell in layer:
        raise ValueError(f"{what}: tile {cell} already holds {layer[cell]}")
    layer[cell] = name


def paint_layers(spec: MapSpec) -> Layers:
    rng = random.Random(spec.slug)
    layers = Layers()
    kinds: dict[Cell, str] = {(i, j): "sand" for j in range(SIZE) for i in range(SIZE)}
    for kind, rect in spec.ground:
        for cell in cells_of(rect):
            kinds[cell] = kind
    for cell, kind in kinds.items():
        if kind == "street":
            name = rng.choice(
                ["asphalt_1", "asphalt_2", "asphalt_3", "asphalt_4"] * 6
                + ["asphalt_patch", "asphalt_manhole", "asphalt_pothole"]
            )
        elif kind == "pavement":
            x, y = cell
            mask = 0
            for bit, (dx, dy) in ((N, (0, -1)), (E, (1, 0)), (S, (0, 1)), (W, (-1, 0))):
                if kinds.get((x + dx, y + dy)) == "street":
                    mask |= bit
            name = (
                f"pavement_m{mask:02d}"
                if mask
                else rng.choice(["pavement_1"] * 4 + ["pavement_2", "pavement_3"])
            )
        elif kind == "court":
            name = rng.choice(["courtyard_1", "courtyard_2", "courtyard_3"])
        else:
            name = rng.choice([f"{kind}_1", f"{kind}_2", f"{kind}_3"])
        layers.ground[cell] = name
    for marking, rect in spec.centre_lines:
        for cell in cells_of(rect):
            layers.ground[cell] = f"asphalt_{marking}"
    for marking, rect in spec.zebras:
        for cell in cells_of(rect):
            layers.ground[cell] = f"asphalt_{marking}"

    building_cells: set[Cell] = set()
    for index, b in enumerate(spec.buildings):
        cells = cells_of((b.x, b.y, b.w, b.h))
        for cell in cells:
            if cell in building_cells:
                raise ValueError(f"{b.label}: overlaps another building at {cell}")
            x, y = cell
            mask = 0
            for bit, (dx, dy) in ((N, (0, -1)), (E, (1, 0)), (S, (0, 1)), (W, (-1, 0))):
                if b.x <= x + dx < b.x + b.w and b.y <= y + dy < b.y + b.h:
                    mask |= bit
            layers.roofs[cell] = f"roof_{b.style}_m{mask:02d}"
        building_cells.update(cells)
        interior = [c for c in cells if b.x < c[0] < b.x + b.w - 1 and b.y < c[1] < b.y + b.h - 1]
        free = interior + [c for c in cells if c not in interior]
        # every roof is reached from inside (R32): the stair hut shows where
        items = ["rooftop_stair_hut", *(f"rooftop_{c}" for c in b.clutter)]
        order = free[index % len(free) :] + free[: index % len(free)]
        for cell, item in zip(order, items, strict=False):
            layers.rooftops[cell] = item
    for b in spec.buildings:
        for side, offset in b.doors:
            cell, art = door_cell(b, side, offset)
            if cell in building_cells or not (0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE):
                raise ValueError(
                    f"{b.label}: door {side}{offset} opens into a building or off the table"
                )
            place(layers.details, cell, art, f"{b.label} door")
        level = b.storeys
        for j in range(b.y, b.y + b.h):
            cell = (b.x + b.w, j)
            part = "e_start" if j == b.y else "e"
            keep_shadow(layers.shadows, cell, f"shadow{level}_{part}", building_cells)
        for i in range(b.x, b.x + b.w):
            cell = (i, b.y + b.h)
            part = "s_start" if i == b.x else "s"
            keep_shadow(layers.shadows, cell, f"shadow{level}_{part}", building_cells)
        keep_shadow(layers.shadows, (b.x + b.w, b.y + b.h), f"shadow{level}_se", building_cells)

    for cell, (mask, high) in wall_masks(spec.walls).items():
        if cell in building_cells:
            raise ValueError(f"a wall runs through the building tile {cell}")
        layers.walls[cell] = f"wall_{'high' if high else 'low'}_m{mask:02d}"
    for piece in spec.pieces:
        cells = cells_of(piece.cells)
        if len(cells) != len(piece.art):
            raise ValueError(f"{piece.label}: {len(cells)} tiles but {len(piece.art)} tile names")
        for cell, art in zip(cells, piece.art, strict=True):
            if cell in building_cells or cell in layers.walls:
                raise ValueError(f"{piece.label}: tile {cell} is a building or a wall")
            place(layers.details, cell, art, piece.label)
    # a little wind-blown dust and litter on the open ground
    for cell in sorted(kinds):
        if cell in layers.details or cell in building_cells or cell in layers.walls:
            continue
        roll = rng.random()
        if kinds[cell] in ("street", "alley", "sand", "dirt") and roll < 0.10:
            layers.details[cell] = rng.choice(["dust_1", "dust_2", "dust_3"])
        elif kinds[cell] in ("alley", "dirt", "pavement") and roll < 0.14:
            layers.details[cell] = "trash"
    return layers


def keep_shadow(shadows: dict[Cell, str], cell: Cell, name: str, buildings: set[Cell]) -> None:
    if cell in buildings or not (0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE):
        return
    old = shadows.get(cell)
    if old is None or storeys_of_shadow(old) < storeys_of_shadow(name):
        shadows[cell] = name  # where two shadows meet, the taller building's wins


def storeys_of_shadow(name: str) -> int:
    return int(name[len("shadow")])


def door_cell(b: BuildingSpec, side: str, offset: int) -> tuple[Cell, str]:
    """The ground tile just outside a door and its art (`door_n`: building to the north)."""
    if side == "n":
        return (b.x + offset, b.y - 1), "door_s"
    if side == "s":
        return (b.x + offset, b.y + b.h), "door_n"
    if side == "w":
        return (b.x - 1, b.y + offset), "door_e"
    if side == "e":
        return (b.x + b.w, b.y + offset), "door_w"
    raise ValueError(f"door side {side!r} is not n, e, s or w")


def door_point(b: BuildingSpec, side: str, offset: int) -> Point:
    """The door on the building outline, in inches, at the middle of the tile edge."""
    return {
        "n": (b.x + offset + 0.5, float(b.y)),
        "s": (b.x + offset + 0.5, float(b.y + b.h)),
        "w": (float(b.x), b.y + offset + 0.5),
        "e": (float(b.x + b.w), b.y + offset + 0.5),
    }[side]


# --- TMX -----------------------------------------------------------------------------------


def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return text if text else "0"


class ObjectWriter:
    def __init__(self) -> None:
        self.next_id = 1
        self.lines: list[str] = []

    def add(
        self,
        cls: str,
        name: str,
        x: float,
        y: float,
        shape: str = "",
        size: tuple[float, float] | None = None,
        props: tuple[tuple[str, str, str], ...] = (),
    ) -> int:
        oid = self.next_id
        self.next_id += 1
        attrs = (
            f'id="{oid}" name={quoteattr(name)} type="{cls}" x="{_num(x * PX)}" y="{_num(y * PX)}"'
        )
        if size is not None:
            attrs += f' width="{_num(size[0] * PX)}" height="{_num(size[1] * PX)}"'
        body: list[str] = []
        if props:
            body.append("   <properties>")
            for pname, ptype, value in props:
                kind = "" if ptype == "string" else f' type="{ptype}"'
                body.append(
                    f"    <property name={quoteattr(pname)}{kind} value={quoteattr(value)}/>"
                )
            body.append("   </properties>")
        if shape:
            body.append(f"   {shape}")
        if body:
            self.lines.append(f"  <object {attrs}>")
            self.lines.extend(body)
            self.lines.append("  </object>")
        else:
            self.lines.append(f"  <object {attrs}/>")
        return oid


def build_tmx(spec: MapSpec, ids: dict[str, int]) -> str:
    layers = paint_layers(spec)
    terrain = ObjectWriter()
    for b in spec.buildings:
        bid = terrain.add(
            "Building",
            b.label,
            b.x,
            b.y,
            size=(b.w, b.h),
            props=(
                ("storeys", "int", str(b.storeys)),
                ("roof_access", "bool", "true"),
                ("label", "string", b.label),
            ),
        )
        for side, offset in b.doors:
            px, py = door_point(b, side, offset)
            terrain.add(
                "Door",
                f"{b.label} door",
                px,
                py,
                shape="<point/>",
                props=(("building", "object", str(bid)),),
            )
    for wall in spec.walls:
        x0, y0 = wall.points[0]
        rel = " ".join(f"{_num((x - x0) * PX)},{_num((y - y0) * PX)}" for x, y in wall.points)
        terrain.add(
            "HighWall" if wall.high else "LowWall",
            "compound wall" if wall.high else "low wall",
            x0,
            y0,
            shape=f'<polyline points="{rel}"/>',
        )
    for piece in spec.pieces:
        x, y, w, h = piece.cells
        terrain.add(
            piece.kind,
            piece.label,
            x + piece.inset,
            y + piece.inset,
            size=(w - 2 * piece.inset, h - 2 * piece.inset),
        )
    markers = ObjectWriter()
    markers.next_id = terrain.next_id
    for role, side, (zx, zy, zw, zh), name in spec.zones:
        markers.add(
            "Zone",
            name,
            zx,
            zy,
            size=(zw, zh),
            props=(("role", "string", role), ("side", "string", side)),
        )
    for number, (hx, hy) in enumerate(spec.hot_spots, start=1):
        markers.add(
            "HotSpot",
            f"Hot spot {number}",
            hx,
            hy,
            "<point/>",
            props=(("number", "int", str(number)),),
        )
    numbers: dict[str, int] = {}  # numbered from 1 per side
    for side, (sx, sy) in spec.start_positions:
        number = numbers[side] = numbers.get(side, 0) + 1
        markers.add(
            "StartPosition",
            f"{side.capitalize()} position {number}",
            sx,
            sy,
            "<point/>",
            props=(("number", "int", str(number)), ("side", "string", side)),
        )
    for number, (cx, cy) in enumerate(spec.contractors, start=1):
        markers.add("Contractor", f"Contractor {number}", cx, cy, "<point/>")
    for label, (ox, oy) in spec.objectives:  # --- Turkey Shoot (issue 20) ---
        markers.add("Objective", label, ox, oy, "<point/>", props=(("label", "string", label),))
    for number, (mx, my) in enumerate(spec.mobs, start=1):  # civilians (issue 21)
        markers.add("CivilianMob", f"C{number}", mx, my, "<point/>")
    if spec.poi is not None:
        markers.add("POI", "Person of Interest", spec.poi[0], spec.poi[1], "<point/>")

    map_props = [
        ("title", "string", spec.title),
        ("scenario", "string", spec.scenario),
        ("pixels_per_inch", "float", str(PX)),
        ("entry_edges", "string", spec.entry_edges),
        ("exit_edges", "string", spec.exit_edges),
        ("description", "string", spec.description),
    ]
    tile_layers = [
        ("ground", layers.ground),
        ("shadows", layers.shadows),
        ("details", layers.details),
        ("walls", layers.walls),
        ("roofs", layers.roofs),
        ("rooftops", layers.rooftops),
    ]
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        'renderorder="right-down" '
        f'width="{SIZE}" height="{SIZE}" tilewidth="{PX}" tileheight="{PX}" infinite="0" '
        f'nextlayerid="{len(tile_layers) + 3}" nextobjectid="{markers.next_id}">',
        " <properties>",
    ]
    for pname, ptype, value in map_props:
        kind = "" if ptype == "string" else f' type="{ptype}"'
        out.append(f"  <property name={quoteattr(pname)}{kind} value={quoteattr(value)}/>")
    out.append(" </properties>")
    out.append(' <tileset firstgid="1" source="urban.tsx"/>')
    for layer_id, (name, cells) in enumerate(tile_layers, start=1):
        out.append(f' <layer id="{layer_id}" name="{name}" width="{SIZE}" height="{SIZE}">')
        out.append('  <data encoding="csv">')
        rows = []
        for j in range(SIZE):
            row = []
            for i in range(SIZE):
                art = cells.get((i, j))
                if art is not None and art not in ids:
                    raise ValueError(f"{spec.slug}: no tile named {art!r} in {TSX.name}")
                row.append(str(ids[art]) if art is not None else "0")
            rows.append(",".join(row))
        out.append(",\n".join(rows))
        out.append("</data>")
        out.append(" </layer>")
    out.append(f' <objectgroup id="{len(tile_layers) + 1}" name="terrain">')
    out.extend(terrain.lines)
    out.append(" </objectgroup>")
    out.append(f' <objectgroup id="{len(tile_layers) + 2}" name="markers">')
    out.extend(markers.lines)
    out.append(" </objectgroup>")
    out.append("</map>")
    return "\n".join(out) + "\n"


def write_maps(out_dir: Path) -> list[Path]:
    ids = tile_ids()
    written = []
    for spec in MAPS:
        path = out_dir / f"{spec.slug}.tmx"
        path.write_text(build_tmx(spec, ids), encoding="utf-8", newline="\n")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the shipped scenario maps.")
    parser.add_argument("--out", type=Path, default=ROOT / "maps", help="folder for the .tmx files")
    args = parser.parse_args(argv)
    if not args.out.is_dir():
        print(f"error: --out {args.out}: not a directory", file=sys.stderr)
        return 2
    if not TSX.is_file():
        print(f"error: {TSX}: missing; run tools/make_tileset.py first", file=sys.stderr)
        return 2
    for path in write_maps(args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

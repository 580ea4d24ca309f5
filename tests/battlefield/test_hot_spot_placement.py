"""Solo Hot Spot placement (Rulebook: Place Insurgent Hot Spots; Hot Spots in Solo Games; R79)."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from game.battlefield.hot_spot_placement import (
    HotSpotPlacementError,
    _uniform_below,
    hot_spot_candidates,
    place_hot_spots,
    solo_hot_spots,
)
from game.battlefield.model import (
    Area,
    AreaKind,
    Battlefield,
    Building,
    HotSpot,
    Point,
    Side,
    Wall,
    WallHeight,
    Zone,
)
from game.rules.dice import ScriptedDice, SeededDice

ROOT = Path(__file__).resolve().parents[2]


def rect(x: float, y: float, w: float, h: float) -> tuple[Point, ...]:
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def town() -> Battlefield:
    """A 24" table: six houses, a walled compound, a pond and the Regulars' deployment strip."""
    buildings = tuple(
        Building(id=i, name=f"house {i}", outline=rect(x, y, 3, 3))
        for i, (x, y) in enumerate([(2, 2), (10, 2), (18, 3), (3, 11), (17, 12), (9, 16)], 1)
    )
    compound = Wall(
        id=20, name="compound", points=rect(11, 9, 4, 4), closed=True, height=WallHeight.HIGH
    )
    lane = Wall(
        id=21, name="lane wall", points=((2, 20), (6, 20)), closed=False, height=WallHeight.LOW
    )
    pond = Area(
        id=30,
        name="pond",
        kind=AreaKind.IMPASSABLE,
        outline=rect(5, 6, 3, 3),
        blocks_los=False,
        blocks_movement=True,
        solid_cover=False,
    )
    deploy = Zone(
        id=40, name="deploy", role="deploy", side=Side.REGULAR, outline=rect(0, 20, 24, 4)
    )
    return Battlefield(
        path="tests/town.tmx",
        title="town",
        width=24,
        height=24,
        pixels_per_inch=32,
        buildings=buildings,
        walls=(compound, lane),
        areas=(pond,),
        zones=(deploy,),
    )


def _dense_distance_to_structures(bf: Battlefield, p: Point) -> float:
    """Independent check: distance to outlines and walls sampled every 0.05"."""
    lines: list[tuple[Point, ...]] = [(*b.outline, b.outline[0]) for b in bf.buildings]
    lines += [(*w.points, w.points[0]) if w.closed else w.points for w in bf.walls]
    best = math.inf
    for line in lines:
        for a, b in itertools.pairwise(line):
            steps = max(1, int(math.dist(a, b) / 0.05))
            for k in range(steps + 1):
                q = (a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps)
                best = min(best, math.dist(p, q))
    return best


def _inside_rect_building(bf: Battlefield, p: Point) -> bool:
    for b in bf.buildings:
        xs = [q[0] for q in b.outline]
        ys = [q[1] for q in b.outline]
        if min(xs) < p[0] < max(xs) and min(ys) < p[1] < max(ys):
            return True
    return False


def assert_valid_hot_spots(bf: Battlefield, spots: tuple[Point, ...]) -> None:
    assert len(spots) == 5
    for p in spots:
        assert 0 < p[0] < bf.width and 0 < p[1] < bf.height, p
        near = _dense_distance_to_structures(bf, p)
        assert near <= 1.03 or _inside_rect_building(bf, p), f'{p} is in the open ({near:.2f}")'
        assert near >= 0.24, f"{p} sits on a wall line"
    for a, b in itertools.combinations(spots, 2):
        assert math.dist(a, b) >= 6.0, (a, b)


@pytest.mark.parametrize("seed", [1, 2, 3, 42, 2026])
def test_five_logical_spots_six_inches_apart(seed: int) -> None:
    bf = town()
    spots = place_hot_spots(bf, SeededDice(seed))
    assert [s.number for s in spots] == [1, 2, 3, 4, 5]
    positions = tuple(s.position for s in spots)
    assert_valid_hot_spots(bf, positions)
    for x, y in positions:
        assert not (5 <= x <= 8 and 6 <= y <= 9), "a Hot Spot in the pond"
        assert y < 20, "a Hot Spot in the Regulars' deployment zone"


def test_same_seed_same_spots_and_seeds_differ() -> None:
    bf = town()
    first = place_hot_spots(bf, SeededDice(7))
    assert place_hot_spots(bf, SeededDice(7)) == first
    others = {place_hot_spots(bf, SeededDice(s)) for s in range(8, 14)}
    assert len(others | {first}) > 1


def test_no_candidate_is_in_open_ground_or_off_the_table() -> None:
    bf = town()
    candidates = hot_spot_candidates(bf)
    assert len(candidates) > 100
    open_ground = (20.0, 20.0)  # far from every structure
    assert open_ground not in candidates
    for p in candidates:
        assert 0.5 <= p[0] <= 23.5 and 0.5 <= p[1] <= 23.5
        assert _dense_distance_to_structures(bf, p) <= 1.03 or _inside_rect_building(bf, p)


def test_regular_zone_is_used_only_when_nothing_else_fits() -> None:
    """Five houses all inside the Regulars' zone: the zone must be used rather than fail."""
    houses = tuple(
        Building(id=i, name=f"h{i}", outline=rect(1 + 6.5 * i, 20, 2, 2)) for i in range(5)
    )
    deploy = Zone(id=9, name="deploy", role="deploy", side=Side.REGULAR, outline=rect(0, 18, 32, 6))
    bf = Battlefield(
        path="strip.tmx",
        title="strip",
        width=32,
        height=24,
        pixels_per_inch=32,
        buildings=houses,
        zones=(deploy,),
    )
    spots = place_hot_spots(bf, SeededDice(5))
    assert_valid_hot_spots(bf, tuple(s.position for s in spots))


def test_a_map_too_small_for_five_spots_says_so_in_one_line() -> None:
    hut = Building(id=1, name="hut", outline=rect(4, 4, 3, 3))
    bf = Battlefield(path="maps/tiny.tmx", title="tiny", width=12, height=12, pixels_per_inch=32)
    with pytest.raises(HotSpotPlacementError, match=r"maps/tiny\.tmx: cannot place 5") as error:
        place_hot_spots(bf, SeededDice(1))
    assert "\n" not in str(error.value)
    crowded = Battlefield(
        path="maps/hut.tmx", title="hut", width=12, height=12, pixels_per_inch=32, buildings=(hut,)
    )
    with pytest.raises(HotSpotPlacementError, match='no 5 of them are 6" apart'):
        place_hot_spots(crowded, SeededDice(1))


def test_uniform_index_reads_d6_as_base_6_digits_and_rejects_the_overhang() -> None:
    # bound 10 needs two digits (36 values); 30..35 are rejected to stay unbiased
    dice = ScriptedDice([6, 6, 1, 2])  # 35 rejected, then 0*6+1 = 1
    assert _uniform_below(dice, 10) == 1
    assert _uniform_below(ScriptedDice([4]), 6) == 3
    assert _uniform_below(ScriptedDice([]), 1) == 0


def test_a_map_that_places_its_own_hot_spots_keeps_them_and_rolls_nothing() -> None:
    own = (HotSpot(1, "hs1", 1, (3.0, 3.0)),)
    bf = Battlefield(
        path="own.tmx", title="own", width=24, height=24, pixels_per_inch=32, hot_spots=own
    )
    dice = ScriptedDice([])
    assert solo_hot_spots(bf, dice) == own
    assert solo_hot_spots(town(), SeededDice(3)) == place_hot_spots(town(), SeededDice(3))


SHIPPED_MAPS = sorted((ROOT / "maps").glob("*.tmx"))
FIXTURE_TOWN = ROOT / "tests" / "maps" / "geometry" / "town.tmx"


@pytest.mark.parametrize("path", SHIPPED_MAPS, ids=lambda p: p.name)
def test_shipped_maps_hold_five_logical_hot_spots(path: Path) -> None:
    loader = pytest.importorskip("game.battlefield.loader")
    bf = loader.load_battlefield(path)
    spots = place_hot_spots(bf, SeededDice(11))
    assert_valid_hot_spots(bf, tuple(s.position for s in spots))
    assert place_hot_spots(bf, SeededDice(11)) == spots


def test_a_tiled_town_map_read_by_the_loader_holds_five_logical_hot_spots() -> None:
    """The battlefield room's fixture town (15 buildings on a 2' table), through the loader."""
    if not FIXTURE_TOWN.exists():
        pytest.skip("the battlefield room's fixture town map is not in the tree")
    from game.battlefield.loader import load_battlefield

    bf = load_battlefield(FIXTURE_TOWN)
    spots = place_hot_spots(bf, SeededDice(2026))
    assert_valid_hot_spots(bf, tuple(s.position for s in spots))
    assert place_hot_spots(bf, SeededDice(2026)) == spots


def test_a_patrol_on_a_map_without_hot_spots_gets_five_placed_with_the_game_dice() -> None:
    """R45 and R79 through the engine: the patrol's map carries none, so the set-up places five
    logical ones 6" apart with the game's dice, says where, and the same seed places the same."""
    from dataclasses import replace

    from game.battlefield.model import Edge
    from game.engine.engine import Engine
    from game.scenarios.catalog import Patrol

    bf = replace(town(), entry_edges=(Edge.SOUTH,))
    engine = Engine(Patrol(), bf, 3)
    spots = tuple((h.x, h.y) for _, h in sorted(engine.state.hot_spots.items()))
    assert sorted(engine.state.hot_spots) == ["1", "2", "3", "4", "5"]
    assert_valid_hot_spots(bf, spots)
    placed = [e for e in engine.state.events if e["kind"] == "HotSpotsPlaced"]
    assert len(placed) == 1 and "R79" in placed[0]["text"]
    again = Engine(Patrol(), bf, 3)
    assert tuple((h.x, h.y) for _, h in sorted(again.state.hot_spots.items())) == spots


def test_a_patrol_map_too_small_for_its_hot_spots_is_a_map_error_in_one_line() -> None:
    from game.battlefield.errors import MapError
    from game.battlefield.model import Edge
    from game.engine.engine import Engine
    from game.scenarios.catalog import Patrol

    bf = Battlefield(
        path="maps/tiny.tmx",
        title="tiny",
        width=12,
        height=12,
        pixels_per_inch=32,
        entry_edges=(Edge.SOUTH,),
    )
    with pytest.raises(MapError) as error:
        Engine(Patrol(), bf, 1)
    assert str(error.value).startswith("error: maps/tiny.tmx: cannot place 5 Insurgent Hot Spots")
    assert "\n" not in str(error.value)

"""Geometry on small hand-built battlefields whose answers can be checked with a ruler.

Coordinates are inches, x east, y south (R1). Bases have radius 3/8" (R2).
"""

from __future__ import annotations

import math
import random
from itertools import pairwise

import pytest

from game.battlefield.geometry import Cover, Geometry
from game.battlefield.model import (
    Area,
    AreaKind,
    Battlefield,
    Building,
    Door,
    Point,
    UnitPosition,
    Wall,
    WallHeight,
)
from game.battlefield.planar import BASE_RADIUS, distance_to_segment, in_cohesion

NODE_OFFSET = BASE_RADIUS + 0.01  # path corners stand this far off each wall (paths._CLEARANCE)


def square(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def field(
    buildings: tuple[Building, ...] = (),
    walls: tuple[Wall, ...] = (),
    areas: tuple[Area, ...] = (),
) -> Geometry:
    return Geometry(Battlefield("test", "test", 24.0, 24.0, 32.0, buildings, walls, areas))


def block(
    id_: int = 1, box: tuple[float, float, float, float] = (8, 8, 12, 12), **kw: object
) -> Building:
    return Building(id_, f"b{id_}", square(*box), **kw)  # type: ignore[arg-type]


def unit(id_: str, *figures: Point, elevation: int = 0) -> UnitPosition:
    return UnitPosition(id_, tuple(figures), elevation)


# ---------------------------------------------------------------- line of sight (R4, R5, R50)


def test_los_clear_in_the_open_and_blocked_by_a_building() -> None:
    geometry = field((block(),))
    west = unit("west", (2, 9.5), (2, 10.5))
    east = unit("east", (16, 9.5), (16, 10.5))
    north = unit("north", (16, 2), (17, 2))
    blocked = geometry.line_of_sight(west, east)
    assert (blocked.seeing, blocked.visible, blocked.has_los) == (0, 0, False)
    clear = geometry.line_of_sight(east, north)
    assert (clear.seeing, clear.visible, clear.has_los) == (2, 2, True)


def test_high_wall_blocks_los_and_low_wall_does_not() -> None:
    high = Wall(1, "high", ((10, 4), (10, 16)), closed=False, height=WallHeight.HIGH)
    low = Wall(2, "low", ((10, 4), (10, 16)), closed=False, height=WallHeight.LOW)
    west = unit("west", (6, 9.5), (6, 10.5))
    east = unit("east", (14, 9.5), (14, 10.5))
    assert not field(walls=(high,)).has_line_of_sight(west, east)
    assert field(walls=(low,)).has_line_of_sight(west, east)


def test_line_of_sight_six_insurgents_two_visible_no_los_either_way() -> None:
    """Rulebook: Line of Sight (LOS), the example of six insurgents of whom two are seen."""
    geometry = field((block(),))
    regulars = unit("regulars", (2, 9.5), (2, 10), (2, 10.5))
    # Four insurgents stand behind the building (every ray crosses it between x=8 and x=12),
    # two have stepped out south of it.
    insurgents = unit(
        "insurgents", (14, 9.6), (14.5, 10.3), (14, 11), (15, 11.5), (14, 15), (15, 15.5)
    )
    sight = geometry.line_of_sight(regulars, insurgents)
    assert (sight.seeing, sight.visible) == (3, 2)
    assert not sight.has_los
    assert "no LOS: 2 of 6 figures visible" in sight.describe()
    # all three Regulars see some insurgent: only the visible half falls short (R4)
    assert sight.describe().endswith(
        "2 of 6 figures visible, 3 of 3 can see (half or more must be visible, R4)"
    )
    back = geometry.line_of_sight(insurgents, regulars)
    assert (back.seeing, back.viewer_figures) == (2, 6)
    assert not back.has_los
    assert back == sight.reversed()


def test_half_the_figures_is_enough() -> None:
    geometry = field((block(),))
    regulars = unit("regulars", (2, 9.5), (2, 10), (2, 10.5))
    insurgents = unit("insurgents", (14, 9.6), (14.5, 10.3), (14, 15), (15, 15.5))
    sight = geometry.line_of_sight(regulars, insurgents)
    assert (sight.visible, sight.target_figures, sight.has_los) == (2, 4, True)


def test_r5_unit_inside_a_building_sees_out_through_its_own_walls_not_through_another() -> None:
    geometry = field((block(1, (8, 8, 12, 12)), block(2, (16, 8, 20, 12))))
    inside = unit("inside", (9, 10), (10, 10), (11, 10))
    between = unit("between", (14, 9.5), (14, 10.5))
    behind_other = unit("behind", (22, 9.5), (22, 10.5))
    outside_west = unit("west", (4, 9.5), (4, 10.5))
    assert geometry.has_line_of_sight(inside, between)
    assert geometry.has_line_of_sight(between, inside)  # seen through its walls too (R5)
    assert geometry.has_line_of_sight(outside_west, inside)
    assert not geometry.has_line_of_sight(inside, behind_other)
    # Two units each inside their own building see each other through both walls.
    other_inside = unit("other", (17, 10), (18, 10))
    assert geometry.has_line_of_sight(inside, other_inside)


def test_r50_elevation_sees_over_lower_buildings_not_equal_ones() -> None:
    # The roof unit stands on a 2-storey building; a 1-storey building is between.
    tower = block(1, (2, 8, 6, 12), storeys=2)
    shed = block(2, (10, 8, 12, 12), storeys=1)
    house = block(3, (16, 8, 20, 12), storeys=1)
    geometry = field((tower, shed, house))
    on_tower = unit("tower", (4, 9.5), (4, 10.5), elevation=2)
    street_east = unit("street", (14, 9.5), (14, 10.5))
    assert geometry.has_line_of_sight(on_tower, street_east)  # over the lower shed
    on_shed_height = unit("low roof", (4, 9.5), (4, 10.5), elevation=1)
    low_field = field((block(1, (2, 8, 6, 12), storeys=1), shed, house))
    assert not low_field.has_line_of_sight(on_shed_height, street_east)  # dead ground
    on_house = unit("house roof", (18, 9.5), (18, 10.5), elevation=1)
    assert low_field.has_line_of_sight(on_shed_height, on_house)  # roof to roof


def test_a_unit_without_figures_is_refused_in_one_line() -> None:
    geometry = field()
    with pytest.raises(ValueError, match="unit 'gone' has no figures on the table"):
        geometry.line_of_sight(unit("gone"), unit("here", (1, 1)))
    with pytest.raises(ValueError, match="unit 'gone' has no figures"):
        geometry.cover_of(unit("gone"))


# ---------------------------------------------------------------- line of fire (R6)


def test_lof_over_heads_at_a_rooftop_target() -> None:
    """Rulebook: Line of Fire (LOF), the example of firing over friends at an RPG on a roof."""
    geometry = field((block(1, (14, 8, 18, 12)),))
    firer = unit("firer", (2, 9.5), (2, 10.5))
    friends = unit("friends", (8, 9.5), (8, 10.5))
    on_roof = unit("rpg", (15, 10), (16, 10), elevation=1)
    lof = geometry.line_of_fire(firer, on_roof, [friends])
    assert lof.units_in_line == ()
    assert lof.fired_over == ("friends",)
    assert not lof.blocked
    assert lof.friendly_in_line({"friends"}) == ()


def test_lof_not_over_heads_at_a_street_target() -> None:
    geometry = field()
    firer = unit("firer", (2, 9.5), (2, 10.5))
    friends = unit("friends", (8, 9.5), (8, 10.5))
    target = unit("target", (15, 10), (16, 10))
    lof = geometry.line_of_fire(firer, target, [friends])
    assert lof.units_in_line == ("friends",)
    assert lof.friendly_in_line({"friends", "firer"}) == ("friends",)


def test_unit_straight_in_the_line_blocks_fire_for_everyone() -> None:
    """Rulebook: Line of Fire (LOF), no unit may fire through another at the same level."""
    geometry = field()
    firer = unit("firer", (2, 10))
    target = unit("rangers", (20, 10))
    in_the_way = unit("second cell", (10, 10.2), (10, 11.2))
    beside = unit("beside", (14, 11.5), (14, 12))
    lof = geometry.line_of_fire(firer, target, [in_the_way, beside])
    assert lof.blocked_by == "second cell"
    assert lof.units_in_line == ("beside", "second cell")
    assert "second cell" in lof.reason
    lof_beside_only = geometry.line_of_fire(firer, target, [beside])
    assert not lof_beside_only.blocked
    assert lof_beside_only.units_in_line == ("beside",)


def test_firing_down_from_a_roof_street_units_count_but_only_roof_units_block() -> None:
    geometry = field((block(1, (2, 8, 6, 12)), block(2, (9, 8, 11, 12))))
    on_roof = unit("roof", (4, 10), elevation=1)
    target = unit("target", (20, 10))
    street = unit("street", (14, 10))  # the line crosses its base, but below the firer
    lof = geometry.line_of_fire(on_roof, target, [street])
    assert lof.units_in_line == ("street",) and not lof.blocked
    other_roof = unit("other roof", (10, 10), elevation=1)
    assert geometry.line_of_fire(on_roof, target, [other_roof]).blocked_by == "other roof"
    higher = unit("higher", (10, 10), elevation=2)  # above both ends: not in the line
    assert geometry.line_of_fire(on_roof, target, [higher]).units_in_line == ()


def test_corridor_catches_a_unit_whose_bounding_box_misses_the_centre_line() -> None:
    """Regression for Chipmunk2D #138: a radius segment query on the space misses bases whose
    box does not touch the thin centre line (checked by hand: pymunk 7.3.1's
    Space.segment_query((0, 3.5), (90, 3.5), 2.0) finds none of bases at y=5)."""
    geometry = field()
    firer = unit("firer", (1, 3.5))
    target = unit("target", (23, 3.5))
    # Base boxes span y 4.625..5.375; the centre line is y = 3.5, 1.5" from their centres.
    off_line = unit("off line", (8, 5), (9, 5))
    # Base edge 2.3 - 3/8 = 1.925" from the line: in; 2.45 - 3/8 = 2.075": out (R51).
    edge_in = unit("edge in", (14, 5.8))
    edge_out = unit("edge out", (18, 5.95))
    lof = geometry.line_of_fire(firer, target, [off_line, edge_in, edge_out])
    assert lof.units_in_line == ("edge in", "off line")
    assert not lof.blocked


def test_lof_counts_only_units_between_the_firer_and_the_target() -> None:
    """Rulebook: Line of Fire (LOF): only units between the firer and its target are in the
    line (R91). Friends behind the firer, or beyond the target, within 2" of the ends are not."""
    geometry = field()
    firer = unit("firer", (10, 10), (10, 11))
    target = unit("target", (20, 10.5))
    behind_firer = unit("behind", (8.5, 10.5))  # 1.5" behind the firer's centre
    beyond_target = unit("beyond", (21.5, 10.5))
    between = unit("between", (15, 12))  # base edge 1.125" from the line
    # base reaching just past the firer's square line into the strip: still between (R51)
    edge_of_strip = unit("edge of strip", (9.7, 12))
    lof = geometry.line_of_fire(
        firer, target, [behind_firer, beyond_target, between, edge_of_strip]
    )
    assert lof.units_in_line == ("between", "edge of strip")
    assert not lof.blocked


def test_civilians_two_inches_in_line_three_inches_at_risk() -> None:
    geometry = field()
    firer = unit("firer", (2, 10))
    target = unit("target", (20, 10))
    near = unit("stand near", (8, 11.5))  # base edge 1.125" from the line
    far = unit("stand far", (12, 13))  # base edge 2.625" from the line
    lof = geometry.line_of_fire(firer, target, [], civilians=[near, far])
    assert lof.civilians_in_line == ("stand near",)
    assert lof.civilians_at_risk == ("stand far", "stand near")
    assert not lof.blocked and lof.units_in_line == ()


# ---------------------------------------------------------------- cover (R7, R8, R51, R52)


def test_exposed_measured_from_the_base_edge() -> None:
    """Rulebook: Cover Dice (Exposed): 2" from cover, from the base edge (R7, R51)."""
    crates = Area(1, "crates", AreaKind.COVER, square(10, 10, 12, 12), False, False, False)
    geometry = field(areas=(crates,))
    x_19 = 12 + BASE_RADIUS + 1.9
    x_21 = 12 + BASE_RADIUS + 2.1
    near = unit("near", (x_19, 10.5), (x_19, 11.5))
    far = unit("far", (x_21, 10.5), (x_21, 11.5))
    assert not geometry.is_exposed(near)
    assert geometry.is_exposed(far)
    assert geometry.cover_of(near) is Cover.IN_COVER_ELIGIBLE
    assert geometry.cover_of(far) is Cover.NONE
    half = unit("half", (x_19, 10.5), (x_19, 11.5), (x_21 + 3, 10.5), (x_21 + 3, 11.5))
    assert not geometry.is_exposed(half)


def test_cover_dice_majority_solid_cover_behind_a_low_wall() -> None:
    """Rulebook: Cover Dice, the fountain example: 4 of 6 behind low walls -> Solid (R8)."""
    wall = Wall(1, "fountain wall", ((5, 5), (15, 5)), closed=False, height=WallHeight.LOW)
    geometry = field(walls=(wall,))
    behind = [(6.0, 5.8), (7.0, 5.8), (8.0, 5.8), (9.0, 5.8)]  # base edge 0.425" from it
    open_ground = [(7.0, 9.5), (8.0, 9.5)]  # base edge 4.125" from it
    four = unit("four", *behind, *open_ground)
    assert geometry.cover_of(four) is Cover.SOLID
    two = unit("two", *behind[:2], *open_ground, (9.0, 9.5), (10.0, 9.5))
    assert geometry.solid_cover_figures(two) == 2
    assert geometry.cover_of(two) is Cover.NONE  # 2 of 6 near cover: also Exposed


def test_inside_a_building_is_solid_cover_and_which_building_a_point_is_in() -> None:
    geometry = field((block(1, (8, 8, 12, 12), storeys=2),))
    assert geometry.cover_of(unit("in", (9, 9), (10, 10))) is Cover.SOLID
    assert geometry.building_at((10, 10)) is not None
    assert geometry.building_at((13, 10)) is None
    assert geometry.roof_elevation_at((10, 10)) == 2
    assert geometry.roof_elevation_at((13, 10)) == 0


# ---------------------------------------------------------------- movement (R2, R3, R32, R53)


def test_path_around_a_building_has_the_hand_computed_length() -> None:
    geometry = field((block(),))
    path = geometry.path((6, 10), (14, 10))
    assert path is not None
    # Around either corner pair: (6,10) -> (8-o, 8-o) -> (12+o, 8-o) -> (14,10), o = 3/8"+0.01".
    o = NODE_OFFSET
    expected = 2 * math.hypot(2 - o, 2 + o) + (4 + 2 * o)
    assert path.length == pytest.approx(expected, abs=1e-9)
    assert path.length > 8
    for a, b in pairwise(path.points):
        for corner in square(8, 8, 12, 12):
            assert distance_to_segment(corner, a, b) >= BASE_RADIUS - 1e-6


def test_path_truncate_stops_after_the_given_length() -> None:
    geometry = field((block(),))
    path = geometry.path((6, 10), (14, 10))
    assert path is not None
    short = path.truncate(3.0)
    assert short.length == pytest.approx(3.0)
    assert short.points[0] == (6, 10)
    assert path.truncate(100).points == path.points


def test_path_enters_a_building_only_through_its_door() -> None:
    door = Door(2, "door", (10, 12), 1)
    geometry = field((block(doors=(door,)),))
    path = geometry.path((10, 4), (10, 10))
    assert path is not None
    assert min(distance_to_segment((10, 12), a, b) for a, b in pairwise(path.points)) <= 0.5
    # It must go round the building to the south face: far longer than the 6" straight line.
    o = NODE_OFFSET
    assert path.length > math.hypot(2 + o, 4 - o) + 4 + 2 * o + 2
    no_door = field((block(),))
    assert no_door.path((10, 4), (10, 10)) is None


def test_path_on_a_roof_stays_on_that_roof() -> None:
    geometry = field((block(1, (8, 8, 12, 12), storeys=1), block(2, (16, 8, 20, 12))))
    on_roof = geometry.path((9, 9), (11, 11), elevation=1)
    assert on_roof is not None and on_roof.length == pytest.approx(math.hypot(2, 2))
    assert geometry.path((9, 9), (17, 9), elevation=1) is None
    assert geometry.path((9, 9), (11, 11), elevation=2) is None


def test_place_in_cohesion_near_a_high_wall() -> None:
    wall = Wall(1, "wall", ((10, 2), (10, 20)), closed=False, height=WallHeight.HIGH)
    geometry = field(walls=(wall,))
    leader = (9.5, 10.0)
    figures = geometry.place_in_cohesion(leader, 6)
    assert len(figures) == 6 and figures[0] == leader
    assert in_cohesion(figures, 1.0)
    for f in figures[1:]:
        assert f[0] <= 10 - BASE_RADIUS  # same side of the wall, base clear of it
    for i, a in enumerate(figures):
        for b in figures[i + 1 :]:
            assert math.dist(a, b) >= 2 * BASE_RADIUS - 1e-9


def test_place_in_cohesion_inside_a_building_keeps_figures_inside() -> None:
    geometry = field((block(1, (8, 8, 12, 12), doors=(Door(2, "d", (10, 12), 1),)),))
    figures = geometry.place_in_cohesion((10, 10), 5)
    assert in_cohesion(figures)
    assert all(geometry.building_at(f) is not None for f in figures)
    assert all(8 + BASE_RADIUS <= f[0] <= 12 - BASE_RADIUS for f in figures)
    with pytest.raises(ValueError, match="no room for 40 figures"):
        geometry.place_in_cohesion((10, 10), 40)


def test_place_in_cohesion_gathers_toward_a_point_and_avoids_other_bases() -> None:
    geometry = field()
    leader = (12.0, 12.0)
    others = ((11.0, 12.0), (11.5, 12.9), (11.5, 11.1))  # another unit west of the leader
    figures = geometry.place_in_cohesion(leader, 4, occupied=others, toward=(20.0, 12.0))
    assert in_cohesion(figures)
    assert all(f[0] > leader[0] - 0.01 for f in figures[1:])  # all on the east side
    for f in figures:
        for o in others:
            assert math.dist(f, o) >= 2 * BASE_RADIUS


# ---------------------------------------------------------------- hidden movement (R54, R35)

GAP_BUILDINGS = (block(1, (8, 8, 12, 12)), block(2, (8, 16, 12, 20)))
SCREEN = Wall(9, "screen", ((16, 11), (16, 17)), closed=False, height=WallHeight.HIGH)
WATCHER = unit("watcher", (2, 14))


def _never_seen(geometry: Geometry, points: tuple[Point, ...]) -> bool:
    for a, b in pairwise(points):
        steps = max(1, int(math.dist(a, b) / 0.05))
        for i in range(steps + 1):
            t = i / steps
            p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if geometry.has_line_of_sight(WATCHER, unit("p", p)):
                return False
    return True


def test_unseen_path_goes_behind_the_screen_wall() -> None:
    """Rulebook: Out of Contact Movement: the watcher looks through the gap between two
    buildings; the high wall at x=16 closes that view, so the path goes round behind it."""
    geometry = field(GAP_BUILDINGS, walls=(SCREEN,))
    start, goal = (14.0, 10.0), (14.0, 18.0)
    path = geometry.unseen_path(start, goal, [WATCHER])
    assert path is not None
    assert path.points[0] == start and path.points[-1] == goal
    assert _never_seen(geometry, path.points)
    assert max(p[0] for p in path.points) > 16  # it went behind the wall
    assert path.length > 8 + 2 * 2  # at least out to x=16 and back


def test_unseen_path_is_none_when_the_view_cuts_the_table() -> None:
    geometry = field(GAP_BUILDINGS)
    assert geometry.unseen_path((14.0, 10.0), (14.0, 18.0), [WATCHER]) is None


def test_first_seen_point_is_where_the_path_enters_the_view() -> None:
    geometry = field(GAP_BUILDINGS)
    path = geometry.path((14.0, 10.0), (14.0, 18.0))
    assert path is not None
    seen = geometry.first_seen_point(path, [WATCHER])
    # The view's edge is the ray from (2,14) over the corner (12,12): y = 14 - 2*(x-2)/10.
    assert seen is not None
    assert seen[0] == pytest.approx(14.0)
    assert seen[1] == pytest.approx(11.6, abs=0.02)


def test_r35_safest_path_spends_less_distance_in_view() -> None:
    geometry = field(GAP_BUILDINGS)
    start, goal = (14.0, 10.0), (14.0, 18.0)
    safest = geometry.safest_path(start, goal, [WATCHER])
    assert safest is not None
    area = geometry.visible_area([WATCHER])
    straight = area.seen_length(start, goal)
    in_view = sum(area.seen_length(a, b) for a, b in pairwise(safest.points))
    assert in_view < straight - 0.5


def test_visible_area_agrees_with_line_of_sight_at_random_points() -> None:
    geometry = field((*GAP_BUILDINGS, block(3, (16, 2, 19, 6))), walls=(SCREEN,))
    watchers = [
        unit("w1", (2, 13.5), (2.5, 14.5), (1.5, 14.5)),
        unit("w2", (20, 20), (21, 20)),
        unit("roof", (17, 3), (18, 4), elevation=1),
    ]
    rng = random.Random(20261122)
    for watching in ([watchers[0]], [watchers[1]], [watchers[2]], watchers[:2]):
        area = geometry.visible_area(watching)
        seen = 0
        for _ in range(200):
            p = (rng.uniform(0.1, 23.9), rng.uniform(0.1, 23.9))
            expected = any(geometry.has_line_of_sight(w, unit("p", p)) for w in watching)
            assert area.contains(p) == expected, (p, [w.id for w in watching])
            seen += expected
        assert 10 < seen < 200  # the sample exercises both answers

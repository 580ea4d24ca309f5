"""One hull frame (polish round 5): the corners, the drive's points, the crew's spots, the grid
a unit keeps clear of and the spots beside a wreck are all reckoned by
`game.battlefield.hulls.hull_frame`, so they agree for any facing."""

from __future__ import annotations

import math

import pytest

from game.battlefield.hulls import Hull, hull_coordinates, hull_corners, hull_frame
from game.engine.bail_out import OFF, hull_grid, leader_spots
from game.engine.vehicles import VehicleRecord, crew_spots, hull_points
from game.rules.vehicle_types import vehicle_type

CENTRE = (20.0, 12.0)


@pytest.mark.parametrize("facing", [0.0, 90.0, 33.0, 270.0])
def test_every_spot_on_and_around_a_hull_is_reckoned_in_one_frame(facing: float) -> None:
    card = vehicle_type("lvtp")
    corners = hull_corners(CENTRE, facing, card.length, card.width)
    hull = Hull("V", corners)
    at = hull_frame(CENTRE, facing)
    # the frame and its inverse: the bow is `facing` degrees round from east
    bow = at(card.length / 2, 0.0)
    assert math.degrees(math.atan2(bow[1] - CENTRE[1], bow[0] - CENTRE[0])) % 360 == (
        pytest.approx(facing % 360, abs=1e-9)
    )
    for u, v in ((1.0, 0.5), (-1.6, -0.65), (0.0, 0.0)):
        assert hull_coordinates(CENTRE, facing, at(u, v)) == pytest.approx((u, v), abs=1e-9)
    # the drive's points lie on the outline (and the centre), inside the corners
    outline = hull_points(card, CENTRE, facing)
    assert outline[0] == CENTRE
    assert all(hull.distance_to(p) == 0.0 for p in outline)
    assert all(min(math.dist(p, c) for c in corners) < 1e-9 for p in outline[1:3])
    # the grid a unit keeps clear of spans exactly the corners
    rec = VehicleRecord(type="lvtp", x=CENTRE[0], y=CENTRE[1], facing=facing)
    grid = hull_grid(rec)
    assert all(hull.distance_to(p) < 1e-9 for p in grid)
    for c in corners:
        assert min(math.dist(p, c) for p in grid) < 1e-9
    # the crew stands on the hull's axis; the leader's spots stand OFF beyond the hull
    for spot in crew_spots(card, CENTRE, facing, 4):
        assert hull_coordinates(CENTRE, facing, spot)[1] == pytest.approx(0.0, abs=1e-9)
    for spot in leader_spots(rec):
        assert hull.distance_to(spot) == pytest.approx(OFF, abs=1e-9)

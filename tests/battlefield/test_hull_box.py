"""A hull's box is measured once (issue 15, the game's speed): the box of its own corners, and a
hull moved or turned (a new, frozen Hull) has the box of its new corners."""

from __future__ import annotations

from dataclasses import replace

from game.battlefield import planar
from game.battlefield.hulls import Hull, hull_corners


def test_a_hull_box_is_its_corners_box_and_a_moved_hull_has_its_own() -> None:
    hull = Hull("V1", hull_corners((10.0, 5.0), 0.0, 4.0, 2.0))
    assert hull.box == planar.bbox_of(hull.corners) == (8.0, 4.0, 12.0, 6.0)
    assert hull.box is hull.box  # measured once
    assert hull.holds((11.5, 5.5)) and not hull.holds((12.5, 5.0))
    turned = replace(hull, corners=hull_corners((10.0, 5.0), 90.0, 4.0, 2.0))
    assert turned.box == planar.bbox_of(turned.corners)
    assert turned.box[1] < hull.box[1]  # the long side now runs north-south
    assert turned.holds((10.0, 6.8)) and not hull.holds((10.0, 6.8))

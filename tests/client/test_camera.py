"""The world↔screen transform of the battle view (inches ↔ pixels)."""

from __future__ import annotations

import pytest

from game.client.camera import MAX_MAP_TEXTURE_SIDE, Camera, Viewport

VIEWPORT = Viewport(0, 30, 1000, 600)


def test_fit_centres_the_whole_table_in_the_viewport() -> None:
    camera = Camera(24.0, 16.0, VIEWPORT)
    # 1000/24 = 41.67 px/in, 600/16 = 37.5 px/in: the height limits.
    assert camera.scale == pytest.approx(37.5)
    left, top, width, height = camera.map_screen_rect()
    assert (width, height) == pytest.approx((900.0, 600.0))
    assert (left, top) == pytest.approx((50.0, 30.0))
    assert camera.world_to_screen((0, 0)) == pytest.approx((50.0, 30.0))
    assert camera.world_to_screen((24, 16)) == pytest.approx((950.0, 630.0))


def test_a_fit_with_a_margin_shows_the_room_around_the_table() -> None:
    """The battle screen fits half an inch around the table, so a base standing on the table's
    edge (3/4" across) shows whole instead of being cut by the viewport's edge."""
    camera = Camera(24.0, 16.0, VIEWPORT, margin=0.5)
    assert camera.scale == pytest.approx(600 / 17)  # the height limits: 16" + 2 x 0.5"
    assert camera.world_to_screen((12, 8)) == pytest.approx((500.0, 330.0))  # centred
    top_edge = camera.world_to_screen((12, 0))[1]
    bottom_edge = camera.world_to_screen((12, 16))[1]
    assert top_edge == pytest.approx(30 + 0.5 * 600 / 17)
    assert bottom_edge == pytest.approx(630 - 0.5 * 600 / 17)


def test_screen_to_world_inverts_world_to_screen() -> None:
    camera = Camera(24.0, 24.0, VIEWPORT)
    camera.zoom_at((300, 200), 2.7)
    for point in [(0.0, 0.0), (3.25, 17.5), (24.0, 24.0)]:
        assert camera.screen_to_world(camera.world_to_screen(point)) == pytest.approx(point)


@pytest.mark.parametrize("factor", [1.2, 1.2**3, 1 / 1.2])
def test_zoom_keeps_the_world_point_under_the_cursor_fixed(factor: float) -> None:
    camera = Camera(24.0, 16.0, VIEWPORT)
    camera.zoom_at((500, 330), 1.5)  # zoomed in first, so zooming out is not clamped
    cursor = (430.0, 300.0)
    before = camera.screen_to_world(cursor)
    camera.zoom_at(cursor, factor)
    assert camera.screen_to_world(cursor) == pytest.approx(before, abs=1e-9)
    assert camera.scale == pytest.approx(1.5 * 37.5 * factor)


def test_zoom_is_limited_both_ways() -> None:
    camera = Camera(24.0, 16.0, VIEWPORT)
    camera.zoom_at((500, 330), 1000.0)
    assert camera.scale == pytest.approx(camera.max_scale())
    assert camera.scale * 24 <= MAX_MAP_TEXTURE_SIDE
    camera.zoom_at((500, 330), 1e-6)
    assert camera.scale == pytest.approx(camera.fit_scale() / 2)


def test_pan_moves_the_table_by_the_given_pixels() -> None:
    camera = Camera(24.0, 16.0, VIEWPORT)
    camera.zoom_at((500, 330), 3.0)
    x, y = camera.world_to_screen((12, 8))
    camera.pan(-40, 25)
    assert camera.world_to_screen((12, 8)) == pytest.approx((x - 40, y + 25))


def test_pan_stops_with_the_table_edge_at_the_viewport_centre() -> None:
    camera = Camera(24.0, 16.0, VIEWPORT)
    camera.pan(-100_000, 100_000)
    assert camera.screen_to_world(VIEWPORT.centre) == pytest.approx((24.0, 0.0))
    assert camera.in_bounds()


def test_resize_keeps_the_same_part_of_the_table_in_view() -> None:
    camera = Camera(24.0, 16.0, VIEWPORT)
    camera.zoom_at((200, 200), 2.0)
    centre_before = camera.screen_to_world(VIEWPORT.centre)
    zoom_before = camera.scale / camera.fit_scale()
    bigger = Viewport(0, 40, 1600, 900)
    camera.set_viewport(bigger)
    assert camera.screen_to_world(bigger.centre) == pytest.approx(centre_before)
    assert camera.scale / camera.fit_scale() == pytest.approx(zoom_before)


def test_a_table_without_size_is_refused() -> None:
    with pytest.raises(ValueError, match="must have a size"):
        Camera(0.0, 16.0, VIEWPORT)

"""The battle screen, driven headlessly with synthetic events; checked by pixels and state."""

from __future__ import annotations

import math
import random

import pygame
import pytest
from client_support import (
    TEST_MAP,
    key_down,
    key_up,
    mouse_down,
    mouse_move,
    mouse_up,
    table_battlefield,
    wheel,
)

from game.battlefield.model import Side
from game.client import text
from game.client.battle import FIT_MARGIN, PAN_STEP_FRACTION, BattleScene, battle_layout
from game.client.camera import ZOOM_STEP
from game.client.catalogue import OpenedMap
from game.client.log_panel import BACKGROUND, MAX_LINES
from game.client.palette import DEFAULT_PALETTE
from game.client.scenes import App
from game.client.viewmodel import (
    BASE_DIAMETER_IN,
    Badge,
    BattleView,
    HotSpotSprite,
    UnitSprite,
    unit_sprite_from_kinds,
)

SAND = (176, 160, 120)  # the ground tile of data/table.png


@pytest.fixture
def battle(app: App) -> BattleScene:
    scene = BattleScene(OpenedMap(TEST_MAP, table_battlefield(), ()))
    app.push(scene)
    app.step()
    return scene


def pixel(app: App, point: tuple[float, float]) -> tuple[int, int, int]:
    colour = app.screen.get_at((round(point[0]), round(point[1])))
    return (colour.r, colour.g, colour.b)


def test_fit_puts_the_table_corners_where_expected(app: App, battle: BattleScene) -> None:
    vp = battle_layout(app.size, (24, 16)).viewport
    margin = 2 * FIT_MARGIN  # half an inch of room on every side of the table
    scale = min(vp.width / (24 + margin), vp.height / (16 + margin))
    left = vp.left + (vp.width - 24 * scale) / 2
    top = vp.top + (vp.height - 16 * scale) / 2
    assert battle.camera.map_screen_rect() == pytest.approx((left, top, 24 * scale, 16 * scale))
    # Ground art just inside the west edge, letterbox just outside it.
    assert pixel(app, battle.camera.world_to_screen((0.5, 7.5))) == SAND
    assert pixel(app, (left - 3, top + 8 * scale)) == DEFAULT_PALETTE.letterbox
    assert pixel(app, (left + 24 * scale + 3, top + 8 * scale)) == DEFAULT_PALETTE.letterbox


def test_a_figure_is_three_quarters_of_an_inch_wide_at_every_zoom(
    app: App, battle: BattleScene
) -> None:
    for notches in (0, 2, 3):
        if notches:
            app.step([mouse_move((400, 400)), wheel(notches)])
        else:
            app.step()
        expected = round(BASE_DIAMETER_IN * battle.camera.scale)
        unit_id, rect = battle.last_frame.figure_rects[0]
        assert rect.width == rect.height == expected
        figure = battle.view_provider().unit(unit_id).figures[0]  # type: ignore[union-attr]
        centre = battle.camera.world_to_screen(figure.position_in)
        assert abs(rect.centerx - centre[0]) <= 1 and abs(rect.centery - centre[1]) <= 1


def test_figures_are_drawn_in_their_side_colours(app: App, battle: BattleScene) -> None:
    app.step([mouse_move((400, 400)), wheel(3)])
    for unit in battle.view_provider().units:
        scheme = DEFAULT_PALETTE.side(unit.side)
        figure = unit.figures[0]
        x, y = battle.camera.world_to_screen(figure.position_in)
        r = BASE_DIAMETER_IN * battle.camera.scale / 2
        if not battle.camera.viewport.contains((x, y)):
            continue
        # Just inside the rim, on the painted base.
        colours = {
            pixel(app, (x + r * 0.72 * math.cos(a), y + r * 0.72 * math.sin(a)))
            for a in (0.3, 2.0, 4.0)
        }
        assert scheme.base in colours or scheme.rim in colours


def test_clicking_a_base_selects_its_unit_and_the_card_shows_it(
    app: App, battle: BattleScene
) -> None:
    view = battle.view_provider()
    bravo = next(u for u in view.units if u.name == "Bravo")
    x, y = battle.camera.world_to_screen(bravo.figures[2].position_in)
    app.step([mouse_move((round(x), round(y))), mouse_down((round(x), round(y)))])
    app.step([mouse_up((round(x), round(y)))])
    assert battle.overlays.selected_unit == bravo.unit_id
    assert battle.card_box is not None
    assert "Bravo" in battle.card_box.html_text
    assert "d8" in battle.card_box.html_text
    # Clicking bare ground clears the selection.
    empty = battle.camera.world_to_screen((1.0, 12.0))
    app.step([mouse_down((round(empty[0]), round(empty[1])))])
    assert battle.overlays.selected_unit is None
    assert "No unit selected" in battle.card_box.html_text


def test_tab_cycles_through_the_units(app: App, battle: BattleScene) -> None:
    ids = [u.unit_id for u in battle.view_provider().units]
    seen = []
    for _ in ids:
        app.step([key_down(pygame.K_TAB)])
        seen.append(battle.overlays.selected_unit)
    assert seen == ids
    app.step([key_down(pygame.K_TAB, pygame.KMOD_LSHIFT)])
    assert battle.overlays.selected_unit == ids[-2]


def test_wheel_zooms_around_the_cursor(app: App, battle: BattleScene) -> None:
    cursor = (420, 300)
    app.step([mouse_move(cursor)])
    before = battle.camera.screen_to_world(cursor)
    scale = battle.camera.scale
    app.step([wheel(2)])
    assert battle.camera.scale == pytest.approx(scale * ZOOM_STEP**2)
    assert battle.camera.screen_to_world(cursor) == pytest.approx(before, abs=1e-9)


def test_arrow_keys_and_wasd_pan_by_an_eighth_of_the_view(app: App, battle: BattleScene) -> None:
    app.step([mouse_move((400, 300)), wheel(3)])
    vp = battle.camera.viewport
    x0, y0 = battle.camera.origin_x, battle.camera.origin_y
    app.step([key_down(pygame.K_RIGHT)])
    assert battle.camera.origin_x == pytest.approx(x0 - vp.width * PAN_STEP_FRACTION)
    app.step([key_down(pygame.K_s)])
    assert battle.camera.origin_y == pytest.approx(y0 - vp.height * PAN_STEP_FRACTION)
    app.step([key_down(pygame.K_a), key_down(pygame.K_w)])
    assert (battle.camera.origin_x, battle.camera.origin_y) == pytest.approx((x0, y0))


def test_right_drag_pans_and_f_fits_again(app: App, battle: BattleScene) -> None:
    app.step([mouse_move((400, 300)), wheel(2)])
    x0, y0 = battle.camera.origin_x, battle.camera.origin_y
    app.step(
        [mouse_down((400, 300), 3), mouse_move((370, 340), (0, 0, 1)), mouse_up((370, 340), 3)]
    )
    assert (battle.camera.origin_x, battle.camera.origin_y) == pytest.approx((x0 - 30, y0 + 40))
    app.step([mouse_move((300, 300), (0, 0, 0))])
    assert (battle.camera.origin_x, battle.camera.origin_y) == pytest.approx((x0 - 30, y0 + 40))
    app.step([key_down(pygame.K_f)])
    assert battle.camera.scale == pytest.approx(battle.camera.fit_scale())


def drag_ruler(app: App, battle: BattleScene) -> tuple[tuple[int, int], tuple[int, int]]:
    """Hold R and drag from (2, 12) to (8, 4) on the table (10" apart); the screen ends."""
    start = battle.camera.world_to_screen((2.0, 12.0))
    end = battle.camera.world_to_screen((8.0, 4.0))
    a = (round(start[0]), round(start[1]))
    b = (round(end[0]), round(end[1]))
    app.step([mouse_move(a), key_down(pygame.K_r), mouse_down(a), mouse_move(b, (1, 0, 0))])
    return a, b


def test_ruler_measures_in_inches(app: App, battle: BattleScene) -> None:
    a, b = drag_ruler(app, battle)
    assert battle.overlays.ruler is not None
    ruler_start, ruler_end = battle.overlays.ruler
    assert math.dist(ruler_start, ruler_end) == pytest.approx(10.0, abs=2 / battle.camera.scale)
    middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert pixel(app, middle) == DEFAULT_PALETTE.ruler
    app.step([mouse_up(b), key_up(pygame.K_r)])
    assert battle.overlays.ruler is None


def test_ruler_survives_key_repeat_while_r_is_held(app: App, battle: BattleScene) -> None:
    # Holding R sends repeated KEYDOWNs (the app turns key repeat on); found in
    # play: each one restarted the ruler under the mouse, so it always read 0".
    drag_ruler(app, battle)
    app.step([key_down(pygame.K_r), key_down(pygame.K_r)])
    assert battle.overlays.ruler is not None
    ruler_start, ruler_end = battle.overlays.ruler
    assert math.dist(ruler_start, ruler_end) == pytest.approx(10.0, abs=2 / battle.camera.scale)


def test_terrain_overlay_draws_building_outlines(app: App, battle: BattleScene) -> None:
    corner = battle.camera.world_to_screen((10.0, 4.5))  # on the shop's east wall
    assert pixel(app, corner) != DEFAULT_PALETTE.debug_building
    app.step([key_down(pygame.K_t)])
    assert pixel(app, corner) == DEFAULT_PALETTE.debug_building


def test_log_lines_are_shown_in_the_log_panel(app: App, battle: BattleScene) -> None:
    app.resize((1280, 1200))  # a tall window: the log keeps the strip under the table
    panel = battle.log_panel
    assert panel.rect == battle_layout(app.size, (24, 16)).log
    assert panel.rect.width == battle.layout.viewport.width
    app.step()
    shown = len(panel.visible_rows())
    assert shown < panel.visible_count  # room for one more line
    height = panel._line_height()
    band = [
        (x, panel.rect.top + 8 + shown * height + dy)
        for x in range(panel.rect.left + 8, panel.rect.left + 300)
        for dy in range(2, height - 2)
    ]
    assert {pixel(app, p) for p in band} == {BACKGROUND}
    battle.log('Alpha moves 6" to the shop <fast>')
    app.step()
    assert panel.visible_rows()[-1] == 'Alpha moves 6" to the shop <fast>'
    assert sum(pixel(app, p) != BACKGROUND for p in band) > 50  # the new line's glyphs


def test_long_lines_wrap_to_the_panel_width(app: App, battle: BattleScene) -> None:
    words = " ".join(f"word{n}" for n in range(120))
    battle.log(words)
    panel = battle.log_panel
    wrapped = panel.rows[-len(panel._wrap(words)) :]
    assert len(wrapped) >= 3
    assert " ".join(wrapped) == words
    face = text.font(19)
    assert all(face.size(row)[0] <= panel.rect.width - 16 for row in wrapped)


def test_the_log_scrolls_with_the_wheel_and_page_keys(app: App, battle: BattleScene) -> None:
    for n in range(60):
        battle.log(f"line {n}")
    panel = battle.log_panel
    assert panel.visible_rows()[-1] == "line 59"
    app.step([mouse_move(panel.rect.center), wheel(2)])
    assert panel.visible_rows()[-1] == "line 53"
    scale = battle.camera.scale
    assert battle.camera.scale == scale  # the wheel over the log does not zoom the table
    battle.log("line 60")  # while reading back, new lines do not move the view
    assert panel.visible_rows()[-1] == "line 53"
    app.step([key_down(pygame.K_PAGEDOWN), key_down(pygame.K_PAGEDOWN)])
    assert panel.visible_rows()[-1] == "line 60"


def test_a_resize_relays_the_screen_and_keeps_the_view(app: App, battle: BattleScene) -> None:
    app.step([mouse_move((400, 300)), wheel(1)])
    centre = battle.camera.screen_to_world(battle.camera.viewport.centre)
    app.resize((1600, 1000))
    app.step()
    layout = battle_layout((1600, 1000), (24, 16))
    assert battle.camera.viewport == layout.viewport
    assert battle.camera.screen_to_world(layout.viewport.centre) == pytest.approx(centre)
    assert battle.card_box is not None
    assert battle.card_box.rect.topleft == layout.card.topleft
    assert battle.card_box.rect.width == layout.card.width


def test_escape_returns_to_the_previous_scene(app: App, battle: BattleScene) -> None:
    app.step([key_down(pygame.K_ESCAPE)])
    assert len(app.stack) == 0
    assert not app.running


def test_random_input_never_breaks_the_view(app: App, battle: BattleScene) -> None:
    rng = random.Random(20261122)
    w, h = app.size
    keys = [
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_a,
        pygame.K_d,
        pygame.K_w,
        pygame.K_s,
        pygame.K_f,
        pygame.K_HOME,
        pygame.K_t,
        pygame.K_l,
        pygame.K_TAB,
        pygame.K_r,
        pygame.K_x,
    ]
    events: list[pygame.event.Event] = []
    for _ in range(2000):
        roll = rng.random()
        pos = (rng.randrange(-50, w + 50), rng.randrange(-50, h + 50))
        if roll < 0.004:
            size = (rng.randrange(700, 1700), rng.randrange(500, 1100))
            events.append(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        elif roll < 0.3:
            events.append(mouse_move(pos, (0, 0, rng.randrange(2))))
        elif roll < 0.45:
            events.append(mouse_down(pos, rng.choice([1, 2, 3])))
        elif roll < 0.6:
            events.append(mouse_up(pos, rng.choice([1, 2, 3])))
        elif roll < 0.75:
            events.append(wheel(rng.choice([-3, -1, 1, 2, 5])))
        elif roll < 0.92:
            events.append(key_down(rng.choice(keys)))
        else:
            events.append(key_up(rng.choice(keys)))
    assert sum(e.type == pygame.VIDEORESIZE for e in events) >= 3
    for start in range(0, len(events), 50):
        app.step(events[start : start + 50])
        assert battle.camera.in_bounds()
    assert app.stack.top is battle
    assert battle.camera.in_bounds()
    assert battle.camera.viewport == battle_layout(app.size, (24, 16)).viewport


def custom_view_scene(app: App) -> tuple[BattleScene, BattleView]:
    pinned = unit_sprite_from_kinds(
        "u1",
        "Charlie",
        Side.REGULAR,
        (12.0, 8.0),
        ["leader", "rifle"],
        "d10",
        "d8",
        badges=(Badge.PINNED, Badge.OVERWATCH),
    )
    view = BattleView(
        title="Custom",
        turn_text="Turn 4 of 10",
        phase_text="Insurgent phase",
        victory_points="VP Regulars 5 · Insurgents 2",
        units=(pinned,),
    )
    scene = BattleScene(OpenedMap(TEST_MAP, table_battlefield(), ()), view_provider=lambda: view)
    app.push(scene)
    app.step()
    return scene, view


def test_top_bar_shows_turn_phase_title_and_victory_points(app: App) -> None:
    scene, _ = custom_view_scene(app)
    assert scene.top_left is not None and scene.top_centre is not None
    assert scene.top_right is not None
    assert scene.top_left.text == "Turn 4 of 10 — Insurgent phase"
    assert scene.top_centre.text == "Custom"
    assert scene.top_right.text == "VP Regulars 5 · Insurgents 2"
    assert scene.top_panel is not None and scene.top_panel.rect.width == app.size[0]


def test_status_badges_are_drawn_beside_the_unit_name(app: App) -> None:
    scene, _ = custom_view_scene(app)
    label = scene.last_frame.unit_label_rects["u1"]
    first_chip_inside = (label.right + 3 + 2, label.centery)
    assert pixel(app, first_chip_inside) == DEFAULT_PALETTE.badge_background["pinned"]
    chip = scene.renderer.badge_chip(
        Badge.PINNED, max(12, min(20, round(scene.camera.scale * 0.5))) - 2
    )
    second_chip_inside = (label.right + 3 + chip.get_width() + 3 + 2, label.centery)
    assert pixel(app, second_chip_inside) == DEFAULT_PALETTE.badge_background["overwatch"]
    app.step([key_down(pygame.K_l)])  # labels off: the badges go with them
    assert pixel(app, first_chip_inside) != DEFAULT_PALETTE.badge_background["pinned"]


def test_a_unit_at_a_side_edge_keeps_its_whole_name_on_the_table(app: App) -> None:
    units = tuple(
        unit_sprite_from_kinds(uid, "Insurgent group 12", side, (x, 8.0), ["rifle"], "d6", "d10")
        for uid, side, x in (("w", Side.INSURGENT, 0.4), ("e", Side.REGULAR, 23.6))
    )
    view = BattleView(
        title="Edges", turn_text="Turn 1", phase_text="", victory_points="", units=units
    )
    scene = BattleScene(OpenedMap(TEST_MAP, table_battlefield(), ()), view_provider=lambda: view)
    app.push(scene)
    app.step()
    left, _ = scene.camera.world_to_screen((0.0, 0.0))
    right, _ = scene.camera.world_to_screen((24.0, 16.0))
    west, east = scene.last_frame.unit_label_rects["w"], scene.last_frame.unit_label_rects["e"]
    assert west.left >= round(left) and west.left <= round(left) + 1  # pushed in, not cut off
    assert east.right <= round(right) + 1 and east.right >= round(right) - 2


def test_hovering_a_base_rings_its_unit(app: App, battle: BattleScene) -> None:
    bravo = next(u for u in battle.view_provider().units if u.name == "Bravo")
    x, y = battle.camera.world_to_screen(bravo.figures[0].position_in)
    app.step([mouse_move((round(x), round(y)))])
    assert battle.overlays.hovered_unit == bravo.unit_id
    app.step()
    _, rect = next(r for r in battle.last_frame.figure_rects if r[0] == bravo.unit_id)
    top_of_ring = (rect.centerx, rect.centery - (rect.width // 2 + 3))
    assert pixel(app, top_of_ring) == DEFAULT_PALETTE.hover
    empty = battle.camera.world_to_screen((1.0, 12.0))
    app.step([mouse_move((round(empty[0]), round(empty[1])))])
    assert battle.overlays.hovered_unit is None


def test_a_base_covers_three_quarters_of_an_inch_of_screen(app: App) -> None:
    """Measured on the pixels: the frame with one figure minus the frame without it."""
    one = unit_sprite_from_kinds("u1", "Solo", Side.REGULAR, (12.5, 8.5), ["rifle"])
    views = {"with": BattleView(title="t", units=(one,)), "without": BattleView(title="t")}
    showing = ["with"]
    scene = BattleScene(
        OpenedMap(TEST_MAP, table_battlefield(), ()),
        view_provider=lambda: views[showing[0]],
    )
    app.push(scene)
    scene.overlays.unit_labels = False
    for notches in (0, 3, 6):
        scene.camera.fit()
        scene.camera.zoom_at(scene.camera.world_to_screen((12.5, 8.5)), ZOOM_STEP**notches)
        showing[0] = "with"
        app.step()
        cx, cy = (round(v) for v in scene.camera.world_to_screen((12.5, 8.5)))
        row_with = [pixel(app, (x, cy)) for x in range(cx - 200, cx + 200)]
        showing[0] = "without"
        app.step()
        row_without = [pixel(app, (x, cy)) for x in range(cx - 200, cx + 200)]
        covered = sum(a != b for a, b in zip(row_with, row_without, strict=True))
        assert abs(covered - BASE_DIAMETER_IN * scene.camera.scale) <= 1.5


def test_the_log_panel_keeps_the_recent_lines(app: App, battle: BattleScene) -> None:
    app.resize((1280, 1200))  # the log under the table, wide enough for a line unwrapped
    for n in range(MAX_LINES * 2):
        battle.log(f"line {n}: Alpha fires 5d8 at Insurgent group 2 and hits twice")
    app.step()
    panel = battle.log_panel
    assert MAX_LINES <= len(panel.lines) <= MAX_LINES + MAX_LINES // 4
    assert panel.visible_rows()[-1].startswith(f"line {MAX_LINES * 2 - 1}:")


def test_a_drag_released_over_a_panel_stops_panning(app: App, battle: BattleScene) -> None:
    app.step([mouse_move((400, 300)), wheel(2), mouse_down((400, 300), 3)])
    card = battle_layout(app.size, (24, 16)).card.center
    app.step([mouse_move(card, (0, 0, 1)), mouse_up(card, 3)])
    origin = (battle.camera.origin_x, battle.camera.origin_y)
    app.step([mouse_move((300, 300)), mouse_move((350, 330))])
    assert (battle.camera.origin_x, battle.camera.origin_y) == origin


def test_a_colour_scheme_repaints_the_figures(app: App) -> None:
    from game.client.palette import SCHEMES, scheme

    assert scheme("no-such-scheme") is DEFAULT_PALETTE
    contrast = SCHEMES["high-contrast"]
    one = unit_sprite_from_kinds("u1", "Solo", Side.REGULAR, (12.5, 8.5), ["rifle"])
    view = BattleView(title="t", units=(one,))
    scene = BattleScene(
        OpenedMap(TEST_MAP, table_battlefield(), ()), view_provider=lambda: view, palette=contrast
    )
    app.push(scene)
    scene.camera.zoom_at(scene.camera.world_to_screen((12.5, 8.5)), ZOOM_STEP**4)
    app.step()
    x, y = scene.camera.world_to_screen((12.5, 8.5))
    r = BASE_DIAMETER_IN * scene.camera.scale / 2
    on_base = {pixel(app, (x + r * 0.72, y)), pixel(app, (x - r * 0.72, y))}
    assert contrast.regular.base in on_base or contrast.regular.rim in on_base
    assert DEFAULT_PALETTE.regular.base not in on_base


def test_a_table_too_tall_for_the_strip_over_the_log_gets_the_whole_height() -> None:
    # issue 22 item 4: the default fitted table was small between wide empty margins
    wide = battle_layout((1280, 800))
    tall = battle_layout((1280, 800), (24, 24))
    assert tall.viewport.height > wide.viewport.height + 100
    assert tall.log.left == tall.card.left and tall.log.top >= tall.card.bottom  # under the card
    scale_wide = min(wide.viewport.width / 25, (wide.viewport.height - 28) / 25)
    scale_tall = min(tall.viewport.width / 25, (tall.viewport.height - 28) / 25)
    assert scale_tall > 1.2 * scale_wide
    flat = battle_layout((1280, 800), (48, 12))  # a wide table keeps the log under it
    assert flat == wide


def test_a_hot_spot_under_figures_gets_its_number_tagged_beside_it() -> None:
    # issue 22 item 4: hot-spot numbers hid under the figures standing on them
    from game.client.render import hot_spot_tag

    disc = pygame.Rect(100, 100, 20, 20)
    assert hot_spot_tag(disc, [pygame.Rect(300, 300, 16, 16)]) is None  # uncovered: no tag
    on_it = pygame.Rect(104, 104, 16, 16)
    tag = hot_spot_tag(disc, [on_it])
    assert tag is not None and not disc.collidepoint(tag)
    assert not pygame.Rect(tag[0] - 8, tag[1] - 8, 16, 16).colliderect(on_it)
    top_right = pygame.Rect(120, 80, 16, 16)  # the first corner taken too: another one
    other = hot_spot_tag(disc, [on_it, top_right])
    assert other is not None and other != tag
    assert not pygame.Rect(other[0] - 8, other[1] - 8, 16, 16).colliderect(top_right)


def test_a_units_name_and_badges_keep_off_other_units_figures(app: App) -> None:
    # found in play (issue 22 item 4): a name and its DEP chip sat on an enemy group's figures.
    # Bravo has enemies right above it, so its name goes below; Alpha, hemmed in above and
    # below, gets its name beside it.
    def unit(uid: str, name: str, side: Side, at: tuple[float, float]) -> UnitSprite:
        return unit_sprite_from_kinds(uid, name, side, at, ["rifle", "rifle"], "d8", "d10")

    units = (
        unit("bravo", "Bravo fireteam", Side.REGULAR, (8.0, 8.0)),
        unit("ins1", "Insurgent group 1", Side.INSURGENT, (8.0, 6.7)),
        unit("alpha", "Alpha fireteam", Side.REGULAR, (16.0, 8.0)),
        unit("ins2", "Insurgent group 2", Side.INSURGENT, (16.0, 6.7)),
        unit("ins3", "Insurgent group 3", Side.INSURGENT, (16.0, 9.3)),
    )
    view = BattleView(
        title="Crowd", turn_text="Turn 1", phase_text="", victory_points="", units=units
    )
    scene = BattleScene(OpenedMap(TEST_MAP, table_battlefield(), ()), view_provider=lambda: view)
    app.push(scene)
    app.step()
    frame = scene.last_frame
    for uid in ("bravo", "alpha"):
        label = frame.unit_label_rects[uid]
        covered = [
            other for other, r in frame.figure_rects if other != uid and r.colliderect(label)
        ]
        assert covered == [], f"{uid}'s name covers {covered}"
    bravo_figures = [r for u, r in frame.figure_rects if u == "bravo"]
    assert frame.unit_label_rects["bravo"].top >= max(r.bottom for r in bravo_figures) - 1


def test_a_units_name_keeps_off_a_hot_spot_number(app: App) -> None:
    # found in play (issue 22 item 4): "Insurgent group 2" was written across hot spot 1 just
    # above the group; the name goes below the figures instead, where nothing is.
    group = unit_sprite_from_kinds(
        "ins2", "Insurgent group 2", Side.INSURGENT, (8.0, 8.0), ["rifle"] * 3, "d6", "d10"
    )
    view = BattleView(
        title="Spots",
        turn_text="Turn 1",
        phase_text="",
        victory_points="",
        units=(group,),
        hot_spots=(HotSpotSprite(1, (8.0, 6.8)),),
    )
    scene = BattleScene(OpenedMap(TEST_MAP, table_battlefield(), ()), view_provider=lambda: view)
    app.push(scene)
    app.step()
    frame = scene.last_frame
    figures = [r for u, r in frame.figure_rects if u == "ins2"]
    assert frame.unit_label_rects["ins2"].top >= max(r.bottom for r in figures) - 1

"""The night on the battle screen (issue 19 part 3): a dark table, the selected unit's sight
circle at its night Optimum Range, "NV" chips; Midnight at the Alamo in the set-up list, its
briefing, and its seats for solo, hot-seat and co-op play."""

from __future__ import annotations

import pygame

from game.client import night_draw
from game.client.briefing import briefing_html
from game.client.play import open_play
from game.client.session import GameSession, Seat, SessionConfig
from game.client.setup_config import available_tables
from game.engine.state import INSURGENT, REGULAR

ID = "midnight-at-the-alamo"


def mean_brightness(surface: pygame.Surface, rect: pygame.Rect) -> float:
    samples = [
        surface.get_at((x, y))
        for x in range(rect.left + 5, rect.right - 5, 23)
        for y in range(rect.top + 5, rect.bottom - 5, 23)
    ]
    return sum(c.r + c.g + c.b for c in samples) / (3 * len(samples))


def test_the_table_is_dark_at_night_and_lit_by_day(app: object) -> None:
    night = open_play(ID, config=SessionConfig(table=ID, seed=3, autosave=False))
    assert night.current_view().night is True
    art = night.renderer.art
    dark = art.surface_at(1.0, night_draw.darken, "night")
    lit = art.surface_at(1.0)
    box = dark.get_rect()
    assert mean_brightness(dark, box) < 0.6 * mean_brightness(lit, box)
    day = open_play("sweep-and-clear", config=SessionConfig(table="sweep-and-clear", seed=1))
    assert day.current_view().night is False


def test_the_selected_units_sight_circle_and_night_vision_chips(app: object) -> None:
    """The selected Insurgent group's circle is its Optimum Range halved (no night vision, R200);
    the Marines' is their full range; a Marine unit's label carries the NV chip."""
    scene = open_play(ID, config=SessionConfig(table=ID, seed=3, autosave=False))  # no card
    app.push(scene)  # type: ignore[attr-defined]
    app.run(max_frames=2)  # type: ignore[attr-defined]
    units = scene.session.engine.state.units
    gunmen = next(u for u in units.values() if u.side == INSURGENT and u.name.endswith("5"))
    assert night_draw.night_reach(gunmen) == (3.0, False)  # Untrained 6" halved
    marines = units["R2"]
    assert night_draw.night_reach(marines) == (16.0, True)  # Trained 8", doubled by the SAW
    screen = app.screen  # type: ignore[attr-defined]
    label = scene.last_frame.unit_label_rects["R2"]
    chip_at = (label.right + 4, label.centery)
    assert tuple(screen.get_at(chip_at))[:3] in (night_draw.NV_CHIP_BG, night_draw.NV_CHIP_TEXT)
    scene.overlays.selected_unit = gunmen.id
    before = screen.copy()
    night_draw.draw(scene, screen)
    centre = scene._to_screen(gunmen.centre)
    radius = round(scene.camera.length_to_screen(3.0))
    ring = [
        (centre[0] + round(radius * dx), centre[1] + round(radius * dy))
        for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1), (0.7071, 0.7071))
    ]
    changed = [p for p in ring if screen.get_at(p) != before.get_at(p)]
    assert changed, "no dash of the sight circle on its radius"
    assert any(tuple(screen.get_at(p))[:3] == night_draw.NO_VISION_COLOUR for p in changed)


def test_midnight_at_the_alamo_is_in_the_set_up_list_with_a_night_briefing() -> None:
    tables = {t.scenario_id: t for t in available_tables(None)}
    assert ID in tables and tables[ID].title == "Midnight at the Alamo"
    from game.briefing import briefing_of

    session = GameSession(SessionConfig(table=ID, seed=1, autosave=False))
    briefing = briefing_of(session.engine)
    assert briefing.night and briefing.arrivals == "by a table edge"
    html = briefing_html(briefing)
    assert " · Night" in html and "Night Fighting" in html
    assert "reinforcements arrive by a table edge" in html  # Fog of War hides their set-up


def test_hot_seat_and_co_op_seats_for_midnight_at_the_alamo() -> None:
    seats = (Seat("Regular player", "human", REGULAR), Seat("Insurgent player", "human", INSURGENT))
    hotseat = GameSession(
        SessionConfig(mode="hotseat", table=ID, seed=2, seats=seats, autosave=False)
    )
    assert hotseat.current_seat() == seats[0] and hotseat.engine.state.night
    coop = GameSession(SessionConfig(mode="coop", table=ID, seed=2, autosave=False))
    first, second = coop.seats_of(REGULAR)
    owned = first.units | second.units
    assert owned == {"R1", "R2", "R3"} and not first.units & second.units


def test_the_unit_card_says_what_the_night_costs() -> None:
    """The card of a unit at night names its night vision, or the die and range it loses."""
    session = GameSession(SessionConfig(table=ID, seed=3, autosave=False))  # no card on ratings
    units = session.engine.state.units
    gunmen = next(u for u in units.values() if u.side == INSURGENT and u.name.endswith("5"))
    assert night_draw.card_line(units["R1"]) == (
        "<b>Night:</b> night vision devices, no penalty (Night Fighting)"
    )
    assert night_draw.card_line(gunmen) == (
        '<b>Night:</b> no night vision: Firepower -1 die, Optimum Range 3" (Night Fighting)'
    )

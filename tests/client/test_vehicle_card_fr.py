"""A vehicle's card on a French screen (polish): its type's name is French, like the other data
names, its passengers' names too, and a long card keeps its last line, the Firepower at the
target, in sight above the order buttons at 1280x800."""

from __future__ import annotations

import os
from typing import Any

import pygame

from game import i18n
from game.client import vehicle_orders
from game.client.play import PlayScene, open_play
from game.client.session import SessionConfig
from game.engine import vehicles
from game.engine.narration import narrate
from game.engine.protocol import EventKind
from tests.client.test_vehicle_ui import engine, lvtp  # noqa: F401  (the Turkey Shoot fixture)


def test_the_vehicle_type_and_its_passengers_are_named_in_french(engine: Any) -> None:  # noqa: F811
    vehicle = lvtp(engine)
    english = vehicle_orders.card_lines(engine, vehicle)
    assert english[0].startswith("Vehicle: LVTP-7 amphibious APC ·")
    assert any(line.startswith("Aboard: Recon Alpha (5)") for line in english)
    i18n.set_language("fr")
    try:
        french = vehicle_orders.card_lines(engine, vehicle)
        entry = narrate(
            EventKind.VEHICLE_NO_ROOM,
            {"side": "regular", "vehicle": "M1126 Stryker ICV", "edge": "south", "cause": ""},
            3,
        )
    finally:
        i18n.set_language("en")
    assert french[0].startswith("Véhicule : LVTP-7 (TTB amphibie) ·")
    aboard = next(line for line in french if line.startswith("À bord"))
    assert "Reco Alpha (5)" in aboard and "Équipe de tireurs d'élite (2)" in aboard
    assert "Sniper team" not in aboard
    assert "Stryker M1126 (transport d'infanterie)" in entry and "ICV" not in entry
    # a vehicle that came on by its card is named after it: "M1126 Stryker ICV 3"
    i18n.set_language("fr")
    try:
        assert i18n.retell("M1126 Stryker ICV 3") == "Stryker M1126 (transport d'infanterie) 3"
        assert i18n.retell("Unknown car 4") == "Voiture inconnue 4"
    finally:
        i18n.set_language("en")


def _scene(app: Any) -> PlayScene:
    config = SessionConfig(table="turkey-shoot", seed=24, pace="instant", autosave=False)
    scene = open_play("turkey-shoot", config=config)
    app.push(scene)
    app.step()
    return scene


def test_a_long_french_vehicle_card_keeps_its_firepower_line_above_the_buttons(
    app: Any, drawn: list[str]
) -> None:
    scene = _scene(app)
    game = scene.session.engine
    vehicle = lvtp(game)
    scene.overlays.selected_unit = vehicle.id
    scene._card_key = None
    app.step()
    box = scene.card_box
    assert box is not None and "Puissance de feu sur" in scene.card_html
    assert box.scroll_bar is None and not box.html_text.startswith("<font size=3.5>")
    # every kind of damage: the card grows by a line or two and is set smaller to fit
    rec = vehicles.record(game.state, vehicle.id)
    assert rec is not None
    rec.damage = {"reliability": 6, "mobility_failures": 1, "armament_failures": 1, "speed_loss": 4}
    vehicles.save(game.state, vehicle.id, rec)
    scene._card_key = None
    app.step()
    assert "Dégâts : Mobilité" in scene.card_html and "Puissance de feu sur" in scene.card_html
    assert box.scroll_bar is None and box.html_text.startswith("<font size=3.5>")
    assert box.rect.bottom <= scene.button_panel.rect.top
    shot = os.environ.get("VEHICLE_CARD_SHOT")
    if shot:
        surface = pygame.Surface((1280, 800))
        scene.draw(surface)
        app.manager.draw_ui(surface)
        pygame.image.save(surface, shot)


def test_a_wrecks_card_agrees_none_with_reliability_and_weapons_in_french(
    engine: Any,  # noqa: F811
) -> None:
    """Polish round 7: "Fiabilité aucun" — the French "none" agrees with the word it stands
    for (Fiabilité and armes are feminine, Dégâts masculine)."""
    vehicle = lvtp(engine)
    rec = vehicles.record(engine.state, vehicle.id)
    assert rec is not None
    rec.type = "ambulance"  # unarmed (R298)
    rec.damage = {"reliability": 0, "mobility_failures": 0, "armament_failures": 0, "speed_loss": 0}
    vehicles.save(engine.state, vehicle.id, rec)
    english = vehicle_orders.card_lines(engine, vehicle)
    i18n.set_language("fr")
    try:
        french = vehicle_orders.card_lines(engine, vehicle)
    finally:
        i18n.set_language("en")
    assert english[0].endswith("Reliability none") and english[1] == "Weapons: none"
    assert french[0].endswith("Fiabilité aucune") and french[1] == "Armes : aucune"


def test_a_card_too_long_at_13_px_is_set_at_12_before_it_scrolls(app: Any) -> None:
    """Polish round 7 (Hornet's Nest seed 4, French): Bravo fireteam escorting the Person of
    Interest, fire mode, its card scrolled at the smaller font and hid the odds at the target."""
    from game.client.card_fit import fit_card_text

    scene = _scene(app)
    box = scene.card_box
    assert box is not None

    def lines(n: int) -> str:
        return "<br>".join(f"line {i} of a long card" for i in range(n))

    sizes = {}
    for n in range(10, 30):
        fits = fit_card_text(box, lines(n))
        sizes[n] = (fits, box.html_text[:15])
    smaller = [n for n, (fits, text) in sizes.items() if fits and text.startswith("<font size=3.5")]
    smallest = [n for n, (fits, text) in sizes.items() if fits and text.startswith("<font size=3>")]
    assert smaller and smallest and min(smallest) > max(smaller)  # the last step, one more line
    assert not sizes[max(smallest) + 1][0] and box.scroll_bar is not None  # beyond: it scrolls

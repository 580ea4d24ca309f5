"""Found in play (polish, round 5): on a French screen the engine's refusals stayed English
("LVTP: the LVTP-7 amphibious APC does not fit past ... buildings or walls are in the way"). The
window now retells them (`game.client.orders.refusal`, templates in
`game/engine/refusal_words.py`); the engine's own text, read by the AIs and tests, stays English.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from game import i18n
from game.client import orders
from game.engine.commands import Drive, IllegalCommand
from game.engine.engine import Engine
from game.save import new_game, resolve_map


@pytest.fixture
def lvtp_game() -> Iterator[tuple[Engine, str, tuple[float, float]]]:
    map_path, scenario_id = resolve_map("turkey-shoot")
    engine = new_game(map_path, scenario_id, 2, turn_limit=3)
    unit = next(u.id for u in engine.state.units.values() if u.name == "LVTP")
    rec = engine.state.vehicles[unit]
    yield engine, unit, (rec["x"], rec["y"])
    i18n.set_language("en")


def test_a_drive_into_a_building_is_refused_in_french(
    lvtp_game: tuple[Engine, str, tuple[float, float]],
) -> None:
    engine, unit, (x, y) = lvtp_game
    into_the_house = Drive(side="regular", unit=unit, path=((x - 6, y - 2),))
    english = orders.check(engine, into_the_house)
    assert english == (
        "LVTP: the LVTP-7 amphibious APC does not fit past (5.5, 21.0): buildings or walls are "
        "in the way"
    )
    i18n.set_language("fr")
    assert orders.check(engine, into_the_house) == (
        "LVTP : le LVTP-7 (TTB amphibie) ne passe pas en (5,5 ; 21,0) : des bâtiments ou des "
        "murs barrent le passage"
    )
    too_far = Drive(side="regular", unit=unit, path=((x, y - 15),))
    assert orders.check(engine, too_far) == 'LVTP : 15,0" dépasse la vitesse de Patrouille de 10"'


def test_a_pinned_units_move_is_refused_in_french(
    lvtp_game: tuple[Engine, str, tuple[float, float]],
) -> None:
    i18n.set_language("fr")
    told = orders.refusal(IllegalCommand("Alpha fireteam is Pinned and may only seek cover"))
    assert told == "Équipe de feu Alpha est Accrochée et ne peut que se mettre à couvert"
    i18n.set_language("en")
    assert orders.refusal(IllegalCommand("Alpha fireteam is Pinned and may only seek cover")) == (
        "Alpha fireteam is Pinned and may only seek cover"
    )


def test_the_fire_preview_speaks_french() -> None:
    """Found in play: in fire mode the preview read "Puissance de feu 5 figures +5 RGL +1 SAW
    +1 Optimum Range +1 = 8" on a French screen, while the unit card said it in French."""
    preview = orders.FirePreview(
        "Alpha fireteam",
        "Insurgent group 9",
        "5 figures +5 RGL +1 SAW +1 Optimum Range +1 = 8",
        "6 figures +6 = 6",
        None,
        "",
    )
    english = preview.lines
    assert english == [
        "Firepower 5 figures +5 RGL +1 SAW +1 Optimum Range +1 = 8",
        "Defense 6 figures +6 = 6",
    ]
    try:
        i18n.set_language("fr")
        assert preview.lines == [
            "Puissance de feu 5 figurines +5 RGL +1 SAW +1 Distance Optimale +1 = 8",
            "Défense 6 figurines +6 = 6",
        ]
        blocked = dataclasses.replace(preview, blocked="hors de vue")
        assert blocked.lines == ["Impossible de tirer sur Cellule insurgée 9 : hors de vue"]
    finally:
        i18n.set_language("en")


def test_the_status_line_names_the_unit_in_french(app: object, drawn: list[str]) -> None:
    """Found in play: "Alpha fireteam : cliquez sur l'unité ennemie à viser" on a French
    screen; the unit's name is retold as the map's label is."""
    from game.client.play import open_play

    play = open_play("contracting-trouble", 1)
    app.push(play)  # type: ignore[attr-defined]
    alpha = next(u for u in play.selectable_units() if u == "R1")
    play.select(alpha)
    play.order("fire")
    assert play.status.startswith("Équipe de feu Alpha : ")
    play.order("move")
    assert play.status.startswith("Équipe de feu Alpha : ")


def test_the_unit_cards_figures_name_the_men_carried_in_french() -> None:
    """Found in play: "Figurines : 4 valides, 1 touchée — Leader, Casualty, ..." on a French
    unit card; the carried men are named in the language in use."""
    from game.briefing import figure_words

    kinds = ["leader", "casualty", "rifle", "casualty", "pow", "poi", "rescued"]
    assert figure_words(kinds) == [
        "Leader",
        "Casualty ×2",
        "Rifle",
        "POW",
        "Person of Interest",
        "Rescued man",
    ]
    try:
        i18n.set_language("fr")
        assert figure_words(kinds) == [
            "Leader",
            "Blessé ×2",
            "Fusil",
            "Prisonnier",
            "Personne d'intérêt",
            "Homme secouru",
        ]
    finally:
        i18n.set_language("en")


def test_the_status_lines_question_is_punctuated_in_french(app: Any, drawn: list[str]) -> None:
    """Found in play: "Vous: Activer une unité régulière ..." (French puts a space before the
    colon: "Vous : Activer ...")."""
    from game.client.play import open_play

    play = open_play("contracting-trouble", 1)
    app.push(play)
    app.run(max_frames=app.frames + 2)
    status = [t for t in drawn if "Activer une unité régulière" in t]
    assert status and all(t.startswith("Vous : ") for t in status)


def test_the_support_assets_are_named_in_french() -> None:
    """Found in play (Midnight at the Alamo, French): the unit card's "Moyens d'appui [Q] :
    Off-Board Heavy Mortar" while the cards box said "Appui de mortier lourd hors table"."""
    from game.client.play_support import title

    assert title("heavy_mortar") == "Off-Board Heavy Mortar"
    try:
        i18n.set_language("fr")
        assert title("heavy_mortar") == "Mortier lourd hors table"
        assert title("uav") == "Drone"
    finally:
        i18n.set_language("en")

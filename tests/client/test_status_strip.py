"""The status strip under the table (polish, round 6): a long refusal is shown whole, in the
player's language."""

from __future__ import annotations

import pygame

from game.client.play import open_play
from game.client.scenes import App
from game.client.session import SessionConfig
from game.i18n import retell, set_language


def test_a_long_refusal_is_shown_whole_in_a_strip_that_grows_over_the_table(app: App) -> None:
    # found in play: "Alpha fireteam cannot move now: ... garbled this turn (R280, Wait…" was
    # cut at the strip's edge, so the card that caused it was never named
    from game.client.play_consts import STATUS_BG
    from game.client.play_draw import status_box

    config = SessionConfig(table="sweep-and-clear", seed=5, pace="instant", autosave=False)
    scene = open_play("sweep-and-clear", config=config)
    app.push(scene)
    app.step()
    scene.select("R1")
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="")])
    assert scene.status_is_error and "Colonel Said WHAT" in scene.status
    strip = scene.status_rect
    box, rows = status_box(strip, scene.status)
    assert " ".join(rows) == scene.status  # every word, none cut
    assert len(rows) >= 2 and box.bottom == strip.bottom and box.top < strip.top
    app.step()
    above = (strip.right - 4, box.top + 2)  # over the table's foot, right of the text
    assert tuple(app.screen.get_at(above))[:3] == STATUS_BG[:3]
    short, one = status_box(strip, "Alpha fireteam activates")
    assert short == strip and one == ["Alpha fireteam activates"]  # a short line: the strip alone


def test_the_garbled_orders_refusal_reads_in_french() -> None:
    # found in play: the French strip said "Alpha fireteam holds its position: the orders are
    # garbled this turn (R280, Wait, the Colonel Said WHAT?!)" in English
    why = (
        "Alpha fireteam holds its position: the orders are garbled this turn (R280, "
        "Wait, the Colonel Said WHAT?!)"
    )
    set_language("fr")
    try:
        told = retell(why)
        boards = retell("Charlie fireteam boards as its whole action (R220)")
    finally:
        set_language("en")
    assert told == (
        "Équipe de feu Alpha tient sa position : les ordres sont brouillés ce tour-ci "
        "(R280, Attendez, le colonel a dit QUOI ?!)"
    )
    assert boards == "Équipe de feu Charlie embarque : cela prend toute son action (R220)"


def test_a_card_outcome_stays_inside_the_card(app: App) -> None:
    # found in play (French): the card on show, "TTB rattaché", ran its bold outcome line off
    # the card's right edge ("... entre par le bord s") — it was wrapped as regular text
    from game.client.card_hand import _card_lines

    outcome = (
        "Stryker M1126 (transport d'infanterie) 4 entre par le bord sud en (21,6 ; 22,2) "
        "(R301, R302)"
    )
    lines = _card_lines("TTB rattaché", "Un transport de troupes blindé.", outcome, 360)
    assert len(lines) >= 4  # title, body, and the outcome on two rows at least
    assert max(line.get_width() for line in lines) <= 360


def test_the_move_preview_keeps_off_the_cards_panel(app: App) -> None:
    # found in play (Hornet's Nest seed 4, French): the preview of Bravo fireteam's move toward
    # the south edge was drawn under the Cards panel, its first words hidden
    from game.client.card_hand import panel_rect

    config = SessionConfig(table="hornets-nest", seed=4, pace="instant", autosave=False)
    scene = open_play("hornets-nest", config=config)
    app.push(scene)
    app.step()
    for _ in range(5):  # the opening Fog of War card asks first (Swiss Cheese: which cover?)
        if scene.dialog_options:
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="")])
        app.step()
    scene.select("R2")
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="")])
    assert scene.mode == "move", scene.status
    panel = panel_rect(scene)
    assert panel is not None  # Hornet's Nest plays with Fog of War cards: the hands' panel
    vp = scene.camera.viewport
    at = (vp.left + vp.width - 40, panel.top + 6)  # far down the table, near its right edge
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))])
    app.step()
    assert scene.preview_text and scene.preview_rect is not None
    assert scene.preview_rect.width > vp.width // 2  # a long line, pushed left by the edge
    assert not scene.preview_rect.colliderect(panel)


def test_tending_refusals_and_the_exit_preview_read_in_french() -> None:
    # found in play (Midnight at the Alamo seed 7, French): "Alpha fireteam is safe where it is:
    # it tends its wounded there, not moving (R122)" and "Bravo fireteam quitte la table par le
    # bord nord" on the French screen
    from game.client.move_checks import ExitPreview

    set_language("fr")
    try:
        safe = retell(
            "Alpha fireteam is safe where it is: it tends its wounded there, not moving (R122)"
        )
        toward = retell(
            "Alpha fireteam is tending its wounded: it may move only into Solid Cover or out of "
            "Insurgent sight, or toward it, where fewer Insurgent units see it (R27, R122)"
        )
        leaves = ExitPreview((24.0, 0.0), "north", "Bravo fireteam", (), 4, 5).text
    finally:
        set_language("en")
    assert safe == (
        "Équipe de feu Alpha est à l'abri là où elle est : elle y soigne ses blessés sans bouger "
        "(R122)"
    )
    assert toward.startswith("Équipe de feu Alpha soigne ses blessés : ")
    assert toward.endswith("(R27, R122)")
    assert leaves.startswith("Équipe de feu Bravo quitte la table par le bord nord")


def test_a_unit_that_may_not_move_while_tending_is_pointed_to_first_aid(
    app: App, monkeypatch: object
) -> None:
    # found in play (Contracting Trouble seed 5, polish round 7): Alpha fireteam, safe with a
    # wounded man, was refused every move for four turns (R122) and nothing said that First Aid
    # [G] was what it could do
    from game.client import orders
    from game.engine.commands import FirstAid

    config = SessionConfig(table="contracting-trouble", seed=3, pace="instant", autosave=False)
    scene = open_play("contracting-trouble", config=config)
    app.push(scene)
    app.step()
    why = "Alpha fireteam is safe where it is: it tends its wounded there, not moving (R122)"
    real_check = orders.check
    first_aid_ok = {"value": True}

    def check(engine: object, command: object) -> str:
        if isinstance(command, FirstAid):
            return "" if first_aid_ok["value"] else "no wounded figures to tend"
        return real_check(engine, command)  # type: ignore[arg-type]

    monkeypatch.setattr(orders, "cannot", lambda engine, unit, action: why)  # type: ignore[attr-defined]
    monkeypatch.setattr(orders, "check", check)  # type: ignore[attr-defined]
    scene.select("R1")
    m = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="")
    app.step([m])
    assert scene.status_is_error
    assert scene.status.endswith(f"{why} · First Aid [G] to tend them")
    first_aid_ok["value"] = False  # no First Aid to give: no pointer to it
    app.step([m])
    assert scene.status.endswith(why)
    set_language("fr")
    try:
        first_aid_ok["value"] = True
        app.step([m])
        assert scene.status.endswith("Premiers Soins [G] pour les soigner")
    finally:
        set_language("en")


def test_the_civilian_mob_refusal_reads_in_french() -> None:
    # found in play (Hornet's Nest seed 4, French, polish round 7): the move preview and the
    # status line said "Bravo fireteam may not move through civilian mob C1, C4 (Rulebook:
    # Civilians on the Battlefield; R232)" in English
    set_language("fr")
    try:
        told = retell(
            "Bravo fireteam may not move through civilian mob C1, C4 "
            "(Rulebook: Civilians on the Battlefield; R232)"
        )
    finally:
        set_language("en")
    assert told == (
        "Équipe de feu Bravo ne peut pas traverser la foule C1, C4 "
        "(Règles : Les civils sur le champ de bataille ; R232)"
    )


def test_an_order_outside_the_choices_is_refused_in_french() -> None:
    # polish round 7: "Bloqué : not one of the choices for: …" on the French screen
    set_language("fr")
    try:
        told = retell(
            "not one of the choices for: Move or fire an Insurgent unit that did not interrupt"
        )
    finally:
        set_language("en")
    assert told == (
        "aucun des choix offerts pour : Déplacer ou faire tirer une unité insurgée qui n'a pas "
        "interrompu"
    )

"""Found by playing in French (helper qa): the engine's English data words on the screens —
unit names on the map and the unit card, the card's Defense and Firepower pools, the status
line's question, the briefing's "automatic" Insurgency Level, the end report's unit lines — are
shown in French (`game.i18n.retell` at the moment they are drawn); in English they are unchanged.
"""

from __future__ import annotations

from typing import Any

from game import i18n


def test_the_map_labels_card_and_status_line_speak_french(app: Any, drawn: list[str]) -> None:
    from game.client.play import open_play

    play = open_play("contracting-trouble", 1)
    app.push(play)  # type: ignore[attr-defined]
    play.select(play.selectable_units()[0])
    app.run(max_frames=app.frames + 2)  # type: ignore[attr-defined]
    assert "Cellule insurgée 1" in drawn  # the map's label, not "Insurgent group 1"
    assert not any(t.startswith("Insurgent group") for t in drawn)
    status = [t for t in drawn if "Activer une unité régulière" in t]
    assert status, "the status line asks its question in French"
    card = play.card_markup()
    assert "À couvert" in card and "In Cover" not in card
    assert "Insurgent group" not in card
    from game.client.orders import unit_name

    engine = play.session.engine
    alpha = next(u.id for u in engine.state.units.values() if u.name == "Alpha fireteam")
    assert unit_name(engine, alpha) == "Équipe de feu Alpha"  # the dialog's buttons


def test_the_engine_prompts_are_retold_in_french() -> None:
    i18n.set_language("fr")
    try:
        assert i18n.retell("Alpha fireteam: fire, move or end the activation") == (
            "Équipe de feu Alpha : tirer, se déplacer ou finir l'activation"
        )
        assert i18n.retell("Insurgent group 3 interrupts by moving: choose where") == (
            "Cellule insurgée 3 interrompt en se déplaçant : choisissez où"
        )
    finally:
        i18n.set_language("en")
    assert i18n.retell("Insurgent group 3: fire, move or stop") == (
        "Insurgent group 3: fire, move or stop"
    )


def test_the_briefing_level_and_report_units_speak_french(drawn: list[str]) -> None:
    from game.client.briefing import level_label
    from game.client.report_view import report_html
    from game.report import AfterAction, UnitLine

    assert level_label("automatic") == "automatique"
    assert level_label("4") == "4"
    report = AfterAction(
        title="Contracting Trouble",
        turns=5,
        reason="",
        vp_regular=15,
        vp_insurgent=0,
        margin="decisive",
        winner="regular",
        headline="",
        items=(),
        objectives=(),
        units=[UnitLine("alpha", "Alpha fireteam", "regular", 5, status="exited")],
        vp_by_turn=[],
        fires=[],
    )
    page = report_html(report)
    assert "Équipe de feu Alpha" in page and "sortie" in page
    assert "Réguliers : Équipe de feu Alpha" in page  # French puts a space before the colon
    assert "Alpha fireteam" not in page and "exited" not in page


def test_a_card_choice_asks_in_french() -> None:
    """Midnight at the Alamo's Excellent Position (found in play: its question in English)."""
    from game.client.prompt_words import prompt_text
    from game.engine.decisions import Decision
    from game.engine.protocol import DecisionKind

    pending = Decision(
        1,
        "regular",
        DecisionKind.CARD_CHOICE,
        "An Excellent Position (Regular): which unit holds the excellent position?",
        [],
        lambda _command: None,
        {"card": "excellent", "title": "An Excellent Position (Regular)", "choosing": "unit"},
    )
    assert prompt_text(pending).startswith("An Excellent Position (Regular): which unit")
    i18n.set_language("fr")
    try:
        told = prompt_text(pending)
    finally:
        i18n.set_language("en")
    assert told == (
        "Une excellente position (réguliers) : quelle unité tient l'excellente position ?"
    )

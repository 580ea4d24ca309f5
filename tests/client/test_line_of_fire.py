"""Issue 22 item 3 (Rulebook: Line of Sight; Firing — friends in the line of fire, R6).

Found in play: the line-of-sight tool said "clear", then the fire was refused for a friend in the
line of fire; the refusal named one target's reason; the card gave Firepower at a target the
unit could not shoot. Contracting Trouble, seed 3, with Bravo fireteam set down between Alpha
fireteam and Insurgent group 1."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from test_play_turn import SEED, click, frames, key, unit_pos

from game.client import orders
from game.client.play import PlayScene, open_play
from game.client.session import SessionConfig
from game.engine import placement
from game.engine.checks import fire_blockers


@pytest.fixture
def scene(app: object) -> Iterator[PlayScene]:
    config = SessionConfig(table="contracting-trouble", seed=SEED, pace="instant", autosave=False)
    play = open_play("contracting-trouble", config=config)
    app.push(play)  # type: ignore[attr-defined]
    frames(play)
    engine = play.session.engine
    alpha, bravo, target = (engine.state.units[u] for u in ("R1", "R2", "I1"))
    middle = (
        (alpha.centre[0] + target.centre[0]) / 2,
        (alpha.centre[1] + target.centre[1]) / 2,
    )
    placement.place_unit(engine, bravo, middle)
    assert engine.los(alpha, target) and "Bravo fireteam" in fire_blockers(engine, alpha, target)
    yield play


def test_the_sight_tool_reports_the_line_of_fire(scene: PlayScene) -> None:
    engine = scene.session.engine
    alpha, target = engine.state.units["R1"], engine.state.units["I1"]
    words = orders.sight_between_units(engine, alpha, target)
    assert "line of fire blocked by Bravo fireteam (R6)" in words
    other = engine.state.units["I4"]
    if engine.los(alpha, other) and not fire_blockers(engine, alpha, other):
        assert orders.sight_between_units(engine, alpha, other).endswith("line of fire clear")


def test_the_card_gives_the_reason_not_firepower_at_a_target_it_cannot_shoot(
    scene: PlayScene,
) -> None:
    engine = scene.session.engine
    frames(scene, click(unit_pos(scene, "R1")))
    scene.overlays.hovered_unit = "I1"
    markup = scene.card_markup()
    # the label names the target once, and "cannot fire" is not said twice: the engine's
    # "Alpha fireteam cannot fire at Insurgent group 1:" head is the label's (polish round 7)
    assert "Cannot fire at Insurgent group 1:</b> Bravo fireteam in the line of fire" in markup
    assert markup.count("Insurgent group 1") == 1 and markup.lower().count("cannot fire") == 1
    assert "Firepower at" not in markup
    assert engine.state.units["R1"].effective_figures


def test_a_refused_fire_gives_every_targets_reason(scene: PlayScene) -> None:
    engine = scene.session.engine
    frames(scene, click(unit_pos(scene, "R1")))
    reasons = [
        orders.fire_blocked(engine, engine.state.units["R1"], foe)
        for foe in engine.enemies(engine.state.units["R1"])
        if foe.on_table and foe.effective_figures
    ]
    assert all(reasons) and len(set(reasons)) >= 2  # nobody to fire at, for different reasons
    frames(scene, [key(pygame.K_f)])
    assert scene.mode == "select" and scene.status_is_error
    for reason in set(reasons):  # F says why for each of them
        assert reason in scene.status


def test_the_fire_preview_names_the_target_once() -> None:
    """The status line's fire preview: an engine reason that names the target is shown alone
    (found in play: 'Cannot fire at X: Alpha fireteam has no line of sight to X'); a reason that
    does not name it keeps the target in the label."""
    from game.client.orders import FirePreview

    def lines(blocked: str) -> list[str]:
        return FirePreview("Alpha fireteam", "Insurgent group 3", "", "", None, blocked).lines

    named = "Alpha fireteam has no line of sight to Insurgent group 3 (R4)"
    assert lines(named) == [f"Cannot fire: {named}"]
    assert lines("out of sight") == ["Cannot fire at Insurgent group 3: out of sight"]


def test_the_card_and_the_fire_preview_say_the_same_cannot_fire_line(scene: PlayScene) -> None:
    """One copy (polish, round 6): the unit card's line is the fire preview's, in bold."""
    import html
    import re

    from game.client.fire_words import cannot_fire_line

    engine = scene.session.engine
    frames(scene, click(unit_pos(scene, "R1")))
    scene.overlays.hovered_unit = "I1"
    markup = scene.card_markup()
    (line,) = orders.fire_preview(engine, engine.state.units["R1"], engine.state.units["I1"]).lines
    card_line = next(p for p in markup.split("<br>") if "Cannot fire" in p)
    assert html.unescape(re.sub("</?b>", "", card_line)) == line
    # the same words with markup: the heading bold, the engine's reason escaped
    assert cannot_fire_line("A & B", "out of sight", markup=True) == (
        "<b>Cannot fire at A &amp; B:</b> out of sight"
    )
    assert cannot_fire_line("A", "A is out of sight") == "Cannot fire: A is out of sight"


def test_the_line_of_fire_refusal_says_cannot_fire_once_in_both_languages() -> None:
    """Polish round 7: "Cannot fire: Alpha fireteam cannot fire at Insurgent group 1: …" — the
    engine's head is dropped when it names the firer and the target, in French too."""
    from game import i18n
    from game.client.fire_words import cannot_fire_line

    why = "Alpha fireteam cannot fire at Insurgent group 1: Bravo fireteam in the line of fire (R6)"
    assert cannot_fire_line("Insurgent group 1", why, firer="Alpha fireteam") == (
        "Cannot fire at Insurgent group 1: Bravo fireteam in the line of fire (R6)"
    )
    # another firer's refusal keeps its words whole
    assert (
        cannot_fire_line("Insurgent group 1", why, firer="Bravo fireteam") == f"Cannot fire: {why}"
    )
    i18n.set_language("fr")
    try:
        firer, target = i18n.retell("Alpha fireteam"), i18n.retell("Insurgent group 1")
        blocker = i18n.retell("Bravo fireteam")
        line = cannot_fire_line(target, i18n.retell(why), firer=firer, markup=True)
    finally:
        i18n.set_language("en")
    assert line == (
        f"<b>Ne peut pas tirer sur {target} :</b> {blocker} dans la ligne de tir (R6)"
    ).replace("'", "&#x27;")

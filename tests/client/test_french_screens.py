"""The screens in French (issue 24 §2): each screen is drawn headlessly in French while every
text handed to the font renderer (`game.client.text.text`) and every widget's text is recorded;
none of them may be an English `ui` message left untranslated."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
TAG = re.compile(r"<[^>]+>")


def _english_messages() -> list[tuple[str, re.Pattern[str]]]:
    """Every ui msgid whose French differs, as a pattern matching it with its placeholders
    filled in (a template needs a few letters of its own to be recognised)."""
    from babel.messages.pofile import read_po

    po = ROOT / "game" / "locale" / "fr" / "LC_MESSAGES" / "ui.po"
    with po.open("rb") as handle:
        catalog = read_po(handle, locale="fr", domain="ui")
    found = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for msgid in ids:
            if not msgid or msgid in strings:
                continue
            parts = re.split(r"\{[^{}]*\}", msgid)
            if sum(len(re.sub(r"[^A-Za-z]", "", p)) for p in parts) < 4:
                continue
            pattern = ".+?".join(re.escape(p) for p in parts)
            found.append((msgid, re.compile(pattern)))
    return found


def _fragments(value: str) -> Iterator[str]:
    """The runs of text of a (possibly HTML) string: its lines, without the markup."""
    for line in re.split(r"<br\s*/?>|\n", value):
        plain = html.unescape(TAG.sub("", line)).strip()
        if plain:
            yield plain


def _widget_texts(app: Any) -> list[str]:
    out = []
    for element in app.manager.get_sprite_group().sprites():
        for name in ("text", "html_text"):
            value = getattr(element, name, None)
            if isinstance(value, str) and value:
                out.append(value)
    return out


def _log_lines(engine: Any) -> set[str]:
    """The event log's sentences and the AI's reasons: the narration domain (not this test's),
    told apart so that "Turn 1 begins" is not taken for the screen's "Turn {turn}"."""
    lines = {str(e.get("text", "")) for e in engine.state.events}
    return lines | {str(note[1]) for note in engine.notes}


def _english_left(texts: list[str], narration: set[str] | None = None) -> list[str]:
    messages = _english_messages()
    narration = narration or set()
    left = set()
    for value in texts:
        for piece in (value, *_fragments(value)):
            if any(piece in line for line in narration):
                continue
            for msgid, pattern in messages:
                if pattern.fullmatch(piece):
                    left.add(f"{piece!r} (msgid {msgid!r})")
    return sorted(left)


def _show(app: Any, scene: Any, drawn: list[str], frames: int = 2) -> list[str]:
    app.push(scene)
    app.run(max_frames=app.frames + frames)
    return [*drawn, *_widget_texts(app)]


def test_the_menus_setup_and_settings_are_drawn_in_french(app: Any, drawn: list[str]) -> None:
    from game.client.menu import MainMenuScene, OpenMapScene, ScenarioSelectScene
    from game.client.saves_ui import LoadScene
    from game.client.settings_screen import SettingsScene
    from game.client.setup import SetupScene

    texts = _show(app, MainMenuScene(), drawn)
    assert "Nouvelle partie" in texts and "Réglages" in texts
    screens = (SetupScene(), SettingsScene(), LoadScene(), ScenarioSelectScene(), OpenMapScene())
    for scene in screens:
        texts += _show(app, scene, drawn)
        app.pop()
    assert "Choisissez la table, le mode et les joueurs" in texts
    assert _english_left(texts) == []


def test_the_briefing_battle_and_help_screens_are_drawn_in_french(
    app: Any, drawn: list[str]
) -> None:
    from game.briefing import briefing_of
    from game.client.briefing import BriefingScene
    from game.client.help import HelpOverlay
    from game.client.play import open_play

    play = open_play("contracting-trouble", 1)
    texts = _show(app, play, drawn)
    play.select(play.selectable_units()[0])
    texts += _show(app, HelpOverlay(play), drawn)
    app.pop()
    texts += _show(app, BriefingScene(briefing_of(play.session.engine)), drawn)
    assert "BRIEFING" in texts and "Commencer" in texts
    assert any("Tour 1 sur" in t for t in texts)
    assert _english_left(texts, _log_lines(play.session.engine)) == []


def test_the_end_screen_and_its_report_are_drawn_in_french(app: Any, drawn: list[str]) -> None:
    from game.client.catalogue import open_map
    from game.client.endgame import EndGameScene
    from game.client.play import battle_scene_for

    path = ROOT / "maps" / "contracting-trouble.tmx"
    battle = battle_scene_for(open_map(path), 2, 10**6, autosave=False)
    app.push(battle)
    while not isinstance(app.stack.top, EndGameScene) and app.frames < 600:
        app.run(max_frames=app.frames + 1)
    assert isinstance(app.stack.top, EndGameScene)
    app.run(max_frames=app.frames + 2)
    texts = [*drawn, *_widget_texts(app)]
    assert "FIN DE PARTIE" in texts and "Revoir" in texts
    engine = battle.session.engine  # type: ignore[attr-defined]
    assert _english_left(texts, _log_lines(engine)) == []


def test_the_scan_finds_english_left_on_a_screen(app: Any, drawn: list[str]) -> None:
    """The check itself can fail: an English text drawn in French is caught."""
    from game.client import text

    text.text("Back to the main menu (Esc)", 14, (255, 255, 255))
    text.text("Turn 3 of 8", 14, (255, 255, 255))
    left = _english_left(drawn)
    assert any("Back to the main menu" in line for line in left)
    assert any("Turn 3 of 8" in line for line in left)


def test_the_dialogs_hand_off_and_replay_list_are_drawn_in_french(
    app: Any, drawn: list[str]
) -> None:
    from game.client.confirm import ConfirmScene
    from game.client.handoff import HandoffScene
    from game.client.play import open_play
    from game.client.replay import ReplayListScene
    from game.client.saves_ui import SaveNameScene
    from game.client.words import side_player

    play = open_play("contracting-trouble", 1)
    texts = _show(app, play, drawn)
    texts += _show(app, SaveNameScene(play, play.session), drawn)
    app.pop()
    texts += _show(app, ConfirmScene(play, "?", lambda: None), drawn)
    app.pop()
    texts += _show(app, HandoffScene(side_player("insurgent"), "", "insurgent"), drawn)
    app.pop()
    texts += _show(app, ReplayListScene(), drawn)
    assert "Passez la main au Joueur insurgé" in texts and "Oui [Entrée]" in texts
    assert _english_left(texts, _log_lines(play.session.engine)) == []

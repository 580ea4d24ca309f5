"""Both AIs' reasons reach the headless log the same way (the engine's notes, printed as filed),
and their numbers are written the way the language in use writes them, as the narration's are
(polish: the Regular AI's card-choice reasons were missing; French screens showed "(4.5, 10.5)"
beside the narration's "(4,5 ; 10,5)")."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import i18n
from game.headless import main

ENGLISH_DECIMAL = re.compile(r"(?<![\w.,])\d+\.\d")  # 2.5, not a figure's id "I1.2"


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("AMBUSH_ALLEY_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def french() -> Iterator[None]:
    i18n.set_language("fr")
    try:
        yield
    finally:
        i18n.set_language("en")


TURKEY_3 = ["--scenario", "turkey-shoot", "--seed", "3", "--turns", "3", "--no-autosave"]


def test_the_regular_ais_card_choice_reason_is_printed_before_the_card_it_plays(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Turkey Shoot seed 3: the LVTP's natural 1 draws An Excellent Position on turn 3 (turn 2
    until R347's car bomb struck the LVTP, and the team AI's round-7 rulings, moved the game) and
    the Regular AI picks the unit nearest the enemy; its reason stands before the card's event."""
    assert main(TURKEY_3) == 0
    lines = capsys.readouterr().out.splitlines()
    reason = lines.index(
        "Regular AI: An Excellent Position (Regular): Recon Bravo, the unit nearest the enemy "
        '(3.8" from the nearest enemy), takes the position'
    )
    played = next(i for i, line in enumerate(lines) if line.startswith("T3 An Excellent Position"))
    assert reason < played
    # the Insurgent AI's reasons are printed as before, the Regular AI's beside them
    assert sum(line.startswith("Insurgent AI: ") for line in lines) > 5
    assert sum(line.startswith("Regular AI: ") for line in lines) > 5
    assert main([*TURKEY_3, "--quiet"]) == 0
    assert not any("AI: " in line for line in capsys.readouterr().out.splitlines())


def test_the_ais_reasons_write_their_numbers_the_french_way(
    french: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Contracting Trouble seed 1, turn 1, in French: the reasons' inches, odds and points read
    as the narration's ("(17,8 ; 13,6)", "20,5\""), on the headless log and in the save's notes
    (what the window's log, the replay and the report show)."""
    save = tmp_path / "game.json"
    args = ["--scenario", "contracting-trouble", "--seed", "1", "--turns", "1", "--no-autosave"]
    assert main([*args, "--save", str(save)]) == 0
    lines = capsys.readouterr().out.splitlines()
    reasons = [line for line in lines if line.startswith(("IA régulière : ", "IA insurgée : "))]
    assert len(reasons) > 10
    assert [line for line in reasons if ENGLISH_DECIMAL.search(line)] == []
    assert any("(17,8 ; 13,6)" in line for line in reasons if line.startswith("IA régulière"))
    assert any('20,5"' in line for line in reasons if line.startswith("IA insurgée"))
    notes = [text for _at, text in json.loads(save.read_text(encoding="utf-8"))["notes"]]
    assert [text for text in notes if ENGLISH_DECIMAL.search(text)] == []
    assert any("(17,8 ; 13,6)" in text for text in notes)
    # English keeps its decimal points (the golden logs pin them)
    i18n.set_language("en")
    assert main(args) == 0
    english = capsys.readouterr().out.splitlines()
    assert any("(17.8, 13.6)" in line for line in english if line.startswith("Regular AI: "))

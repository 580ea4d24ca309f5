"""The battle screen's top banner shows words, not raw event data (Road Block! seed 24 in French
ended with "(R304)  face: [3]")."""

from __future__ import annotations

from game.client.play_draw import spotlight_line
from game.client.playback import beat_of
from game.i18n import set_language


def test_the_banner_is_the_sentence_without_raw_data_in_english_and_in_french() -> None:
    data = {"at": [10.0, 20.0], "manned": True, "face": 3, "count": 5, "unit": "I9",
            "unit_name": "Insurgents 9"}  # fmt: skip
    from game.engine.narration import narrate

    for language in ("en", "fr"):
        set_language(language)
        text = narrate("RoadBlock", data, 2)
        line = spotlight_line(beat_of({"kind": "RoadBlock", "text": text, "data": data}))
        assert line == text and "face:" not in line and "(R304)" in line
    set_language("en")

"""Sound (issue 22): shots by weapon class, blasts, dice and clicks; the settings' volume and
mute; silent (no mixer) under the dummy driver; one sound per frame when many events show."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
import pytest

from game.client.playback import Beat
from game.client.sound import SoundBoard, loudest, open_sound, sound_for_event


def fire(*items: str) -> dict[str, Any]:
    return {
        "kind": "Fire",
        "data": {"firepower_breakdown": {"items": [[item, 1] for item in items], "total": 5}},
    }


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, float]] = []

    def play(self, name: str, volume: float) -> None:
        self.calls.append((name, volume))


@pytest.mark.parametrize(
    ("event", "sound"),
    [
        (fire("5 figures", "Optimum Range"), "rifle"),
        (fire("4 figures", "SAW", "Optimum Range"), "machine_gun"),
        (fire("4 figures", "SAW", "RGL"), "launcher"),  # the heaviest weapon is heard
        (fire("3 figures", "AT RPG"), "launcher"),
        ({"kind": "ReactionTest", "data": {}}, "dice"),
        ({"kind": "Morale", "data": {}}, "dice"),
        ({"kind": "IEDDetonated", "data": {}}, "explosion"),
        ({"kind": "Casualty", "data": {}}, None),
        ({"kind": "Move", "data": {}}, None),
    ],
)
def test_each_event_makes_the_sound_of_what_happened(event: dict[str, Any], sound: str) -> None:
    assert sound_for_event(event) == sound


@pytest.mark.golden_games(("contracting-trouble", 3))
def test_every_fire_of_a_seeded_game_sounds_like_its_heaviest_weapon() -> None:
    from tests.shared_games import golden_game

    # Contracting Trouble seed 3, the Regular AI against the Insurgent AI: the golden game,
    # played once for the suite (tests/shared_games.py) and only read here
    engine = golden_game("contracting-trouble", 3).engine
    heard: dict[str, int] = {}
    for event in engine.state.events:
        if event["kind"] != "Fire":
            continue
        reasons = [r for r, _ in event["data"]["firepower_breakdown"]["items"]]
        expected = (
            "launcher"
            if any(r in ("RGL", "RPG", "AT RPG") for r in reasons)
            else "machine_gun"
            if "SAW" in reasons
            else "rifle"
        )
        assert sound_for_event(event) == expected, reasons
        heard[expected] = heard.get(expected, 0) + 1
    assert sum(heard.values()) > 5


def test_the_board_plays_at_the_settings_volume_and_not_at_all_when_muted() -> None:
    volume = [70, False]
    recorder = Recorder()
    board = SoundBoard(recorder, lambda: (int(volume[0]), bool(volume[1])))
    board.play("rifle")
    volume[0] = 30
    board.event(fire("SAW"))
    volume[1] = True
    board.play("explosion")
    volume[:] = [0, False]
    board.play("dice")
    board.play(None)
    board.play("no-such-sound")
    assert recorder.calls == [("rifle", 0.7), ("machine_gun", 0.3)]


def test_one_sound_a_frame_and_it_is_the_heaviest() -> None:
    assert loudest(["dice", "rifle", None, "launcher", "machine_gun"]) == "launcher"
    assert loudest(["dice", None]) == "dice"
    assert loudest([None, None]) is None


def test_the_dummy_driver_is_silent_and_never_starts_the_mixer(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[object] = []
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: started.append(a))
    assert app.sound.silent
    assert open_sound(headless=False).silent  # the conftest's dummy drivers
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.delenv("SDL_AUDIODRIVER")
    assert open_sound(headless=True).silent  # headless is silent whatever the drivers
    assert started == []


def test_a_button_press_clicks_and_revealed_events_sound_once_a_frame(app: Any) -> None:
    from game.client.play import open_play
    from game.client.session import SessionConfig

    config = SessionConfig(table="contracting-trouble", seed=5, pace="instant", autosave=False)
    scene = open_play("contracting-trouble", config=config)
    app.push(scene)
    app.step()
    app.sound.played.clear()
    button = next(iter(scene.buttons.values()))
    app.step([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])
    assert list(app.sound.played)[:1] == ["click"]
    app.sound.played.clear()
    scene.playback.feed(
        [
            Beat("a reaction test", "ReactionTest", None, None, sound="dice"),
            Beat("a SAW burst", "Fire", None, None, sound="machine_gun"),
            Beat("a move", "Move", None, None),
        ]
    )
    scene.update(1 / 60)
    assert list(app.sound.played) == ["machine_gun"]

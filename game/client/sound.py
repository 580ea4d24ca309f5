"""Sound: shots by weapon class, explosions, dice and button clicks (issue 22).

Which sound an engine event makes is decided here from the event's data alone
(`sound_for_event`), so the play screen plays it when the event is revealed, in step with the log.
The sounds are the WAV files `tools/make_sounds.py` synthesizes into `assets/sounds/`.

`open_sound(headless)` gives a `SoundBoard`: with a real audio device it plays through
pygame's mixer, at the volume and mute of the settings; under the dummy video or audio driver
(tests, screenshots, headless tools), or when the mixer cannot start, it is silent and never
starts the mixer. A missing or broken sound file silences that one sound, never the game.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from game import resources

SOUNDS_DIR = resources.asset("sounds")  # installed or in the source tree (issue 24)
SOUND_NAMES = ("rifle", "machine_gun", "launcher", "explosion", "dice", "click")

# Firepower items that name the weapon firing (the Fire event's itemised Firepower).
LAUNCHERS = ("RPG", "RGL", "AT RPG", "SMAW", "grenade", "mortar")
MACHINE_GUNS = ("SAW", "LMG", "MG", "machine gun", "HMG", "Heavy MG")
# Events that are a roll of dice the player watches (tests, checks, tables).
DICE_KINDS = frozenset(
    {
        "ReactionTest",
        "QualityCheck",
        "Morale",
        "ReinforcementRoll",
        "FirstAid",
        "InterruptCheck",
        "CloseAssaultCheck",
        "GetInCover",
    }
)
# Event kinds (present or to come) that are a blast whatever their data says.
EXPLOSION_WORDS = ("IED", "Explosion", "Hellfire", "Mortar", "Airstrike", "VehicleDestroyed")


def _fire_sound(data: dict[str, Any]) -> str:
    items = (data.get("firepower_breakdown") or {}).get("items") or []
    reasons = [str(item[0]) for item in items if isinstance(item, list | tuple) and item]
    if any(reason.startswith(LAUNCHERS) for reason in reasons):
        return "launcher"
    if any(reason.startswith(MACHINE_GUNS) for reason in reasons):
        return "machine_gun"
    return "rifle"


def sound_for_event(event: dict[str, Any]) -> str | None:
    """The sound an engine event makes, or None: a Fire by its heaviest weapon (launcher, machine
    gun, else rifles), a blast for explosive events, dice for tests and table rolls."""
    kind = str(event.get("kind", ""))
    data = event.get("data") or {}
    if kind == "Fire":
        return _fire_sound(data if isinstance(data, dict) else {})
    if any(word in kind for word in EXPLOSION_WORDS):
        return "explosion"
    if kind in DICE_KINDS:
        return "dice"
    return None


def loudest(names: list[str | None]) -> str | None:
    """Of the sounds due in one frame, the one to play (a skip reveals many events at once: one
    sound, the heaviest, rather than a din)."""
    heard = [name for name in names if name in SOUND_NAMES]
    return min(heard, key=SOUND_NAMES_BY_WEIGHT.index) if heard else None


SOUND_NAMES_BY_WEIGHT = ("explosion", "launcher", "machine_gun", "rifle", "dice", "click")


class Backend(Protocol):
    def play(self, name: str, volume: float) -> None: ...


class SilentBackend:
    """Plays nothing (dummy driver, no audio device): the game is the same, only quiet."""

    def play(self, name: str, volume: float) -> None:
        return None


class MixerBackend:
    """pygame's mixer with the sounds of `assets/sounds/` loaded once."""

    def __init__(self, folder: Path = SOUNDS_DIR) -> None:
        import pygame

        self.sounds: dict[str, Any] = {}
        for name in SOUND_NAMES:
            try:
                self.sounds[name] = pygame.mixer.Sound(str(folder / f"{name}.wav"))
            except (pygame.error, OSError, FileNotFoundError):
                continue  # that one sound stays silent

    def play(self, name: str, volume: float) -> None:
        sound = self.sounds.get(name)
        if sound is not None:
            sound.set_volume(volume)
            sound.play()


class SoundBoard:
    """Plays named sounds at the settings' volume; `muted` or volume 0 plays nothing."""

    def __init__(
        self, backend: Backend, settings: Callable[[], tuple[int, bool]] | None = None
    ) -> None:
        self.backend = backend
        self._settings = settings or _current_volume
        self.played: deque[str] = deque(maxlen=200)  # the latest sounds asked for (tests)

    @property
    def silent(self) -> bool:
        return isinstance(self.backend, SilentBackend)

    def play(self, name: str | None) -> None:
        if name is None or name not in SOUND_NAMES:
            return
        volume, muted = self._settings()
        if muted or volume <= 0:
            return
        self.played.append(name)
        self.backend.play(name, min(100, volume) / 100.0)

    def event(self, event: dict[str, Any]) -> None:
        self.play(sound_for_event(event))


def _current_volume() -> tuple[int, bool]:
    from game.client.settings import current_settings

    settings = current_settings()
    return settings.sound_volume, settings.sound_muted


def dummy_driver() -> bool:
    """True when SDL is told to use its dummy video or audio driver (tests, screenshots)."""
    return "dummy" in (os.environ.get("SDL_VIDEODRIVER"), os.environ.get("SDL_AUDIODRIVER"))


def open_sound(headless: bool = False) -> SoundBoard:
    """The game's sound board: silent when headless, under a dummy driver or with no audio."""
    if headless or dummy_driver():
        return SoundBoard(SilentBackend())
    import pygame

    try:
        pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
    except pygame.error:
        return SoundBoard(SilentBackend())
    return SoundBoard(MixerBackend())

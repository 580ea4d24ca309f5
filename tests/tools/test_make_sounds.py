"""tools/make_sounds.py (issue 22, sound): the committed sounds are exactly what the recipes make,
and each is a short, unclipped, audible mono WAV."""

from __future__ import annotations

import wave
from pathlib import Path

import pytest

from game.client.sound import SOUND_NAMES, SOUNDS_DIR
from tools import make_sounds


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_regenerating_gives_the_committed_sound_byte_for_byte(name: str) -> None:
    assert make_sounds.render(name) == (SOUNDS_DIR / f"{name}.wav").read_bytes()


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_each_sound_is_short_mono_16_bit_and_peaks_below_clipping(name: str) -> None:
    with wave.open(str(SOUNDS_DIR / f"{name}.wav"), "rb") as sound:
        assert (sound.getnchannels(), sound.getsampwidth(), sound.getframerate()) == (1, 2, 22050)
        frames = sound.readframes(sound.getnframes())
        seconds = sound.getnframes() / sound.getframerate()
    samples = memoryview(frames).cast("h")
    peak = max(abs(v) for v in samples)
    assert 0.01 < seconds < 1.0
    assert 0.75 * 32767 <= peak <= 0.81 * 32767  # scaled to 80 % of full scale: loud, no clip


def test_the_licence_of_the_sounds_is_recorded_beside_them() -> None:
    text = (SOUNDS_DIR / "README.md").read_text()
    assert "CC0" in text and "tools/make_sounds.py" in text
    assert all(f"{name}.wav" in text for name in SOUND_NAMES)


def test_write_sounds_writes_every_sound_under_the_given_root(tmp_path: Path) -> None:
    written = make_sounds.write_sounds(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{n}.wav" for n in SOUND_NAMES)
    assert all(p.parent == tmp_path / "assets" / "sounds" for p in written)

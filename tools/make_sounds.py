"""Synthesize the game's sound effects into `assets/sounds/*.wav` (byte for byte the same each run).

    python tools/make_sounds.py            # rewrite the committed files
    python tools/make_sounds.py --out DIR  # write them under DIR/assets/sounds instead

Every sound is made here from noise and sine waves with a seeded generator, so the files are our
own work (licence: assets/sounds/README.md) and anyone can change a sound by editing its recipe.
Mono, 16-bit, 22,050 Hz; each well under a second. Only the standard library is used.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RATE = 22050
PEAK = 0.8  # of full scale: no recipe clips
SOUNDS_DIR = Path("assets") / "sounds"


def _silence(seconds: float) -> list[float]:
    return [0.0] * round(seconds * RATE)


def _mix(into: list[float], sound: list[float], at: float) -> None:
    start = round(at * RATE)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, value in enumerate(sound):
        into[start + i] += value


def _crack(rng: random.Random, seconds: float, decay: float, body_hz: float) -> list[float]:
    """A gunshot: a noise burst with a short low body, dying away exponentially."""
    n = round(seconds * RATE)
    out = []
    low = 0.0
    for i in range(n):
        t = i / RATE
        noise = rng.uniform(-1.0, 1.0)
        low += (noise - low) * 0.08  # a one-pole low-pass: the report's body
        body = math.sin(2 * math.pi * body_hz * t) * math.exp(-t * decay * 0.6)
        out.append((0.55 * noise + 0.9 * low + 0.35 * body) * math.exp(-t * decay))
    return out


def rifle(rng: random.Random) -> list[float]:
    """A few rifles firing together: three cracks a few milliseconds apart."""
    out = _silence(0.0)
    for k, at in enumerate((0.0, 0.045, 0.11)):
        _mix(out, [v * (1.0 - 0.2 * k) for v in _crack(rng, 0.22, 28.0, 140.0)], at)
    return out


def machine_gun(rng: random.Random) -> list[float]:
    """A light machine gun burst: seven quick, even cracks."""
    out = _silence(0.0)
    for k in range(7):
        _mix(out, _crack(rng, 0.09, 45.0, 110.0), k * 0.075)
    return out


def launcher(rng: random.Random) -> list[float]:
    """A grenade or rocket launcher: a dull thump, then the burst."""
    out = _crack(rng, 0.12, 30.0, 70.0)
    _mix(out, explosion(rng)[: round(0.6 * RATE)], 0.18)
    return out


def explosion(rng: random.Random) -> list[float]:
    """A blast: heavily low-passed noise with a slow tail and a falling rumble."""
    n = round(0.75 * RATE)
    out = []
    low = low2 = 0.0
    for i in range(n):
        t = i / RATE
        noise = rng.uniform(-1.0, 1.0)
        low += (noise - low) * 0.05
        low2 += (low - low2) * 0.05
        rumble = math.sin(2 * math.pi * (55.0 - 25.0 * t) * t)
        attack = min(1.0, t / 0.004)
        out.append(attack * (6.0 * low2 + 0.5 * low + 0.4 * rumble) * math.exp(-t * 5.5))
    return out


def dice(rng: random.Random) -> list[float]:
    """Dice on a table: a handful of bright clicks, quieter as they settle."""
    out = _silence(0.0)
    at = 0.0
    for k in range(6):
        n = round(0.018 * RATE)
        hz = rng.uniform(1800.0, 3200.0)
        click = [
            math.sin(2 * math.pi * hz * i / RATE) * math.exp(-i / RATE * 260.0) * (0.9**k)
            for i in range(n)
        ]
        _mix(out, click, at)
        at += rng.uniform(0.035, 0.08)
    return out


def click(rng: random.Random) -> list[float]:
    """A button: one short soft tick."""
    n = round(0.03 * RATE)
    return [
        math.sin(2 * math.pi * 1200.0 * i / RATE) * math.exp(-i / RATE * 180.0) for i in range(n)
    ]


RECIPES: dict[str, Callable[[random.Random], list[float]]] = {
    "rifle": rifle,
    "machine_gun": machine_gun,
    "launcher": launcher,
    "explosion": explosion,
    "dice": dice,
    "click": click,
}


def render(name: str) -> bytes:
    """The WAV file of one sound: its recipe seeded by its name, scaled to PEAK, 16-bit mono."""
    rng = random.Random(f"ambush-alley sound {name}")
    samples = RECIPES[name](rng)
    top = max((abs(v) for v in samples), default=0.0) or 1.0
    scale = PEAK * 32767 / top
    frames = struct.pack(f"<{len(samples)}h", *(round(v * scale) for v in samples))
    from io import BytesIO

    buffer = BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    return buffer.getvalue()


def write_sounds(root: Path) -> list[Path]:
    folder = root / SOUNDS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in RECIPES:
        path = folder / f"{name}.wav"
        path.write_bytes(render(name))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT, help="folder to write assets/ under")
    args = parser.parse_args(argv)
    for path in write_sounds(args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

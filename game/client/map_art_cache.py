"""The table's drawn ground, kept per map so a new battle screen does not draw it again.

Every battle screen, briefing, menu preview and set-up preview builds a `MapArt`, and each used
to parse the .tmx (pytmx), read its XML again and draw every tile layer, zone and edge onto a
new surface: some 9 ms of CPU a time on a shipped map, the same picture every time. `drawn`
keeps the last few drawings, each under what decides it:

- the map file as named, and what `game.battlefield.map_cache.fingerprint` says of it: the
  bytes of the .tmx and of the tilesets it names, the size and time of their images (an edited
  or replaced file draws afresh; a file that cannot be fingerprinted is never kept);
- the battlefield drawn on it (zones, entry/exit edges, the terrain of a map without tile art,
  and its pixels per inch: the drawing scale), the same object or an equal one;
- the palette.

A kept drawing is shared: its surface is only ever blitted or scaled (`MapArt.surface_at`
copies before it decorates), never drawn on.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.battlefield.map_cache import fingerprint
from game.battlefield.model import Battlefield
from game.client.palette import Palette

KEPT = 6
"""Drawings kept at most, the least recently used dropped first."""
KEPT_PIXELS = 12_000_000
"""And at most this many pixels of them (48 MB); the newest is always kept."""


@dataclass(frozen=True)
class Drawn:
    """One map's drawn ground at its native size, and what it was drawn from."""

    pixel_width: int
    pixel_height: int
    pixels_per_inch: float
    base: pygame.Surface
    notes: tuple[str, ...]
    battlefield: Battlefield | None
    palette: Palette


_kept: OrderedDict[tuple[str, bytes], list[Drawn]] = OrderedDict()
_lock = threading.Lock()


def _same(a: object, b: object) -> bool:
    return a is b or a == b


def _map_key(tmx_path: Path | None) -> tuple[str, bytes] | None:
    """The map file's part of the key; None when it cannot be remembered."""
    if tmx_path is None:
        return ("", b"")  # no map file: the battlefield alone decides the drawing
    try:
        found = fingerprint(Path(tmx_path))
    except Exception:  # a path the loader itself refuses with its reason
        return None
    return None if found is None else (os.fspath(tmx_path), found)


def drawn(
    tmx_path: Path | None,
    battlefield: Battlefield | None,
    palette: Palette,
    draw: Callable[[], Drawn],
) -> Drawn:
    """The ground of this map, battlefield and palette: `draw()`'s, drawn once while they stay
    the same."""
    key = _map_key(tmx_path)
    if key is None:
        return draw()
    with _lock:
        for found in _kept.get(key, []):
            if _same(found.battlefield, battlefield) and _same(found.palette, palette):
                _kept.move_to_end(key)
                return found
    made = draw()
    with _lock:
        _kept.setdefault(key, []).append(made)
        _kept.move_to_end(key)
        _trim()
    return made


def _pixels() -> int:
    return sum(d.pixel_width * d.pixel_height for kept in _kept.values() for d in kept)


def _trim() -> None:
    while len(_kept) > 1 and (
        sum(len(kept) for kept in _kept.values()) > KEPT or _pixels() > KEPT_PIXELS
    ):
        oldest = next(iter(_kept))
        kept = _kept[oldest]
        kept.pop(0)
        if not kept:
            del _kept[oldest]
    newest = next(reversed(_kept), None)  # one map drawn for many battlefields: keep the last
    if newest is not None:
        kept = _kept[newest]
        while len(kept) > KEPT or (len(kept) > 1 and _pixels() > KEPT_PIXELS):
            kept.pop(0)


def forget() -> None:
    """Drop every kept drawing."""
    with _lock:
        _kept.clear()

"""Reading the same map twice gives the same report without parsing it again.

A map is read many times in one program: the set-up screen lists and checks every shipped map
each time it opens, a game loads its map at the start and at every save it loads, a test suite
loads the same few maps some thousand times. `remember` keeps the last reports, each under what
decides it: the path as given (the report names it), whether the play checks ran, the map file's
bytes and those of the files it names (`source="..."`: tilesets, read to their own references:
images, by size and time only, since the loader never reads their pixels). A change to any of
them reads the map afresh; a file that is not a regular file, or is too big to hash at once, is
never remembered (the loader's own checks refuse it with a reason, as before). The reports are
frozen (`MapReport`, `Battlefield`), so sharing one is safe.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from game.fileio import ReadError, read_bytes_limited

R = TypeVar("R")

KEPT = 32  # reports kept, the oldest dropped first
LARGEST = 4 * 1024 * 1024  # bytes of a map or tileset hashed to be remembered
_SOURCE = re.compile(rb'source\s*=\s*"([^"]*)"')

_reports: OrderedDict[tuple[str, bool, bytes], object] = OrderedDict()
_lock = threading.Lock()


def _regular_bytes(path: Path) -> bytes | None:
    """The file's bytes when it is a regular file of at most LARGEST bytes, else None (read as
    every file the game reads is: `fileio.read_bytes_limited`, never blocking on a pipe)."""
    try:
        return read_bytes_limited(path, LARGEST)
    except ReadError:
        return None


def _stat_words(path: Path) -> bytes:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return b"absent"
    return f"{info.st_mode} {info.st_size} {info.st_mtime_ns}".encode()


def fingerprint(path: Path) -> bytes | None:
    """What decides the map's report besides the path: None when it cannot be remembered."""
    body = _regular_bytes(path)
    if body is None:
        return None
    digest = hashlib.sha256(body)
    for name in _SOURCE.findall(body):
        named = path.parent / os.fsdecode(name)
        digest.update(b"\0" + name + b"\0")
        inner = _regular_bytes(named) if named.suffix.lower() == ".tsx" else None
        if inner is None:
            digest.update(_stat_words(named))
            continue
        digest.update(hashlib.sha256(inner).digest())
        for deeper in _SOURCE.findall(inner):
            digest.update(b"\0" + deeper + b"\0" + _stat_words(named.parent / os.fsdecode(deeper)))
    return digest.digest()


def remember(path: str | os.PathLike[str], play_checks: bool, read: Callable[[], R]) -> R:
    """The report `read()` gives for this map, read once while the map stays the same."""
    try:
        found = fingerprint(Path(path))
    except Exception:  # a path the loader itself will refuse with its reason
        found = None
    if found is None:
        return read()
    key = (os.fspath(path), play_checks, found)
    with _lock:
        if key in _reports:
            _reports.move_to_end(key)
            return _reports[key]  # type: ignore[return-value]
    report = read()
    with _lock:
        _reports[key] = report
        while len(_reports) > KEPT:
            _reports.popitem(last=False)
    return report


def forget() -> None:
    """Drop every remembered report."""
    with _lock:
        _reports.clear()

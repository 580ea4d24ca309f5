"""The set-up screen's map checks, off the UI thread (issue 23: the screen never blocks).

One daemon worker thread runs the battlefield validator (`setup_config.check_map`, within its
caps) on the maps the screen asks about, the last asked first; the screen polls the answers
each frame (`poll`) and shows "checking…" until its map's answer has come. Answers are kept by
the file's path, size and modification time, so a map edited since it was checked is checked
again.
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable
from pathlib import Path

from game.client import setup_config
from game.client.setup_config import MapCheck
from game.i18n import _

Key = tuple[str, int, int]


def file_key(path: Path) -> Key:
    """What identifies one version of a map file (a file that cannot be read: its path only)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return (str(path), -1, -1)
    return (str(path), info.st_size, info.st_mtime_ns)


def _check(path: Path) -> MapCheck:
    """The validator, looked up when called (a test may stand a slow checker in its place)."""
    try:
        return setup_config.check_map(path)
    except Exception as exc:  # check_map never raises; a bug in it must not kill the worker
        problem = _("{path}: the map could not be checked ({problem})").format(
            path=path, problem=type(exc).__name__
        )
        return MapCheck((problem,), ())


class MapChecks:
    """Asks the validator about maps in a worker thread; answers come back through `poll`."""

    def __init__(self, check: Callable[[Path], MapCheck] = _check) -> None:
        self._check = check
        self._asked: queue.LifoQueue[tuple[Key, Path]] = queue.LifoQueue()
        self._answers: queue.Queue[tuple[Key, MapCheck]] = queue.Queue()
        self._known: dict[Key, MapCheck] = {}
        self._pending: set[Key] = set()
        self._worker: threading.Thread | None = None
        self._lock = threading.Lock()  # the worker ends, or is started, never both at once

    def ask(self, path: Path) -> MapCheck | None:
        """The answer for `path` if it is known, else None (it is being checked: the map asked
        last is checked next, so the one the player chose goes before the rest of the list)."""
        key = file_key(path)
        if key in self._known:
            return self._known[key]
        self._pending.add(key)
        with self._lock:
            self._asked.put((key, path))
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="map-checks", daemon=True)
                self._worker.start()
        return None

    def known(self, path: Path) -> MapCheck | None:
        """The answer for `path` without asking for one."""
        return self._known.get(file_key(path))

    def pending(self, path: Path) -> bool:
        return file_key(path) in self._pending

    def close(self) -> None:
        """The screen is gone: the maps still waiting are not checked (the one under way ends)."""
        while True:
            try:
                key, _path = self._asked.get_nowait()
            except queue.Empty:
                return
            self._pending.discard(key)

    def answered(self) -> bool:
        """Every map asked about has its answer waiting for `poll` (the UI fuzz waits for this,
        so its runs replay exactly)."""
        return self._answers.qsize() >= len(self._pending)

    def poll(self) -> list[Path]:
        """Take the answers that have come since the last poll; the paths they answer."""
        answered: list[Path] = []
        while True:
            try:
                key, check = self._answers.get_nowait()
            except queue.Empty:
                return answered
            self._pending.discard(key)
            self._known[key] = check
            answered.append(Path(key[0]))

    def _work(self) -> None:
        done: set[Key] = set()  # a map asked again (chosen after it was listed) is checked once
        while True:
            try:
                key, path = self._asked.get(timeout=1.0)
            except queue.Empty:
                with self._lock:
                    if self._asked.empty():
                        self._worker = None  # nothing asked for a while: ask starts another
                        return
                continue
            if key not in done:
                done.add(key)
                self._answers.put((key, self._check(path)))

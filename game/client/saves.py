"""Saving and loading games from the window: named saves, quick save, the load list, Continue.

The save itself is `game.save`'s format (unchanged): the seed, the map and the command log,
replayed on load. What that format does not hold — who sits at the table (mode, seats, co-op
ownership, pace), which co-op player holds the choice of activation, and whether the game has
finished — goes in a small *sidecar* file next to it, `NAME.session.json`.
A save without a sidecar loads as a solo game.

Folders: `<data folder>/saves/NAME.json` for named saves; `<data folder>/autosave.json` is the
autosave `GameSession` writes after every command. "Continue" is offered when the autosave has a
sidecar that does not say the game finished, i.e. the last game started from the window stopped
by a crash or a quit mid-game.

The load list reads each file cheaply (no replay): a broken file is listed as
"unreadable: <reason>" and never stops the others from being listed or loaded.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import fileio
from game.client.typed import visible
from game.i18n import N_, _
from game.save import (
    FORMAT,
    MAX_SAVE_BYTES,
    SAVES_SUBDIR,
    SIDECAR_SUFFIX,
    UNFINISHED,
    VERSION,
    SaveError,
    data_dir,
    existing_save,
    load_save,
    safe_file_name,
    save_data,
    sidecar_path,
    write_json_atomic,
    write_save,
)

if TYPE_CHECKING:  # the engine loads when a game is loaded, not when the menu lists saves
    from game.engine.engine import Engine

AUTOSAVE_NAME = "autosave.json"
MAX_SEAT_NAME = 40
MAX_SIDECAR_BYTES = 1024 * 1024
QUICK_SAVE_NAME = "quicksave"


def saves_dir() -> Path:
    return data_dir() / SAVES_SUBDIR


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_NAME


# -- the sidecar: who sits at the table ---------------------------------------------------------
def config_to_json(config: Any) -> dict[str, Any]:
    """A `SessionConfig` as JSON data (the save's own fields are not repeated)."""
    return {
        "mode": config.mode,
        "table": str(config.table),
        "seed": int(config.seed),
        "pace": config.pace,
        "turn_limit": config.turn_limit,
        "seats": [
            {
                "name": seat.name,
                "kind": seat.kind,
                "side": seat.side,
                "units": sorted(seat.units) if seat.units is not None else None,
            }
            for seat in config.seats
        ],
    }


def config_from_json(data: Any, *, autosave_dir: Path | None = None) -> Any:
    """A `SessionConfig` from sidecar data; ValueError (one short reason) when it is damaged."""
    from game.client.session import Seat, SessionConfig

    if not isinstance(data, dict):
        raise ValueError("the session file does not hold a JSON object")
    mode = data.get("mode")
    if mode not in ("solo", "hotseat", "coop", "watch"):
        raise ValueError(f"unknown mode {mode!r}")
    seats_raw = data.get("seats")
    if not isinstance(seats_raw, list) or not seats_raw:
        raise ValueError("no seats")
    seats = []
    for raw in seats_raw:
        if not isinstance(raw, dict):
            raise ValueError("a seat is not a JSON object")
        name, kind, side, units = (
            raw.get("name"),
            raw.get("kind"),
            raw.get("side"),
            raw.get("units"),
        )
        if not isinstance(name, str) or kind not in ("human", "ai") or not isinstance(side, str):
            raise ValueError("a seat is damaged")
        name = visible(name).strip()[:MAX_SEAT_NAME] or f"{side} player"
        if units is not None and not (
            isinstance(units, list) and all(isinstance(u, str) for u in units)
        ):
            raise ValueError(f"seat {name}: units must be a list of unit ids")
        seats.append(Seat(name, kind, side, frozenset(units) if units is not None else None))
    pace = data.get("pace", "normal")
    seed = data.get("seed", 1)
    turn_limit = data.get("turn_limit")
    return SessionConfig(
        mode=mode,
        table=str(data.get("table", "")),
        seed=seed if isinstance(seed, int) else 1,
        seats=tuple(seats),
        pace=pace if isinstance(pace, str) else "normal",
        autosave_dir=autosave_dir,
        turn_limit=turn_limit if isinstance(turn_limit, int) else None,
    )


def write_sidecar(
    save: Path, config: Any, *, finished: bool = False, holders: dict[str, int] | None = None
) -> None:
    """Record who plays the game saved at `save` (SaveError names the file on failure), and in
    co-op which seat of a side holds the choice of activation (`GameSession.holders`)."""
    data = config_to_json(config)
    data["finished"] = finished
    if holders:
        data["holders"] = dict(holders)
    write_json_atomic(sidecar_path(save), data)


def read_sidecar(save: Path) -> tuple[dict[str, Any] | None, str | None]:
    """(sidecar data or None, a one-line problem or None). A missing sidecar is no problem."""
    path = sidecar_path(save)
    try:
        data = fileio.read_json(path, MAX_SIDECAR_BYTES)
    except fileio.ReadError as exc:
        if str(exc) == "no such file":
            return None, None
        return None, _("{path}: unreadable ({problem})").format(path=path, problem=exc)
    if not isinstance(data, dict):
        return None, _("{path}: not a session file").format(path=path)
    return data, None


# -- the list -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class SaveInfo:
    """What the load list shows for one file, read without replaying the game."""

    path: Path
    name: str
    saved_at: datetime | None
    scenario: str
    turn: int
    commands: int
    mode: str
    problem: str | None = None  # set when the file cannot be loaded

    @property
    def readable(self) -> bool:
        return self.problem is None

    @property
    def unfinished(self) -> bool:
        """A game the window kept from the autosave when another game took Continue over."""
        return self.name.startswith(f"{UNFINISHED} ")

    def label(self) -> str:
        """One line for the list: name, date, scenario and turn, or why it is unreadable."""
        if self.problem is not None:
            return f"{self.name} — unreadable: {self.problem}"
        when = self.saved_at.strftime("%Y-%m-%d %H:%M") if self.saved_at else "?"
        mode = f", {MODE_LABELS.get(self.mode, self.mode)}" if self.mode else ""
        return f"{self.name} — {when} — {self.scenario or 'custom map'}, turn {self.turn}{mode}"


MODE_LABELS = {
    "solo": N_("solo"),
    "hotseat": N_("hot-seat"),
    "coop": N_("co-op"),
    "watch": N_("watch"),
}


def _unreadable(path: Path, name: str, when: datetime | None, reason: str) -> SaveInfo:
    return SaveInfo(path, name, when, "", 0, 0, "", reason)


def read_save_info(path: Path) -> SaveInfo:
    """The list entry for one save file; never raises (problems go in `problem`)."""
    name = path.name.removesuffix(".json")
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return _unreadable(path, name, None, _("the file is gone"))
    when: datetime | None = datetime.fromtimestamp(info.st_mtime)
    key = (str(path), info.st_mtime_ns, info.st_size, _sidecar_stamp(path))
    cached = _INFO_CACHE.get(key)
    if cached is not None:
        return cached
    try:
        data = fileio.read_json(path, MAX_SAVE_BYTES)
    except fileio.ReadError as exc:
        result = _unreadable(path, name, when, str(exc))
    else:
        result = _save_info(path, name, when, data)
    if len(_INFO_CACHE) > 1000:
        _INFO_CACHE.clear()
    _INFO_CACHE[key] = result
    return result


_INFO_CACHE: dict[tuple[str, int, int, tuple[int, int]], SaveInfo] = {}
"""The load list's entries by file and its date and size: opening the list again reads only
the files that changed."""


def _sidecar_stamp(save: Path) -> tuple[int, int]:
    try:
        info = os.stat(sidecar_path(save))
    except (OSError, ValueError):
        return (0, -1)
    return (info.st_mtime_ns, info.st_size)


def _save_info(path: Path, name: str, when: datetime | None, data: Any) -> SaveInfo:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return _unreadable(path, name, when, _("not an Ambush Alley! save"))
    if data.get("version") != VERSION:
        version = data.get("version")
        shown = repr(version)[:20] if isinstance(version, str | int) else "?"
        return _unreadable(
            path, name, when, _("save version {version} unsupported").format(version=shown)
        )
    for key, kind in (("map", str), ("seed", int), ("scenario", str), ("commands", list)):
        if not isinstance(data.get(key), kind):
            return _unreadable(
                path, name, when, _("damaged (field {key} missing or wrong)").format(key=repr(key))
            )
    sidecar, _problem = read_sidecar(path)
    mode = str(sidecar.get("mode", ""))[:20] if sidecar else ""
    turn = data.get("turn")
    return SaveInfo(
        path=path,
        name=name,
        saved_at=when,
        scenario=data["scenario"][:80],
        turn=turn if isinstance(turn, int) and 0 <= turn <= 999 else 0,
        commands=len(data["commands"]),
        mode=mode,
    )


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in the folder, newest first; unreadable ones included (with their reason)."""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return []
    fileio.clean_stale_temps(folder)  # left by a game killed while it saved
    try:
        files = [
            p
            for p in folder.glob("*.json")
            if not p.name.endswith(SIDECAR_SUFFIX) and not p.name.startswith(".")
        ]
    except OSError:
        return []
    infos = [read_save_info(p) for p in files]
    return sorted(infos, key=lambda i: (i.saved_at or datetime.min, i.name), reverse=True)


def delete_save(path: Path) -> None:
    """Remove a save and its sidecar for good; SaveError names the file that stayed."""
    for doomed in (path, sidecar_path(path)):
        try:
            doomed.unlink(missing_ok=True)
        except OSError as exc:
            raise SaveError(
                _("{path}: cannot delete it ({problem})").format(
                    path=doomed, problem=exc.strerror or exc
                )
            ) from exc


# -- saving and loading -------------------------------------------------------------------------
class SaveExists(SaveError):
    """The name chosen is already a save's: it is replaced only when the player says so."""

    def __init__(self, path: Path) -> None:
        super().__init__(f'a save named "{path.stem}" already exists')
        self.path = path


def save_path(name: str, folder: Path | None = None) -> Path:
    """Where a save typed as `name` goes: an existing save of the same name (up to case) keeps
    its own spelling, so no system ever holds two files that another system would merge.
    SaveError when the name leaves nothing to name a file with."""
    folder = folder or saves_dir()
    stem = safe_file_name(name)
    if not stem:
        raise SaveError(f'"{name.strip()[:40]}": type a name with at least one letter or digit')
    return existing_save(folder, stem) or folder / f"{stem}.json"


def save_game(
    session: Any, name: str, folder: Path | None = None, *, overwrite: bool = False
) -> Path:
    """Save a session under `name` (the save and its sidecar); SaveError names the file.

    An existing save of that name is never replaced unless `overwrite` (SaveExists)."""
    path = save_path(name, folder)
    if not overwrite and path.exists():
        raise SaveExists(path)
    write_save(session.engine, path)
    write_sidecar(path, session.config, finished=session.over, holders=session.holders)
    return path


def quick_save(session: Any, folder: Path | None = None) -> Path:
    """Shift+F5: the quick save of this game replaces its earlier quick save; another game's
    quick save is kept and this one goes beside it ("quicksave 2")."""
    folder = folder or saves_dir()
    number = 1
    while True:
        stem = QUICK_SAVE_NAME if number == 1 else f"{QUICK_SAVE_NAME} {number}"
        path = save_path(stem, folder)
        if not path.exists() or _same_game(path, session.engine):
            return save_game(session, path.stem, folder, overwrite=True)
        number += 1


def _same_game(path: Path, engine: Engine) -> bool:
    """The save at `path` is an earlier (or the same) moment of `engine`'s game."""
    try:
        data = fileio.read_json(path, MAX_SAVE_BYTES)
    except fileio.ReadError:
        return False
    mine = save_data(engine)
    if not isinstance(data, dict) or not isinstance(data.get("commands"), list):
        return False
    theirs = data["commands"]
    same_table = (data.get("map"), data.get("seed"), data.get("scenario")) == (
        mine["map"],
        mine["seed"],
        mine["scenario"],
    )
    return same_table and mine["commands"][: len(theirs)] == theirs


def load_game(path: Path, *, autosave_dir: Path | None = None) -> tuple[Engine, Any]:
    """Replay a save; (engine, SessionConfig). SaveError names the file and the problem.

    Without a readable sidecar the game continues as solo (the Regulars yours, the Insurgent AI).
    """
    from game.client.session import SessionConfig

    engine = load_save(path)
    data, _problem = read_sidecar(path)
    config = None
    if data is not None:
        try:
            config = config_from_json(data, autosave_dir=autosave_dir)
        except ValueError:
            config = None
    if config is None:
        config = SessionConfig(
            mode="solo",
            table=engine.state.map_path or engine.state.scenario_id,
            seed=engine.state.seed,
            autosave_dir=autosave_dir,
        ).with_default_seats()
    return engine, config


def resume_session(path: Path, *, autosave_dir: Path | None = None) -> Any:
    """A `GameSession` continuing the save at `path` (SaveError when it cannot be loaded)."""
    from game.client.session import GameSession

    engine, config = load_game(path, autosave_dir=autosave_dir)
    try:
        session = GameSession(config, engine=engine)
    except ValueError as exc:
        raise SaveError(f"{path}: {exc}") from None
    sidecar, _problem = read_sidecar(path)
    if sidecar is not None:  # co-op: the phase goes back to the seat that held it
        session.restore_holders(sidecar.get("holders"))
    if engine.load_notice:  # e.g. made by another version: shown in the log with the AI's notes
        session.ai_log.append(engine.load_notice)
    track_session(session)
    return session


# -- the autosave and Continue ------------------------------------------------------------------
def track_session(session: Any) -> None:
    """Mark the autosave as a game in progress now, and as finished when the game ends."""
    if session.autosaver is None:
        return
    autosave = Path(session.autosaver.path)
    try:
        # The autosave is written now, not at the first command: Continue must never pair the
        # previous game's autosave with this game's seats (so the old sidecar goes first).
        sidecar_path(autosave).unlink(missing_ok=True)
        session.autosaver()
        write_sidecar(autosave, session.config, finished=session.over, holders=session.holders)
    except (SaveError, OSError):
        return  # no autosave folder: there will be no Continue either

    def on_event(_event: dict[str, Any]) -> None:
        if session.over and not getattr(session, "_marked_finished", False):
            session._marked_finished = True
            with contextlib.suppress(SaveError):
                write_sidecar(autosave, session.config, finished=True, holders=session.holders)

    def on_pass() -> None:  # co-op: Continue gives the choice back to the seat that holds it
        with contextlib.suppress(SaveError):
            write_sidecar(autosave, session.config, finished=session.over, holders=session.holders)

    session.listeners.append(on_event)
    session.holder_listeners.append(on_pass)


def continue_info(path: Path | None = None) -> SaveInfo | None:
    """The autosave to offer as Continue, or None (no game left unfinished from the window)."""
    path = path or autosave_path()
    if not path.is_file():
        return None
    sidecar, problem = read_sidecar(path)
    if sidecar is None or problem is not None or sidecar.get("finished") is not False:
        return None
    info = read_save_info(path)
    return info if info.readable else None

"""Which tables the menus offer, and opening one for the battle screen.

The Battlefield comes from the battlefield room's loader (`game.battlefield.loader
.load_battlefield`). While that loader is not in the tree yet, maps are listed by file name only
and open with their tile art alone; the menus say so.
"""

from __future__ import annotations

import importlib
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from game import resources
from game.battlefield.errors import MapError
from game.battlefield.model import Battlefield
from game.client.typed import visible
from game.i18n import N_, _, ngettext

MAPS_DIR = resources.maps_dir()  # the shipped maps, installed or in the source tree (issue 24)
LOADER_MISSING_NOTE = N_(
    "The battlefield loader is not in this build yet: maps are listed by file name and shown "
    "with their tile art only."
)

Loader = Callable[[Path], Battlefield]
MAX_MAP_BYTES = 32 * 1024 * 1024  # the loader's own limit (tmx_checks.MAX_FILE_BYTES)


def battlefield_loader() -> Loader | None:
    """The battlefield room's `load_battlefield`, or None while it does not exist."""
    try:
        module = importlib.import_module("game.battlefield.loader")
    except ModuleNotFoundError as exc:
        if exc.name == "game.battlefield.loader":
            return None
        raise
    loader = getattr(module, "load_battlefield", None)
    return loader if callable(loader) else None


@dataclass(frozen=True)
class MapEntry:
    path: Path
    title: str
    scenario_id: str
    description: str
    problem: str = ""  # why the map cannot be played (the loader's first problem), or ""


class MapOpenError(Exception):
    """A map that cannot be opened, worded as one line for the player; `problems` holds every
    problem found, one line each (a dialog lists them all)."""

    def __init__(self, message: str, problems: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems or (message,)


HEADER_BYTES = 256 * 1024
"""How much of a map the lists read for its title: the map's properties come first."""


def _map_properties(path: Path) -> dict[str, str]:
    """The map-level properties of a .tmx, read cheaply: only the start of a regular file (no
    tiles, no images, no DTD), so a huge or hostile file in the maps folder lists at once."""
    from game import fileio

    if fileio.regular_file_problem(path, 1 << 62) is not None:  # a folder, a pipe, a device
        return {}
    try:
        with path.open("rb") as handle:
            head = handle.read(HEADER_BYTES)
    except OSError:
        return {}
    if b"<!DOCTYPE" in head or b"<!ENTITY" in head:
        return {}
    parser: ET.XMLPullParser[ET.Element] = ET.XMLPullParser(events=("start", "end"))
    found: dict[str, str] = {}
    depth = 0
    try:
        parser.feed(head)
        for entry in parser.read_events():
            event, element = cast(tuple[str, ET.Element], entry)
            depth += 1 if event == "start" else -1
            if event == "start" and depth == 2 and element.tag != "properties":
                break  # the map's own properties come before its tilesets and layers
            if event == "end" and element.tag == "property" and depth == 2:
                value = element.get("value")
                found[str(element.get("name"))] = str(
                    value if value is not None else (element.text or "")
                )
            if event == "end" and element.tag == "properties" and depth == 1:
                break
    except ET.ParseError:
        pass  # a cut or broken file: what was read so far
    return found


def describe_map(path: Path, loader: Loader | None = None, *, quick: bool = False) -> MapEntry:
    """Title, scenario and briefing of a map, read with the battlefield loader (so a map that
    cannot be played says why before it is chosen); from its raw properties while the loader
    is not in the build, or when `quick` (a player's maps folder: listing it never waits on a
    big or hostile file; the map is checked when it is chosen)."""
    load = None if quick else loader if loader is not None else battlefield_loader()
    if load is not None:
        try:
            battlefield = load(path)
        except MapError as exc:
            problem = str(exc)
        except (OSError, ValueError, ET.ParseError) as exc:
            problem = _("{path}: cannot be read ({problem})").format(path=path, problem=exc)
        else:
            return MapEntry(
                path=path,
                title=battlefield.title,
                scenario_id=battlefield.scenario,
                description=battlefield.description,
            )
    else:
        problem = ""
    props = _map_properties(path)
    return MapEntry(
        path=path,
        title=visible(props.get("title", ""))[:80]
        or path.stem.replace("-", " ").replace("_", " ").title(),
        scenario_id=props.get("scenario", ""),
        description=props.get("description", ""),
        problem=problem,
    )


def shipped_maps(folder: Path = MAPS_DIR) -> list[MapEntry]:
    """Every .tmx in the shipped maps folder, sorted by title."""
    if not folder.is_dir():
        return []
    return sorted((describe_map(p) for p in folder.glob("*.tmx")), key=lambda e: e.title)


def find_scenario(scenario_id: str, folder: Path = MAPS_DIR) -> MapEntry | None:
    """The shipped map built for `scenario_id` (its `scenario` property, or its file name)."""
    entries = shipped_maps(folder)
    for entry in entries:
        if entry.scenario_id == scenario_id:
            return entry
    return next((e for e in entries if e.path.stem == scenario_id), None)


def file_problem(path: Path) -> str:
    """'' when `path` is a regular file the loader may read, else one line naming it."""
    from game import fileio

    problem = fileio.regular_file_problem(path, MAX_MAP_BYTES)
    if problem is None:
        return ""
    if problem == "no such file":
        return _("{path}: no such map file").format(path=path)
    return f"{path}: {problem}"


@dataclass(frozen=True)
class OpenedMap:
    path: Path | None  # None: a table built in code (tests, bench), drawn from its objects
    battlefield: Battlefield | None
    notes: tuple[str, ...]


def open_map(path: Path, loader: Loader | None = None) -> OpenedMap:
    """Check and load a map for the battle screen; MapOpenError says in one line what is wrong."""
    if path.suffix.lower() != ".tmx":
        raise MapOpenError(_("{path}: not a Tiled map (expected a .tmx file)").format(path=path))
    problem = file_problem(path)
    if problem:
        raise MapOpenError(problem)
    load = loader if loader is not None else battlefield_loader()
    if load is None:
        return OpenedMap(path, None, (LOADER_MISSING_NOTE,))
    try:
        battlefield = load(path)
    except MapError as exc:
        extra = len(exc.problems) - 1
        more = (
            " "
            + ngettext("(and {n} more problem)", "(and {n} more problems)", extra).format(n=extra)
            if extra
            else ""
        )
        raise MapOpenError(f"{exc}{more}", tuple(str(p) for p in exc.problems)) from exc
    except (OSError, ValueError, ET.ParseError) as exc:
        raise MapOpenError(
            _("{path}: cannot be read ({problem})").format(path=path, problem=exc)
        ) from exc
    return OpenedMap(path, battlefield, ())

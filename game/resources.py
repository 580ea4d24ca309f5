"""Where the game's shipped files are (issue 24): maps and scenario files, the tileset, sounds,
the UI theme, the rules' and scenarios' data tables and the compiled language catalogues.

Every loader asks this module, never a path built from its own ``__file__``, so the game finds
its files wherever it runs:

- installed (``pip install .``, ``pipx install .``, a wheel): the repository's top-level
  ``maps/`` and ``assets/`` travel inside the package as ``game/maps/`` and ``game/assets/``
  (pyproject.toml maps them in with setuptools' ``package-dir``) and are found through
  ``importlib.resources``;
- from the source tree (``python main.py``, ``tools/dev.py``'s editable install): the package
  has no ``maps/`` inside it, and the same folders are read beside ``game/``, where they are kept.

The tileset is referred to from the maps as ``../assets/tiles/urban.png``: ``maps/`` and
``assets/`` are siblings in both layouts, so the shipped maps load unchanged.

The game reads files by path (pytmx, pygame, gettext need one), so a resource that is not a
plain file on disk (a zipped install) is extracted once with ``importlib.resources.as_file`` and
kept until the game exits. Standard library only: every room may import it.
"""

from __future__ import annotations

import atexit
import contextlib
from importlib.resources import as_file, files
from importlib.resources.abc import Traversable
from pathlib import Path

SOURCE_TREE = Path(__file__).resolve().parent.parent  # the checkout, when run from one
SHIPPED_FOLDERS = ("maps", "assets")  # the top-level folders the build maps into the package

_extracted = contextlib.ExitStack()
atexit.register(_extracted.close)


def _on_disk(resource: Traversable) -> Path:
    """A path on disk for a package resource (extracted once if the package is zipped)."""
    if isinstance(resource, Path):
        return resource
    return Path(_extracted.enter_context(as_file(resource)))


def shipped_folder(name: str) -> Path:
    """The folder ``maps`` or ``assets``: inside the installed package, else the source tree's."""
    if name not in SHIPPED_FOLDERS:
        raise ValueError(f"no shipped folder {name!r} (there are {', '.join(SHIPPED_FOLDERS)})")
    packaged = files("game") / name
    if packaged.is_dir():
        return _on_disk(packaged)
    return SOURCE_TREE / name


def maps_dir() -> Path:
    """The shipped maps (``.tmx``), their scenario files (``.toml``) and the tileset (``.tsx``)."""
    return shipped_folder("maps")


def maps_guide() -> Path:
    """The map makers' guide (``maps/README.md``): how to draw a map in Tiled for the game."""
    return maps_dir() / "README.md"


def asset(*parts: str) -> Path:
    """A file or folder under the shipped assets, e.g. ``asset("ui", "theme.json")``."""
    return shipped_folder("assets").joinpath(*parts)


def package_file(package: str, name: str) -> Path:
    """A data file that lives inside one of the game's packages, e.g. the card decks
    (``package_file("game.rules", "cards.toml")``)."""
    return _on_disk(files(package) / name)


def locale_dir() -> Path:
    """The compiled gettext catalogues: ``<lang>/LC_MESSAGES/<domain>.mo``."""
    return _on_disk(files("game") / "locale")

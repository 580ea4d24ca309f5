"""A map read again unchanged gives the same report without being parsed again; any change to
the map or to a tileset it names reads it afresh (game/battlefield/map_cache.py)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from game.battlefield import loader, map_cache

SHIPPED = Path("maps/sweep-and-clear.tmx")


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """The shipped Sweep & Clear map, its tileset and the tileset's image, copied."""
    (tmp_path / "maps").mkdir()
    for name in ("sweep-and-clear.tmx", "urban.tsx"):
        shutil.copy(Path("maps") / name, tmp_path / "maps" / name)
    shutil.copytree(Path("assets/tiles"), tmp_path / "assets/tiles")
    return tmp_path / "maps" / "sweep-and-clear.tmx"


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The real reads (the cache misses), counted."""
    seen: list[str] = []
    real = loader._read_map

    def counted(path: str | os.PathLike[str], play_checks: bool) -> loader.MapReport:
        seen.append(Path(path).name)
        return real(path, play_checks)

    monkeypatch.setattr(loader, "_read_map", counted)
    map_cache.forget()
    return seen


def test_an_unchanged_map_is_parsed_once_and_the_same_report_returned(
    copy: Path, parses: list[str]
) -> None:
    first = loader.read_map(copy)
    again = loader.read_map(copy)
    assert first.battlefield is not None and again is first and len(parses) == 1
    quick = loader.read_map(copy, play_checks=False)  # another report: no reach warnings
    assert quick is not first and len(parses) == 2
    assert loader.load_battlefield(copy) is quick.battlefield and len(parses) == 2


def test_a_changed_map_or_tileset_is_read_afresh(copy: Path, parses: list[str]) -> None:
    before = loader.read_map(copy)
    text = copy.read_text(encoding="utf-8")
    copy.write_text(text.replace('name="title" value="', 'name="title" value="New '), "utf-8")
    retitled = loader.read_map(copy)
    assert retitled.battlefield is not None and before.battlefield is not None
    assert retitled.battlefield.title == "New " + before.battlefield.title
    tileset = copy.parent / "urban.tsx"
    tileset.write_text(tileset.read_text(encoding="utf-8") + "\n", "utf-8")  # same map text
    loader.read_map(copy)
    assert len(parses) == 3
    (copy.parent.parent / "assets/tiles/urban.png").unlink()  # the tileset's own image
    without_image = loader.read_map(copy)
    assert without_image.battlefield is None and without_image.errors and len(parses) == 4
    tileset.unlink()
    assert loader.read_map(copy).errors and len(parses) == 5


def test_what_cannot_be_hashed_is_never_remembered(
    tmp_path: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(map_cache, "LARGEST", 10)
    small = tmp_path / "small.tmx"
    shutil.copy(SHIPPED, small)
    loader.read_map(small, play_checks=False)
    loader.read_map(small, play_checks=False)
    assert parses == ["small.tmx", "small.tmx"]  # too big to hash: read every time
    assert map_cache.fingerprint(tmp_path) is None  # a folder
    assert loader.read_map(tmp_path).errors  # and the loader still says why, in one report


def test_the_cache_keeps_only_the_last_reports(
    copy: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(map_cache, "KEPT", 1)
    other = copy.parent / "other.tmx"
    shutil.copy(copy, other)
    loader.read_map(copy, play_checks=False)
    loader.read_map(other, play_checks=False)
    loader.read_map(copy, play_checks=False)
    assert parses == ["sweep-and-clear.tmx", "other.tmx", "sweep-and-clear.tmx"]

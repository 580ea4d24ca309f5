"""Issue 23, item 5: the set-up screen lists the maps folder without ever blocking on a map.

Hostile files there (a 40 MB map, a map with a polygon of 5,000 points, one of 6,000 objects, a
named pipe) froze the New game screen: the list loaded and validated every map, then parsed the
whole file again for its title. Now the list reads each title from the start of the file; the
validator runs (within its caps) only on the map chosen."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game.client.scenes import App
from game.client.setup import SetupScene, available_tables
from tools.scale_map import write_map


@pytest.fixture
def hostile_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "my maps"
    write_map(folder / "good.tmx", inches=48, units=8)
    write_map(folder / "polygon.tmx", polygon_points=5000)
    write_map(folder / "objects.tmx", extra_objects=6000)
    big = folder / "huge.tmx"
    header = (folder / "good.tmx").read_text().split("<objectgroup")[0]
    with big.open("w") as handle:
        handle.write(header + '<objectgroup id="1" name="terrain">\n')
        line = '<object id="1" type="Cover" x="1" y="1" width="1" height="1"/>\n'
        handle.write(line * (40 * 1024 * 1024 // len(line)))
        handle.write("</objectgroup></map>\n")
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.tmx")
    return folder


def test_the_list_reads_titles_only_and_never_waits(hostile_folder: Path) -> None:
    started = time.perf_counter()
    tables = available_tables(hostile_folder)
    assert time.perf_counter() - started < 1.5
    mine = {t.path.name: t for t in tables if t.custom}
    assert set(mine) >= {"good.tmx", "polygon.tmx", "objects.tmx", "huge.tmx"}
    assert mine["good.tmx"].title == "Scale 48 inches, 8 units"
    assert mine["huge.tmx"].title == "Scale 48 inches, 8 units"  # read from its first bytes


def test_choosing_a_hostile_map_says_why_at_once(app: App, hostile_folder: Path) -> None:
    scene = SetupScene(user_folder=hostile_folder)
    app.push(scene)
    app.step()
    reasons = {
        "huge.tmx": "too large",
        "polygon.tmx": "more than 1000 points",
        "objects.tmx": "at most 5,000 are allowed",
        "pipe.tmx": "not a regular file",
    }
    for table in scene.tables:
        if table.path.name not in reasons:
            continue
        started = time.perf_counter()
        scene.select_table(table)
        assert time.perf_counter() - started < 2.0
        assert scene.check is not None and scene.check.errors
        assert reasons[table.path.name] in " ".join(scene.check.errors)
    good = next(t for t in scene.tables if t.path.name == "good.tmx")
    scene.select_table(good)
    assert scene.check is not None and not scene.check.errors

"""Issue 23, items 5 and 8: hostile maps are refused quickly, in one line naming the cap.

Before: a 5,000-point polygon took 15 s to check, 50,000 objects 29 s, a 4096 x 4096 tile map
5.5 GB to open, and a tileset "image" that was no image passed the validator."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from game.battlefield import limits, map_checks
from game.battlefield.loader import read_map
from tools.scale_map import TILESET, write_map


def errors_of(path: Path) -> tuple[list[str], float]:
    """The format checks and the CPU time they took (the route check of R155 is bounded on
    its own). CPU time, not wall time: these guard against quadratic checks coming back (15 s,
    29 s, 40 s before the caps), not against a busy machine."""
    started = time.process_time()
    report = read_map(path, play_checks=False)
    return [str(p) for p in report.errors], time.process_time() - started


def test_the_biggest_table_a_player_builds_is_accepted(tmp_path: Path) -> None:
    errors, _seconds = errors_of(write_map(tmp_path / "scale.tmx"))
    assert errors == []


def test_a_polygon_over_the_point_limit_is_refused_without_checking_its_shape(
    tmp_path: Path,
) -> None:
    errors, seconds = errors_of(write_map(tmp_path / "p.tmx", polygon_points=5000))
    assert any("more than 1000 points" in e for e in errors)
    assert seconds < 2.0  # was 15 s: its self-intersection was checked all the same


def test_a_polygon_at_the_point_limit_is_checked_quickly(tmp_path: Path) -> None:
    errors, seconds = errors_of(write_map(tmp_path / "p.tmx", polygon_points=1000))
    assert errors == [] and seconds < 2.0


def test_too_many_objects_are_refused_before_they_are_read(tmp_path: Path) -> None:
    path = write_map(tmp_path / "o.tmx", extra_objects=limits.MAX_OBJECTS)
    errors, seconds = errors_of(path)
    assert len(errors) == 1 and "objects; at most 5,000 are allowed" in errors[0]
    assert str(path.as_posix()) in errors[0] and seconds < 2.0


def test_thousands_of_buildings_under_the_cap_check_in_seconds(tmp_path: Path) -> None:
    path = write_map(tmp_path / "b.tmx", extra_objects=4500, extra_kind="Building")
    errors, seconds = errors_of(path)
    assert errors == [] and seconds < 10.0  # every pair of buildings was compared: 40 s


def test_too_many_polygon_points_in_all_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "many.tmx"
    write_map(path, polygon_points=900)
    text = path.read_text()
    shape = text[text.index('<object id="193"') : text.index("</object>", text.index('id="193"'))]
    copies = "".join(
        shape.replace('id="193"', f'id="{50_000 + n}"') + "</object>\n" for n in range(60)
    )
    path.write_text(
        text.replace(
            ' </objectgroup>\n <objectgroup id="2"',
            copies + ' </objectgroup>\n <objectgroup id="2"',
        )
    )
    errors, seconds = errors_of(path)
    assert len(errors) == 1 and "points together; at most 50,000" in errors[0]
    assert seconds < 2.0


@pytest.mark.parametrize(
    ("kwargs", "reason"),
    [
        ({"ppi": 2 * 4096 / 96, "tile_px": 2, "tiles": 4096}, "8192 x 8192 pixels"),
        ({"ppi": 4096 / 96, "tile_px": 1, "tiles": 4096}, "16,777,216 tiles"),
        ({"ppi": 4096 / 96, "tile_px": 4, "tiles": 1024, "tile_layers": 2}, "2,097,152 tiles"),
    ],
)
def test_a_map_too_big_to_open_is_refused_by_pixels_or_tiles(
    tmp_path: Path, kwargs: dict[str, float], reason: str
) -> None:
    path = write_map(tmp_path / "big.tmx", units=8, zlib_tiles=True, **kwargs)  # type: ignore[arg-type]
    errors, seconds = errors_of(path)
    assert len(errors) == 1 and reason in errors[0] and seconds < 2.0


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"this is a text file, not a picture", "is not a PNG, JPEG, GIF, BMP or WebP image"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x01\x00\x00\x00\x01\x00\x00", "65536 x 65536"),
    ],
)
def test_a_tileset_image_that_is_no_image_fails_the_validator(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    tsx = tmp_path / "urban.tsx"
    text = TILESET.read_text()
    tsx.write_text(text.replace('source="../assets/tiles/urban.png"', 'source="urban.png"'))
    (tmp_path / "urban.png").write_bytes(content)
    errors, _seconds = errors_of(write_map(tmp_path / "m.tmx", tileset=tsx))
    assert any("image 'urban.png' " + reason in e or reason in e for e in errors), errors


def test_the_shipped_tileset_image_is_an_image() -> None:
    image = TILESET.parent.parent / "assets" / "tiles" / "urban.png"
    assert limits.image_problem(image) is None
    assert limits.image_size(image.read_bytes()[:64]) == (512, 352)


def test_the_fast_self_intersection_check_answers_as_every_pair_did() -> None:
    rng = random.Random(20261125)

    def every_pair(points: list[tuple[float, float]]) -> bool:
        count = len(points)
        edges = [(points[i], points[(i + 1) % count]) for i in range(count)]
        return any(
            map_checks.segments_intersect(*edges[i], *edges[j])
            for i in range(count)
            for j in range(i + 2, count)
            if not (i == 0 and j == count - 1)
        )

    answers = set()
    for _ in range(400):
        count = rng.randint(3, 12)
        grid = rng.choice([2, 4, 10])  # small grids: touching and collinear edges are common
        points = [(float(rng.randint(0, grid)), float(rng.randint(0, grid))) for _ in range(count)]
        expected = every_pair(points)
        answers.add(expected)
        assert map_checks.self_intersects(points) == expected, points
    assert answers == {True, False}

"""Paths that touch a wall's centre line (found playing Sweep & Clear: a unit moved onto a wall
line could never walk away again)."""

from game.battlefield.geometry import Geometry
from game.battlefield.model import Battlefield, Wall, WallHeight

WALL = Wall(1, "yard wall", ((10.0, 4.0), (10.0, 16.0)), closed=False, height=WallHeight.HIGH)
FIELD = Battlefield("walls.tmx", "walls", 20.0, 20.0, 32.0, walls=(WALL,))


def test_no_path_ends_straddling_a_wall_line() -> None:
    geometry = Geometry(FIELD)
    assert geometry.path((5.0, 10.0), (10.0, 10.0)) is None
    reached = geometry.path((5.0, 10.0), (9.5, 10.0))  # touching the wall, not on it
    assert reached is not None and abs(reached.length - 4.5) < 1e-9


def test_a_base_left_on_a_wall_line_can_walk_off_it_on_its_own_side() -> None:
    geometry = Geometry(FIELD)
    away = geometry.path((10.0, 10.0), (5.0, 10.0))
    assert away is not None
    assert abs(away.length - 5.0) < 1e-9


def test_paths_along_a_wall_are_the_same_length_both_ways() -> None:
    geometry = Geometry(FIELD)
    there = geometry.path((9.5, 5.0), (10.5, 15.0))
    back = geometry.path((10.5, 15.0), (9.5, 5.0))
    assert there is not None and back is not None
    assert abs(there.length - back.length) < 1e-9
    assert there.length > 10.0  # around an end of the wall, not through it

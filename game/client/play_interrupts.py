"""Where an interruption would happen (issue 22 item 9): when the Insurgent player (hot-seat, or
co-op) declares interruptions against a moving Regular unit, the unit's planned path still to walk
is drawn, and each offered point ("at the start", "after 3.1\"") is marked on it with the numbers
of the options that interrupt there, so nobody chooses blind."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

import pygame

from game.battlefield.model import Point
from game.client import text
from game.client.play_consts import TARGET_COLOUR
from game.engine.commands import Command, DeclareInterrupts
from game.engine.terrain import path_length, walk

if TYPE_CHECKING:
    from game.client.play import PlayScene
    from game.engine.engine import Engine

PLANNED_PATH = (250, 235, 120)


def remaining_path(engine: Engine) -> list[Point]:
    """The moving unit's path from where it stands now to where it was ordered."""
    act = engine.state.activation
    if act is None or not act.path or act.travelled >= path_length(act.path) - 1e-6:
        return []
    here = walk(act.path, act.travelled)
    rest = [p for i, p in enumerate(act.path) if path_length(act.path[: i + 1]) > act.travelled]
    return [here, *rest] if rest else []


def interrupt_points(engine: Engine, options: list[Command]) -> list[tuple[Point, list[int]]]:
    """Each point an interruption option would happen at, with the options' numbers (from 1)."""
    act = engine.state.activation
    if act is None or not act.path:
        return []
    points: dict[tuple[float, float], list[int]] = {}
    for number, option in enumerate(options, start=1):
        if isinstance(option, DeclareInterrupts) and option.declarations:
            point = walk(act.path, act.travelled + option.at)
            points.setdefault((round(point[0], 2), round(point[1], 2)), []).append(number)
    return list(points.items())


def draw_interrupt_points(self: PlayScene, surface: pygame.Surface) -> None:
    """The planned path still to walk, dashed, and each interrupt point with its numbers."""
    engine = self.session.engine
    marks = interrupt_points(engine, self.dialog_options)
    if not marks:
        return
    path = [self._to_screen(p) for p in remaining_path(engine)]
    for a, b in itertools.pairwise(path):
        _dashed(surface, a, b)
    if path:
        pygame.draw.circle(surface, PLANNED_PATH, path[-1], 6, 2)
    for point, numbers in marks:
        centre = self._to_screen(point)
        pygame.draw.circle(surface, (0, 0, 0), centre, 12)
        pygame.draw.circle(surface, TARGET_COLOUR, centre, 11, 3)
        label = text.text(
            ",".join(map(str, numbers)), 16, TARGET_COLOUR, bold=True, shadow=(0, 0, 0)
        )
        surface.blit(label, label.get_rect(midleft=(centre[0] + 14, centre[1])))


def _dashed(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int], dash: int = 8) -> None:
    length = max(1.0, ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5)
    steps = int(length // dash)
    for i in range(0, steps, 2):
        t0, t1 = i * dash / length, min(1.0, (i + 1) * dash / length)
        p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        pygame.draw.line(surface, PLANNED_PATH, p0, p1, 3)

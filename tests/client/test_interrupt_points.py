"""Hot-seat interruptions are not chosen blind (issue 22 item 9): the moving unit's planned path
and each offered interrupt point, with the numbers of the options that interrupt there."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from game.client.play_interrupts import interrupt_points, remaining_path
from game.engine.commands import DeclareInterrupts
from game.engine.terrain import path_length
from game.sandbox import run_situation
from game.scenarios.situation import parse_situation

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "sandbox" / "interruption-chain.json"


@pytest.fixture(scope="module")
def engine() -> object:
    # The rulebook's chain example, stopped when the Insurgents are asked to declare: the
    # Marines have ordered their move north and have not yet taken a step.
    data = json.loads(EXAMPLE.read_text())
    data["commands"] = data["commands"][:1]
    run = run_situation(parse_situation(data, base=EXAMPLE.parent), lambda event: None)
    assert run.engine is not None, run.error
    return run.engine


def test_the_path_still_to_walk_runs_from_the_unit_to_its_destination(engine: object) -> None:
    act = engine.state.activation  # type: ignore[attr-defined]
    path = remaining_path(engine)  # type: ignore[arg-type]
    assert path[0] == pytest.approx(act.path[0]) and path[-1] == pytest.approx(act.path[-1])
    assert path_length(path) == pytest.approx(path_length(act.path) - act.travelled)


def test_each_offered_point_is_marked_with_the_options_that_interrupt_there(
    engine: object,
) -> None:
    pending = engine.pending  # type: ignore[attr-defined]
    options = list(pending.options)
    marks = interrupt_points(engine, options)  # type: ignore[arg-type]
    act = engine.state.activation  # type: ignore[attr-defined]
    start, half = act.path[0], path_length(act.path) / 2
    assert len(marks) == 2  # at the start, and halfway along what is left
    (first, first_numbers), (middle, middle_numbers) = sorted(marks, key=lambda m: -m[0][1])
    assert math.dist(first, start) < 0.01
    assert math.dist(middle, start) == pytest.approx(half, abs=0.05)  # a straight move north
    by_number = {n: options[n - 1] for n in first_numbers + middle_numbers}
    assert all(isinstance(o, DeclareInterrupts) and o.declarations for o in by_number.values())
    assert {by_number[n].at for n in first_numbers} == {0.0}
    assert all(by_number[n].at > 0 for n in middle_numbers)
    # every declaring option is marked once; "No interruption" is not a point on the path
    declaring = [n for n, o in enumerate(options, 1) if o.declarations]
    assert sorted(first_numbers + middle_numbers) == declaring

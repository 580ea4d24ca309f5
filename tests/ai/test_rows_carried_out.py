"""Issue 17 §1: a solo-table row that asks an Insurgent unit to move is carried out, or the log
says why not (a leader joined the unit this turn and it may only fire, R80; no move offered; a
leaderless unit failed its Quality Check to act)."""

from __future__ import annotations

import re

import pytest

from game.ai.actions import Action
from game.ai.controller import InsurgentAI
from game.engine.engine import Engine
from game.engine.protocol import EventKind
from game.engine.state import INSURGENT
from tests.shared_games import golden_game

CHECK = re.compile(r"^T(\d+) end of turn: .*?\((Insurgent [^)]*?)\): .*→ (.*?)(?: \(R\d+\))?$")
MOVE_ROWS = {a.label for a in Action if a.moves}


def game(scenario: str, seed: int) -> tuple[Engine, InsurgentAI]:
    """The golden game of this scenario and seed (the tests below only read it: the one the
    golden test plays serves them, tests/shared_games.py) and its Insurgent AI."""
    shared = golden_game(scenario, seed)
    ai = shared.controllers[INSURGENT]
    assert isinstance(ai, InsurgentAI)
    return shared.engine, ai


@pytest.mark.parametrize(
    ("scenario", "seed"),
    [
        pytest.param(*key, marks=pytest.mark.golden_games(key))
        for key in (("sweep-and-clear", 1), ("sweep-and-clear", 6))
    ],
)
def test_every_end_of_turn_move_row_moves_or_says_why_not(scenario: str, seed: int) -> None:
    engine, ai = game(scenario, seed)
    names = {u.name: u.id for u in engine.state.units.values()}
    moved = {
        (e["turn"], e["data"].get("unit"))
        for e in engine.state.events
        if e["kind"]
        in (EventKind.MOVE, EventKind.MOVE_START, EventKind.MOVE_END, EventKind.LEADER_JOINS)
    }
    checked = 0
    unexplained = []
    for line in ai.log:
        match = CHECK.match(line)
        if match is None or match.group(3) not in MOVE_ROWS:
            continue
        turn, name = int(match.group(1)), match.group(2)
        checked += 1
        if (turn, names[name]) in moved:
            continue
        said = any(x.startswith(f"T{turn} {name} cannot ") for x in ai.log)
        # or the engine says so: a leaderless unit failed its Quality Check to act, or
        # Overwatch stopped the move as it began
        failed = any(
            e["turn"] == turn
            and (
                f"{name} Quality Check to act" in e["text"]
                or ("Overwatch" in e["text"] and name in e["text"])
            )
            for e in engine.state.events
        )
        if not (said or failed):
            unexplained.append(line)
    assert checked > 0
    assert unexplained == []


# the golden games it reads until it finds one (seed 11 holds one now: the scheduler runs these
# beside it; a seed further on is played here, as before)
@pytest.mark.golden_games(*[("sweep-and-clear", seed) for seed in (2, 1, *range(3, 12))])
def test_a_unit_a_leader_joined_says_it_may_only_fire() -> None:
    # the first seeded Sweep & Clear game with such a unit (which seed it is moves whenever the
    # cards or the AIs change play; seven seeds have always held one): seed 2 holds one now, so
    # it is tried first, then the others in order (after R278-R279 moved play, seed 2 no
    # longer holds one: the search goes on to seed 20)
    lines: list[str] = []
    for seed in (2, 1, *range(3, 21)):
        _, ai = game("sweep-and-clear", seed)
        lines = [
            x for x in ai.log if "a leader joined it this turn, so it may only fire (R80)" in x
        ]
        if lines:
            break
    assert lines and all(" cannot " in x and x.endswith("it holds") for x in lines)

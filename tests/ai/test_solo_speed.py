"""Round 4 of the solo AI's speed (issue 17 §5; helper "solo"): the end-state search (R131) asks
only whether some destination passes the row's tests (out of contact, R94; the row's end state)
and which passing one is best, so it stops as soon as none can pass, without ranking the
failures; the choice is the full ranking's whenever one passes."""

from __future__ import annotations

import random

import pytest

from game.ai.actions import Action
from game.ai.controller import _criteria, _lowest
from game.ai.ranking import _lowest_passing
from tests.ai.test_ai_perf_choice import _destinations, _Facts, _full_ranking

END_STATE_ROWS = [
    Action.MOVE_INTO_COVER,
    Action.TAKE_COVER_OUT_OF_LOS,
    Action.TAKE_COVER_WITH_LOS,
    Action.MOVE_OUT_OF_LOS,
    Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND,
    Action.MOVE_OUT_OF_LOS_OR_INTO_COVER_TOWARD_FRIEND,
    Action.MOVE_INTO_OPTIMUM_RANGE,
    Action.ADVANCE_TO_ENEMY,
]


def _passes(d: _Facts, action: Action) -> bool:
    tests = _criteria(action, 8.0)[:2]
    return not any(c.value(d) for c in tests)


@pytest.mark.parametrize("action", END_STATE_ROWS)
def test_r131_the_passing_search_is_the_full_rankings_pick_or_none(action: Action) -> None:
    rng = random.Random(f"passing-{action.name}")
    found = missed = 0
    for _ in range(300):
        destinations = _destinations(rng, rng.randint(1, 30))
        expected = _full_ranking(destinations, action)
        passing = _passes(destinations[expected], action)
        got = _lowest_passing(destinations, _criteria(action, 8.0), 2)
        if passing:
            found += 1
            assert got == expected
        else:
            missed += 1
            assert got is None
            assert not any(_passes(d, action) for d in destinations)
    assert found > 20 and missed > 5


def test_r131_when_nothing_passes_the_failures_are_not_ranked() -> None:
    """Out of LOS toward a friend, every spot seen: each spot's contact and sight are read, the
    watchers' sight (the next criterion) of none; the full ranking reads it for the best."""
    seen = {"watched": True, "sees_enemy": True, "in_contact": False}
    destinations = [
        _Facts(moved=m, goal_distance=g, hidden=dict(seen)) for m, g in ((6, 9), (4, 2))
    ]
    criteria = _criteria(Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND, 8.0)
    assert _lowest_passing(destinations, criteria, 2) is None
    assert sorted(r for d in destinations for r in d.reads) == sorted(
        ["in_contact", "sees_enemy"] * 2
    )
    for d in destinations:
        d.reads.clear()
    assert _lowest(destinations, criteria) == 1  # nearer the friend
    assert "watched" in destinations[1].reads


def _commander_game(seed: int, prune: bool) -> tuple[list[str], int]:
    """The Commander's commands in a Contracting Trouble game against the Regular AI, and how
    many spots it weighed in full (`place_value`)."""
    from pathlib import Path

    from game.ai import commander
    from game.ai.regular import RegularAI
    from game.engine.state import INSURGENT, REGULAR
    from game.headless import play
    from game.save import new_game

    root = Path(__file__).resolve().parents[2]
    engine = new_game(root / "maps/contracting-trouble.tmx", "contracting-trouble", seed)
    ai = commander.CommanderAI(engine.battlefield, seed)
    weighed = 0
    place_value = ai.place_value

    def counted(*args: object, **kwargs: object) -> tuple[float, float, str]:
        nonlocal weighed
        weighed += 1
        return place_value(*args, **kwargs)  # type: ignore[arg-type]

    ai.place_value = counted  # type: ignore[method-assign]
    commands: list[str] = []
    choose = ai.choose

    def recorded(view: object) -> object:
        command = choose(view)  # type: ignore[arg-type]
        commands.append(str(command.to_json()))
        return command

    ai.choose = recorded  # type: ignore[method-assign]
    old = commander.MoveCandidate.prune
    commander.MoveCandidate.prune = prune
    try:
        play(engine, {REGULAR: RegularAI(engine.battlefield), INSURGENT: ai}, stop_after_turn=3)
    finally:
        commander.MoveCandidate.prune = old
    return commands, weighed


def test_the_commanders_move_is_the_same_with_spots_passed_over_by_their_ceiling() -> None:
    """Issue 17 §2/§5: spots whose ceiling (no danger, every Regular in sight) cannot beat the
    best so far are not weighed; the Commander gives the very same commands all game."""
    pruned, weighed_pruned = _commander_game(2, True)
    full, weighed_full = _commander_game(2, False)
    assert pruned == full
    assert len(full) > 20
    assert weighed_pruned < 0.9 * weighed_full  # spots were passed over

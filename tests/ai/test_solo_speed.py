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

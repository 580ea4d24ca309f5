"""The Insurgent AI's destination choice works out costly facts lazily yet picks exactly the
destination the full ranking picks (R35); speed itself is measured by tools/bench.py."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from game.ai.actions import Action
from game.ai.controller import _criteria, _lowest


@dataclass
class _Facts:
    """A destination whose costly facts count how often they are read."""

    moved: float
    goal_distance: float
    hidden: dict[str, Any]
    reads: list[str] = field(default_factory=list)

    def _read(self, name: str) -> Any:
        self.reads.append(name)
        return self.hidden[name]

    @property
    def in_contact(self) -> bool:
        return bool(self._read("in_contact"))

    @property
    def solid(self) -> bool:
        return bool(self._read("solid"))

    @property
    def watched(self) -> bool:
        return bool(self._read("watched"))

    @property
    def sees_enemy(self) -> bool:
        return bool(self._read("sees_enemy"))

    @property
    def exposure(self) -> int:
        return int(self._read("exposure"))

    @property
    def activated_distance(self) -> float:
        return float(self._read("activated_distance"))


def _destinations(rng: random.Random, count: int) -> list[_Facts]:
    return [
        _Facts(
            moved=rng.choice((2.0, 4.0, 6.0, rng.uniform(0.0, 12.0))),
            goal_distance=rng.choice((3.0, rng.uniform(0.0, 20.0))),
            hidden={
                "in_contact": rng.random() < 0.2,
                "solid": rng.random() < 0.3,
                "watched": rng.random() < 0.6,
                "sees_enemy": rng.random() < 0.5,
                "exposure": rng.randint(0, 4),
                "activated_distance": rng.uniform(0.0, 16.0),
            },
        )
        for _ in range(count)
    ]


def _full_ranking(destinations: list[_Facts], action: Action) -> int:
    """The index of the lowest (every criterion's value, index): every fact of every one read."""
    criteria = _criteria(action, 8.0)
    return min(
        range(len(destinations)),
        key=lambda i: (*(c.value(destinations[i]) for c in criteria), i),
    )


@pytest.mark.parametrize(
    "action",
    [
        Action.MOVE_INTO_COVER,
        Action.TAKE_COVER_OUT_OF_LOS,
        Action.TAKE_COVER_WITH_LOS,
        Action.MOVE_OUT_OF_LOS,
        Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND,
        Action.MOVE_OUT_OF_LOS_OR_INTO_COVER_TOWARD_FRIEND,
        Action.MOVE_INTO_OPTIMUM_RANGE,
        Action.ADVANCE_TO_ENEMY,
        Action.MOVE_TO_LEADER,
    ],
)
def test_r35_the_lazy_choice_equals_the_full_ranking_on_300_seeded_tables(action: Action) -> None:
    rng = random.Random(f"lazy-{action.name}")
    for _ in range(300):
        destinations = _destinations(rng, rng.randint(1, 30))
        expected = _full_ranking(destinations, action)
        for d in destinations:
            d.reads.clear()
        assert _lowest(destinations, _criteria(action, 8.0)) == expected


def test_r35_out_of_sight_the_first_hidden_spot_nearest_the_friend_wins_unread_others() -> None:
    """Move out of LOS toward a friend: destinations nearer the friend are looked at first; once
    one is hidden from the watchers, the farther ones are never placed or sighted."""
    hidden = {"watched": False, "sees_enemy": False, "in_contact": False}
    seen = {"watched": True, "sees_enemy": True, "in_contact": False}
    destinations = [
        _Facts(moved=6.0, goal_distance=9.0, hidden=dict(hidden)),
        _Facts(moved=6.0, goal_distance=2.0, hidden=dict(seen)),
        _Facts(moved=4.0, goal_distance=4.0, hidden=dict(hidden)),
        _Facts(moved=2.0, goal_distance=12.0, hidden=dict(hidden)),
    ]
    assert _lowest(destinations, _criteria(Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND, 8.0)) == 2
    # contact and sight (any Regular's, R131, then the watchers') are read of the two looked
    # at, nothing of the others
    assert [len(d.reads) for d in destinations] == [0, 2, 3, 0]


def test_r35_a_tie_on_every_criterion_goes_to_the_first_offered_destination() -> None:
    destinations = [
        _Facts(moved=3.0, goal_distance=0.0, hidden={"solid": True, "in_contact": False}),
        _Facts(moved=3.0, goal_distance=0.0, hidden={"solid": True, "in_contact": False}),
    ]
    assert _lowest(destinations, _criteria(Action.MOVE_INTO_COVER, 8.0)) == 0
    assert _lowest(destinations[::-1], _criteria(Action.MOVE_INTO_COVER, 8.0)) == 0


def test_no_destination_is_an_error_not_a_silent_pick() -> None:
    with pytest.raises(ValueError, match="no candidate"):
        _lowest([], _criteria(Action.MOVE_INTO_COVER, 8.0))

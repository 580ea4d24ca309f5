"""The golden games: every shipped scenario's AI-vs-AI games for seeds 1-20 play exactly as pinned.

A reshaping commit leaves them alone; a commit that changes play on purpose re-pins them with
`python tools/golden.py --write` and says which rule moved (README: Golden games)."""

from __future__ import annotations

import json

import pytest

from game.scenarios.ids import scenario_ids
from tools.golden import SEEDS, compute, golden_path


@pytest.fixture(scope="module")
def played() -> dict[str, dict[str, dict[str, str]]]:
    return compute(list(scenario_ids()), jobs=2)


@pytest.mark.parametrize("scenario_id", list(scenario_ids()))
def test_golden_games_play_as_pinned(
    played: dict[str, dict[str, dict[str, str]]], scenario_id: str
) -> None:
    pinned = json.loads(golden_path(scenario_id).read_text())
    assert sorted(pinned, key=int) == [str(s) for s in SEEDS]
    moved = [
        f"seed {seed}: {key}"
        for seed, prints in played[scenario_id].items()
        for key, value in prints.items()
        if pinned[seed][key] != value
    ]
    assert moved == [], f"{scenario_id}: golden games moved ({', '.join(moved)})"


def test_every_shipped_scenario_has_golden_games() -> None:
    assert all(golden_path(sid).exists() for sid in scenario_ids())

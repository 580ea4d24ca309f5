"""The golden games: every shipped scenario's AI-vs-AI games for seeds 1-20 play exactly as pinned.

A reshaping commit leaves them alone; a commit that changes play on purpose re-pins them with
`python tools/golden.py --write` and says which rule moved (README: Golden games). Each game is
its own test, so the suite's two workers share the hundred games; the finished game is kept for
the other tests that read it (`tests/shared_games.py`)."""

from __future__ import annotations

import json
from functools import cache

import pytest

from game.scenarios.ids import scenario_ids
from tests.shared_games import golden_game
from tools.golden import SEEDS, fingerprints, golden_path

GAMES = [
    pytest.param(sid, seed, marks=pytest.mark.golden_games((sid, seed)), id=f"{sid}-{seed}")
    for sid in scenario_ids()
    for seed in SEEDS
]


@cache
def pinned(scenario_id: str) -> dict[str, dict[str, str]]:
    games: dict[str, dict[str, str]] = json.loads(golden_path(scenario_id).read_text())
    return games


@pytest.mark.parametrize(("scenario_id", "seed"), GAMES)
def test_golden_game_plays_as_pinned(scenario_id: str, seed: int) -> None:
    played = fingerprints(golden_game(scenario_id, seed).engine)
    pin = pinned(scenario_id)[str(seed)]
    moved = [key for key in ("events", "log") if pin[key] != played[key]]
    assert moved == [], f"{scenario_id} seed {seed}: golden game moved ({', '.join(moved)})"


@pytest.mark.parametrize("scenario_id", list(scenario_ids()))
def test_every_shipped_scenario_pins_seeds_1_to_20(scenario_id: str) -> None:
    assert golden_path(scenario_id).exists()
    assert sorted(pinned(scenario_id), key=int) == [str(s) for s in SEEDS]

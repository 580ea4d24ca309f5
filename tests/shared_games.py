"""The golden games, played once per test process and shared by the tests that only read them.

`tools/golden.py` defines the golden games: for seeds 1-20 of every shipped scenario, the Regular
AI against the Insurgent AI, to the end. `tests/golden` plays all of them; a test elsewhere that
needs one of those same finished games (its events, its result, an AI's log) asks
`golden_game(scenario, seed)` instead of playing it again, and is marked
`@pytest.mark.golden_games((scenario, seed), ...)`: under pytest-xdist the suite's scheduler
(`tests/scheduling.py`) then runs it in the same worker as the golden test of that game, so the
game is played once in the whole run. A test given a shared game only reads it: the engine and
the controllers are the same objects for every test that asks.
"""

from __future__ import annotations

from functools import lru_cache

from game.engine.controllers import Controller
from game.engine.engine import Engine
from tools.golden import play_golden

GameKey = tuple[str, int]


@lru_cache(maxsize=8)  # a few finished games at a time: a game's readers run beside it
def golden_game(scenario: str, seed: int) -> tuple[Engine, dict[str, Controller]]:
    """The finished golden game of `scenario` and `seed` with its controllers (read only)."""
    return play_golden(scenario, seed)

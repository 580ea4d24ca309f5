"""The golden games, played once per test process and shared by the tests that only read them.

`tools/golden.py` defines the golden games: for seeds 1-20 of every shipped scenario, the Regular
AI against the Insurgent AI, to the end. `tests/golden` plays all of them; a test elsewhere that
needs one of those same finished games (its events, its result, an AI's log, the decisions the
AIs were asked) asks `golden_game(scenario, seed)` instead of playing it again, and is marked
`@pytest.mark.golden_games((scenario, seed), ...)`: under pytest-xdist the suite's scheduler
(`tests/scheduling.py`) then runs it in the same worker as the golden test of that game, so the
game is played once in the whole run. A test given a shared game only reads it: the engine and
the controllers are the same objects for every test that asks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game import i18n
from game.engine.commands import Command
from game.engine.controllers import Controller
from game.engine.engine import Engine
from game.engine.view import PlayerView
from game.headless import play
from tools.golden import golden_setup


@dataclass(frozen=True)
class Decision:
    """One decision a controller of the game was asked: its kind and its context's keys."""

    kind: str
    keys: frozenset[str]


@dataclass(frozen=True)
class SharedGame:
    engine: Engine
    controllers: dict[str, Controller]
    decisions: list[Decision]


class Noting:
    """A controller passed through: it notes every decision it is asked, then lets the AI answer
    (the golden test proves the game the same as the one `tools/golden.py` plays)."""

    def __init__(self, inner: Controller, decisions: list[Decision]) -> None:
        self.inner = inner
        self.decisions = decisions

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def choose(self, view: PlayerView) -> Command:
        decision = view.decision
        assert decision is not None
        self.decisions.append(Decision(str(decision["kind"]), frozenset(decision["context"])))
        return self.inner.choose(view)


@lru_cache(maxsize=16)  # some 10 MB a game; a game's readers run beside it
def golden_game(scenario: str, seed: int) -> SharedGame:
    """The finished golden game of `scenario` and `seed` (read only)."""
    engine, controllers = golden_setup(scenario, seed)
    decisions: list[Decision] = []
    noting = {side: Noting(c, decisions) for side, c in controllers.items()}
    was = i18n.language()
    i18n.set_language("en")  # the golden games are told in English, whatever a test left
    try:
        play(engine, noting)
    finally:
        i18n.set_language(was)
    return SharedGame(engine, controllers, decisions)


# --- the short game the report and replay tests read (issue 15: played once, not twice) ---
SHORT_GAME = "contracting-trouble-2-three-turns"
"""The `shared_game` mark of `short_game()`'s readers: the scheduler runs them in one worker."""


@lru_cache(maxsize=1)
def short_game() -> Engine:
    """Contracting Trouble at seed 2, three turns, the Regular AI against the Insurgent AI
    (seed 6), played to its end: the game of `tests/test_report.py` and `tests/test_replay.py`
    (read only)."""
    from game.ai.controller import InsurgentAI
    from game.ai.regular import RegularAI
    from game.engine.state import INSURGENT, REGULAR
    from game.save import new_game, resolve_map

    map_path, scenario_id = resolve_map("contracting-trouble")
    engine = new_game(map_path, scenario_id, 2, turn_limit=3)
    was = i18n.language()
    i18n.set_language("en")
    try:
        play(
            engine,
            {
                REGULAR: RegularAI(engine.battlefield),
                INSURGENT: InsurgentAI(engine.battlefield, 6),
            },
        )
    finally:
        i18n.set_language(was)
    return engine

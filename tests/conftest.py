"""Shared test setup: pygame never opens a real window or sound device in tests; the session
keeps Python's cycle collector off what it loaded once (see `pytest_collection_finish`)."""

import gc
import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests import rewriting, scheduling

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pytest_collection_finish(session: pytest.Session) -> None:
    """Freeze everything alive once the tests are collected (the code, pytest, the test
    modules): the suite manages the collector, as `game/steady_gc.py` lets a host do, so a game
    played in a test does not walk the whole session's heap at its start and at every turn (a
    fifth of the CPU of the game-playing tests went there). Tests of the steady collector itself
    take `unfrozen_collector`."""
    gc.collect()
    gc.freeze()


@pytest.fixture
def unfrozen_collector() -> Iterator[None]:
    """The collector as a game finds it outside the suite (nothing frozen), for a test of
    `game/steady_gc.py`; frozen again afterwards, as the session keeps it."""
    gc.unfreeze()
    yield
    gc.collect()
    gc.freeze()


# --- the suite's time (issue 15): shared golden games, costliest work first, recorded costs ---
scheduling.temp_root_in_memory()  # before any tmp_path is made (the controller's, the workers')


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--record-costs",
        action="store_true",
        help="write each test's CPU seconds to tests/costs.json (the scheduler's order)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{scheduling.MARK}(*(scenario, seed)): the test reads these golden games "
        "(tests/shared_games.py); under xdist it runs beside the golden tests that play them",
    )
    config.addinivalue_line(
        "markers",
        f"{scheduling.SHARED_MARK}(name): the test reads this shared game (tests/shared_games.py); "
        "under xdist it runs beside the other tests that read it",
    )
    scheduling.start_groups_file(config)
    if config.getoption("--record-costs"):
        config.pluginmanager.register(scheduling.CostRecorder(), "suite-cost-recorder")


def pytest_collection(session: pytest.Session) -> None:
    rewriting.share(session)  # the workers share pytest's assertion rewriting (tests/rewriting.py)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if hasattr(config, "workerinput"):  # an xdist worker: group the tests sharing a game
        scheduling.tell_groups(items)
    scheduling.note_units(config, items)  # round 7: where each unit's shared games are let go


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    return scheduling.make_scheduler(config, log)


@pytest.fixture(autouse=True)
def english_to_start_and_end() -> Iterator[None]:
    """Every test starts in English and leaves English behind: a test that switched the game to
    French must not turn the narration of a golden game played later in the same worker into
    French (its log fingerprint would move though the game did not)."""
    from game import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.hookimpl(trylast=True)  # after the test's fixtures are torn down
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    scheduling.between_units(item, nextitem)  # round 7: a finished unit's games go, the rest frozen

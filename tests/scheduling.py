"""How the suite shares its two workers (pytest-xdist): the costliest work first, so that neither
worker idles while the other finishes a long test, and a shared golden game played once.

A unit of work goes to one worker whole: a test module (its module fixtures are built once), or,
for the tests marked `golden_games((scenario, seed), ...)`, every test that reads one of those
games together with the golden test that plays it (`tests/shared_games.py`). When a worker asks
for more work it gets the unit that cost the most CPU when the costs were last recorded
(`tests/costs.json`; a test not in it counts as `DEFAULT_COST`). The costs only order the work:
a stale file makes the run slower, never different.

    .venv/bin/python -m pytest -p no:warnings -n 2 --record-costs   # refresh tests/costs.json

Every test's `tmp_path` is made in memory (`/dev/shm`) where the machine has such a folder with
room (`temp_root_in_memory`): the game writes its saves, autosaves and settings with an fsync
each (`game/fileio.py`), some 7 ms of waiting on this machine's disk and almost nothing in
memory; what is written and read is the same.

The scheduler replaces xdist's `load` (what `-n 2` means alone) and `loadscope` (what
`tools/dev.py test` asks for); another `--dist` is left as asked.
"""

from __future__ import annotations

import gc
import json
import os
import resource
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

MARK = "golden_games"
GROUPS_ENV = "AMBUSH_ALLEY_SUITE_GROUPS"  # where the workers tell the controller the groups
UNITS_ENV = "AMBUSH_ALLEY_SUITE_WHOLE_UNITS"  # set: each worker runs whole units (round 7)
COSTS = Path(__file__).resolve().parent / "costs.json"
DEFAULT_COST = 0.02  # CPU seconds of a test the costs file does not name
RECORDED_BELOW = 0.05  # tests cheaper than this are left out of the costs file


IN_MEMORY = Path("/dev/shm")
IN_MEMORY_ROOM = 2 * 1024**3  # free bytes it must have (a whole run writes some 110 MB)


def temp_root_in_memory() -> None:
    """Root pytest's temporary folders in memory, unless the caller chose a root
    (`PYTEST_DEBUG_TEMPROOT`, pytest's own setting) or there is no such folder with room; the
    workers and the programs the tests start inherit the choice."""
    if "PYTEST_DEBUG_TEMPROOT" in os.environ:
        return
    try:
        room = shutil.disk_usage(IN_MEMORY).free
    except OSError:
        return
    if IN_MEMORY.is_dir() and os.access(IN_MEMORY, os.W_OK | os.X_OK) and room > IN_MEMORY_ROOM:
        os.environ["PYTEST_DEBUG_TEMPROOT"] = str(IN_MEMORY)


SHARED_MARK = "shared_game"  # a game other than a golden one that several test modules read


def _game_keys(item: pytest.Item) -> list[str]:
    golden = [
        f"{scenario}-{seed}" for mark in item.iter_markers(MARK) for scenario, seed in mark.args
    ]
    return golden + [str(name) for mark in item.iter_markers(SHARED_MARK) for name in mark.args]


def shared_game_groups(items: Iterable[pytest.Item]) -> dict[str, str]:
    """Each marked test's group: the tests that share its games, joined through any game two of
    them share, named by the group's first game."""
    parent: dict[str, str] = {}

    def root(key: str) -> str:
        while parent.setdefault(key, key) != key:
            key = parent[key]
        return key

    marked = [(item.nodeid, _game_keys(item)) for item in items]
    for _nodeid, keys in marked:
        for key in keys[1:]:
            a, b = sorted((root(keys[0]), root(key)))
            parent[b] = a
    return {nodeid: f"golden:{root(keys[0])}" for nodeid, keys in marked if keys}


def start_groups_file(config: pytest.Config) -> None:
    """In the controller of an xdist run: a file for the workers to name the groups in (a
    worker's node ids are all the controller sees of a test; pytest 9 no longer lets a worker
    rename them as xdist's `loadgroup` does). The workers inherit its path."""
    if hasattr(config, "workerinput") or config.getoption("dist", "no") == "no":
        return
    folder = Path(tempfile.mkdtemp(prefix="suite-groups-"))
    os.environ[GROUPS_ENV] = str(folder / "groups.json")
    if config.getvalue("dist") in ("load", "loadscope"):  # round 7: this scheduler, whole units
        os.environ[UNITS_ENV] = "1"
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


def tell_groups(items: Iterable[pytest.Item]) -> None:
    """In a worker: write the groups for the controller (every worker collects the same tests,
    so every worker writes the same file)."""
    path = os.environ.get(GROUPS_ENV)
    if path:
        temporary = Path(f"{path}.{os.getpid()}")
        temporary.write_text(json.dumps(shared_game_groups(items)), encoding="utf-8")
        temporary.replace(path)


def read_groups() -> dict[str, str]:
    path = os.environ.get(GROUPS_ENV)
    try:
        groups = json.loads(Path(path).read_text(encoding="utf-8")) if path else {}
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in groups.items()} if isinstance(groups, dict) else {}


def load_costs() -> dict[str, float]:
    try:
        costs = json.loads(COSTS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): float(v) for k, v in costs.items()} if isinstance(costs, dict) else {}


def make_scheduler(config: pytest.Config, log: Any) -> Any:
    """The suite's scheduler for `--dist load` or `loadscope`; None leaves xdist to choose."""
    if config.getvalue("dist") not in ("load", "loadscope"):
        return None
    from xdist.scheduler import LoadScopeScheduling

    class CostliestFirst(LoadScopeScheduling):  # type: ignore[misc]
        def __init__(self, config: pytest.Config, log: Any) -> None:
            super().__init__(config, log)
            self.costs = load_costs()
            self.groups: dict[str, str] | None = None
            self.unit_costs: dict[str, float] = {}

        def _split_scope(self, nodeid: str) -> str:
            if self.groups is None:  # asked once every worker has collected
                self.groups = read_groups()
            return self.groups.get(nodeid) or nodeid.split("::", 1)[0]  # or the module

        def _cost(self, scope: str) -> float:
            if scope not in self.unit_costs:
                self.unit_costs[scope] = sum(
                    self.costs.get(n, DEFAULT_COST) for n in self.workqueue[scope]
                )
            return self.unit_costs[scope]

        def _assign_work_unit(self, node: Any) -> None:
            costliest = max(self.workqueue, key=self._cost)
            self.workqueue.move_to_end(costliest, last=False)
            super()._assign_work_unit(node)

    return CostliestFirst(config, log)


class CostRecorder:
    """`--record-costs`: each test's CPU seconds (setup, call and teardown; its child processes
    included) measured where it runs, summed where the reports arrive, written to `COSTS`."""

    def __init__(self) -> None:
        self.last = 0.0
        self.seconds: dict[str, float] = {}

    @staticmethod
    def _cpu() -> float:
        own = resource.getrusage(resource.RUSAGE_SELF)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime

    @pytest.hookimpl
    def pytest_runtest_logstart(self) -> None:
        self.last = self._cpu()

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self) -> Any:
        report = yield
        now = self._cpu()
        report.user_properties.append(("cpu_seconds", now - self.last))
        self.last = now
        return report

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for name, value in report.user_properties:
            if name == "cpu_seconds":
                self.seconds[report.nodeid] = self.seconds.get(report.nodeid, 0.0) + float(value)

    @pytest.hookimpl
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if hasattr(session.config, "workerinput"):
            return  # the controller writes what its workers measured
        kept = {k: round(v, 2) for k, v in sorted(self.seconds.items()) if v >= RECORDED_BELOW}
        COSTS.write_text(json.dumps(kept, indent=0) + "\n", encoding="utf-8")


# --- round 7: between two units, the last one's shared games go and what lives on is frozen ---
_unit_of: dict[str, str] = {}  # node id -> its group, in a worker that runs whole units
_whole_units = [False]  # this process is such a worker


def note_units(config: pytest.Config, items: Iterable[pytest.Item]) -> None:
    """In an xdist worker under this scheduler (whole units, one after another): remember each
    test's group, so that `between_units` knows where a unit ends."""
    _unit_of.clear()
    _whole_units[0] = hasattr(config, "workerinput") and os.environ.get(UNITS_ENV) == "1"
    if _whole_units[0]:
        _unit_of.update(shared_game_groups(items))


def _unit(nodeid: str) -> str:
    return _unit_of.get(nodeid) or nodeid.split("::", 1)[0]  # as the scheduler splits them


def between_units(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After the last test of a unit (its fixtures torn down), in a worker running whole units:

    - the shared games the unit read are dropped. Only that unit reads them
      (`shared_game_groups` puts every reader of a game in one unit) and the worker runs a
      unit's tests one after another, so no later test of this worker asks for them again; kept
      (up to 16 finished games, some 10 MB each), the collector walked them at every full
      collection for the rest of the run;
    - what is still alive is collected once and frozen, as the session froze what it loaded
      (`conftest.pytest_collection_finish`): the cycle collector's full collections then walk
      only what later units build (module caches, the client's shared App and fonts, the
      engine's own memories live to the end of the run and were walked again and again).
    """
    if not _whole_units[0]:
        return
    unit = _unit(item.nodeid)
    if nextitem is not None and _unit(nextitem.nodeid) == unit:
        return
    if item.nodeid in _unit_of:
        from tests import shared_games

        shared_games.golden_game.cache_clear()
        shared_games.short_game.cache_clear()
    gc.collect()
    gc.freeze()

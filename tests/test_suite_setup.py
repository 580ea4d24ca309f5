"""The suite's own set-up (tests/scheduling.py): where the temporary folders go, and which tests
share a golden game's worker."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests import scheduling

ROOT = "PYTEST_DEBUG_TEMPROOT"


def test_the_temporary_folders_go_to_memory_when_there_is_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ROOT, raising=False)
    monkeypatch.setattr(scheduling, "IN_MEMORY", tmp_path)
    monkeypatch.setattr(scheduling, "IN_MEMORY_ROOM", 0)
    scheduling.temp_root_in_memory()
    assert os.environ[ROOT] == str(tmp_path)


@pytest.mark.parametrize("why", ["chosen", "missing", "full"])
def test_the_temporary_folders_stay_where_they_were_otherwise(
    why: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ROOT, raising=False)
    monkeypatch.setattr(scheduling, "IN_MEMORY", tmp_path)
    if why == "chosen":
        monkeypatch.setenv(ROOT, "/somewhere/chosen")
    elif why == "missing":
        monkeypatch.setattr(scheduling, "IN_MEMORY", tmp_path / "absent")
    else:
        monkeypatch.setattr(scheduling, "IN_MEMORY_ROOM", 1 << 62)
    scheduling.temp_root_in_memory()
    assert os.environ.get(ROOT) == ("/somewhere/chosen" if why == "chosen" else None)


def test_this_run_makes_its_temporary_folders_under_the_root_it_chose(tmp_path: Path) -> None:
    root = os.environ.get(ROOT)
    if root is None:
        pytest.skip("no in-memory folder with room on this machine")
    assert tmp_path.resolve().is_relative_to(Path(root).resolve())


def item(nodeid: str, *games: tuple[str, int]) -> Any:
    marks = [SimpleNamespace(args=games)] if games else []
    return SimpleNamespace(
        nodeid=nodeid, iter_markers=lambda name: marks if name == scheduling.MARK else []
    )


def test_tests_sharing_a_game_are_grouped_through_any_game_they_share() -> None:
    groups = scheduling.shared_game_groups(
        [
            item("golden[a-1]", ("a", 1)),
            item("golden[a-2]", ("a", 2)),
            item("reads-a-2-and-a-1", ("a", 2), ("a", 1)),
            item("golden[b-1]", ("b", 1)),
            item("plain"),
        ]
    )
    assert groups == {
        "golden[a-1]": "golden:a-1",
        "golden[a-2]": "golden:a-1",
        "reads-a-2-and-a-1": "golden:a-1",
        "golden[b-1]": "golden:b-1",
    }


def test_modules_reading_one_shared_game_are_grouped_by_its_name() -> None:
    def reader(nodeid: str, name: str) -> Any:
        marks = {scheduling.SHARED_MARK: [SimpleNamespace(args=(name,))]}
        return SimpleNamespace(nodeid=nodeid, iter_markers=lambda mark: marks.get(mark, []))

    groups = scheduling.shared_game_groups(
        [
            reader("test_report.py::a", "short"),
            reader("test_replay.py::b", "short"),
            reader("test_other.py::c", "another"),
            item("golden[a-1]", ("a", 1)),
        ]
    )
    assert groups == {
        "test_report.py::a": "golden:short",
        "test_replay.py::b": "golden:short",
        "test_other.py::c": "golden:another",
        "golden[a-1]": "golden:a-1",
    }


class RunIn:
    """The real configuration, as if the run had been given `folder` (and were worker `index`
    of two)."""

    def __init__(self, config: pytest.Config, folder: Path, index: int | None) -> None:
        self._config = config
        self.args = [str(folder)]
        self.invocation_params = SimpleNamespace(dir=folder)
        if index is not None:
            self.workerinput = {"workerid": f"gw{index}", "workercount": 2}

    def getoption(self, name: str, default: Any = None) -> Any:
        return "no" if name == "dist" else self._config.getoption(name, default)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._config, name)


@pytest.mark.parametrize("index", [None, 1])
def test_the_rewritten_test_modules_are_stored_where_pytest_reads_them(
    index: int | None, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    from _pytest.assertion import rewrite

    from tests import rewriting

    for name in ("test_a.py", "test_b.py", "helper.py"):
        (tmp_path / name).write_text("def test_it():\n    x = [1]\n    assert x == [2]\n")
    session = SimpleNamespace(config=RunIn(request.config, tmp_path, index))
    rewriting.share(session)  # type: ignore[arg-type]
    stored = sorted(p.name for p in (tmp_path / "__pycache__").iterdir())
    assert stored == [f"test_a{rewrite.PYC_TAIL}", f"test_b{rewrite.PYC_TAIL}"]  # tests only
    code = rewrite._read_pyc(tmp_path / "test_a.py", tmp_path / "__pycache__" / stored[0])
    assert code is not None  # pytest takes the stored copy (the source's hash matches)
    module: dict[str, Any] = {}
    exec(code, module)
    with pytest.raises(AssertionError) as failed:
        module["test_it"]()
    assert "[1] == [2]" in str(failed.value)  # pytest's rewritten assert explains itself
    (tmp_path / "test_a.py").write_text("def test_it():\n    assert True\n")
    assert rewrite._read_pyc(tmp_path / "test_a.py", tmp_path / "__pycache__" / stored[0]) is None
    rewriting.share(session)  # type: ignore[arg-type]
    assert rewrite._read_pyc(tmp_path / "test_a.py", tmp_path / "__pycache__" / stored[0])


# --- round 7: between two units, the last one's shared games go and what lives on is frozen ---


def test_between_two_units_the_shared_games_go_and_what_lives_on_is_frozen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc
    from functools import lru_cache

    from tests import shared_games

    played: list[tuple[str, int]] = []

    @lru_cache(maxsize=16)
    def golden_game(scenario: str, seed: int) -> tuple[str, int]:
        played.append((scenario, seed))
        return scenario, seed

    monkeypatch.setattr(shared_games, "golden_game", golden_game)
    a1, reads_a1 = item("golden[a-1]", ("a", 1)), item("reads-a-1", ("a", 1))
    b1, plain, plain2 = item("golden[b-1]", ("b", 1)), item("m.py::plain"), item("m.py::other")
    items = [a1, reads_a1, b1, plain, plain2]
    monkeypatch.setenv(scheduling.UNITS_ENV, "1")
    monkeypatch.setattr(scheduling, "_unit_of", {})  # this worker's own units stay as they are
    monkeypatch.setattr(scheduling, "_whole_units", [False])
    worker = SimpleNamespace(workerinput={})
    scheduling.note_units(worker, items)  # type: ignore[arg-type]
    golden_game("a", 1)
    frozen = gc.get_freeze_count()
    scheduling.between_units(a1, reads_a1)  # the same unit goes on: kept, nothing frozen
    assert gc.get_freeze_count() <= frozen
    golden_game("a", 1)
    assert played == [("a", 1)]
    alive = [[n] for n in range(1000)]
    scheduling.between_units(reads_a1, b1)  # the unit is over: let go, the rest frozen
    assert gc.get_freeze_count() >= frozen + len(alive)
    golden_game("a", 1)
    assert played == [("a", 1), ("a", 1)]
    golden_game("b", 1)
    scheduling.between_units(b1, None)  # the worker's last test
    golden_game("b", 1)
    assert played[2:] == [("b", 1), ("b", 1)]
    frozen = gc.get_freeze_count()
    scheduling.between_units(plain, plain2)  # one module: one unit
    assert gc.get_freeze_count() <= frozen
    # outside a worker running whole units (one process, or another --dist) nothing happens
    monkeypatch.delenv(scheduling.UNITS_ENV)
    scheduling.note_units(worker, items)  # type: ignore[arg-type]
    scheduling.between_units(reads_a1, plain)
    golden_game("b", 1)
    assert len(played) == 4

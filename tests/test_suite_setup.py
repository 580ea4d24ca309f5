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
    return SimpleNamespace(nodeid=nodeid, iter_markers=lambda name: marks)


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

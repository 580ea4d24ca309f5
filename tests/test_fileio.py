import json
import os
import time
from pathlib import Path

import pytest

from game.fileio import (
    STALE_TEMP_SECONDS,
    ReadError,
    clean_stale_temps,
    read_bytes_limited,
    read_json,
    write_json_atomic,
)


def test_a_failed_write_keeps_the_last_good_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "save.json"
    write_json_atomic(target, {"turn": 3})
    with pytest.raises(TypeError):
        write_json_atomic(target, {"turn": object()})  # not JSON: fails halfway through
    assert json.loads(target.read_text()) == {"turn": 3}
    assert sorted(p.name for p in target.parent.iterdir()) == ["save.json"]


# -- reading hostile files (issue 23, items 2, 3 and 8) ------------------------------------------
DEEP = "[" * 100_000 + "]" * 100_000
HUGE_INT = '{"seed": ' + "9" * 5000 + "}"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (DEEP, "nested deeper"),
        (HUGE_INT, "number too long"),
        ('{"a": 1', "bad JSON at line 1"),
        (b"\xff\xfe{}", "not UTF-8"),
    ],
)
def test_a_hostile_json_file_is_one_short_reason_never_an_exception(
    tmp_path: Path, content: str | bytes, reason: str
) -> None:
    path = tmp_path / "hostile.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    with pytest.raises(ReadError) as caught:
        read_json(path)
    assert reason in str(caught.value) and "\n" not in str(caught.value)


def test_only_regular_files_under_the_limit_are_read(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text("[" + "1," * 600 + "1]")
    assert len(read_json(big)) == 601
    with pytest.raises(ReadError, match="too large"):
        read_json(big, max_bytes=1000)
    with pytest.raises(ReadError, match="is a folder"):
        read_json(tmp_path)
    with pytest.raises(ReadError, match="no such file"):
        read_json(tmp_path / "missing.json")
    with pytest.raises(ReadError, match="NUL"):
        read_json(Path(str(tmp_path) + "/a\0b.json"))
    with pytest.raises(ReadError, match="cannot be read"):
        read_json(tmp_path / ("x" * 300 + ".json"))  # longer than a file name may be


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX feature")
def test_a_named_pipe_or_a_device_is_refused_without_blocking(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)  # reading it would wait forever for a writer
    started = time.perf_counter()
    with pytest.raises(ReadError, match="not a regular file"):
        read_json(pipe)
    if Path("/dev/zero").exists():  # endless: reading it would fill the memory
        with pytest.raises(ReadError, match="not a regular file"):
            read_bytes_limited(Path("/dev/zero"), 1000)
    assert time.perf_counter() - started < 1.0


def test_the_temporaries_of_a_killed_write_are_cleaned_once_stale(tmp_path: Path) -> None:
    write_json_atomic(tmp_path / "autosave.json", {"turn": 1})
    stale = tmp_path / ".autosave.json.k3j4h5.tmp"  # what kill -9 during a write leaves
    fresh = tmp_path / ".autosave.json.zz9911.tmp"  # a write under way in another window
    mine = tmp_path / "notes.tmp"  # not ours: kept
    for path in (stale, fresh, mine):
        path.write_text("{")
    old = time.time() - STALE_TEMP_SECONDS - 5
    os.utime(stale, (old, old))
    os.utime(mine, (old, old))
    assert clean_stale_temps(tmp_path) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["autosave.json", fresh.name, mine.name]
    )
    assert clean_stale_temps(tmp_path / "missing") == 0

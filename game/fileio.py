"""Files the game writes and reads for the player (saves, settings): JSON, written atomically,
read defensively.

Writing: a temporary file in the same folder (`.NAME.<random>.tmp`) is written, flushed to disk,
then renamed over the target, so a crash or a full disk never leaves half a file where the last
good one was. A process killed in the middle leaves its temporary behind: `clean_stale_temps`
removes those once they are old enough that no running game can still be writing them.

Reading: `read_json` opens only regular files (never a folder, a device such as /dev/zero or a
named pipe that would block), reads at most a size limit, and turns every way the text can be
hostile (bad UTF-8, bad JSON, nesting deeper than the parser allows, integers of thousands of
digits) into one `ReadError` whose message is a short reason; the caller names the file.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

MAX_JSON_BYTES = 16 * 1024 * 1024
"""The largest JSON file the game reads (a long game's save is well under 1 MB)."""

STALE_TEMP_SECONDS = 600.0
"""A temporary file older than this belongs to a write that was killed: no write takes so long."""


class ReadError(Exception):
    """A file that cannot be read as JSON; the message is a short reason (without the path)."""


def write_json_atomic(path: Path, data: Any) -> None:
    """Write `data` as JSON to `path` atomically; OSError propagates, the temporary file is gone."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1, sort_keys=True)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def write_text_atomic(path: Path, body: str) -> None:
    """Write text to `path` atomically, as `write_json_atomic` does (the after-action report)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(body)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def regular_file_problem(path: Path, max_bytes: int) -> str | None:
    """Why `path` is not a regular file of at most `max_bytes` (a short reason), or None."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return "no such file"
    except ValueError:  # a NUL character in the name
        return "the file name is not usable (it holds a NUL character)"
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    if stat.S_ISDIR(info.st_mode):
        return "is a folder, not a file"
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file (a device or a pipe)"
    if info.st_size > max_bytes:
        return f"is too large ({_size_words(info.st_size)}; at most {_size_words(max_bytes)})"
    return None


def read_bytes_limited(path: Path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most `max_bytes`; ReadError (a short reason) otherwise.

    The file is opened without blocking (a pipe swapped in after the check cannot hang the game)
    and never read past the limit (a file that grows after the check is refused)."""
    problem = regular_file_problem(path, max_bytes)
    if problem is not None:
        raise ReadError(problem)
    return read_capped(path, max_bytes, f"is too large (more than {_size_words(max_bytes)})")


def read_capped(path: Path, max_bytes: int, too_large: str) -> bytes:
    """Open `path` without blocking and read at most `max_bytes` of it; ReadError (a short
    reason, `too_large` when it holds more) if it cannot be read or is no regular file after all
    (a pipe swapped in after a check). Callers check the path first, in their own words."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise ReadError(f"cannot be read ({exc.strerror or exc})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ReadError("is not a regular file (a device or a pipe)")
        chunks: list[bytes] = []
        total = 0
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise ReadError(f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if total > max_bytes:
        raise ReadError(too_large)
    return b"".join(chunks)


def parse_json(data: bytes) -> Any:
    """JSON from bytes; ReadError (a short reason) for anything the parser cannot take."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ReadError("is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReadError(f"bad JSON at line {exc.lineno} ({exc.msg})") from None
    except RecursionError:
        raise ReadError("bad JSON (nested deeper than the game reads)") from None
    except ValueError:  # an integer of more digits than Python converts
        raise ReadError("bad JSON (a number too long to read)") from None


def read_json(path: Path, max_bytes: int = MAX_JSON_BYTES) -> Any:
    """The JSON in `path`, read defensively (see the module's docstring); ReadError otherwise."""
    return parse_json(read_bytes_limited(path, max_bytes))


def clean_stale_temps(folder: Path, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Remove the temporary files of killed writes (`.NAME.*.tmp`) older than `older_than`
    seconds from `folder`; how many were removed. Never raises."""
    removed = 0
    now = time.time()
    try:
        candidates = [p for p in folder.iterdir() if _is_our_temp(p.name)]
    except (OSError, ValueError):
        return 0
    for temp in candidates:
        try:
            info = temp.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > older_than:
                temp.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _is_our_temp(name: str) -> bool:
    """`write_json_atomic`'s temporary names: '.' + target name + '.' + random + '.tmp'."""
    return name.startswith(".") and name.endswith(".tmp") and ".json." in name


def _size_words(size: int) -> str:
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.0f} MB"
    if size >= 1024:
        return f"{size / 1024:.0f} KB"
    return f"{size} bytes"

"""The two workers share pytest's assertion rewriting (the suite's time, issue 15).

pytest rewrites every test module's `assert` statements before importing it, some 5 s of CPU for
this suite's 5,000 asserts, and keeps the result in `__pycache__/*-pytest-*.pyc` only when Python
may write bytecode. Where `PYTHONDONTWRITEBYTECODE` is set (this machine sets it), each worker
rewrote every module at every run. Before collecting, each process now rewrites the modules it
will import that have no up-to-date rewritten copy and stores it where pytest looks for one; the
workers start at different places in the list and skip what the other has stored, so each module
is rewritten once per change of its text, not twice per run. pytest then reads what is stored
(it checks the source's hash). The code is pytest's own rewrite: the assertions are the same.

Uses pytest's private rewrite helpers; if they change, this step is skipped (pytest rewrites as
before).
"""

from __future__ import annotations

import fnmatch
import importlib.util
import os
from pathlib import Path
from types import SimpleNamespace

import pytest


def _targets(session: pytest.Session) -> list[Path]:
    """The test modules and conftest files under the paths this run was given, in order."""
    patterns = [*session.config.getini("python_files"), "conftest.py"]
    found: set[Path] = set()
    for arg in session.config.args:
        path = Path(session.config.invocation_params.dir, arg.split("::", 1)[0]).resolve()
        if path.is_file() and path.suffix == ".py":
            found.add(path)
        elif path.is_dir():
            for folder, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
                found.update(
                    Path(folder, f) for f in files if any(fnmatch.fnmatch(f, p) for p in patterns)
                )
    return sorted(found)


def _stored_copy_is_current(source: Path, pyc: Path) -> bool:
    try:
        with open(pyc, "rb") as handle:
            head = handle.read(16)
        digest = importlib.util.source_hash(source.read_bytes())
    except OSError:
        return False
    return head[:4] == importlib.util.MAGIC_NUMBER and head[8:16] == digest[:8]


def share(session: pytest.Session) -> None:
    """Rewrite and store, before collection, what this process would otherwise rewrite itself."""
    config = session.config
    worker = getattr(config, "workerinput", None)
    if worker is None and config.getoption("dist", "no") != "no":
        return  # an xdist controller collects nothing
    if config.getoption("assertmode") != "rewrite":
        return
    try:
        from _pytest.assertion import rewrite
    except ImportError:
        return
    needed = ("get_cache_dir", "PYC_TAIL", "_rewrite_test", "_write_pyc", "try_makedirs")
    if not all(hasattr(rewrite, name) for name in needed):
        return
    targets = _targets(session)
    if worker is not None and targets:  # worker k of n starts k/n of the way down the list
        index = int(str(worker.get("workerid", "gw0")).removeprefix("gw") or 0)
        start = len(targets) * index // max(1, int(worker.get("workercount", 1)))
        targets = targets[start:] + targets[:start]
    quiet = SimpleNamespace(trace=lambda message: None)
    for source in targets:
        folder = rewrite.get_cache_dir(source)
        pyc = folder / (source.name[:-3] + rewrite.PYC_TAIL)
        if _stored_copy_is_current(source, pyc) or not rewrite.try_makedirs(folder):
            continue
        try:
            digest, code = rewrite._rewrite_test(source, config)
        except (OSError, SyntaxError):
            continue  # pytest reports it when it imports the module
        rewrite._write_pyc(quiet, code, digest, pyc)

"""One entry point for people who just cloned the game: set up, then play or test.

    python3 tools/dev.py play [game arguments...]
    python3 tools/dev.py test [pytest arguments...]   (the tests run on every core)

Both create a virtual environment in `.venv` on first use and reuse it afterwards; it is
reinstalled only when `pyproject.toml` or `constraints.txt` changes: the dependencies are installed
at the exact versions `constraints.txt` pins (pyproject.toml gives only ranges), so every checkout
and CI test the same versions. Only the standard library is used here, because
this script runs before anything is installed.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
CONSTRAINTS = ROOT / "constraints.txt"  # the exact versions (issue 24)
STAMP = VENV / ".installed-from"


def _venv_python() -> Path:
    scripts = "Scripts" if os.name == "nt" else "bin"
    return VENV / scripts / ("python.exe" if os.name == "nt" else "python")


def _wanted_stamp() -> str:
    digest = hashlib.sha256(
        (ROOT / "pyproject.toml").read_bytes() + CONSTRAINTS.read_bytes()
    ).hexdigest()
    return f"{digest} {sys.version_info.major}.{sys.version_info.minor}"


def ensure_environment() -> Path:
    """Create `.venv` and install the game with its dev extras, unless already up to date."""
    if sys.version_info < (3, 11):  # noqa: UP036 - this script runs before any check
        sys.exit(f"error: Python 3.11 or newer is needed (this is {sys.version.split()[0]})")
    python = _venv_python()
    if not python.exists():
        print("setting up .venv (first run only)…", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    if not STAMP.exists() or STAMP.read_text().strip() != _wanted_stamp():
        print("installing the game and its dependencies into .venv…", flush=True)
        subprocess.run(
            [
                str(python),
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--constraint",
                str(CONSTRAINTS),
                "-e",
                f"{ROOT}[dev]",
            ],
            check=True,
        )
        STAMP.write_text(_wanted_stamp() + "\n")
    return python


def _parallel(pytest_args: list[str]) -> list[str]:
    """The whole suite runs on every core (pytest-xdist), one test module to a worker at a time
    (`loadscope`: a module's shared fixtures are built once), the costliest modules first and the
    golden games one by one (the suite's scheduler, `tests/scheduling.py`). Given arguments of
    its own (`-n`, or `-p no:xdist` to run in one process), pytest is left alone."""
    if any(a == "-n" or a.startswith(("-n", "--numprocesses", "--dist")) for a in pytest_args):
        return []
    if "no:xdist" in pytest_args:
        return []
    return ["-n", "auto", "--dist", "loadscope"]


def run_tests(python: Path, pytest_args: list[str]) -> int:
    """Lint, format check, type check, then the whole test suite; stop at the first failure."""
    steps: list[tuple[str, list[str]]] = [
        ("ruff check", [str(python), "-m", "ruff", "check", "."]),
        ("ruff format --check", [str(python), "-m", "ruff", "format", "--check", "."]),
        ("mypy", [str(python), "-m", "mypy"]),
        ("pytest", [str(python), "-m", "pytest", *_parallel(pytest_args), *pytest_args]),
    ]
    env = dict(
        os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1"
    )
    for name, cmd in steps:
        print(f"== {name}", flush=True)
        code = subprocess.run(cmd, cwd=ROOT, env=env).returncode
        if code != 0:
            print(f"== {name} failed (exit {code})", flush=True)
            return code
    return 0


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"play", "test", "setup"}:
        print(__doc__.strip())
        return 2
    python = ensure_environment()
    command, rest = argv[0], argv[1:]
    if command == "setup":
        return 0
    if command == "test":
        return run_tests(python, rest)
    return subprocess.run([str(python), str(ROOT / "main.py"), *rest], cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

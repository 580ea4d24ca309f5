"""Dependencies (issue 24 §1): ranges in pyproject.toml, exact pins in constraints.txt that the
README's commands (tools/dev.py) and CI install with, and no numpy (the game never uses it)."""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
REQUIREMENTS = [Requirement(r) for r in PROJECT["dependencies"]]
DEV = [Requirement(r) for r in PROJECT["optional-dependencies"]["dev"]]


def _pins() -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"constraints.txt: {line!r} is not an exact pin"
            pins[canonicalize_name(name)] = version
    return pins


def test_the_game_asks_for_ranges_not_exact_versions() -> None:
    for requirement in REQUIREMENTS:
        operators = {spec.operator for spec in requirement.specifier}
        assert "==" not in operators and "===" not in operators, str(requirement)
        assert ">=" in operators and "<" in operators, f"{requirement}: give a floor and a ceiling"


def test_every_dependency_is_pinned_inside_its_range() -> None:
    pins = _pins()
    for requirement in [*REQUIREMENTS, *DEV]:
        name = canonicalize_name(requirement.name)
        assert name in pins, f"pin {requirement.name} in constraints.txt"
        assert requirement.specifier.contains(pins[name]), f"{name}=={pins[name]} vs {requirement}"


def test_no_numpy_the_game_never_imports_it() -> None:
    names = {canonicalize_name(r.name) for r in [*REQUIREMENTS, *DEV]}
    assert "numpy" not in names
    imports = set()
    for path in [*(ROOT / "game").rglob("*.py"), ROOT / "main.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imports |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                imports.add(node.module.split(".")[0])
    assert "pygame" in imports and "numpy" not in imports


def test_dev_py_installs_at_the_pinned_versions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = importlib.util.spec_from_file_location("dev_under_test", ROOT / "tools" / "dev.py")
    assert spec and spec.loader
    dev: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    venv = tmp_path / ".venv"
    monkeypatch.setattr(dev, "VENV", venv)
    monkeypatch.setattr(dev, "STAMP", venv / ".installed-from")
    python = dev._venv_python()
    python.parent.mkdir(parents=True)
    python.touch()  # an environment already made: only the install step runs
    calls: list[list[str]] = []
    monkeypatch.setattr(subprocess, "run", lambda argv, check: calls.append(argv))
    dev.ensure_environment()
    (argv,) = calls
    assert argv[argv.index("--constraint") + 1] == str(ROOT / "constraints.txt")
    assert argv[-1] == f"{ROOT}[dev]"
    stamp = (venv / ".installed-from").read_text()
    dev.ensure_environment()
    assert len(calls) == 1  # up to date: nothing reinstalled
    monkeypatch.setattr(dev, "CONSTRAINTS", tmp_path / "moved.txt")
    (tmp_path / "moved.txt").write_text("pytmx==3.33\n")
    assert dev._wanted_stamp() != stamp.strip()  # a moved pin reinstalls

"""The rooms below the client must work on a machine where pygame cannot even be imported."""

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADLESS_PACKAGES = ["game.rules", "game.battlefield", "game.engine", "game.ai", "game.scenarios"]


def test_core_packages_import_without_pygame() -> None:
    script = textwrap.dedent(
        f"""
        import importlib, pkgutil, sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("pygame", "pygame_gui") or name.startswith("game.client"):
                    raise ImportError("blocked in this test: " + name)
                return None
        sys.meta_path.insert(0, Block())
        imported = []
        for top in {HEADLESS_PACKAGES!r}:
            try:
                package = importlib.import_module(top)
            except ModuleNotFoundError as exc:
                if exc.name == top:
                    continue  # that room does not exist yet
                raise
            imported.append(top)
            for info in pkgutil.walk_packages(package.__path__, top + "."):
                importlib.import_module(info.name)
                imported.append(info.name)
        print(len(imported))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert int(result.stdout.strip()) >= 2


# == import contracts: which room may import which (docs/ARCHITECTURE.md) =====================
ENGINE_PROTOCOL = {
    "game.engine",  # `from game.engine import X` is checked by the module it names, below
    "game.engine.buildings",  # house clearing (issue 21): pure questions of state and table
    "game.engine.card_paths",  # cards (issue 19): the ground the cards close, pure questions
    "game.engine.bounded_paths",  # issue 17 §5: the terrain's routes within a reach, a question
    "game.engine.commands",
    "game.engine.controllers",
    "game.engine.decisions",
    "game.engine.events",
    "game.engine.protocol",
    "game.engine.rulesbridge",
    "game.engine.scenario",
    "game.engine.state",
    "game.engine.terrain",
    "game.engine.view",
    "game.engine.sight_memory",  # issue 23 §5: a bounded memory (a data structure, no rule)
}
CONTRACTS: dict[str, tuple[str, ...]] = {
    "rules": ("game.rules",),
    "battlefield": ("game.battlefield", "game.rules", "game.fileio"),  # fileio: stdlib only
    "engine": ("game.engine", "game.rules", "game.battlefield", "game.i18n"),  # i18n: stdlib
    "scenarios": (
        "game.scenarios",
        "game.engine",
        "game.rules",
        "game.battlefield",
        "game.fileio",  # stdlib only: reading scenario files
        "game.i18n",  # stdlib only: the languages (issue 24)
    ),
    "ai": ("game.ai", "game.rules", "game.battlefield", "game.engine", "game.i18n"),
}
# --- packaging (issue 24): game.resources (stdlib only) finds the shipped files for every room
CONTRACTS = {room: (*allowed, "game.resources") for room, allowed in CONTRACTS.items()}


def _game_imports(path: Path) -> list[tuple[int, str]]:
    """Every `game.*` module a file imports (also inside functions and TYPE_CHECKING blocks);
    `from game.engine import fire` counts as `game.engine.fire`."""
    import ast

    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("game")]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if not node.module.startswith("game"):
                continue
            if node.module != "game":  # `from game import fileio` names only the module
                found.append((node.lineno, node.module))
            if node.module.count(".") <= 1:  # a package: its names may be submodules
                package = ROOT / node.module.replace(".", "/")
                found += [
                    (node.lineno, f"{node.module}.{a.name}")
                    for a in node.names
                    if (package / f"{a.name}.py").exists()
                ]
    return found


def _allowed(room: str, module: str) -> bool:
    if room == "ai" and module.startswith("game.engine"):
        return module in ENGINE_PROTOCOL  # the AI sees the engine's protocol, not its procedures
    return any(module == p or module.startswith(p + ".") for p in CONTRACTS[room])


def test_every_room_imports_only_what_its_contract_allows() -> None:
    broken = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for room in CONTRACTS
        for path in sorted((ROOT / "game" / room).rglob("*.py"))
        for line, module in _game_imports(path)
        if not _allowed(room, module)
    ]
    assert broken == []


def test_the_contracts_catch_a_forbidden_import(tmp_path: Path) -> None:
    bad = tmp_path / "x.py"
    bad.write_text("from game.engine import fire\nimport game.client.play\nfrom game import save\n")
    assert [m for _, m in _game_imports(bad)] == [
        "game.engine",
        "game.engine.fire",
        "game.client.play",
        "game.save",
    ]
    assert not _allowed("battlefield", "game.save") and _allowed("battlefield", "game.fileio")
    assert not _allowed("engine", "game.client.play")
    assert not _allowed("engine", "game.scenarios.catalog")
    assert not _allowed("ai", "game.engine.fire")  # the AI may not reach into a procedure
    assert _allowed("ai", "game.engine.view")

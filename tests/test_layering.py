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

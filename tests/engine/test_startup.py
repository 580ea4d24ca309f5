"""Start-up: the command line and the menu's import path must not load the engine."""

from __future__ import annotations

import subprocess
import sys

from game.scenarios.catalog import SCENARIOS
from game.scenarios.ids import PATROL_ID, SHIPPED_SCENARIO_IDS, scenario_ids


def _modules_after(statement: str) -> set[str]:
    probe = f"import sys; {statement}; print('\\n'.join(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    return set(done.stdout.split())


def test_importing_the_command_line_does_not_load_the_engine() -> None:
    loaded = _modules_after("import game.app; game.app.build_parser()")
    assert "game.app" in loaded and "game.headless" in loaded
    assert not {m for m in loaded if m.startswith(("game.engine", "game.rules", "pymunk", "pytmx"))}


def test_the_save_module_loads_the_engine_only_when_a_game_starts() -> None:
    loaded = _modules_after("import game.save")
    assert "game.engine.engine" not in loaded


def test_the_light_scenario_ids_agree_with_the_catalog() -> None:
    assert set(SCENARIOS) == {*SHIPPED_SCENARIO_IDS, PATROL_ID}
    assert scenario_ids() == [
        "contracting-trouble",
        "sweep-and-clear",
        "turkey-shoot",
        "hornets-nest",
        "midnight-at-the-alamo",
    ]

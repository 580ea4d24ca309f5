"""The shipped scenarios' ids and map files, without loading the engine.

The command line lists the ids in its help and resolves `--scenario ID` before anything else
happens, so this module must stay light: `game.scenarios.catalog` (which needs the engine's
state) defines the scenarios themselves, and a test checks that both agree.
"""

from __future__ import annotations

from pathlib import Path

from game import resources

MAPS = resources.maps_dir()  # the shipped maps, installed or in the source tree (issue 24)

SHIPPED_SCENARIO_IDS: tuple[str, ...] = (
    "contracting-trouble",
    "sweep-and-clear",
    "turkey-shoot",  # issue 20
    "hornets-nest",  # civilians (issue 21)
    "midnight-at-the-alamo",  # --- Scenario 3 (issue 19) ---
)
PATROL_ID = "patrol"  # the generic scenario of a custom map


def scenario_ids() -> list[str]:
    """The scenarios that ship with a map of their own (Rulebook: Scenarios)."""
    return list(SHIPPED_SCENARIO_IDS)


def scenario_map(scenario_id: str) -> Path:
    """The shipped map file of a scenario id."""
    return MAPS / f"{scenario_id}.tmx"

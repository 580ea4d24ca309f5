"""Night Fighting in scenario files (issue 19 part 3; docs/SCENARIOS.md): the `night` special
rule and each side's `night_vision` (R200, R201)."""

from __future__ import annotations

from pathlib import Path

from game.battlefield.loader import load_battlefield
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR
from game.scenarios.catalog import DataScenario
from game.scenarios.scenario_file import load_scenario_file

ROOT = Path(__file__).resolve().parent.parent.parent
SHIPPED = ROOT / "maps" / "sweep-and-clear.toml"


def night_file(tmp_path: Path, *, regulars: str = "", insurgents: str = "") -> Path:
    text = SHIPPED.read_text(encoding="utf-8").replace(
        "special_rules = []", 'special_rules = ["night"]'
    )
    text = text.replace("[regulars]\n", f"[regulars]\n{regulars}", 1)
    text = text.replace("[insurgents]\n", f"[insurgents]\n{insurgents}", 1)
    path = tmp_path / "sweep-and-clear.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_r201_night_vision_per_side_from_the_scenario_file(tmp_path: Path) -> None:
    """Rulebook: Night Fighting (R201): the file's `night` rule makes the game a night game;
    `night_vision` in [regulars] or [insurgents] overrides the book's default for every unit of
    that side, those on the table at the start and those that arrive later."""
    spec = load_scenario_file(
        night_file(tmp_path, regulars="night_vision = false\n", insurgents="night_vision = true\n")
    )
    assert dict(spec.night_vision) == {REGULAR: False, INSURGENT: True}
    battlefield = load_battlefield(ROOT / "maps" / "sweep-and-clear.tmx")
    engine = Engine(DataScenario(spec), battlefield, 3)
    state = engine.state
    assert state.night is True and state.night_vision == {REGULAR: False, INSURGENT: True}
    assert {u.night_vision for u in state.units_of(REGULAR)} == {False}
    assert {u.night_vision for u in state.units_of(INSURGENT)} == {True}


def test_r200_a_file_without_night_vision_keys_keeps_the_books_default(tmp_path: Path) -> None:
    """Rulebook: Night Fighting: without `night_vision` keys, Regulars have it, Insurgents not."""
    spec = load_scenario_file(night_file(tmp_path))
    assert spec.night_vision == ()
    battlefield = load_battlefield(ROOT / "maps" / "sweep-and-clear.tmx")
    engine = Engine(DataScenario(spec), battlefield, 3)
    assert engine.state.night is True
    unit = engine.state.units_of(INSURGENT)[0]
    assert unit.night_vision is None
    breakdown = engine.firepower(unit, engine.state.units_of(REGULAR)[0])
    assert ["night without night vision", 1] in [list(p) for p in breakdown.penalties]

"""The set-up screen's optional-rule toggle (R246): Building Clearing starts off, and turned on
it starts a game that plays the rule (house clearing, issue 21)."""

from __future__ import annotations

from pathlib import Path

import pytest
from client_support import until_checked

from game.client.scenes import App
from game.client.setup import SetupScene

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "tests" / "client" / "data" / "test_table.tmx"


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("AMBUSH_ALLEY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("AMBUSH_ALLEY_CONFIG_DIR", str(tmp_path / "config"))
    from game.client.settings import set_current_settings

    set_current_settings(None)
    return tmp_path


def test_r246_building_clearing_toggle_starts_off_and_on_plays_the_rule(app: App) -> None:
    scene = SetupScene(preselect=TABLE, user_folder=Path("/nonexistent"))
    app.push(scene)
    until_checked(app, scene)
    assert scene.clearing_menu is not None
    assert scene.clearing_menu.selected_option[0] == "Off"
    assert scene.choices.optional_rules == []
    scene._dropdown(scene.clearing_menu, "Building clearing")
    assert scene.start() is True
    play = app.stack.top
    assert play.session.config.optional_rules == ("building-clearing",)
    assert play.session.engine.state.optional_rules == ["building-clearing"]


def test_r246_without_the_toggle_the_game_has_no_optional_rules(app: App) -> None:
    scene = SetupScene(preselect=TABLE, user_folder=Path("/nonexistent"))
    app.push(scene)
    until_checked(app, scene)
    assert scene.start() is True
    assert app.stack.top.session.engine.state.optional_rules == []

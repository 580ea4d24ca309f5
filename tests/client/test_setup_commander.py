"""The set-up screen's Insurgent AI choice (issue 17 §2, R261, R262): the Commander chosen on the
New game screen plays the Insurgents, and the game records it."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from client_support import until_checked

from game.ai.commander import CommanderAI
from game.ai.controller import InsurgentAI
from game.client.scenes import App
from game.client.setup import SetupChoices, SetupScene, build_config
from game.engine.state import INSURGENT

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "tests" / "client" / "data" / "test_table.tmx"


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("AMBUSH_ALLEY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("AMBUSH_ALLEY_CONFIG_DIR", str(tmp_path / "config"))
    from game.client.settings import set_current_settings

    set_current_settings(None)
    return tmp_path


def test_the_choices_carry_the_insurgent_ai_into_the_session_config() -> None:
    assert build_config(SetupChoices(mode="solo")).insurgent_ai == "ai"  # the book by default
    config = build_config(SetupChoices(mode="watch", insurgent_ai="commander"))
    assert config.insurgent_ai == "commander"


def test_the_commander_chosen_on_the_setup_screen_plays_the_insurgents(
    app: App, tmp_path: Path
) -> None:
    scene = SetupScene(preselect=TABLE, user_folder=Path("/nonexistent"))
    app.push(scene)
    until_checked(app, scene)
    assert scene.choices.insurgent_ai == "ai"
    scene._dropdown(scene.insurgent_menu, "Commander")
    app.step()
    pygame.image.save(app.screen, str(tmp_path / "setup.png"))
    assert scene.start() is True
    play = app.stack.top
    assert play.session.engine.state.insurgent_ai == "commander"
    assert isinstance(play.session.controllers[INSURGENT], CommanderAI)


def test_the_solo_rules_ai_stays_the_default_in_the_window(app: App) -> None:
    scene = SetupScene(preselect=TABLE, user_folder=Path("/nonexistent"))
    app.push(scene)
    until_checked(app, scene)
    assert scene.start() is True
    ai = app.stack.top.session.controllers[INSURGENT]
    assert isinstance(ai, InsurgentAI) and not isinstance(ai, CommanderAI)

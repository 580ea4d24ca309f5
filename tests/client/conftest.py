"""Client tests: pygame on the dummy video driver, and a small hand-built table."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pytest
from client_support import table_battlefield

from game import i18n
from game.battlefield.model import Battlefield


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves, autosaves and settings of a test go to its own folder, never the user's."""
    monkeypatch.setenv("AMBUSH_ALLEY_DATA_DIR", str(tmp_path / "user-data"))
    monkeypatch.setenv("AMBUSH_ALLEY_CONFIG_DIR", str(tmp_path / "user-config"))
    from game.client.settings import set_current_settings

    set_current_settings(None)  # no test sees the settings another test chose
    # a started game is the top scene, not its briefing (tests/client/test_briefing.py shows it)
    monkeypatch.setattr("game.client.briefing.SHOW_BRIEFING", False)
    from game import i18n  # --- French UI (issue 24): every test starts in English

    i18n.set_language("en")


@pytest.fixture
def battlefield() -> Battlefield:
    return table_battlefield()


@pytest.fixture
def app() -> Iterator[object]:
    """A new `App((1280, 800), headless=True)` to the test: the process's one App, put back as
    new (`shared_app.py`; the suite's time, issue 15)."""
    from shared_app import fresh_app, leave

    application = fresh_app()
    yield application
    leave(application)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """French for the test (the French screen tests); every text drawn through the client's
    font cache is recorded."""
    from game.client import text

    seen: list[str] = []
    original = text.text

    def recording(value: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(value)
        return original(value, *args, **kwargs)

    monkeypatch.setattr(text, "text", recording)
    i18n.set_language("fr")
    try:
        yield seen
    finally:
        i18n.set_language("en")

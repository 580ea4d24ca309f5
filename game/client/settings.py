"""The player's settings: a small JSON file in the user config folder.

`load_settings()` never raises: a missing file gives the defaults, a broken one gives the defaults
plus one warning line (kept in `SettingsLoad.warning` for the caller to show or print). Writes are
atomic (temporary file in the same folder, then `os.replace`), so a crash never leaves half a file.

Folders (both overridable for tests and portable installs):
  config  $AMBUSH_ALLEY_CONFIG_DIR, else platformdirs.user_config_dir("ambush-alley")
  maps    the `user_maps_dir` setting, else <user data folder>/maps (created on first run)
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Literal, get_args

from game.fileio import ReadError, read_json, write_json_atomic
from game.i18n import LANGUAGES

CONFIG_DIR_ENV = "AMBUSH_ALLEY_CONFIG_DIR"
SETTINGS_FILE = "settings.json"
MAX_SETTINGS_BYTES = 1024 * 1024
MAX_PATH_CHARS = 1024
APP_NAME = "ambush-alley"
LANGUAGE_CHOICES = ("system", *LANGUAGES)  # --- French UI (issue 24): game.i18n's choices

Pace = Literal["instant", "normal", "slow"]
PACES: tuple[Pace, ...] = get_args(Pace)
WINDOW_SIZES: tuple[tuple[int, int], ...] = (
    (1024, 640),
    (1280, 800),
    (1440, 900),
    (1600, 1000),
    (1920, 1080),
)


def colour_scheme_names() -> tuple[str, ...]:
    """The colour schemes the palette module offers (its `SCHEMES`, else only "default")."""
    from game.client import palette

    schemes = getattr(palette, "SCHEMES", None)
    if isinstance(schemes, dict) and schemes:
        return tuple(str(name) for name in schemes)
    return ("default",)


def config_dir() -> Path:
    """Where settings.json lives: $AMBUSH_ALLEY_CONFIG_DIR, else the user config folder."""
    override = os.environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME))


def default_maps_dir() -> Path:
    """The user's own maps folder: `maps` inside the user data folder (where saves go)."""
    from game.save import data_dir

    return data_dir() / "maps"


@dataclass(frozen=True)
class Settings:
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    pace: Pace = "normal"
    confirm_end_activation: bool = False  # off: E ends at once, as the play screen always did
    show_odds: bool = True
    colour_scheme: str = "default"
    user_maps_dir: str = field(default="")  # "" means the default folder (see maps_dir())
    sound_volume: int = 70  # percent, 0-100
    sound_muted: bool = False
    language: str = "system"  # --- French UI (issue 24): system, en or fr (game.i18n)

    def maps_dir(self) -> Path:
        """The folder whose .tmx files the setup screen lists next to the shipped maps."""
        if not self.user_maps_dir:
            return default_maps_dir()
        try:
            return Path(self.user_maps_dir).expanduser()
        except RuntimeError:  # "~someone" for a user this system does not know
            return Path(self.user_maps_dir)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data


@dataclass(frozen=True)
class SettingsLoad:
    settings: Settings
    path: Path
    warning: str | None  # one line, or None when the file was fine (or simply absent)

    def __getattr__(self, name: str) -> Any:
        """Read a setting straight off the result (`load_settings().pace`)."""
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.settings, name)


def _check_field(name: str, value: Any) -> Any:
    """The value of one setting if it is acceptable; ValueError (one short reason) otherwise."""
    if name == "window_size":
        if (
            isinstance(value, list | tuple)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and 320 <= value[0] <= 10000
            and 240 <= value[1] <= 10000
        ):
            return (int(value[0]), int(value[1]))
        raise ValueError("window_size must be [width, height] in pixels")
    if name == "sound_volume":
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100:
            return value
        raise ValueError("sound_volume must be a whole number from 0 to 100")
    if name in ("fullscreen", "confirm_end_activation", "show_odds", "sound_muted"):
        if isinstance(value, bool):
            return value
        raise ValueError(f"{name} must be true or false")
    if name == "pace":
        if value in PACES:
            return value
        raise ValueError(f"pace must be one of {', '.join(PACES)}")
    if name == "colour_scheme":
        if isinstance(value, str) and value in colour_scheme_names():
            return value
        raise ValueError(f"colour_scheme must be one of {', '.join(colour_scheme_names())}")
    if name == "user_maps_dir":
        if isinstance(value, str) and "\0" not in value and len(value) <= MAX_PATH_CHARS:
            return value
        raise ValueError("user_maps_dir must be a folder path")
    if name == "language":  # --- French UI (issue 24)
        if value in LANGUAGE_CHOICES:
            return value
        raise ValueError(f"language must be one of {', '.join(LANGUAGE_CHOICES)}")
    raise ValueError(f"unknown setting {name!r}")


def settings_from_json(data: Any) -> tuple[Settings, list[str]]:
    """Settings from parsed JSON: good fields are kept, bad ones fall back (with a reason each)."""
    if not isinstance(data, dict):
        return Settings(), ["the file does not hold a JSON object"]
    known = {f.name for f in fields(Settings)}
    values: dict[str, Any] = {}
    problems: list[str] = []
    for name, value in data.items():
        if name not in known:
            continue  # a newer version's setting: ignore quietly
        try:
            values[name] = _check_field(name, value)
        except ValueError as exc:
            problems.append(str(exc))
    return replace(Settings(), **values), problems


def load_settings(folder: Path | None = None) -> SettingsLoad:
    """Read the settings; never raises. A broken file → defaults and one warning line."""
    path = (folder or config_dir()) / SETTINGS_FILE
    try:
        data = read_json(path, MAX_SETTINGS_BYTES)
    except ReadError as exc:
        if str(exc) == "no such file":
            return SettingsLoad(Settings(), path, None)
        reason = str(exc).replace("bad JSON", "not valid JSON", 1)
        return SettingsLoad(Settings(), path, f"{path}: {reason}; using the default settings")
    settings, problems = settings_from_json(data)
    warning = None
    if problems:
        extra = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        warning = f"{path}: {problems[0]}{extra}; using the default for that"
    return SettingsLoad(settings, path, warning)


def save_settings(settings: Settings, folder: Path | None = None) -> Path:
    """Write the settings atomically; OSError is re-raised as one line (SettingsError)."""
    path = (folder or config_dir()) / SETTINGS_FILE
    try:
        write_json_atomic(path, settings.to_json())
    except OSError as exc:
        raise SettingsError(f"{path}: cannot write the settings: {exc.strerror or exc}") from None
    return path


class SettingsError(Exception):
    """Settings that cannot be written; the message is one line naming the file."""


def ensure_maps_dir(settings: Settings) -> tuple[Path, str | None]:
    """Create the user's maps folder on first run; (the folder, a warning line or None)."""
    folder = settings.maps_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return folder, f"{folder}: cannot create the maps folder ({exc.strerror or exc})"
    except ValueError:  # a NUL character in the path
        return folder, f"{str(folder)[:200]!r}: not a usable folder name for the maps folder"
    return folder, None


_current: Settings | None = None


def current_settings() -> Settings:
    """The settings of this run (loaded once; the settings screen updates it)."""
    global _current
    if _current is None:
        _current = load_settings().settings
    return _current


def set_current_settings(settings: Settings | None) -> None:
    """Replace this run's settings (None: read the file again on next use)."""
    global _current
    _current = settings


def chosen_palette(settings: Settings | None = None) -> Any:
    """The palette of the colour-scheme setting (this run's settings when none are given)."""
    from game.client.palette import scheme

    return scheme((settings or current_settings()).colour_scheme)

"""Ambush Alley! on the desktop."""

from __future__ import annotations

from pathlib import Path


def _version() -> str:
    """The game's version, said once in pyproject.toml: the installed package's metadata, else
    (a checkout run without installing) pyproject.toml itself, else "unknown"."""
    from importlib import metadata

    try:
        return metadata.version("ambush-alley")
    except metadata.PackageNotFoundError:
        pass
    try:
        import tomllib

        pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
        return str(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"])
    except (OSError, KeyError, ValueError):
        return "unknown"


__version__ = _version()

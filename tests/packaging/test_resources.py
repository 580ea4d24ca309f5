"""The shipped files are found through game.resources, installed or from the source tree
(issue 24 §1); the wheel's package list in pyproject.toml misses no package of the game."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game import i18n, resources
from game.client import catalogue, scenes, sound
from game.rules import cards
from game.scenarios import ids, orbat

ROOT = Path(__file__).resolve().parents[2]


def test_from_the_source_tree_the_top_level_folders_are_used() -> None:
    assert not (ROOT / "game" / "maps").exists()  # the build maps maps/ in; nothing copied here
    assert resources.maps_dir() == ROOT / "maps"
    assert resources.asset("tiles", "urban.png") == ROOT / "assets" / "tiles" / "urban.png"


def test_the_map_makers_guide_is_found_where_the_maps_are() -> None:
    guide = resources.maps_guide()
    assert guide == resources.maps_dir() / "README.md" and guide.is_file()
    assert guide.read_text(encoding="utf-8").startswith("# Making maps for Ambush Alley!")


def test_every_loader_asks_game_resources() -> None:
    assert ids.MAPS == catalogue.MAPS_DIR == resources.maps_dir()
    assert ids.scenario_map("contracting-trouble").is_file()
    assert resources.asset("ui", "theme.json") == scenes.THEME_PATH
    assert scenes.THEME_PATH.is_file()
    assert resources.asset("sounds") == sound.SOUNDS_DIR
    assert {p.stem for p in sound.SOUNDS_DIR.glob("*.wav")} == set(sound.SOUND_NAMES)
    assert cards.DATA == ROOT / "game" / "rules" / "cards.toml"
    assert orbat.LIBRARY.is_file()
    assert i18n.LOCALE_DIR == ROOT / "game" / "locale"


def test_an_installed_package_is_preferred_to_the_source_tree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "game" / "maps").mkdir(parents=True)  # what a wheel installs
    monkeypatch.setattr(resources, "files", lambda package: tmp_path / package)
    assert resources.maps_dir() == tmp_path / "game" / "maps"
    assert resources.asset("ui") == ROOT / "assets" / "ui"  # no assets in that package: the tree's


def test_only_the_shipped_folders_are_offered() -> None:
    with pytest.raises(ValueError, match="no shipped folder 'docs'"):
        resources.shipped_folder("docs")


def test_the_wheel_lists_every_package_of_the_game() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    packages = set(config["setuptools"]["packages"])
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "game").rglob("__init__.py")
    }
    mapped = set(config["setuptools"]["package-dir"])
    assert mapped == {"game.maps", "game.assets"}
    assert packages == on_disk | mapped, "add the new package to [tool.setuptools] packages"


def test_a_zipped_package_has_its_file_extracted_to_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys
    import zipfile

    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("zipped_pkg/__init__.py", "")
        z.writestr("zipped_pkg/cards.toml", "deck = 'fog of war'\n")
    monkeypatch.syspath_prepend(str(archive))
    monkeypatch.delitem(sys.modules, "zipped_pkg", raising=False)
    path = resources.package_file("zipped_pkg", "cards.toml")
    assert isinstance(path, Path) and path.is_file() and not path.is_relative_to(archive)
    assert path.read_text() == "deck = 'fog of war'\n"  # pytmx and gettext read paths, not zips
    sys.modules.pop("zipped_pkg", None)

"""The game as players install it (issue 24 §1): a wheel built from this tree, installed into a
fresh virtual environment, plays a headless game and draws a screenshot from another folder.

The wheel is built without network (`pip wheel --no-deps --no-build-isolation`, with the
setuptools of the dev environment) from a copy of the files the build reads, so the checkout
gains no `build/` folder. The fresh environment gets the wheel alone (`pip --python ENV install
--no-deps`); its dependencies are the dev environment's own, already installed: a `.pth` file
names that environment's site-packages as a plain folder, which Python appends to `sys.path`
without running the `.pth` files inside it, so the dev environment's editable install of the
game stays invisible and `import game` can only find the wheel's copy. No download, so the test
runs offline in CI and takes about 15 s (the slowest part is the headless game itself).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD_INPUTS = ("pyproject.toml", "README.md", "game", "maps", "assets")
pytestmark = pytest.mark.slow

SEED = 3  # a golden seed: the installed game must play the very game the golden file pins


def _run(argv: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    environ.update(env)
    return subprocess.run(
        argv, cwd=cwd, env=environ, capture_output=True, text=True, check=False, timeout=300
    )


def _copy_build_inputs(target: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in BUILD_INPUTS:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=ignore)
        else:
            shutil.copy2(source, target / name)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The `bin` folder of a fresh environment holding the game's wheel and nothing else."""
    work = tmp_path_factory.mktemp("wheel")
    source, dist, env = work / "source", work / "dist", work / "env"
    source.mkdir()
    _copy_build_inputs(source)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    built = _run(
        [*pip, "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(dist), "."], source
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = dist.glob("ambush_alley-*.whl")
    venv.EnvBuilder(with_pip=False).create(env)
    scripts = "Scripts" if os.name == "nt" else "bin"
    python = env / scripts / ("python.exe" if os.name == "nt" else "python")
    done = _run([*pip, "--python", str(python), "install", "-q", "--no-deps", str(wheel)], work)
    assert done.returncode == 0, done.stderr
    site = _run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], work
    )
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(site.stdout.strip(), "_dependencies_from_dev_env.pth").write_text(
        "\n".join(sorted(ours)) + "\n"
    )
    return env / scripts


def test_the_wheel_carries_the_shipped_files(installed: Path, tmp_path: Path) -> None:
    probe = (
        "import json, game, game.resources as r, game.scenarios.ids as ids; print(json.dumps("
        "[game.__file__, str(r.maps_dir()), sorted(p.name for p in r.maps_dir().glob('*.tmx')),"
        " r.asset('tiles', 'urban.png').is_file() and r.asset('tiles', 'vehicles.png').is_file()"
        " and r.maps_guide().is_file() and (r.maps_dir() / 'vehicles.tsx').is_file(),"
        " r.asset('ui', 'theme.json').is_file(),"
        " len(list(r.asset('sounds').glob('*.wav'))),"
        " sorted(str(p.relative_to(r.locale_dir())) for p in r.locale_dir().rglob('*.mo'))]))"
    )
    done = _run([str(installed / "python"), "-c", probe], tmp_path)
    assert done.returncode == 0, done.stderr
    package, maps, tmx, tiles, theme, sounds, catalogues = json.loads(done.stdout)
    env = installed.parent
    assert Path(package).is_relative_to(env) and Path(maps).is_relative_to(env)  # not this tree
    assert Path(maps) == Path(package).parent / "maps"
    assert tmx == sorted(p.name for p in (ROOT / "maps").glob("*.tmx"))
    assert tiles and theme and sounds == len(list((ROOT / "assets" / "sounds").glob("*.wav")))
    locale = ROOT / "game" / "locale"
    assert catalogues == sorted(str(p.relative_to(locale)) for p in locale.rglob("*.mo"))
    assert catalogues  # the French catalogues ship compiled


def test_the_installed_game_plays_the_golden_game_from_another_folder(
    installed: Path, tmp_path: Path
) -> None:
    argv = [str(installed / "ambush-alley"), "--headless", "--scenario", "contracting-trouble"]
    done = _run([*argv, "--seed", str(SEED), "--quiet", "--no-autosave"], tmp_path)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.split("RESULT ", 1)[1])
    golden = json.loads((ROOT / "tests" / "golden" / "contracting-trouble.json").read_text())
    assert result["events_sha256"] == golden[str(SEED)]["events"]
    assert result["scenario"] == "contracting-trouble" and result["turns"] >= 1


def test_the_installed_game_draws_a_screenshot_from_another_folder(
    installed: Path, tmp_path: Path
) -> None:
    shot = tmp_path / "shot.png"
    argv = [str(installed / "ambush-alley"), "--scenario", "contracting-trouble"]
    done = _run(
        [*argv, "--screenshot", str(shot)],
        tmp_path,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    assert done.returncode == 0, done.stderr
    import pygame

    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 800)
    colours = {tuple(image.get_at((x, y))) for x in range(0, 1280, 64) for y in range(0, 800, 64)}
    assert len(colours) > 20  # the tiled map is drawn, not an empty screen


def test_the_installed_game_speaks_french_from_its_shipped_catalogues(
    installed: Path, tmp_path: Path
) -> None:
    argv = [str(installed / "ambush-alley"), "--headless", "--scenario", "contracting-trouble"]
    done = _run(
        [*argv, "--seed", str(SEED), "--lang", "fr", "--stop-after-turn", "1", "--no-autosave"],
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "Début du tour 1" in done.stdout  # the narration catalogue, found inside the wheel
    assert "Turn 1 begins" not in done.stdout

"""`python main.py --screenshot FILE.png --map/--scenario …`: a picture, or one clear line."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pygame
from client_support import TEST_MAP

ROOT = Path(__file__).resolve().parents[2]


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def run_in_process(*args: str) -> SimpleNamespace:
    """`main.py` without a new interpreter (the subprocess tests above cover the real thing)."""
    from game.app import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return SimpleNamespace(returncode=code, stdout=out.getvalue(), stderr=err.getvalue())


def test_screenshot_of_a_map_is_a_1280x800_picture_of_the_table(tmp_path: Path) -> None:
    out = tmp_path / "table.png"
    result = run_main("--screenshot", str(out), "--map", str(TEST_MAP))
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 800)
    colours = {
        tuple(image.get_at((x, y)))[:3] for x in range(0, 1280, 37) for y in range(0, 800, 29)
    }
    assert len(colours) > 20  # a table with figures and panels, not a blank fill


def test_screenshot_without_a_map_shows_the_menu(tmp_path: Path) -> None:
    out = tmp_path / "menu.png"
    result = run_in_process("--screenshot", str(out))
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 800)
    assert image.get_at((640, 10)) != image.get_at((640, 790))  # the gradient background


def test_a_missing_map_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = run_main("--screenshot", str(tmp_path / "x.png"), "--map", "no/such/map.tmx")
    assert result.returncode == 2
    assert result.stderr.strip() == "error: no/such/map.tmx: no such map file"
    assert not (tmp_path / "x.png").exists()


def test_an_unknown_scenario_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = run_in_process(
        "--screenshot", str(tmp_path / "x.png"), "--scenario", "no-such-scenario"
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: --scenario no-such-scenario: no shipped map")


def test_a_screenshot_name_that_is_not_png_is_refused(tmp_path: Path) -> None:
    result = run_in_process("--screenshot", str(tmp_path / "x.jpg"), "--map", str(TEST_MAP))
    assert result.returncode == 2
    assert result.stderr.strip().endswith("the file name must end in .png")


def test_scenario_also_takes_a_map_path_like_the_headless_game(tmp_path: Path) -> None:
    out = tmp_path / "table.png"
    result = run_in_process("--screenshot", str(out), "--scenario", str(TEST_MAP))
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


def test_no_usable_display_is_one_line_and_exit_2() -> None:
    env = {"SDL_VIDEODRIVER": "no-such-driver", "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--frames", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.strip().startswith("error: cannot open a window (")
    assert len(result.stderr.strip().splitlines()) == 1


def test_each_shipped_scenario_has_a_map_the_menu_finds() -> None:
    from game.client.catalogue import find_scenario, shipped_maps

    ids = {entry.scenario_id for entry in shipped_maps()}
    assert {"contracting-trouble", "sweep-and-clear"} <= ids
    entry = find_scenario("contracting-trouble")
    assert entry is not None and entry.path.name == "contracting-trouble.tmx"


def test_a_scenario_screenshot_shows_the_engine_set_up(tmp_path: Path) -> None:
    out = tmp_path / "ct.png"
    result = run_in_process("--screenshot", str(out), "--scenario", "contracting-trouble")
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 800)
    # Regulars stand on the table: their desert-tan bases are somewhere in the picture.
    from game.client.palette import DEFAULT_PALETTE

    tan = DEFAULT_PALETTE.regular.base
    assert any(
        tuple(image.get_at((x, y)))[:3] == tan for x in range(0, 1000, 2) for y in range(30, 660, 2)
    )


def test_a_bare_path_or_scenario_id_opens_that_table(tmp_path: Path) -> None:
    out = tmp_path / "bare.png"
    result = run_in_process(str(TEST_MAP), "--screenshot", str(out))
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 800)
    result = run_in_process("no-such-scenario", "--screenshot", str(out))
    assert result.returncode == 2
    assert "--scenario no-such-scenario: no shipped map" in result.stderr
    result = run_in_process(str(TEST_MAP), "--map", str(TEST_MAP), "--screenshot", str(out))
    assert result.returncode == 2
    assert result.stderr.strip().endswith("not twice")


def test_every_broken_map_of_the_corpus_is_one_line_and_exit_2(tmp_path: Path) -> None:
    corpus = sorted((ROOT / "tests" / "maps" / "broken").glob("*.tmx"))
    assert len(corpus) >= 10
    for path in corpus:
        result = run_in_process("--screenshot", str(tmp_path / "x.png"), "--map", str(path))
        assert result.returncode == 2, path.name
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (path.name, lines)
        assert "Traceback" not in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_turn_needs_a_table_and_is_not_a_headless_option(tmp_path: Path) -> None:
    # found in play: `--turn` without a table, or with --headless, was silently ignored
    alone = run_in_process("--turn", "3")
    assert alone.returncode == 2
    assert (
        alone.stderr
        == "error: --turn 3: give a table to play up to that turn (--scenario ID or a map)\n"
    )
    headless = run_in_process("--headless", "--scenario", "contracting-trouble", "--turn", "3")
    assert headless.returncode == 2 and headless.stdout == ""
    assert headless.stderr.startswith("error: --turn 3 is for the window")
    negative = run_in_process(
        "--screenshot", str(tmp_path / "x.png"), "--map", str(TEST_MAP), "--turn", "0"
    )
    assert negative.returncode == 2 and negative.stderr == "error: --turn 0: must be 1 or more\n"


def test_a_garbage_map_says_error_once(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.tmx"
    garbage.write_text("garbage")
    result = run_in_process("--screenshot", str(tmp_path / "x.png"), str(garbage))
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: {garbage}: ")
    assert result.stderr.count("error:") == 1 and result.stderr.count("\n") == 1


def test_screen_end_plays_the_game_out_and_pictures_the_end_screen(tmp_path: Path) -> None:
    out = tmp_path / "end.png"
    result = run_in_process(
        "--screenshot", str(out), "--screen", "end", "--map", str(TEST_MAP), "--size", "1024x640"
    )
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == (1024, 640)
    assert "1024x640" in result.stdout


def test_an_unknown_screen_is_one_line_listing_the_four(tmp_path: Path) -> None:
    result = run_in_process(
        "--screenshot", str(tmp_path / "x.png"), "--screen", "credits", "--map", str(TEST_MAP)
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "no such screen" in lines[0]
    assert "briefing, battle, end, replay" in lines[0]
    assert not (tmp_path / "x.png").exists()


def screen_app(screen: str, turn: int | None = None, seed: int = 2):  # type: ignore[no-untyped-def]
    """An App with `--screen` pushed for contracting-trouble (the scene on top, or the error)."""
    from game.client.catalogue import open_map
    from game.client.cli import _push_screen
    from game.client.play import battle_scene_for
    from game.client.scenes import App

    app = App((1280, 800), headless=True)
    played_out = 10**6 if screen == "replay" else None
    battle = battle_scene_for(
        open_map(ROOT / "maps" / "contracting-trouble.tmx"), seed, played_out, autosave=False
    )
    return app, battle, _push_screen(app, battle, screen, turn)


def test_screen_briefing_pictures_the_briefing_over_the_new_game() -> None:
    from game.client.briefing import REGULAR_COLOUR, BriefingScene
    from game.client.play import PlayScene

    app, _, problem = screen_app("briefing")
    try:
        assert problem is None
        brief = app.stack.top
        assert isinstance(brief, BriefingScene) and isinstance(app.stack.scenes[-2], PlayScene)
        assert brief.briefing.brief.startswith("Gunmen shot up an SUV")
        app.run(max_frames=2)
        regular = next(m for m in brief.briefing.marks if m.kind == "regular")
        table = brief.preview_rect
        scale = min(table.w / brief.briefing.width, table.h / brief.briefing.height)
        left = table.centerx - round(brief.briefing.width * scale) / 2
        at = (round(left + regular.x * scale), round(table.y + regular.y * scale))
        assert tuple(app.screen.get_at(at))[:3] == REGULAR_COLOUR
    finally:
        app.shutdown()


def test_screen_replay_shows_the_played_out_game_at_the_start_of_turn_t() -> None:
    from game.client.cli import _push_screen
    from game.client.replay import ReplayScene

    app, battle, problem = screen_app("replay", turn=3)
    try:
        assert problem is None
        scene = app.stack.top
        assert isinstance(scene, ReplayScene)
        replay = scene.replay
        assert replay.position == replay.turn_start(3) and replay.state().turn == 3
        assert replay.state(len(replay) - 1).result is not None  # the game was played out
        where = f"Replay: event {replay.position + 1} of {len(replay)}"
        assert scene.current_view().phase_text == where
        assert _push_screen(app, battle, "replay", None) is None  # no --turn: the last event
        assert app.stack.top.replay.position == len(app.stack.top.replay) - 1
    finally:
        app.shutdown()


def test_screen_replay_renders_and_a_turn_past_the_end_or_a_briefing_turn_is_one_line(
    tmp_path: Path,
) -> None:
    out = tmp_path / "replay.png"
    result = run_in_process("--screenshot", str(out), "--screen", "replay", "--map", str(TEST_MAP))
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 800)
    result = run_in_process(
        "--screenshot", str(out), "--screen", "replay", "--map", str(TEST_MAP), "--turn", "99"
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --turn 99: this game ended in turn")
    result = run_in_process(
        "--screenshot", str(out), "--screen", "briefing", "--map", str(TEST_MAP), "--turn", "2"
    )
    assert result.returncode == 2 and "before the first turn" in result.stderr


def test_a_bad_size_is_one_line(tmp_path: Path) -> None:
    for size in ("1024by640", "10x10"):
        result = run_in_process(
            "--screenshot", str(tmp_path / "x.png"), "--size", size, "--map", str(TEST_MAP)
        )
        assert result.returncode == 2
        assert result.stderr.strip().startswith(f"error: --size {size}:")

"""Difficulty (R132-R134, R330-R333): Book is the solo rules, Hard raises the Insurgency Level by
one and every Insurgent's Quality die, Brutal also the leaders' once more and plays the Commander
unless the player named the Insurgents; saves and RESULT keep it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine.difficulty import parse_difficulty, raised_level
from game.engine.engine import Engine
from game.engine.state import INSURGENT
from game.headless import main
from game.save import load_save, new_game, resolve_map, write_save


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AMBUSH_ALLEY_DATA_DIR", str(tmp_path / "data"))


def _game(difficulty: str, seed: int = 2, scenario: str = "sweep-and-clear") -> Engine:
    map_path, scenario_id = resolve_map(scenario)
    return new_game(map_path, scenario_id, seed, difficulty=difficulty)


def _leader_qualities(engine: Engine) -> list[int]:
    return [
        f.quality
        for u in engine.state.units.values()
        if u.side == INSURGENT
        for f in u.figures
        if f.kind == "leader"
    ]


def test_r132_hard_raises_the_insurgency_level_by_one_against_book_on_the_same_seed() -> None:
    book, hard = _game("book"), _game("hard")
    assert (book.state.insurgency_level, hard.state.insurgency_level) == ("5", "6")
    # the reinforcement roll of turn 2 is made against the raised level, on the same die
    rolls = []
    for engine in (book, hard):
        while engine.pending is not None and not any(
            e["kind"] == "InsurgencyLevel" for e in engine.state.events
        ):
            engine.apply(engine.legal_commands(engine.pending.side)[0])
        [roll] = [e for e in engine.state.events if e["kind"] == "InsurgencyLevel"]
        rolls.append((roll["data"]["level"], roll["data"]["face"]))
    assert [level for level, _ in rolls] == ["5", "6"]
    assert rolls[0][1] == rolls[1][1]


def test_r132_the_level_is_capped_at_six_and_automatic_stays_automatic() -> None:
    assert raised_level("6", "hard") == "6"
    assert raised_level("0", "brutal") == "1"
    assert raised_level("automatic", "hard") == "automatic"
    assert raised_level("4", "book") == "4"


def _other_qualities(engine: Engine) -> list[int]:
    """The non-leader Insurgent figures' Quality dice, leaving out a vehicle a Fog of War card
    drove on (Cross-Town Traffic's unknown car: the card's own profile, R330)."""
    by_card = {
        e["data"]["unit"]
        for e in engine.state.events
        if e["kind"] == "VehicleEnters" and e["data"].get("cause")
    }
    return [
        f.quality
        for u in engine.state.units.values()
        if u.side == INSURGENT and u.id not in by_card
        for f in u.figures
        if f.kind != "leader"
    ]


def _up(die: int, steps: int = 1) -> int:
    return min(12, die + 2 * steps)


def test_r133_brutal_insurgent_leaders_have_quality_one_die_type_up() -> None:
    """R133 as amended in round 4: on Brutal a leader is one die type better than on Hard."""
    book, hard, brutal = _game("book"), _game("hard"), _game("brutal")
    assert _leader_qualities(book)  # Sweep & Clear sets leaders up at the start
    assert _leader_qualities(hard) == [_up(q) for q in _leader_qualities(book)]
    assert _leader_qualities(brutal) == [_up(q, 2) for q in _leader_qualities(book)]
    assert brutal.state.insurgency_level == "6"
    assert _other_qualities(brutal) == _other_qualities(hard)


@pytest.mark.parametrize("scenario", ["contracting-trouble", "sweep-and-clear"])
def test_r330_hard_gives_every_insurgent_figure_a_better_quality_die(scenario: str) -> None:
    """R330: Hard raises every Insurgent figure's Troop Quality die one type (d12 at most), on
    the table at the start and arriving later, Contracting Trouble's automatic level too; its
    Morale is the scenario's."""
    from game.engine.difficulty import insurgent_profile

    book, hard = _game("book", scenario=scenario), _game("hard", scenario=scenario)
    assert _other_qualities(book)
    assert _other_qualities(hard) == [_up(q) for q in _other_qualities(book)]
    for kind in ("small_arms", "leader"):
        (q_book, m_book), (q_hard, m_hard) = (insurgent_profile(g, kind) for g in (book, hard))
        assert (q_hard, m_hard) == (_up(q_book), m_book)
    if scenario == "contracting-trouble":
        assert hard.state.insurgency_level == "automatic"  # the level raise cannot help here


def test_r330_raised_quality_steps_and_caps() -> None:
    from game.engine.difficulty import raised_quality

    assert [raised_quality(6, "small_arms", d) for d in ("book", "hard", "brutal")] == [6, 8, 8]
    assert [raised_quality(8, "leader", d) for d in ("book", "hard", "brutal")] == [8, 10, 12]
    assert raised_quality(12, "leader", "brutal") == 12


def test_r332_brutal_plays_the_commander_unless_the_player_named_the_insurgents(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from game.engine.difficulty import default_insurgents

    assert [default_insurgents(d) for d in ("book", "hard", "brutal")] == ["ai", "ai", "commander"]
    base = ["--scenario", "contracting-trouble", "--seed", "5", "--turns", "1", "--no-autosave"]
    assert main([*base, "--difficulty", "brutal"]) == 0
    out = capsys.readouterr().out.splitlines()
    result = json.loads(out[-1].removeprefix("RESULT "))
    assert (result["difficulty"], result["insurgents"]) == ("brutal", "commander")
    assert out[1].startswith("Contracting Trouble! — ")  # the difficulty, then the set-up
    assert [line for line in out[:1] if line.startswith("Difficulty: ")] == [
        "Difficulty: Brutal (Hard, and Insurgent leaders one more Troop Quality die better). "
        "The Insurgents are played by the Commander AI."
    ]
    assert main([*base, "--difficulty", "brutal", "--insurgents", "ai", "--quiet"]) == 0
    result = json.loads(capsys.readouterr().out.splitlines()[-1].removeprefix("RESULT "))
    assert (result["difficulty"], result["insurgents"]) == ("brutal", "ai")
    assert main([*base, "--difficulty", "hard"]) == 0
    out = capsys.readouterr().out.splitlines()
    [line] = [line for line in out if line.startswith("Difficulty: ")]
    assert line.startswith("Difficulty: Hard (Insurgency Level +1, every Insurgent one")
    assert json.loads(out[-1].removeprefix("RESULT "))["insurgents"] == "ai"


def test_r332_the_setup_choice_follows_the_difficulty_until_the_player_picks() -> None:
    from game.client.setup_config import SetupChoices, choose_difficulty

    choices = SetupChoices()
    assert choose_difficulty(choices, "brutal") is True
    assert (choices.difficulty, choices.insurgent_ai) == ("brutal", "commander")
    assert choose_difficulty(choices, "hard") is True
    assert choices.insurgent_ai == "ai"
    choices.insurgent_ai, choices.insurgent_chosen = "ai", True  # the player picked it
    assert choose_difficulty(choices, "brutal") is False
    assert (choices.difficulty, choices.insurgent_ai) == ("brutal", "ai")


def test_r134_a_save_round_trips_the_difficulty_and_an_old_save_is_book(tmp_path: Path) -> None:
    engine = _game("brutal")
    save = tmp_path / "brutal.json"
    write_save(engine, save)
    assert load_save(save).state.difficulty == "brutal"
    data = json.loads(save.read_text(encoding="utf-8"))
    del data["difficulty"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data), encoding="utf-8")
    assert load_save(old).state.difficulty == "book"


def test_a_bad_difficulty_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--scenario", "sweep-and-clear", "--difficulty", "easy", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err == "error: --difficulty 'easy': write book, hard, brutal\n"
    with pytest.raises(ValueError, match="difficulty 'x'"):
        parse_difficulty("x")


def test_the_result_line_names_the_difficulty(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--scenario", "sweep-and-clear", "--seed", "3", "--turns", "1", "--quiet"]
    assert main([*args, "--difficulty", "Hard", "--no-autosave"]) == 0
    result = json.loads(capsys.readouterr().out.splitlines()[-1].removeprefix("RESULT "))
    assert result["difficulty"] == "hard"


def test_r134_a_loaded_game_keeps_its_own_difficulty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "hard.json"
    write_save(_game("hard"), save)
    assert main(["--load", str(save), "--difficulty", "book", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err == "error: --difficulty book: a saved game keeps its own difficulty\n"


def test_the_window_sends_difficulty_to_the_setup_screen(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from game.app import main as app_main

    assert app_main(["--difficulty", "hard"]) == 2
    assert capsys.readouterr().err == (
        "error: --difficulty is for --headless games; in the window, choose the difficulty on "
        "the New game screen\n"
    )


def test_r331_an_old_brutal_save_without_a_controller_keeps_the_solo_ai(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = _game("brutal", scenario="contracting-trouble")
    engine.state.insurgent_ai = "commander"
    save = tmp_path / "brutal.json"
    write_save(engine, save)
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["insurgent_ai"] == "commander"
    del data["insurgent_ai"]  # as a save made before R262 kept the controller
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data), encoding="utf-8")
    for path, expected in ((save, "commander"), (old, "ai")):
        args = ["--load", str(path), "--stop-after-turn", "1", "--quiet", "--no-autosave"]
        assert main(args) == 0
        result = json.loads(capsys.readouterr().out.splitlines()[-1].removeprefix("RESULT "))
        assert (result["difficulty"], result["insurgents"]) == ("brutal", expected)

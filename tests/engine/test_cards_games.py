"""Cards in whole games: Sweep & Clear's Fog of War is live (Rulebook: Scenario 4, Fog of War:
one card at the start, more on Regular Reaction Tests), the AIs answer the cards' choices with a
logged reason, and a save taken after any command plays on to the same events."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai.controller import InsurgentAI
from game.ai.regular import RegularAI
from game.engine.controllers import Controller
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR
from game.headless import play
from game.rules.cards import OPTIONAL_FOG_OF_WAR
from game.save import SaveError, load_save, new_game, resolve_map, save_data, write_save
from game.scenarios.scenario_file import load_scenario_file
from game.scenarios.toml_fields import ScenarioFileError

# seed 80 opens with An Excellent Position (Regular), a choice for the Regular player (every card
# of the deck is played now, so none is set aside: R300-R309, R315)
SCENARIO, SEED, TURNS = "sweep-and-clear", 80, 1


def new(optional: bool = False) -> Engine:
    map_path, scenario_id = resolve_map(SCENARIO)
    rules = [OPTIONAL_FOG_OF_WAR] if optional else []
    return new_game(map_path, scenario_id, SEED, turn_limit=TURNS, optional_rules=rules)


def ais(engine: Engine) -> dict[str, Controller]:
    return {
        REGULAR: RegularAI(engine.battlefield),
        INSURGENT: InsurgentAI(engine.battlefield, engine.state.seed * 2 + 2),
    }


@pytest.fixture(scope="module")
def whole() -> tuple[Engine, dict[str, Controller]]:
    engine = new()
    controllers = ais(engine)
    play(engine, controllers)
    assert engine.over
    return engine, controllers


def test_sweep_and_clear_draws_its_fog_of_war_card_by_title(
    whole: tuple[Engine, dict[str, Controller]],
) -> None:
    engine, _ = whole
    texts = [e["text"] for e in engine.state.events]
    assert any("Fog of War card drawn at the start of the game" in t for t in texts)
    assert not any(" is set aside " in t for t in texts)
    assert any(t.startswith("T0 An Excellent Position (Regular) (the Regulars):") for t in texts)


def test_the_regular_ai_plays_the_card_choice_with_a_reason(
    whole: tuple[Engine, dict[str, Controller]],
) -> None:
    engine, controllers = whole
    first = engine.log[0]
    assert first.kind == "answer"
    regular = controllers[REGULAR]
    assert isinstance(regular, RegularAI)
    journal = regular.journal
    (reason,) = [line for line in journal if "An Excellent Position" in line]
    assert "nearest the enemy" in reason
    assert engine.state.cards["effects"]["excellent_position"]  # the unit it chose holds it


def test_a_save_after_every_command_with_cards_plays_on_alike(
    whole: tuple[Engine, dict[str, Controller]], tmp_path: Path
) -> None:
    engine, _ = whole
    commands = list(engine.log)
    moved = []
    game = new()  # played on to each save in turn
    done = 0
    for n in range(1, len(commands), 3):
        for command in commands[done:n]:
            game.apply(command)
        done = n
        write_save(game, tmp_path / "s.json")
        loaded = load_save(tmp_path / "s.json")
        assert loaded.state.cards == game.state.cards
        play(loaded, ais(loaded))
        if loaded.events_sha256() != engine.events_sha256():
            moved.append(n)
    assert moved == []


def test_r184_the_optional_fog_of_war_rule_is_kept_in_saves(tmp_path: Path) -> None:
    game = new(optional=True)
    assert save_data(game)["optional_rules"] == [OPTIONAL_FOG_OF_WAR]
    write_save(game, tmp_path / "o.json")
    loaded = load_save(tmp_path / "o.json")
    assert loaded.state.optional_rules == [OPTIONAL_FOG_OF_WAR]
    assert loaded.events_sha256() == game.events_sha256()
    play(loaded, ais(loaded))
    checks = [e for e in loaded.state.events if e["data"].get("cause") == "optional_fog_of_war"]
    assert len(checks) == 1  # turn 1's check (a one-turn game)
    data = (tmp_path / "o.json").read_text(encoding="utf-8")
    (tmp_path / "bad.json").write_text(
        data.replace('"optional-fog-of-war"', '"optional-fog-of-peace"'),
        encoding="utf-8",
    )
    with pytest.raises(SaveError, match="optional"):
        load_save(tmp_path / "bad.json")


def test_r184_an_older_save_with_its_own_optional_fog_of_war_field_loads_the_rule_on(
    tmp_path: Path,
) -> None:
    """Saves written while the rule had a field of its own (`optional_fog_of_war: true`, no
    `optional_rules` entry) load as the optional rule on and play on to the same events."""
    import json

    game = new(optional=True)
    play(game, ais(game))
    data = save_data(game)
    data["optional_rules"] = []
    data["optional_fog_of_war"] = True
    (tmp_path / "old.json").write_text(json.dumps(data), encoding="utf-8")
    loaded = load_save(tmp_path / "old.json")
    assert loaded.state.optional_rules == [OPTIONAL_FOG_OF_WAR]
    assert loaded.events_sha256() == game.events_sha256()
    data["optional_fog_of_war"] = False
    (tmp_path / "off.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError):  # without the rule the log no longer replays the same
        load_save(tmp_path / "off.json")
    data["optional_fog_of_war"] = "yes"
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="optional_fog_of_war"):
        load_save(tmp_path / "bad.json")


def test_scenario_file_cards_fog_of_war_initial(tmp_path: Path) -> None:
    shipped = Path("maps/sweep-and-clear.toml")
    assert load_scenario_file(shipped).fog_of_war_initial == 1
    text = shipped.read_text(encoding="utf-8").replace("fog_of_war = true", "fog_of_war = false")
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioFileError, match="fog_of_war_initial"):
        load_scenario_file(bad)
    bad.write_text(
        text.replace("fog_of_war_initial = 1", "fog_of_war_initial = 9"), encoding="utf-8"
    )
    with pytest.raises(ScenarioFileError, match="out of range"):
        load_scenario_file(bad)

"""New-game set-up: the seats each mode produces, co-op ownership, custom maps and their checks."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest
from client_support import until_checked

from game.client.scenes import App
from game.client.setup import (
    MAX_NAME,
    SetupChoices,
    SetupError,
    SetupScene,
    available_tables,
    build_config,
    deal_owners,
)
from game.engine.commands import EndActivation, IllegalCommand
from game.resources import maps_guide

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "tests" / "client" / "data" / "test_table.tmx"
BROKEN = ROOT / "tests" / "maps" / "broken" / "duplicate_hot_spot.tmx"
WARNED = ROOT / "tests" / "maps" / "engine" / "patrol.tmx"
SWEEP_REGULARS = [("R1", "Alpha fireteam"), ("R2", "Bravo fireteam"), ("R3", "Charlie fireteam")]


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("AMBUSH_ALLEY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("AMBUSH_ALLEY_CONFIG_DIR", str(tmp_path / "config"))
    from game.client.settings import set_current_settings

    set_current_settings(None)
    return tmp_path


def test_hotseat_gives_two_human_seats_on_opposite_sides() -> None:
    choices = SetupChoices(table="contracting-trouble", mode="hotseat", names=["Ann", "Bob"])
    config = build_config(choices)
    humans = [s for s in config.seats if s.human]
    assert [(s.name, s.side) for s in humans] == [("Ann", "regular"), ("Bob", "insurgent")]
    assert len(config.seats) == 2 and config.mode == "hotseat"


def test_solo_and_watch_seats() -> None:
    solo = build_config(SetupChoices(mode="solo", names=["Kim"]))
    assert [(s.name, s.kind, s.side) for s in solo.seats] == [
        ("Kim", "human", "regular"),
        ("Insurgent AI", "ai", "insurgent"),
    ]
    watch = build_config(SetupChoices(mode="watch", pace="slow", seed_text="42"))
    assert {(s.kind, s.side) for s in watch.seats} == {("ai", "regular"), ("ai", "insurgent")}
    assert watch.pace == "slow" and watch.seed == 42


def test_hotseat_refuses_two_players_with_the_same_name() -> None:
    with pytest.raises(SetupError, match="same name"):
        build_config(SetupChoices(mode="hotseat", names=["Sam", "sam"]))


@pytest.mark.parametrize("seed", ["abc", "-3", "99999999999"])
def test_a_bad_seed_is_one_clear_line(seed: str) -> None:
    with pytest.raises(SetupError, match=f"seed .*{seed[:2]}"):
        build_config(SetupChoices(mode="solo", seed_text=seed))


def test_coop_seats_own_the_fireteams_they_were_given() -> None:
    choices = SetupChoices(
        table="sweep-and-clear",
        mode="coop",
        names=["Ann", "Bob", "Cy"],
        coop_players=3,
        owners={"R1": 2, "R2": 0, "R3": 1},
    )
    config = build_config(choices, SWEEP_REGULARS)
    owned = {s.name: s.units for s in config.seats if s.human}
    assert owned == {"Ann": {"R2"}, "Bob": {"R3"}, "Cy": {"R1"}}
    assert [s.kind for s in config.seats if s.side == "insurgent"] == ["ai"]


def test_coop_refuses_an_unowned_fireteam() -> None:
    choices = SetupChoices(mode="coop", coop_players=2, owners={"R1": 0, "R2": 1})
    with pytest.raises(SetupError, match=r"Charlie fireteam \(R3\) has no owner"):
        build_config(choices, SWEEP_REGULARS)


def test_coop_refuses_a_player_without_a_fireteam() -> None:
    choices = SetupChoices(
        mode="coop", names=["Ann", "Bob"], coop_players=2, owners={"R1": 0, "R2": 0, "R3": 0}
    )
    with pytest.raises(SetupError, match="Bob commands no fireteam"):
        build_config(choices, SWEEP_REGULARS)


def test_coop_refuses_more_players_than_fireteams() -> None:
    choices = SetupChoices(mode="coop", coop_players=4, owners=deal_owners(SWEEP_REGULARS, 4))
    with pytest.raises(SetupError, match="4 players but only 3"):
        build_config(choices, SWEEP_REGULARS)


def test_coop_session_refuses_orders_to_another_players_fireteam() -> None:
    from game.client.session import GameSession

    choices = SetupChoices(
        table=str(TABLE), mode="coop", names=["Ann", "Bob"], owners={"R1": 0, "R2": 1}
    )
    config = build_config(choices, [("R1", "Alpha"), ("R2", "Bravo")])
    session = GameSession(
        type(config)(**{**config.__dict__, "autosave": False})  # no files for this test
    )
    seat = session.current_seat()
    assert seat is not None and seat.name == "Ann"
    before = session.engine.events_sha256()
    with pytest.raises(IllegalCommand, match="Bravo belongs to Bob"):
        session.apply(EndActivation(side="regular", unit="R2"))
    assert session.engine.events_sha256() == before


def test_tables_list_shipped_maps_then_the_users_folder(folders: Path) -> None:
    mine = folders / "mine"
    mine.mkdir()
    shutil.copy(TABLE, mine / "my_street.tmx")
    (mine / "notes.txt").write_text("not a map")
    tables = available_tables(mine)
    shipped = [t for t in tables if not t.custom]
    custom = [t for t in tables if t.custom]
    assert {t.spec for t in shipped} >= {"contracting-trouble", "sweep-and-clear"}
    assert [t.path.name for t in custom] == ["my_street.tmx"]
    assert custom[0].spec == str(mine / "my_street.tmx")
    assert tables.index(custom[0]) > max(tables.index(t) for t in shipped)


def test_the_maps_folder_is_created_and_listed_on_entering_the_setup(
    app: App, folders: Path
) -> None:
    scene = SetupScene()
    app.push(scene)
    app.step()
    assert (folders / "data" / "maps").is_dir()
    assert scene.user_folder == folders / "data" / "maps"


def test_an_invalid_custom_map_shows_the_validators_lines_and_does_not_start(app: App) -> None:
    from game.battlefield.loader import read_map

    scene = SetupScene(preselect=BROKEN, user_folder=Path("/nonexistent"))
    app.push(scene)
    until_checked(app, scene)
    assert scene.dialog is not None
    expected = [str(p) for p in read_map(BROKEN).errors]
    assert len(expected) == 2
    assert scene.dialog.text_block is not None
    shown = scene.dialog.text_block.html_text
    for line in expected:
        assert line.replace('"', "&quot;") in shown or line in shown
    assert scene.dialog_lines[1:] == expected
    assert scene.start() is False
    assert app.stack.top is scene


def test_a_map_with_warnings_shows_them_and_still_starts(app: App) -> None:
    scene = SetupScene(preselect=WARNED, user_folder=Path("/nonexistent"))
    app.push(scene)
    until_checked(app, scene)
    assert scene.dialog is None
    assert "R49" in scene.message and "can still be played" in scene.message
    scene.choices.mode = "watch"
    assert scene.start() is True
    play: Any = scene.started
    assert play.session.config.mode == "watch"
    assert app.stack.top is play


def test_start_pushes_the_play_screen_with_the_hotseat_seats(app: App) -> None:
    scene = SetupScene(preselect=TABLE, user_folder=Path("/nonexistent"))
    app.push(scene)
    scene.set_mode("hotseat")
    until_checked(app, scene)
    assert [e.get_text() for e in scene.name_entries] == ["Regular player", "Insurgent player"]
    scene.name_entries[0].set_text("Ann")
    scene.name_entries[1].set_text("Bob")
    assert scene.start() is True
    play = app.stack.top
    assert play is scene.started
    seats = play.session.config.seats
    assert [(s.name, s.kind, s.side) for s in seats] == [
        ("Ann", "human", "regular"),
        ("Bob", "human", "insurgent"),
    ]


def test_a_long_player_name_is_cut_to_fit_beside_the_title(app: App) -> None:
    # found in play: a long name pushed the scenario's title out of the top bar
    long_name = "Alexandra Konstantinopoulou-Smythe"
    assert (
        build_config(SetupChoices(mode="solo", names=[long_name])).seats[0].name
        == (long_name[:MAX_NAME])
    )
    scene = SetupScene(preselect=ROOT / "maps" / "contracting-trouble.tmx")
    app.push(scene)
    scene.set_mode("hotseat")
    app.step()
    scene.name_entries[0].set_text(long_name[:MAX_NAME])
    scene.name_entries[0].focus()
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="x")])  # typing past the limit
    assert scene.name_entries[0].get_text() == long_name[:MAX_NAME]
    assert scene.start() is True
    play: Any = app.stack.top
    app.step()
    app.step()
    centre = play.top_centre
    assert centre.text == "Contracting Trouble!"
    assert centre.rect.width >= centre.font.size(centre.text)[0]  # the title is whole
    assert play.top_left.rect.right <= centre.rect.left


def test_setup_screen_coop_lists_the_fireteams_with_an_owner_each(app: App) -> None:
    scene = SetupScene(preselect=TABLE, user_folder=Path("/nonexistent"))
    app.push(scene)
    scene.set_mode("coop")
    until_checked(app, scene)
    assert set(scene.owner_menus) == {"R1", "R2"}
    assert scene.choices.owners == {"R1": 0, "R2": 1}
    scene.choices.owners["R2"] = 0  # both to player 1: player 2 has none
    assert scene.start() is False
    assert "commands no fireteam" in scene.message
    assert app.stack.top is scene


def test_a_typed_map_path_becomes_the_table_or_lists_its_problems(app: App) -> None:
    scene = SetupScene(user_folder=Path("/nonexistent"))
    app.push(scene)
    app.step()
    assert scene.open_map_button is not None
    assert scene.open_path(str(BROKEN)) is True  # chosen: the worker checks it
    assert scene.check is None and "checking the map" in scene.message
    until_checked(app, scene)
    assert scene.dialog is not None and len(scene.dialog_lines) == 3
    assert scene.dialog.text_block is not None  # the dialog points to the map makers' guide
    assert str(maps_guide()) in scene.dialog.text_block.html_text
    listed = [t.path for t in scene.tables]
    assert scene.open_path(str(ROOT / "nowhere.tmx")) is False
    assert scene.dialog_lines[1] == f"{ROOT / 'nowhere.tmx'}: no such map file"
    assert [t.path for t in scene.tables] == listed  # found in play: a typo joined the list
    assert scene.open_path(str(TABLE)) is True
    until_checked(app, scene)
    assert scene.selected is not None and scene.selected.path == TABLE
    assert scene.choices.table == str(TABLE)
    assert scene.dialog is None  # the problems of the map tried before are gone


def test_esc_closes_the_problems_dialog_before_it_leaves_the_screen(app: App) -> None:
    import pygame

    scene = SetupScene(user_folder=Path("/nonexistent"))
    app.push(scene)
    app.step()
    scene.open_path(str(BROKEN))
    until_checked(app, scene)
    assert scene.dialog is not None
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.step([esc])
    assert app.stack.top is scene  # found in play: Esc left the New game screen
    assert scene.dialog is None and scene.dialog_lines == []
    app.step([esc])
    assert app.stack.top is not scene


def test_clicking_a_map_of_the_users_folder_checks_it(app: App, folders: Path) -> None:
    import pygame
    import pygame_gui

    mine = folders / "mine"
    mine.mkdir()
    shutil.copy(BROKEN, mine / "broken_street.tmx")
    scene = SetupScene(user_folder=mine)
    app.push(scene)
    app.step()
    assert scene.dialog is None  # a shipped scenario is chosen first
    assert scene.table_list is not None
    app.step(
        [
            pygame.event.Event(
                pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                ui_element=scene.table_list,
                text=next(
                    k for k, t in scene._labels.items() if t.path.name == "broken_street.tmx"
                ),
            )
        ]
    )
    until_checked(app, scene)
    assert scene.table_list.item_list[-1]["text"] == "My maps: Broken Street — cannot be played"
    assert scene.selected is not None and scene.selected.path == mine / "broken_street.tmx"
    assert scene.dialog is not None
    from game.battlefield.loader import read_map

    errors = [str(p) for p in read_map(mine / "broken_street.tmx").errors]
    assert errors and scene.dialog_lines[1:] == errors


def test_esc_closes_an_open_list_before_it_leaves_the_screen(app: App) -> None:
    import pygame

    scene = SetupScene()
    app.push(scene)
    app.step()
    menu = scene.mode_menu
    assert menu is not None
    menu.current_state.should_transition = True  # the player opened the Mode list
    app.step()
    assert menu.current_state is menu.menu_states["expanded"]
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.step([esc])
    app.step()
    assert app.stack.top is scene  # still on the New game screen
    assert menu.current_state is menu.menu_states["closed"]
    app.step([esc])
    assert app.stack.top is not scene  # a second Esc leaves it


def test_the_difficulty_chosen_on_the_setup_screen_starts_a_brutal_game(app: App) -> None:
    scene = SetupScene(preselect=TABLE, user_folder=Path("/nonexistent"))
    app.push(scene)
    until_checked(app, scene)
    assert scene.choices.difficulty == "book"  # the default: the solo rules exactly
    scene._dropdown(scene.difficulty_menu, "Brutal")
    assert scene.start() is True
    play = app.stack.top
    assert play.session.config.difficulty == "brutal"
    assert play.session.engine.state.difficulty == "brutal"


def test_the_end_screen_names_the_difficulty() -> None:
    from game.client.endgame import summary_html, summary_of

    result = {"turns": 3, "reason": "time ran out", "margin": "Draw", "winner": "none"}
    assert "Difficulty: Hard" in summary_html(summary_of("Patrol", result, [], "hard"))
    assert "Difficulty: Book" in summary_html(summary_of("Patrol", result, []))


# --- difficulty that matters (issue 17 §3, round 4) ---
def test_r332_the_end_screen_names_the_difficulty_and_who_played_the_insurgents() -> None:
    from game.client.endgame import summary_html, summary_of

    result = {"winner": "regular", "margin": "Marginal Victory", "turns": 3}
    brutal = summary_html(summary_of("Patrol", result, [], "brutal", "commander"))
    assert "Difficulty: Brutal · Insurgents: Commander" in brutal
    chosen = summary_html(summary_of("Patrol", result, [], "brutal", "ai"))
    assert "Difficulty: Brutal · Insurgents: Solo rules" in chosen
    assert "Insurgents:" not in summary_html(summary_of("Patrol", result, [], "hard"))


def test_r332_the_after_action_report_shows_the_difficulty_line_too() -> None:
    """The end screen of a played game is the after-action report: the difficulty and who
    played the Insurgents follow its reason line (before round 4 it had no difficulty)."""
    from game.client.endgame import difficulty_html, summary_of
    from game.client.report_view import report_html
    from game.report import after_action
    from game.save import new_game, resolve_map

    map_path, scenario_id = resolve_map("contracting-trouble")
    engine = new_game(map_path, scenario_id, 3, difficulty="brutal")
    engine.state.insurgent_ai = "commander"
    summary = summary_of("Contracting Trouble!", {}, [], "brutal", "commander")
    markup = report_html(after_action(engine), difficulty_html(summary))
    assert "Difficulty: Brutal · Insurgents: Commander" in markup
    assert "Difficulty:" not in report_html(after_action(engine))

"""'Open map…' is pygame_gui's file dialog (issue 24 §1): it opens, lists folders and .tmx maps
only, cannot delete, and picking a map opens it or lists the validator's problems."""

from __future__ import annotations

import locale
import shutil
from pathlib import Path

import pygame
from client_support import DATA, mouse_down, mouse_move, mouse_up

from game.client.battle import BattleScene
from game.client.map_dialog import MapFileDialog, still_open
from game.client.menu import MainMenuScene, OpenMapScene
from game.client.scenes import App

BROKEN = Path(__file__).resolve().parents[1] / "maps" / "broken" / "duplicate_hot_spot.tmx"


def click(app: App, pos: tuple[int, int]) -> None:
    app.step([mouse_move(pos)])  # the widget under the pointer is found as the frame updates
    app.step([mouse_down(pos)])
    app.step([mouse_up(pos)])
    app.step()  # the widgets' own events arrive on the next frames
    app.step()


def listed(dialog: MapFileDialog) -> list[str]:
    return [item["text"] for item in dialog.file_selection_list.item_list]


def pick(app: App, dialog: MapFileDialog, name: str) -> None:
    """Click the file in the dialog's list, then its OK button, as a player does."""
    (item,) = [i for i in dialog.file_selection_list.item_list if i["text"] == name]
    click(app, item["button_element"].rect.center)
    assert dialog.ok_button.is_enabled
    click(app, dialog.ok_button.rect.center)


def open_scene(app: App, folder: Path) -> OpenMapScene:
    scene = OpenMapScene(folder)
    app.push(MainMenuScene())
    app.push(scene)
    app.step()
    assert isinstance(scene.dialog, MapFileDialog)
    return scene


def test_the_dialog_opens_in_the_folder_and_lists_only_maps_and_folders(
    app: App, tmp_path: Path
) -> None:
    shutil.copy(DATA / "test_table.tmx", tmp_path / "b.tmx")
    (tmp_path / "notes.txt").write_text("not a map")
    (tmp_path / "more maps").mkdir()
    scene = open_scene(app, tmp_path)
    assert scene.dialog is not None
    assert listed(scene.dialog) == ["more maps", "b.tmx"]
    assert not scene.dialog.delete_button.visible  # opening a map never deletes a file


def test_picking_a_map_in_the_dialog_opens_the_battle(app: App) -> None:
    scene = open_scene(app, DATA)
    assert scene.dialog is not None
    assert listed(scene.dialog) == ["test_table.tmx"]  # table.png and table.tsx are not maps
    pick(app, scene.dialog, "test_table.tmx")
    app.step()
    top = app.stack.top
    assert isinstance(top, BattleScene)
    assert top.art.world_width == 24 and top.art.world_height == 16


def test_picking_a_broken_map_lists_the_validators_problems_and_offers_the_dialog_again(
    app: App,
) -> None:
    scene = open_scene(app, BROKEN.parent)
    assert scene.dialog is not None
    pick(app, scene.dialog, BROKEN.name)
    app.step()
    assert app.stack.top is scene and scene.dialog is None
    assert "hot spot" in scene.message and "•" in scene.message  # every problem, one a line
    assert [b.text for b in scene.buttons] == ["Choose a map…", "Back"]
    click(app, scene.buttons[0].rect.center)
    assert scene.dialog is not None
    assert scene.dialog.current_file_path == BROKEN  # it reopens on the map tried


def test_cancel_closes_the_dialog_and_esc_then_leaves(app: App) -> None:
    scene = open_scene(app, DATA)
    dialog = scene.dialog
    assert dialog is not None
    click(app, dialog.cancel_button.rect.center)
    assert not dialog.alive() and still_open(scene.dialog) is None and app.stack.top is scene
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.step([esc])  # the dialog is gone: Esc leaves the screen
    assert isinstance(app.stack.top, MainMenuScene)


def test_the_dialog_leaves_the_process_locale_alone(app: App) -> None:
    before = locale.setlocale(locale.LC_ALL)
    open_scene(app, DATA)
    assert locale.setlocale(locale.LC_ALL) == before  # the stock dialog sets the system's


def test_the_new_game_screens_open_map_button_picks_a_table_in_the_dialog(
    app: App, tmp_path: Path
) -> None:
    from client_support import until_checked

    from game.client.setup import SetupScene

    scene = SetupScene(user_folder=tmp_path / "none")
    app.push(scene)
    app.step()
    assert scene.open_map_button is not None and scene.files.dialog is None
    click(app, scene.open_map_button.rect.center)
    dialog = scene.files.dialog
    assert dialog is not None
    dialog._change_directory_path(DATA)  # as if the player walked there in the dialog
    app.step()
    pick(app, dialog, "test_table.tmx")
    app.step()
    until_checked(app, scene)
    assert scene.selected is not None and scene.selected.path == DATA / "test_table.tmx"
    assert scene.files.dialog is None and app.stack.top is scene
    click(app, scene.open_map_button.rect.center)
    assert scene.files.dialog is not None  # opens again, on the table chosen
    assert scene.files.dialog.current_file_path == DATA / "test_table.tmx"
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.step([esc])
    assert not scene.files.is_open and app.stack.top is scene  # Esc closed the dialog only


def test_in_french_the_dialogs_own_buttons_are_french(app: App) -> None:
    from pygame_gui.core.utility import translate

    from game import i18n

    i18n.set_language("fr")
    scene = open_scene(app, DATA)
    assert scene.dialog is not None
    assert translate(scene.dialog.cancel_button.text) == "Annuler"  # pygame_gui's own text
    assert scene.dialog.window_display_title == "Ouvrir une carte"
    i18n.set_language("en")
    scene.open_dialog()  # already open: the same dialog
    assert app.manager.get_locale() == "fr"
    scene.files.close()
    scene.open_dialog()
    assert translate(scene.files.dialog.cancel_button.text) == "Cancel"

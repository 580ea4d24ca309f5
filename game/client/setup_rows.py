"""The set-up screen's game rows: mode, seed, pace and difficulty (bound as
`SetupScene._build_game_rows`; split from `game/client/setup.py` to keep it small)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel, UITextEntryLine

from game.client.settings import PACES
from game.client.setup_config import MODE_TIPS, MODES
from game.client.words import PACE_NAMES
from game.engine.difficulty import LABELS
from game.i18n import N_, _

if TYPE_CHECKING:
    from game.client.setup import SetupScene

# The difficulties' names (game.engine.difficulty.LABELS), for the catalogue
DIFFICULTY_NAMES = (N_("Book"), N_("Hard"), N_("Brutal"))


def build_game_rows(
    scene: SetupScene, manager: pygame_gui.UIManager, x: int, y: int, col: int
) -> int:
    """The Mode, Seed, Pace and Difficulty rows from `y` down; returns the next row's `y`."""
    scene.widgets.append(UILabel(pygame.Rect(x, y, 120, 32), _("Mode"), manager))
    current = next(_(label) for key, label in MODES if key == scene.choices.mode)
    scene.mode_menu = UIDropDownMenu(
        [_(label) for _k, label in MODES],
        current,
        pygame.Rect(x + 120, y, col - 120, 32),
        manager,
    )
    scene.mode_menu.set_tooltip(_(MODE_TIPS[scene.choices.mode]))
    scene.widgets.append(scene.mode_menu)
    y += 42
    scene.widgets.append(UILabel(pygame.Rect(x, y, 120, 32), _("Seed"), manager))
    scene.seed_entry = UITextEntryLine(
        pygame.Rect(x + 120, y, 160, 32), manager, initial_text=scene.choices.seed_text
    )
    scene.seed_entry.set_tooltip(
        _("The dice seed: the same seed replays the same dice. Empty: random")
    )
    scene.widgets.append(scene.seed_entry)
    scene.widgets.append(UILabel(pygame.Rect(x + 300, y, 80, 32), _("Pace"), manager))
    scene.pace_menu = UIDropDownMenu(
        [_(PACE_NAMES[p]) for p in PACES],
        _(PACE_NAMES[scene.choices.pace]),
        pygame.Rect(x + 380, y, col - 380, 32),
        manager,
    )
    scene.pace_menu.set_tooltip(_("How fast the AI's actions play out on screen"))
    scene.widgets.append(scene.pace_menu)
    y += 42
    scene.widgets.append(UILabel(pygame.Rect(x, y, 120, 32), _("Difficulty"), manager))
    scene.difficulty_menu = UIDropDownMenu(
        [_(label) for label in LABELS.values()],
        _(LABELS[scene.choices.difficulty]),
        pygame.Rect(x + 120, y, 160, 32),
        manager,
    )
    scene.difficulty_menu.set_tooltip(
        _(
            "Book: the solo rules exactly. Hard: Insurgency Level +1 and every Insurgent one "
            "Quality die better. Brutal: Hard, leaders one more die better, and the Commander "
            "AI unless you pick the Insurgents yourself (README: Difficulty)"
        )
    )
    scene.widgets.append(scene.difficulty_menu)
    return y

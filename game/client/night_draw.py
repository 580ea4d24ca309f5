"""The night on the battle screen (Night Fighting; R200-R202; issue 19 part 3): a dark table, the
selected unit's sight circle (its Optimum Range tonight, halved without night vision) and a small
"NV" chip beside every unit that has night vision devices.

The book limits fire at night, not sight (R200): the circle is the reach of the unit's Optimum
Range die tonight, not a limit on what it sees. The numbers come from the rules core through
`game.rules.firepower.optimum_range`, never from here.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.client import text
from game.engine import rulesbridge as rb
from game.engine.state import UnitState
from game.i18n import _, number
from game.rules.firepower import optimum_range

if TYPE_CHECKING:
    from game.client.play import PlayScene

NIGHT_TINT = (78, 88, 138)
"""Multiplied into the table's art at night: a dark blue moonlit table."""
SIGHT_COLOUR = (150, 220, 255)
NO_VISION_COLOUR = (255, 170, 90)
NV_CHIP_BG = (30, 90, 40)
NV_CHIP_TEXT = (190, 255, 190)
DASH_PX = 9  # length of a dash (and of a gap) of the sight circle, in pixels


def darken(surface: pygame.Surface, scale: float) -> None:
    """The table's art at night (a `MapArt.surface_at` decoration, cached per zoom)."""
    surface.fill(NIGHT_TINT, special_flags=pygame.BLEND_MULT)


def night_reach(unit: UnitState) -> tuple[float | None, bool]:
    """(Optimum Range tonight in inches, None when always in range; whether it has night
    vision) from the rules core (Optimum Range; Night Fighting)."""
    rules = rb.rules_unit(unit)
    return optimum_range(rules, night=True), rules.has_night_vision


def card_line(unit: UnitState) -> str:
    """The unit card's night line (HTML): night vision or not, and what the night costs."""
    reach, vision = night_reach(unit)
    if vision:
        return _("<b>Night:</b> night vision devices, no penalty (Night Fighting)")
    tonight = (
        _("always in range")
        if reach is None
        else _('Optimum Range {inches}"').format(inches=number(reach, None))
    )
    return _("<b>Night:</b> no night vision: Firepower -1 die, {range} (Night Fighting)").format(
        range=tonight
    )


def draw(scene: PlayScene, surface: pygame.Surface) -> None:
    """The night overlays of the battle screen, when the game is fought at night."""
    engine = scene.session.engine
    if not engine.state.night:
        return
    _draw_nv_chips(scene, surface)
    unit_id = scene.overlays.selected_unit
    unit = engine.state.units.get(unit_id or "")
    if unit is None or not unit.on_table or not unit.effective_figures:
        return
    reach, vision = night_reach(unit)
    if reach is None:
        return
    centre = scene._to_screen(unit.centre)
    radius = max(4, round(scene.camera.length_to_screen(reach)))
    colour = SIGHT_COLOUR if vision else NO_VISION_COLOUR
    _dashed_circle(surface, colour, centre, radius)
    words = (
        _('night vision: Optimum Range {inches}"')
        if vision
        else _('no night vision: Optimum Range {inches}"')
    ).format(inches=number(reach, None))
    label = text.text(words, 13, colour)
    at = label.get_rect(midbottom=(centre[0], centre[1] - radius - 2))
    backdrop = at.inflate(6, 2)
    shade = pygame.Surface(backdrop.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surface.blit(shade, backdrop)
    surface.blit(label, at)


def _dashed_circle(
    surface: pygame.Surface, colour: tuple[int, int, int], centre: tuple[int, int], radius: int
) -> None:
    dashes = max(24, 2 * round(math.pi * radius / DASH_PX))
    for i in range(0, dashes, 2):
        a0 = 2 * math.pi * i / dashes
        a1 = 2 * math.pi * (i + 1) / dashes
        start = (centre[0] + radius * math.cos(a0), centre[1] + radius * math.sin(a0))
        end = (centre[0] + radius * math.cos(a1), centre[1] + radius * math.sin(a1))
        pygame.draw.line(surface, colour, start, end, 2)


def _draw_nv_chips(scene: PlayScene, surface: pygame.Surface) -> None:
    """A small "NV" chip at the right of the label of each unit with night vision devices."""
    units = scene.session.engine.state.units
    chip: pygame.Surface | None = None
    for unit_id, rect in scene.last_frame.unit_label_rects.items():
        unit = units.get(unit_id)
        if unit is None or not unit.on_table or not rb.rules_unit(unit).has_night_vision:
            continue
        if chip is None:
            words = text.text(_("NV"), 11, NV_CHIP_TEXT)
            chip = pygame.Surface((words.get_width() + 6, words.get_height() + 2))
            chip.fill(NV_CHIP_BG)
            chip.blit(words, (3, 1))
        surface.blit(chip, (rect.right + 2, rect.centery - chip.get_height() // 2))

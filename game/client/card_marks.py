"""What the Fog of War cards leave on the table (issue 19, round 2): a spotted IED's marker with
the 4" no Regular may come within (R281), a burning building (R283), a building or wall that is
no cover any more (R282), the press crew's camera (R286) and a road block (R304). Pure
reading of the game state, drawn under the card panel; the engine's `card_paths` holds the same
facts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import text
from game.client.hostage_mark import draw_hostage
from game.client.road_block_mark import draw_road_blocks
from game.engine import card_paths
from game.i18n import _

if TYPE_CHECKING:
    from game.client.play import PlayScene

IED_COLOUR = (214, 58, 40)
FIRE_COLOUR = (255, 140, 30)
CHEESE_COLOUR = (235, 215, 90)
CAMERA_COLOUR = (120, 200, 255)


def draw_marks(scene: PlayScene, surface: pygame.Surface) -> None:
    state = scene.session.engine.state
    if not state.cards:
        return
    battlefield = scene.session.engine.battlefield
    to_screen = scene.camera.world_to_screen
    ox, _oy = to_screen((0.0, 0.0))
    inch = max(1.0, to_screen((1.0, 0.0))[0] - ox)
    for x, y in card_paths.ied_markers(state):
        sx, sy = to_screen((x, y))
        centre = (round(sx), round(sy))
        pygame.draw.circle(surface, IED_COLOUR, centre, round(card_paths.IED_KEEP_OFF * inch), 2)
        pygame.draw.circle(surface, IED_COLOUR, centre, max(4, round(0.4 * inch)))
        label = text.text(_("IED?"), 14, IED_COLOUR, bold=True, shadow=(0, 0, 0))
        surface.blit(label, label.get_rect(midbottom=(centre[0], centre[1] - 6)))
    effects = state.cards.get("effects", {})
    gone = {str(k) for k in effects.get("no_cover", [])}
    fires = set(card_paths.burning(state))
    for b in battlefield.buildings:
        if b.id not in fires and f"building_{b.id}" not in gone:
            continue
        colour = FIRE_COLOUR if b.id in fires else CHEESE_COLOUR
        points = [tuple(round(c) for c in to_screen(p)) for p in b.outline]
        pygame.draw.polygon(surface, colour, points, 3)
        word = _("burning") if b.id in fires else _("no cover")
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        label = text.text(word, 14, colour, bold=True, shadow=(0, 0, 0))
        surface.blit(label, label.get_rect(center=(round(cx), round(cy))))
    for i, w in enumerate(battlefield.walls):
        if f"wall_{i}" in gone:
            points = [tuple(round(c) for c in to_screen(p)) for p in w.points]
            pygame.draw.lines(surface, CHEESE_COLOUR, w.closed, points, 3)
    crew = effects.get("camera")
    if crew:
        unit = state.units.get(str(crew["unit"]))
        at = unit.leader_point if unit is not None and unit.effective_figures else crew["at"]
        sx, sy = to_screen((float(at[0]), float(at[1])))
        label = text.text(_("TV"), 13, CAMERA_COLOUR, bold=True, shadow=(0, 0, 0))
        surface.blit(label, label.get_rect(midleft=(round(sx + 0.6 * inch), round(sy))))
        reach = round(12 * inch)
        if reach < 4000:
            pygame.draw.circle(surface, CAMERA_COLOUR, (round(sx), round(sy)), reach, 1)
    draw_hostage(surface, battlefield, effects, to_screen)  # cards round 3 (R313-R319)
    draw_road_blocks(surface, scene.session.engine, to_screen)  # polish: R304

"""The briefing screen, shown over a new game before its first order: the scenario's brief, the
forces, the turn limit, the victory conditions and a map preview (`game.briefing`). Begin (a
click, Enter, Space or Esc) uncovers the play screen below.
"""

from __future__ import annotations

import html
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox

from game.briefing import Briefing
from game.client import text
from game.client.menu import draw_menu_background
from game.client.report_view import INSURGENT_COLOUR, REGULAR_COLOUR
from game.client.scenes import Scene
from game.client.words import side_label
from game.i18n import N_, _, narr, ngettext

HOT_SPOT_COLOUR = (245, 140, 40)
CONTRACTOR_COLOUR = (235, 235, 235)
MARK_COLOURS = {
    "regular": REGULAR_COLOUR,
    "insurgent": INSURGENT_COLOUR,
    "hot_spot": HOT_SPOT_COLOUR,
    "contractor": CONTRACTOR_COLOUR,
}
SHOW_BRIEFING = True
"""Whether a new game opens under its briefing (the client tests of other screens turn it off in
tests/client/conftest.py, so a started game is the top scene there)."""
BEGIN_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)
NIGHT_NOTE = N_(
    "<b>Night Fighting</b>: a unit without night vision devices fires one die fewer and its "
    "Optimum Range is halved; sight is not limited (R200). Regulars have night vision unless "
    "the scenario says otherwise, Insurgents never."
)


def level_label(level: str) -> str:
    """The Insurgency Level as the briefing shows it: a number, or the word for "automatic"
    in the language in use (found in play: "automatic" left in English on a French briefing)."""
    # TRANSLATORS: the Insurgency Level of a scenario whose reinforcements always arrive
    return _("automatic") if level == "automatic" else level


def briefing_html(briefing: Briefing) -> str:
    esc = html.escape
    lines = [
        f"<font size=5><b>{esc(narr(briefing.title))}</b></font>",
        ngettext(
            "{n} turn · Insurgency Level {level}",
            "{n} turns · Insurgency Level {level}",
            briefing.turn_limit,
        ).format(n=briefing.turn_limit, level=esc(level_label(briefing.insurgency_level)))
        + (" · " + _("Fog of War") if briefing.fog_of_war else "")
        + "".join(
            " · " + _("Optional rule: {rule}").format(rule=esc(r)) for r in briefing.optional_rules
        )
        + (" · " + _("Night") if briefing.night else ""),
    ]
    if briefing.brief:
        lines += ["", esc(briefing.brief).replace("\n", "<br>")]
    if briefing.night:  # --- night (issue 19) ---
        lines += ["", _(NIGHT_NOTE)]
    lines += ["", _("<b>Victory conditions</b>"), *(f"• {esc(v)}" for v in briefing.victory)]
    lines += ["", _("<b>Objectives</b>"), *(f"• {esc(o)}" for o in briefing.objectives)]
    lines += ["", _("<b>Forces</b> (Troop Quality / Morale)")]
    for force in briefing.forces:
        figures = ngettext("{n} figure", "{n} figures", force.figures).format(n=force.figures)
        lines.append(
            f"• {side_label(force.side)}: <b>{esc(narr(force.name))}</b> — {figures} "
            f"({esc(force.makeup)}), {force.quality} / {force.morale}"
        )
    if briefing.hidden_insurgents:
        lines.append(
            "• "
            + _("Insurgents: unknown (Fog of War); reinforcements arrive {when}").format(
                when=briefing.arrivals
            )
        )
    return "<br>".join(lines)


class BriefingScene(Scene):
    def __init__(self, briefing: Briefing) -> None:
        self.briefing = briefing
        self.box: UITextBox | None = None
        self.button: UIButton | None = None
        self.preview_rect = pygame.Rect(0, 0, 0, 0)
        self._art: pygame.Surface | None = None
        self._art_for: tuple[int, int] = (0, 0)

    def build_ui(self, manager: pygame_gui.UIManager) -> None:
        w, h = self.app.size
        top, bottom = round(h * 0.2), h - 70
        left = pygame.Rect(20, top, max(320, round(w * 0.5)), bottom - top)
        self.preview_rect = pygame.Rect(left.right + 20, top, w - left.right - 40, bottom - top)
        self.box = UITextBox(briefing_html(self.briefing), left, manager, object_id="#end_game")
        self.button = UIButton(
            pygame.Rect(w // 2 - 110, bottom + 14, 220, 40),
            _("Begin"),
            manager,
            tool_tip_text=_("To the table (Enter)"),
        )

    def clear_ui(self) -> None:
        for element in (self.box, self.button):
            if element is not None:
                element.kill()
        self.box = self.button = None

    def begin(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame.KEYDOWN and event.key in BEGIN_KEYS) or (
            event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button
        ):
            self.begin()

    def _picture(self, size: tuple[int, int]) -> pygame.Surface | None:
        if self._art is None or self._art_for != size:
            self._art_for = size
            try:
                from game.client.map_render import MapArt

                art = MapArt(Path(self.briefing.map_path), None)
                scale = min(size[0] / art.world_width, size[1] / art.world_height)
                self._art = art.surface_at(scale)
            except Exception:  # a map that cannot be drawn still gets its marks on a plain table
                self._art = None
        return self._art

    def draw(self, surface: pygame.Surface) -> None:
        draw_menu_background(surface, _("BRIEFING"), narr(self.briefing.title))
        draw_preview(
            surface, self.preview_rect, self.briefing, self._picture(self.preview_rect.size)
        )


def draw_preview(
    surface: pygame.Surface,
    rect: pygame.Rect,
    briefing: Briefing,
    picture: pygame.Surface | None,
) -> pygame.Rect:
    """The table fitted into `rect`, its art when there is a picture, and the marks on it."""
    if rect.w < 40 or rect.h < 40 or briefing.width <= 0 or briefing.height <= 0:
        return pygame.Rect(rect.topleft, (0, 0))
    scale = min(rect.w / briefing.width, rect.h / briefing.height)
    table = pygame.Rect(0, 0, round(briefing.width * scale), round(briefing.height * scale))
    table.midtop = rect.midtop
    if picture is not None:
        surface.blit(pygame.transform.smoothscale(picture, table.size), table)
    else:
        surface.fill((150, 140, 110), table)
    pygame.draw.rect(surface, (20, 20, 20), table, 2)
    radius = max(5, min(12, round(scale * 0.5)))
    centres = [
        (table.x + round(mark.x * scale), table.y + round(mark.y * scale))
        for mark in briefing.marks
    ]
    labels = {
        i: text.text(mark.label, 13, (255, 255, 255), shadow=(0, 0, 0))
        for i, mark in enumerate(briefing.marks)
        if mark.label and mark.kind != "hot_spot"
    }
    spots = place_labels(
        table,
        [pygame.Rect(0, 0, 2 * radius + 4, 2 * radius + 4) for _centre in centres],
        centres,
        {i: label.get_size() for i, label in labels.items()},
        radius,
    )
    for mark, at in zip(briefing.marks, centres, strict=True):
        colour = MARK_COLOURS.get(mark.kind, (255, 255, 255))
        pygame.draw.circle(surface, (0, 0, 0), at, radius + 2)
        pygame.draw.circle(surface, colour, at, radius)
        if mark.kind == "hot_spot":
            number = text.text(mark.label, max(10, radius + 4), (0, 0, 0), bold=True)
            surface.blit(number, number.get_rect(center=at))
    for i, label in labels.items():
        surface.blit(label, spots[i])
    return table


def place_labels(
    table: pygame.Rect,
    circles: list[pygame.Rect],
    centres: list[tuple[int, int]],
    sizes: dict[int, tuple[int, int]],
    radius: int,
) -> dict[int, pygame.Rect]:
    """Where each mark's label goes: above its mark, else below, right, left, a line further up
    or down, the first place inside the table that covers no mark and no label already placed
    (else above, kept inside)."""
    taken = [c.move_to(center=at) for c, at in zip(circles, centres, strict=True)]
    placed: dict[int, pygame.Rect] = {}
    gap = radius + 2
    for i, (w, h) in sizes.items():
        x, y = centres[i]
        tries = [
            pygame.Rect(x - w // 2, y - gap - h, w, h),
            pygame.Rect(x - w // 2, y + gap, w, h),
            pygame.Rect(x + gap, y - h // 2, w, h),
            pygame.Rect(x - gap - w, y - h // 2, w, h),
            pygame.Rect(x - w // 2, y - gap - 2 * h, w, h),
            pygame.Rect(x - w // 2, y + gap + h, w, h),
        ]
        tries = [spot.clamp(table) for spot in tries]
        free = [
            spot
            for spot in tries
            if spot.collidelist(taken) < 0 and spot.collidelist(list(placed.values())) < 0
        ]
        placed[i] = free[0] if free else tries[0]
    return placed


def brief_new_game(scene: Scene, play: Scene) -> None:
    """Cover a new game's play screen with its briefing (a game with orders given: none)."""
    from game.briefing import briefing_of

    session = getattr(play, "session", None)
    if not SHOW_BRIEFING or session is None or session.engine.log:
        return
    scene.app.push(BriefingScene(briefing_of(session.engine)))

"""The battle screen, view only: the table, figures, overlays and the HUD skeleton.

The scene reads a `BattleView` from `view_provider` every frame and keeps only client-side
state (camera, selection, ruler, toggles). When the engine lands, the provider becomes the
adapter from its PlayerView, and clicks become commands; nothing here changes the game.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UIPanel, UITextBox

from game.battlefield.model import Point, Side
from game.briefing import figure_words
from game.client.adapter import setup_view
from game.client.camera import ZOOM_STEP, Camera, Viewport
from game.client.catalogue import OpenedMap
from game.client.log_panel import LogPanel
from game.client.map_render import MapArt
from game.client.palette import DEFAULT_PALETTE, Palette
from game.client.render import BattleRenderer, FrameResult, Overlays
from game.client.scenes import Scene
from game.client.viewmodel import BattleView, UnitSprite, view_from_battlefield
from game.i18n import N_, _, retell

FIT_MARGIN = 0.5
TALL_STATUS_ALLOWANCE = 28  # the play screen's status strip under the table (play_consts)
"""Inches shown around the table when it is fitted: a base on the table's edge shows whole."""

PAN_STEP_FRACTION = 0.125
"""One press of an arrow key moves the view by this share of the viewport."""

# The keys that work on every battle screen (the game's own screen takes F, A, S, L and more
# for orders, so WASD, F and a bare L are the map viewer's extras and not announced here).
HELP_LINE = N_(
    "Wheel: zoom · right/middle drag or arrows: pan · Home: fit · click or Tab: select unit · "
    "hold R: ruler · T: terrain outlines · Shift+L: unit labels · PgUp/PgDn: log · F1: help · "
    "Esc: menu"
)

PAN_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_a: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_d: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_w: (0, -1),
    pygame.K_DOWN: (0, 1),
    pygame.K_s: (0, 1),
}


@dataclass(frozen=True)
class BattleLayout:
    """Screen rectangles of the battle screen for one window size."""

    top_bar: pygame.Rect
    card: pygame.Rect
    log: pygame.Rect
    viewport: Viewport


def battle_layout(size: tuple[int, int], table: tuple[float, float] | None = None) -> BattleLayout:
    """The screen for one window size. Given the table's size (inches), a table too tall for
    the wide strip above the log gets the whole height, and the log moves to the right column
    under the unit card (found in play: a small fitted table between wide empty margins)."""
    w, h = size
    top = max(30, round(h * 0.04))
    right = round(min(max(w * 0.22, 264), 380))  # the order buttons whole at 1024 wide
    bottom = round(min(max(h * 0.18, 110), 240))
    wide = BattleLayout(
        top_bar=pygame.Rect(0, 0, w, top),
        card=pygame.Rect(w - right, top, right, h - top),
        log=pygame.Rect(0, h - bottom, w - right, bottom),
        viewport=Viewport(0, top, w - right, h - top - bottom),
    )
    if table is None or min(table) <= 0:
        return wide
    tall_h = h - top - TALL_STATUS_ALLOWANCE
    fitted_w = tall_h * (table[0] + 2 * FIT_MARGIN) / (table[1] + 2 * FIT_MARGIN)
    column = round(min(max(right, w - fitted_w), w * 0.45))
    wide_scale = min(
        wide.viewport.width / (table[0] + 2 * FIT_MARGIN),
        (wide.viewport.height - TALL_STATUS_ALLOWANCE) / (table[1] + 2 * FIT_MARGIN),
    )
    tall_scale = min(
        (w - column) / (table[0] + 2 * FIT_MARGIN), tall_h / (table[1] + 2 * FIT_MARGIN)
    )
    if tall_scale < wide_scale * 1.1:  # not worth moving the log
        return wide
    return BattleLayout(
        top_bar=pygame.Rect(0, 0, w, top),
        card=pygame.Rect(w - column, top, column, h - top - bottom),
        log=pygame.Rect(w - column, h - bottom, column, bottom),
        viewport=Viewport(0, top, w - column, h - top),
    )


def figures_summary(unit: UnitSprite) -> list[str]:
    """`Leader, Rifle ×2, SAW` style lines for the unit card."""
    return figure_words(figure.kind for figure in unit.figures)


def unit_card_html(unit: UnitSprite | None) -> str:
    if unit is None:
        return _("<i>No unit selected.</i><br><br>Click a base on the table, or press Tab.")
    side = _("Regulars") if unit.side is Side.REGULAR else _("Insurgents")
    parts = [
        f"<font size=5><b>{html.escape(retell(unit.name))}</b></font>",
        side,
        "",
        _("Troop Quality: <b>{die}</b>").format(die=html.escape(unit.quality or "—")),
        _("Morale: <b>{die}</b>").format(die=html.escape(unit.morale or "—")),
        "",
        _("<b>Figures ({n})</b>").format(n=len(unit.figures)),
        *(html.escape(line) for line in figures_summary(unit)),
    ]
    if unit.badges:
        parts += ["", _("<b>Status</b>"), *(b.label for b in unit.badges)]
    return "<br>".join(parts)


def _map_name(opened: OpenedMap) -> str:
    return opened.path.stem if opened.path is not None else _("Table")


class BattleScene(Scene):
    def __init__(
        self,
        opened: OpenedMap,
        view_provider: Callable[[], BattleView] | None = None,
        title: str | None = None,
        palette: Palette = DEFAULT_PALETTE,
    ) -> None:
        self.opened = opened
        battlefield = opened.battlefield
        self.art = MapArt(opened.path, battlefield, palette)
        self.renderer = BattleRenderer(self.art, battlefield, palette)
        if view_provider is None:
            fixed = self._initial_view(opened, title)
            view_provider = lambda: fixed  # noqa: E731 - a constant view until the engine binds
        self.view_provider = view_provider
        self.overlays = Overlays()
        self.layout = battle_layout((1280, 800), (self.art.world_width, self.art.world_height))
        self.camera = Camera(
            self.art.world_width, self.art.world_height, self.layout.viewport, margin=FIT_MARGIN
        )
        self.log_panel = LogPanel(self.layout.log)
        self.last_frame = FrameResult()
        self.mouse_pos: tuple[int, int] = (0, 0)
        self.dragging = False
        self.ruler_held = False
        self.ruler_start: Point | None = None
        self.card_html = ""
        self._top_texts: tuple[str, str, str] = ("", "", "")
        self.top_left: UILabel | None = None
        self.top_centre: UILabel | None = None
        self.top_right: UILabel | None = None
        self.top_panel: UIPanel | None = None
        self.card_box: UITextBox | None = None

    @staticmethod
    def _initial_view(opened: OpenedMap, title: str | None) -> BattleView:
        """The scenario's set-up as the engine deals it; else figures on the map's markers."""
        battlefield = opened.battlefield
        if battlefield is None:
            return BattleView(title=title or _map_name(opened), notes=opened.notes)
        if opened.path is not None:
            view, note = setup_view(opened.path)
            if view is not None:
                return replace(view, notes=(note,))
            fallback = view_from_battlefield(battlefield)
            return replace(fallback, notes=(note, *fallback.notes))
        return view_from_battlefield(battlefield)

    # -- life cycle ---------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.resize(self.app.size)
        self.camera.fit()
        view = self.view_provider()
        for note in (*self.opened.notes, *self.art.notes, *view.notes):
            self.log(_(note))
        self.log(_(HELP_LINE))

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = battle_layout(size, (self.art.world_width, self.art.world_height))
        self.camera.set_viewport(self.layout.viewport)
        self.log_panel.set_rect(self.layout.log)

    def build_ui(self, manager: pygame_gui.UIManager) -> None:
        lay = self.layout
        self.top_panel = UIPanel(lay.top_bar, manager=manager, object_id="#top_bar")
        inner_w = lay.top_bar.width
        third = inner_w // 3
        h = lay.top_bar.height - 6
        self.top_left = UILabel(
            pygame.Rect(6, 0, third, h),
            "",
            manager,
            container=self.top_panel,
            object_id="#top_left",
        )
        self.top_centre = UILabel(
            pygame.Rect(third, 0, third, h),
            "",
            manager,
            container=self.top_panel,
            object_id="#top_centre",
        )
        self.top_right = UILabel(
            pygame.Rect(inner_w - third - 12, 0, third, h),
            "",
            manager,
            container=self.top_panel,
            object_id="#top_right",
        )
        self._top_texts = ("", "", "")
        self.card_box = UITextBox(self.card_html, lay.card, manager, object_id="#unit_card")
        self.card_html = ""
        self._refresh_hud(self.view_provider())

    def clear_ui(self) -> None:
        for element in (self.top_panel, self.card_box):
            if element is not None:
                element.kill()
        self.top_panel = self.top_left = self.top_centre = self.top_right = None
        self.card_box = None

    # -- HUD ----------------------------------------------------------------------------------
    def log(self, line: str) -> None:
        """Add a line to the event log panel (the engine's events will arrive here)."""
        self.log_panel.add(line)

    @property
    def selected_unit(self) -> UnitSprite | None:
        if self.overlays.selected_unit is None:
            return None
        return self.view_provider().unit(self.overlays.selected_unit)

    def select(self, unit_id: str | None) -> None:
        self.overlays.selected_unit = unit_id

    def _set_top_texts(self, texts: tuple[str, str, str]) -> None:
        """The top bar's three texts, each label as wide as its words: the title stays centred
        while there is room, and the left text (the turn, phase and who acts) gets the rest
        instead of a fixed third that cut it off."""
        labels = (self.top_left, self.top_centre, self.top_right)
        if texts == self._top_texts or not all(labels):
            return
        left, centre, right = (label for label in labels if label is not None)
        width = self.layout.top_bar.width
        height = self.layout.top_bar.height - 6

        def text_width(label: UILabel, words: str) -> int:
            font = label.font
            return (font.size(words)[0] if font is not None else 8 * len(words)) + 16

        lw, cw, rw = (
            text_width(lab, t) for lab, t in zip((left, centre, right), texts, strict=True)
        )
        right_x = max(width // 2, width - rw - 6)
        centre_x = max(6 + lw, min((width - cw) // 2, right_x - cw))
        left.set_dimensions((max(40, centre_x - 6), height))
        centre.set_relative_position((centre_x, 0))
        centre.set_dimensions((max(40, min(cw, right_x - centre_x)), height))
        right.set_relative_position((right_x, 0))
        right.set_dimensions((width - right_x - 6, height))
        for label, words in zip((left, centre, right), texts, strict=True):
            label.set_text(words)
        self._top_texts = texts

    def _refresh_hud(self, view: BattleView) -> None:
        texts = (
            f"{_(view.turn_text)} — {_(view.phase_text)}",
            view.title,
            _(view.victory_points),
        )
        self._set_top_texts(texts)
        selected = view.unit(self.overlays.selected_unit) if self.overlays.selected_unit else None
        card = unit_card_html(selected)
        if card != self.card_html and self.card_box is not None:
            self.card_box.set_text(card)
            self.card_html = card

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            buttons = getattr(event, "buttons", None)
            if self.dragging and buttons is not None and not (buttons[1] or buttons[2]):
                self.dragging = False  # the release happened over a widget, which kept it
            self._mouse_moved(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse_pos = event.pos
            if event.button == 1:
                if self.ruler_held:
                    self.ruler_start = self.camera.screen_to_world(event.pos)
                elif self.camera.viewport.contains(event.pos):
                    self.select(self.unit_at(event.pos))
            elif event.button in (2, 3) and self.camera.viewport.contains(event.pos):
                self.dragging = True
        elif event.type == pygame.MOUSEBUTTONUP:
            if event.button in (2, 3):
                self.dragging = False
        elif event.type == pygame.MOUSEWHEEL:
            if self.log_panel.rect.collidepoint(self.mouse_pos):
                self.log_panel.scroll_by(3 * event.y)
            elif self.camera.viewport.contains(self.mouse_pos) and event.y:
                self.camera.zoom_at(self.mouse_pos, ZOOM_STEP ** max(-3, min(3, event.y)))
        elif event.type == pygame.KEYDOWN:
            self._key_down(event)
        elif event.type == pygame.KEYUP:
            if event.key == pygame.K_r:
                self.ruler_held = False
                self.ruler_start = None
        elif event.type == pygame.WINDOWLEAVE:
            self.dragging = False

    def _mouse_moved(self, pos: tuple[int, int]) -> None:
        if self.dragging:
            self.camera.pan(pos[0] - self.mouse_pos[0], pos[1] - self.mouse_pos[1])
        self.mouse_pos = pos
        inside = self.camera.viewport.contains(pos) and not self.dragging
        self.overlays.hovered_unit = self.unit_at(pos) if inside else None

    def _key_down(self, event: pygame.event.Event) -> None:
        key = event.key
        if key in PAN_KEYS:
            dx, dy = PAN_KEYS[key]
            vp = self.camera.viewport
            # The view moves right, so the table moves left.
            self.camera.pan(-dx * vp.width * PAN_STEP_FRACTION, -dy * vp.height * PAN_STEP_FRACTION)
        elif key in (pygame.K_f, pygame.K_HOME):
            self.camera.fit()
        elif key == pygame.K_t:
            self.overlays.terrain_debug = not self.overlays.terrain_debug
        elif key == pygame.K_l:
            self.overlays.unit_labels = not self.overlays.unit_labels
        elif key == pygame.K_TAB:
            backwards = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            self.cycle_selection(-1 if backwards else 1)
        elif key == pygame.K_r:
            # Key repeat (scenes.py) sends more R presses while it is held: only
            # the first one starts the ruler, or it would always read 0".
            if not (self.ruler_held or getattr(event, "repeat", False)):
                self.ruler_held = True
                self.ruler_start = self.camera.screen_to_world(self.mouse_pos)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = self.log_panel.visible_count - 1
            self.log_panel.scroll_by(page if key == pygame.K_PAGEUP else -page)
        elif key == pygame.K_ESCAPE:
            self.app.pop()

    def selectable_units(self) -> list[str]:
        """The units Tab walks, in order: every unit on this screen."""
        return [u.unit_id for u in self.view_provider().units]

    def cycle_selection(self, step: int) -> None:
        ids = self.selectable_units()
        if not ids:
            return
        current = self.overlays.selected_unit
        if current not in ids:
            index = 0 if step > 0 else len(ids) - 1
        else:
            index = (ids.index(current) + step) % len(ids)
        self.select(ids[index])

    def unit_at(self, pos: tuple[int, int]) -> str | None:
        """The unit whose base is under `pos` in the last drawn frame (topmost first)."""
        for unit_id, rect in reversed(self.last_frame.figure_rects):
            radius = rect.width / 2 + 2
            if math.dist(rect.center, pos) <= radius:
                return unit_id
        for unit_id, rect in self.last_frame.unit_label_rects.items():
            if rect.collidepoint(pos):
                return unit_id
        return None

    # -- frame --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._refresh_hud(self.view_provider())

    def draw(self, surface: pygame.Surface) -> None:
        # No full-screen clear: the viewport and the HUD panels cover the whole window.
        ruler = None
        if self.ruler_held and self.ruler_start is not None:
            ruler = (self.ruler_start, self.camera.screen_to_world(self.mouse_pos))
        self.overlays.ruler = ruler
        self.last_frame = self.renderer.draw(
            surface, self.camera, self.view_provider(), self.overlays
        )
        self.log_panel.draw(surface)

"""The battle screen's overlays: reach, targets, move plan, line of sight, status.

Methods of `PlayScene` (game/client/play.py), written as functions of the scene and bound
in its class body.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.battlefield.model import Point
from game.client import house_orders, move_checks, night_draw, orders, text, vehicle_input
from game.client.card_hand import draw_cards, panel_rect  # --- cards (issue 19)
from game.client.play_consts import (
    BLOCKED_COLOUR,
    CAUTIOUS_COLOUR,
    ERROR_TEXT,
    LABEL_WIDTH,
    NEAR_TARGET_INCHES,
    PATH_CASING,
    RAPID_COLOUR,
    SPOTLIGHT_COLOUR,
    STATUS_BG,
    STATUS_TEXT,
    TARGET_COLOUR,
    TARGET_RING_INCHES,
)
from game.client.play_interrupts import draw_interrupt_points
from game.client.play_risk import draw_move_risk
from game.client.prompt_words import prompt_text
from game.engine.commands import (
    CloseAssault,
    Command,
    Fire,
)
from game.engine.protocol import MoveRate
from game.engine.state import UnitState
from game.i18n import _

if TYPE_CHECKING:
    from game.client.play import PlayScene
    from game.client.playback import Beat


def _to_screen(self: PlayScene, point: Point) -> tuple[int, int]:
    x, y = self.camera.world_to_screen(point)
    return (round(x), round(y))


def _selected_own(self: PlayScene) -> UnitState | None:
    seat = self.human_seat()
    unit_id = self.overlays.selected_unit
    if seat is None or not unit_id:
        return None
    unit = self.session.engine.state.units.get(unit_id)
    if unit is None or not unit.on_table or unit.side != seat.side:
        return None
    return unit


def _draw_reach(self: PlayScene, surface: pygame.Surface) -> None:
    house_orders.draw_buildings(self, surface)  # house clearing (issue 21): under the outlines
    unit = self._selected_own()
    engine = self.session.engine
    if unit is None or self.mode not in ("select", "move"):
        return
    acting = engine.act is not None and engine.act.unit == unit.id
    if acting and engine.act is not None and engine.act.moved > 0:
        return  # the outlines measure a fresh move's allowance from the leader
    key = (unit.id, unit.leader_point, len(engine.state.events), engine.state.decisions_asked)
    if key != self._reach_key:
        # what the unit can still do, asked of the engine (no Rapid outline after it fired,
        # none when Pinned, already activated or not its side's turn)
        self._reach = move_checks.reach_outlines(engine, unit)
        self._reach_key = key
    camera = (self.camera.scale, self.camera.origin_x, self.camera.origin_y)
    if self._reach_screen[0] != (key, camera):
        self._reach_screen = (
            (key, camera),
            [[self._to_screen(p) for p in outline] for outline in self._reach],
        )
    colours = (CAUTIOUS_COLOUR, RAPID_COLOUR)
    for points, colour in zip(self._reach_screen[1], colours, strict=True):
        if len(points) >= 3:
            pygame.draw.lines(surface, colour, True, points, 2)


def _draw_night(self: PlayScene, surface: pygame.Surface) -> None:
    """The night overlays (game/client/night_draw.py; issue 19)."""
    night_draw.draw(self, surface)


def _ring_radius(self: PlayScene) -> int:
    """The screen radius of the rings marking the enemies in the fire and charge modes."""
    return max(8, round(self.camera.length_to_screen(TARGET_RING_INCHES)))


def _draw_targets(self: PlayScene, surface: pygame.Surface) -> None:
    if self.mode == "call":  # support assets (issue 19): the armed asset's odds
        from game.client.play_support import update_preview

        update_preview(self)
        return
    unit = self._selected_own()
    if unit is None or self.mode not in ("fire", "assault"):
        return
    engine = self.session.engine
    key = (unit.id, len(engine.state.events), engine.state.decisions_asked, self.mode)
    if key != self._targets_key:
        self._targets = {}
        for foe in engine.enemies(unit):
            if not foe.effective_figures:
                continue
            command: Command = (
                Fire(side=unit.side, unit=unit.id, target=foe.id)
                if self.mode == "fire"
                else CloseAssault(side=unit.side, unit=unit.id, target=foe.id)
            )
            self._targets[foe.id] = orders.check(engine, command)
        self._targets_key = key
    radius = self._ring_radius()
    for foe_id, why in self._targets.items():
        foe = engine.state.units[foe_id]
        centre = self._to_screen(foe.centre)
        colour = TARGET_COLOUR if not why else BLOCKED_COLOUR
        pygame.draw.circle(surface, colour, centre, radius, 2 if why else 3)
    why_not = self._targets.get(self.overlays.hovered_unit or "")
    if why_not:
        self.preview_text = _("Blocked: {why}").format(why=why_not)


def _draw_move_plan(self: PlayScene, surface: pygame.Surface) -> None:
    if self.mode == "move" and self.move_plan is not None and len(self.move_plan.path) >= 2:
        plan = self.move_plan
        colour = CAUTIOUS_COLOUR if plan.rate == MoveRate.CAUTIOUS else RAPID_COLOUR
        if plan.blocked:
            colour = BLOCKED_COLOUR
        points = [self._to_screen(p) for p in plan.path]
        # a dark casing under the rate's colour: the path stands out from the thin reach
        # outlines drawn in the same colours
        pygame.draw.lines(surface, PATH_CASING, False, points, 7)
        pygame.draw.lines(surface, colour, False, points, 3)
        draw_move_risk(self, surface)
        pygame.draw.circle(surface, PATH_CASING, points[-1], 7)
        pygame.draw.circle(surface, colour, points[-1], 5)
        if self.move_exit is not None:  # where the unit would leave the table
            pygame.draw.circle(surface, TARGET_COLOUR, self._to_screen(self.move_exit.at), 12, 3)
    vehicle_input.draw(self, surface)  # --- vehicles (issue 20): hulls of a drive, a way out
    if self.mode in ("move", "fire", "assault", "call") and self.preview_text:
        at = (self.mouse_pos[0] + 16, self.mouse_pos[1] + 14)
        avoid = self._target_figure_rects() if self.mode != "move" else []
        panel = panel_rect(self)  # the hands' panel, drawn over the table after: keep off it
        if panel is not None and not avoid:  # with a target's figures, the box keeps by them
            avoid = [panel]
        # the firer stays in sight too, and the box off the Cards panel (drawn over it), where
        # the target's side leaves room (polish round 7: Midnight at the Alamo seed 4, the box
        # pushed off a crowd of Insurgents came to rest under the panel)
        also = [_unit_figure_rects(self, self.overlays.selected_unit)] if avoid else []
        if panel is not None and avoid != [panel]:
            also.append([panel])
        self.preview_rect = self._label(surface, self.preview_text, at, avoid, also)


def _unit_figure_rects(self: PlayScene, unit_id: str | None) -> list[pygame.Rect]:
    """The screen rects of one unit's figures (none for no unit)."""
    return [rect for uid, rect in self.last_frame.figure_rects if unit_id and uid == unit_id]


def _target_figure_rects(self: PlayScene) -> list[pygame.Rect]:
    """The screen rects of the hovered target's figures and of every unit near it: the odds
    box is kept off them (issue #22 item 8)."""
    units = self.session.engine.state.units
    target = units.get(self.overlays.hovered_unit or "")
    if target is None or not target.figures:
        return []
    near = {
        uid
        for uid, unit in units.items()
        if unit.on_table
        and unit.figures
        and math.dist(unit.centre, target.centre) <= NEAR_TARGET_INCHES
    }
    near.add(target.id)
    return [rect for uid, rect in self.last_frame.figure_rects if uid in near]


def _draw_los(self: PlayScene, surface: pygame.Surface) -> None:
    if self.mode == "los" and self.los_start is not None:
        pygame.draw.line(
            surface, (200, 200, 255), self._to_screen(self.los_start), self.mouse_pos, 1
        )
    probe = self.los_probe
    if probe is None or self.mode != "los":
        return
    a, b = self._to_screen(probe.start), self._to_screen(probe.end)
    if probe.clear or probe.blocked_at is None:
        pygame.draw.line(surface, CAUTIOUS_COLOUR, a, b, 3)
    else:
        stop = self._to_screen(probe.blocked_at)
        pygame.draw.line(surface, CAUTIOUS_COLOUR, a, stop, 3)
        pygame.draw.line(surface, BLOCKED_COLOUR, stop, b, 3)
        pygame.draw.circle(surface, BLOCKED_COLOUR, stop, 6, 2)
    self._label(surface, self.los_text or probe.text, (b[0] + 10, b[1] + 8))


def _draw_choice_points(self: PlayScene, surface: pygame.Surface) -> None:
    draw_interrupt_points(self, surface)  # where each offered interruption would happen
    hovered = {id(option) for button, option in self.dialog_buttons if button.hovered}
    for i, option in enumerate(self.dialog_options):
        point = orders.choice_point(option)
        if point is None:
            continue
        centre = self._to_screen(point)
        if id(option) in hovered:  # the option under the mouse: where it goes, from where
            mover = self.session.engine.state.units.get(str(getattr(option, "unit", "")))
            if mover is not None and mover.on_table:
                start = self._to_screen(mover.centre)
                pygame.draw.line(surface, TARGET_COLOUR, start, centre, 2)
            pygame.draw.circle(surface, TARGET_COLOUR, centre, 14, 4)
        pygame.draw.circle(surface, TARGET_COLOUR, centre, 10, 2)
        number = text.text(str(i + 1), 18, TARGET_COLOUR, bold=True, shadow=(0, 0, 0))
        surface.blit(number, number.get_rect(center=centre))


def _draw_spotlight(self: PlayScene, surface: pygame.Surface) -> None:
    draw_cards(self, surface)  # --- cards (issue 19): the hands and the card drawn or played
    beat = self.playback.current
    if beat is None or not self.playback.busy:
        return
    engine = self.session.engine
    for unit_id, colour in ((beat.actor, SPOTLIGHT_COLOUR), (beat.target, BLOCKED_COLOUR)):
        unit = engine.state.units.get(unit_id or "")
        if unit is not None and unit.figures:
            radius = max(10, round(self.camera.length_to_screen(2.0)))
            pygame.draw.circle(surface, colour, self._to_screen(unit.centre), radius, 3)
    vp = self.camera.viewport
    self._label(surface, spotlight_line(beat), (vp.left + 10, vp.top + 10))


def spotlight_line(beat: Beat) -> str:
    """The banner's line: the event's own sentence, which already tells its dice faces in the
    player's language; the raw data (English keys such as "face: [3]") is not shown (qa round 3)."""
    return beat.text


def _draw_status(self: PlayScene, surface: pygame.Surface) -> None:
    message = self.status
    if not message:
        pending = self.session.engine.pending
        seat = self.session.current_seat()
        if pending is not None and seat is not None and seat.human:
            # the language's punctuation (found in play: "Vous: Activer ..." in French)
            message = _("{name}: {question}").format(name=seat.name, question=prompt_text(pending))
        elif seat is not None:
            message = _("{name} is thinking… (Space: skip the playback)").format(name=seat.name)
    strip = self.status_rect
    surface.fill(STATUS_BG, strip)
    if not message:
        return
    colour = ERROR_TEXT if self.status_is_error else STATUS_TEXT
    box, rows = status_box(strip, message)
    if box.height > strip.height:  # a long message: the strip grows up over the table's foot
        surface.fill(STATUS_BG, box)
        pygame.draw.line(surface, colour, box.topleft, box.topright, 1)
    previous = surface.get_clip()
    surface.set_clip(box)
    y = box.bottom - strip.height // 2 - (len(rows) - 1) * STATUS_ROW
    for row in rows:
        line = text.text(row, 18, colour)
        surface.blit(line, (strip.left + 8, y - line.get_height() // 2))
        y += STATUS_ROW
    surface.set_clip(previous)


STATUS_ROW = 22  # pixels per row of a status message that wraps
STATUS_ROWS = 4  # rows at most; a longer message ends in "…"


def status_box(strip: pygame.Rect, message: str) -> tuple[pygame.Rect, list[str]]:
    """Where the status message is drawn and its rows: in the strip when it fits on one line,
    else wrapped, the strip growing upward over the table by a row per extra line (found in
    play: a refusal naming its card, "…orders are garbled this turn (R280, Wait…", was cut)."""
    rows = text.wrap(message, 18, strip.width - 16)
    if len(rows) > STATUS_ROWS:
        rows = [
            *rows[: STATUS_ROWS - 1],
            text.fit(" ".join(rows[STATUS_ROWS - 1 :]), 18, strip.width - 16),
        ]
    extra = (len(rows) - 1) * STATUS_ROW
    return pygame.Rect(strip.left, strip.top - extra, strip.width, strip.height + extra), rows


def _label(
    self: PlayScene,
    surface: pygame.Surface,
    message: str,
    at: tuple[int, int],
    avoid: list[pygame.Rect] | None = None,
    also: list[list[pygame.Rect]] | None = None,
) -> pygame.Rect:
    """A dark box with the message, one line per ' | ' part, kept inside the viewport and,
    where there is room, off the `avoid` rects, then off each group of `also` rects (the box:
    returned)."""
    vp = self.camera.viewport
    # long parts (a roll with all its dice) wrap inside the table rather than run off it
    most = max(120, min(vp.width - 24, LABEL_WIDTH))
    lines = [
        text.text(row, 16, (250, 246, 230))
        for part in message.split(" | ")
        for row in text.wrap(part, 16, most)
    ]
    width = max(line.get_width() for line in lines)
    height = sum(line.get_height() + 2 for line in lines)
    box = pygame.Rect(at[0], at[1], width, height).inflate(8, 6)
    box = _placed(box, pygame.Rect(vp.left, vp.top, vp.width, vp.height), avoid or [], also or [])
    surface.fill((16, 18, 14), box)
    y = box.top + 3
    for line in lines:
        surface.blit(line, (box.left + 4, y))
        y += line.get_height() + 2
    return box


def _inside(box: pygame.Rect, view: pygame.Rect) -> pygame.Rect:
    box = box.copy()
    box.right = min(box.right, view.right - 2)
    box.left = max(box.left, view.left + 2)
    if box.bottom > view.bottom - 30:
        box.bottom = view.bottom - 32
    box.top = max(box.top, view.top + 2)
    return box


def _placed(
    box: pygame.Rect,
    view: pygame.Rect,
    avoid: list[pygame.Rect],
    also: list[list[pygame.Rect]],
) -> pygame.Rect:
    """`box` kept inside `view`; if it would cover an `avoid` rect, moved beside the mouse's
    other corners or clear of all of them (right, left, below, above), the least covering.
    The `also` groups (the firer's figures, the Cards panel) count only between spots that
    cover as much of `avoid`; spots beside each group are tried too, so the box need not jump
    across the table when firer and target are far apart."""
    first = _inside(box, view)
    second = [rect for group in also for rect in group]
    if first.collidelist(avoid) == -1 and first.collidelist(second) == -1:
        return first
    mx, my = box.left - 16, box.top - 14  # the mouse
    w, h = box.size
    spots = [(mx - 16 - w, my + 14), (mx + 16, my - 14 - h), (mx - 16 - w, my - 14 - h)]
    for rects in [avoid, *also]:
        if rects:
            hull = rects[0].unionall(rects[1:]).inflate(8, 8)
            spots += [
                (hull.right, box.top), (hull.left - w, box.top),
                (box.left, hull.bottom), (box.left, hull.top - h),
                (hull.right, hull.top - h), (hull.left - w, hull.bottom),
            ]  # fmt: skip
    best, least = first, (_covered(first, avoid), _covered(first, second))
    for x, y in spots:
        spot = _inside(pygame.Rect(x, y, w, h), view)
        covered = (_covered(spot, avoid), _covered(spot, second))
        if covered < least:
            best, least = spot, covered
            if covered == (0, 0):
                break
    return best


def _covered(box: pygame.Rect, avoid: list[pygame.Rect]) -> int:
    return sum(box.clip(rect).width * box.clip(rect).height for rect in avoid)

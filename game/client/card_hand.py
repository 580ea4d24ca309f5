"""The cards on the battle screen (issue 19; Rulebook: Fog of War & Asset Cards).

A small panel in the bottom-left corner of the table lists each side's hand (the Asset cards it
holds) and the Fog of War deck; hovering over a card's title shows our text of it. When the
playback reaches a card being drawn or played, the card itself is shown in the table's
top-right corner for a few seconds: its title, what it does and what came of it. The log
names it too (the event's own sentence). Pure reading of the game state: it changes nothing.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.client import text
from game.client.playback import Beat
from game.engine.state import GameState
from game.i18n import N_, _, narr, ngettext
from game.rules import cards as rc

if TYPE_CHECKING:
    from game.client.play import PlayScene

SHOW_MS = 4500  # how long a drawn or played card stays on the table
CARD_TOP = 90  # the card on show keeps below the playback's caption (top left of the table)
CARD_KINDS = frozenset({"CardDrawn", "CardPlayed", "CardSetAside", "CardAttack"})
PANEL_BG = (24, 26, 20)
CARD_FACE = (236, 228, 200)
CARD_EDGE = (120, 96, 52)
INK = (32, 28, 20)
PANEL_TEXT = (235, 230, 205)
DIM_TEXT = (170, 165, 145)
SIDES = (("regular", N_("Regulars hold")), ("insurgent", N_("Insurgents hold")))


def hand_rows(state: GameState) -> list[tuple[str, list[str]]]:
    """Each side's hand by card id, and the Fog of War deck, for the panel: (heading, ids)."""
    table = state.cards
    if not table and not state.fog_of_war:
        return []
    hands = table.get("hands", {}) if table else {}
    rows = [(_(name), list(hands.get(side, []))) for side, name in SIDES]
    if state.fog_of_war:
        left = len(table.get("decks", {}).get(rc.FOG_OF_WAR, [])) if table else rc.FOG_OF_WAR_CARDS
        fresh = not (table and table.get("shuffled", {}).get(rc.FOG_OF_WAR))
        count = rc.FOG_OF_WAR_CARDS if fresh else left
        deck = ngettext("Fog of War deck: {n} card", "Fog of War deck: {n} cards", count)
        rows.append((deck.format(n=count), []))
    return rows


@dataclass
class CardShow:
    """The card on show: its title, our text and what came of it, until `until` (ticks)."""

    title: str = ""
    body: str = ""
    outcome: str = ""
    until: int = 0
    seen: set[int] = field(default_factory=set)
    panel: pygame.Rect | None = None  # where the hands' panel was last drawn (polish round 6)

    def reveal(self, beat: Beat, events: list[dict[str, Any]], now: int) -> None:
        """The playback reached `beat`: a card event puts its card on show."""
        if beat.kind not in CARD_KINDS:
            return
        event = next(
            (e for e in reversed(events) if e["kind"] == beat.kind and e["text"] == beat.text),
            None,
        )
        if event is None or event["seq"] in self.seen:
            return
        self.seen.add(event["seq"])
        data = event.get("data", {}) or {}
        card_id = str(data.get("card", ""))
        if card_id not in rc.decks().cards:
            return
        card = rc.card(card_id)
        if beat.kind == "CardDrawn" or narr(card.title) != self.title:
            self.title, self.body, self.outcome = narr(card.title), narr(card.text), ""
        if beat.kind != "CardDrawn":
            self.outcome = beat.text.split(": ", 1)[-1]
        self.until = now + SHOW_MS

    def showing(self, now: int) -> bool:
        return bool(self.title) and now < self.until


_SHOWS: weakref.WeakKeyDictionary[Any, CardShow] = weakref.WeakKeyDictionary()
"""The card on show of each battle screen."""


def show_of(scene: PlayScene) -> CardShow:
    """The battle screen's card on show (made on first use)."""
    return _SHOWS.setdefault(scene, CardShow())


def draw_cards(scene: PlayScene, surface: pygame.Surface) -> None:
    """The hand panel (bottom left of the table) and the card on show (top right), which the
    playback's current event puts there (inside the table's clip)."""
    from game.client.card_marks import draw_marks  # round 2: IEDs, fires, cover lost, camera

    draw_marks(scene, surface)
    state = scene.session.engine.state
    vp = scene.camera.viewport
    now = pygame.time.get_ticks()
    show = show_of(scene)
    if scene.playback.current is not None:
        show.reveal(scene.playback.current, scene.session.events, now)
    tip, show.panel = _draw_panel(surface, state, (vp.left + 8, vp.top + vp.height - 8))
    if show.showing(now):
        _draw_card(surface, show, (vp.left + vp.width - 10, vp.top + CARD_TOP), vp.width)
    if tip is not None:
        title, body, at = tip
        _draw_tip(surface, title, body, at, pygame.Rect(vp.left, vp.top, vp.width, vp.height))


def panel_rect(scene: PlayScene) -> pygame.Rect | None:
    """Where the hands' panel stands (as last drawn): the move and fire previews keep off it
    (found in play: the preview of a move toward the south edge was drawn under the panel)."""
    return show_of(scene).panel


def _draw_panel(
    surface: pygame.Surface, state: GameState, at: tuple[int, int]
) -> tuple[tuple[str, str, tuple[int, int]] | None, pygame.Rect | None]:
    """The panel and its box; the hovered card's (title, text, where) for its tip, if any."""
    rows = hand_rows(state)
    if not rows:
        return None, None
    lines: list[tuple[pygame.Surface, str]] = [(text.text(_("Cards"), 15, PANEL_TEXT, True), "")]
    hands = {_(name) for _side, name in SIDES}
    for heading, ids in rows:
        lines.append((text.text(heading + (":" if ids else ""), 14, DIM_TEXT), ""))
        if not ids and heading in hands:
            none = _("{hand}: none").format(hand=heading)
            lines[-1] = (text.text(none, 14, DIM_TEXT), "")
        for card_id in ids:
            lines.append((text.text("  " + narr(rc.card(card_id).title), 14, PANEL_TEXT), card_id))
    width = max(s.get_width() for s, _card in lines) + 12
    height = sum(s.get_height() + 2 for s, _card in lines) + 8
    box = pygame.Rect(0, 0, width, height)
    box.bottomleft = at
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((*PANEL_BG, 215))
    surface.blit(shade, box.topleft)
    pygame.draw.rect(surface, CARD_EDGE, box, 1)
    mouse = pygame.mouse.get_pos()
    y = box.top + 4
    hovered: tuple[str, str, tuple[int, int]] | None = None
    for line, card_id in lines:
        row = pygame.Rect(box.left + 6, y, line.get_width(), line.get_height())
        surface.blit(line, row.topleft)
        if card_id and row.collidepoint(mouse):
            card = rc.card(card_id)
            hovered = (narr(card.title), narr(card.text), (row.right + 10, row.top - 60))
        y += line.get_height() + 2
    return hovered, box


def _card_lines(title: str, body: str, outcome: str, width: int) -> list[pygame.Surface]:
    lines = [text.text(row, 18, INK, True) for row in text.wrap(title, 18, width, True)]
    lines += [text.text(row, 15, INK) for row in text.wrap(body, 15, width)]
    if outcome:
        # measured bold, as drawn (found in play: the outcome ran off the card's right edge)
        rows = text.wrap(outcome, 15, width, bold=True)
        lines += [text.text(row, 15, (120, 30, 20), True) for row in rows]
    return lines


def _draw_card(
    surface: pygame.Surface, show: CardShow, top_right: tuple[int, int], room: int
) -> None:
    width = max(220, min(380, room // 2))
    lines = _card_lines(show.title, show.body, show.outcome, width - 20)
    height = sum(s.get_height() + 3 for s in lines) + 16
    box = pygame.Rect(0, 0, width, height)
    box.topright = top_right
    pygame.draw.rect(surface, CARD_FACE, box, border_radius=8)
    pygame.draw.rect(surface, CARD_EDGE, box, 3, border_radius=8)
    y = box.top + 8
    for line in lines:
        surface.blit(line, (box.left + 10, y))
        y += line.get_height() + 3


def _draw_tip(
    surface: pygame.Surface, title: str, body: str, at: tuple[int, int], bounds: pygame.Rect
) -> None:
    lines = _card_lines(title, body, "", 300)
    height = sum(s.get_height() + 3 for s in lines) + 12
    box = pygame.Rect(at[0], at[1], 320, height).clamp(bounds)
    pygame.draw.rect(surface, CARD_FACE, box, border_radius=6)
    pygame.draw.rect(surface, CARD_EDGE, box, 2, border_radius=6)
    y = box.top + 6
    for line in lines:
        surface.blit(line, (box.left + 10, y))
        y += line.get_height() + 3

"""The hand-off screen between two people sharing one computer (hot-seat, co-op).

It covers the whole window, so the next player sees nothing of the board until they are ready
(nothing of the side that just played stays on screen), and it leaves on Space or a click.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import text
from game.client.scenes import Scene
from game.client.words import side_label, side_player
from game.i18n import _

if TYPE_CHECKING:
    from game.client.session import GameSession, Seat

COVER = (22, 24, 20)
HEADING = (226, 206, 150)
BODY = (200, 200, 185)


def handoff_due(seat: Seat | None, last_human: Seat | None, hand_off_first: bool) -> bool:
    """A hand-off must come before `seat` may act: another person answered last (or, in a game
    several people opened from a save or Continue, nobody has taken the computer yet). Until
    it has been accepted, no input acts for `seat` (issue 23: the previous player could order
    the next player's units while the last moves played out)."""
    if seat is None or not seat.human:
        return False
    if last_human is None:
        return hand_off_first
    return seat != last_human


def hand_off_first(session: GameSession) -> bool:
    """A game of several people that is resumed (Continue, Load) opens with a hand-off: the
    board may show the private choice of the side that was waiting."""
    humans = [seat for seat in session.config.seats if seat.human]
    return len(humans) > 1 and bool(session.engine.log)


class HandoffScene(Scene):
    """'Pass to <player> — press Space when ready'."""

    def __init__(self, player: str, detail: str = "", side: str = "") -> None:
        self.player = player
        self.detail = detail
        self.side = side
        self.done = False

    @property
    def heading(self) -> str:
        """The words on the cover: "Pass to Bob (Insurgents)"; a seat still named after its
        side ("Insurgent player") reads "Pass to the Insurgent player"."""
        if self.player in (side_player("regular"), side_player("insurgent")):
            return _("Pass to the {player}").format(player=self.player)
        if self.side:
            return _("Pass to {player} ({side})").format(
                player=self.player, side=side_label(self.side)
            )
        return _("Pass to {player}").format(player=self.player)

    def handle_event(self, event: pygame.event.Event) -> None:
        ready = (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)
        ) or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)
        if ready and not self.done:
            self.done = True
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(COVER)
        w, h = surface.get_size()
        size = max(28, h // 16)
        heading = text.text(self.heading, size, HEADING, bold=True)
        surface.blit(heading, heading.get_rect(center=(w // 2, h // 2 - size)))
        prompt = text.text(_("press Space when ready"), max(18, size // 2), BODY)
        surface.blit(prompt, prompt.get_rect(center=(w // 2, h // 2 + size // 2)))
        if self.detail:
            note = text.text(self.detail, max(16, size // 2 - 4), BODY)
            surface.blit(note, note.get_rect(center=(w // 2, h // 2 + size * 3 // 2)))

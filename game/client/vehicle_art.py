"""Vehicle art (issue 20): a top-down hull drawn in the figures' style (the side's base rim and
colours, a lighter deck, tracks, the gun ring forward and a wedge at the bow), turned to the
vehicle's facing. A destroyed vehicle is a scorched wreck."""

from __future__ import annotations

import functools

import pygame

from game.client.palette import Colour, SideScheme

WRECK_BODY: Colour = (52, 46, 42)
WRECK_RIM: Colour = (20, 18, 16)


def _shade(colour: Colour, factor: float) -> Colour:
    r, g, b = colour
    return (min(255, round(r * factor)), min(255, round(g * factor)), min(255, round(b * factor)))


@functools.lru_cache(maxsize=256)
def hull_sprite(
    length_px: int, width_px: int, facing: int, scheme: SideScheme, wreck: bool
) -> pygame.Surface:
    """The hull, bow toward `facing` degrees (0 east, 90 south: the map's y runs down)."""
    length_px, width_px = max(8, length_px), max(5, width_px)
    flat = pygame.Surface((length_px, width_px), pygame.SRCALPHA)
    rim = WRECK_RIM if wreck else scheme.rim
    body = WRECK_BODY if wreck else scheme.figure
    deck = _shade(body, 1.25)
    tracks = _shade(body, 0.55)
    radius = max(2, width_px // 5)
    pygame.draw.rect(flat, rim, flat.get_rect(), border_radius=radius)
    inner = flat.get_rect().inflate(-2, -2)
    pygame.draw.rect(flat, tracks, inner, border_radius=radius)
    track = max(1, width_px // 6)
    hull = inner.inflate(-2, -2 * track)
    pygame.draw.rect(flat, body, hull, border_radius=max(1, radius - 1))
    deck_rect = pygame.Rect(
        hull.left + hull.width // 6, hull.top + 2, hull.width // 2, hull.height - 4
    )
    pygame.draw.rect(flat, deck, deck_rect, border_radius=2)
    # the bow: a wedge at the front (the right-hand end before turning)
    bow_x = hull.right - 1
    wedge = [
        (bow_x, hull.centery),
        (bow_x - hull.height // 2, hull.top + 1),
        (bow_x - hull.height // 2, hull.bottom - 2),
    ]
    pygame.draw.polygon(flat, _shade(body, 0.8), wedge)
    # the gun ring, forward of the middle, with its barrel pointing over the bow
    ring = (hull.left + hull.width * 2 // 3, hull.centery)
    ring_r = max(2, hull.height // 4)
    pygame.draw.circle(flat, _shade(body, 0.7), ring, ring_r)
    pygame.draw.circle(flat, rim, ring, ring_r, 1)
    pygame.draw.line(flat, rim, ring, (hull.right, hull.centery), max(1, ring_r // 2))
    if wreck:
        for k in range(3):
            spot = (
                hull.left + hull.width * (k + 1) // 4,
                hull.centery + (k - 1) * hull.height // 4,
            )
            pygame.draw.circle(flat, (14, 12, 10), spot, max(1, hull.height // 5))
    return pygame.transform.rotate(flat, -facing)

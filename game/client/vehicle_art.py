"""Vehicle art (issue 20): each sample vehicle of the ORBAT data seen from above, in the figures'
style (`figures.py`): the side's colours (body, shade, rim), dark outlines, flat shapes drawn
four times over size and smoothed down, the weapon in near-black.

A hull is drawn bow east on a surface exactly its footprint (the card's length by width at the
zoom's pixels per inch), then turned to its facing (0 east, 90 south: the map's y runs down).
Damage reads at a glance: an immobilized vehicle has a thrown track (or a lost wheel) lying
askew beside a dark gap and a grey smoke mark over its engine; one whose weapons are out has its
barrel broken short; a destroyed one is a scorched black wreck with flames and smoke.

The tileset of the Tiled maps (`tools/make_vehicle_tiles.py`: `maps/vehicles.tsx`) is painted by
this same module, so what a map author places is what the game draws.
"""

from __future__ import annotations

import functools

import pygame

from game.client.palette import Colour, SideScheme
from game.client.viewmodel import VehicleLook

_SUPERSAMPLE = 4
GUNMETAL: Colour = (24, 24, 22)  # the figures' weapon colour
TRACK: Colour = (34, 32, 28)
TRACK_LINK: Colour = (70, 66, 58)
WRECK_BODY: Colour = (46, 40, 36)
WRECK_RIM: Colour = (14, 12, 10)
FLAME: Colour = (250, 140, 30)
FLAME_CORE: Colour = (255, 226, 110)
SMOKE: tuple[int, int, int, int] = (58, 56, 54, 215)
SMOKE_LIGHT: tuple[int, int, int, int] = (150, 146, 140, 200)
GAP = (0, 0, 0, 0)
GLASS: Colour = (46, 58, 66)

TRACKED = frozenset({"lvtp", "bradley", "tank"})
EIGHT_WHEELED = frozenset({"stryker", "lav25"})
MUZZLE = {
    "tank": 0.5,
    "bradley": 0.5,
    "lav25": 0.5,
    "stryker": 0.2,
    "lvtp": 0.46,
    "technical": 0.1,
    "gun_truck": 0.18,
    "humvee": 0.08,
}
"""How far forward each vehicle's main weapon reaches (u: 0.5 is the bow)."""
UNARMED = frozenset({"car", "ambulance"})  # civilian traffic, the ambulance: no weapon
RED_CROSS: Colour = (200, 30, 30)
CIVILIAN_PAINT = SideScheme(
    rim=(58, 58, 56),
    base=(238, 238, 232),
    figure=(214, 214, 206),
    figure_shade=(150, 150, 144),
    label=(240, 240, 240),
)
"""A car's paint: white, as the town's parked cars (an unknown car gives no side away)."""
KINDS = (
    "humvee",
    "gun_truck",
    "stryker",
    "lav25",
    "lvtp",
    "bradley",
    "tank",
    "technical",
    "car",
    "ambulance",
)
"""Every vehicle the ORBAT data has a card for (`game.rules.vehicle_types.VEHICLES`)."""
TILE_KINDS = tuple(kind for kind in KINDS if kind not in UNARMED)
"""The vehicles of the map tileset (R310): civilian traffic is no Unit a map places, and the
ambulance comes only by its card (R298)."""


def _shade(colour: Colour, factor: float) -> Colour:
    r, g, b = colour
    return (min(255, round(r * factor)), min(255, round(g * factor)), min(255, round(b * factor)))


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


class _Pen:
    """Draws in hull coordinates: u along the hull (-0.5 stern to 0.5 bow), v across it (-0.5
    port to 0.5 starboard), onto a surface of the hull's size times the supersampling."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.w, self.h = surface.get_size()

    def at(self, u: float, v: float) -> tuple[float, float]:
        return ((u + 0.5) * self.w, (v + 0.5) * self.h)

    def rect(self, u0: float, v0: float, u1: float, v1: float) -> pygame.Rect:
        (x0, y0), (x1, y1) = self.at(u0, v0), self.at(u1, v1)
        return pygame.Rect(round(x0), round(y0), max(1, round(x1 - x0)), max(1, round(y1 - y0)))

    def box(
        self,
        colour: Colour,
        u0: float,
        v0: float,
        u1: float,
        v1: float,
        *,
        outline: Colour | None = None,
        radius: float = 0.0,
    ) -> None:
        r = self.rect(u0, v0, u1, v1)
        rad = round(radius * self.h)
        pygame.draw.rect(self.surface, colour, r, border_radius=rad)
        if outline is not None:
            pygame.draw.rect(self.surface, outline, r, self.line(), border_radius=rad)

    def poly(
        self, colour: Colour, points: list[tuple[float, float]], outline: Colour | None = None
    ) -> None:
        pts = [self.at(u, v) for u, v in points]
        pygame.draw.polygon(self.surface, colour, pts)
        if outline is not None:
            pygame.draw.polygon(self.surface, outline, pts, self.line())

    def disc(self, colour: Colour, u: float, v: float, r: float, width: int = 0) -> None:
        pygame.draw.circle(self.surface, colour, self.at(u, v), r * self.h, width)

    def bar(self, colour: Colour, a: tuple[float, float], b: tuple[float, float], t: float) -> None:
        """A capsule (the figures' weapons and limbs) `t` hull-widths thick."""
        radius = max(1.0, t * self.h / 2)
        pa, pb = self.at(*a), self.at(*b)
        pygame.draw.line(self.surface, colour, pa, pb, max(1, round(2 * radius)))
        pygame.draw.circle(self.surface, colour, pa, radius)
        pygame.draw.circle(self.surface, colour, pb, radius)

    def line(self) -> int:
        return max(_SUPERSAMPLE, round(self.h * 0.035))


class _Colours:
    """The paint of one hull: the side's figure colours, or a wreck's."""

    def __init__(self, scheme: SideScheme, wreck: bool) -> None:
        if scheme is CIVILIAN_PAINT:  # a side's vehicle wears its figures' colours; a car not
            body = WRECK_BODY if wreck else CIVILIAN_PAINT.figure
            self.rim, self.body, self.track = (WRECK_RIM if wreck else scheme.rim), body, TRACK
            self.shade = _shade(body, 0.8) if wreck else scheme.figure_shade
            self.deck = _shade(body, 1.3) if wreck else scheme.base
            return
        body = WRECK_BODY if wreck else scheme.figure
        self.rim = WRECK_RIM if wreck else scheme.rim
        self.body = body
        self.shade = _shade(body, 0.8) if wreck else scheme.figure_shade
        self.deck = _shade(body, 1.3) if wreck else _mix(scheme.figure, scheme.base, 0.35)
        self.track = _shade(TRACK, 0.7) if wreck else TRACK


def _running_gear(pen: _Pen, kind: str, c: _Colours, look: VehicleLook) -> None:
    """Tracks or wheels along both sides; an immobilized vehicle has lost one."""
    thrown = look.immobilized and not look.destroyed
    if kind in TRACKED:
        for side in (-1, 1):
            v0, v1 = (-0.5, -0.3) if side < 0 else (0.3, 0.5)
            pen.box(c.track, -0.5, v0, 0.5, v1, outline=c.rim, radius=0.08)
            for k in range(11):
                u = -0.44 + k * 0.088
                pen.bar(TRACK_LINK, (u, v0 + 0.04), (u, v1 - 0.04), 0.02)
        if thrown:  # the starboard track broken: a gap, and a length of it lying askew
            pen.surface.fill(GAP, pen.rect(-0.12, 0.3, 0.2, 0.5))
            pen.poly(TRACK_LINK, [(0.02, 0.3), (0.44, 0.38), (0.42, 0.5), (0.0, 0.42)], c.rim)
        return
    wheels: tuple[float, ...]
    if kind in EIGHT_WHEELED:
        wheels = (-0.36, -0.18, 0.1, 0.28)
        half = 0.085
    else:
        wheels = {"technical": (-0.28, 0.27), "car": (-0.3, 0.28)}.get(kind, (-0.3, 0.26))
        half = 0.09
    for i, u in enumerate(wheels):
        for side in (-1, 1):
            if thrown and side > 0 and i == len(wheels) - 1:
                pen.disc(TRACK_LINK, u, 0.36, 0.05)  # the bare hub, its wheel gone
                continue
            v0, v1 = (-0.5, -0.3) if side < 0 else (0.3, 0.5)
            pen.box(c.track, u - half, v0, u + half, v1, outline=c.rim, radius=0.06)


def _hull_body(pen: _Pen, kind: str, c: _Colours) -> None:
    """The hull between the tracks or wheels, with its bow shape."""
    if kind in TRACKED:
        if kind == "lvtp":  # a tall box with a blunt, sloping bow and the rear ramp
            pen.poly(
                c.body,
                [(-0.5, -0.36), (0.3, -0.36), (0.5, -0.24), (0.5, 0.24), (0.3, 0.36), (-0.5, 0.36)],
                c.rim,
            )
            pen.box(c.shade, -0.5, -0.3, -0.38, 0.3, outline=c.rim)  # the ramp
            pen.box(c.deck, -0.34, -0.26, 0.16, 0.26, outline=c.shade, radius=0.05)
            pen.poly(c.shade, [(0.3, -0.3), (0.46, -0.2), (0.46, 0.2), (0.3, 0.3)])
        else:
            pen.poly(
                c.body,
                [
                    (-0.49, -0.34),
                    (0.38, -0.34),
                    (0.5, -0.2),
                    (0.5, 0.2),
                    (0.38, 0.34),
                    (-0.49, 0.34),
                ],
                c.rim,
            )
            pen.box(c.shade, -0.46, -0.24, -0.3, 0.24)  # engine deck
            pen.poly(c.deck, [(0.36, -0.26), (0.48, -0.16), (0.48, 0.16), (0.36, 0.26)])
        return
    if kind in EIGHT_WHEELED:
        pen.poly(
            c.body,
            [(-0.5, -0.36), (0.22, -0.36), (0.5, -0.16), (0.5, 0.16), (0.22, 0.36), (-0.5, 0.36)],
            c.rim,
        )
        pen.poly(c.deck, [(0.24, -0.28), (0.44, -0.14), (0.44, 0.14), (0.24, 0.28)])
        pen.box(c.shade, -0.46, -0.28, -0.14, 0.28, outline=c.rim, radius=0.06)  # troop roof
        for u in (-0.4, -0.26):
            pen.disc(c.deck, u, -0.14, 0.07)  # hatches
        return
    if kind == "technical":  # a pickup: bonnet, cab, the open bed behind
        pen.box(c.body, -0.5, -0.36, 0.5, 0.36, outline=c.rim, radius=0.2)
        pen.box(_shade(c.body, 0.55), -0.46, -0.3, -0.04, 0.3, outline=c.rim, radius=0.06)
        pen.box(c.deck, 0.02, -0.3, 0.26, 0.3, outline=c.rim, radius=0.1)  # cab roof
        pen.poly(GLASS, [(0.26, -0.3), (0.34, -0.28), (0.34, 0.28), (0.26, 0.3)])
        pen.box(c.shade, 0.34, -0.26, 0.48, 0.26, radius=0.1)  # bonnet
        return
    # the HMMWV: a wide low body, bonnet forward, armoured cab with its roof ring
    pen.box(c.body, -0.5, -0.4, 0.5, 0.4, outline=c.rim, radius=0.14)
    pen.box(c.shade, 0.24, -0.32, 0.47, 0.32, radius=0.08)  # bonnet
    pen.bar(c.rim, (0.3, 0.0), (0.44, 0.0), 0.04)
    pen.poly(GLASS, [(0.12, -0.32), (0.22, -0.3), (0.22, 0.3), (0.12, 0.32)])
    pen.box(c.deck, -0.36, -0.34, 0.12, 0.34, outline=c.rim, radius=0.08)  # cab roof
    pen.box(c.shade, -0.5, -0.3, -0.38, 0.3)  # the rear deck


def _car_body(pen: _Pen, c: _Colours) -> None:
    """A saloon car: bonnet, windscreen, roof, rear window and boot, its lights at both ends."""
    pen.box(c.body, -0.5, -0.4, 0.5, 0.4, outline=c.rim, radius=0.3)
    pen.poly(GLASS, [(0.1, -0.32), (0.22, -0.28), (0.22, 0.28), (0.1, 0.32)])  # windscreen
    pen.box(c.deck, -0.2, -0.3, 0.1, 0.3, outline=c.shade, radius=0.12)  # the roof
    pen.poly(GLASS, [(-0.2, -0.3), (-0.3, -0.26), (-0.3, 0.26), (-0.2, 0.3)])  # rear window
    for v in (-0.26, 0.26):
        pen.disc((250, 240, 190), 0.46, v, 0.06)  # headlights
        pen.disc((180, 40, 30), -0.46, v, 0.06)  # tail lights


def _ambulance_body(pen: _Pen, c: _Colours) -> None:
    """Ambulance on Call!'s ambulance (R298): a white box hull with a red cross on its roof."""
    pen.box(c.body, -0.5, -0.38, 0.5, 0.38, outline=c.rim, radius=0.08)
    pen.poly(c.shade, [(0.3, -0.32), (0.48, -0.2), (0.48, 0.2), (0.3, 0.32)])  # sloped bow
    pen.box(c.deck, -0.4, -0.3, 0.26, 0.3, outline=c.shade, radius=0.06)  # the roof
    pen.bar(RED_CROSS, (-0.32, 0.0), (0.18, 0.0), 0.16)
    pen.bar(RED_CROSS, (-0.07, -0.22), (-0.07, 0.22), 0.16)


def _armament(pen: _Pen, kind: str, c: _Colours, look: VehicleLook) -> None:
    """Turret, ring or mount, and the weapon over the bow (broken short when it is out)."""
    broken = look.disarmed and not look.destroyed
    if kind == "tank":
        pivot = (-0.06, 0.0)
        pen.poly(
            c.body,
            [(-0.34, -0.3), (0.1, -0.3), (0.22, -0.16), (0.22, 0.16), (0.1, 0.3), (-0.34, 0.3)],
            c.rim,
        )
        pen.box(c.deck, -0.26, -0.2, 0.06, 0.04, radius=0.05)
        pen.disc(c.shade, -0.2, 0.14, 0.08)  # commander's cupola (its M2)
        thick = 0.1
    elif kind in ("bradley", "lav25"):
        pivot = (0.0, -0.06 if kind == "bradley" else 0.0)
        pen.box(c.body, -0.2, -0.26, 0.14, 0.16, outline=c.rim, radius=0.08)
        pen.box(c.deck, -0.16, -0.2, 0.04, 0.1, radius=0.06)
        if kind == "bradley":
            pen.box(c.shade, -0.18, 0.16, 0.1, 0.28, outline=c.rim)  # the TOW launcher
        thick = 0.07
    elif kind == "lvtp":
        pivot = (0.16, 0.18)
        pen.disc(c.shade, *pivot, 0.14)
        pen.disc(c.rim, *pivot, 0.14, pen.line())
        thick = 0.07
    elif kind == "stryker":
        pivot = (-0.02, 0.0)
        pen.box(c.shade, -0.1, -0.1, 0.06, 0.1, outline=c.rim, radius=0.2)  # the RWS
        thick = 0.06
    elif kind == "technical":
        pivot = (-0.24, 0.0)
        pen.bar(GUNMETAL, (-0.36, -0.16), (-0.24, 0.0), 0.04)  # the tripod
        pen.bar(GUNMETAL, (-0.36, 0.16), (-0.24, 0.0), 0.04)
        thick = 0.09
    else:  # humvee, gun truck: the roof ring; the gun truck's M2 behind its shield
        pivot = (-0.12, 0.0)
        pen.disc(c.shade, *pivot, 0.17)
        pen.disc(c.rim, *pivot, 0.17, pen.line())
        if kind == "gun_truck":
            pen.poly(c.body, [(0.0, -0.22), (0.06, -0.18), (0.06, 0.18), (0.0, 0.22)], c.rim)
        thick = 0.07 if kind == "gun_truck" else 0.05
    end = MUZZLE[kind]
    if broken:  # the barrel snapped, its muzzle hanging askew
        mid = pivot[0] + (end - pivot[0]) * 0.45
        pen.bar(GUNMETAL, pivot, (mid, pivot[1]), thick)
        pen.bar(GUNMETAL, (mid + 0.02, pivot[1] + 0.04), (mid + 0.12, pivot[1] + 0.18), thick)
    else:
        pen.bar(GUNMETAL, pivot, (end - thick / 2, pivot[1]), thick)
    if kind in ("technical", "lvtp", "humvee", "gun_truck"):
        pen.disc(GUNMETAL, *pivot, thick * 0.9)


def _damage_marks(pen: _Pen, look: VehicleLook) -> None:
    """Smoke over an immobilized engine; flames and smoke on a wreck."""
    if look.destroyed:
        for u, v, r in ((-0.3, -0.1, 0.2), (0.05, 0.12, 0.17), (0.28, -0.12, 0.13)):
            pen.disc(FLAME, u, v, r)
            pen.disc(FLAME_CORE, u + 0.02, v, r * 0.5)
        _smoke(pen, [(-0.38, 0.18, 0.18), (-0.14, -0.2, 0.15), (0.16, 0.26, 0.12)])
        for k in range(4):
            u = -0.42 + k * 0.26
            pen.bar(WRECK_RIM, (u, -0.28), (u + 0.1, 0.3), 0.03)  # the buckled deck
    elif look.immobilized:
        _smoke(pen, [(-0.34, -0.06, 0.2), (-0.18, 0.1, 0.16), (-0.04, -0.04, 0.12)])


def _smoke(pen: _Pen, puffs: list[tuple[float, float, float]]) -> None:
    layer = pygame.Surface(pen.surface.get_size(), pygame.SRCALPHA)
    for u, v, r in puffs:
        pygame.draw.circle(layer, SMOKE, pen.at(u, v), r * pen.h)
    for u, v, r in puffs:
        pygame.draw.circle(layer, SMOKE_LIGHT, pen.at(u - r * 0.25, v - r * 0.3), r * 0.45 * pen.h)
    pen.surface.blit(layer, (0, 0))


@functools.lru_cache(maxsize=512)
def vehicle_sprite(
    look: VehicleLook, length_px: int, width_px: int, facing: int, scheme: SideScheme
) -> pygame.Surface:
    """`look`'s vehicle, `length_px` by `width_px` (its footprint at this zoom), bow toward
    `facing` degrees. Unknown kinds are drawn as an armoured box with a gun (as the HMMWV's
    body); the footprint and the facing are always right."""
    length_px, width_px = max(6, length_px), max(4, width_px)
    big = pygame.Surface((length_px * _SUPERSAMPLE, width_px * _SUPERSAMPLE), pygame.SRCALPHA)
    pen = _Pen(big)
    kind = look.kind if look.kind in KINDS else "humvee"
    colours = _Colours(CIVILIAN_PAINT if kind in UNARMED else scheme, look.destroyed)
    _running_gear(pen, kind, colours, look)
    if kind == "ambulance":
        _ambulance_body(pen, colours)
    elif kind in UNARMED:
        _car_body(pen, colours)
    else:
        _hull_body(pen, kind, colours)
        _armament(pen, kind, colours, look)
    _damage_marks(pen, look)
    flat = pygame.transform.smoothscale(big, (length_px, width_px))
    return flat if facing % 360 == 0 else pygame.transform.rotate(flat, -facing)


def hull_sprite(
    length_px: int, width_px: int, facing: int, scheme: SideScheme, wreck: bool
) -> pygame.Surface:
    """A hull without a known kind (an armoured box with a gun); destroyed when `wreck`."""
    look = VehicleLook("", destroyed=wreck)
    return vehicle_sprite(look, length_px, width_px, facing, scheme)

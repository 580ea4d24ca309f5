"""What the battle screen draws: a small, plain view model.

The renderer only ever reads these. Later, one adapter turns the engine's GameState/PlayerView
into a `BattleView`; until then `view_from_battlefield` builds one from the map's `Unit`
placements and `StartPosition` markers so that the shipped tables show figures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum

from game.battlefield.model import Battlefield, Point, Side, UnitPlacement
from game.i18n import N_, _

BASE_DIAMETER_IN = 0.75
"""R2: every figure stands on a 3/4" round base."""

DEPENDANT_BASE_DIAMETER_IN = 0.5
"""Dependants and POWs are drawn on smaller bases so they read as carried, not fighting."""

SUPPORT_WEAPONS = frozenset({"rgl", "saw", "mg", "hmg", "rpg", "at_rpg"})
"""Figure kinds (maps/README.md `figures`) that carry a support weapon (Rulebook: Support
Weapon Dice lists SAWs and grenade launchers as light, HMGs and RPGs as medium, AT as heavy)."""


class Badge(StrEnum):
    """Unit status shown next to the unit on the table and on its card."""

    ACTIVATED = "activated"
    OVERWATCH = "overwatch"
    PINNED = "pinned"
    SHAKEN = "shaken"
    PULL_BACK = "pull_back"
    DEPENDANTS = "dependants"
    FIRST_AID = "first_aid"

    @property
    def short(self) -> str:
        return _(_BADGE_SHORT[self])

    @property
    def label(self) -> str:
        return _(_BADGE_TITLE[self])


_BADGE_SHORT = {
    # TRANSLATORS: the badges' abbreviations drawn beside a unit on the table (2-3 letters)
    Badge.ACTIVATED: N_("ACT"),
    Badge.OVERWATCH: N_("OW"),
    Badge.PINNED: N_("PIN"),
    Badge.SHAKEN: N_("SHK"),
    Badge.PULL_BACK: N_("PB"),
    Badge.DEPENDANTS: N_("DEP"),
    Badge.FIRST_AID: "+",
}
_BADGE_TITLE = {
    Badge.ACTIVATED: N_("Activated"),
    Badge.OVERWATCH: N_("Overwatch"),
    Badge.PINNED: N_("Pinned"),
    Badge.SHAKEN: N_("Shaken"),
    Badge.PULL_BACK: N_("Pull Back"),
    Badge.DEPENDANTS: N_("Dependants"),
    Badge.FIRST_AID: N_("Casualties await First Aid"),
}


@dataclass(frozen=True)
class FigureSprite:
    position_in: Point
    side: Side
    kind: str = "rifle"
    is_leader: bool = False
    has_support_weapon: bool = False
    is_dependant: bool = False
    is_fallen: bool = False  # a body left where it fell (Insurgents removed as casualties)
    is_civilian: bool = False  # a contractor or POI on foot: a person, not a combatant

    @property
    def diameter_in(self) -> float:
        return DEPENDANT_BASE_DIAMETER_IN if self.is_dependant else BASE_DIAMETER_IN


# --- vehicle art (issue 20, helper art) ---
@dataclass(frozen=True)
class VehicleLook:
    """What a vehicle's art shows: its card's key (`humvee`, `lvtp`, ...) and its damage."""

    kind: str
    immobilized: bool = False
    disarmed: bool = False
    destroyed: bool = False
    crewless: bool = False  # --- polish round 7: its crew out of action, the hull left (R355)


@dataclass(frozen=True)
class UnitSprite:
    unit_id: str
    name: str
    side: Side
    figures: tuple[FigureSprite, ...]
    badges: tuple[Badge, ...] = ()
    selected: bool = False
    quality: str | None = None
    morale: str | None = None
    # --- vehicles (issue 20): (centre x, centre y, length, width, facing°, wrecked), inches ---
    hull: tuple[float, float, float, float, float, bool] | None = None
    # --- vehicle art (issue 20, helper art): which vehicle, and its damage as drawn ---
    vehicle_look: VehicleLook | None = None

    @property
    def centre(self) -> Point:
        """R3: the centroid of the unit's fighting figures (all figures if none fight)."""
        fighting = [f.position_in for f in self.figures if not f.is_dependant]
        points = fighting or [f.position_in for f in self.figures]
        if not points and self.hull is not None:  # a crewless vehicle: its hull (polish)
            return (self.hull[0], self.hull[1])
        return (
            sum(p[0] for p in points) / len(points),
            sum(p[1] for p in points) / len(points),
        )


@dataclass(frozen=True)
class MarkerSprite:
    """A point of interest drawn over the table: objective, contractor, POI, civilian mob."""

    kind: str
    label: str
    position_in: Point


@dataclass(frozen=True)
class HotSpotSprite:
    number: int
    position_in: Point


@dataclass(frozen=True)
class BattleView:
    """Everything the battle screen shows, for one moment of the game."""

    title: str
    turn_text: str = N_("Set-up")  # the defaults are translated where drawn
    phase_text: str = N_("Viewing the table")
    victory_points: str = N_("VP —")
    units: tuple[UnitSprite, ...] = ()
    hot_spots: tuple[HotSpotSprite, ...] = ()
    markers: tuple[MarkerSprite, ...] = ()
    fallen: tuple[FigureSprite, ...] = ()  # bodies on the table, drawn under everything else
    notes: tuple[str, ...] = field(default=())
    night: bool = False  # --- night (issue 19): the table is drawn dark (game/client/night_draw)

    def unit(self, unit_id: str) -> UnitSprite | None:
        return next((u for u in self.units if u.unit_id == unit_id), None)


# -- placeholder builder (until the engine's PlayerView exists) -------------------------------

DEFAULT_FIGURES: dict[Side, tuple[str, ...]] = {
    # A Regular fireteam (Rulebook: Regular Forces) and a typical Insurgent cell.
    Side.REGULAR: ("leader", "rifle", "saw", "rgl"),
    Side.INSURGENT: ("leader", "rifle", "rifle", "rifle", "rpg"),
}


def expand_figure_list(figures: tuple[str, ...]) -> list[str]:
    """`("leader", "2 rifle", "saw")` → `["leader", "rifle", "rifle", "saw"]` (maps/README.md)."""
    kinds: list[str] = []
    for entry in figures:
        words = entry.strip().lower().split()
        if not words:
            continue
        if len(words) == 2 and words[0].isdigit():
            kinds.extend([words[1]] * int(words[0]))
        else:
            kinds.append(words[-1])
    return kinds


def cluster_positions(centre: Point, count: int, spacing_in: float = 1.0) -> list[Point]:
    """Positions for `count` bases around `centre`: one in the middle, the rest in rings, bases
    `spacing_in` apart centre to centre (3/4" bases in 1" cohesion, R2)."""
    if count <= 0:
        return []
    positions = [centre]
    ring = 1
    while len(positions) < count:
        radius = ring * spacing_in
        slots = max(1, int(2 * math.pi * radius / spacing_in))
        for k in range(slots):
            if len(positions) == count:
                break
            angle = 2 * math.pi * k / slots - math.pi / 2
            positions.append(
                (centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle))
            )
        ring += 1
    return positions


def unit_sprite_from_kinds(
    unit_id: str,
    name: str,
    side: Side,
    centre: Point,
    kinds: list[str],
    quality: str | None = None,
    morale: str | None = None,
    badges: tuple[Badge, ...] = (),
    dependants: int = 0,
) -> UnitSprite:
    positions = cluster_positions(centre, len(kinds) + dependants)
    figures = [
        FigureSprite(
            position_in=pos,
            side=side,
            kind=kind,
            is_leader=kind == "leader",
            has_support_weapon=kind in SUPPORT_WEAPONS,
        )
        for pos, kind in zip(positions, kinds, strict=False)
    ]
    figures += [
        FigureSprite(position_in=pos, side=side, kind="dependant", is_dependant=True)
        for pos in positions[len(kinds) :]
    ]
    return UnitSprite(
        unit_id=unit_id,
        name=name,
        side=side,
        figures=tuple(figures),
        badges=badges,
        quality=quality,
        morale=morale,
    )


def _placement_sprite(placement: UnitPlacement) -> UnitSprite:
    kinds = expand_figure_list(placement.figures) or list(DEFAULT_FIGURES[placement.side])
    return unit_sprite_from_kinds(
        unit_id=f"map-{placement.id}",
        name=placement.name or f"Unit {placement.id}",
        side=placement.side,
        centre=placement.position,
        kinds=kinds,
        quality=placement.quality,
        morale=placement.morale,
    )


def view_from_battlefield(battlefield: Battlefield) -> BattleView:
    """A stand-in for the engine's view: the map's units, and a unit on every StartPosition."""
    units = [_placement_sprite(p) for p in battlefield.units]
    markers: list[MarkerSprite] = []
    for marker in battlefield.markers:
        kind = marker.kind.lower()
        if kind == "startposition":
            side_value = str(marker.properties.get("side", "regular")).lower()
            side = Side.INSURGENT if side_value == "insurgent" else Side.REGULAR
            number = marker.properties.get("number", marker.id)
            prefix = _("Fireteam") if side is Side.REGULAR else _("Cell")
            units.append(
                unit_sprite_from_kinds(
                    unit_id=f"start-{marker.id}",
                    name=f"{prefix} {number}",  # the author's marker name is for the map
                    side=side,
                    centre=marker.position,
                    kinds=list(DEFAULT_FIGURES[side]),
                    quality="d8" if side is Side.REGULAR else "d6",
                    morale="d10" if side is Side.REGULAR else "d6",
                )
            )
        else:
            label = str(marker.properties.get("label", "") or marker.name or marker.kind)
            markers.append(MarkerSprite(kind=kind, label=label, position_in=marker.position))
    hot_spots = tuple(HotSpotSprite(h.number, h.position) for h in battlefield.hot_spots)
    return BattleView(
        title=battlefield.title,
        units=tuple(units),
        hot_spots=hot_spots,
        markers=tuple(markers),
        notes=(N_("Figures stand on the map's own Unit and StartPosition markers."),),
    )

"""Every colour the client draws with, in one place, so a colour-scheme setting can swap them."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.battlefield.model import Side

Colour = tuple[int, int, int]
ColourA = tuple[int, int, int, int]


@dataclass(frozen=True)
class SideScheme:
    """How the figures of one side are painted: base rim, base top, the figure on it."""

    rim: Colour
    base: Colour
    figure: Colour
    figure_shade: Colour
    label: Colour


@dataclass(frozen=True)
class Palette:
    regular: SideScheme
    insurgent: SideScheme
    dependant_base: Colour
    dependant_figure: Colour
    leader_dot: Colour
    support_dot: Colour
    selection: Colour
    hover: Colour
    table_background: Colour
    letterbox: Colour
    hot_spot: Colour
    hot_spot_text: Colour
    objective: Colour
    contractor: Colour
    poi: Colour
    civilian: Colour
    entry_edge: ColourA
    exit_edge: ColourA
    zone_fill: dict[str, ColourA]
    zone_line: dict[str, Colour]
    ruler: Colour
    ruler_text: Colour
    debug_building: Colour
    debug_door: Colour
    debug_wall_high: Colour
    debug_wall_low: Colour
    debug_area: Colour
    badge_background: dict[str, Colour]
    badge_text: Colour
    unit_label: Colour
    unit_label_shadow: Colour
    fallback_ground: Colour
    fallback_roof: Colour
    fallback_roof_edge: Colour

    def side(self, side: Side) -> SideScheme:
        return self.regular if side is Side.REGULAR else self.insurgent


DEFAULT_PALETTE = Palette(
    # Regulars: desert tan bases, olive-drab uniforms (a painted 15 mm US fireteam).
    regular=SideScheme(
        rim=(58, 52, 34),
        base=(196, 174, 122),
        figure=(112, 118, 68),
        figure_shade=(74, 80, 44),
        label=(232, 224, 190),
    ),
    # Insurgents: black bases, dark red and black clothing.
    insurgent=SideScheme(
        rim=(14, 10, 10),
        base=(40, 34, 34),
        figure=(150, 34, 30),
        figure_shade=(86, 16, 16),
        label=(250, 196, 186),
    ),
    dependant_base=(176, 176, 170),
    dependant_figure=(240, 240, 236),
    leader_dot=(250, 214, 40),
    support_dot=(226, 30, 30),
    selection=(120, 230, 255),
    hover=(240, 240, 240),
    table_background=(44, 46, 40),
    letterbox=(28, 30, 26),
    hot_spot=(236, 92, 30),
    hot_spot_text=(255, 255, 255),
    objective=(60, 150, 250),
    contractor=(245, 245, 245),
    poi=(250, 200, 60),
    civilian=(170, 140, 190),
    entry_edge=(70, 200, 90, 110),
    exit_edge=(240, 200, 40, 110),
    zone_fill={
        "deploy": (70, 130, 230, 46),
        "entry": (70, 200, 90, 46),
        "exit": (240, 200, 40, 46),
        "objective": (190, 80, 230, 52),
    },
    zone_line={
        "deploy": (90, 150, 250),
        "entry": (80, 220, 100),
        "exit": (250, 210, 60),
        "objective": (210, 110, 250),
    },
    ruler=(255, 240, 120),
    ruler_text=(20, 20, 20),
    debug_building=(255, 80, 200),
    debug_door=(80, 255, 120),
    debug_wall_high=(255, 60, 60),
    debug_wall_low=(255, 190, 60),
    debug_area=(80, 200, 255),
    badge_background={
        "activated": (90, 90, 90),
        "overwatch": (40, 110, 190),
        "pinned": (200, 120, 20),
        "shaken": (190, 40, 40),
        "pull_back": (150, 60, 160),
        "dependants": (110, 110, 110),
        "first_aid": (220, 220, 220),
    },
    badge_text=(255, 255, 255),
    unit_label=(245, 240, 220),
    unit_label_shadow=(0, 0, 0),
    fallback_ground=(150, 136, 104),
    fallback_roof=(120, 108, 92),
    fallback_roof_edge=(70, 60, 50),
)


HIGH_CONTRAST_PALETTE = replace(
    DEFAULT_PALETTE,
    # Light bases with blue figures against black bases with orange figures: the two sides
    # differ in lightness as well as hue, which survives the common colour-vision deficiencies.
    regular=SideScheme(
        rim=(20, 30, 60),
        base=(226, 230, 236),
        figure=(40, 90, 200),
        figure_shade=(20, 50, 130),
        label=(200, 220, 255),
    ),
    insurgent=SideScheme(
        rim=(0, 0, 0),
        base=(24, 24, 24),
        figure=(240, 140, 20),
        figure_shade=(170, 90, 10),
        label=(255, 200, 140),
    ),
    support_dot=(220, 40, 200),
    selection=(60, 255, 120),
)

SCHEMES: dict[str, Palette] = {"default": DEFAULT_PALETTE, "high-contrast": HIGH_CONTRAST_PALETTE}
"""Colour schemes by the name a setting stores."""


def scheme(name: str) -> Palette:
    """The palette of a colour-scheme name; unknown names fall back to the default."""
    return SCHEMES.get(name, DEFAULT_PALETTE)

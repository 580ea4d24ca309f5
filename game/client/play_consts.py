"""The battle screen's constants: colours, the order buttons and their keys, settings."""

from __future__ import annotations

from typing import Any

import pygame

from game.client.house_orders import HOUSE_KEYS  # house clearing (issue 21)
from game.engine.protocol import DecisionKind
from game.i18n import N_

BOARD_KINDS = frozenset(
    {DecisionKind.ACTIVATE, DecisionKind.CONTINUE, DecisionKind.INSURGENT_ACTION}
)
"""Decisions answered on the board itself (select a unit, then an order); others get a dialog."""

CAUTIOUS_COLOUR = (90, 200, 110)
RAPID_COLOUR = (240, 160, 50)
BLOCKED_COLOUR = (220, 70, 60)
PATH_CASING = (20, 20, 16)
TARGET_COLOUR = (250, 220, 80)
SPOTLIGHT_COLOUR = (255, 240, 120)
STATUS_BG = (20, 22, 18)
CARD_BG = (29, 31, 25)
STATUS_TEXT = (235, 230, 205)
STATUS_STRIP = 28  # pixels between the table and the log for the status line
LABEL_WIDTH = 760  # the widest a caption over the table gets before it wraps
ERROR_TEXT = (255, 150, 130)

PLAY_HELP = N_(
    "Click/Tab: select · M move (C: Cautious only) · F fire (S: split) · A assault · "
    "O overwatch · H hot spot · G first aid · U split · J join/merge · B abandon casualties · "
    "K release POWs · X stack · Z clear building (optional rule) · "
    "E end activation · P end phase · L line of sight · hold R: ruler · V pace · Space: skip · "
    "Esc: cancel/menu"
)


ACTIONS: tuple[tuple[str, str, str], ...] = (
    (
        "move",
        N_("Move [M]"),
        N_(
            'Plan a move with the mouse: up to 6" is Cautious (Reaction Test +1, R14), up to 12" '
            "Rapid (−1). The path follows real streets. Click to commit, Esc cancels."
        ),
    ),
    (
        "fire",
        N_("Fire [F]"),
        N_(
            "Pick a target: legal targets are ringed, blocked ones say why. "
            "Hovering shows Firepower vs Defense and the exact casualty odds. Click to fire. "
            "S splits the fire between two targets (R19), half the figures each."
        ),
    ),
    (
        "assault",
        N_("Assault [A]"),
        N_(
            "Close Assault an enemy unit within Rapid reach "
            "(Rulebook: Close Assault). Takes the whole activation."
        ),
    ),
    (
        "overwatch",
        N_("Overwatch [O]"),
        N_(
            "Spend the activation watching: fire at Insurgents who act "
            "in sight (Rulebook: Overwatch, R23)."
        ),
    ),
    (
        "hotspot",
        N_("Hot spot [H]"),
        N_(
            'Start neutralizing a hot spot within 1"; the unit must stay '
            "until its next activation (R28)."
        ),
    ),
    (
        "first_aid",
        N_("First Aid [G]"),
        N_(
            "Tend hit figures (Rulebook: First Aid Checks for "
            "Regulars, R27); needs Solid Cover or no Insurgent in sight."
        ),
    ),
    (
        "split",
        N_("Split [U]"),
        N_(
            "At the start of the activation: the squad leader steps out as an element of his own "
            "(else half the figures do); the new element waits until next turn (Split Units, R125)."
        ),
    ),
    (
        "join",
        N_("Join / merge [J]"),
        N_(
            "A lone leader walks to the nearest friendly unit and joins it; another unit merges "
            "with the nearest one in cohesion at the next turn (Leaders Joining a Unit; Merging)."
        ),
    ),
    (
        "abandon",
        N_("Abandon casualties [B]"),
        N_(
            "Last resort: leave the carried casualties behind; Quality and Morale drop a die "
            "(Rulebook: Abandoning Casualties, R126)."
        ),
    ),
    (
        "release",
        N_("Release POWs [K]"),
        N_(
            "Let the unit's prisoners go: no Dependant penalty, but their points are lost "
            "(Rulebook: Releasing POWs, R127)."
        ),
    ),
    (
        "end",
        N_("End activation [E]"),
        N_("Finish this unit's activation (a unit that did nothing holds its position)."),
    ),
    (
        "end_phase",
        N_("End phase [P]"),
        N_("The remaining units hold; the Insurgents' end-of-turn actions follow."),
    ),
    (
        "los",
        N_("Line of sight [L]"),
        N_(
            "Click two points or units: the line is drawn and what "
            "blocks it is named (Rulebook: Line of Sight)."
        ),
    ),
    # --- civilians (issue 21) ---
    (
        "mob",
        N_("Civilian mob [I]"),
        N_(
            'Regulars: reason with the nearest civilian mob within 6" (the whole activation; '
            "Quality die over the Insurgency Level disperses it). Insurgents: a leader in contact "
            'arms the mob if he has men with him, else moves it 6" towards the Regulars.'
        ),
    ),
    (  # --- support assets (issue 19) ---
        "support",
        N_("Support [Q]"),
        N_(
            "Call a support asset the Regulars hold (mortars, air, snipers, the Predator's "
            "Hellfire; a medic, SMAW or team joins the unit): Q again picks the next, then click "
            "the target; the odds show as for fire (Asset cards, R190-R199)."
        ),
    ),
    (
        "pace",
        N_("Pace [V]"),
        N_("How fast the other side's actions play out: instant, normal, slow."),
    ),
    ("skip", N_("Skip [Space]"), N_("Show at once everything still being played out.")),
)
WATCH_ACTIONS = frozenset({"los", "pace", "skip"})  # the buttons of a game of two AIs
KEYS: dict[int, str] = {
    pygame.K_m: "move",
    pygame.K_f: "fire",
    pygame.K_a: "assault",
    pygame.K_o: "overwatch",
    pygame.K_h: "hotspot",
    pygame.K_g: "first_aid",
    pygame.K_e: "end",
    pygame.K_u: "split",
    pygame.K_j: "join",
    pygame.K_b: "abandon",
    pygame.K_k: "release",
    pygame.K_p: "end_phase",
    pygame.K_l: "los",
    pygame.K_v: "pace",
    pygame.K_i: "mob",  # civilians (issue 21)
    pygame.K_SPACE: "skip",
    **HOUSE_KEYS,  # house clearing (issue 21): X stack, Z clear (with the optional rule)
    pygame.K_q: "support",  # support assets (issue 19)
}
BUTTON_ROW = 32
TARGET_RING_INCHES = 1.6  # the ring around each enemy in the fire and charge modes
NEAR_TARGET_INCHES = 6.0  # units this close to a hovered target: the odds box stays off them


def load_settings() -> Any:
    """The player's settings (C3's `game.client.settings`) when present, else None."""
    try:
        from game.client import settings as settings_module

        return settings_module.current_settings()
    except Exception:  # no settings module yet, or an unreadable file: the defaults
        return None

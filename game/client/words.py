"""Words the screens share, in the language in use (issue 24): the sides' names.

The engine's `side_name` is English for the log; the screens ask here instead."""

from __future__ import annotations

from game.i18n import N_, _

REGULAR = "regular"
PACE_NAMES = {"instant": N_("instant"), "normal": N_("normal"), "slow": N_("slow")}
"""The paces of play (settings, set-up, the play screen's Pace button), by the setting's value."""


def side_label(side: str) -> str:
    """ "Regulars" or "Insurgents", translated."""
    return _("Regulars") if side == REGULAR else _("Insurgents")


def side_player(side: str) -> str:
    """ "Regular player" or "Insurgent player", translated (a hot-seat seat's default name)."""
    return _("Regular player") if side == REGULAR else _("Insurgent player")


def side_ai(side: str) -> str:
    """ "Regular AI" or "Insurgent AI", translated (an AI seat's name)."""
    return _("Regular AI") if side == REGULAR else _("Insurgent AI")

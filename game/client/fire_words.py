"""The one "cannot fire" line of the play screen, shared by the unit card (`play_card.py`) and
the fire preview (`orders.FirePreview`): the engine's reason, headed by the target unless the
reason names it already (found in play: "Cannot fire at Insurgent group 3: Alpha fireteam has
no line of sight to Insurgent group 3" named it twice)."""

from __future__ import annotations

import html

from game.i18n import _


def cannot_fire_line(target: str, why: str, *, markup: bool = False) -> str:
    """The line for a unit that cannot fire at `target` (both already in the player's
    language); `markup`: the card's HTML, its heading in bold and the words escaped."""
    named = target in why
    if not markup:
        if named:
            return _("Cannot fire: {why}").format(why=why)
        return _("Cannot fire at {target}: {why}").format(target=target, why=why)
    label = _("<b>Cannot fire:</b> {why}") if named else _("<b>Cannot fire at {target}:</b> {why}")
    return label.format(target=html.escape(target), why=html.escape(why))

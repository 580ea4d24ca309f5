"""The one "cannot fire" line of the play screen, shared by the unit card (`play_card.py`) and
the fire preview (`orders.FirePreview`): the engine's reason, headed by the target unless the
reason names it already (found in play: "Cannot fire at Insurgent group 3: Alpha fireteam has
no line of sight to Insurgent group 3" named it twice)."""

from __future__ import annotations

import html

from game.i18n import _, narr

# the engine's line-of-fire refusal (game/engine/checks.py), whose head the line's own heading
# says already: "Cannot fire: Alpha fireteam cannot fire at Insurgent group 1: Bravo fireteam in
# the line of fire (R6)" (found in play, polish round 7)
_LINE_OF_FIRE = "{unit} cannot fire at {target}: {blockers} in the line of fire (R6)"


def _without_head(firer: str, target: str, why: str) -> str:
    """`why` less its "`firer` cannot fire at `target`: " head, in the language in use."""
    head = narr(_LINE_OF_FIRE).split("{blockers}")[0].format(unit=firer, target=target)
    return why[len(head) :] if firer and why.startswith(head) else why


def cannot_fire_line(target: str, why: str, *, markup: bool = False, firer: str = "") -> str:
    """The line for a unit (`firer`) that cannot fire at `target` (all already in the player's
    language); `markup`: the card's HTML, its heading in bold and the words escaped."""
    shorter = _without_head(firer, target, why)
    named = target in shorter
    why = shorter
    if not markup:
        if named:
            return _("Cannot fire: {why}").format(why=why)
        return _("Cannot fire at {target}: {why}").format(target=target, why=why)
    label = _("<b>Cannot fire:</b> {why}") if named else _("<b>Cannot fire at {target}:</b> {why}")
    return label.format(target=html.escape(target), why=html.escape(why))

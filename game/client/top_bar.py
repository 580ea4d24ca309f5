"""The play screen's top bar: the phase and who is to answer (split from
`game/client/play.py`), in the language in use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.client.adapter import PHASE_NAMES
from game.client.words import side_label
from game.i18n import _, retell

if TYPE_CHECKING:
    from game.client.session import GameSession


def top_bar_text(session: GameSession) -> str:
    """ "Regular phase · Alpha fireteam activating · You (Regulars)", or "… · X to answer"."""
    engine = session.engine
    state = engine.state
    phase = _(PHASE_NAMES.get(state.phase, state.phase))
    seat = session.current_seat()
    if seat is None:
        return phase
    acting = engine.act.unit if engine.act is not None else ""
    if seat.human:
        who = f"{seat.name} ({side_label(seat.side)})"
    else:
        ai = _("AI")
        who = seat.name if ai in seat.name.split() else f"{seat.name} ({ai})"
    if acting:
        return _("{phase} · {unit} activating · {who}").format(
            phase=phase, unit=retell(state.units[acting].name), who=who
        )
    return _("{phase} · {who} to answer").format(phase=phase, who=who)

"""Playing a game forward to a turn for the pictures on demand (`--screen ... --turn T`), split
out of `play.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.protocol import DecisionKind

if TYPE_CHECKING:
    from game.client.session import GameSession


def advance_to_turn(session: GameSession, turn: int) -> None:
    """Let AIs play both sides until `turn` begins (the pictures on demand, `--turn T`)."""
    from game.ai.regular import RegularAI
    from game.engine.state import INSURGENT, REGULAR
    from game.engine.view import player_view

    engine = session.engine
    stand_ins: dict[str, Any] = {
        REGULAR: RegularAI(engine.battlefield),
        INSURGENT: session.controllers.get(INSURGENT) or session._make_ai(INSURGENT),
    }
    for _ in range(20000):
        pending = engine.pending
        if pending is None or (engine.state.turn >= turn and pending.kind == DecisionKind.ACTIVATE):
            return
        seat = session.current_seat()
        if seat is not None and not seat.human:
            session.step_ai()
            continue
        controller = stand_ins[pending.side]
        session.apply(controller.choose(player_view(engine, pending.side)))

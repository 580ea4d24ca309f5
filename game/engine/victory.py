"""The end of the game (Rulebook: Victory Points, Margin of Victory; R31, R67, R69)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import casualties
from game.engine import rulesbridge as rb
from game.engine.protocol import EventKind as E
from game.engine.protocol import FigureStatus
from game.engine.state import (
    REGULAR,
)

if TYPE_CHECKING:
    from game.engine.engine import Engine


def finish_game(g: Engine, reason: str) -> None:
    g.state.phase = "over"
    casualties.abandoned_fate(g)  # abandoned casualties may be taken prisoner (R126)
    for unit in g.state.units_of(REGULAR):
        waiting = [f for f in unit.figures if f.status == FigureStatus.HIT]
        if waiting:
            g.state.count("regular_wia", len(waiting))
            g.emit(E.WOUNDED_AT_END, unit=unit.id, unit_name=unit.name, count=len(waiting))
    vp_reg, vp_ins, lines = g.scenario.score(g.state)
    margin = rb.victory_margin(vp_reg - vp_ins)
    winner = rb.victory_winner(vp_reg - vp_ins)
    g.emit(
        E.GAME_END,
        reason=reason,
        vp_regular=vp_reg,
        vp_insurgent=vp_ins,
        margin=margin,
        winner=winner,
        breakdown=lines,
    )
    g.state.result = {
        "scenario": g.state.scenario_id,
        "seed": g.state.seed,
        "turns": g.state.turn,
        "vp_regular": vp_reg,
        "vp_insurgent": vp_ins,
        "margin": margin,
        "winner": winner,
        "reason": reason,
    }

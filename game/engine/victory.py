"""The end of the game (Rulebook: Victory Points, Margin of Victory; R31, R67, R69)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import rulesbridge as rb
from game.engine.state import (
    INSURGENT,
    REGULAR,
)
from game.rules.wording import counted

if TYPE_CHECKING:
    from game.engine.engine import Engine


def finish_game(g: Engine, reason: str) -> None:
    g.state.phase = "over"
    for unit in g.state.units_of(REGULAR):
        waiting = [f for f in unit.figures if f.status == "hit"]
        if waiting:
            g.state.count("regular_wia", len(waiting))
            g.emit(
                "WoundedAtEnd",
                f"{unit.name}: {counted(len(waiting), 'hit figure')} still awaiting First Aid "
                f"{'counts' if len(waiting) == 1 else 'count'} as wounded (R69)",
                unit=unit.id,
            )
    vp_reg, vp_ins, lines = g.scenario.score(g.state)
    margin = rb.victory_margin(vp_reg - vp_ins)
    if vp_reg - vp_ins >= 5:
        winner = REGULAR
    elif vp_ins - vp_reg >= 5:
        winner = INSURGENT
    else:
        winner = "none"
    sides = {REGULAR: "the Regulars", INSURGENT: "the Insurgents"}
    verdict = (
        f"a {margin} victory for {sides[winner]}" if winner in sides else f"{margin}, no side wins"
    )
    g.emit(
        "GameEnd",
        f"Game over after turn {g.state.turn}: {reason}. Regulars {vp_reg} VP, "
        f"Insurgents {vp_ins} VP: {verdict} (Rulebook: Victory Points, Margin of Victory)",
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

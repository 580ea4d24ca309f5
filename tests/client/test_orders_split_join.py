"""The play screen's orders for Split Units and leaders joining or merging (R125)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.client import orders
from game.engine.commands import JoinUnit, SplitUnit
from game.sandbox import run_situation
from game.scenarios.situation import read_situation

SITUATION = Path(__file__).resolve().parents[2] / "docs" / "sandbox"


def test_split_steps_the_squad_leader_out_who_then_joins_the_nearest_friend() -> None:
    situation = read_situation(SITUATION / "split-units-and-leaders.json")
    run = run_situation(replace(situation, commands=()), lambda event: None)
    engine = run.engine
    assert engine is not None
    alpha, bravo = engine.state.units["R1"], engine.state.units["R2"]
    split = orders.split_order("regular", alpha)
    assert split == SplitUnit(side="regular", unit="R1", figures=("R1.1",))  # the leader alone
    assert orders.split_order("regular", bravo) == SplitUnit(
        side="regular", unit="R2", figures=("R2.3", "R2.4")
    )
    engine.apply(split)
    leader = engine.state.units["R1-2"]
    assert orders.join_order(engine, "regular", leader) == JoinUnit(
        side="regular", unit="R1-2", target="R1", rate="cautious"
    )
    assert orders.join_order(engine, "regular", bravo) is None  # no friend in cohesion

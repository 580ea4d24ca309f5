"""No peeking (issue 17): a PlayerView carries no seed and no dice state, and neither AI's
decision depends on anything of the sort. Two copies of each AI play the same decisions, one on
the true views, the other on views whose seed, dice state and event log hold random values."""

from __future__ import annotations

import random
from dataclasses import replace

from game.ai.controller import InsurgentAI
from game.ai.regular import RegularAI
from game.engine.state import INSURGENT, REGULAR
from game.engine.view import PlayerView, player_view
from game.save import new_game, resolve_map


def _tampered(view: PlayerView, rng: random.Random) -> PlayerView:
    state = dict(view.state)
    state["seed"] = rng.randrange(1, 2**62)
    state["dice"] = {"state": rng.randrange(2**63), "rolls": rng.randrange(10_000)}
    state["events"] = [
        {
            "seq": k,
            "turn": state["turn"],
            "kind": "fire",
            "data": {"firer": rng.choice(list(state["units"])), "target": "x"},
        }
        for k in range(rng.randrange(1, 6))
    ]
    return replace(view, state=state)


def test_the_view_carries_no_seed_and_no_dice_state() -> None:
    map_path, sid = resolve_map("contracting-trouble")
    engine = new_game(map_path, sid, 12345)
    for side in (REGULAR, INSURGENT):
        view = player_view(engine, side)
        assert view.state["seed"] == 0
        assert view.state["dice"] == {}
        assert "events" not in view.state
    assert engine.state.seed == 12345  # the game itself keeps its seed


def test_the_ais_decide_the_same_whatever_seed_dice_and_log_the_view_holds() -> None:
    rng = random.Random(17)
    map_path, sid = resolve_map("contracting-trouble")
    engine = new_game(map_path, sid, 7, turn_limit=3)
    honest = {
        REGULAR: RegularAI(engine.battlefield),
        INSURGENT: InsurgentAI(engine.battlefield, 16),
    }
    fooled = {
        REGULAR: RegularAI(engine.battlefield),
        INSURGENT: InsurgentAI(engine.battlefield, 16),
    }
    decisions = 0
    sides: set[str] = set()
    while engine.pending is not None and engine.state.result is None and decisions < 400:
        side = engine.pending.side
        view = player_view(engine, side)
        command = honest[side].choose(view)
        assert fooled[side].choose(_tampered(view, rng)) == command, (
            f"decision {decisions} ({view.decision and view.decision['kind']}) changed"
        )
        engine.apply(command)
        decisions += 1
        sides.add(side)
    assert decisions > 20 and sides == {REGULAR, INSURGENT}

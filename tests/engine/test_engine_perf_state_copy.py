"""The state copy given to every view: equal to `dataclasses.asdict`, sharing nothing mutable."""

from __future__ import annotations

import copy
import json
from dataclasses import asdict
from pathlib import Path

from game.engine.controllers import RandomController
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR, plain_copy
from game.headless import play
from game.save import new_game

MAP = Path(__file__).resolve().parent.parent / "maps" / "engine" / "crossroads.tmx"


def mid_game() -> Engine:
    """A game stopped with a decision pending and dependants, casualties and events recorded."""
    engine = new_game(MAP, None, 5, turn_limit=4)
    play(
        engine,
        {REGULAR: RandomController(11), INSURGENT: RandomController(12)},
        stop_after_turn=1,
    )
    assert engine.pending is not None and engine.state.pending is not None
    assert engine.state.events
    return engine


def test_mid_game_state_copy_equals_asdict_and_deepcopy() -> None:
    state = mid_game().state
    data = state.to_dict()
    assert data == asdict(state)
    assert data == copy.deepcopy(asdict(state))
    assert state.to_json() == json.dumps(asdict(state), sort_keys=True, separators=(",", ":"))
    without_events = state.to_dict(events=False)
    assert "events" not in without_events
    assert without_events == {k: v for k, v in asdict(state).items() if k != "events"}


def test_changing_the_copy_leaves_the_state_alone() -> None:
    engine = mid_game()
    state = engine.state
    before = state.to_json()
    data = state.to_dict()
    for unit in data["units"].values():
        unit["dependants"].append("stolen")
        for figure in unit["figures"]:
            figure["x"] = -1.0
    data["pending"]["options"].clear()
    data["pending"]["context"]["added"] = True
    data["events"][0]["data"]["added"] = True
    data["tally"]["added"] = 1
    data["entry_edges"].append("nowhere")
    assert state.to_json() == before


def test_plain_copy_copies_containers_keeps_types_and_hands_other_objects_to_deepcopy() -> None:
    class Box:
        def __init__(self, items: list[int]) -> None:
            self.items = items

    inner = [1, 2.5, "x", None, True]
    box = Box([7])
    original = {"a": inner, "t": (inner, 3), "box": box}
    copied = plain_copy(original)
    assert copied == {"a": inner, "t": (inner, 3), "box": copied["box"]}
    assert type(copied["t"]) is tuple
    assert copied["a"] is not inner and copied["t"][0] is not inner
    assert copied["box"] is not box and copied["box"].items == [7]
    assert copied["box"].items is not box.items

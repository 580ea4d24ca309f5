"""Lazy sample commands (issue 23 §5): a phase decision's options built when read are the eager
ones, command for command, at every decision of a seeded game; a view is good until the next
command; the decision's JSON reads as the plain dict it stands for."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from game.ai.controller import InsurgentAI
from game.ai.regular import RegularAI
from game.engine.commands import Command
from game.engine.engine import Engine
from game.engine.lazy_options import LazyOptions, PendingJSON, StaleOptions, command_unit
from game.engine.protocol import DecisionKind
from game.engine.state import INSURGENT, REGULAR
from game.engine.view import player_view
from game.save import new_game, resolve_map


def _engines(scenario: str, seed: int, turns: int) -> tuple[Engine, Engine]:
    map_path, sid = resolve_map(scenario)
    lazy = new_game(map_path, sid, seed, turn_limit=turns)
    lazy.lazy_samples = True
    return lazy, new_game(map_path, sid, seed, turn_limit=turns)


def _units_in_order(options: list[Command]) -> list[str]:
    return list(dict.fromkeys(u for u in map(command_unit, options) if u))


@pytest.mark.parametrize(("scenario", "seed"), [("sweep-and-clear", 3), ("hornets-nest", 2)])
def test_lazy_options_are_the_eager_ones_at_every_decision(scenario: str, seed: int) -> None:
    lazy, eager = _engines(scenario, seed, turns=2)
    ais = {REGULAR: RegularAI(lazy.battlefield), INSURGENT: InsurgentAI(lazy.battlefield, 7)}
    lazy_decisions = 0
    while lazy.pending is not None:
        assert eager.pending is not None
        side = lazy.pending.side
        view = player_view(lazy, side)
        command = ais[side].choose(view)  # the AI reads what it reads, lazily
        expected = list(eager.pending.options)
        if isinstance(view.legal, LazyOptions):
            lazy_decisions += 1
            assert view.option_units() == _units_in_order(expected)
            for unit in view.option_units():
                wanted = [c for c in expected if command_unit(c) == unit]
                assert view.unit_options(unit) == wanted
        assert list(view.legal) == expected
        old = player_view(eager, side)
        assert json.dumps(view.decision) == json.dumps(old.decision)
        assert json.dumps(view.state) == json.dumps(old.state)
        assert lazy.state.to_json() == eager.state.to_json()
        lazy.apply(command)
        eager.apply(command)
    assert eager.pending is None
    assert lazy_decisions > 5  # both phases' decisions were offered lazily
    assert lazy.events_sha256() == eager.events_sha256()


def test_the_insurgent_ai_reads_only_the_units_it_weighs() -> None:
    lazy, _ = _engines("contracting-trouble", 1, turns=1)
    ais = {REGULAR: RegularAI(lazy.battlefield), INSURGENT: InsurgentAI(lazy.battlefield, 7)}
    partly = 0
    while lazy.pending is not None:
        view = player_view(lazy, lazy.pending.side)
        command = ais[lazy.pending.side].choose(view)
        if lazy.pending.kind == DecisionKind.INSURGENT_ACTION:
            assert isinstance(view.legal, LazyOptions)
            partly += not view.legal.complete
        lazy.apply(command)
    assert partly >= 2  # of three


def test_a_lazy_view_kept_past_the_next_command_refuses_to_be_read() -> None:
    lazy, _ = _engines("sweep-and-clear", 3, turns=1)
    assert lazy.pending is not None and lazy.pending.kind == DecisionKind.ACTIVATE
    # the first decision was asked before the switch: step to a lazy one
    view = player_view(lazy, REGULAR)
    lazy.apply(next(c for c in view.legal if command_unit(c)))
    while lazy.pending is not None and lazy.pending.kind != DecisionKind.ACTIVATE:
        lazy.apply(player_view(lazy, lazy.pending.side).legal[0])
    view = player_view(lazy, REGULAR)
    assert isinstance(view.legal, LazyOptions) and not view.legal.complete
    first = next(iter(view.legal))  # the end of the phase: the first part only
    assert not view.legal.complete
    lazy.apply(first)
    with pytest.raises(StaleOptions, match="after the game moved on"):
        view.unit_options(lazy.state.units_of(REGULAR)[0].id)


def test_the_decision_json_reads_as_the_plain_dict() -> None:
    lazy, eager = _engines("sweep-and-clear", 3, turns=1)
    view = player_view(lazy, REGULAR)
    lazy.apply(next(c for c in view.legal if command_unit(c)))
    eager.apply(next(c for c in view.legal if command_unit(c)))
    while lazy.pending is not None and lazy.pending.kind != DecisionKind.ACTIVATE:
        answer = player_view(lazy, lazy.pending.side).legal[0]
        lazy.apply(answer)
        eager.apply(answer)
    assert lazy.pending is not None and eager.pending is not None
    plain = eager.pending.to_json()
    first = lazy.pending.to_json()
    options = lazy.pending.options
    assert isinstance(first, PendingJSON) and isinstance(options, LazyOptions)
    head = {k: plain[k] for k in ("id", "side", "kind", "prompt", "context")}

    def fresh() -> dict[str, object]:  # a new one, options not written yet
        return PendingJSON(dict(head), options)

    assert fresh()["kind"] == plain["kind"] and fresh().get("id") == plain["id"]
    assert "options" in fresh() and bool(fresh())
    assert fresh() == plain and plain == fresh() and len(fresh()) == len(plain)
    assert list(fresh()) == list(plain) and list(fresh().items()) == list(plain.items())
    assert dict(fresh()) == plain and {**fresh()} == plain
    assert json.dumps(fresh()) == json.dumps(plain)
    assert json.dumps(fresh(), sort_keys=True) == json.dumps(plain, sort_keys=True)
    assert copy.deepcopy(fresh()) == plain and copy.copy(fresh()) == plain
    assert pickle.loads(pickle.dumps(fresh())) == plain
    assert fresh()["options"] == plain["options"] and fresh().get("options") == plain["options"]
    assert repr(fresh()) == repr(plain)

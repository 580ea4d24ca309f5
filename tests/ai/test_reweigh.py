"""The Regular AI's weighings kept between activations (`game/ai/reweigh.py`, issue 23 §5):
the same decisions with and without, and a change the weighing depends on weighs it afresh."""

from __future__ import annotations

import copy
import importlib
from pathlib import Path
from typing import Any

import pytest

from game.ai.controller import InsurgentAI
from game.ai.regular import RegularAI
from game.ai.regular_board import Board
from game.ai.regular_candidates import Focus
from game.ai.regular_team import team_candidates, team_scored
from game.ai.reweigh import Reweigh
from game.engine.driver import Driver
from game.engine.protocol import DecisionKind
from game.engine.state import REGULAR
from game.engine.view import PlayerView, player_view
from game.headless import play
from game.save import new_game

write_map = importlib.import_module("tools.scale_map").write_map


@pytest.fixture(scope="module")
def small_scale_map(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The scale game's generated town, smaller: 40" square with 24 units."""
    return Path(write_map(tmp_path_factory.mktemp("reweigh") / "s.tmx", inches=40, units=24))


def _game(path: Path, regular: RegularAI | None, turns: int = 2) -> tuple[str, list[str]]:
    engine = new_game(path, None, 1, turn_limit=turns)
    regular = regular or RegularAI(engine.battlefield, reuse=False)
    play(engine, {"regular": regular, "insurgent": InsurgentAI(engine.battlefield, 4)})
    return engine.events_sha256(), regular.journal


def test_a_seeded_game_decides_the_same_with_and_without_the_kept_weighings(
    small_scale_map: Path,
) -> None:
    """Every weighing reused is also weighed afresh and compared (`check=True`: an
    AssertionError on any difference), and the game's events are those of the AI that weighs
    every unit at every activation."""
    engine = new_game(small_scale_map, None, 1)
    kept = RegularAI(engine.battlefield, check=True)
    assert kept.reweigh is not None
    with_reuse = _game(small_scale_map, kept)
    assert kept.reweigh.reused > 20 and kept.reweigh.weighed > 10  # it was put to work
    assert with_reuse == _game(small_scale_map, None)  # the same events, the same reasons


def _first_activation(path: Path) -> PlayerView:
    engine = new_game(path, None, 1, turn_limit=2)
    driver = Driver(
        engine,
        {"regular": RegularAI(engine.battlefield), "insurgent": InsurgentAI(engine.battlefield, 4)},
    )
    while True:
        pending = engine.pending
        assert pending is not None and driver.stop_reason == ""
        if pending.side == REGULAR and pending.kind == DecisionKind.ACTIVATE:
            view = player_view(engine, REGULAR)
            return PlayerView(view.side, view.state, view.decision, list(view.legal))
        driver.step()


def _with(view: PlayerView, change: Any) -> PlayerView:
    state = copy.deepcopy(view.state)
    change(state)
    return PlayerView(view.side, state, view.decision, view.legal)


def _weigh(reweigh: Reweigh, view: PlayerView, terrain: Any, unit_id: str) -> list[Any]:
    board = Board(view, terrain)
    unit = board.unit(unit_id)
    assert unit is not None
    focus = Focus(board, unit)
    return reweigh.scored(board, unit, lambda: team_scored(team_candidates(), focus))


def test_a_change_the_weighing_read_weighs_it_afresh(small_scale_map: Path) -> None:
    """Staleness (reweigh.py): the same view reuses the weighing; an Insurgent unit moved into
    sight of a spot weighed, a read Insurgent's Morale, or the turn weigh it afresh; a change
    to an Insurgent unit that sees none of the spots (its last Interruption) does not."""
    view = _first_activation(small_scale_map)
    engine = new_game(small_scale_map, None, 1, turn_limit=2)
    terrain = engine.terrain
    unit_id = next(u for u in view.state["units"] if view.state["units"][u]["side"] == REGULAR)
    reweigh = Reweigh()
    first = _weigh(reweigh, view, terrain, unit_id)
    assert (reweigh.weighed, reweigh.reused) == (1, 0)
    assert _weigh(reweigh, view, terrain, unit_id) == first
    assert (reweigh.weighed, reweigh.reused) == (1, 1)
    kept = reweigh._kept[unit_id]
    units = view.state["units"]
    unread = sorted(
        uid for uid, u in units.items() if u["side"] != REGULAR and uid not in kept.read
    )
    assert unread and kept.spots
    # an unread Insurgent unit's own business: the weighing stands
    _weigh(
        reweigh,
        _with(view, lambda s: s["units"][unread[0]].update(interrupted_turn=9)),
        terrain,
        unit_id,
    )
    assert (reweigh.weighed, reweigh.reused) == (1, 2)
    # that unit standing where the weighed unit stands now: it sees that spot, weighed afresh
    regular = units[unit_id]

    def step_in(s: dict[str, Any]) -> None:
        figures = s["units"][unread[0]]["figures"]
        for i, f in enumerate(figures):
            g = regular["figures"][i % len(regular["figures"])]
            f["x"], f["y"] = g["x"] + 0.4, g["y"] + 0.4

    moved = _with(view, step_in)
    board = Board(moved, terrain)
    assert board.sees_any(board.unit(unread[0]), kept.spots)  # type: ignore[arg-type]
    _weigh(reweigh, moved, terrain, unit_id)
    assert (reweigh.weighed, reweigh.reused) == (2, 2)
    _weigh(reweigh, view, terrain, unit_id)  # back as it was: weighed again, as at first
    assert reweigh.weighed == 3
    assert _weigh(reweigh, view, terrain, unit_id) == first and reweigh.reused == 3
    # a read unit's state and the turn are part of what it depends on
    read = sorted(uid for uid in kept.read if units[uid]["side"] != REGULAR)
    assert read  # some Insurgent unit sees a spot weighed, or is a target
    if read:
        _weigh(
            reweigh,
            _with(view, lambda s: s["units"][read[0]].update(morale_shift=1)),
            terrain,
            unit_id,
        )
        assert reweigh.weighed == 4
    before = reweigh.weighed
    _weigh(reweigh, _with(view, lambda s: s.update(turn=s["turn"] + 1)), terrain, unit_id)
    assert reweigh.weighed == before + 1

"""The checks of Regular sample commands kept between activations (`game/engine/sample_memo.py`,
issue 23 §5; speed only): the same commands as checking every candidate afresh, and a change a
check read makes it be checked again."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from game.ai.controller import InsurgentAI
from game.ai.regular import RegularAI
from game.engine import samples
from game.engine.commands import Fire
from game.engine.engine import Engine
from game.engine.protocol import FigureStatus
from game.engine.state import Activation, UnitState
from game.headless import play
from game.save import new_game

write_map = importlib.import_module("tools.scale_map").write_map


@pytest.fixture(scope="module")
def town(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The scale game's generated town, smaller: 40" square with 24 units."""
    return Path(write_map(tmp_path_factory.mktemp("sample_memo") / "s.tmx", inches=40, units=24))


def _game(path: Path, *, kept: bool) -> tuple[str, Engine]:
    engine = new_game(path, None, 1, turn_limit=3)
    engine.sample_memo.enabled = kept
    engine.sample_memo.check = True  # every reused result checked afresh too: raises if stale
    ais = {
        "regular": RegularAI(engine.battlefield),
        "insurgent": InsurgentAI(engine.battlefield, 4),
    }
    play(engine, ais)  # type: ignore[arg-type]
    return engine.events_sha256(), engine


def test_a_seeded_game_plays_the_same_with_and_without_the_kept_checks(town: Path) -> None:
    with_memo, engine = _game(town, kept=True)
    assert engine.sample_memo.reused > 2000  # it was put to work, mostly reusing
    assert engine.sample_memo.reused > 2 * engine.sample_memo.checked
    without, plain = _game(town, kept=False)
    assert plain.sample_memo.reused == 0
    assert with_memo == without


def _shift(unit: UnitState, to: tuple[float, float]) -> None:
    lx, ly = unit.leader_point
    for f in unit.figures:
        f.x, f.y = round(f.x + to[0] - lx, 3), round(f.y + to[1] - ly, 3)


def _fire_at(g: Engine, unit_id: str) -> list[str]:
    """The targets of the unit's whole (not split) fire offered at a new activation decision
    where only it waits."""
    offer = samples.activation_offer(g, [g.state.units[unit_id]])
    return [c.target for c in offer if isinstance(c, Fire) and c.unit == unit_id and not c.split]


def test_a_friend_stepping_into_the_line_of_fire_is_checked_again(town: Path) -> None:
    """Rulebook: Line of Fire (R6): Regulars never fire through a friend. A kept check of fire
    at a group is made again once a friend stands in the box about that line; a unit moving
    far from the line keeps it."""
    g = new_game(town, None, 1, turn_limit=2)
    _shift(g.state.units["I1"], (8.0, 38.7))  # a group in the street, east of R1
    assert _fire_at(g, "R1") == ["I1"]
    before = g.sample_memo.checked
    _shift(g.state.units["R6"], (36.0, 38.0))  # far from R1's line of fire at I1
    assert _fire_at(g, "R1") == ["I1"]
    assert g.sample_memo.checked == before  # every check of R1 kept
    _shift(g.state.units["R2"], (5.9, 38.8))  # R2 steps between R1 and I1
    assert _fire_at(g, "R1") == []
    g.sample_memo.enabled = False
    assert _fire_at(g, "R1") == []  # as the validators say afresh


def test_a_unit_with_wounded_is_checked_afresh(town: Path) -> None:
    """R27: its First Aid and its ways to safety read every Insurgent unit's sight, which the
    memo does not compare: no kept checks for it."""
    g = new_game(town, None, 1, turn_limit=2)
    unit = g.state.units["R1"]
    memo = g.sample_memo.round()
    assert memo.legal_filter(g, unit, Activation.begin(unit)) is not None
    unit.figures[1].status = FigureStatus.HIT
    assert memo.legal_filter(g, unit, Activation.begin(unit)) is None


def test_a_game_with_cards_is_checked_afresh(town: Path) -> None:
    g = new_game(town, None, 1, turn_limit=2)
    unit = g.state.units["R1"]
    g.state.cards = {"effects": {"dust": 1}}  # a card in play: its checks read more
    assert g.sample_memo.round().legal_filter(g, unit, Activation.begin(unit)) is None

"""The Regular AI that fights as a team (issue 17 §4) and the earlier basic one kept beside it."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from game.ai import assault_odds as assault_odds_module
from game.ai.assault_odds import SAMPLES, assault_odds
from game.ai.rca import NOTHING, Pick
from game.ai.regular import REGULAR_STYLES, Board, RegularAI
from game.ai.regular_candidates import Focus, OverwatchCandidate
from game.ai.regular_team import ASSAULT_TRADE, ASSAULT_WIN, WatchCandidate, fire_and_movement
from game.battlefield.model import Battlefield, Wall, WallHeight
from game.engine.commands import (
    CloseAssault,
    Command,
    EndActivation,
    Fire,
    MoveUnit,
    Overwatch,
)
from game.engine.engine import Engine
from game.engine.protocol import EventKind, MoveRate
from game.engine.state import INSURGENT, REGULAR
from game.engine.view import player_view
from game.rules import close_assault as ca
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))

import simulate  # noqa: E402


def test_both_regular_ais_are_selectable_and_a_wrong_name_is_refused() -> None:
    assert REGULAR_STYLES == ("ai", "basic")
    board = Battlefield("t.tmx", "t", 10.0, 10.0, 32.0)
    assert RegularAI(board, style="basic").style == "basic"
    assert RegularAI(board).style == "ai"
    with pytest.raises(ValueError, match="choose ai or basic"):
        RegularAI(board, style="clever")


def test_simulate_plays_the_basic_regular_ai_on_request_and_names_it() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["--scenario", "contracting-trouble", "--games", "1", "--turns", "1", "--json"]
    code = simulate.main([*argv, "--regulars", "basic", "--no-progress"], out, err)
    assert code == 0, err.getvalue()
    summary = json.loads(out.getvalue())
    assert summary["regulars"].startswith("basic Regular AI")
    out, err = io.StringIO(), io.StringIO()
    assert simulate.main([*argv, "--regulars", "clever"], out, err) == 2
    assert (
        err.getvalue()
        == "tools/simulate.py: error: --regulars 'clever': choose ai, basic, random\n"
    )


# -- Close Assault (R270, R271) ---------------------------------------------------------------
HIGH_WALL = Wall(9, "high wall", ((5.0, 18.0), (14.0, 18.0)), False, WallHeight.HIGH)


def behind_the_wall(gunmen: int) -> Engine:
    """A fireteam south of a high wall; `gunmen` Insurgents just north of it, out of sight but
    within a charge around the wall's end."""
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0, walls=(HIGH_WALL,))
    units = [
        UnitSpec("R1", REGULAR, line(8.0, 20.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        UnitSpec("I1", INSURGENT, line(8.0, 16.5, gunmen), quality=6),
    ]
    return Engine(StagedScenario(Staging(units=units)), battlefield, 7)


def test_r270_r271_it_charges_a_small_group_it_cannot_shoot_and_says_why() -> None:
    engine = behind_the_wall(2)
    view = player_view(engine, REGULAR)
    charge = CloseAssault(side=REGULAR, unit="R1", target="I1")
    assert charge in view.legal and not any(isinstance(c, Fire) for c in view.legal)
    ai = RegularAI(engine.battlefield)
    assert ai.choose(view) == charge
    line_ = ai.journal[-1]
    assert '"close assault"' in line_ and "R270" in line_ and "plays of the rules' Close" in line_
    basic = RegularAI(engine.battlefield, style="basic")
    assert basic.choose(view) != charge  # the earlier AI never charged (issue 17 §4)
    events = engine.apply(charge)
    assert any(e["kind"] == EventKind.CLOSE_ASSAULT_CHECK for e in events)


def test_r271_it_does_not_charge_a_crowd_where_the_trade_is_poor() -> None:
    engine = behind_the_wall(6)
    view = player_view(engine, REGULAR)
    odds = assault_odds(engine.state.units["R1"], engine.state.units["I1"], distance=3.5, turn=1)
    assert odds.win < ASSAULT_WIN or odds.enemy_lost < ASSAULT_TRADE * odds.own_lost
    ai = RegularAI(engine.battlefield)
    assert not isinstance(ai.choose(view), CloseAssault)


def test_r270_the_odds_are_the_rules_cores_close_assault_played_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine = behind_the_wall(2)
    r1, i1 = engine.state.units["R1"], engine.state.units["I1"]
    played: list[int] = []

    def rules_core(attacker: Any, defender: Any, dice: Any, **_: Any) -> ca.CloseAssaultResult:
        played.append(1)
        return ca.CloseAssaultResult(ca.CloseAssaultOutcome.ATTACKER_WON, attacker, None, ())

    assault_odds_module._play.cache_clear()
    monkeypatch.setattr(ca, "resolve_close_assault", rules_core)
    odds = assault_odds(r1, i1, distance=3.0, turn=1)
    assault_odds_module._play.cache_clear()
    assert len(played) == SAMPLES
    assert odds.win == 1.0 and odds.enemy_lost == 2.0 and odds.own_lost == 0.0
    # the same view gives the same odds (private seeded dice, never the game's)
    again = assault_odds(r1, i1, distance=3.0, turn=1)
    assert again == assault_odds(r1, i1, distance=3.0, turn=1)
    assert engine.state.dice == engine.state.dice  # the game's dice are not touched


# -- fire and movement (R272) -------------------------------------------------------------------
def open_ground() -> Engine:
    """Two fireteams in the open; four gunmen 15" away who see the whole table."""
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0)
    units = [
        UnitSpec("R1", REGULAR, line(5.0, 30.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        UnitSpec("R2", REGULAR, line(20.0, 32.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        UnitSpec("G", INSURGENT, line(20.0, 18.0, 4), quality=6),
    ]
    return Engine(StagedScenario(Staging(units=units)), battlefield, 7)


def test_r272_one_unit_fires_at_the_group_that_threatens_anothers_move_first() -> None:
    engine = open_ground()
    view = player_view(engine, REGULAR)
    board = Board(view, engine.terrain)
    move = MoveUnit(side=REGULAR, unit="R1", to=(5.0, 24.0), rate=MoveRate.CAUTIOUS)
    assert engine.pending is not None
    engine.pending.accepts(move)  # a legal move (moves are parametrised: samples in the view)
    hold = EndActivation(side=REGULAR, unit="R2")
    picks: dict[str, Pick[Command]] = {
        "R1": Pick("pursue the objective", 40.0, "heads north", move),
        "R2": Pick("hold", 0.0, "nothing better", hold),
    }
    plan = fire_and_movement(board, picks)
    assert plan is not None
    assert plan.pick.plan == Fire(side=REGULAR, unit="R2", target="G")
    assert plan.note.startswith("turn plan: R2 suppresses G, then R1 moves")
    assert "R272" in plan.pick.why and "threatens that move" in plan.pick.why
    # the suppressor's fire is worth more than its shot alone: the mover's danger counts too
    e = board.fire_value(board.unit("R2"), board.spot_of(board.unit("R2")), board.unit("G"))  # type: ignore[arg-type]
    assert plan.pick.score > 10.0 + 15.0 * e
    # no move planned, no suppression
    picks["R1"] = Pick("hold", 0.0, "nothing better", EndActivation(side=REGULAR, unit="R1"))
    assert fire_and_movement(board, picks) is None


def test_r272_the_basic_ai_scores_units_alone_and_never_plans_a_pair() -> None:
    engine = open_ground()
    basic = RegularAI(engine.battlefield, style="basic")
    basic.choose(player_view(engine, REGULAR))
    assert not any("turn plan" in line_ for line_ in basic.journal)


# -- Overwatch where the Insurgents will act (R273) ---------------------------------------------
def two_teams(*walls: Wall) -> Engine:
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0, walls=walls)
    units = [
        UnitSpec("R1", REGULAR, line(8.0, 24.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        UnitSpec("R2", REGULAR, line(26.0, 24.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        UnitSpec("G", INSURGENT, line(10.0, 8.0, 4), quality=6),
    ]
    return Engine(StagedScenario(Staging(units=units)), battlefield, 7)


def test_r273_overwatch_only_where_a_group_or_its_lane_is_in_sight() -> None:
    engine = two_teams()
    board = Board(player_view(engine, REGULAR), engine.terrain)
    watch = WatchCandidate()
    r1 = board.unit("R1")
    assert r1 is not None
    assert watch.evaluate(Focus(board, r1)) > 6.0
    assert watch.plan == Overwatch(side=REGULAR, unit="R1") and "R273" in watch.why
    assert "watches G" in watch.why
    # a long high wall hides G and the first five inches of its way to the Regulars
    wall = Wall(9, "high wall", ((0.0, 18.0), (36.0, 18.0)), False, WallHeight.HIGH)
    hidden = two_teams(wall)
    board = Board(player_view(hidden, REGULAR), hidden.terrain)
    r1 = board.unit("R1")
    assert r1 is not None
    assert WatchCandidate().evaluate(Focus(board, r1)) == NOTHING
    # the basic AI declared Overwatch all the same with Insurgents within 18" (issue 17 §4)
    basic = OverwatchCandidate()
    assert basic.evaluate(Focus(board, r1)) > 0

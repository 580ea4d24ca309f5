"""The Regular AI and civilians (issue 21; R232, R239): it prices the civilians its fire puts at
risk, never plans a move through a mob, and reasons with a mob within reach."""

from __future__ import annotations

import json
from pathlib import Path

from game.ai.regular import Board, FireCandidate, Focus, RegularAI
from game.battlefield.model import Battlefield
from game.engine.commands import DisperseMob, Fire
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR, MobState
from game.engine.view import player_view
from game.sandbox import run_situation
from game.scenarios.situation import parse_situation
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line

ROOT = Path(__file__).resolve().parents[2]


def staged_fight() -> Engine:
    battlefield = Battlefield("tests/civilians.tmx", "staged", 36.0, 36.0, 32.0)
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(10.0, 30.0, 4)),
            UnitSpec("NEAR", INSURGENT, line(10.0, 22.0, 3), quality=6),
        ]
    )
    return Engine(StagedScenario(staging), battlefield, 7)


def fire_score(engine: Engine) -> float:
    board = Board(player_view(engine, REGULAR), engine.terrain)
    r1 = board.unit("R1")
    assert r1 is not None
    candidate = FireCandidate()
    score = candidate.evaluate(Focus(board, r1))
    assert candidate.execute(Focus(board, r1)) == Fire(side=REGULAR, unit="R1", target="NEAR")
    return score


def test_r239_the_regular_ai_prices_civilians_at_risk_in_its_fire() -> None:
    engine = staged_fight()
    clear = fire_score(engine)
    engine.state.mobs.append(MobState("C1", 13.0, 26.0))  # 2" beside the line of fire
    board = Board(player_view(engine, REGULAR), engine.terrain)
    r1, near = board.unit("R1"), board.unit("NEAR")
    assert r1 is not None and near is not None
    assert board.civilian_risk(r1, board.spot_of(r1), near) == 2 / 8  # 1-2 on its d8
    risky = fire_score(engine)
    assert risky == clear - 60.0 * 2 / 8


def test_r239_the_regular_ai_plans_no_move_through_a_mob() -> None:
    engine = staged_fight()
    engine.state.mobs.append(MobState("C1", 11.35, 27.0))  # 3" ahead of the leader
    board = Board(player_view(engine, REGULAR), engine.terrain)
    r1 = board.unit("R1")
    assert r1 is not None
    assert not board.clear_of_mobs(r1, (r1.leader_point[0], 20.0), "cautious")
    assert board.clear_of_mobs(r1, (r1.leader_point[0] + 6.0, 30.0), "cautious")
    assert all(board.clear_of_mobs(r1, d.to, d.rate) for d in board.destinations(r1, None))


def test_the_regular_ai_reasons_with_a_mob_within_reach() -> None:
    data = json.loads((ROOT / "docs/sandbox/civilians-disperse.json").read_text("utf-8"))
    data["commands"] = []
    run = run_situation(parse_situation(data, base=ROOT), lambda event: None)
    assert run.engine is not None
    ai = RegularAI(run.engine.battlefield)
    assert ai.choose(player_view(run.engine, REGULAR)) == DisperseMob(
        side=REGULAR, unit="R1", mob="C1"
    )
    assert "reasons with civilian mob C1" in ai.journal[-1]


def test_r239_the_insurgent_ai_arms_a_mob_its_leader_touches() -> None:
    from game.ai.controller import InsurgentAI
    from game.engine.commands import InfluenceMob

    data = json.loads((ROOT / "docs/sandbox/civilians-leader-arms-mob.json").read_text("utf-8"))
    data["commands"] = []
    run = run_situation(parse_situation(data, base=ROOT), lambda event: None)
    assert run.engine is not None
    ai = InsurgentAI(run.engine.battlefield, 3)
    command = ai.choose(player_view(run.engine, INSURGENT))
    assert command == InfluenceMob(side=INSURGENT, unit="G", mob="C1", arm=True)
    assert any("tries to arm it" in line for line in ai.log)

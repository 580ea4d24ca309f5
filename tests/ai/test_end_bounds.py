"""The end-state search drops surely seen grid spots before weighing them, yet every move is
the one the full search picks (Insurgent Action Checks, R131; issue 17 §5, solo round 6).

Seeded staged games on the Contracting Trouble map (twelve Insurgent units among five Regular
fireteams, as `tools/bench.py --section ai` stages them) are played by the two AIs; at every
Insurgent move the destination is chosen twice, with and without the dropping, and the two
must be the same command."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from game.ai import controller, end_bounds
from game.ai.regular import RegularAI
from game.battlefield.geometry import Geometry
from game.battlefield.loader import load_battlefield
from game.battlefield.model import Point
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR, GameState
from game.engine.view import player_view
from game.scenarios.staged import StagedScenario, Staging, UnitSpec

ROOT = Path(__file__).resolve().parents[2]


class _ToTheLimit(StagedScenario):
    def finished(self, state: GameState) -> str | None:
        return None


def _staged(seed: int) -> Engine:
    """Five Regular fireteams and twelve Insurgent units of 3-6 figures, seeded, on free
    street-level ground of the Contracting Trouble map (the AI bench's staging)."""
    battlefield = load_battlefield(ROOT / "maps/contracting-trouble.tmx")
    geometry = Geometry(battlefield)
    street = geometry.navigation.street
    rng = random.Random(20261122 + seed)
    specs: list[UnitSpec] = []
    occupied: list[Point] = []
    while len(specs) < 17:
        regular = len(specs) < 5
        leader = (rng.uniform(1.0, geometry.width - 1.0), rng.uniform(1.0, geometry.height - 1.0))
        if geometry.building_at(leader) is not None or not street.free(leader):
            continue
        if any((leader[0] - o[0]) ** 2 + (leader[1] - o[1]) ** 2 < 1.0 for o in occupied):
            continue
        try:
            figures = geometry.place_in_cohesion(
                leader, 5 if regular else rng.randint(3, 6), occupied=occupied
            )
        except ValueError:
            continue
        number = len(specs) + 1 if regular else len(specs) - 4
        specs.append(
            UnitSpec(
                id=f"R{number}" if regular else f"I{number}",
                side=REGULAR if regular else INSURGENT,
                points=list(figures),
            )
        )
        occupied.extend(figures)
    staging = Staging(units=specs, turn_limit=3, insurgency_level="automatic")
    return Engine(_ToTheLimit(staging), battlefield, seed)


def test_dropping_surely_seen_spots_never_changes_a_move(monkeypatch: pytest.MonkeyPatch) -> None:
    full_search = controller.InsurgentAI._best_move
    dropped: list[Point] = []
    compared = 0

    def counting(*args: Any) -> Any:
        test = end_bounds.seen_spot_test(*args)
        if test is None:
            return None

        def seen(spot: Point) -> bool:
            found = test(spot)
            if found:
                dropped.append(spot)
            return found

        return seen

    def both_ways(self: controller.InsurgentAI, *args: Any) -> Any:
        nonlocal compared
        monkeypatch.setattr(controller, "seen_spot_test", lambda *a: None)
        expected = full_search(self, *args)
        monkeypatch.setattr(controller, "seen_spot_test", counting)
        got = full_search(self, *args)
        assert got == expected
        compared += 1
        return got

    monkeypatch.setattr(controller.InsurgentAI, "_best_move", both_ways)
    for seed in (1, 2, 3):
        engine = _staged(seed)
        insurgents = controller.InsurgentAI(engine.battlefield, seed)
        regulars = RegularAI(engine.battlefield)
        while engine.pending is not None:
            side = engine.pending.side
            ai = insurgents if side == INSURGENT else regulars
            engine.apply(ai.choose(player_view(engine, side)))
    assert compared >= 40  # 53 moves weighed in these games
    assert len(dropped) >= 100  # 315 spots dropped: the comparison is not vacuous

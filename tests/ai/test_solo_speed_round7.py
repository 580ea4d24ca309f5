"""Round 7 of the solo AI's speed (issue 17 §5; helper "solo"): exact shortcuts, each checked
against the slow way on seeded situations (docs/measurements/solo-round7.md)."""

from __future__ import annotations

import math
import random

import pytest

from game.ai.controller import InsurgentAI
from game.ai.ranking import _LazyCandidate
from game.ai.world import CONTACT_INCHES, _World, placement_reach
from game.engine.commands import MoveUnit
from game.engine.protocol import MoveRate
from game.engine.state import INSURGENT
from game.engine.terrain import distance
from game.engine.view import player_view
from game.save import new_game, resolve_map


def _slow_in_contact(candidate: _LazyCandidate, world: _World) -> bool:
    """R94 as `_LazyCandidate.in_contact` worked it out before round 7: every Regular base
    measured, the figures placed when one is near enough."""
    bases = world.enemy_bases()
    reach = placement_reach(candidate._unit) + CONTACT_INCHES
    ex, ey = candidate.end
    if all(
        abs(q[0] - ex) >= reach or abs(q[1] - ey) >= reach or distance(q, candidate.end) >= reach
        for q in bases
    ):
        return False
    return any(distance(p, q) < CONTACT_INCHES for p in candidate.position.figures for q in bases)


@pytest.mark.parametrize("scenario", ["contracting-trouble", "sweep-and-clear"])
def test_r94_contact_read_from_the_regulars_box_is_the_slow_answer(scenario: str) -> None:
    """The box around the Regular bases settles "no contact" only where measuring every base
    would: 400 seeded move ends per scenario (some beside the Regulars, most far), each asked
    both ways."""
    map_path, sid = resolve_map(scenario)
    engine = new_game(map_path, sid, 5)
    ai = InsurgentAI(engine.battlefield, 5)
    world = _World(player_view(engine, INSURGENT), ai.terrain, engine.battlefield)
    rng = random.Random(f"contact-{scenario}")
    field = engine.battlefield
    bases = world.enemy_bases()
    units = [u for u in world.insurgents if u.on_table and u.effective_figures]
    assert bases and units
    asked = contact = 0
    while asked < 400:
        unit = rng.choice(units)
        if rng.random() < 0.5:  # beside a Regular base, where the box does not settle it
            q = rng.choice(bases)
            r, a = rng.uniform(0.0, 8.0), rng.uniform(0.0, 2 * math.pi)
            end = (q[0] + r * math.cos(a), q[1] + r * math.sin(a))
        else:
            end = (rng.uniform(0.0, field.width), rng.uniform(0.0, field.height))
        if not ai.terrain.on_table(end) or ai.terrain.blocked_point(end):
            continue
        command = MoveUnit(side=INSURGENT, unit=unit.id, to=end, rate=MoveRate.CAUTIOUS)
        fast = _LazyCandidate(ai, world, unit, command, [unit.leader_point, end], None, [], None)
        slow = _LazyCandidate(ai, world, unit, command, [unit.leader_point, end], None, [], None)
        assert fast.in_contact == _slow_in_contact(slow, world), (unit.id, end)
        contact += fast.in_contact
        asked += 1
    assert contact > 5  # the near half finds contact now and then

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


class _Forgetful(dict):  # type: ignore[type-arg]
    """A placement memo that keeps nothing: every spot is placed afresh (the slow way)."""

    def __setitem__(self, key: object, value: object) -> None:
        return None


def _solo_game_events(seed: int, memo: bool) -> str:
    from game.ai.regular import RegularAI
    from game.engine.state import REGULAR
    from game.headless import play
    from game.opponents import make_controller

    map_path, sid = resolve_map("contracting-trouble")
    engine = new_game(map_path, sid, seed)
    insurgents = make_controller(INSURGENT, "ai", engine.battlefield, seed)
    original = _World.__init__

    def forgetful_init(world: _World, *args: object) -> None:
        original(world, *args)  # type: ignore[arg-type]
        world.placements = _Forgetful()

    if not memo:
        _World.__init__ = forgetful_init  # type: ignore[method-assign]
    try:
        play(engine, {REGULAR: RegularAI(engine.battlefield), INSURGENT: insurgents})
    finally:
        _World.__init__ = original  # type: ignore[method-assign]
    return engine.events_sha256()


def test_a_spot_offered_at_two_rates_is_placed_once_and_as_afresh() -> None:
    """`InsurgentAI._placed` keeps each unit's placement at a spot for the decision: asked
    again it gives the very same figures, which a fresh placement gives too."""
    map_path, sid = resolve_map("contracting-trouble")
    engine = new_game(map_path, sid, 7)
    ai = InsurgentAI(engine.battlefield, 7)
    world = _World(player_view(engine, INSURGENT), ai.terrain, engine.battlefield)
    unit = next(u for u in world.insurgents if u.on_table and len(u.effective_figures) > 2)
    lx, ly = unit.leader_point
    spots = [(lx + dx, ly + dy) for dx in (-3.0, 0.0, 3.0) for dy in (-3.0, 0.0, 3.0)]
    spots = [p for p in spots if ai.terrain.on_table(p) and not ai.terrain.blocked_point(p)]
    assert len(spots) > 3
    for spot in spots:
        first = ai._placed(world, unit, spot)
        assert ai._placed(world, unit, spot) is first
        assert ai._place_at(world, unit, spot) == first
    assert len(world.placements) == len(spots)


@pytest.mark.parametrize("seed", [3])
def test_the_placement_memo_leaves_a_solo_game_unchanged(seed: int) -> None:
    """A whole Contracting Trouble game, solo AI against the Regular AI: the same events with
    every spot placed afresh as with the memo."""
    assert _solo_game_events(seed, memo=True) == _solo_game_events(seed, memo=False)

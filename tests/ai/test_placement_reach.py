"""Issue 17 §5: the solo AI skips placing a move's figures when no Regular base is near enough
for a placed figure to touch it; `placement_reach` must bound where the figures really land."""

from __future__ import annotations

import math

from game.ai.controller import InsurgentAI
from game.ai.world import _World, placement_reach
from game.engine.state import INSURGENT
from game.engine.terrain import distance
from game.engine.view import player_view
from game.save import new_game, resolve_map


def test_placed_figures_stay_within_the_placement_reach_of_the_move_end() -> None:
    map_path, sid = resolve_map("sweep-and-clear")
    engine = new_game(map_path, sid, 3)
    ai = InsurgentAI(engine.battlefield, 8)
    world = _World(player_view(engine, INSURGENT), ai.terrain, engine.battlefield)
    checked = 0
    for unit in world.insurgents:
        bound = placement_reach(unit)
        lx, ly = unit.leader_point
        for k in range(12):
            for r in (2.0, 5.0, 9.0):
                end = (lx + r * math.cos(k * math.pi / 6), ly + r * math.sin(k * math.pi / 6))
                if not ai.terrain.on_table(end) or ai.terrain.blocked_point(end):
                    continue
                placed = ai._placed(world, unit, end)
                assert all(distance(p, end) <= bound for p in placed.figures), (unit.id, end)
                checked += 1
    assert checked > 50

"""The Regular AI's own move destinations respect a spotted IED (R281) the way the engine
checks it: the whole route up to the rate's allowance, not only the first stretch.

Found by the round-5 Commander run (Midnight at the Alamo seed 158, `--insurgents commander`):
the team AI offered Alpha fireteam a cautious move whose route ended 3.45" from the IED Bravo
fireteam had spotted; its filter walked the route only as far as the straight-line distance of
the candidate, so the engine refused the move and the game stopped."""

from __future__ import annotations

import json
from pathlib import Path

from game.ai.regular import Board
from game.engine import card_paths
from game.engine.commands import command_from_json
from game.engine.view import player_view
from game.rules.movement import allowance
from game.save import new_game, resolve_map


def test_r281_every_destination_offered_where_the_bug_was_found_keeps_clear_of_the_ied() -> None:
    """The position of the game that found the bug (Midnight seed 158 with the Commander, as
    played at the time: its first 88 commands, kept as data because later play of that seed
    differs), and every destination the team AI's filter lets by for every Regular unit, at
    each rate: the whole route up to the rate's allowance keeps 4" clear of the IED."""
    path, scenario = resolve_map("midnight-at-the-alamo")
    engine = new_game(path, scenario, 158)
    data = Path(__file__).parent / "data" / "midnight-158-commander-first-88-commands.json"
    for raw in json.loads(data.read_text(encoding="utf-8")):
        engine.apply(command_from_json(raw))
    assert card_paths.ied_markers(engine.state) == [(7.1, 15.5)]
    pending = engine.pending
    assert pending is not None and pending.side == "regular"
    board = Board(player_view(engine, "regular"), engine.terrain)
    offered = 0
    for uid, state in engine.state.units.items():
        unit = board.unit(uid)
        if state.side != "regular" or unit is None or not state.figures:
            continue
        for d in board._destinations_of(unit, board.goal_for(unit)):
            route = engine.terrain.path(unit.leader_point, d.to)
            assert card_paths.ied_refused(engine.state, state, route, allowance(d.rate)) == ""
            offered += 1
    assert offered > 20

"""The Regular AI's own move destinations respect a spotted IED (R281) the way the engine
checks it: the whole route up to the rate's allowance, not only the first stretch.

Found by the round-5 Commander run (Midnight at the Alamo seed 158, `--insurgents commander`):
the team AI offered Alpha fireteam a cautious move whose route ended 3.45" from the IED Bravo
fireteam had spotted; its filter walked the route only as far as the straight-line distance of
the candidate, so the engine refused the move and the game stopped."""

from __future__ import annotations

from game.ai.regular import RegularAI
from game.engine import card_paths
from game.engine.commands import MoveUnit
from game.engine.view import player_view
from game.headless import play
from game.opponents import make_controller
from game.rules.movement import allowance
from game.save import new_game, resolve_map


def test_r281_the_team_ai_moves_no_unit_within_4_inches_of_a_spotted_ied() -> None:
    path, scenario = resolve_map("midnight-at-the-alamo")
    engine = new_game(path, scenario, 158)
    regular = RegularAI(engine.battlefield, style="ai")
    insurgent = make_controller("insurgent", "commander", engine.battlefield, 158)
    play(engine, {"regular": regular, "insurgent": insurgent}, stop_after_command=88)
    assert card_paths.ied_markers(engine.state) == [(7.1, 15.5)]  # Bravo spotted it at T0
    pending = engine.pending
    assert pending is not None and pending.side == "regular"
    command = regular.choose(player_view(engine, "regular"))
    pending.accepts(command)  # raised IllegalCommand (R281) before the fix
    if isinstance(command, MoveUnit):
        unit = engine.state.units[command.unit]
        route = engine.terrain.path(unit.leader_point, tuple(command.to))
        assert card_paths.ied_refused(engine.state, unit, route, allowance(command.rate)) == ""

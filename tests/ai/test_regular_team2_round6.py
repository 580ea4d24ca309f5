"""The team Regular AI, round 6 (issue 17 §4, helper team2): play principles found by reading the
Turkey Shoot and Midnight at the Alamo games the team AI lost to the basic one (R380-R389). Each
test sets up the situation and asserts the better choice."""

from __future__ import annotations

from game.ai.rca import NOTHING, Pick
from game.ai.regular_board import W_THREAT, Board
from game.ai.regular_candidates import FireCandidate, Focus, default_candidates
from game.ai.regular_team import team_candidates
from game.ai.regular_vehicles import BoardCandidate
from game.ai.team_exposure import DRAWN, DrawnFireCandidate
from game.ai.team_goals import TeamBoard
from game.ai.team_mission import (
    GetOutCandidate,
    WalkNotRideCandidate,
    immobilized,
    is_mission_unit,
    mission_last,
    team_vehicle_candidates,
    without_mission_unit,
)
from game.battlefield.model import Battlefield
from game.engine.commands import Command, Dismount, EndActivation, Mount, MoveUnit
from game.engine.engine import Engine
from game.engine.protocol import MoveRate
from game.engine.state import INSURGENT, REGULAR
from game.engine.view import player_view
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line

Picks = list[tuple[float, str, Pick[Command]]]


def _sniper_and_escort(*, mission: bool = True, done: bool = False) -> Board:
    """A two-man sniper team S and a fireteam R1 south of a group of gunmen, in a scenario that
    publishes a fire mission (Turkey Shoot's objectives) or not."""
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0)
    units = [
        UnitSpec("S", REGULAR, line(10.0, 30.0, 2), kinds=["sniper", "rifle"], quality=10),
        UnitSpec("R1", REGULAR, line(20.0, 30.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        UnitSpec("G", INSURGENT, line(15.0, 18.0, 5), quality=6),
    ]
    engine = Engine(StagedScenario(Staging(units=units)), battlefield, 7)
    if mission:
        engine.state.objectives["fire_mission"] = True
    if done:
        engine.state.tally["fire_mission_done"] = 1
    return Board(player_view(engine, REGULAR), engine.terrain)


def _move(unit: str, score: float) -> tuple[float, str, Pick[Command]]:
    command = MoveUnit(side=REGULAR, unit=unit, to=(15.0, 26.0), rate=MoveRate.CAUTIOUS)
    return (score, unit, Pick("pursue the objective", score, f"{unit} heads north", command))


def _hold(unit: str) -> tuple[float, str, Pick[Command]]:
    return (0.0, unit, Pick("hold", 0.0, "nothing better", EndActivation(side=REGULAR, unit=unit)))


def test_r380_the_sniper_team_moves_after_its_escorts_while_the_mission_is_due() -> None:
    board = _sniper_and_escort()
    sniper = board.unit("S")
    assert sniper is not None and is_mission_unit(board, sniper)
    picks: Picks = [_move("S", 86.0), _move("R1", 77.0)]
    ordered, note = mission_last(board, picks)
    assert [uid for _, uid, _ in ordered] == ["R1", "S"]  # the fireteam walks in first
    assert "S lets the others act first" in note and "(R380)" in note


def test_r380_the_sniper_team_still_goes_in_its_turn_when_no_one_else_acts() -> None:
    board = _sniper_and_escort()
    picks: Picks = [_move("S", 86.0), _hold("R1")]
    assert mission_last(board, picks) == (picks, "")  # no turn of the mission is lost


def test_r380_without_a_fire_mission_the_order_is_the_scores() -> None:
    picks: Picks = [_move("S", 86.0), _move("R1", 77.0)]
    no_mission = _sniper_and_escort(mission=False)
    sniper = no_mission.unit("S")
    assert sniper is not None and not is_mission_unit(no_mission, sniper)
    assert mission_last(no_mission, picks) == (picks, "")


def _holding(*, hold: bool) -> tuple[Board, Focus]:
    """A fireteam R1 in the open with three groups of gunmen in sight of it: any shot it takes
    invites their interruptions."""
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0)
    units = [
        UnitSpec("R1", REGULAR, line(18.0, 30.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        UnitSpec("G1", INSURGENT, line(6.0, 20.0, 2), quality=6),
        UnitSpec("G2", INSURGENT, line(18.0, 21.0, 6), quality=6),
        UnitSpec("G3", INSURGENT, line(30.0, 20.0, 6), quality=6),
    ]
    engine = Engine(StagedScenario(Staging(units=units)), battlefield, 7)
    if hold:
        engine.state.objectives["hold_objectives"] = True
    board = Board(player_view(engine, REGULAR), engine.terrain)
    unit = board.unit("R1")
    assert unit is not None
    return board, Focus(board, unit)


def test_r381_a_unit_holding_a_position_weighs_the_fire_its_shot_draws() -> None:
    board, focus = _holding(hold=True)
    unit = focus.unit
    basic, team = FireCandidate(), DrawnFireCandidate()
    plain = basic.evaluate(focus)
    drawn = DRAWN * board.threat(unit, board.spot_of(unit), stationary=True)
    assert drawn > 0.5  # three groups see R1 where it stands
    assert team.evaluate(focus) == plain - W_THREAT * drawn
    assert team.plan == basic.plan  # the same target, at a price
    assert "firing draws the fire of the groups in sight" in team.why and "(R381)" in team.why


def test_r381_where_the_regulars_must_go_somewhere_fire_is_weighed_as_before() -> None:
    _, focus = _holding(hold=False)
    assert DrawnFireCandidate().evaluate(focus) == FireCandidate().evaluate(focus)


def test_r381_the_team_ai_plays_the_drawn_fire_candidate_and_the_basic_ai_does_not() -> None:
    assert any(isinstance(c, DrawnFireCandidate) for c in team_candidates())
    assert not any(isinstance(c, DrawnFireCandidate) for c in default_candidates())


def _turkey_shoot_lvtp(*, mobility_failures: int) -> tuple[Engine, Board, Focus]:
    """Turkey Shoot's start (the LVTP at the south edge with the squad and the snipers aboard),
    the LVTP with `mobility_failures` Mobility breakdowns; the board of its first activation."""
    from dataclasses import replace

    from game.engine import vehicles
    from game.save import new_game, resolve_map

    map_path, scenario_id = resolve_map("turkey-shoot")
    engine = new_game(map_path, scenario_id, 1, turn_limit=10)
    lvtp = next(u for u in engine.state.units.values() if u.name == "LVTP")
    rec = vehicles.record(engine.state, lvtp.id)
    assert rec is not None
    broken = replace(rec.state, mobility_failures=mobility_failures)
    vehicles.save(engine.state, lvtp.id, replace(rec, damage=broken.to_json()))
    board = TeamBoard(player_view(engine, REGULAR), engine.terrain)
    unit = board.unit(lvtp.id)
    assert unit is not None
    return engine, board, Focus(board, unit)


def test_r382_a_vehicle_that_cannot_drive_lets_its_passengers_out_the_snipers_first() -> None:
    _, board, focus = _turkey_shoot_lvtp(mobility_failures=2)
    assert immobilized(board, focus.unit.id)
    riders = board.state.vehicles[focus.unit.id]["passengers"]
    assert len(riders) == 4
    out_at = (11.5, 20.0)  # a spot beside the hull (the engine offers such Dismounts)
    offered = [Dismount(side=REGULAR, unit=focus.unit.id, passenger=r, to=out_at) for r in riders]
    board._by_unit = {focus.unit.id: list(offered)}
    get_out = GetOutCandidate()
    assert get_out.evaluate(focus) > 120.0  # above the APC's drive and drop (110-123)
    plan = get_out.plan
    assert isinstance(plan, Dismount)
    sniper = board.unit(plan.passenger)
    assert sniper is not None and sniper.name == "Sniper team"
    assert "can no longer drive" in get_out.why and "(R382)" in get_out.why
    # one Mobility breakdown only slows it: the passengers ride on
    _, board, focus = _turkey_shoot_lvtp(mobility_failures=1)
    assert not immobilized(board, focus.unit.id)
    riders = board.state.vehicles[focus.unit.id]["passengers"]
    board._by_unit = {
        focus.unit.id: [
            Dismount(side=REGULAR, unit=focus.unit.id, passenger=r, to=(11.5, 20.0)) for r in riders
        ]
    }
    assert GetOutCandidate().evaluate(focus) == NOTHING


def test_r382_no_unit_boards_a_vehicle_that_cannot_drive_for_the_ride_out() -> None:
    engine, board, _ = _turkey_shoot_lvtp(mobility_failures=2)
    board.state.tally["fire_mission_done"] = 1  # the board's copy of the view
    lvtp = next(u for u in board.regulars if u.name == "LVTP")
    rider = board.unit(engine.state.vehicles[lvtp.id]["passengers"][0])
    assert rider is not None
    mount = Mount(side=REGULAR, unit=rider.id, vehicle=lvtp.id)
    focus = Focus(board, rider)
    board._by_unit = {rider.id: [mount]}
    assert BoardCandidate().evaluate(focus) == 115.0  # the basic AI would board it
    assert WalkNotRideCandidate().evaluate(focus) == NOTHING
    assert any(isinstance(c, GetOutCandidate) for c in team_vehicle_candidates())


def test_r383_the_sniper_team_is_never_paired_in_fire_and_movement() -> None:
    board = _sniper_and_escort(done=True)  # the mission done: the escort off is still due
    picks = {uid: pick for _, uid, pick in [_move("S", 50.0), _move("R1", 40.0)]}
    assert set(without_mission_unit(board, picks)) == {"R1"}
    ordered, note = mission_last(board, [_move("S", 50.0), _move("R1", 40.0)])
    assert [uid for _, uid, _ in ordered] == ["R1", "S"]
    assert "it is to be escorted off (R383)" in note
    assert set(without_mission_unit(_sniper_and_escort(mission=False), picks)) == {"S", "R1"}

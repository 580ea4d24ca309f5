"""The team Regular AI, round 5 (issue 17 §4, helper team): play principles found by reading the
Hornet's Nest games the team AI lost to the basic one (R360-R365). Each test sets up the
situation and asserts the better choice; the basic AI keeps its old one."""

from __future__ import annotations

from game.ai.rca import Pick
from game.ai.regular import Board, RegularAI
from game.ai.regular_board import W_CIVILIAN
from game.ai.regular_candidates import FireCandidate, Focus
from game.ai.regular_team import at_its_hot_spot, fire_and_movement, fire_costs, net_shot
from game.ai.team_goals import CROWD_WEIGHT, ESCORT_LEAD, POI_DANGER, TeamBoard
from game.battlefield.model import Battlefield, Edge, Wall, WallHeight
from game.engine.commands import Command, EndActivation, Fire, MoveUnit
from game.engine.engine import Engine
from game.engine.protocol import MoveRate
from game.engine.state import INSURGENT, REGULAR, ContractorStatus, MobState
from game.engine.terrain import distance
from game.engine.view import player_view
from game.scenarios.staged import UnitSpec, line
from tests.ai.test_regular_ai import fireteam, gunmen, staged
from tests.ai.test_regular_team import open_ground


def _gap_in_a_wall(carrying: list[str]) -> tuple[Engine, TeamBoard, Board]:
    """A high wall along x=14 with a 2" gap at y=24-26; six gunmen east of it at (20, 25) see
    through the gap only the stretch of the street x=8 near y=25. R1 walks north up that street
    from y=31 to y=19: its start and its end are hidden, the middle of its walk is not."""
    walls = (
        Wall(1, "high wall", ((14.0, 0.0), (14.0, 24.0)), False, WallHeight.HIGH),
        Wall(2, "high wall", ((14.0, 26.0), (14.0, 36.0)), False, WallHeight.HIGH),
    )
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0, walls=walls)
    engine = staged(
        battlefield,
        UnitSpec("R1", REGULAR, [(8.0, 31.0), (7.2, 31.0), (8.8, 31.0)], kinds=["rifle"] * 3),
        UnitSpec("G", INSURGENT, [(20.0, 25.0), (20.5, 25.5), (20.5, 24.5)], quality=6),
    )
    engine.state.units["R1"].dependants[:] = carrying
    view = player_view(engine, REGULAR)
    return engine, TeamBoard(view, engine.terrain), Board(view, engine.terrain)


def test_r360_the_poi_carrier_counts_the_fire_its_walk_draws_not_only_its_end() -> None:
    _, team, basic = _gap_in_a_wall(["poi"])
    r1 = team.unit("R1")
    assert r1 is not None
    end = team.ghost(r1, (8.0, 19.0))
    middle = team.ghost(r1, (8.0, 25.0))
    # the end is hidden and so is the start: the basic AI sees no danger in the move
    assert basic.threat(r1, end, stationary=False) == 0.0
    assert basic.threat(r1, middle, stationary=False) > 0.1  # but G sees the walk's middle
    walked = team.threat_on_the_way(r1, end)
    assert walked == basic.threat(r1, middle, stationary=False)
    assert team.threat(r1, end, stationary=False) == POI_DANGER * walked
    # a unit carrying no POI weighs a move by where it stops (R373 as amended at the merge)
    _, team, basic = _gap_in_a_wall([])
    r1 = team.unit("R1")
    assert r1 is not None
    assert team.threat(r1, team.ghost(r1, (8.0, 19.0)), stationary=False) == 0.0


def _poi_escort_at_turn(turn: int) -> tuple[TeamBoard, Board]:
    """R1 carries the POI 19" from the south exit edge (four Cautious moves), in sight of six
    gunmen, at turn `turn` of 10."""
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0, exit_edges=(Edge.SOUTH,))
    engine = staged(battlefield, fireteam("R1", 10.0, 17.0), gunmen("G", 24.0, 20.0, 6))
    engine.state.units["R1"].dependants[:] = ["poi"]
    engine.state.turn = turn
    view = player_view(engine, REGULAR)
    return TeamBoard(view, engine.terrain), Board(view, engine.terrain)


def test_r361_the_poi_escort_stops_waiting_when_the_walk_needs_the_turns_left() -> None:
    team, basic = _poi_escort_at_turn(3)  # 8 turns left, the walk needs 4: time to wait
    r1 = team.unit("R1")
    assert r1 is not None
    assert team.poi_care(r1) == POI_DANGER
    here = basic.threat(r1, basic.spot_of(r1), stationary=True)
    assert here > 0.1
    assert team.threat(r1, team.spot_of(r1), stationary=True) == POI_DANGER * here
    team, basic = _poi_escort_at_turn(6)  # 5 turns left, the walk needs 4: go now
    r1 = team.unit("R1")
    assert r1 is not None
    assert team.poi_care(r1) == 1.0
    assert team.threat(r1, team.spot_of(r1), stationary=True) == here


def test_r362_suppressing_fire_weighs_the_civilians_near_its_line_as_any_shot() -> None:
    engine = open_ground()
    move = MoveUnit(side=REGULAR, unit="R1", to=(5.0, 24.0), rate=MoveRate.CAUTIOUS)
    assert engine.pending is not None
    engine.pending.accepts(move)
    picks: dict[str, Pick[Command]] = {
        "R1": Pick("pursue the objective", 40.0, "heads north", move),
        "R2": Pick("hold", 0.0, "nothing better", EndActivation(side=REGULAR, unit="R2")),
    }
    clear = fire_and_movement(Board(player_view(engine, REGULAR), engine.terrain), picks)
    assert clear is not None and clear.pick.plan == Fire(side=REGULAR, unit="R2", target="G")
    # a civilian mob on R2's line of fire to G (R2 at x=20-22.7, y=32; G at y=18)
    engine.state.mobs.append(MobState("C1", 21.0, 25.0))
    board = Board(player_view(engine, REGULAR), engine.terrain)
    r2, g = board.unit("R2"), board.unit("G")
    assert r2 is not None and g is not None
    cost = fire_costs(board, r2, g)
    assert cost == W_CIVILIAN * board.civilian_risk(r2, board.spot_of(r2), g) > 0.0
    crowded = fire_and_movement(board, picks)
    assert crowded is None or crowded.pick.score <= clear.pick.score - cost + 1e-6


def _escorts(lead_units: int) -> TeamBoard:
    """Contracting Trouble's situation: R1 holds a contractor and must take it off by the south
    edge, 20" away; the other fireteams have no contractor left to fetch."""
    battlefield = Battlefield(
        "tests/regular_ai.tmx", "staged", 36.0, 36.0, 32.0, exit_edges=(Edge.SOUTH,)
    )
    units = [fireteam("R1", 10.0, 12.0)]
    units += [fireteam(f"R{2 + i}", 20.0 + 4.0 * i, 4.0) for i in range(lead_units)]
    engine = staged(
        battlefield,
        *units,
        gunmen("G", 30.0, 30.0, 3),
        contractors=[(10.5, 12.5)],
        contractor_rules=True,
    )
    c = engine.state.contractors[0]
    c.status, c.holder = ContractorStatus.HELD, "R1"
    engine.state.units["R1"].dependants[:] = ["contractor"]
    return TeamBoard(player_view(engine, REGULAR), engine.terrain)


def test_r363_escorts_go_ahead_of_the_carrier_each_at_its_own_distance() -> None:
    team = _escorts(2)
    basic = Board(team.view, team.terrain)
    r1 = team.unit("R1")
    assert r1 is not None
    for uid in ("R2", "R3"):
        unit = team.unit(uid)
        assert unit is not None
        old = basic.goal_for(unit)
        assert old is not None and old.label == "escort R1" and old.point == r1.leader_point
    r2, r3 = team.unit("R2"), team.unit("R3")
    assert r2 is not None and r3 is not None
    g2, g3 = team.goal_for(r2), team.goal_for(r3)
    assert g2 is not None and g3 is not None
    assert g2.label == g3.label == "the way ahead of R1"
    # on R1's walk south to the exit, 5" and 9" ahead of it: not onto it, not onto each other
    assert abs(distance(r1.leader_point, g2.point) - ESCORT_LEAD[0]) < 0.3
    assert abs(distance(r1.leader_point, g3.point) - sum(ESCORT_LEAD)) < 0.3
    assert g2.point[1] > r1.leader_point[1] and g3.point[1] > g2.point[1]
    # the carrier's own goal is the same exit point (hurried since round 6, R371)
    g1, b1 = team.goal_for(r1), basic.goal_for(r1)
    assert g1 is not None and b1 is not None
    assert (g1.point, g1.reach, g1.arrival_bonus) == (b1.point, b1.reach, b1.arrival_bonus)


def test_r364_the_danger_of_a_spot_is_capped_at_the_figures_standing_there() -> None:
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0)
    engine = staged(
        battlefield,
        UnitSpec("R1", REGULAR, line(10.0, 20.0, 2), kinds=["rifle"] * 2),
        *(gunmen(f"G{i}", 4.0 + 6.0 * i, 26.0, 8) for i in range(4)),
    )
    view = player_view(engine, REGULAR)
    team, basic = TeamBoard(view, engine.terrain), Board(view, engine.terrain)
    r1 = team.unit("R1")
    assert r1 is not None
    plain = basic.threat(r1, basic.spot_of(r1), stationary=False)
    assert plain > 2.0  # four groups of eight each expect most of the two figures
    assert team.threat(r1, team.spot_of(r1), stationary=False) == 2.0


def test_r365_a_unit_about_to_reach_its_hot_spot_is_not_taken_to_suppress() -> None:
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0)
    engine = staged(
        battlefield,
        fireteam("R1", 10.0, 20.0),
        gunmen("G", 24.0, 10.0, 4),
        hot_spots={1: (10.0, 16.0)},
    )
    board = TeamBoard(player_view(engine, REGULAR), engine.terrain)
    r1 = board.unit("R1")
    assert r1 is not None
    goal = board.goal_for(r1)
    assert goal is not None and goal.label == "hot spot 1"
    there = MoveUnit(side=REGULAR, unit="R1", to=(10.0, 16.5), rate=MoveRate.CAUTIOUS)
    assert at_its_hot_spot(board, r1, Pick("pursue the objective", 40.0, "", there))
    away = MoveUnit(side=REGULAR, unit="R1", to=(10.0, 30.0), rate=MoveRate.CAUTIOUS)
    assert not at_its_hot_spot(board, r1, Pick("move to better cover", 20.0, "", away))
    hold = EndActivation(side=REGULAR, unit="R1")
    assert not at_its_hot_spot(board, r1, Pick("hold", 0.0, "", hold))


def test_r366_a_spot_behind_a_friend_offers_no_shot() -> None:
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0)
    engine = staged(
        battlefield,
        fireteam("R1", 10.0, 30.0),
        fireteam("R2", 10.0, 22.0),  # straight between R1 and the gunmen
        gunmen("G", 10.0, 12.0, 4),
    )
    view = player_view(engine, REGULAR)
    team, basic = TeamBoard(view, engine.terrain), Board(view, engine.terrain)
    r1 = team.unit("R1")
    assert r1 is not None
    behind = team.ghost(r1, (10.0, 28.0))
    beside = team.ghost(r1, (20.0, 24.0))
    assert basic.best_shot(r1, behind) > 0.3  # the basic AI counts the shot through R2
    assert team.best_shot(r1, behind) == 0.0  # R2 stands in the line of fire (R6, R278)
    assert team.best_shot(r1, beside) == basic.best_shot(r1, beside) > 0.3


def test_r367_interruption_fire_takes_off_the_civilians_it_puts_at_risk() -> None:
    engine = open_ground()
    engine.state.mobs.append(MobState("C1", 21.0, 25.0))  # on R2's line of fire to G
    board = Board(player_view(engine, REGULAR), engine.terrain)
    r2, g = board.unit("R2"), board.unit("G")
    assert r2 is not None and g is not None
    e = board.fire_value(r2, board.spot_of(r2), g)
    risk = board.civilian_risk(r2, board.spot_of(r2), g)
    assert risk > 0.0
    net, cost = net_shot(board, r2, g, e)
    assert cost == W_CIVILIAN * risk / 15.0 and net == e - cost
    team, basic = RegularAI(engine.battlefield), RegularAI(engine.battlefield, style="basic")
    assert basic._shot(board, r2, g) == e  # the basic AI fires as before (return fire, Overwatch)
    assert team._shot(board, r2, g) == net < e
    assert "passes near civilians" in team.journal[-1] and "(R367)" in team.journal[-1]
    # with no crowd near the line, the same shot is worth the same to both
    engine.state.mobs.clear()
    board = Board(player_view(engine, REGULAR), engine.terrain)
    assert team._shot(board, r2, g) == basic._shot(board, r2, g) == e


def test_r368_the_team_ai_takes_no_shot_past_a_crowd() -> None:
    engine = open_ground()
    engine.state.mobs.append(MobState("C1", 21.0, 25.0))  # on R2's line of fire to G
    view = player_view(engine, REGULAR)
    basic, team = Board(view, engine.terrain), TeamBoard(view, engine.terrain)
    r2, g = team.unit("R2"), team.unit("G")
    assert r2 is not None and g is not None
    risk = basic.civilian_risk(r2, basic.spot_of(r2), g)
    assert risk > 0.0
    assert team.civilian_risk(r2, team.spot_of(r2), g) == CROWD_WEIGHT * risk
    shot_basic, shot_team = FireCandidate(), FireCandidate()
    score_basic = shot_basic.evaluate(Focus(basic, r2))
    score_team = shot_team.evaluate(Focus(team, r2))
    assert score_basic > 0.0  # the basic AI still fires past the crowd...
    assert score_team < 0.0  # ...the team AI would rather hold (score 0)
    net, _ = net_shot(team, r2, g, team.fire_value(r2, team.spot_of(r2), g))
    assert net < 0.0  # and it does not answer an interruption with that shot either (R367)

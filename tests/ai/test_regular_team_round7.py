"""The team Regular AI, round 7 (issue 17 §4, helper team): play principles found by reading the
Contracting Trouble and Turkey Shoot games the team AI lost to the basic one (R373-R379). Each
test sets up the situation and asserts the better choice; the basic AI keeps its old one."""

from __future__ import annotations

from dataclasses import replace

from game.ai.regular import Board, RegularAI
from game.ai.regular_board import W_THREAT
from game.ai.regular_candidates import FireCandidate, Focus
from game.ai.team_escort_off import (
    DRAWN_SHARE,
    ESCORT_OFF_CARE,
    CarefulBoardCandidate,
    drawn_fire,
    to_be_escorted_off,
)
from game.ai.team_exposure import DrawnFireCandidate
from game.ai.team_goals import TeamBoard
from game.ai.team_mission import WalkNotRideCandidate
from game.ai.team_walk import danger_on_the_walk
from game.battlefield.model import Battlefield, Edge, Wall, WallHeight
from game.engine.commands import Answer, Mount
from game.engine.engine import Engine
from game.engine.protocol import DecisionKind
from game.engine.state import INSURGENT, REGULAR
from game.engine.view import PlayerView, player_view
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line
from tests.ai.test_regular_ai import staged


def _setting_off_in_sight(
    start_y: float, dependants: tuple[str, ...] = ()
) -> tuple[TeamBoard, Board]:
    """A high wall along x=14 with a 2" gap at y=24-26; six gunmen east of it at (20, 25) see
    through the gap only the stretch of the street x=8 near y=25. R1 (three riflemen) stands in
    that street at y=`start_y` and the exit edge is the north one."""
    walls = (
        Wall(1, "high wall", ((14.0, 0.0), (14.0, 24.0)), False, WallHeight.HIGH),
        Wall(2, "high wall", ((14.0, 26.0), (14.0, 36.0)), False, WallHeight.HIGH),
    )
    battlefield = Battlefield(
        "t.tmx", "staged", 36.0, 36.0, 32.0, walls=walls, exit_edges=(Edge.NORTH,)
    )
    engine = staged(
        battlefield,
        UnitSpec(
            "R1",
            REGULAR,
            [(8.0, start_y), (7.2, start_y), (8.8, start_y)],
            kinds=["rifle"] * 3,
        ),
        UnitSpec("G", INSURGENT, [(20.0, 25.0), (20.5, 25.5), (20.5, 24.5)], quality=6),
    )
    engine.state.units["R1"].dependants[:] = list(dependants)
    view = player_view(engine, REGULAR)
    return TeamBoard(view, engine.terrain), Board(view, engine.terrain)


def test_r373_a_move_that_sets_off_in_sight_counts_the_interruption_where_it_starts() -> None:
    """Interruptions; Insurgent Action Checks ("Regulars move or fire in LOS"); Cover Dice.
    Contracting Trouble seed 24 (round 7): a fireteam walked from cover to cover across a
    group's view and was shot as it set off. R1 stands in the gunmen's view and walks 6" north
    out of it: the walk's reading (`danger_on_the_walk`) counts the gunmen's shot at the unit as
    it sets off, moving (no In Cover die). As amended at the merge, only the POI carrier weighs
    its moves by it (R360's unit): for every unit it cost Hornet's Nest 5.4 VP a game."""
    team, basic = _setting_off_in_sight(25.0, ("poi",))
    r1 = team.unit("R1")
    assert r1 is not None
    end = team.ghost(r1, (8.0, 19.0))
    start = team.ghost(r1, (8.0, 25.0))
    assert basic.threat(r1, end, stationary=False) == 0.0  # the end is hidden from G
    shot = basic.threat(r1, start, stationary=False)
    assert shot > 0.1  # G sees where R1 sets off
    assert danger_on_the_walk(team, r1, end) == shot
    assert team.threat(r1, end, stationary=False) == min(shot, 3.0) * team.poi_care(r1)
    # a unit carrying no POI weighs the move by where it stops, as the basic AI does
    team, basic = _setting_off_in_sight(25.0)
    r1 = team.unit("R1")
    assert r1 is not None
    end = team.ghost(r1, (8.0, 19.0))
    here = team.spot_of(r1)  # and standing where it is, R1 keeps its cover figure
    assert team.threat(r1, here, stationary=True) == basic.threat(r1, here, stationary=True)
    assert danger_on_the_walk(team, r1, end) == shot
    assert team.threat(r1, end, stationary=False) == basic.threat(r1, end, stationary=False) == 0.0
    # set off out of sight (y=31), the POI carrier's walk north is weighed by its middle (R360)
    team, basic = _setting_off_in_sight(31.0, ("poi",))
    r1 = team.unit("R1")
    assert r1 is not None
    middle = team.ghost(r1, (8.0, 25.0))
    assert team.threat_on_the_way(r1, team.ghost(r1, (8.0, 25.5))) >= (
        basic.threat(r1, middle, stationary=False) - 1e-9
    )


def _sniper_near_gunmen(*, done: bool, mission: bool = True) -> Engine:
    """A two-man sniper team S and a fireteam R1, five gunmen G 8" north of them in the open,
    in a scenario that publishes a fire mission (Turkey Shoot's objectives), done or not."""
    battlefield = Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0, exit_edges=(Edge.SOUTH,))
    units = [
        UnitSpec("S", REGULAR, line(14.0, 26.0, 2), kinds=["sniper", "rifle"], quality=10),
        UnitSpec("R1", REGULAR, line(22.0, 30.0, 4), kinds=["rifle", "rgl", "saw", "rifle"]),
        UnitSpec("G", INSURGENT, line(15.0, 18.0, 5), quality=6),
    ]
    engine = Engine(StagedScenario(Staging(units=units)), battlefield, 7)
    if mission:
        engine.state.objectives["fire_mission"] = True
    if done:
        engine.state.tally["fire_mission_done"] = 1
    return engine


def _helpers_view(engine: Engine) -> PlayerView:
    """G interrupts R1: S may react for it (the engine's HELPERS decision), or no one."""
    view = player_view(engine, REGULAR)
    return replace(
        view,
        decision={"kind": DecisionKind.HELPERS, "context": {"insurgent": "G"}},
        legal=[Answer(side=REGULAR, choice=[]), Answer(side=REGULAR, choice=["S"])],
    )


def test_r374_the_sniper_team_never_reacts_for_a_friend() -> None:
    """Regular Reaction to Interruptions; Scenario 2: Turkey Shoot (seeds 9 and 15, round 7).
    The basic AI sends the sniper team's good shot to help a friend; the team AI keeps the two
    men out of it, the mission due or done; without a fire mission S is any unit and helps."""
    for done in (False, True):
        view = _helpers_view(_sniper_near_gunmen(done=done))
        basic = RegularAI(Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0), style="basic")
        assert basic.choose(view) == Answer(side=REGULAR, choice=["S"])
        team = RegularAI(Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0))
        assert team.choose(view) == Answer(side=REGULAR, choice=[])
        assert "no helper" in team.journal[-1]
    view = _helpers_view(_sniper_near_gunmen(done=True, mission=False))
    team = RegularAI(Battlefield("t.tmx", "staged", 36.0, 36.0, 32.0))
    assert team.choose(view) == Answer(side=REGULAR, choice=["S"])


def test_r375_the_sniper_team_its_mission_done_weighs_danger_with_the_pois_care() -> None:
    """Scenario 2: Turkey Shoot (Victory Conditions: a sniper escorted off, the team lost);
    R324's care. In sight of five gunmen, the team's danger counts four times over once the
    mission is done (not while it is due: R380 orders it then), and once when its walk to the
    exit needs every turn left (R361's clock); a fireteam's counts once."""
    engine = _sniper_near_gunmen(done=True)
    board = TeamBoard(player_view(engine, REGULAR), engine.terrain)
    plain = Board(player_view(engine, REGULAR), engine.terrain)
    s, r1 = board.unit("S"), board.unit("R1")
    assert s is not None and r1 is not None and to_be_escorted_off(board, s)
    here = board.spot_of(s)
    raw = min(plain.threat(s, here, stationary=True), 2.0)
    assert raw > 0.1
    assert board.threat(s, here, stationary=True) == ESCORT_OFF_CARE * raw
    assert board.threat(r1, board.spot_of(r1), stationary=True) == min(
        plain.threat(r1, plain.spot_of(r1), stationary=True), 4.0
    )
    engine.state.turn = engine.state.turn_limit  # no time left to wait
    late = TeamBoard(player_view(engine, REGULAR), engine.terrain)
    s_late = late.unit("S")
    assert s_late is not None
    assert late.threat(s_late, late.spot_of(s_late), stationary=True) == raw
    due = TeamBoard(player_view(_sniper_near_gunmen(done=False), engine.terrain), engine.terrain)
    s_due = due.unit("S")
    assert s_due is not None and not to_be_escorted_off(due, s_due)
    assert due.threat(s_due, due.spot_of(s_due), stationary=True) == raw


def test_r375_the_sniper_team_weighs_its_run_to_the_apc_and_the_fire_its_shot_draws() -> None:
    """Loading and Unloading Passengers (R218, R220: boarding is a Rapid run that may be
    interrupted); R381's drawn fire. Turkey Shoot seed 9 (round 7): the team ran for the LVTP
    in sight of two groups and one volley took both men."""
    engine = _sniper_near_gunmen(done=True)
    board = TeamBoard(player_view(engine, REGULAR), engine.terrain)
    s = board.unit("S")
    assert s is not None
    mount = Mount(side=REGULAR, unit="S", vehicle="V")
    board._by_unit = {"S": [mount]}
    focus = Focus(board, s)
    plain = WalkNotRideCandidate().evaluate(focus)
    assert plain == 115.0  # R382's candidate: boarding at full worth (V is not immobilized)
    careful = CarefulBoardCandidate()
    run = board.threat(s, board.spot_of(s), stationary=False, rapid=True)
    assert run > 0.5
    assert careful.evaluate(focus) == 115.0 - W_THREAT * run
    assert "(R375)" in careful.why
    assert any(
        isinstance(c, CarefulBoardCandidate) for c in RegularAI(engine.battlefield).candidates
    )
    # the team's shot at G is worth less the fire it draws; a fireteam's is not
    board = TeamBoard(player_view(engine, REGULAR), engine.terrain)
    s = board.unit("S")
    assert s is not None
    drawn = drawn_fire(board, s)
    assert drawn == DRAWN_SHARE * board.threat(s, board.spot_of(s), stationary=True) > 0.1
    team_shot = DrawnFireCandidate().evaluate(Focus(board, s))
    assert team_shot == FireCandidate().evaluate(Focus(board, s)) - W_THREAT * drawn
    r1 = board.unit("R1")
    assert r1 is not None and drawn_fire(board, r1) == 0.0

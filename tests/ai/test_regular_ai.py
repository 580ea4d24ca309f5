"""The Regular AI on small staged tables: it fires where the odds are best, keeps out of the open
beside a crowd of Insurgents, fetches and escorts the contractors, and answers every kind of
decision the engine poses to the Regular side with a legal command."""

from __future__ import annotations

import itertools
from collections.abc import Generator
from typing import Any

import pytest

from game.ai.regular import Board, FireCandidate, Focus, Goal, RegularAI
from game.battlefield.model import Battlefield, Building, Door, Edge, Wall, WallHeight
from game.engine import close_assault, interruptions, morale, overwatch, placement
from game.engine import rulesbridge as rb
from game.engine.commands import (
    Answer,
    Command,
    EndActivation,
    EndPhase,
    Fire,
    IllegalCommand,
    MoveUnit,
    NeutralizeHotSpot,
    Overwatch,
)
from game.engine.decisions import Decision
from game.engine.engine import Engine
from game.engine.procedure import Activation
from game.engine.state import INSURGENT, REGULAR
from game.engine.terrain import distance, path_length, walk
from game.engine.view import PlayerView, player_view
from game.rules.dice import Die, ScriptedDice, SeededDice
from game.rules.odds import casualty_odds
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line


def table(*buildings: Building, exits: tuple[Edge, ...] = (), size: float = 36.0) -> Battlefield:
    return Battlefield(
        "tests/regular_ai.tmx", "staged", size, size, 32.0, buildings=buildings, exit_edges=exits
    )


def block(x0: float, y0: float, x1: float, y1: float, number: int = 1) -> Building:
    door = Door(100 + number, "door", ((x0 + x1) / 2, y1), number)
    return Building(number, "block", ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), doors=(door,))


def staged(battlefield: Battlefield, *units: UnitSpec, **staging: Any) -> Engine:
    return Engine(StagedScenario(Staging(units=list(units), **staging)), battlefield, 7)


def fireteam(unit_id: str, x: float, y: float) -> UnitSpec:
    return UnitSpec(unit_id, REGULAR, line(x, y, 4), kinds=["rifle", "rgl", "saw", "rifle"])


def gunmen(unit_id: str, x: float, y: float, count: int) -> UnitSpec:
    return UnitSpec(unit_id, INSURGENT, line(x, y, count), quality=6)


def regular_view(engine: Engine) -> PlayerView:
    assert engine.pending is not None and engine.pending.side == REGULAR
    return player_view(engine, REGULAR)


def test_fires_at_the_target_with_the_higher_expected_casualties() -> None:
    # Two gunmen 6" away in the open, five more 16" away: the big group is the tempting target,
    # but the near one is inside Optimum Range (R17) and has fewer Defense dice.
    engine = staged(
        table(),
        UnitSpec("R1", REGULAR, line(10.0, 30.0, 4)),
        gunmen("NEAR", 10.0, 24.0, 2),
        gunmen("FAR", 22.0, 20.0, 5),
    )
    near_odds = casualty_odds(4 + 1 + 1, Die.D8, 2, Die.D6)  # figures, optimum range, Exposed
    far_odds = casualty_odds(4 + 1, Die.D8, 5, Die.D6)  # figures, Exposed
    # no more casualties than the target has figures (Rulebook: Who Got Hit?)
    near_e = float(sum(min(k, 2) * p for k, p in enumerate(near_odds.exact)))
    far_e = float(sum(min(k, 5) * p for k, p in enumerate(far_odds.exact)))
    assert near_e > far_e
    assert near_odds.expected > near_e  # the cap matters for two gunmen
    view = regular_view(engine)
    board = Board(view, engine.terrain)
    r1 = board.unit("R1")
    assert r1 is not None
    near, far = board.unit("NEAR"), board.unit("FAR")
    assert near is not None and far is not None
    spot = board.spot_of(r1)
    assert board.fire_value(r1, spot, near) == pytest.approx(near_e)
    assert board.fire_value(r1, spot, far) == pytest.approx(far_e)
    candidate = FireCandidate()
    candidate.evaluate(Focus(board, r1))
    assert candidate.execute(Focus(board, r1)) == Fire(side=REGULAR, unit="R1", target="NEAR")
    ai = RegularAI(engine.battlefield)
    assert ai.choose(view) == Fire(side=REGULAR, unit="R1", target="NEAR")
    assert '"fire at best odds"' in ai.journal[-1] and "NEAR" in ai.journal[-1]


def exposed_to(engine: Engine, unit_id: str, end: tuple[float, float]) -> list[str]:
    """Insurgent units that would see the unit standing at `end`, while it is Exposed there."""
    ghost = placement.hypothetical(engine, engine.state.units[unit_id], end)
    if not engine.terrain.is_exposed(ghost.position()):
        return []
    return [i.id for i in engine.state.units_of(INSURGENT) if engine.los(i, ghost)]


def test_does_not_walk_into_the_open_beside_three_insurgent_units() -> None:
    # R1 shelters south of a block; three groups of gunmen stand in the open square north of it.
    engine = staged(
        table(block(14, 16, 20, 20)),
        fireteam("R1", 16.0, 22.0),
        gunmen("I1", 9.0, 10.0, 4),
        gunmen("I2", 13.0, 8.0, 4),
        gunmen("I3", 19.0, 11.0, 4),
    )
    unit = engine.state.units["R1"]
    assert not any(engine.los(i, unit) for i in engine.state.units_of(INSURGENT))
    into_the_open = MoveUnit(side=REGULAR, unit="R1", to=(12.0, 10.0), rate="rapid")
    assert engine.pending is not None
    engine.pending.accepts(into_the_open)  # the move is there for the taking...
    path = engine.terrain.path(unit.leader_point, into_the_open.to)
    assert len(exposed_to(engine, "R1", walk(path, 12.0))) == 3  # ...and it ends under 3 guns
    ai = RegularAI(engine.battlefield)
    command = ai.choose(regular_view(engine))
    if isinstance(command, MoveUnit):
        reach = 12.0 if command.rate == "rapid" else 6.0
        end = walk(engine.terrain.path(unit.leader_point, command.to), reach)
        assert len(exposed_to(engine, "R1", end)) < 3, ai.journal[-1]
    else:
        assert isinstance(command, (EndActivation, EndPhase, Overwatch)), command
    engine.apply(command)
    assert len(exposed_to(engine, "R1", unit.leader_point)) < 3


class Passive:
    """An Insurgent side that never does anything (declares no interruption, holds)."""

    def choose(self, view: PlayerView) -> Command:
        for command in view.legal:
            if isinstance(command, EndPhase):
                return command
            if isinstance(command, Answer) and command.choice in ([], "stay", False, "stand"):
                return command
        return next(
            (c for c in view.legal if getattr(c, "declarations", None) == ()), view.legal[0]
        )


def play_turns(engine: Engine, ai: RegularAI, turns: int) -> None:
    insurgents = Passive()
    while not engine.over and engine.state.turn <= turns and engine.pending is not None:
        side = engine.pending.side
        controller = ai if side == REGULAR else insurgents
        engine.apply(controller.choose(player_view(engine, side)))


def test_contracting_trouble_a_unit_beside_the_contractors_picks_them_up_and_heads_out() -> None:
    engine = staged(
        table(block(20, 4, 30, 12), exits=(Edge.SOUTH,)),
        fireteam("R1", 10.0, 20.0),
        gunmen("FAR", 24.0, 2.0, 3),  # behind the block, out of sight
        contractors=[(11.0, 16.0), (12.0, 16.0)],
        contractor_rules=True,
        turn_limit=6,
    )
    ai = RegularAI(engine.battlefield)
    first = ai.choose(regular_view(engine))
    assert isinstance(first, MoveUnit) and first.unit == "R1"
    assert '"pursue the objective"' in ai.journal[-1] and "contractor" in ai.journal[-1]
    engine.apply(first)
    assert [c.status for c in engine.state.contractors] == ["held", "held"]
    unit = engine.state.units["R1"]
    start_gap = engine.battlefield.height - unit.leader_point[1]
    play_turns(engine, ai, 2)
    assert unit.status == "exited" or engine.battlefield.height - unit.leader_point[1] < start_gap
    play_turns(engine, ai, 6)
    assert unit.status == "exited"
    assert [c.status for c in engine.state.contractors] == ["escorted", "escorted"]
    assert any("the exit edge with the contractors" in line for line in ai.journal)


# -- every kind of Regular decision -----------------------------------------------------------
def view_of(engine: Engine, decision: Decision) -> PlayerView:
    return PlayerView(
        side=decision.side,
        state=engine.state.to_dict(events=False),
        decision=decision.to_json(),
        legal=tuple(decision.options),
    )


def answer_with_ai(
    engine: Engine, flow: Generator[Decision, Command, Any], kinds: list[str]
) -> list[str]:
    """Run an engine procedure; the Regular AI answers its Regular decisions (each must be legal),
    the first option answers the Insurgent ones. Returns the AI's journal lines."""
    ai = RegularAI(engine.battlefield)
    try:
        decision = next(flow)
        while True:
            if decision.side == REGULAR:
                kinds.append(decision.kind)
                command = ai.choose(view_of(engine, decision))
                decision.accepts(command)  # raises IllegalCommand if the AI answered wrongly
            else:
                command = decision.options[0]
            decision = flow.send(command)
    except StopIteration:
        pass
    return ai.journal


class ScriptThenSeeded(ScriptedDice):
    """Scripted faces first, then seeded dice for the rest of a long procedure."""

    def __init__(self, script: list[int], seed: int) -> None:
        super().__init__(script)
        self.rest = SeededDice(seed)

    def roll(self, die: Die) -> int:
        return super().roll(die) if self.script else self.rest.roll(die)


def shoot_out() -> Engine:
    return staged(
        table(),
        fireteam("R1", 10.0, 20.0),
        fireteam("R2", 16.0, 21.0),
        gunmen("I1", 12.0, 12.0, 5),
        gunmen("I2", 30.0, 30.0, 3),
    )


def test_every_regular_decision_kind_gets_a_legal_answer() -> None:
    kinds: list[str] = []
    engine = shoot_out()
    r1, r2, i1 = (engine.state.units[u] for u in ("R1", "R2", "I1"))
    # activate and continue: the normal flow
    for _ in range(2):
        assert engine.pending is not None and engine.pending.side == REGULAR
        kinds.append(engine.pending.kind)
        command = RegularAI(engine.battlefield).choose(regular_view(engine))
        engine.pending.accepts(command)
        engine.apply(command)
        if engine.pending is None or engine.pending.side != REGULAR:
            break
    # overwatch: R1 watches while I1 acts in its sight
    r1.overwatch = True
    answer_with_ai(engine, overwatch.overwatch_reactions(engine, i1), kinds)
    r1.overwatch = False
    # helpers: I1 interrupts R1 while R2 has not activated and sees both
    r2.activated_turn = 0
    answer_with_ai(engine, overwatch.helper_reactions(engine, r1, i1), kinds)
    # react: R1 won the Reaction Test in the middle of a move
    act = Activation("R1", rate="cautious")
    act.path = engine.terrain.path(r1.leader_point, (10.0, 26.0))
    answer_with_ai(
        engine, interruptions.regular_reaction(engine, r1, act, i1, won_test=True), kinds
    )
    # seek cover after being Pinned: asked only when cover is in reach (R121), so beside a block
    covered = staged(
        table(block(15, 23, 19, 25)), fireteam("R2", 16.0, 21.0), gunmen("I1", 12.0, 12.0, 5)
    )
    pinned, firer = covered.state.units["R2"], covered.state.units["I1"]
    answer_with_ai(covered, morale.seek_cover(covered, pinned, firer), kinds)
    assert pinned.leader_point != (16.0, 21.0)
    # assaulted: I1 charges R1; both pass their Close Assault Quality Checks
    engine.dice = ScriptThenSeeded([6, 8], seed=5)
    lines = answer_with_ai(engine, close_assault.close_assault(engine, i1, r1), kinds)
    assert any("charge" in line for line in lines)
    assert {"activate", "overwatch", "helpers", "react", "seek_cover", "assaulted"} <= set(kinds)


def test_continue_after_firing_is_answered_legally() -> None:
    engine = shoot_out()
    fire = Fire(side=REGULAR, unit="R1", target="I1")
    engine.apply(fire)
    while engine.pending is not None and engine.pending.side == INSURGENT:
        engine.apply(Passive().choose(player_view(engine, INSURGENT)))
    assert engine.pending is not None and engine.pending.kind == "continue"
    command = RegularAI(engine.battlefield).choose(regular_view(engine))
    engine.pending.accepts(command)
    assert not isinstance(command, Fire)  # it has fired already


def test_the_same_view_gives_the_same_command() -> None:
    engine = shoot_out()
    view = regular_view(engine)
    ai = RegularAI(engine.battlefield)
    first = ai.choose(view)
    assert ai.choose(view) == first
    assert RegularAI(engine.battlefield).choose(view) == first


def test_an_unknown_decision_kind_is_an_error_not_a_first_legal_answer() -> None:
    engine = shoot_out()
    view = regular_view(engine)
    odd = PlayerView(
        side=REGULAR,
        state=view.state,
        decision={**(view.decision or {}), "kind": "something_new"},
        legal=view.legal,
    )
    ai = RegularAI(engine.battlefield)
    with pytest.raises(ValueError, match="no rule for the decision 'something_new'"):
        ai.choose(odd)


def test_the_board_weighs_the_dice_the_engine_rolls() -> None:
    """The AI's Firepower and Defense are the engine's (game.rules.firepower through the
    engine's rulesbridge), for every firer and target: In Cover through the next turn after
    getting in cover (R68), a Rapid mover's lost and given dice, a support weapon's dice and
    doubled Optimum Range count alike."""
    engine = staged(
        table(block(11, 9.5, 16, 11)),  # keeps I1 from being Exposed, so it may be In Cover (R120)
        fireteam("R1", 10.0, 20.0),
        fireteam("R2", 16.0, 21.0),
        gunmen("I1", 12.0, 12.0, 5),
        UnitSpec("MG", INSURGENT, line(20.0, 10.0, 3), kinds=["leader", "rifle", "mg"], quality=6),
        gunmen("I2", 30.0, 30.0, 3),
    )
    turn = engine.state.turn
    engine.state.units["I1"].in_cover_turn = turn + 1
    r2 = engine.state.units["R2"]
    r2.move_rate, r2.move_rate_turn, r2.last_moved_turn = "rapid", turn, turn
    board = Board(regular_view(engine), engine.terrain)
    seen: set[str] = set()
    for firer_id, target_id in itertools.permutations(sorted(engine.state.units), 2):
        firer, target = engine.state.units[firer_id], engine.state.units[target_id]
        if firer.side == target.side:
            continue
        f, t = board.unit(firer_id), board.unit(target_id)
        assert f is not None and t is not None
        tspot = board.spot_of(t)
        _, exposed = board.cover(tspot)
        fp = board.firepower(
            f,
            f.centre,
            tspot.centre,
            target_exposed=exposed,
            target_rapid=rb.moved_rapidly(t, turn),
            firer_rapid=rb.moved_rapidly(f, turn),
        )
        engine_fp = engine.firepower(firer, target)
        assert fp == engine_fp.total, (firer_id, target_id, engine_fp.describe())
        stationary = t.last_moved_turn != board.turn
        engine_df = engine.defense(target)
        assert board.defense(t, tspot, stationary=stationary) == engine_df.total, target_id
        seen |= {name for name, _ in engine_fp.items + engine_fp.penalties}
        seen |= {name for name, _ in engine_df.items}
    # the comparison met every fact the old mirror got wrong or left out
    assert {"In Cover", "MG", "Optimum Range", "target Exposed", "moved Rapidly"} <= seen


def test_moves_it_orders_are_legal_paths() -> None:
    engine = shoot_out()
    board = Board(regular_view(engine), engine.terrain)
    unit = board.unit("R2")
    assert unit is not None
    for dest in board.destinations(unit, board.goal_for(unit)):
        command = MoveUnit(side=REGULAR, unit="R2", to=dest.to, rate=dest.rate)
        assert engine.pending is not None
        try:
            engine.pending.accepts(command)
        except IllegalCommand as why:  # pragma: no cover - the message says which
            pytest.fail(f"{command}: {why}")
        assert path_length(engine.terrain.path(unit.leader_point, dest.to)) >= 0.5
        assert distance(dest.end, unit.leader_point) <= 12.0 + 1e-6


def test_a_goal_within_a_cautious_move_is_not_offered_as_a_rapid_one() -> None:
    """Rapid costs the unit on Reaction Tests and gives the enemy a die (R14, R16): toward a
    goal 4" away the AI weighs only Cautious moves; toward one 10" away, a Rapid one too."""
    engine = shoot_out()
    board = Board(regular_view(engine), engine.terrain)
    unit = board.unit("R2")
    assert unit is not None
    x, y = unit.leader_point
    near = Goal((x, y - 4.0), "a spot 4 inches off", 0.0)
    far = Goal((x, y - 10.0), "a spot 10 inches off", 0.0)
    rates_near = {
        d.rate for d in board.destinations(unit, near) if distance(d.end, near.point) < 0.5
    }
    rates_far = {d.rate for d in board.destinations(unit, far) if distance(d.end, far.point) < 0.5}
    assert rates_near == {"cautious"}
    assert rates_far == {"rapid"}


def test_sweep_a_unit_by_a_hot_spot_neutralizes_it_once_then_moves_on() -> None:
    engine = staged(
        table(block(20, 4, 30, 12)),
        fireteam("R1", 10.0, 20.0),
        gunmen("FAR", 24.0, 2.0, 3),  # behind the block, out of sight
        hot_spots={1: (11.0, 19.5), 2: (11.0, 30.0)},
        insurgency_level="1",
        turn_limit=4,
    )
    ai = RegularAI(engine.battlefield)
    first = ai.choose(regular_view(engine))
    assert first == NeutralizeHotSpot(side=REGULAR, unit="R1", hot_spot=1)
    engine.apply(first)
    play_turns(engine, ai, 2)
    assert engine.state.hot_spots["1"].neutralized
    assert engine.state.tally["hot_spots_neutralized"] == 1
    orders = [line for line in ai.journal if "neutralize hot spot" in line]
    assert len(orders) == 1  # it did not start on hot spot 1 a second time
    assert any("heads for hot spot 2" in line for line in ai.journal)


def test_when_time_runs_short_it_heads_for_the_exit_instead_of_another_hot_spot() -> None:
    def game(turn_limit: int) -> tuple[RegularAI, MoveUnit]:
        engine = staged(
            table(exits=(Edge.NORTH,)),
            fireteam("R1", 10.0, 10.0),
            gunmen("FAR", 30.0, 34.0, 2),
            hot_spots={1: (11.0, 20.0)},
            insurgency_level="1",
            turn_limit=turn_limit,
        )
        ai = RegularAI(engine.battlefield)
        command = ai.choose(regular_view(engine))
        assert isinstance(command, MoveUnit), ai.journal
        return ai, command

    ai, command = game(turn_limit=10)  # plenty of time: the hot spot first
    assert "heads for hot spot 1" in ai.journal[-1] and command.to[1] > 10.0
    ai, command = game(turn_limit=2)  # 10" from the edge, two turns left: go
    assert "heads for the exit edge" in ai.journal[-1] and command.to[1] < 10.0


def test_a_unit_waiting_on_the_exit_edge_steps_off_the_table() -> None:
    engine = staged(
        table(exits=(Edge.NORTH,)),
        fireteam("R1", 10.0, 0.6),
        gunmen("FAR", 30.0, 34.0, 2),
        insurgency_level="1",
    )
    ai = RegularAI(engine.battlefield)
    command = ai.choose(regular_view(engine))
    assert isinstance(command, MoveUnit) and "steps off the table" in ai.journal[-1]
    engine.apply(command)
    while engine.pending is not None and engine.pending.side == INSURGENT:
        engine.apply(Passive().choose(player_view(engine, INSURGENT)))
    assert engine.state.units["R1"].status == "exited"


def test_having_won_the_reaction_test_it_slips_behind_a_wall_rather_than_trade_poor_fire() -> None:
    # Two Marines in the street, eight gunmen up the road; a high wall two inches away. Their
    # own shot is poor, and behind the wall the gunmen cannot see them (Interruptions by Fire).
    wall = Wall(9, "high wall", ((3.0, 25.0), (11.0, 25.0)), False, WallHeight.HIGH)
    battlefield = Battlefield("tests/regular_ai.tmx", "staged", 36.0, 36.0, 32.0, walls=(wall,))
    engine = staged(
        battlefield, UnitSpec("R1", REGULAR, line(8.0, 23.0, 2)), gunmen("I1", 6.0, 13.0, 8)
    )
    r1, i1 = engine.state.units["R1"], engine.state.units["I1"]
    act = Activation("R1", rate="cautious")
    act.path = engine.terrain.path(r1.leader_point, (8.0, 18.0))
    flow = interruptions.regular_reaction(engine, r1, act, i1, won_test=True)
    decision = next(flow)
    covers = [o for o in decision.options if isinstance(o, Answer) and isinstance(o.choice, list)]
    assert decision.kind == "react" and covers
    ai = RegularAI(engine.battlefield)
    answer = ai.choose(view_of(engine, decision))
    decision.accepts(answer)
    assert answer in covers and '"take cover first"' in ai.journal[-1]
    with pytest.raises(StopIteration):
        flow.send(answer)
    assert not engine.los(i1, r1)


def test_an_ai_failure_is_raised_not_answered_with_a_first_legal_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine = shoot_out()
    view = regular_view(engine)

    def broken(*args: Any, **kwargs: Any) -> float:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(Board, "threat", broken)
    ai = RegularAI(engine.battlefield)
    with pytest.raises(ZeroDivisionError, match="a bug"):
        ai.choose(view)
    assert not any("fallback" in line for line in ai.journal)


def test_it_reads_the_exit_rule_from_the_published_objectives_not_the_scenario_id() -> None:
    """Sweep & Clear: Victory Conditions — leaving counts only after three hot spots. A staged
    game that publishes that objective (id "staged") makes the AI wait, as the engine does."""
    from game.engine.scenario import Objectives

    def waiting_unit(objectives: Objectives) -> tuple[Engine, RegularAI]:
        scenario = StagedScenario(
            Staging(
                units=[fireteam("R1", 10.0, 0.6), gunmen("FAR", 30.0, 34.0, 2)],
                hot_spots={1: (11.0, 20.0)},
                insurgency_level="1",
                turn_limit=1,  # no time for the hot spot: leave if leaving counts
            )
        )
        scenario.objectives = objectives
        engine = Engine(scenario, table(exits=(Edge.NORTH,)), 7)
        ai = RegularAI(engine.battlefield)
        ai.choose(regular_view(engine))
        return engine, ai

    engine, ai = waiting_unit(Objectives(hot_spots=True))
    assert engine.state.objectives["exit_after_hot_spots"] == 0
    assert "steps off the table" in ai.journal[-1]
    engine, ai = waiting_unit(Objectives(hot_spots=True, exit_after_hot_spots=3))
    assert player_view(engine, REGULAR).state["objectives"]["exit_after_hot_spots"] == 3
    assert engine.state.scenario_id == "staged"
    assert "steps off the table" not in ai.journal[-1] and "hot spot 1" in ai.journal[-1]

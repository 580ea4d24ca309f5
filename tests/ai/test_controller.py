"""The Insurgent controller against the real engine (Solo and Co-Op Gaming; R22, R35, R72, R77).

Small staged tables: every unit stands where the test puts it, dice are scripted where the
outcome depends on them. The controller sees only the Insurgents' PlayerView.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from game.ai.controller import InsurgentAI
from game.battlefield.model import Battlefield, Building, Point, Wall, WallHeight
from game.engine.commands import (
    Answer,
    Command,
    DeclareInterrupts,
    EndActivation,
    EndPhase,
    Fire,
    MoveUnit,
)
from game.engine.controllers import RandomController
from game.engine.engine import Engine
from game.engine.invariants import InvariantChecker
from game.engine.state import (
    INSURGENT,
    REGULAR,
    FigureState,
    GameState,
    HotSpotState,
    UnitState,
)
from game.engine.terrain import Terrain
from game.engine.view import PlayerView, player_view
from game.rules.dice import Die, ScriptedDice, SeededDice
from game.scenarios.catalog import Patrol

Spec = tuple[str, str, Sequence[str], Sequence[Point]]


class TableScenario(Patrol):
    """Exactly the units given, where they are given; a three-turn patrol."""

    id = "ai-table"
    title = "AI test table"
    places_hot_spots = False  # exactly the hot spots given too

    def __init__(
        self, specs: Sequence[Spec], turns: int = 3, hot_spots: Sequence[Point] = ()
    ) -> None:
        self.specs = specs
        self.turn_limit = turns
        self.insurgency_level = "1"
        self.spots = hot_spots

    def setup(self, state: GameState, battlefield: Battlefield, terrain: Terrain) -> None:
        for number, (x, y) in enumerate(self.spots, start=1):
            state.hot_spots[str(number)] = HotSpotState(number, x, y)
        for unit_id, side, kinds, points in self.specs:
            quality = 8 if side == REGULAR else 6
            figures = [
                FigureState(f"{unit_id}.{i}", kind, x, y, quality, 10)
                for i, (kind, (x, y)) in enumerate(zip(kinds, points, strict=True))
            ]
            unit = UnitState(unit_id, unit_id, side, figures)
            unit.seen = True
            state.units[unit_id] = unit


class ThenOnes(ScriptedDice):
    """Scripted faces first, then every die shows 1."""

    def roll(self, die: Die) -> int:
        return super().roll(die) if self.script else 1


def row(x: float, y: float, n: int) -> list[Point]:
    return [(x + 0.9 * i, y) for i in range(n)]


def marines(x: float, y: float) -> Spec:
    return ("R1", REGULAR, ["rifle"] * 4, row(x, y, 4))


def band(unit_id: str, x: float, y: float, n: int, leader: bool = True) -> Spec:
    kinds = (["leader"] if leader else []) + ["small_arms"] * (n - (1 if leader else 0))
    return (unit_id, INSURGENT, kinds, row(x, y, n))


def table(*pieces: Building | Wall) -> Battlefield:
    return Battlefield(
        "tests/ai-table.tmx",
        "AI table",
        36.0,
        36.0,
        32.0,
        buildings=tuple(p for p in pieces if isinstance(p, Building)),
        walls=tuple(p for p in pieces if isinstance(p, Wall)),
    )


def ai_answer(engine: Engine, ai: InsurgentAI) -> None:
    engine.apply(ai.choose(player_view(engine, INSURGENT)))


def test_unit_in_cover_within_optimum_range_interrupts_by_fire() -> None:
    wall = Wall(1, "low wall", ((8.0, 20.0), (16.0, 20.0)), False, WallHeight.LOW)
    battlefield = table(wall)
    scenario = TableScenario([marines(10.0, 24.5), band("I1", 10.0, 19.5, 4)])
    engine = Engine(scenario, battlefield, seed=1)
    ai = InsurgentAI(battlefield, seed=1)
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(10.0, 33.0), rate="cautious"))
    assert engine.pending is not None and engine.pending.kind == "interrupts"
    command = ai.choose(player_view(engine, INSURGENT))
    assert command == DeclareInterrupts(side=INSURGENT, declarations=(("I1", "fire"),), at=0.0)
    assert "Insurgents w/Leader [Regulars move or fire in LOS] (I1): Firepower 4, " in ai.log[-1]
    assert ai.log[-1].endswith("; row 5: within Optimum Range → interrupt by fire (R71)")


def weak_band_beside_a_block() -> tuple[Engine, InsurgentAI]:
    """A weak leader-led band in the open beside a block, a Marine fireteam in sight; the
    Insurgents win the Reaction Test."""
    block = Building(1, "block", ((14.0, 18.0), (20.0, 18.0), (20.0, 24.0), (14.0, 24.0)))
    battlefield = table(block)
    scenario = TableScenario([marines(4.0, 30.0), band("I1", 11.0, 15.0, 4)])
    dice = ThenOnes([(Die.D6, 6), (Die.D8, 1)])  # Reaction Test: the Insurgents act first
    engine = Engine(scenario, battlefield, seed=0, dice=dice)
    ai = InsurgentAI(battlefield, seed=0)
    return engine, ai


def test_exposed_weak_unit_interrupts_by_moving_out_of_sight() -> None:
    engine, ai = weak_band_beside_a_block()
    insurgents, regulars = engine.state.units["I1"], engine.state.units["R1"]
    assert engine.los(insurgents, regulars)
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(4.0, 33.0), rate="cautious"))
    command = ai.choose(player_view(engine, INSURGENT))
    assert command == DeclareInterrupts(side=INSURGENT, declarations=(("I1", "move"),), at=0.0)
    assert "row 3: not in cover, Firepower < 6" in ai.log[-1]
    engine.apply(command)
    assert engine.pending is not None and engine.pending.kind == "interrupt_move"
    move = ai.choose(player_view(engine, INSURGENT))
    assert isinstance(move, MoveUnit) and move.rate == "rapid"
    # the reason names the spot it makes for, as the move lines do (it was a raw tuple)
    assert ai.log[-1].endswith(f"moves rapid toward ({move.to[0]:.1f}, {move.to[1]:.1f})")
    engine.apply(move)
    assert not engine.los(engine.state.units["I1"], engine.state.units["R1"])


def _to_insurgent_phase(engine: Engine, ai: InsurgentAI, regular_moves_to: Point | None) -> None:
    """The Regulars move R1 (or not at all), the AI answers, until the Insurgent phase."""
    if regular_moves_to is not None:
        engine.apply(MoveUnit(side=REGULAR, unit="R1", to=regular_moves_to, rate="cautious"))
    while engine.pending is not None and engine.pending.kind != "insurgent_action":
        if engine.pending.side == INSURGENT:
            ai_answer(engine, ai)
        elif engine.pending.kind == "continue":
            engine.apply(EndActivation(side=REGULAR, unit="R1"))
        else:
            engine.apply(EndPhase(side=REGULAR))


def test_r77_unit_with_leader_and_enemy_in_sight_fires_at_end_of_turn() -> None:
    battlefield = table()
    scenario = TableScenario([marines(10.0, 30.0), band("I1", 10.0, 14.0, 4)])
    engine = Engine(scenario, battlefield, seed=3)
    ai = InsurgentAI(battlefield, seed=3)
    _to_insurgent_phase(engine, ai, regular_moves_to=None)
    command = ai.choose(player_view(engine, INSURGENT))
    assert command == Fire(side=INSURGENT, unit="I1", target="R1")
    assert "[end of turn] (I1): " in ai.log[-1]
    assert "; row 5 (the project's own): " in ai.log[-1]


def test_r72_unit_that_checked_at_an_activation_holds_at_end_of_turn() -> None:
    wall = Wall(1, "low wall", ((8.0, 12.0), (16.0, 12.0)), False, WallHeight.LOW)
    battlefield = table(wall)
    six = ("I2", INSURGENT, ["small_arms"] * 6, row(9.0, 11.5, 6))
    scenario = TableScenario([marines(10.0, 32.0), six])
    engine = Engine(scenario, battlefield, seed=4)
    ai = InsurgentAI(battlefield, seed=4)
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(10.0, 34.0), rate="cautious"))
    command = ai.choose(player_view(engine, INSURGENT))
    assert command == DeclareInterrupts(side=INSURGENT, declarations=(), at=0.0)
    assert "(I2): Firepower 6, " in ai.log[-1]
    assert ai.log[-1].endswith("; no row applies → no action (R70)")
    engine.apply(command)
    _to_insurgent_phase(engine, ai, regular_moves_to=None)
    assert ai.choose(player_view(engine, INSURGENT)) == EndPhase(side=INSURGENT)


def test_end_of_turn_leaderless_unit_heads_for_the_leader_in_sight() -> None:
    battlefield = table()
    leader = ("L1", INSURGENT, ["leader"], [(4.0, 4.0)])
    loose = ("I3", INSURGENT, ["small_arms"] * 3, row(12.0, 4.0, 3))
    scenario = TableScenario([marines(30.0, 33.0), leader, loose])
    engine = Engine(scenario, battlefield, seed=5)
    ai = InsurgentAI(battlefield, seed=5)
    _to_insurgent_phase(engine, ai, regular_moves_to=None)
    before = engine.state.units["I3"].centre
    command = ai.choose(player_view(engine, INSURGENT))
    assert "; row 3: a friendly Leader is in LOS" in "\n".join(ai.log)
    assert isinstance(command, MoveUnit) and command.unit == "I3" and command.rate == "rapid"
    leader_at = engine.state.units["L1"].centre
    after_target = command.to
    assert abs(after_target[0] - leader_at[0]) < abs(before[0] - leader_at[0])


@pytest.mark.parametrize("seed", [11, 12])
def test_ai_plays_whole_games_against_random_regulars(seed: int) -> None:
    block = Building(1, "block", ((14.0, 14.0), (20.0, 14.0), (20.0, 20.0), (14.0, 20.0)))
    wall = Wall(2, "low wall", ((4.0, 22.0), (12.0, 22.0)), False, WallHeight.LOW)
    battlefield = table(block, wall)
    scenario = TableScenario(
        [
            marines(6.0, 32.0),
            ("R2", REGULAR, ["rifle"] * 4, row(24.0, 32.0, 4)),
            band("I1", 6.0, 21.0, 5),
            band("I2", 22.0, 12.0, 8),
            band("I3", 4.0, 6.0, 3, leader=False),
            ("L1", INSURGENT, ["leader"], [(30.0, 4.0)]),
        ],
        turns=4,
    )
    engine = Engine(scenario, battlefield, seed=seed, dice=SeededDice(seed))
    checker = InvariantChecker(engine)  # raises on the first broken invariant
    before = len(engine.state.events)  # the set-up events came before the checker
    ai = InsurgentAI(battlefield, seed=seed)
    regulars = RandomController(seed)
    answered = 0
    while engine.pending is not None and answered < 1500:
        view = player_view(engine, engine.pending.side)
        controller = ai if engine.pending.side == INSURGENT else regulars
        engine.apply(controller.choose(view))  # an illegal AI command would raise here
        answered += 1
    assert engine.over
    assert checker.checked == len(engine.state.events) - before > 0
    declared = [e for e in engine.state.events if e["kind"] == "InterruptDeclared"]
    ai_interrupts = [line for line in ai.log if "→ interrupt by" in line]
    assert len(declared) == len(ai_interrupts)
    checks = [line for line in ai.log if "[Regulars move or fire in LOS]" in line]
    assert checks, "the Insurgents never took an Action Check"
    assert all("; row " in line or "no row applies" in line for line in checks)


def asked(engine: Engine, kind: str, choices: Sequence[Any], **context: Any) -> PlayerView:
    """The Insurgents' view of the table with a decision the tables do not cover."""
    state = player_view(engine, INSURGENT).state
    decision = {"id": 99, "side": INSURGENT, "kind": kind, "prompt": kind, "context": context}
    legal: tuple[Command, ...] = tuple(
        Answer(side=INSURGENT, decision=99, choice=c) for c in choices
    )
    return PlayerView(INSURGENT, state, decision, legal)


def chosen(command: Command) -> Any:
    assert isinstance(command, Answer)
    return command.choice


def test_r70_free_hot_spot_choice_takes_the_one_nearest_the_regulars() -> None:
    battlefield = table()
    scenario = TableScenario(
        [marines(10.0, 32.0), band("I1", 4.0, 4.0, 3)], hot_spots=[(4.0, 4.0), (12.0, 26.0)]
    )
    engine = Engine(scenario, battlefield, seed=6)
    ai = InsurgentAI(battlefield)
    assert chosen(ai.choose(asked(engine, "hot_spot", [1, 2]))) == 2


def test_r70_charged_units_fight_back_and_prisoners_are_taken() -> None:
    battlefield = table()
    engine = Engine(TableScenario([marines(10.0, 32.0), band("I1", 4.0, 4.0, 3)]), battlefield, 7)
    ai = InsurgentAI(battlefield)
    assert chosen(ai.choose(asked(engine, "assaulted", ["fire", "flee"], unit="I1"))) == "fire"
    assert chosen(ai.choose(asked(engine, "assaulted", ["stand", "flee"], unit="I1"))) == "stand"
    assert chosen(ai.choose(asked(engine, "assaulted", ["flee"], unit="I1"))) == "flee"
    assert chosen(ai.choose(asked(engine, "prisoners", [True, False]))) is True


def test_r70_pinned_unit_takes_the_nearest_covered_spot_offered() -> None:
    battlefield = table()
    engine = Engine(TableScenario([marines(10.0, 32.0), band("I1", 4.0, 4.0, 3)]), battlefield, 8)
    ai = InsurgentAI(battlefield)
    spots = ["stay", [9.0, 9.0], [5.0, 6.0], [1.0, 12.0]]
    assert chosen(ai.choose(asked(engine, "seek_cover", spots, unit="I1"))) == [5.0, 6.0]
    assert chosen(ai.choose(asked(engine, "seek_cover", ["stay"], unit="I1"))) == "stay"


def test_a_decision_with_no_solo_rule_gets_the_first_legal_answer_and_a_log_line() -> None:
    battlefield = table()
    engine = Engine(TableScenario([marines(10.0, 32.0), band("I1", 4.0, 4.0, 3)]), battlefield, 9)
    ai = InsurgentAI(battlefield)
    assert chosen(ai.choose(asked(engine, "mystery", ["a", "b"]))) == "a"
    assert ai.log[-1] == "T1 no solo rule for the decision 'mystery': first legal answer"
    with pytest.raises(ValueError, match="no pending decision"):
        ai.choose(player_view(engine, INSURGENT))


def _candidate(goal: float, exposure: int, moved: float = 10.0, **kw: Any) -> Any:
    from game.ai.controller import _Candidate

    facts: dict[str, Any] = {
        "command": MoveUnit(side=INSURGENT, unit="I1", to=(0.0, 0.0), rate="rapid"),
        "end": (0.0, 0.0),
        "moved": moved,
        "solid": False,
        "seen_by_watchers": 0,
        "sees_enemy": False,
        "exposure": exposure,
        "goal_distance": goal,
        "activated_distance": 0.0,
    }
    facts.update(kw)
    return _Candidate(**facts)


def test_r35_moves_to_a_friend_take_the_least_seen_route_among_equally_near_ends() -> None:
    from game.ai.actions import Action
    from game.ai.controller import _score

    seen, hidden = _candidate(2.1, exposure=6), _candidate(2.4, exposure=0)
    assert _score(Action.MOVE_TO_LEADER, hidden, 6.0) < _score(Action.MOVE_TO_LEADER, seen, 6.0)
    nearer = _candidate(1.0, exposure=9)
    assert _score(Action.MOVE_TO_LEADER, nearer, 6.0) < _score(Action.MOVE_TO_LEADER, hidden, 6.0)


def test_r35_move_into_cover_takes_the_nearest_solid_spot() -> None:
    from game.ai.actions import Action
    from game.ai.controller import _score

    far_cover = _candidate(0.0, 0, moved=9.0, solid=True)
    near_cover = _candidate(0.0, 0, moved=3.0, solid=True)
    open_ground = _candidate(0.0, 0, moved=1.0, solid=False)
    ranked = sorted(
        [open_ground, far_cover, near_cover], key=lambda c: _score(Action.MOVE_INTO_COVER, c, 6.0)
    )
    assert ranked == [near_cover, far_cover, open_ground]


def test_a_lone_leader_fired_at_breaks_sight_only_when_the_engine_names_the_target() -> None:
    """Leader w/No Unit, row 2 needs to know whom the Regulars fire at: the decision's
    context `target` (the engine's activation declares it); without it no row applies (R70)."""
    battlefield = table()
    leader = ("L1", INSURGENT, ["leader"], [(10.0, 20.0)])
    engine = Engine(TableScenario([marines(10.0, 30.0), leader]), battlefield, seed=10)
    state = player_view(engine, INSURGENT).state

    def acting(**context: Any) -> PlayerView:
        decision = {
            "id": 50,
            "side": INSURGENT,
            "kind": "interrupts",
            "prompt": "R1 is acting in sight of L1: declare interruptions",
            "context": {"regular": "R1", "eligible": ["L1"], **context},
        }
        return PlayerView(INSURGENT, state, decision, (DeclareInterrupts(side=INSURGENT),))

    ai = InsurgentAI(battlefield)
    assert ai.choose(acting(target="L1")) == DeclareInterrupts(
        side=INSURGENT, declarations=(("L1", "move"),), at=0.0
    )
    assert "Leader w/No Unit [Regulars move or fire in LOS] (L1): " in ai.log[-1]
    assert "; row 2: Regulars fire at the Leader" in ai.log[-1]
    unaware = InsurgentAI(battlefield)
    assert unaware.choose(acting()) == DeclareInterrupts(side=INSURGENT, declarations=(), at=0.0)
    assert unaware.log[-1].endswith("; no row applies → no action (R70)")


def test_a_unit_joined_by_a_leader_this_turn_holds_instead_of_interrupting_by_moving() -> None:
    """R80: the row asks for an interruption by moving (as in the test above), but a leader
    joined the unit this turn, so it may only fire: the AI declares no move for it, says why,
    and the engine accepts the declaration (it used to refuse it and stop the game)."""
    engine, ai = weak_band_beside_a_block()
    engine.state.units["I1"].joined_turn = engine.state.turn
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(4.0, 33.0), rate="cautious"))
    view = player_view(engine, INSURGENT)
    assert view.decision is not None and view.decision["kind"] == "interrupts"
    command = ai.choose(view)
    assert command == DeclareInterrupts(side=INSURGENT, declarations=(), at=0.0)
    assert "row 3: not in cover, Firepower < 6" in ai.log[-2]
    assert ai.log[-1].endswith(
        "I1 cannot interrupt by moving: a leader joined it this turn, it may only fire (R80); "
        "it holds"
    )
    engine.apply(command)  # accepted
    assert engine.state.units["I1"].leader_point == (11.0, 15.0)


def test_a_unit_with_a_friend_straight_in_its_line_holds_instead_of_interrupting_by_fire() -> None:
    """R93 (after R6): the row asks for fire (as in the first test), but another unit stands
    straight in the line to the Marines, and no unit fires through another: the AI declares
    no fire for it and says why, instead of a declaration that would only fizzle."""
    wall = Wall(1, "low wall", ((8.0, 20.0), (16.0, 20.0)), False, WallHeight.LOW)
    battlefield = table(wall)
    in_the_way = (
        "I2",
        INSURGENT,
        ["leader"],
        [(11.35, 22.0)],  # on the centre line between I1 and the Marines
    )
    scenario = TableScenario([marines(10.0, 24.5), band("I1", 10.0, 19.5, 4), in_the_way])
    engine = Engine(scenario, battlefield, seed=1)
    ai = InsurgentAI(battlefield, seed=1)
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(10.0, 33.0), rate="cautious"))
    assert engine.pending is not None and engine.pending.kind == "interrupts"
    command = ai.choose(player_view(engine, INSURGENT))
    assert isinstance(command, DeclareInterrupts)
    assert "I1" not in [unit for unit, _ in command.declarations]
    assert any(
        line.endswith(
            "I1 cannot interrupt by fire: I2 stands straight in the line to R1 (R6); it holds (R93)"
        )
        for line in ai.log
    )


def test_r94_a_unit_taking_cover_does_not_end_its_move_in_contact_with_the_regulars() -> None:
    """Insurgents w/Leader, row 2 (not in cover, Firepower > 6: move into cover). The nearest
    Solid Cover is the low wall the Marines stand behind; the band takes cover along that wall
    but out of contact with them (R94), not on the spot nearest to it (R35 alone)."""
    near = Wall(1, "near", ((6.0, 18.6), (16.0, 18.6)), False, WallHeight.LOW)
    far = Wall(2, "far", ((20.0, 6.0), (20.0, 14.0)), False, WallHeight.LOW)
    battlefield = table(near, far)
    scenario = TableScenario([marines(10.0, 20.0), band("I1", 8.0, 14.0, 8)])
    dice = ThenOnes([(Die.D6, 6), (Die.D8, 1)])  # Reaction Test: the Insurgents act first
    engine = Engine(scenario, battlefield, seed=0, dice=dice)
    ai = InsurgentAI(battlefield, seed=0)
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(10.0, 17.0), rate="cautious"))
    ai_answer(engine, ai)
    assert "row 2: not in cover, Firepower > 6 → interrupt by moving into cover" in ai.log[-1]
    assert engine.pending is not None and engine.pending.kind == "interrupt_move"
    ai_answer(engine, ai)
    band_unit, marine_unit = engine.state.units["I1"], engine.state.units["R1"]
    assert engine.terrain.in_solid_cover(band_unit.position())
    gap = min(
        ((f.x - g.x) ** 2 + (f.y - g.y) ** 2) ** 0.5
        for f in band_unit.figures
        for g in marine_unit.figures
    )
    assert gap >= 0.75 + 1.0  # bases 3/4" across, at least 1" apart edge to edge


def test_situations_count_firepower_and_optimum_range_as_the_rules_core_does() -> None:
    """The Situation's Firepower (R73) and Optimum Range come from game/ai/unit_facts.py over the
    rules core's Unit, as the engine's fire does: two d8 leaders and a d6 rifleman shoot at the
    lowest quality's range (Optimum Range: Mixed Unit Range), and a leader who took up a fallen
    gunner's MG (R41) adds its two support dice and doubles the range."""
    from game.ai.controller import _World
    from game.ai.situation import Moment

    battlefield = table()
    scenario = TableScenario(
        [marines(4.0, 30.0), ("MIX", INSURGENT, ["leader", "leader", "small_arms"], row(20, 8, 3))]
    )
    engine = Engine(scenario, battlefield, seed=1)
    mixed = engine.state.units["MIX"]
    for figure in mixed.figures[:2]:
        figure.quality = 8
    assert mixed.quality_die() == Die.D8  # the unit's own rating is the majority's
    ai = InsurgentAI(battlefield, seed=1)
    world = _World(player_view(engine, INSURGENT), ai.terrain, battlefield)
    situation = world.situation(world.state.units["MIX"], Moment.END_OF_TURN)
    assert (situation.firepower, situation.optimum_range) == (3, 6.0)

    mixed.figures[0].weapon = "mg"
    world = _World(player_view(engine, INSURGENT), ai.terrain, battlefield)
    situation = world.situation(world.state.units["MIX"], Moment.END_OF_TURN)
    assert (situation.firepower, situation.optimum_range) == (5, 12.0)


@pytest.mark.parametrize(("x", "joins"), [(12.0, True), (34.0, False)])
def test_a_lone_leader_moving_to_join_says_whether_it_joins_or_how_far_short_it_stops(
    x: float, joins: bool
) -> None:
    """Leaders Joining a Unit (R80): the row is carried out, or the log says why not."""
    battlefield = table()
    leader = ("L1", INSURGENT, ["leader"], [(4.0, 4.0)])
    loose = ("I3", INSURGENT, ["small_arms"] * 3, row(x, 4.0, 3))
    engine = Engine(TableScenario([marines(30.0, 33.0), leader, loose]), battlefield, seed=5)
    ai = InsurgentAI(battlefield, seed=5)
    _to_insurgent_phase(engine, ai, regular_moves_to=None)
    while engine.pending is not None and engine.pending.kind == "insurgent_action":
        command = ai.choose(player_view(engine, INSURGENT))
        if isinstance(command, EndPhase):
            break
        engine.apply(command)
    notes = [line for line in ai.log if line.startswith("T1 L1 ")]
    assert notes, ai.log
    if joins:
        assert notes[-1] == "T1 L1 ends in cohesion with I3: joins it (R80)"
        assert not engine.state.units["L1"].on_table  # the engine took him in, as the AI said
    else:
        assert notes[-1].startswith("T1 L1 cannot join a unit this turn: the move stops ")
        assert notes[-1].endswith('" short of cohesion with I3')
        assert engine.state.units["L1"].on_table

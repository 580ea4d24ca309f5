"""The interruption machinery, replayed with scripted dice (Rulebook: Resolving Chains of
Interruptions; Overwatch; Insurgent Interrupt Check; rulings R22-R24)."""

from __future__ import annotations

from typing import Any

import pytest

from game.battlefield.model import Battlefield, Wall, WallHeight
from game.engine.commands import (
    Answer,
    DeclareInterrupts,
    EndActivation,
    Fire,
    IllegalCommand,
    MoveUnit,
    Overwatch,
)
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR
from game.rules.dice import Die, ScriptedDice
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line


class ThenOnes(ScriptedDice):
    """Scripted faces first, then every die shows 1 (every attack die is discarded: no hits)."""

    def roll(self, die: Die) -> int:
        if not self.script:
            return 1
        return super().roll(die)


def open_ground(*walls: Wall) -> Battlefield:
    return Battlefield("tests/open.tmx", "open", 48.0, 48.0, 32.0, walls=walls)


def answer(engine: Engine, choice: Any) -> None:
    assert engine.pending is not None
    engine.apply(Answer(side=engine.pending.side, decision=engine.pending.id, choice=choice))


def go_on(engine: Engine) -> None:
    """The interrupted mover goes on as planned (the first option; Movement, R105)."""
    while engine.pending is not None and engine.pending.kind == "resume_move":
        engine.apply(engine.pending.options[0])


def kinds(engine: Engine, kind: str) -> list[dict[str, Any]]:
    return [e for e in engine.state.events if e["kind"] == kind]


def chain_game(script: list[tuple[Die, int]] | None = None) -> Engine:
    """The rulebook's chain: Alpha (nearest), Bravo, Charlie in sight; Delta behind a wall."""
    wall = Wall(1, "compound wall", ((27.0, 35.5), (27.0, 46.0)), False, WallHeight.HIGH)
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 40.0, 4), name="Marines"),
            UnitSpec("ALPHA", INSURGENT, line(17.5, 40.0, 3), quality=6),
            UnitSpec("BRAVO", INSURGENT, line(17.0, 47.0, 3), quality=6),
            UnitSpec("CHARLIE", INSURGENT, line(14.0, 31.0, 3), quality=6),
            UnitSpec("DELTA", INSURGENT, line(31.0, 31.0, 3), quality=6),
        ]
    )
    dice = ThenOnes(
        script if script is not None else [
            (Die.D6, 5), (Die.D8, 2),  # Alpha 5 vs Marines 2+1: Alpha first (test lost)
            (Die.D6, 3), (Die.D8, 5),  # Bravo 3 vs 5+1: the Marines react first (test won)
            (Die.D6, 6), (Die.D8, 4),  # Charlie 6 vs 4+1: Charlie first (test lost)
        ]
    )  # fmt: skip
    return Engine(StagedScenario(staging), open_ground(wall), seed=0, dice=dice)


def test_resolving_chains_of_interruptions_rulebook_example() -> None:
    engine = chain_game()
    marines = engine.state.units["R1"]
    delta = engine.state.units["DELTA"]
    assert not engine.los(delta, marines), "Delta must start out of sight"
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(24.0, 28.0), rate="cautious"))
    decision = engine.pending
    assert decision is not None and decision.kind == "interrupts"
    assert decision.context["eligible"] == ["ALPHA", "BRAVO", "CHARLIE"]
    engine.apply(
        DeclareInterrupts(
            side=INSURGENT,
            declarations=(("ALPHA", "fire"), ("BRAVO", "fire"), ("CHARLIE", "fire")),
        )
    )
    # Reaction tests are rolled nearest first: Alpha, Bravo, Charlie.
    tests = kinds(engine, "ReactionTest")
    assert [t["data"]["insurgent"] for t in tests] == ["ALPHA", "BRAVO", "CHARLIE"]
    assert [t["data"]["insurgent_first"] for t in tests] == [True, False, True]
    # Lost tests resolve first (Alpha, then Charlie), each followed by the Marines' return fire.
    while engine.pending is not None and engine.pending.kind == "react":
        assert "fire" in [o.choice for o in engine.pending.options]  # type: ignore[attr-defined]
        answer(engine, "fire")
        if engine.pending is not None and engine.pending.kind == "interrupts":
            break
    fires = [
        (e["data"]["firer"], e["data"]["target"], e["data"]["firepower"])
        for e in kinds(engine, "Fire")
    ]
    # Alpha fires, Marines return fire at full Firepower (first interruption: no penalty);
    # Charlie fires, Marines return fire with one die less; then the Marines, having won against
    # Bravo, fire first with two dice less, and Bravo fires after.
    assert [(f, t) for f, t, _ in fires[:6]] == [
        ("ALPHA", "R1"),
        ("R1", "ALPHA"),
        ("CHARLIE", "R1"),
        ("R1", "CHARLIE"),
        ("R1", "BRAVO"),
        ("BRAVO", "R1"),
    ]
    marine_fp = {t: fp for f, t, fp in fires[:6] if f == "R1"}
    base = {t: engine.firepower(marines, engine.state.units[t]).total for t in marine_fp}
    assert base["ALPHA"] - marine_fp["ALPHA"] == 0
    assert base["CHARLIE"] - marine_fp["CHARLIE"] == 1
    assert base["BRAVO"] - marine_fp["BRAVO"] == 2
    # The rest of the move comes into Delta's sight: Delta may declare now (R22).
    go_on(engine)
    assert engine.pending is not None and engine.pending.kind == "interrupts"
    assert engine.pending.context["eligible"] == ["DELTA"]
    assert engine.los(delta, marines)
    engine.apply(DeclareInterrupts(side=INSURGENT, declarations=(("DELTA", "fire"),)))
    # With the dice all 1 now, the Marines win Delta's test (1 vs 1+1) and fire first.
    assert engine.pending is not None and engine.pending.kind == "react"
    answer(engine, "fire")
    go_on(engine)
    delta_fire = [e for e in kinds(engine, "Fire") if e["data"]["target"] == "DELTA"]
    assert len(delta_fire) == 1
    assert engine.firepower(marines, delta).total - delta_fire[0]["data"]["firepower"] == 3
    assert "interrupted (R37) -3" in delta_fire[0]["text"]
    # Movement: 6" Cautious less 1" per interruption after the first; four interruptions in
    # this activation leave 6 - 3 = 3" in all (R24).
    assert kinds(engine, "MoveEnd")[-1]["data"]["moved"] == pytest.approx(3.0)
    # Each Insurgent unit interrupted exactly once this turn.
    declared = [e["data"]["unit"] for e in kinds(engine, "InterruptDeclared")]
    assert sorted(declared) == ["ALPHA", "BRAVO", "CHARLIE", "DELTA"]
    assert all(engine.state.units[u].interrupted_turn == 1 for u in declared)


def test_an_insurgent_unit_cannot_interrupt_twice_in_a_turn() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 40.0, 4)),
            UnitSpec("R2", REGULAR, line(30.0, 40.0, 4)),
            UnitSpec("ALPHA", INSURGENT, line(24.0, 34.0, 3), quality=6),
        ]
    )
    engine = Engine(StagedScenario(staging), open_ground(), seed=0, dice=ThenOnes([]))
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(20.0, 44.0), rate="cautious"))
    engine.apply(DeclareInterrupts(side=INSURGENT, declarations=(("ALPHA", "fire"),)))
    while engine.pending is not None and engine.pending.kind in ("react", "helpers"):
        answer(engine, engine.pending.options[0].choice)  # type: ignore[attr-defined]
        go_on(engine)
    while engine.pending is not None and engine.pending.kind == "continue":
        engine.apply(EndActivation(side=REGULAR, unit="R1"))
    assert engine.pending is not None and engine.pending.kind == "activate"
    engine.apply(MoveUnit(side=REGULAR, unit="R2", to=(34.0, 44.0), rate="cautious"))
    # Alpha already interrupted this turn: no interruption decision for R2's move.
    assert engine.pending is None or engine.pending.kind != "interrupts"
    assert len(kinds(engine, "InterruptDeclared")) == 1


def test_a_lone_group_in_sight_is_offered_each_choice_once_and_named_by_its_name() -> None:
    # Found in play: with one eligible group, "every eligible group fires" repeated that
    # group's own "fire" option, and the prompt showed the raw unit id.
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 40.0, 4), name="Marines"),
            UnitSpec("ALPHA", INSURGENT, line(24.0, 34.0, 3), quality=6, name="Gunmen"),
        ]
    )
    engine = Engine(StagedScenario(staging), open_ground(), seed=0, dice=ThenOnes([]))
    engine.apply(Fire(side=REGULAR, unit="R1", target="ALPHA"))
    decision = engine.pending
    assert decision is not None and decision.kind == "interrupts"
    offered = [o.declarations for o in decision.options]  # type: ignore[attr-defined]
    assert offered == [(), (("ALPHA", "fire"),), (("ALPHA", "move"),)]
    assert decision.prompt == "Marines is acting in sight of Gunmen: declare interruptions"


def test_leaderless_insurgents_failing_the_interrupt_check_do_nothing() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 40.0, 4)),
            UnitSpec("MOB", INSURGENT, line(24.0, 34.0, 4), kinds=["small_arms"] * 4, quality=6),
        ]
    )
    dice = ThenOnes([(Die.D6, 3)])  # interrupt check: 3 on the d6 fails (needs 4+)
    engine = Engine(StagedScenario(staging), open_ground(), seed=0, dice=dice)
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(20.0, 44.0), rate="cautious"))
    engine.apply(DeclareInterrupts(side=INSURGENT, declarations=(("MOB", "fire"),)))
    checks = kinds(engine, "InterruptCheck")
    assert len(checks) == 1 and checks[0]["data"]["passed"] is False
    assert kinds(engine, "ReactionTest") == []
    assert kinds(engine, "Fire") == []
    # The declaration still used up the unit's one interruption this turn (R22).
    assert engine.state.units["MOB"].interrupted_turn == 1


def test_overwatch_fires_before_the_interrupted_units_reaction_test() -> None:
    staging = Staging(
        units=[
            UnitSpec("WATCH", REGULAR, line(30.0, 40.0, 4)),
            UnitSpec("R1", REGULAR, line(24.0, 40.0, 4)),
            UnitSpec("ALPHA", INSURGENT, line(24.0, 34.0, 3), quality=6),
        ]
    )
    dice = ThenOnes(
        [
            (Die.D6, 2), (Die.D8, 5),  # Overwatch test: Alpha 2 vs Watch 5+1: Overwatch first
            *[(Die.D8, 1)] * 5, *[(Die.D6, 1)] * 3,  # ...and it fires now (no hits, R23)
            (Die.D6, 6), (Die.D8, 1),  # only then the Marines' own Reaction Test: Alpha first
        ]
    )  # fmt: skip
    engine = Engine(StagedScenario(staging), open_ground(), seed=0, dice=dice)
    engine.apply(Overwatch(side=REGULAR, unit="WATCH"))
    assert engine.state.units["WATCH"].overwatch
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(20.0, 44.0), rate="cautious"))
    engine.apply(DeclareInterrupts(side=INSURGENT, declarations=(("ALPHA", "fire"),)))
    assert engine.pending is not None and engine.pending.kind == "overwatch"
    answer(engine, ["WATCH"])
    tests = kinds(engine, "ReactionTest")
    assert [t["data"]["regular"] for t in tests] == ["WATCH", "R1"]
    assert tests[0]["data"].get("overwatch") is True
    fires = [(e["data"]["firer"], e["data"]["target"]) for e in kinds(engine, "Fire")]
    # The Overwatch unit won its test, so it fires before Alpha's interruption.
    assert fires[:2] == [("WATCH", "ALPHA"), ("ALPHA", "R1")]


def test_r55_reaction_fire_does_not_use_up_the_activations_own_fire() -> None:
    engine = chain_game(script=[])
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(24.0, 28.0), rate="cautious"))
    engine.apply(DeclareInterrupts(side=INSURGENT, declarations=(("ALPHA", "fire"),)))
    while engine.pending is not None and engine.pending.kind in ("react", "interrupts"):
        if engine.pending.kind == "react":
            answer(engine, "fire")
        else:
            engine.apply(DeclareInterrupts(side=INSURGENT, declarations=()))
        go_on(engine)
    assert [e["data"]["firer"] for e in kinds(engine, "Fire")].count("R1") == 1
    assert engine.pending is not None and engine.pending.kind == "continue"
    fire_options = [o for o in engine.pending.options if o.kind == "fire"]
    assert fire_options, "the Marines may still fire in their activation"


def test_r56_interruptions_take_place_where_the_insurgents_name_on_the_move() -> None:
    engine = chain_game(script=[(Die.D6, 6), (Die.D8, 1)])  # Alpha acts first
    marines = engine.state.units["R1"]
    start_y = marines.leader_point[1]
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(24.0, 28.0), rate="cautious"))
    engine.apply(DeclareInterrupts(side=INSURGENT, declarations=(("ALPHA", "fire"),), at=2.0))
    first_fire = kinds(engine, "Fire")[0]
    assert first_fire["data"]["firer"] == "ALPHA"
    assert abs((start_y - marines.leader_point[1]) - 2.0) < 0.05  # moved 2" before the fire


def test_r57_an_unactivated_friend_in_sight_may_react_and_spends_its_activation() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 40.0, 4)),
            UnitSpec("R2", REGULAR, line(30.0, 40.0, 4)),
            UnitSpec("ALPHA", INSURGENT, line(24.0, 34.0, 3), quality=6),
        ]
    )
    dice = ThenOnes([(Die.D6, 2), (Die.D8, 6)])  # R2's test: 2 vs 6+1, R2 fires first
    engine = Engine(StagedScenario(staging), open_ground(), seed=0, dice=dice)
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(20.0, 44.0), rate="cautious"))
    engine.apply(DeclareInterrupts(side=INSURGENT, declarations=(("ALPHA", "fire"),)))
    assert engine.pending is not None and engine.pending.kind == "helpers"
    answer(engine, ["R2"])
    assert engine.state.units["R2"].activated_turn == 1
    fires = [(e["data"]["firer"], e["data"]["target"]) for e in kinds(engine, "Fire")]
    assert fires[0] == ("R2", "ALPHA")


def test_r19_split_fire_resolves_each_portion_and_respects_the_quality_limit() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 40.0, 4), quality=8),
            UnitSpec("WEST", INSURGENT, line(16.0, 40.0, 3), quality=6),
            UnitSpec("NORTH", INSURGENT, line(24.0, 32.0, 3), quality=6),
            UnitSpec("EAST", INSURGENT, line(32.0, 40.0, 3), quality=6),
        ]
    )
    engine = Engine(StagedScenario(staging), open_ground(), seed=0, dice=ThenOnes([]))
    three_ways = Fire(
        side=REGULAR,
        unit="R1",
        target="WEST",
        split=(("WEST", ("R1.1",)), ("NORTH", ("R1.2",)), ("EAST", ("R1.3", "R1.4"))),
    )
    with pytest.raises(IllegalCommand, match="at most 2"):
        engine.apply(three_ways)  # Trained troops engage two targets at most
    engine.apply(
        Fire(
            side=REGULAR,
            unit="R1",
            target="WEST",
            split=(("WEST", ("R1.1", "R1.2")), ("NORTH", ("R1.3", "R1.4"))),
        )
    )
    engine.apply(DeclareInterrupts(side=INSURGENT, declarations=()))
    fires = [e for e in kinds(engine, "Fire") if e["data"]["firer"] == "R1"]
    assert [f["data"]["target"] for f in fires] == ["WEST", "NORTH"]
    assert all("2 figures" in f["text"] for f in fires)


def test_examples_of_firepower_2_own_fire_after_two_interruptions_loses_two_dice() -> None:
    """Rulebook: Examples of Firepower, example 2 (R37): a unit interrupted twice while moving
    into position then fires with two dice fewer (not one, as for reaction fire to the second
    interruption)."""
    engine = chain_game([(Die.D6, 5), (Die.D8, 2), (Die.D6, 6), (Die.D8, 4)])
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(24.0, 28.0), rate="cautious"))
    engine.apply(
        DeclareInterrupts(side=INSURGENT, declarations=(("ALPHA", "fire"), ("CHARLIE", "fire")))
    )
    while engine.pending is not None and engine.pending.kind in ("react", "interrupts"):
        if engine.pending.kind == "react":
            answer(engine, "none")
        else:
            engine.apply(DeclareInterrupts(side=INSURGENT, declarations=()))
        go_on(engine)
    assert engine.pending is not None and engine.pending.kind == "continue"
    marines, bravo = engine.state.units["R1"], engine.state.units["BRAVO"]
    full = engine.firepower(marines, bravo).total
    engine.apply(Fire(side=REGULAR, unit="R1", target="BRAVO"))
    own = [e for e in kinds(engine, "Fire") if e["data"]["firer"] == "R1"]
    assert len(own) == 1
    assert full - own[0]["data"]["firepower"] == 2
    assert "interrupted (R37) -2" in own[0]["text"]


def test_a_unit_that_finishes_its_move_as_its_reaction_ends_it_once_and_says_so() -> None:
    """Rulebook: Resolving Chains of Interruptions (R24): a Regular that wins its Reaction Test
    against an interruption met halfway may finish its move first; the move ends once, and the
    log says it chose to (and that it let an earlier interruption go unanswered)."""
    engine = chain_game()
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(24.0, 28.0), rate="cautious"))
    engine.apply(
        DeclareInterrupts(
            side=INSURGENT,
            declarations=(("ALPHA", "fire"), ("BRAVO", "fire"), ("CHARLIE", "fire")),
        )
    )
    while engine.pending is not None and engine.pending.kind == "react":
        answer(engine, "none")
    go_on(engine)
    assert engine.pending is not None and engine.pending.kind == "interrupts"
    engine.apply(DeclareInterrupts(side=INSURGENT, declarations=(("DELTA", "fire"),)))
    assert engine.pending is not None and engine.pending.kind == "react"
    answer(engine, "move")  # the Marines won Delta's test: they finish the move first
    assert len(kinds(engine, "MoveEnd")) == 1
    assert [e["text"] for e in kinds(engine, "ReactMove")] == [
        "Marines finishes its move before DELTA acts (R24)"
    ]
    assert len(kinds(engine, "NoReaction")) == 3

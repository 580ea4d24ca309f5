"""Leaders joining units and units merging (Rulebook: Leaders Joining a Unit; Merging Units;
Mixed Units; solo rules: Insurgent leaders look for a unit to join; rulings R80, R81)."""

from __future__ import annotations

from typing import Any

import pytest

from game.battlefield.model import Battlefield
from game.engine.commands import (
    DeclareInterrupts,
    EndActivation,
    EndPhase,
    Fire,
    IllegalCommand,
    JoinUnit,
    Merge,
    MoveUnit,
    command_from_json,
)
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR
from game.rules.dice import Die, ScriptedDice
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line


class Ones(ScriptedDice):
    """Every die shows 1 once the script runs out: no hits, failed tests."""

    def roll(self, die: Die) -> int:
        return super().roll(die) if self.script else 1


def game(*insurgents: UnitSpec, script: list[tuple[Die, int]] | None = None) -> Engine:
    staging = Staging(units=[UnitSpec("R1", REGULAR, line(10.0, 30.0, 4)), *insurgents])
    table = Battlefield("tests/open.tmx", "open", 48.0, 48.0, 32.0)
    engine = Engine(StagedScenario(staging), table, seed=0, dice=Ones(script or []))
    assert engine.pending is not None and engine.pending.kind == "activate"
    engine.apply(EndPhase(side=REGULAR))  # straight to the Insurgent phase
    assert engine.pending is not None and engine.pending.kind == "insurgent_action"
    return engine


def chief(x: float, y: float) -> UnitSpec:
    return UnitSpec("CHIEF", INSURGENT, [(x, y)], kinds=["leader"], quality=8, morale=10)


def cell(uid: str = "CELL", x: float = 10.0, n: int = 3, quality: int = 6) -> UnitSpec:
    return UnitSpec(uid, INSURGENT, line(x, 16.0, n), kinds=["small_arms"] * n, quality=quality)


def events(engine: Engine, kind: str) -> list[dict[str, Any]]:
    return [e for e in engine.state.events if e["kind"] == kind]


def test_r80_a_lone_leader_ending_a_move_in_cohesion_joins_and_the_unit_may_only_fire() -> None:
    engine = game(chief(10.0, 10.0), cell())
    engine.apply(MoveUnit(side=INSURGENT, unit="CHIEF", to=(10.0, 15.0), rate="cautious"))
    joined = events(engine, "LeaderJoins")
    assert len(joined) == 1 and joined[0]["data"]["unit"] == "CELL"
    assert joined[0]["data"]["finished"] is False
    chief_unit, cell_unit = engine.state.units["CHIEF"], engine.state.units["CELL"]
    assert chief_unit.status == "merged" and chief_unit.merged_into == "CELL"
    assert not chief_unit.on_table and not chief_unit.figures
    assert cell_unit.has_leader and [f.id for f in cell_unit.figures][-1] == "CHIEF.1"
    # The join was the unit's move: it may still be activated, but only to fire.
    assert engine.pending is not None and engine.pending.kind == "insurgent_action"
    with pytest.raises(IllegalCommand, match="Leaders Joining a Unit"):
        engine.apply(MoveUnit(side=INSURGENT, unit="CELL", to=(10.0, 10.0), rate="cautious"))
    engine.apply(Fire(side=INSURGENT, unit="CELL", target="R1"))
    assert events(engine, "Fire")[-1]["data"]["firer"] == "CELL"


def test_a_leader_joining_a_unit_that_already_acted_finishes_both_for_the_turn() -> None:
    engine = game(chief(10.0, 10.0), cell())
    engine.apply(EndActivation(side=INSURGENT, unit="CELL"))  # the cell acts first
    engine.apply(MoveUnit(side=INSURGENT, unit="CHIEF", to=(10.0, 15.0), rate="cautious"))
    joined = events(engine, "LeaderJoins")
    assert joined and joined[0]["data"]["finished"] is True
    assert engine.state.units["CELL"].finished_turn == 1
    # Nobody is left to act: the Insurgent phase ended on its own and turn 2 began.
    assert engine.state.turn == 2


def test_join_unit_moves_the_leader_to_the_unit_it_chose() -> None:
    other = UnitSpec("OTHER", INSURGENT, line(4.0, 8.0, 2), kinds=["small_arms"] * 2)
    engine = game(chief(7.0, 6.0), cell(), other)  # OTHER is nearer, CELL is the one chosen
    option = JoinUnit(side=INSURGENT, unit="CHIEF", target="CELL", rate="rapid")
    assert option in engine.pending.options  # type: ignore[union-attr]
    engine.apply(command_from_json(option.to_json()))
    joined = events(engine, "LeaderJoins")
    assert [e["data"]["unit"] for e in joined] == ["CELL"]
    assert engine.state.units["CELL"].has_leader
    assert not engine.state.units["OTHER"].has_leader


def test_join_unit_is_refused_beyond_reach_or_for_a_unit_that_is_no_lone_leader() -> None:
    engine = game(chief(10.0, 1.0), cell(), cell("FAR", x=30.0))
    with pytest.raises(IllegalCommand, match="cannot reach cohesion"):
        engine.apply(JoinUnit(side=INSURGENT, unit="CHIEF", target="CELL", rate="cautious"))
    with pytest.raises(IllegalCommand, match="only a lone leader joins a unit"):
        engine.apply(JoinUnit(side=INSURGENT, unit="CELL", target="FAR", rate="cautious"))
    with pytest.raises(IllegalCommand, match="not a friendly unit"):
        engine.apply(JoinUnit(side=INSURGENT, unit="CHIEF", target="R1", rate="rapid"))
    assert not events(engine, "LeaderJoins")


def test_r81_units_that_chose_to_merge_are_one_mixed_unit_next_turn() -> None:
    green = cell("GREEN", x=10.0, n=3, quality=6)
    trained = cell("TRAINED", x=12.7, n=2, quality=8)  # 0.9" between the nearest figures
    engine = game(green, trained)
    option = Merge(side=INSURGENT, unit="GREEN", target="TRAINED")
    assert option in engine.pending.options  # type: ignore[union-attr]
    engine.apply(option)
    assert events(engine, "MergeDeclared")[0]["data"] == {
        "unit": "GREEN",
        "target": "TRAINED",
        "unit_name": "GREEN",
        "target_name": "TRAINED",
    }
    # Declaring takes no action: the phase goes on, and no second merge may be chosen.
    assert engine.pending is not None and engine.pending.kind == "insurgent_action"
    with pytest.raises(IllegalCommand, match="already chosen"):
        engine.apply(Merge(side=INSURGENT, unit="TRAINED", target="GREEN"))
    assert engine.state.units["TRAINED"].figures and len(engine.state.units["GREEN"].figures) == 3
    engine.apply(EndPhase(side=INSURGENT))
    assert engine.state.turn == 2
    merged = events(engine, "Merged")
    assert len(merged) == 1 and merged[0]["turn"] == 2
    keeper = engine.state.units["TRAINED"]
    assert len(keeper.figures) == 5 and engine.state.units["GREEN"].status == "merged"
    # Mixed Unit Troop Quality: the majority (three d6 figures against two d8).
    assert keeper.quality_die() is Die.D6
    assert "(d6)" in merged[0]["data"]["quality"]


def test_a_merge_is_called_off_when_the_units_drift_apart() -> None:
    engine = game(
        cell("GREEN", x=10.0),
        cell("TRAINED", x=12.7, n=2, quality=8),
        script=[(Die.D6, 6)],  # leaderless GREEN passes its Quality Check to act
    )
    engine.apply(Merge(side=INSURGENT, unit="GREEN", target="TRAINED"))
    engine.apply(MoveUnit(side=INSURGENT, unit="GREEN", to=(10.0, 6.0), rate="rapid"))
    engine.apply(EndActivation(side=INSURGENT, unit="GREEN"))
    engine.apply(EndPhase(side=INSURGENT))
    assert engine.state.turn == 2
    assert events(engine, "MergeCancelled") and not events(engine, "Merged")
    assert engine.state.units["GREEN"].on_table and engine.state.units["TRAINED"].on_table


def test_merge_needs_cohesion() -> None:
    engine = game(cell("GREEN", x=10.0), cell("FAR", x=30.0))
    with pytest.raises(IllegalCommand, match="cohesion"):
        engine.apply(Merge(side=INSURGENT, unit="GREEN", target="FAR"))


def test_r80_a_unit_joined_this_turn_may_interrupt_by_fire_but_not_by_move() -> None:
    staging = Staging(units=[UnitSpec("R1", REGULAR, line(10.0, 30.0, 4)), cell()])
    table = Battlefield("tests/open.tmx", "open", 48.0, 48.0, 32.0)
    engine = Engine(StagedScenario(staging), table, seed=0, dice=Ones([]))
    engine.state.units["CELL"].joined_turn = engine.state.turn  # a leader joined it earlier
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(10.0, 26.0), rate="cautious"))
    decision = engine.pending
    assert decision is not None and decision.kind == "interrupts"
    declared = [c.declarations for c in decision.options if isinstance(c, DeclareInterrupts)]
    assert (("CELL", "fire"),) in declared and (("CELL", "move"),) not in declared
    with pytest.raises(IllegalCommand, match="may only fire"):
        engine.apply(DeclareInterrupts(side=INSURGENT, declarations=(("CELL", "move"),)))


def test_r96_a_merge_breaks_no_unit_its_shaken_shift_is_cut_to_what_the_new_die_carries() -> None:
    """Merging Units; Mixed Units; Shaken (R81, R96): a d10 unit twice Shaken (d6 now) merges into
    a d6-morale majority. The merged unit keeps the worse state, but a merge is no Morale Check:
    it is left on d6, never on the table with no Morale die (issue 23 item 7, soak seed 256)."""
    shaken = UnitSpec("SHAKEN", INSURGENT, line(10.0, 16.0, 2), kinds=["small_arms"] * 2)
    steady = cell("STEADY", x=12.5, n=3)
    engine = game(shaken, steady)
    for f in engine.state.units["STEADY"].figures:
        f.morale = 6
    engine.state.units["SHAKEN"].morale_shift = 2
    assert engine.state.units["SHAKEN"].morale_die() is Die.D6
    engine.apply(Merge(side=INSURGENT, unit="SHAKEN", target="STEADY"))
    engine.apply(EndPhase(side=INSURGENT))
    keeper = engine.state.units["STEADY"]
    assert events(engine, "Merged") and len(keeper.figures) == 5
    assert keeper.on_table and keeper.morale_die() is Die.D6 and keeper.morale_shift == 0


def test_r252_losing_the_leader_whose_die_a_shaken_unit_used_breaks_no_unit() -> None:
    """Who Got Hit? (Leader is a Casualty); Shaken (R11, R96, R252): a group on its d10 leader's
    Morale, twice Shaken (d6 now), loses the leader: its own d8, two steps down, would be below
    d6. A casualty is no Morale Check, so it stays on the table on d6 (found by `tools/soak.py`,
    Midnight at the Alamo seed 227, where the group stayed on the table with no Morale die)."""
    from game.engine.casualties import apply_casualties

    group = UnitSpec(
        "G", INSURGENT, line(10.0, 16.0, 3), kinds=["leader", "small_arms", "small_arms"]
    )
    engine = game(group)
    unit = engine.state.units["G"]
    for f in unit.figures:
        f.morale = 10 if f.kind == "leader" else 8
    unit.morale_shift = 2
    assert unit.morale_die() is Die.D6
    apply_casualties(engine, unit, 1, False, sniper=True)  # a sniper's hit takes the leader
    assert [f.kind for f in unit.figures] == ["small_arms", "small_arms"]
    assert unit.on_table and unit.morale_die() is Die.D6 and unit.morale_shift == 1
    (casualty,) = events(engine, "Casualty")
    assert casualty["data"]["leaderless"] is True

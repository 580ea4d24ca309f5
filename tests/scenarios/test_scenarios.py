"""Scenario set-up, special rules and victory points (Rulebook: Scenario 1: Contracting Trouble!;
Scenario 4: Sweep & Clear; Suggested Victory Point Values for custom maps; ruling R31)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.battlefield.loader import load_battlefield
from game.engine.commands import EndActivation, EndPhase, MoveUnit
from game.engine.engine import Engine
from game.engine.scenario import Scenario
from game.engine.state import INSURGENT, REGULAR, GameState
from game.rules.dice import Die, ScriptedDice
from game.scenarios.catalog import ContractingTrouble, Patrol, SweepAndClear, scenario_for

MAPS = Path(__file__).resolve().parent.parent / "maps" / "engine"


class Ones(ScriptedDice):
    def roll(self, die: Die) -> int:
        return 1


def start(scenario_cls: type, map_name: str = "crossroads.tmx") -> Engine:
    battlefield = load_battlefield(MAPS / map_name)
    return Engine(scenario_cls(), battlefield, 0, dice=Ones([]))


def figure_kinds(state: GameState, side: str) -> list[list[str]]:
    return sorted(sorted(f.kind for f in u.figures) for u in state.units_of(side))


def test_contracting_trouble_set_up_follows_the_scenario_page() -> None:
    engine = start(ContractingTrouble)
    state = engine.state
    # Two Marine fireteams (2 riflemen, RGL, SAW); the squad leader marches with Alpha (+1 Morale).
    marines = state.units_of(REGULAR)
    assert len(marines) == 2
    assert figure_kinds(state, REGULAR) == [
        ["leader", "rgl", "rifle", "rifle", "saw"],
        ["rgl", "rifle", "rifle", "saw"],
    ]
    assert [u.morale_bonus for u in marines] == [1, 0]
    assert {(u.quality_die().label, u.morale_die().label) for u in marines} == {("d8", "d10")}  # type: ignore[union-attr]
    # The test map marks start positions 1, 3 and 4: 6 small arms; 1 RPG; leader + RPG.
    assert figure_kinds(state, INSURGENT) == [
        ["leader", "rpg"],
        ["rpg"],
        ["small_arms"] * 6,
    ]
    assert all(u.quality_die().label == "d6" for u in state.units_of(INSURGENT))
    assert len(state.contractors) == 2 and state.insurgency_level == "automatic"
    assert not state.fog_of_war


def test_sweep_and_clear_set_up_and_leader_ratings() -> None:
    engine = start(SweepAndClear)
    state = engine.state
    assert len(state.units_of(REGULAR)) == 3
    assert all(u.morale_die().label == "d8" for u in state.units_of(REGULAR))  # type: ignore[union-attr]
    assert state.insurgency_level == "5" and state.fog_of_war
    assert [e["kind"] for e in state.events].count("FogOfWar") == 1  # one card at the start
    group4 = next(u for u in state.units_of(INSURGENT) if "rpg" in [f.kind for f in u.figures])
    # Leaders are Trained with d8 Morale; a mixed unit with a leader uses the leader's Morale.
    leader = next(f for f in group4.figures if f.kind == "leader")
    assert (leader.quality, leader.morale) == (8, 8)
    assert group4.quality_die().label == "d6"  # the majority's Troop Quality
    assert group4.morale_die().label == "d8"  # type: ignore[union-attr]


def test_sweep_and_clear_exit_needs_three_neutralized_hot_spots() -> None:
    engine = start(SweepAndClear)
    unit = engine.state.units_of(REGULAR)[0]
    assert not engine.scenario.exit_allowed(engine.state, unit)
    engine.state.tally["hot_spots_neutralized"] = 3
    assert engine.scenario.exit_allowed(engine.state, unit)


def test_contracting_trouble_victory_points() -> None:
    engine = start(ContractingTrouble)
    state = engine.state
    state.contractors[0].status = "escorted"
    state.contractors[1].status = "captive"
    state.tally.update(regular_wia=2, regular_kia=1)
    reg, ins, lines = engine.scenario.score(state)
    assert reg == 5 + 5  # one contractor escorted; nobody left behind
    assert ins == 2 * 1 + 1 * 2 + 5  # wounded x1, killed x2, one captive x5
    state.tally["casualties_left_behind"] = 1
    assert engine.scenario.score(state)[0] == 5
    assert "escorted" in lines[0]


def test_sweep_and_clear_victory_points_count_remaining_hot_spots() -> None:
    engine = start(SweepAndClear)
    state = engine.state
    state.hot_spots["1"].neutralized = True
    state.hot_spots["2"].neutralized = True
    state.tally["hot_spots_neutralized"] = 2
    reg, ins, _ = engine.scenario.score(state)
    assert reg == 10 and ins == 3 * 5


def test_r31_contracting_trouble_ends_when_every_contractor_is_settled() -> None:
    engine = start(ContractingTrouble)
    state = engine.state
    assert engine.scenario.finished(state) is None
    for c in state.contractors:
        c.status = "escorted"
    assert "contractor" in (engine.scenario.finished(state) or "")


def test_r31_the_game_ends_at_the_turn_limit_with_a_margin() -> None:
    scenario = ContractingTrouble()
    scenario.turn_limit = 2
    engine = Engine(scenario, load_battlefield(MAPS / "crossroads.tmx"), 0, dice=Ones([]))
    while not engine.over:
        side = engine.pending.side  # type: ignore[union-attr]
        engine.apply(EndPhase(side=side))
    assert engine.state.result is not None
    assert engine.state.result["turns"] == 2 and "turn limit" in engine.state.result["reason"]
    assert engine.state.result["margin"] in {"Indecisive", "Marginal", "Decisive", "Total"}
    # the last line says in words who won and by what margin
    end = engine.state.events[-1]
    assert end["kind"] == "GameEnd"
    result = engine.state.result
    if result["winner"] == "none":
        assert f"{result['margin']}, no side wins" in end["text"]
    else:
        side = {"regular": "the Regulars", "insurgent": "the Insurgents"}[result["winner"]]
        assert f"a {result['margin']} victory for {side}" in end["text"]


def test_a_custom_map_without_a_scenario_plays_as_a_patrol() -> None:
    battlefield = load_battlefield(MAPS / "patrol.tmx")
    scenario = scenario_for(battlefield)
    assert isinstance(scenario, Patrol)
    engine = Engine(scenario, battlefield, 4)
    assert len(engine.state.units_of(REGULAR)) == 3
    assert engine.state.insurgency_level == "4"
    assert len(engine.state.hot_spots) == 5


def answer_passively(engine: Engine) -> None:
    """Answer the pending decision doing as little as possible (end phases, first choices)."""
    decision = engine.pending
    assert decision is not None
    if decision.kind in ("activate", "insurgent_action"):
        engine.apply(EndPhase(side=decision.side))
    elif decision.kind == "continue":
        engine.apply(EndActivation(side=decision.side, unit=decision.context["unit"]))
    else:
        engine.apply(decision.options[0])


def test_contractor_pickup_on_the_contracting_trouble_map() -> None:
    engine = start(ContractingTrouble)
    state = engine.state
    alpha = state.units["R1"]
    target = (state.contractors[0].x, state.contractors[0].y)
    # Alpha walks to the contractors, one Cautious move a turn; everyone else stays put.
    for _ in range(8):
        if alpha.dependants or not alpha.on_table or engine.over:
            break
        engine.apply(MoveUnit(side=REGULAR, unit="R1", to=target, rate="cautious"))
        turn = state.turn
        while not engine.over and state.turn == turn:
            answer_passively(engine)
    assert "contractor" in alpha.dependants
    assert any(c.holder == "R1" and c.status == "held" for c in state.contractors)


@pytest.mark.parametrize("cls", [ContractingTrouble, SweepAndClear])
def test_scenario_maps_ship_with_the_game_when_present(cls: type[Scenario]) -> None:
    shipped = Path(__file__).resolve().parent.parent.parent / "maps" / f"{cls.id}.tmx"
    if not shipped.exists():
        pytest.skip(f"{shipped.name} has not landed yet")
    battlefield = load_battlefield(shipped)
    engine = Engine(scenario_for(battlefield, cls.id), battlefield, 1)
    assert engine.state.units_of(REGULAR) and len(engine.state.hot_spots) == 5
    assert engine.state.units_of(INSURGENT)


def test_r69_figures_still_awaiting_first_aid_at_the_end_count_as_wounded() -> None:
    scenario = ContractingTrouble()
    scenario.turn_limit = 1
    engine = Engine(scenario, load_battlefield(MAPS / "crossroads.tmx"), 0, dice=Ones([]))
    engine.state.units["R1"].figures[0].status = "hit"
    while not engine.over:
        engine.apply(EndPhase(side=engine.pending.side))  # type: ignore[union-attr]
    assert engine.state.tally["regular_wia"] == 1
    assert engine.state.result is not None and engine.state.result["vp_insurgent"] == 1
    (line,) = [e["text"] for e in engine.state.events if e["kind"] == "WoundedAtEnd"]
    assert "1 hit figure still awaiting First Aid counts as wounded (R69)" in line


@pytest.mark.parametrize(
    ("scenario", "contractors", "exit_after"),
    [(ContractingTrouble(), True, 0), (SweepAndClear(), False, 3), (Patrol(), False, 0)],
)
def test_each_scenario_publishes_its_objectives_in_the_state(
    scenario: Scenario, contractors: bool, exit_after: int
) -> None:
    """Scenario pages (Contracting Trouble!: escort the contractors; Sweep & Clear: leave after
    three hot spots) as data every controller reads; the engine's exit rule reads the same."""
    from game.engine.state import GameState

    assert scenario.objectives.contractors is contractors
    assert scenario.objectives.exit_after_hot_spots == exit_after
    state = GameState("x", "x", "x", 1, objectives=scenario.objectives.to_dict())
    unit = None
    assert scenario.exit_allowed(state, unit) is (exit_after == 0)  # type: ignore[arg-type]
    state.count("hot_spots_neutralized", 3)
    assert scenario.exit_allowed(state, unit) is True  # type: ignore[arg-type]

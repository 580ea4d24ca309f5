"""Sequence of play pieces on small staged tables: Out of Contact movement, Pinned and Pull Back,
hot spots and reinforcements, contractors, illegal commands (Rulebook: Sequence of Play)."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import pytest

from game.battlefield.model import Battlefield, Building, Door, Edge
from game.engine import casualties, morale, narration, placement
from game.engine import rulesbridge as rb
from game.engine.commands import (
    Answer,
    CloseAssault,
    Command,
    DeclareInterrupts,
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
from game.engine.state import INSURGENT, REGULAR
from game.rules.dice import Die, ScriptedDice
from game.rules.units import Weapon
from game.scenarios.staged import StagedScenario, Staging, UnitSpec, line


class ThenOnes(ScriptedDice):
    def roll(self, die: Die) -> int:
        if not self.script:
            return 1
        return super().roll(die)


def table(*buildings: Building, exits: tuple[Edge, ...] = ()) -> Battlefield:
    return Battlefield(
        "tests/staged.tmx", "staged", 48.0, 48.0, 32.0, buildings=buildings, exit_edges=exits
    )


def block(x0: float, y0: float, x1: float, y1: float) -> Building:
    door = Door(2, "door", ((x0 + x1) / 2, y1), 1)
    return Building(1, "block", ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), doors=(door,))


def events(engine: Engine, kind: str) -> list[dict[str, Any]]:
    return [e for e in engine.state.events if e["kind"] == kind]


def drive(flow: Generator[Decision, Command, Any], choose: Callable[[Decision], Any]) -> Any:
    """Run one engine sub-procedure, answering each decision it asks with `choose`."""
    try:
        decision = next(flow)
        while True:
            answer = Answer(side=decision.side, decision=decision.id, choice=choose(decision))
            decision = flow.send(answer)
    except StopIteration as stop:
        return stop.value


def test_out_of_contact_move_stops_where_a_regular_first_sees_it() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(23.0, 40.0, 3)),
            UnitSpec("HIDDEN", INSURGENT, line(23.0, 14.0, 3), quality=6, seen=False),
        ]
    )
    engine = Engine(StagedScenario(staging), table(block(18, 20, 30, 28)), 0, dice=ThenOnes([]))
    hidden = engine.state.units["HIDDEN"]
    assert not hidden.seen and not engine.los(engine.state.units["R1"], hidden)
    engine.apply(EndPhase(side=REGULAR))
    move = MoveUnit(side=INSURGENT, unit="HIDDEN", to=(46.0, 14.0), rate="out_of_contact")
    assert move in engine.legal_commands(INSURGENT) or engine.pending is not None
    engine.apply(move)
    moved = [e for e in events(engine, "Move") if e["data"]["unit"] == "HIDDEN"]
    assert len(moved) == 1 and "spotted" in moved[0]["text"]
    assert hidden.seen  # fixed: never out of contact again
    assert hidden.leader_point[0] < 46.0 - 1.0  # it stopped short of where it wanted to go
    assert engine.los(engine.state.units["R1"], hidden)


def test_out_of_contact_movement_is_refused_once_seen() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(23.0, 40.0, 3)),
            UnitSpec("SEEN", INSURGENT, line(23.0, 30.0, 3), quality=6, seen=True),
        ]
    )
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    engine.apply(EndPhase(side=REGULAR))
    before = engine.state.to_json()
    with pytest.raises(IllegalCommand, match="Out of Contact"):
        engine.apply(MoveUnit(side=INSURGENT, unit="SEEN", to=(40.0, 5.0), rate="out_of_contact"))
    assert engine.state.to_json() == before


def test_r26_pinned_twice_in_a_turn_pulls_back_and_regroups_next_turn() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 30.0, 4)),
            UnitSpec("GUNMEN", INSURGENT, line(24.0, 24.0, 3), quality=6),
        ]
    )
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    marines = engine.state.units["R1"]
    gunmen = engine.state.units["GUNMEN"]
    start = marines.leader_point
    mover = next(f for f in marines.figures if f.pos == start)
    # All dice show 1: the morale check fails (Pinned); on the open table it can reach no cover
    # and, Exposed, cannot Get In Cover either (R120, R121): it stays.
    drive(morale.morale(engine, marines, gunmen), lambda d: "stay")
    assert marines.pinned_turn == 1 and marines.regroup_turn == 0
    assert marines.leader_point == start
    drive(morale.morale(engine, marines, gunmen), lambda d: "stay")
    assert [e["data"]["result"] for e in events(engine, "Morale")] == ["Pinned", "PullBack"]
    assert marines.regroup_turn == 2
    moved = ((mover.x - start[0]) ** 2 + (mover.y - start[1]) ** 2) ** 0.5
    assert 0.5 < moved <= 6.0 + 0.01  # up to 6" (positions are kept to 1/1000")
    assert mover.y > start[1]  # away from the gunmen, who stand to the north


def test_r26_a_unit_in_solid_cover_stays_pinned_instead_of_pulling_back() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(20.0, 22.0, 3)),  # inside the building
            UnitSpec("GUNMEN", INSURGENT, line(20.0, 10.0, 3), quality=6),
        ]
    )
    engine = Engine(StagedScenario(staging), table(block(18, 20, 30, 28)), 0, dice=ThenOnes([]))
    marines = engine.state.units["R1"]
    start = marines.leader_point
    drive(morale.morale(engine, marines, engine.state.units["GUNMEN"]), lambda d: "stay")
    drive(morale.morale(engine, marines, engine.state.units["GUNMEN"]), lambda d: "stay")
    assert marines.regroup_turn == 0
    assert marines.leader_point == start
    assert "defensible" in events(engine, "Morale")[-1]["text"]


def test_r28_hot_spot_neutralized_then_a_reinforcement_rolled_there_is_lost() -> None:
    staging = Staging(
        units=[UnitSpec("R1", REGULAR, line(10.5, 10.0, 3))],
        hot_spots={1: (10.0, 10.0), 2: (40.0, 40.0)},
    )
    # Every die shows 1: the reinforcement table gives 2 (1d6 small arms + light support), a
    # leader steps up on the 1, and the hot spot roll is always 1.
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    engine.apply(NeutralizeHotSpot(side=REGULAR, unit="R1", hot_spot=1))
    assert events(engine, "NeutralizeStarted")
    # Turn 2: the group arrives at hot spot 1, which is still active until R1's next activation.
    assert engine.state.turn == 2
    assert len(events(engine, "ReinforcementsArrive")) == 1
    assert not engine.state.hot_spots["1"].neutralized
    engine.apply(EndActivation(side=REGULAR, unit="R1"))
    assert engine.state.hot_spots["1"].neutralized
    assert engine.state.tally["hot_spots_neutralized"] == 1
    while engine.state.turn == 2:
        assert engine.pending is not None
        engine.apply(EndPhase(side=engine.pending.side))
    lost = events(engine, "ReinforcementsLost")
    assert len(lost) == 1 and lost[0]["turn"] == 3 and "neutralized" in lost[0]["text"]


def test_r28_being_driven_off_the_hot_spot_abandons_the_neutralization() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(10.5, 10.0, 3)),
            UnitSpec("GUNMEN", INSURGENT, line(10.5, 4.0, 3), quality=6),
        ],
        hot_spots={1: (10.0, 10.0)},
        insurgency_level="1",
    )
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([(Die.D6, 6)] * 3))
    marines = engine.state.units["R1"]
    engine.apply(NeutralizeHotSpot(side=REGULAR, unit="R1", hot_spot=1))
    morale.pull_back(
        engine, marines, engine.state.units["GUNMEN"]
    )  # as after a second Pinned result
    assert events(engine, "NeutralizeAbandoned")
    while engine.state.turn == 1:
        assert engine.pending is not None
        engine.apply(EndPhase(side=engine.pending.side))
    engine.apply(EndActivation(side=REGULAR, unit="R1"))
    assert not engine.state.hot_spots["1"].neutralized
    assert "hot_spots_neutralized" not in engine.state.tally


def test_contractor_joins_on_contact_and_is_escorted_off_the_table() -> None:
    staging = Staging(
        units=[UnitSpec("R1", REGULAR, line(6.0, 20.0, 3))],
        contractors=[(3.0, 20.0)],
        contractor_rules=True,
    )
    engine = Engine(StagedScenario(staging), table(exits=(Edge.WEST,)), 0, dice=ThenOnes([]))
    marines = engine.state.units["R1"]
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(0.2, 20.0), rate="cautious"))
    joined = events(engine, "ContractorJoins")
    assert len(joined) == 1
    assert marines.dependants == ["contractor"]
    assert marines.status == "exited"
    assert engine.state.contractors[0].status == "escorted"
    assert engine.state.tally["contractors_escorted"] == 1
    (exit_line,) = [e["text"] for e in events(engine, "UnitExits")]
    assert exit_line.endswith("edge with 1 Dependant")


def test_units_with_dependants_may_not_move_rapidly() -> None:
    staging = Staging(
        units=[UnitSpec("R1", REGULAR, line(10.0, 26.0, 3))],
        contractors=[(10.0, 23.0)],
        contractor_rules=True,
    )
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(10.0, 22.0), rate="cautious"))
    assert engine.state.units["R1"].dependants == ["contractor"]
    engine.apply(EndActivation(side=REGULAR, unit="R1"))
    while engine.state.turn == 1:
        assert engine.pending is not None
        engine.apply(EndPhase(side=engine.pending.side))
    with pytest.raises(IllegalCommand, match="Dependants"):
        engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(10.0, 10.0), rate="rapid"))


def test_insurgents_may_not_go_for_the_contractors_before_the_marines_reach_them() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(40.0, 40.0, 3)),
            UnitSpec("GUNMEN", INSURGENT, line(10.0, 10.0, 3), quality=6),
        ],
        contractors=[(10.0, 14.0)],
        contractor_rules=True,
    )
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    engine.apply(EndPhase(side=REGULAR))
    with pytest.raises(IllegalCommand, match="contractors"):
        engine.apply(MoveUnit(side=INSURGENT, unit="GUNMEN", to=(10.0, 14.0), rate="cautious"))


def test_an_illegal_command_leaves_the_state_byte_identical() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(23.0, 40.0, 3)),
            UnitSpec("HIDDEN", INSURGENT, line(23.0, 14.0, 3), quality=6),
        ]
    )
    engine = Engine(StagedScenario(staging), table(block(18, 20, 30, 28)), 0)
    before = engine.state.to_json()
    log_before = list(engine.log)
    refused = [
        Fire(side=REGULAR, unit="R1", target="HIDDEN"),  # no line of sight
        Fire(side=INSURGENT, unit="HIDDEN", target="R1"),  # not the Insurgents' turn
        MoveUnit(side=REGULAR, unit="R1", to=(23.0, 10.0), rate="sprint"),  # no such rate
        MoveUnit(side=REGULAR, unit="NOPE", to=(0.0, 0.0), rate="cautious"),
        NeutralizeHotSpot(side=REGULAR, unit="R1", hot_spot=4),
    ]
    messages = []
    for command in refused:
        with pytest.raises(IllegalCommand) as caught:
            engine.apply(command)
        messages.append(str(caught.value))
        assert engine.state.to_json() == before
    assert engine.log == log_before
    assert "line of sight" in messages[0]
    assert "Regulars must answer" in messages[1]


def test_a_unit_cannot_fire_twice_in_one_activation() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 40.0, 4)),
            UnitSpec("GUNMEN", INSURGENT, line(24.0, 20.0, 6), quality=6),
        ]
    )
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    engine.apply(Fire(side=REGULAR, unit="R1", target="GUNMEN"))
    while engine.pending is not None and engine.pending.kind != "continue":
        decision = engine.pending
        if decision.kind == "interrupts":
            engine.apply(decision.options[0])
        else:
            engine.apply(decision.options[0])
    state = engine.state.to_json()
    with pytest.raises(IllegalCommand, match="already fired this activation"):
        engine.apply(Fire(side=REGULAR, unit="R1", target="GUNMEN"))
    assert engine.state.to_json() == state


def test_r68_insurgents_who_stay_put_may_get_in_cover_until_they_move() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 40.0, 3)),
            UnitSpec("GUNMEN", INSURGENT, line(24.0, 20.0, 3), quality=6),
        ]
    )
    dice = ThenOnes([(Die.D6, 5)])  # the In Cover Quality Check passes
    # a block just north of the gunmen keeps them from being Exposed (R120)
    engine = Engine(StagedScenario(staging), table(block(22, 16, 28, 19)), 0, dice=dice)
    gunmen = engine.state.units["GUNMEN"]
    engine.apply(EndPhase(side=REGULAR))
    engine.apply(EndActivation(side=INSURGENT, unit="GUNMEN"))
    assert events(engine, "InCover")[0]["data"]["passed"] is True
    assert engine.state.turn == 2
    assert ("In Cover", 1) in engine.defense(gunmen).items
    placement.place_unit(engine, gunmen, (30.0, 20.0))
    assert ("In Cover", 1) not in engine.defense(gunmen).items


def test_malformed_commands_are_refused_without_changing_anything() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(23.0, 40.0, 3)),
            UnitSpec("GUNMEN", INSURGENT, line(23.0, 30.0, 3), quality=6),
        ]
    )
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(23.0, 36.0), rate="cautious"))
    assert engine.pending is not None and engine.pending.kind == "interrupts"
    before = engine.state.to_json()
    malformed: list[Command] = [
        DeclareInterrupts(side=INSURGENT, declarations=(5,)),  # type: ignore[arg-type]
        DeclareInterrupts(side=INSURGENT, declarations=(("GUNMEN", "fire"),), at="x"),  # type: ignore[arg-type]
        DeclareInterrupts(side=INSURGENT, declarations=(("GUNMEN", "shout"),)),
        DeclareInterrupts(side=INSURGENT, declarations=(("GUNMEN", "fire"), ("GUNMEN", "move"))),
        MoveUnit(side=INSURGENT, unit="GUNMEN", to=(1.0,), rate="cautious"),  # type: ignore[arg-type]
        Answer(side=INSURGENT, decision=999, choice=None),
    ]
    for command in malformed:
        with pytest.raises(IllegalCommand):
            engine.apply(command)
        assert engine.state.to_json() == before


def test_close_assault_wipes_out_the_escort_and_takes_the_contractor_and_a_prisoner() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, [(24.0, 30.0)]),
            UnitSpec("GUNMEN", INSURGENT, line(24.0, 26.0, 3), quality=6),
        ],
        contractors=[(30.0, 40.0)],
        contractor_rules=True,
    )
    dice = ThenOnes(
        [(Die.D6, 6), (Die.D8, 1)]  # the charge goes in; the Marines fail their check
        + [(Die.D6, 6)] * 4  # 3 figures + Optimum Range in contact: four 6s
        + [(Die.D8, 1)]  # one Defense die fails
    )
    engine = Engine(StagedScenario(staging), table(), 0, dice=dice)
    marines = engine.state.units["R1"]
    contractor = engine.state.contractors[0]
    contractor.status, contractor.holder = "held", "R1"
    marines.dependants.append("contractor")
    engine.apply(EndPhase(side=REGULAR))
    engine.apply(CloseAssault(side=INSURGENT, unit="GUNMEN", target="R1"))
    assert engine.pending is not None and engine.pending.kind == "assaulted"
    assert [o.choice for o in engine.pending.options] == ["stand"]  # type: ignore[attr-defined]
    answer = engine.pending.options[0]
    engine.apply(answer)
    assert marines.status == "removed"
    assert contractor.status == "captive" and contractor.holder == "GUNMEN"
    assert engine.pending is not None and engine.pending.kind == "prisoners"
    engine.apply(Answer(side=INSURGENT, decision=engine.pending.id, choice=True))
    assert engine.state.tally["regular_pows"] == 1


class LongMelee(ScriptedDice):
    """Scripted faces, then every die shows 1 for `misses` more rolls (nobody hits), then the
    Insurgents' d6 show 6 and everything else 1 (their hits land, the Marines' miss)."""

    def __init__(self, script: list[int | tuple[Die, int]], misses: int) -> None:
        super().__init__(script)
        self.misses = misses

    def roll(self, die: Die) -> int:
        if self.script:
            return super().roll(die)
        self.misses -= 1
        return 6 if self.misses < 0 and die is Die.D6 else 1


def test_r95_a_close_assault_has_no_round_limit() -> None:
    """Rulebook: Resolving an Infantry vs Infantry Close Assault — the fight goes on until one
    side is wiped out or captured. A melee where nobody hits for more than 40 strikes (the
    engine's old limit, after which it broke off with both sides standing) goes on until the
    Insurgents' blows land."""
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, [(24.0, 30.0)]),
            UnitSpec(
                "GUNMEN",
                INSURGENT,
                line(24.0, 26.0, 3),
                kinds=["leader", "small_arms", "small_arms"],
                quality=6,
            ),
        ],
    )
    dice = LongMelee([(Die.D6, 6), (Die.D8, 1)], misses=600)  # goes in; the Marines stand
    engine = Engine(StagedScenario(staging), table(), 0, dice=dice)
    engine.apply(EndPhase(side=REGULAR))
    engine.apply(CloseAssault(side=INSURGENT, unit="GUNMEN", target="R1"))
    assert engine.pending is not None and engine.pending.kind == "assaulted"
    stand = next(o for o in engine.pending.options if o.choice == "stand")  # type: ignore[attr-defined]
    engine.apply(stand)
    strikes = [e for e in events(engine, "Fire") if "hand to hand" in e["text"]]
    assert len(strikes) > 80
    ends = [e["text"] for e in events(engine, "CloseAssaultEnd")]
    assert ends == ["The close assault ends: GUNMEN holds the ground"]
    assert engine.state.units["R1"].status == "removed"


def end_turn(engine: Engine) -> None:
    turn = engine.state.turn
    while not engine.over and engine.state.turn == turn:
        decision = engine.pending
        assert decision is not None
        if decision.kind in ("activate", "insurgent_action"):
            engine.apply(EndPhase(side=decision.side))
        elif decision.kind == "continue":
            engine.apply(EndActivation(side=decision.side, unit=decision.context["unit"]))
        else:
            engine.apply(decision.options[0])


def test_pull_back_regrouping_unit_may_fire_but_not_move_next_turn() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 30.0, 4)),
            UnitSpec("GUNMEN", INSURGENT, line(24.0, 22.0, 3), quality=6),
        ]
    )
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    morale.pull_back(engine, engine.state.units["R1"], engine.state.units["GUNMEN"])
    end_turn(engine)
    assert engine.state.turn == 2
    with pytest.raises(IllegalCommand, match="regrouping"):
        engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(24.0, 40.0), rate="cautious"))
    engine.apply(Fire(side=REGULAR, unit="R1", target="GUNMEN"))
    end_turn(engine)
    assert engine.state.turn == 3
    assert any(e["data"]["firer"] == "R1" and e["turn"] == 2 for e in events(engine, "Fire"))
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(20.0, 40.0), rate="cautious"))  # regrouped


def test_shaken_insurgents_spend_the_next_turn_recovering() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 30.0, 4)),
            UnitSpec("GUNMEN", INSURGENT, line(24.0, 22.0, 3), quality=6),
        ]
    )
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    gunmen = engine.state.units["GUNMEN"]
    gunmen.shake(1)
    end_turn(engine)
    # Turn 2: the Regulars move in sight, and the Shaken unit may not interrupt.
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(20.0, 30.0), rate="cautious"))
    assert engine.pending is not None and engine.pending.kind != "interrupts"
    while engine.pending is not None and engine.pending.kind != "insurgent_action":
        decision = engine.pending
        if decision.kind in ("activate",):
            engine.apply(EndPhase(side=decision.side))
        elif decision.kind == "continue":
            engine.apply(EndActivation(side=decision.side, unit="R1"))
        else:
            engine.apply(decision.options[0])
    with pytest.raises(IllegalCommand, match="Shaken"):
        engine.apply(Fire(side=INSURGENT, unit="GUNMEN", target="R1"))
    with pytest.raises(IllegalCommand, match="away from the enemy"):
        engine.apply(MoveUnit(side=INSURGENT, unit="GUNMEN", to=(24.0, 27.0), rate="cautious"))
    engine.apply(MoveUnit(side=INSURGENT, unit="GUNMEN", to=(24.0, 12.0), rate="cautious"))
    assert gunmen.leader_point[1] < 22.0


def test_overwatch_interrupts_an_insurgent_end_of_turn_fire() -> None:
    staging = Staging(
        units=[
            UnitSpec("WATCH", REGULAR, line(24.0, 30.0, 4)),
            UnitSpec("GUNMEN", INSURGENT, line(24.0, 22.0, 3), quality=6),
        ]
    )
    dice = ThenOnes([(Die.D6, 1), (Die.D8, 3)])  # Overwatch wins its Reaction Test
    engine = Engine(StagedScenario(staging), table(), 0, dice=dice)
    engine.apply(Overwatch(side=REGULAR, unit="WATCH"))
    engine.apply(Fire(side=INSURGENT, unit="GUNMEN", target="WATCH"))
    assert engine.pending is not None and engine.pending.kind == "overwatch"
    engine.apply(Answer(side=REGULAR, decision=engine.pending.id, choice=["WATCH"]))
    fires = [(e["data"]["firer"], e["data"]["target"]) for e in events(engine, "Fire")]
    assert fires == [("WATCH", "GUNMEN"), ("GUNMEN", "WATCH")]


def test_a_hot_spot_roll_of_6_lets_the_insurgent_player_choose() -> None:
    staging = Staging(
        units=[UnitSpec("R1", REGULAR, line(40.0, 44.0, 3))],
        hot_spots={1: (5.0, 5.0), 2: (20.0, 5.0), 3: (35.0, 5.0)},
    )
    # Turn 2: 2d6 = 1+1 (1d6 small arms + light support), small arms d6=1, leader d6=1 (a leader
    # steps up), hot spot d6=6: the Insurgent player picks.
    dice = ThenOnes([(Die.D6, 1)] * 4 + [(Die.D6, 6)])
    engine = Engine(StagedScenario(staging), table(), 0, dice=dice)
    engine.apply(EndPhase(side=REGULAR))
    assert engine.pending is not None and engine.pending.kind == "hot_spot"
    assert [o.choice for o in engine.pending.options] == [1, 2, 3]  # type: ignore[attr-defined]
    engine.apply(Answer(side=INSURGENT, decision=engine.pending.id, choice=2))
    arrived = events(engine, "ReinforcementsArrive")
    assert len(arrived) == 1 and arrived[0]["data"]["hot_spot"] == 2
    # the log says why a roll of 6 put the group at hot spot 2
    assert arrived[0]["text"].startswith("Hot spot d6=6 (Insurgents' choice): ")
    assert "arrives at hot spot 2" in arrived[0]["text"]
    newcomer = engine.state.units[arrived[0]["data"]["unit"]]
    assert all(((f.x - 20.0) ** 2 + (f.y - 5.0) ** 2) ** 0.5 <= 4.0 for f in newcomer.figures)


def test_a_hot_spot_roll_of_6_with_every_hot_spot_neutralized_loses_the_group() -> None:
    """Rulebook: Arrival of Insurgent Reinforcements: the group has nowhere to arrive."""
    staging = Staging(
        units=[UnitSpec("R1", REGULAR, line(40.0, 44.0, 3))],
        hot_spots={1: (5.0, 5.0), 2: (20.0, 5.0)},
    )
    dice = ThenOnes([(Die.D6, 1)] * 4 + [(Die.D6, 6)])  # as above: the hot spot roll is a 6
    engine = Engine(StagedScenario(staging), table(), 0, dice=dice)
    for spot in engine.state.hot_spots.values():
        spot.neutralized = True
    engine.apply(EndPhase(side=REGULAR))
    assert events(engine, "ReinforcementsArrive") == []
    (lost,) = events(engine, "ReinforcementsLost")
    assert lost["text"].startswith(
        "Hot spot d6=6 (Insurgents' choice): no hot spot is left; the group is lost"
    )
    assert len(engine.state.units_of(INSURGENT)) == 0


def test_r43_a_lone_gunner_made_leader_arrives_with_his_weapon() -> None:
    """Rulebook: Arrival of Insurgent Reinforcements (R43): a group of one light support gunner
    that rolls a leader makes the gunner its leader, and he keeps the weapon."""
    staging = Staging(
        units=[UnitSpec("R1", REGULAR, line(40.0, 44.0, 3))],
        hot_spots={1: (5.0, 5.0)},
    )
    # (turn 2 arrives without an Insurgency roll) 2d6 = 4+6: one light support gunner;
    # leader d6=1; hot spot d6=1
    dice = ThenOnes([(Die.D6, 4), (Die.D6, 6), (Die.D6, 1), (Die.D6, 1)])
    engine = Engine(StagedScenario(staging), table(), 0, dice=dice)
    engine.apply(EndPhase(side=REGULAR))
    (arrived,) = events(engine, "ReinforcementsArrive")
    newcomer = engine.state.units[arrived["data"]["unit"]]
    assert [(f.kind, f.arms) for f in newcomer.figures] == [("leader", "l_support")]
    assert newcomer.has_leader
    figure = rb.rules_unit(newcomer).figures[0]
    assert figure.weapon is Weapon.LIGHT_SUPPORT


def test_captive_contractor_is_left_where_its_captors_are_shot_down() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 30.0, 4)),
            UnitSpec("CAPTORS", INSURGENT, [(24.0, 24.0)], quality=6),
        ],
        contractors=[(24.0, 24.0)],
        contractor_rules=True,
    )
    dice = ThenOnes([])
    engine = Engine(StagedScenario(staging), table(), 0, dice=dice)
    marines, captors = engine.state.units["R1"], engine.state.units["CAPTORS"]
    dice.script = [(Die.D8, 6)] * engine.firepower(marines, captors).total  # every die hits
    contractor = engine.state.contractors[0]
    contractor.status, contractor.holder = "captive", "CAPTORS"
    engine.state.units["CAPTORS"].dependants.append("contractor")
    engine.apply(Fire(side=REGULAR, unit="R1", target="CAPTORS"))
    engine.apply(DeclareInterrupts(side=INSURGENT, declarations=()))
    assert engine.state.units["CAPTORS"].status == "removed"
    assert contractor.status == "waiting" and contractor.holder == ""
    assert (contractor.x, contractor.y) == (24.0, 24.0)


def test_a_regular_winning_the_reaction_test_may_take_cover_first() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(23.0, 30.5, 3)),
            UnitSpec("GUNMEN", INSURGENT, line(23.0, 38.0, 3), quality=6),
        ]
    )
    dice = ThenOnes([(Die.D6, 1), (Die.D8, 6)])  # the Marines win the Reaction Test
    engine = Engine(StagedScenario(staging), table(block(18, 20, 30, 28)), 0, dice=dice)
    marines, gunmen = engine.state.units["R1"], engine.state.units["GUNMEN"]
    engine.apply(Fire(side=REGULAR, unit="R1", target="GUNMEN"))
    engine.apply(DeclareInterrupts(side=INSURGENT, declarations=(("GUNMEN", "fire"),)))
    assert engine.pending is not None and engine.pending.kind == "react"
    covers = [o for o in engine.pending.options if isinstance(o.choice, list)]  # type: ignore[attr-defined]
    assert covers, "a covered spot within the unit's movement is offered"
    before = (
        (marines.centre[0] - gunmen.centre[0]) ** 2 + (marines.centre[1] - gunmen.centre[1]) ** 2
    ) ** 0.5
    engine.apply(covers[0])
    assert events(engine, "TakeCover")
    after = (
        (marines.centre[0] - gunmen.centre[0]) ** 2 + (marines.centre[1] - gunmen.centre[1]) ** 2
    ) ** 0.5
    assert after >= before - 1e-6  # never toward the interrupter
    assert engine.terrain.in_solid_cover(marines.position()) or not engine.los(gunmen, marines)


def test_r91_regulars_fire_past_friends_behind_them_but_not_through_friends_ahead() -> None:
    """Rulebook: Line of Fire (LOF): Regulars may not fire with other Regulars in the line of
    fire, and only units between the firer and the target are in it (R91)."""
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 40.0, 4)),
            UnitSpec("R2", REGULAR, line(24.0, 41.5, 3)),  # just behind R1, within 2" of it
            UnitSpec("GUNMEN", INSURGENT, line(24.0, 20.0, 6), quality=6),
        ]
    )
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    engine.apply(Fire(side=REGULAR, unit="R1", target="GUNMEN"))
    while engine.pending is not None and engine.pending.kind != "continue":
        engine.apply(engine.pending.options[0])
    assert [e["data"]["firer"] for e in events(engine, "Fire")] == ["R1"]

    staging.units[1] = UnitSpec("R2", REGULAR, line(24.0, 30.0, 3))  # now between them
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    with pytest.raises(IllegalCommand, match=r"R2 .*in the line of fire \(R6\)"):
        engine.apply(Fire(side=REGULAR, unit="R1", target="GUNMEN"))


def _overlaps(engine: Engine) -> list[tuple[str, str, float]]:
    """Pairs of bases of different units that overlap (3/4" bases, R92)."""
    figures = [
        (u.id, f.pos)
        for u in engine.state.units.values()
        if u.on_table
        for f in u.effective_figures
    ]
    found = []
    for i, (a, p) in enumerate(figures):
        for b, q in figures[i + 1 :]:
            gap = ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5
            if a != b and gap < 0.75 - 1e-3:
                found.append((a, b, round(gap, 3)))
    return found


def test_r92_reinforcements_arrive_beside_a_unit_standing_on_their_hot_spot() -> None:
    """Rulebook: Arrival of Insurgent Reinforcements: within 4" of the hot spot, and never on
    top of the figures already there (R92)."""
    staging = Staging(
        units=[UnitSpec("R1", REGULAR, [(10.0, 10.0), (10.9, 10.0), (10.0, 10.9)])],
        hot_spots={1: (10.0, 10.0), 2: (40.0, 40.0)},
    )
    # every die shows 1: a group of small arms and light support arrives at hot spot 1
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    engine.apply(EndPhase(side=REGULAR))
    arrived = events(engine, "ReinforcementsArrive")
    assert len(arrived) == 1 and arrived[0]["data"]["hot_spot"] == 1
    newcomer = engine.state.units[arrived[0]["data"]["unit"]]
    assert len(newcomer.figures) >= 2
    assert all(((f.x - 10.0) ** 2 + (f.y - 10.0) ** 2) ** 0.5 <= 4.0 for f in newcomer.figures)
    assert _overlaps(engine) == []


def test_r92_a_move_ending_on_another_units_base_stops_beside_it() -> None:
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 30.0, 4)),
            UnitSpec("GUNMEN", INSURGENT, line(24.0, 25.0, 3), quality=6),
        ]
    )
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    engine.apply(EndPhase(side=REGULAR))
    target = engine.state.units["R1"].figures[1].pos  # right on a Marine's base
    engine.apply(MoveUnit(side=INSURGENT, unit="GUNMEN", to=target, rate="cautious"))
    gunmen = engine.state.units["GUNMEN"]
    leader = gunmen.leader_point
    assert 0.74 <= ((leader[0] - target[0]) ** 2 + (leader[1] - target[1]) ** 2) ** 0.5 <= 1.5
    assert _overlaps(engine) == []


def test_r27_a_unit_that_tends_its_wounded_may_not_fire_in_that_activation() -> None:
    """Rulebook: First Aid Checks for Regulars: the activation after taking casualties is spent
    tending them; the unit may fire only in reaction, even once First Aid has been rolled."""
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(23.0, 31.0, 3)),  # in the open, south of the block
            UnitSpec("GUNMEN", INSURGENT, line(23.0, 40.0, 3), quality=6),
        ]
    )
    engine = Engine(StagedScenario(staging), table(block(18, 20, 30, 28)), 0, dice=ThenOnes([]))
    marines, gunmen = engine.state.units["R1"], engine.state.units["GUNMEN"]
    marines.figures[1].status = "hit"  # hit last turn: awaiting First Aid
    # into the building by its door: Solid Cover, where First Aid is rolled at the move's end
    engine.apply(MoveUnit(side=REGULAR, unit="R1", to=(24.0, 25.0), rate="cautious"))
    while engine.pending is not None and engine.pending.kind == "interrupts":
        engine.apply(DeclareInterrupts(side=INSURGENT, declarations=()))
    assert [e["data"]["figure"] for e in events(engine, "FirstAid")] == ["R1.2"]
    assert not any(f.status == "hit" for f in marines.figures)  # sorted out by the roll
    assert engine.pending is not None and engine.pending.kind == "continue"
    assert engine.los(marines, gunmen)
    before = engine.state.to_json()
    with pytest.raises(IllegalCommand, match=r"tending its wounded and may only react \(R27\)"):
        engine.apply(Fire(side=REGULAR, unit="R1", target="GUNMEN"))
    assert engine.state.to_json() == before


def test_r41_a_fallen_gunners_weapon_goes_to_a_rifleman_then_the_leader_else_is_lost() -> None:
    """Rulebook: Who Got Hit? (R41): on a passed Quality Check a rifleman takes up a fallen
    Insurgent gunner's weapon, the leader only when no rifleman is left; with nobody able to
    carry it no check is rolled."""
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 40.0, 3)),
            UnitSpec(
                "GANG", INSURGENT, line(24.0, 20.0, 2), kinds=["leader", "small_arms"], quality=6
            ),
        ]
    )
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    dice = engine.dice = ThenOnes([(Die.D6, 5), (Die.D6, 6), (Die.D6, 2)])
    gang = engine.state.units["GANG"]
    leader, rifleman = gang.figures
    said = casualties.take_up_weapon(engine, gang, "rpg")  # d6=5 passes: the rifleman takes it
    assert rifleman.kind == "rpg" and leader.weapon == ""
    assert said["outcome"] == "carrier" and said["carrier"] == "GANG.2"
    assert "GANG.2 takes up the RPG" in narration.take_up_words(said)
    said = casualties.take_up_weapon(engine, gang, "mg")  # no rifleman left: the leader, on d6=6
    assert leader.kind == "leader" and leader.weapon == "mg"
    assert sorted(gang.support_weapons()) == ["mg", "rpg"]
    assert said["outcome"] == "leader" and said["carrier"] == "GANG.1" and said["face"] == 6
    assert "the leader GANG.1 takes up the MG" in narration.take_up_words(said)
    said = casualties.take_up_weapon(engine, gang, "saw")  # nobody free to carry it: no roll at all
    assert said == {"weapon": "saw", "outcome": "nobody"}
    assert narration.take_up_words(said) == "; nobody left can take up the SAW: it is lost"
    assert dice.script == [(Die.D6, 2)]  # the third face was never rolled


def test_casualty_lines_name_the_figure_in_words() -> None:
    """Rulebook: Who Got Hit?: the log names who fell as a player would ("RPG gunner"), not by
    the program's figure kinds ("rpg", "small_arms")."""
    staging = Staging(
        units=[
            UnitSpec("R1", REGULAR, line(24.0, 30.0, 4)),
            UnitSpec("GANG", INSURGENT, line(24.0, 24.0, 3), kinds=["leader", "rpg", "small_arms"]),
        ]
    )
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    casualties.apply_casualties(engine, engine.state.units["GANG"], 3, dependant_hit=False)
    said = sorted(
        e["text"].split(";")[0].split(" (Rulebook")[0] for e in events(engine, "Casualty")
    )
    assert said == [
        "GANG: GANG.1 (leader) is a casualty and is removed",
        "GANG: GANG.2 (RPG gunner) is a casualty and is removed",
        "GANG: GANG.3 (rifleman) is a casualty and is removed",
    ]
    assert rb.figure_words("leader", "mg") == "leader with the MG"
    assert rb.weapon_words("l_support") == "light support weapon"


def test_the_setup_line_does_not_double_the_titles_punctuation() -> None:
    """Found in play: "Contracting Trouble!: 2 Regular ..." (Sequence of Play, steps 1-7)."""
    staging = Staging(units=[UnitSpec("R1", REGULAR, line(24.0, 30.0, 3))])
    texts = []
    for title, joint in (("Ambush!", "Ambush! — "), ("Patrol", "Patrol: ")):
        scenario = StagedScenario(staging)
        scenario.title = title
        engine = Engine(scenario, table(), 0, dice=ThenOnes([]))
        (setup,) = events(engine, "Setup")
        texts.append(setup["text"])
        assert setup["text"].startswith(joint + "1 Regular and 0 Insurgent units on the table")
    assert "!:" not in texts[0]


def test_overwatch_that_holds_its_fire_is_logged() -> None:
    """Rulebook: Overwatch: the player may let an Insurgent action pass; the log says so, so
    an Overwatch unit that never fires can be told from one that was never asked."""
    staging = Staging(
        units=[
            UnitSpec("WATCH", REGULAR, line(24.0, 30.0, 4), name="Watchers"),
            UnitSpec("GUNMEN", INSURGENT, line(24.0, 22.0, 3), quality=6, name="Gunmen"),
        ]
    )
    engine = Engine(StagedScenario(staging), table(), 0, dice=ThenOnes([]))
    engine.apply(Overwatch(side=REGULAR, unit="WATCH"))
    engine.apply(Fire(side=INSURGENT, unit="GUNMEN", target="WATCH"))
    assert engine.pending is not None and engine.pending.kind == "overwatch"
    engine.apply(Answer(side=REGULAR, decision=engine.pending.id, choice=[]))
    held = events(engine, "OverwatchHolds")
    assert [e["text"] for e in held] == [
        "Watchers on Overwatch holds fire at Gunmen (Rulebook: Overwatch)"
    ]
    assert [e["data"]["firer"] for e in events(engine, "Fire")] == ["GUNMEN"]


def test_r6_a_unit_straight_in_the_line_blocks_fire() -> None:
    """Rulebook: Line of Fire (LOF): the unit the centre line crosses at the firer's level
    blocks fire for everyone; one beside the line does not."""
    from game.battlefield.model import UnitPosition
    from game.engine.terrain import Terrain

    firer = UnitPosition("F", ((10.0, 10.0), (10.0, 11.0)))
    target = UnitPosition("T", ((20.0, 10.5),))
    across = UnitPosition("X", ((15.0, 10.6),))  # on the centre line
    aside = UnitPosition("A", ((15.0, 12.0),))  # in the line of fire, but beside it
    terrain = Terrain(table())
    assert terrain.blocks_fire(firer, target, [aside, across]) == "X"
    assert terrain.blocks_fire(firer, target, [aside]) is None
    # a unit with no figure standing (all hit or carried) blocks nothing and is no error: the
    # Insurgent AI asked this in Turkey Shoot seed 176 and the game stopped on turn 8
    emptied = UnitPosition("E", ())
    assert terrain.blocks_fire(firer, target, [emptied, aside]) is None
    assert terrain.blocks_fire(firer, target, [emptied, across]) == "X"
    assert terrain.blocks_fire(firer, emptied, [across]) is None

"""Scenario 3: Midnight at the Alamo (issue 19 part 3): its table, forces, night, reinforcements
by table edge, the evacuation after turn 3 and its victory points (R203-R208), a seeded soak of
AI-vs-AI games, and saves that resume exactly."""

from __future__ import annotations

from pathlib import Path

from game.ai.controller import InsurgentAI
from game.ai.regular import RegularAI
from game.battlefield.loader import load_battlefield
from game.battlefield.planar import point_in_polygon
from game.engine import edge_arrivals
from game.engine.engine import Engine
from game.engine.invariants import InvariantChecker
from game.engine.protocol import UnitStatus
from game.engine.state import INSURGENT, REGULAR
from game.headless import play, result_line
from game.rules.dice import Die, ScriptedDice
from game.save import load_save, new_game, resolve_map, write_save
from game.scenarios.catalog import MidnightAtTheAlamo

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "midnight-at-the-alamo.tmx"
ID = "midnight-at-the-alamo"


def start(seed: int = 1, turns: int | None = None) -> Engine:
    map_path, sid = resolve_map(ID)
    if turns is None:
        return new_game(map_path, sid, seed)
    return new_game(map_path, sid, seed, turn_limit=turns)


def ais(engine: Engine) -> dict[str, RegularAI | InsurgentAI]:
    return {
        REGULAR: RegularAI(engine.battlefield),
        INSURGENT: InsurgentAI(engine.battlefield, engine.state.seed * 2 + 2),
    }


def gap(a: tuple[tuple[float, float], ...], b: tuple[tuple[float, float], ...]) -> float:
    """The gap between two rectangular outlines, in inches (0 when they touch)."""
    dx = max(
        min(x for x, _ in b) - max(x for x, _ in a), min(x for x, _ in a) - max(x for x, _ in b)
    )
    dy = max(
        min(y for _, y in b) - max(y for _, y in a), min(y for _, y in a) - max(y for _, y in b)
    )
    return float(max(0.0, dx, dy) if min(dx, dy) < 0 else (dx**2 + dy**2) ** 0.5)


def test_table_set_up_a_south_edge_compound_and_west_and_east_start_zones() -> None:
    """Scenario 3, Table Set-Up: the Marines hold up to four buildings on the south edge, each
    within 4" of another; the Insurgent units start within 3" of the west or east edge; the
    Marines may leave by the north edge."""
    field = load_battlefield(MAP)
    marked = [m.position for m in field.markers if m.kind == "Objective"]
    compound = [b for b in field.buildings if any(point_in_polygon(p, b.outline) for p in marked)]
    assert 1 <= len(compound) <= 4
    for b in compound:
        assert max(y for _, y in b.outline) >= field.height - 2.0  # on the south edge
        others = [o for o in compound if o is not b]
        assert any(gap(b.outline, o.outline) <= 4.0 for o in others)
    starts = [m for m in field.markers if m.kind == "StartPosition"]
    insurgent = {
        int(m.properties["number"]): m.position
        for m in starts
        if m.properties.get("side") == "insurgent"
    }
    assert sorted(insurgent) == [1, 2, 3, 4, 5, 6]
    assert all(insurgent[n][0] <= 3.0 for n in (1, 2, 3))  # West side
    assert all(insurgent[n][0] >= field.width - 3.0 for n in (4, 5, 6))  # East side
    assert [e.value for e in field.exit_edges] == ["north"]


def test_the_forces_the_night_and_the_marines_in_their_compound() -> None:
    """Scenario 3: Marine squad (squad leader, three fireteams of 2 riflemen, RGL, SAW), Trained
    d8 with Morale d8, holed up in the compound; six Insurgent units as listed, Untrained d6
    with Morale d8, leaders Trained d8 with Morale d10; night; Insurgency Level 5; 6 turns.
    Seed 12: its set-up Fog of War card (Eye in the Sky, held) changes no rating and brings no
    unit (seed 3's Cross-Town Traffic now sends a car on, R308)."""
    engine = start(12)
    state = engine.state
    assert (state.night, state.insurgency_level, state.turn_limit) == (True, "5", 6)
    marines = state.units_of(REGULAR)
    assert sorted(len(u.figures) for u in marines) == [4, 4, 5]
    figures = [f for u in marines for f in u.figures]
    assert sum(f.kind == "leader" for f in figures) == 1
    assert sum(f.kind == "saw" for f in figures) == sum(f.kind == "rgl" for f in figures) == 3
    assert {(f.quality, f.morale) for f in figures} == {(8, 8)}
    assert all(engine.terrain.building_at(f.pos) is not None for f in figures)
    insurgents = state.units_of(INSURGENT)
    assert sorted(len(u.figures) for u in insurgents) == [4, 5, 5, 6, 6, 8]
    ratings = {(f.kind == "leader", f.quality, f.morale) for u in insurgents for f in u.figures}
    assert ratings == {(False, 6, 8), (True, 8, 10)}
    assert all(u.night_vision is None for u in state.units.values())  # the book's default


def test_r206_reinforcements_come_on_by_the_edge_a_d6_picks() -> None:
    """Scenario 3, Insurgency Level (R206): at level 5 a d6 of 5 or less brings the table's
    groups; each rolls its own d6 for the edge (1-3 east, 4-6 west) and comes on 1" inside that
    edge, in the middle of the map's Insurgent start zone there."""
    engine = start()
    d6 = Die.D6
    engine.dice = ScriptedDice(
        [
            (d6, 5),  # Insurgency Level 5: arrive
            *[(d6, 2), (d6, 2), (d6, 3), (d6, 1), (d6, 5)],  # 4: 1d6, leader, west, ROLL AGAIN
            *[(d6, 6), (d6, 6), (d6, 2), (d6, 3), (d6, 4), (d6, 2)],  # 12: 2d6, leaderless, east
        ]
    )
    before = set(engine.state.units)
    edge_arrivals.reinforcement_step(engine)
    events = [e for e in engine.state.events if e["kind"] == "ReinforcementsAtEdge"]
    assert [(e["data"]["edge"], e["data"]["face"]) for e in events] == [("west", 5), ("east", 2)]
    new = [engine.state.units[u] for u in sorted(set(engine.state.units) - before)]
    assert [len(u.figures) for u in new] == [3, 5]
    assert new[0].has_leader and not new[1].has_leader
    west, east = (tuple(e["data"]["at"]) for e in events)
    assert west == (1.0, 16.0) and east == (23.0, 16.0)
    assert engine.dice.script == []  # every scripted roll was used


def test_r207_the_marines_may_leave_by_the_north_edge_only_after_turn_3() -> None:
    """Scenario 3 (R207): "after turn 3" — leaving by the north edge is allowed from turn 4."""
    engine = start()
    unit = engine.state.units_of(REGULAR)[0]
    engine.state.turn = 3
    assert engine.scenario.exit_allowed(engine.state, unit) is False
    engine.state.turn = 4
    assert engine.scenario.exit_allowed(engine.state, unit) is True
    assert engine.state.objectives["exit_from_turn"] == 4
    assert engine.state.objectives["hold_objectives"] is True


def test_r203_r204_r205_victory_points_hold_or_break_out() -> None:
    """Scenario 3, Victory Conditions (R203-R205): holding the compound to the end of turn 6 is
    10; each Marine out by the north edge 1; over half the squad neither killed nor captured 5;
    the Insurgents score wounded 1, killed 2, captives 5, and 5 when Marines quit the table."""
    engine = start()
    state = engine.state
    state.turn = 6
    reg, ins, lines = engine.scenario.score(state)
    assert (reg, ins) == (15, 0)  # held, all 13 alive
    assert lines[0] == "Regulars: held the compound until the end of turn 6: yes +10"
    # one fireteam breaks out by the north edge carrying a casualty; two Marines were killed
    team = state.units_of(REGULAR)[1]
    team.status = UnitStatus.EXITED
    team.dependants.append("casualty")
    state.count("regular_kia", 2)
    state.count("regular_wia", 1)
    reg, ins, lines = engine.scenario.score(state)
    assert reg == 10 + len(team.figures) + 1 + 5
    assert ins == 1 + 2 * 2 + 5
    assert "Insurgents: the Marines quit the table: yes +5" in lines
    # seven of thirteen lost: not over half
    state.count("regular_kia", 3)
    state.count("regular_pows", 2)
    assert "Regulars: over half the squad came through: no" in engine.scenario.score(state)[2]


def test_a_short_seeded_soak_of_ai_games_keeps_every_invariant() -> None:
    """Three AI-vs-AI games, every invariant checked after each event, end within 6 turns, no
    Marine leaving before turn 4 and only by the north edge (R207; the team AI breaks out with
    all but one unit, R384, and the basic AI holds, R208), and the compound's victory line
    scored either way (whether it is held moves with the cards and the AIs; the golden games
    pin each game exactly)."""
    for seed in (1, 2, 3):
        engine = start(seed)
        checker = InvariantChecker(engine)
        play(engine, ais(engine))
        assert engine.over and checker.checked > 50
        assert engine.state.result is not None and engine.state.result["turns"] <= 6
        exited = [u for u in engine.state.units.values() if u.status == UnitStatus.EXITED]
        exits = [e for e in engine.state.events if e["kind"] == "UnitExits"]
        assert len(exits) == len(exited) <= 2  # R384: one unit always stays to hold
        assert all(e["turn"] >= 4 and e["data"]["edge"] == "north" for e in exits)  # R207
        end = next(e for e in engine.state.events if e["kind"] == "GameEnd")
        held = end["data"]["breakdown"]
        assert held[0].endswith(
            ("held the compound until the end of turn 6: yes +10", "until the end of turn 6: no")
        )
        fires = [e for e in engine.state.events if e["kind"] == "Fire"]
        night = [
            f
            for f in fires
            if ["night without night vision", 1] in f["data"]["firepower_breakdown"]["penalties"]
        ]
        assert night and all(f["data"]["firer"].startswith("I") for f in night)


def test_a_save_at_the_end_of_every_turn_resumes_exactly(tmp_path: Path) -> None:
    """A night game saved at each turn's end and loaded by fresh AIs ends as the whole game."""
    whole = start(4, turns=3)
    play(whole, ais(whole))
    engine = start(4, turns=3)
    turn = 1
    while not engine.over:
        play(engine, ais(engine), stop_after_turn=turn)
        write_save(engine, tmp_path / f"t{turn}.json")
        engine = load_save(tmp_path / f"t{turn}.json")
        assert engine.state.night is True
        turn += 1
    assert engine.events_sha256() == whole.events_sha256()
    assert result_line(engine) == result_line(whole)


def test_the_scenario_is_listed_and_its_class_reads_its_file() -> None:
    """The shipped scenario plays its own file (the set-up list reads the ids)."""
    from game.scenarios.ids import scenario_ids

    assert ID in scenario_ids()
    assert MidnightAtTheAlamo().spec.reinforcement_edges == "east-or-west"


def test_headless_scenario_midnight_at_the_alamo_plays_to_a_result_line() -> None:
    """`main.py --headless --scenario midnight-at-the-alamo` plays the night game in the terminal
    and ends with its RESULT line naming the scenario and its victory conditions."""
    import contextlib
    import io
    import json

    from game.app import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(
            [
                "--headless",
                "--scenario",
                ID,
                "--seed",
                "5",
                "--turns",
                "2",
                "--quiet",
                "--no-autosave",
            ]
        )
    assert code == 0
    line = next(x for x in out.getvalue().splitlines() if x.startswith("RESULT "))
    result = json.loads(line[len("RESULT ") :])
    assert result["scenario"] == ID and result["turns"] == 2
    assert "Insurgents: the Marines quit the table: 5 pts" in result["victory_conditions"]


def test_a_save_after_any_command_of_a_night_turn_resumes_exactly(tmp_path: Path) -> None:
    """The save promise for the night game's state (GameState.night, the units' night vision):
    saved after any command of its first turn, loaded and played on by fresh AIs, the game ends
    as the uninterrupted one."""
    whole = start(6, turns=1)
    play(whole, ais(whole))
    commands = list(whole.log)
    assert len(commands) >= 5
    moved = []
    engine = start(6, turns=1)  # played on to each save in turn, one command at a time
    for n in range(1, len(commands)):
        engine.apply(commands[n - 1])
        write_save(engine, tmp_path / "s.json")
        loaded = load_save(tmp_path / "s.json")
        assert loaded.state.night is True
        play(loaded, ais(loaded))
        if loaded.events_sha256() != whole.events_sha256():
            moved.append(n)
    assert moved == []

"""Order previews asked of the engine (game.client.orders): moves, reach, sight, labels."""

from __future__ import annotations

from game.client import orders
from game.client.move_checks import ExitPreview, with_exit
from game.client.session import GameSession, SessionConfig
from game.engine.commands import Answer, MoveUnit
from game.engine.terrain import path_length


def session(table: str, seed: int = 5) -> GameSession:
    return GameSession(SessionConfig(table=table, seed=seed, autosave=False))


def test_a_click_on_a_spot_the_pathfinder_cannot_stand_on_moves_next_to_it() -> None:
    engine = session("sweep-and-clear", 7).engine  # seed 5 garbles turn 1 (R280)
    alpha = engine.state.units["R1"]
    target = (15.5, 22.5)  # on the line of the south-east compound's wall: no base stands there
    assert len(engine.terrain.path(alpha.leader_point, target)) == 1  # no path to the spot itself
    plan = orders.move_preview(engine, alpha, target)
    assert not plan.blocked
    assert ((plan.destination[0] - target[0]) ** 2 + (plan.destination[1] - target[1]) ** 2) > 0
    assert ((plan.destination[0] - target[0]) ** 2 + (plan.destination[1] - target[1]) ** 2) <= 2.25
    assert plan.label.endswith("to the nearest point it can reach")
    assert orders.check(engine, MoveUnit("regular", "R1", plan.destination, plan.rate)) == ""


def test_hot_spot_five_of_sweep_and_clear_can_be_walked_to() -> None:
    engine = session("sweep-and-clear", 7).engine  # seed 5 garbles turn 1 (R280)
    alpha = engine.state.units["R1"]
    spot = engine.state.hot_spots["5"]
    assert len(engine.terrain.path(alpha.leader_point, (spot.x, spot.y))) > 1


def test_a_short_move_is_cautious_with_plus_one_and_a_long_one_rapid_with_minus_one() -> None:
    engine = session("contracting-trouble", 1).engine
    alpha = engine.state.units["R1"]
    x, y = alpha.leader_point
    short = orders.move_preview(engine, alpha, (x - 4.0, y))
    assert short.rate == "cautious" and short.reaction_modifier == "+1"
    assert abs(short.length - 4.0) < 0.3
    far = orders.move_preview(engine, alpha, (x - 3.0, y - 9.0))
    assert far.rate == "rapid" and far.reaction_modifier == "−1" and far.length <= 12.0
    walled = orders.move_preview(engine, alpha, (x + 3.0, y - 3.0))  # a spot it cannot stand on
    assert walled.destination != walled.requested
    assert walled.label.endswith("to the nearest point it can reach")


def test_reach_outlines_stay_within_their_allowance_along_paths() -> None:
    engine = session("contracting-trouble", 1).engine
    alpha = engine.state.units["R1"]
    start = alpha.leader_point
    for reach in (6.0, 12.0):
        outline = orders.reach_outline(engine, alpha, reach)
        assert len(outline) >= orders.REACH_DIRECTIONS // 2
        for point in outline:
            away = ((point[0] - start[0]) ** 2 + (point[1] - start[1]) ** 2) ** 0.5
            assert orders.REACH_MIN <= away <= reach + 0.01  # never dips back into the leader
            path = engine.terrain.path(start, point)
            assert path_length(path) <= reach + 1e-6  # a real path gets there in the allowance
            assert ((path[-1][0] - point[0]) ** 2 + (path[-1][1] - point[1]) ** 2) ** 0.5 < 0.05


def test_line_of_sight_between_points_names_what_blocks_it() -> None:
    engine = session("contracting-trouble", 1).engine
    alpha = engine.state.units["R1"]
    probe = orders.sight_between(engine, alpha.leader_point, (10.0, 10.0))
    assert not probe.clear and probe.blocked_at is not None
    # found in play: every blocker was "terrain"; the map's wall is named
    assert probe.text.startswith("no line of sight: blocked by compound wall 12.4")
    through = orders.sight_between(engine, (21.0, 9.0), (21.0, 16.0))  # across the Pharmacy
    assert through.text.startswith("no line of sight: blocked by building Pharmacy")
    open_street = orders.sight_between(engine, (2.0, 8.5), (20.0, 8.5))
    assert open_street.clear and open_street.text == 'clear line of sight, 18.0"'


def test_dialog_labels_for_the_engines_answers() -> None:
    engine = session("contracting-trouble", 1).engine
    label = orders.describe_choice
    assert label(engine, Answer("regular", 1, "none")) == "Do nothing"
    cover = Answer("regular", 1, ["cover", 3.0, 4.5])
    assert label(engine, cover) == "Take cover in building Tailor's house"
    assert label(engine, Answer("regular", 1, ["R1"])) == "Fire with Alpha fireteam"
    assert label(engine, Answer("regular", 1, [])) == "None of them"
    assert orders.choice_point(Answer("regular", 1, [2.0, 5.0])) == (2.0, 5.0)


def test_a_move_option_says_where_it_goes_and_is_marked_on_the_map() -> None:
    # Found in play: a hot-seat Insurgent player chose interrupt moves among bare coordinates
    engine = session("contracting-trouble", 1).engine
    label = orders.describe_choice
    group = engine.state.units["I3"]  # at (8.5, 11.5)
    into = MoveUnit("insurgent", "I3", (21.0, 12.0), "cautious")
    assert (
        label(engine, into) == 'Insurgent group 3: cautious move into building Pharmacy (13" away)'
    )
    street = MoveUnit("insurgent", "I3", (10.0, 8.5), "rapid")
    assert label(engine, street) == 'Insurgent group 3: rapid move into the open (3" away)'
    assert label(engine, Answer("regular", 1, [10.0, 8.5])) == "Move to cover in the open"
    near_wall = orders.place_words(engine, (10.0, 10.0))
    assert near_wall.startswith("beside ") and near_wall != "beside terrain"
    assert orders.choice_point(into) == (21.0, 12.0) and group.centre != (21.0, 12.0)


def test_an_interrupted_move_asks_how_it_goes_on_and_the_first_way_is_as_planned() -> None:
    """Movement (R105): the dialog after an interruption of a move names the planned way."""
    import dataclasses
    from pathlib import Path

    from game.sandbox import run_situation
    from game.scenarios.situation import read_situation

    docs = Path(__file__).resolve().parents[2] / "docs" / "sandbox"
    situation = read_situation(docs / "move-after-interruption.json")
    situation = dataclasses.replace(situation, commands=situation.commands[:3])
    run = run_situation(situation, lambda event: None)
    engine = run.engine
    assert engine is not None and engine.pending is not None
    assert engine.pending.kind == "resume_move"
    labels = orders.describe_options(engine, list(engine.pending.options)[:9])
    assert labels[0].startswith("Go on as planned: cautious move")
    assert labels[1].startswith("Rapid move")  # the same place at the other rate
    assert len(labels) == 9


def test_an_exit_preview_names_who_leaves_what_it_scores_and_whether_the_game_ends() -> None:
    # issue #22 item 13: the words of a move off the table (Rulebook: Dependants)
    alone = ExitPreview((0.0, 23.0), "south", "Bravo fireteam", (), 0, 0)
    assert alone.text == (
        "Bravo fireteam leaves the table by the south edge · scores no victory points"
    )
    carrying = ExitPreview(
        (0.0, 23.0),
        "west",
        "Alpha fireteam",
        (("casualty", 2), ("contractor", 1)),
        5,
        -1,
        ends_game="every contractor is escorted off or captive",
    )
    assert carrying.text == (
        "Alpha fireteam and its Dependants (2 casualties, 1 contractor) leave the table by the"
        " west edge · Regulars +5 VP, Insurgents -1 VP"
        " · the game ends: every contractor is escorted off or captive"
    )
    assert with_exit('6.0" Cautious', None) == '6.0" Cautious'
    assert with_exit('6.0" Cautious', alone) == f'6.0" Cautious | {alone.text}'


def test_a_unit_with_dependants_blocked_by_a_mob_is_told_of_the_mob() -> None:
    # found in play (Hornet's Nest seed 4): Bravo fireteam escorts the Person of Interest, so it
    # may not move Rapidly; a 20" move south showed "12" Rapid ... has Dependants and may not
    # move Rapidly", while a Cautious move was refused too, for the civilian mob in the way
    engine = session("hornets-nest", 4).engine
    engine.apply(engine.pending.options[0])  # the opening Swiss Cheese card: the first answer
    bravo = engine.state.units["R2"]
    assert bravo.dependants
    x, y = bravo.leader_point
    plan = orders.move_preview(engine, bravo, (x, y + 20.0))
    assert plan.rate == "cautious" and plan.length <= 6.0 + 1e-6
    assert "civilian mob" in plan.blocked and "R232" in plan.blocked
    assert "Dependants" not in plan.label
    # a move it may make Cautiously is still planned Cautious, with no reason
    free = orders.move_preview(engine, bravo, (x + 2.0, y))
    assert free.rate == "cautious" and free.blocked == ""

"""The playable battle screen driven by synthetic mouse and key events, like a player would.

Contracting Trouble, seed 3, solo against the Insurgent AI at the instant pace: a whole first turn
(select, move, fire with the odds on screen, end activation; the Insurgents act; turn 2 begins),
and illegal clicks that only earn a status line and leave the engine state as it was.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.client import orders
from game.client.battle import BattleScene
from game.client.play import PlayScene, open_play
from game.client.session import SessionConfig
from game.engine.commands import EndActivation, Fire
from game.engine.engine import Engine
from game.engine.state import REGULAR

SEED = 3


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    return [
        motion(pos),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]


@pytest.fixture
def scene(app: object) -> Iterator[PlayScene]:
    config = SessionConfig(table="contracting-trouble", seed=SEED, pace="instant", autosave=False)
    play = open_play("contracting-trouble", config=config)
    app.push(play)  # type: ignore[attr-defined]
    app.run(max_frames=2)  # type: ignore[attr-defined]
    yield play


def screen_of(scene: PlayScene, point: tuple[float, float]) -> tuple[int, int]:
    x, y = scene.camera.world_to_screen(point)
    return (round(x), round(y))


def unit_pos(scene: PlayScene, unit_id: str) -> tuple[int, int]:
    """The screen centre of one of the unit's drawn bases (as a player would click it)."""
    rect = next(r for uid, r in scene.last_frame.figure_rects if uid == unit_id)
    return rect.center


def frames(scene: PlayScene, events: list[pygame.event.Event] | None = None, n: int = 1) -> None:
    scene.app.step(events or [])
    for _ in range(n - 1):
        scene.app.step([])


def answer_dialogs(scene: PlayScene, until: tuple[str, ...], limit: int = 60) -> None:
    """Let the AI act and answer any dialog with its first choice (key 1) until `until`."""
    engine = scene.session.engine
    for _ in range(limit):
        frames(scene)
        pending = engine.pending
        if pending is None or (pending.kind in until and not scene.session.ai_to_move):
            return
        if scene.dialog_options:
            frames(scene, [key(pygame.K_1)])
    raise AssertionError(f"still waiting at {engine.pending}")


def fingerprint(engine: Engine) -> tuple[str, str]:
    return engine.state.to_json(), engine.events_sha256()


@pytest.mark.usefixtures("unfrozen_collector")  # before `scene`: the battle owns the collector
def test_a_whole_first_turn_played_with_mouse_and_keys(scene: PlayScene) -> None:
    engine = scene.session.engine
    settled: list[int] = []
    collector = scene._gc
    assert collector is not None and collector.owner
    settle = collector.settle

    def spy() -> None:
        settled.append(engine.state.turn)
        settle()

    collector.settle = spy  # type: ignore[method-assign]
    alpha_start = engine.state.units["R1"].leader_point
    frames(scene, click(unit_pos(scene, "R1")))
    assert scene.overlays.selected_unit == "R1"
    # Move: the planned path follows the mouse with its length, rate and R14 modifier.
    frames(scene, [key(pygame.K_m)])
    street = screen_of(scene, (18.0, 9.0))
    frames(scene, [motion(street)])
    assert scene.move_plan is not None and scene.move_plan.rate == "rapid"
    assert "Rapid · Reaction Test −1 (R14)" in scene.preview_text
    frames(scene, click(street))
    answer_dialogs(scene, ("continue",))
    assert engine.state.units["R1"].leader_point != alpha_start
    # Fire: the odds shown are exactly casualty_odds for this matchup.
    frames(scene, [key(pygame.K_f)])
    target = "I4"
    frames(scene, [motion(unit_pos(scene, target))])
    assert scene.fire_plan is not None and not scene.fire_plan.blocked
    alpha, insurgents = engine.state.units["R1"], engine.state.units[target]
    expected = orders.odds_text(orders.fire_odds(engine, alpha, insurgents))
    assert scene.fire_plan.odds is not None
    assert orders.odds_text(scene.fire_plan.odds) == expected
    assert expected in scene.preview_text
    fires_before = sum(1 for e in engine.state.events if e["kind"] == "Fire")
    frames(scene, click(unit_pos(scene, target)))
    fire_events = [e for e in engine.state.events if e["kind"] == "Fire"]
    assert len(fire_events) > fires_before
    assert any(e["data"]["firer"] == "R1" for e in fire_events)
    answer_dialogs(scene, ("activate", "continue"))
    if engine.pending is not None and engine.pending.kind == "continue":
        frames(scene, [key(pygame.K_e)])
        answer_dialogs(scene, ("activate",))
    # Bravo holds: select it with the mouse and end its activation.
    frames(scene, click(unit_pos(scene, "R2")))
    frames(scene, [key(pygame.K_e)])
    # The Insurgents' end-of-turn actions play out; turn 2 begins with the player to act.
    answer_dialogs(scene, ("activate",))
    assert engine.state.turn == 2
    assert engine.pending is not None and engine.pending.side == REGULAR
    frames(scene)
    # the new turn was the battle's calm moment to collect and freeze again (steady_gc)
    assert settled == [2]
    kinds = [e["kind"] for e in engine.state.events]
    assert "Hold" in kinds and "MoveStart" in kinds
    logged = "\n".join(scene.log_panel.lines)
    assert fire_events[-1]["text"] in logged  # the roll with its dice faces reached the log


def test_illegal_clicks_explain_and_change_nothing(scene: PlayScene) -> None:
    engine = scene.session.engine
    before = fingerprint(engine)
    frames(scene, click(unit_pos(scene, "R1")))
    # Fire at a unit out of sight: the engine's reason, nothing changes.
    frames(scene, [key(pygame.K_f)])
    frames(scene, click(unit_pos(scene, "I3")))
    assert "no line of sight to Insurgent group 3" in scene.status
    assert scene.status_is_error
    assert fingerprint(engine) == before
    # First Aid with nobody wounded.
    frames(scene, [key(pygame.K_ESCAPE), key(pygame.K_g)])
    assert scene.status == "Alpha fireteam has no wounded figures to tend"
    assert fingerprint(engine) == before
    # Ordering an enemy unit.
    frames(scene, click(unit_pos(scene, "I1")))
    frames(scene, [key(pygame.K_o)])
    assert scene.status == "Insurgent group 1 is an enemy unit"
    # Moving into a building wall that cannot be reached: still nothing changes.
    frames(scene, click(unit_pos(scene, "R1")))
    frames(scene, [key(pygame.K_m)])
    frames(scene, click(screen_of(scene, engine.state.units["R1"].leader_point)))
    assert "cannot move that way" in scene.status
    assert fingerprint(engine) == before
    assert isinstance(scene.app.stack.top, PlayScene)


def test_split_fire_explains_why_a_portion_cannot_fire_and_changes_nothing(
    scene: PlayScene,
) -> None:
    """After a Rapid move and two interruptions, a two-figure portion has no Firepower left
    (R19, R37): the split is refused with the breakdown and nothing is fired. (The engine's
    split fire itself: tests/engine/test_interruptions.py::test_r19_...)"""
    engine = scene.session.engine
    frames(scene, click(unit_pos(scene, "R1")))
    frames(scene, [key(pygame.K_m)])
    frames(scene, click(screen_of(scene, (18.0, 9.0))))
    answer_dialogs(scene, ("continue",))
    assert engine.act is not None and engine.act.interruptions == 2
    frames(scene, [key(pygame.K_f), key(pygame.K_s)])
    assert scene.splitting
    before = fingerprint(engine)
    frames(scene, click(unit_pos(scene, "I4")))
    assert scene.split_targets == ["I4"] and fingerprint(engine) == before
    frames(scene, click(unit_pos(scene, "I1")))
    assert scene.status_is_error
    assert "portion at Insurgent group 4 has no Firepower" in scene.status
    assert "interrupted (R37) -2" in scene.status
    assert fingerprint(engine) == before
    fired = [e for e in engine.state.events if e["kind"] == "Fire" and e["data"]["firer"] == "R1"]
    assert fired == []


def test_split_fire_hover_shows_the_odds_of_the_figures_each_target_would_get(
    scene: PlayScene,
) -> None:
    """Splitting Fire (R19): hovering a target while splitting shows what its half of the
    figures rolls, not the whole unit (found in play: the second target showed full odds)."""
    engine = scene.session.engine
    frames(scene, click(unit_pos(scene, "R1")))
    frames(scene, [key(pygame.K_m)])
    frames(scene, click(screen_of(scene, (18.0, 9.0))))
    answer_dialogs(scene, ("continue",))
    marines = engine.state.units["R1"]
    first, second = orders.split_halves(marines)
    assert first and second
    penalty = orders.penalty_now(engine, marines)
    frames(scene, [key(pygame.K_f), key(pygame.K_s)])
    frames(scene, [motion(unit_pos(scene, "I4"))])
    assert scene.fire_plan is not None
    half = engine.firepower(
        marines, engine.state.units["I4"], interruption_penalty=penalty, figure_ids=first
    )
    assert scene.fire_plan.firepower == half.describe()
    frames(scene, click(unit_pos(scene, "I4")))
    assert scene.split_targets == ["I4"]
    frames(scene, [motion(unit_pos(scene, "I1"))])
    assert scene.fire_plan is not None and scene.fire_plan.target == "Insurgent group 1"
    rest = engine.firepower(
        marines,
        engine.state.units["I1"],
        interruption_penalty=penalty,
        figure_ids=second,
        team_bonus=False,
    )
    whole = engine.firepower(marines, engine.state.units["I1"], interruption_penalty=penalty)
    assert rest.describe() != whole.describe()
    assert scene.fire_plan.firepower == rest.describe()


def test_the_card_during_a_reaction_shows_the_reaction_fires_firepower(scene: PlayScene) -> None:
    """The Reaction Test (R24) and R16/R37: fire in reaction to an interruption loses a die per
    interruption after the first, the unit's own fire one per interruption; found in play: the
    card asking for a reaction showed the own-fire penalty and the nearest enemy."""
    engine = scene.session.engine
    frames(scene, click(unit_pos(scene, "R1")))
    frames(scene, [key(pygame.K_m)])
    frames(scene, click(screen_of(scene, (18.0, 9.0))))
    answer_dialogs(scene, ("react", "continue"))
    pending = engine.pending
    assert pending is not None and pending.kind == "react"
    act = engine.act
    assert act is not None and act.interruptions >= 1
    marines = engine.state.units["R1"]
    interrupter = engine.state.units[pending.context["insurgent"]]
    scene.overlays.hovered_unit = None
    reaction = engine.firepower(marines, interrupter, interruption_penalty=act.penalty)
    own = engine.firepower(marines, interrupter, interruption_penalty=act.own_fire_penalty)
    assert reaction.describe() != own.describe()
    markup = scene.card_markup()
    assert f"Reaction fire at {interrupter.name}:</b> {reaction.describe()}" in markup


def test_the_card_says_when_the_enemy_it_gives_firepower_at_is_out_of_sight(
    scene: PlayScene,
) -> None:
    # found in play: the card gave "Firepower at" an enemy the unit could not fire at
    engine = scene.session.engine
    frames(scene, click(unit_pos(scene, "R1")))
    marines = engine.state.units["R1"]
    seen, hidden = engine.state.units["I1"], engine.state.units["I3"]
    assert engine.los(marines, seen) and not engine.los(marines, hidden)
    scene.overlays.hovered_unit = "I3"
    markup = scene.card_markup()
    assert f"Cannot fire:</b> {marines.name} has no line of sight to {hidden.name}" in markup
    assert f"Cannot fire at {hidden.name}" not in markup  # the target is named once
    assert "Firepower at" not in markup
    scene.overlays.hovered_unit = "I1"
    assert f"Firepower at {seen.name}:</b>" in scene.card_markup()


def test_move_fire_and_assault_keys_say_at_once_when_they_cannot_lead_anywhere(
    scene: PlayScene,
) -> None:
    # found in play: A went into the charge mode with no enemy in reach; only the click said no
    frames(scene, click(unit_pos(scene, "R1")))
    frames(scene, [key(pygame.K_a)])
    assert scene.mode == "select" and scene.status_is_error
    assert scene.status.startswith(
        'Alpha fireteam cannot charge now: Insurgent group 3 is 13.2" away'
    )
    assert "beyond the charge reach" in scene.status
    frames(scene, [key(pygame.K_f)])  # Insurgent group 1 is in sight: the fire mode opens
    assert scene.mode == "fire" and not scene.status_is_error
    frames(scene, [key(pygame.K_ESCAPE)])
    scene.give(EndActivation(side="regular", unit="R1"))
    frames(scene)
    scene.select("R1")
    frames(scene, [key(pygame.K_m)])
    assert scene.mode == "select"
    assert scene.status == (
        "Alpha fireteam cannot move now: Alpha fireteam has already been activated this turn"
    )


def test_a_click_inside_a_targets_ring_but_between_its_figures_fires_at_it(
    scene: PlayScene,
) -> None:
    # found in play: the ring marks the target, but only a click on a base was taken
    engine = scene.session.engine
    frames(scene, click(unit_pos(scene, "R1")))
    frames(scene, [key(pygame.K_f)])
    assert scene.mode == "fire"
    centre = screen_of(scene, engine.state.units["I1"].centre)
    radius = scene._ring_radius()
    spots = [
        (centre[0] + dx, centre[1] + dy)
        for dx in range(-radius + 2, radius - 1, 2)
        for dy in range(-radius + 2, radius - 1, 2)
        if dx * dx + dy * dy < (radius - 2) ** 2
    ]
    between = next(p for p in spots if BattleScene.unit_at(scene, p) is None)
    assert scene.unit_at(between) == "I1"
    outside = (centre[0] + radius + 30, centre[1])
    assert BattleScene.unit_at(scene, outside) is None and scene.unit_at(outside) is None
    commands = len(engine.log)
    frames(scene, click(between))
    assert engine.log[commands] == Fire(side="regular", unit="R1", target="I1")


def test_wasd_does_not_pan_a_game_but_the_arrows_do(scene: PlayScene) -> None:
    # F1 says WASD pans only when viewing a map (A is Assault in a game); found in play: W, S
    # and D panned the table during a game.
    start = (scene.camera.origin_x, scene.camera.origin_y)
    frames(scene, [key(pygame.K_w), key(pygame.K_s), key(pygame.K_d)])
    assert (scene.camera.origin_x, scene.camera.origin_y) == start
    frames(scene, [key(pygame.K_RIGHT)])
    assert (scene.camera.origin_x, scene.camera.origin_y) != start


def test_c_changes_the_planned_move_at_once(scene: PlayScene) -> None:
    # found in play: after C the label still showed the old rate until the mouse moved
    frames(scene, click(unit_pos(scene, "R1")))
    frames(scene, [key(pygame.K_m), motion(screen_of(scene, (18.0, 9.0)))])
    assert scene.move_plan is not None and scene.move_plan.rate == "rapid"
    frames(scene, [key(pygame.K_c)])
    assert scene.move_plan is not None and scene.move_plan.rate == "cautious"
    assert "Cautious" in scene.preview_text


def test_no_rapid_outline_for_a_unit_with_dependants(scene: PlayScene) -> None:
    # a unit escorting Dependants may only move Cautiously; found in play: the 12" Rapid
    # outline was still drawn around it
    frames(scene, click(unit_pos(scene, "R1")))
    frames(scene, n=2)
    cautious, rapid = scene._reach
    assert cautious and rapid
    scene.session.engine.state.units["R1"].dependants.append("contractor")
    scene._reach_key = None
    frames(scene, n=2)
    cautious, rapid = scene._reach
    assert cautious and rapid == []


def test_reach_outlines_show_only_the_moves_the_engine_still_accepts(scene: PlayScene) -> None:
    # issue #22 item 6, Rulebook: Movement (Cautious and Rapid Movement) and Fire (R21): found
    # in play, the 12" Rapid outline was still drawn after the unit fired, and both outlines
    # around a Pinned unit
    engine = scene.session.engine
    frames(scene, click(unit_pos(scene, "R1")))
    frames(scene, n=2)
    cautious, rapid = scene._reach
    assert cautious and rapid
    alpha = engine.state.units["R1"]
    alpha.pinned_turn = engine.state.turn  # Pinned: it may only seek cover, no outline at all
    scene._reach_key = None
    frames(scene, n=2)
    assert scene._reach == ([], [])
    alpha.pinned_turn = 0
    scene._reach_key = None
    # Alpha fires at Insurgent group 1: afterwards it may still move, but only Cautiously
    frames(scene, [key(pygame.K_f)])
    frames(scene, click(unit_pos(scene, "I1")))
    assert any(e["kind"] == "Fire" and e["data"]["firer"] == "R1" for e in engine.state.events)
    assert engine.pending is not None and engine.pending.kind == "continue"
    assert engine.act is not None and engine.act.unit == "R1" and engine.act.fired
    frames(scene, n=2)
    assert scene.mode == "select" and scene.overlays.selected_unit == "R1"
    cautious, rapid = scene._reach
    assert cautious and rapid == []
    # once its activation ends, Alpha can do nothing more this turn: no outline
    frames(scene, [key(pygame.K_e)])
    answer_dialogs(scene, ("activate",))
    frames(scene, click(unit_pos(scene, "R1")))
    frames(scene, n=2)
    assert scene.overlays.selected_unit == "R1"
    assert scene._reach == ([], [])


def test_a_move_off_the_table_says_who_leaves_and_what_it_scores(scene: PlayScene) -> None:
    # issue #22 item 13, Contracting Trouble (Moving the Contractors) and Rulebook: Dependants:
    # found in play, a move to the exit edge looked like any other until the unit was gone
    engine = scene.session.engine
    alpha = engine.state.units["R1"]
    held = engine.state.contractors[0]
    held.status, held.holder = "held", "R1"  # Alpha has picked up a contractor
    alpha.dependants.append("contractor")
    for figure in alpha.figures:  # Alpha stands 1.5" further south, 5.5" from the south edge
        figure.y += 1.5
    frames(scene)
    frames(scene, click(unit_pos(scene, "R1")))
    frames(scene, [key(pygame.K_m), motion(screen_of(scene, (18.0, 9.0)))])
    assert scene.move_exit is None and "leave" not in scene.preview_text
    # a Cautious move (Dependants: no Rapid) that brings the leader within 1" of the south exit
    # edge: the unit leaves there, with the contractor it escorts
    edge = screen_of(scene, (21.0, 23.5))
    frames(scene, [motion(edge)])
    leaving = scene.move_exit
    assert leaving is not None and leaving.edge == "south"
    assert (
        "Alpha fireteam and its Dependants (1 contractor) leave the table by the south edge"
        in scene.preview_text
    )
    assert leaving.regular_vp == 5 and "Regulars +5 VP" in scene.preview_text
    regulars, insurgents, _ = scene.session.score()
    frames(scene, click(edge))
    answer_dialogs(scene, ("activate", "continue"))
    exits = [e for e in engine.state.events if e["kind"] == "UnitExits"]
    assert [(e["data"]["unit"], e["data"]["edge"]) for e in exits] == [("R1", "south")]
    after = scene.session.score()
    assert (after[0] - regulars, after[1] - insurgents) == (5, leaving.insurgent_vp)


@pytest.mark.usefixtures("unfrozen_collector")
def test_the_battle_keeps_the_collector_off_its_long_lived_objects_until_it_closes(
    app: object,
) -> None:
    import gc

    config = SessionConfig(table="contracting-trouble", seed=SEED, pace="instant", autosave=False)
    play = open_play("contracting-trouble", config=config)
    assert gc.get_freeze_count() == 0
    app.push(play)  # type: ignore[attr-defined]
    app.run(max_frames=2)  # type: ignore[attr-defined]
    assert gc.get_freeze_count() > 1000  # the map, its geometry and the code: frozen
    app.shutdown()  # type: ignore[attr-defined]
    assert gc.get_freeze_count() == 0  # closing the window lets go of them


def test_tab_walks_only_the_players_own_fireteams(scene: PlayScene) -> None:
    engine = scene.session.engine
    visited = []
    for _ in range(6):
        frames(scene, [key(pygame.K_TAB)])
        visited.append(scene.overlays.selected_unit)
    regulars = {u.id for u in engine.state.units_of(REGULAR) if u.on_table}
    assert set(visited) == regulars  # every fireteam, and no Insurgent group
    frames(scene, [key(pygame.K_TAB, pygame.KMOD_SHIFT)])
    assert scene.overlays.selected_unit == visited[-2]  # Shift+Tab walks back


def test_a_refusal_is_cleared_once_the_game_moves_on(scene: PlayScene) -> None:
    engine = scene.session.engine
    frames(scene, click(unit_pos(scene, "R1")))
    frames(scene, [key(pygame.K_h)])  # no hot spot within 1": refused
    assert scene.status_is_error and scene.status
    frames(scene)
    assert scene.status_is_error  # still the same decision: the refusal stays
    frames(scene, [key(pygame.K_e)])  # Alpha holds; so does Bravo: the Insurgents act
    answer_dialogs(scene, ("activate",))
    frames(scene, click(unit_pos(scene, "R2")))
    frames(scene, [key(pygame.K_e)])
    assert scene.session.ai_to_move
    scene.order("end_phase")  # a key pressed while the other side acts
    assert scene.status == "Wait: the other side is acting." and scene.status_is_error
    answer_dialogs(scene, ("activate",))  # the Insurgents finish; turn 2 is the player's
    assert engine.state.turn == 2 and engine.pending is not None
    frames(scene)
    assert not scene.status_is_error and scene.status == ""


def test_the_header_labels_are_as_wide_as_their_words(scene: PlayScene) -> None:
    frames(scene, click(unit_pos(scene, "R2")))
    frames(scene, [key(pygame.K_m)])
    frames(scene, click(screen_of(scene, (16.0, 12.0))))
    for label in (scene.top_left, scene.top_centre, scene.top_right):
        assert label is not None and label.font is not None
        assert label.font.size(label.text)[0] <= label.rect.width
    assert scene.top_left is not None and "(AI) (AI)" not in scene.top_left.text


def test_the_status_line_has_its_own_strip_below_the_table(scene: PlayScene) -> None:
    vp = scene.camera.viewport
    assert scene.status_rect.top == vp.top + vp.height  # not drawn over the table
    assert not scene.status_rect.colliderect(scene.layout.log)
    # the whole table, with room for the bases on its edge, is inside the viewport
    left, top, width, height = scene.camera.map_screen_rect()
    assert left > vp.left and left + width < vp.left + vp.width
    assert top > vp.top and top + height < vp.top + vp.height

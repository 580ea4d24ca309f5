"""The battle screen's support assets: the list on the unit card, the Support order arming an
asset, the exact odds of a call, and the click that calls it (R190-R199; issue 19)."""

from __future__ import annotations

import pygame

from game.client import play_support
from game.client.play import open_play
from game.client.scenes import App
from game.client.session import SessionConfig
from game.engine.assets import grant_asset
from game.engine.commands import EndActivation
from game.engine.state import REGULAR


def scene_with_assets(app: App, *held: str) -> tuple[App, object]:
    config = SessionConfig(table="contracting-trouble", seed=3, pace="instant", autosave=False)
    scene = open_play("contracting-trouble", config=config)
    engine = scene.session.engine
    for asset in held:
        grant_asset(engine.state, asset)
    app.push(scene)
    app.run(max_frames=3)
    # the next decision is asked with the assets held: Alpha holds
    assert scene.give(EndActivation(side=REGULAR, unit="R1"))
    for _ in range(20):
        app.step()
    return app, scene


def test_the_support_order_arms_each_asset_in_turn_and_a_click_calls_it(app: App) -> None:
    app, scene = scene_with_assets(app, "armed_predator", "attached_medic", "uav")
    engine = scene.session.engine  # type: ignore[attr-defined]
    scene.select("R2")  # type: ignore[attr-defined]
    assert "Support assets [Q]:</b> Armed Predator, Attached Medic, UAV" in scene.card_markup()  # type: ignore[attr-defined]
    scene.order("support")  # type: ignore[attr-defined]
    assert (scene.mode, scene.call_asset) == ("call", "armed_predator")  # type: ignore[attr-defined]
    scene.order("support")  # type: ignore[attr-defined]
    assert scene.call_asset == "attached_medic"  # type: ignore[attr-defined]
    scene.order("support")  # type: ignore[attr-defined]
    assert scene.call_asset == "armed_predator"  # type: ignore[attr-defined]
    seat = scene.human_seat()  # type: ignore[attr-defined]
    play_support.support_click(scene, seat, "I1")  # type: ignore[arg-type]
    kinds = [e["kind"] for e in engine.state.events]
    assert "AssetCall" in kinds and "AssetFire" in kinds and "AssetLost" in kinds
    assert scene.mode == "select"  # type: ignore[attr-defined]
    assert engine.state.assets[REGULAR] == ["attached_medic", "uav"]
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q")])
    assert scene.call_asset == "attached_medic"  # type: ignore[attr-defined]


def test_the_call_preview_is_the_exact_odds_or_the_engines_reason(app: App) -> None:
    _, scene = scene_with_assets(app, "armed_predator", "light_mortar")
    engine = scene.session.engine  # type: ignore[attr-defined]
    bravo, target = engine.state.units["R2"], engine.state.units["I1"]
    line = play_support.call_preview(engine, bravo, "armed_predator", target)
    assert line.startswith("Armed Predator on Insurgent group 1: Defense 7d6")
    assert "no fire 0%" in line and "card lost 100%" in line and "expected" in line
    blocked = play_support.call_preview(engine, bravo, "light_mortar", target)
    assert blocked == (
        "Blocked: Bravo fireteam cannot see Insurgent group 1 to call the Off-Board Light "
        "Mortar (R191)"
    )


def test_without_assets_the_card_lists_none_and_the_order_says_why(app: App) -> None:
    _, scene = scene_with_assets(app)
    scene.select("R2")  # type: ignore[attr-defined]
    assert "Support assets" not in scene.card_markup()  # type: ignore[attr-defined]
    scene.order("support")  # type: ignore[attr-defined]
    assert scene.mode == "select"  # type: ignore[attr-defined]
    assert "can call no support asset now (held: none)" in scene.status  # type: ignore[attr-defined]


def test_r194_the_fire_odds_of_a_unit_with_a_smaw_leave_out_the_cover_dice() -> None:
    from pathlib import Path

    from game.client import orders
    from game.scenarios.situation import parse_situation, situation_engine

    data = {
        "map": {"width": 48, "height": 48, "buildings": [{"rect": [20, 26, 8, 6]}]},
        "units": [
            {"id": "R1", "side": "regular", "line": [24, 40], "figures": ["smaw", "rifle"]},
            {"id": "R2", "side": "regular", "line": [30, 40], "figures": ["rifle", "rifle"]},
            {
                "id": "G",
                "side": "insurgent",
                "line": [23, 28],
                "figures": ["leader", "small_arms"],
                "status": ["in_cover"],
            },
        ],
    }
    engine = situation_engine(parse_situation(data, base=Path.cwd()))
    target = engine.state.units["G"]
    with_smaw = orders.fire_odds(engine, engine.state.units["R1"], target)
    without = orders.fire_odds(engine, engine.state.units["R2"], target)
    assert without.defense_dice > 2  # In Cover and Solid Cover in the building
    assert with_smaw.defense_dice == 2  # the figures only

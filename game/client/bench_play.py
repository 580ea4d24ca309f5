"""Frame time of the playable battle screen (a game in progress, orders being planned).

SDL_VIDEODRIVER=dummy python -m game.client.bench_play
"""

from __future__ import annotations

import copy
import os


def bench_play_frame(
    frames: int = 200,
    figures: int = 60,
    mode: str = "move",
    size: tuple[int, int] = (1280, 800),
) -> dict[str, float]:
    """Median and 90th-percentile time of one play-screen frame (dummy driver, `size`) on
    Contracting Trouble: the map, `figures` figures (the set-up's units plus copies spread over
    the table), the reach outlines, a planned move path following the mouse (or the fire
    targets, `mode="fire"`), the status line, the HUD with the orders panel and a 200-line log.
    With a planned move, also the interrupt-risk preview of that path: drawn in every frame, and
    computed afresh `risk_runs` times for `risk_preview_ms` (issue 22: at most 30 ms)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.client.bench import time_frames
    from game.client.play import open_play
    from game.client.scenes import App
    from game.client.session import SessionConfig

    app = App(size, headless=True)
    try:
        config = SessionConfig(table="contracting-trouble", seed=1, pace="instant", autosave=False)
        scene = open_play("contracting-trouble", config=config)
        state = scene.session.engine.state
        originals = [u for u in state.units.values() if u.side == "insurgent"]
        count, copy_number = sum(len(u.figures) for u in state.units.values()), 0
        while count < figures:
            source = originals[copy_number % len(originals)]
            clone = copy.deepcopy(source)
            copy_number += 1
            clone.id = f"B{copy_number}"
            clone.name = f"Bench group {copy_number}"
            dx, dy = 3.0 * (copy_number % 5), 4.0 * (copy_number // 5)
            for figure in clone.figures:
                figure.x = min(state_width(scene) - 0.5, figure.x + dx)
                figure.y = min(state_height(scene) - 0.5, figure.y + dy)
            state.units[clone.id] = clone
            count += len(clone.figures)
        app.push(scene)
        for line in range(200):
            scene.log(f"Turn {line // 20 + 1}: event {line} — Unit {line % 12} fires 5d8 [4, 6, 2]")
        scene.select("R1")
        app.step([pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, f"K_{mode[0]}"), mod=0)])
        leader = state.units["R1"].leader_point
        x, y = scene.camera.world_to_screen((leader[0] - 3, leader[1] - 6))
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0))])
        report = {
            **time_frames(app, frames),
            "figures": float(sum(len(u.figures) for u in state.units.values() if u.on_table)),
        }
        plan = scene.move_plan
        if mode == "move" and plan is not None:
            report["risk_threats"] = float(len(scene.move_risk.threats if scene.move_risk else ()))
            report["risk_preview_ms"] = _risk_ms(scene)
        return report
    finally:
        app.shutdown()


def _risk_ms(scene: object, runs: int = 24) -> float:
    """Median milliseconds to compute the risk preview of a freshly planned path: each run plans
    a move to another point around R1 (new positions, so the sight caches rarely answer)."""
    import math
    import statistics
    import time

    from game.client import orders
    from game.client.risk import risk_preview

    engine = scene.session.engine  # type: ignore[attr-defined]
    unit = engine.state.units["R1"]
    lx, ly = unit.leader_point
    samples = []
    for run in range(runs):
        angle, reach = run * 2.4, 4.0 + run % 5
        to = (lx + reach * math.cos(angle), ly + reach * math.sin(angle))
        plan = orders.move_preview(engine, unit, to)
        started = time.perf_counter()
        risk_preview(engine, unit, plan.path, plan.rate)
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples)


def state_width(scene: object) -> float:
    return float(scene.session.engine.battlefield.width)  # type: ignore[attr-defined]


def state_height(scene: object) -> float:
    return float(scene.session.engine.battlefield.height)  # type: ignore[attr-defined]


if __name__ == "__main__":
    print("play frame (move planned):", bench_play_frame())
    print("play frame (fire targets):", bench_play_frame(mode="fire"))

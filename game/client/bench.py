"""Frame-time measurements of the battle screen, for `tools/bench.py` to call.

SDL_VIDEODRIVER=dummy python -c "from game.client.bench import bench_frame; print(bench_frame())"
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.battlefield.model import Battlefield, Building, Door, Edge, HotSpot, Marker, Side, Zone
from game.client.viewmodel import (
    Badge,
    BattleView,
    HotSpotSprite,
    MarkerSprite,
    unit_sprite_from_kinds,
)

ROOT = Path(__file__).resolve().parents[2]


def _bench_battlefield() -> Battlefield:
    """A 2'x2' table with a town block, drawn from objects (no tile art needed)."""
    buildings = []
    for i in range(4):
        for j in range(4):
            x, y = 1.5 + i * 5.8, 1.5 + j * 5.8
            outline = ((x, y), (x + 4, y), (x + 4, y + 3.5), (x, y + 3.5))
            door = Door(100 + i * 4 + j, "", (x + 2, y + 3.5), i * 4 + j)
            buildings.append(Building(i * 4 + j, f"B{i}{j}", outline, 1 + (i + j) % 3, (door,)))
    return Battlefield(
        path="<bench>",
        title="Bench table",
        width=24.0,
        height=24.0,
        pixels_per_inch=32.0,
        buildings=tuple(buildings),
        hot_spots=tuple(HotSpot(200 + n, str(n), n, (2.0 + 4.5 * n, 5.0)) for n in range(1, 6)),
        zones=(
            Zone(300, "deploy", "deploy", Side.REGULAR, ((0, 21), (24, 21), (24, 24), (0, 24))),
        ),
        markers=(Marker(400, "target", "Objective", (12, 12), {"label": "Target"}),),
        entry_edges=(Edge.SOUTH,),
        exit_edges=(Edge.NORTH, Edge.WEST),
    )


def bench_view(figure_count: int = 60) -> BattleView:
    """Units of 5 figures spread over the table, some with status badges, one selected."""
    units = []
    badges = list(Badge)
    for index in range(figure_count // 5):
        side = Side.REGULAR if index % 2 == 0 else Side.INSURGENT
        centre = (3.0 + (index % 4) * 5.8, 4.5 + (index // 4) * 5.8)
        units.append(
            unit_sprite_from_kinds(
                unit_id=f"u{index}",
                name=f"Unit {index}",
                side=side,
                centre=centre,
                kinds=["leader", "rifle", "rifle", "saw", "rifle"],
                quality="d8",
                morale="d8",
                badges=tuple(badges[: index % 3]),
            )
        )
    return BattleView(
        title="Bench table",
        turn_text="Turn 3",
        phase_text="Regular activation",
        units=tuple(units),
        hot_spots=tuple(HotSpotSprite(n, (2.0 + 4.5 * n, 5.0)) for n in range(1, 6)),
        markers=(MarkerSprite("objective", "Target", (12.0, 12.0)),),
    )


def time_frames(
    app: Any, frames: int, before: Callable[[int], None] | None = None
) -> dict[str, float]:
    """Milliseconds per `app.step()` over `frames` frames after five warm-up frames (caches:
    zoom level, sprites, text): median, 90th percentile and the frame count."""
    for _ in range(5):
        app.step()
    times = []
    for frame in range(frames):
        if before is not None:
            before(frame)
        start = time.perf_counter()
        app.step()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {
        "median_ms": statistics.median(times),
        "p90_ms": times[int(len(times) * 0.9)],
        "frames": float(frames),
    }


def bench_frame(
    frames: int = 200, zoom: float = 1.0, panning: bool = False, map_path: Path | None = None
) -> dict[str, float]:
    """Median and 90th-percentile time of one battle-screen frame (dummy driver, 1280x800):
    map blit, 60 figures with labels and badges, hot spots, markers, edges, terrain outlines,
    the HUD widgets and a 200-line event log. `zoom` multiplies the fit-to-window scale;
    `panning` moves the camera a pixel every frame, so nothing laid out can be reused."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.client.battle import BattleScene
    from game.client.catalogue import OpenedMap, open_map
    from game.client.scenes import App

    app = App((1280, 800), headless=True)
    try:
        view = bench_view()
        if map_path is not None:
            opened = open_map(map_path)
        else:
            opened = OpenedMap(None, _bench_battlefield(), ())
        scene = BattleScene(opened, view_provider=lambda: view)
        app.push(scene)
        for line in range(200):
            scene.log(f"Turn {line // 20 + 1}: event {line} — Unit {line % 12} fires 5d8")
        scene.overlays.terrain_debug = True
        scene.select("u0")
        if zoom != 1.0:
            scene.camera.zoom_at(scene.camera.viewport.centre, zoom)

        def pan(frame: int) -> None:
            if panning:
                scene.camera.pan(1 if frame % 2 else -1, 0)

        return {
            **time_frames(app, frames, pan),
            "figures": float(sum(len(u.figures) for u in view.units)),
            "scale_px_per_inch": scene.camera.scale,
        }
    finally:
        app.shutdown()


def time_to_first_menu_frame(runs: int = 5) -> dict[str, float]:
    """Wall time of `python main.py --frames 1` (start, first menu frame, exit), median of runs."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--frames", "1"], env=env, check=True, cwd=ROOT
        )
        times.append((time.perf_counter() - start) * 1000)
    return {"median_ms": statistics.median(times), "runs": float(runs)}


if __name__ == "__main__":
    print("battle frame (fit):", bench_frame())
    print("battle frame (zoom x3):", bench_frame(zoom=3.0))
    print("battle frame (fit, panning):", bench_frame(panning=True))
    print("battle frame (zoom x3, panning):", bench_frame(zoom=3.0, panning=True))
    print("process start to first menu frame:", time_to_first_menu_frame())

"""Play a whole solo game through the play screen's own mouse and keys (a scripted player).

    SDL_VIDEODRIVER=dummy python tools/play_ui.py --scenario contracting-trouble --seed 3 \
        [--shots DIR] [--turns N] [--lang en|fr]

The player is simple-minded: each fireteam fires at the target with the best expected
casualties if it can, otherwise moves toward the nearest waiting contractor or hot spot (or toward
the enemy), then ends its activation; every dialog gets its first answer. It only uses what a
person sees (drawn bases, the preview, the status line) and events, so it exercises the screen
end to end. Screenshots of each activation go to --shots. Prints one line per order. A refused
order ends the unit's activation; a unit that takes no order at all in STALL tries (not even End
activation) stops the run with the status line that says why, never a loop.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.client import orders, vehicle_orders
from game.client.confirm import ConfirmScene
from game.client.endgame import EndGameScene
from game.client.play import PlayScene, open_play
from game.client.scenes import App
from game.client.session import SessionConfig
from game.engine.engine import Engine
from game.engine.state import INSURGENT, REGULAR
from game.i18n import set_language


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def hover(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        hover(pos),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def base_of(scene: PlayScene, unit_id: str) -> tuple[int, int] | None:
    """A drawn base of the unit that a click would pick (not hidden under another unit's)."""
    for uid, rect in scene.last_frame.figure_rects:
        inside = scene.camera.viewport.contains(rect.center)
        if uid == unit_id and inside and scene.unit_at(rect.center) == unit_id:
            return rect.center
    return None


def screen(scene: PlayScene, p: tuple[float, float]) -> tuple[int, int]:
    x, y = scene.camera.world_to_screen(p)
    return (round(x), round(y))


def goal_for(scene: PlayScene, unit_id: str) -> tuple[float, float] | None:
    engine = scene.session.engine
    unit = engine.state.units[unit_id]
    here = unit.leader_point
    goals = [(c.x, c.y) for c in engine.state.contractors if c.status == "waiting"]
    goals += [(h.x, h.y) for h in engine.state.hot_spots.values() if not h.neutralized]
    if unit.dependants or not goals:
        w, h = engine.battlefield.width, engine.battlefield.height
        exits = {"north": (here[0], 0.3), "south": (here[0], h - 0.3)}
        exits.update({"west": (0.3, here[1]), "east": (w - 0.3, here[1])})
        goals = [exits[e] for e in engine.state.exit_edges if e in exits] or goals
    goals = [g for g in goals if math.dist(g, here) > 2.0]  # already there: go on
    if not goals:
        return None
    return min(goals, key=lambda g: math.dist(g, here))


STALL = 12  # orders tried on one unit in one turn before the player gives up and says why


def select_unit(app: App, scene: PlayScene, unit_id: str) -> None:
    """Select the unit as a person would: click a base of it, or Tab to it when all its bases
    are hidden under another unit's."""
    if scene.overlays.selected_unit == unit_id:
        return
    where = base_of(scene, unit_id)
    if where is not None:
        app.step(click(where))
        return
    for _ in range(20):
        if scene.overlays.selected_unit == unit_id:
            break
        app.step([key(pygame.K_TAB)])


def end_unit(app: App, scene: PlayScene, unit_id: str) -> None:
    """End the unit's activation after a refusal: leave the order's mode, select the unit again
    (a refused click on the ground may have selected nothing), then End activation."""
    if scene.mode != "select":
        app.step([key(pygame.K_ESCAPE)])
    select_unit(app, scene, unit_id)
    app.step([key(pygame.K_e)])
    if scene.status_is_error:
        print("   end refused:", scene.status)


def order_unit(app: App, scene: PlayScene, unit_id: str, snap: Callable[[str], None]) -> None:
    """One order for the unit: neutralize a hot spot beside it, fire at the best target, move
    toward its goal, else end its activation. A refused order ends the activation (found in
    play: under garbled orders, R280, the refused move's click selected nothing and the
    player asked for the same move for ever)."""
    engine = scene.session.engine
    select_unit(app, scene, unit_id)
    unit = engine.state.units[unit_id]
    act = engine.act
    fired = act is not None and act.unit == unit_id and act.fired
    moved = act is not None and act.unit == unit_id and act.moved > 0
    near_spot = any(
        not h.neutralized and math.dist((h.x, h.y), f.pos) <= 1.0
        for h in engine.state.hot_spots.values()
        for f in unit.effective_figures
    )
    if near_spot and act is None:
        app.step([key(pygame.K_h)])
        print(f"T{engine.state.turn} {unit.name} neutralizes a hot spot: {scene.status}")
        if scene.status_is_error:  # e.g. wounded to tend first (R27): First Aid, else end
            app.step([key(pygame.K_g)])
            print(f"   first aid: {scene.status}")
            if scene.status_is_error:
                end_unit(app, scene, unit_id)
        return
    best = None
    if not fired:
        for foe in engine.state.units_of(INSURGENT):
            preview = orders.fire_preview(engine, unit, foe)
            if preview.odds is not None and (best is None or preview.odds.expected > best[0]):
                best = (preview.odds.expected, foe.id)
    if best is not None and (best[0] >= 0.5 or moved):
        where = base_of(scene, best[1])
        if where is not None:
            app.step([key(pygame.K_f)])
            app.step([hover(where)])
            print(f"T{engine.state.turn} {unit.name} fires at {best[1]}: {scene.preview_text}")
            snap(f"fire-{unit_id}")
            app.step(click(where))
            if scene.status_is_error:
                print("   refused:", scene.status)
                end_unit(app, scene, unit_id)
            return
    goal = goal_for(scene, unit_id) if not moved else None
    if goal is not None:
        app.step([key(pygame.K_m)])
        if scene.mode != "move":  # the key itself was refused (it says why): no click
            print(f"T{engine.state.turn} {unit.name} cannot move:", scene.status)
            if "[G]" in scene.status:  # the refusal points to First Aid (R122): give it
                app.step([key(pygame.K_g)])
                print("   first aid:", scene.status)
            end_unit(app, scene, unit_id)
            return
        target = screen(scene, goal)
        app.step([hover(target)])
        print(f"T{engine.state.turn} {unit.name} moves: {scene.preview_text}")
        snap(f"move-{unit_id}")
        app.step(click(target))
        if scene.status_is_error:
            here = engine.state.units[unit_id].leader_point
            path = engine.terrain.path(here, goal)
            print("   refused:", scene.status, "from", here, "to", goal, "path", path[:4])
            if not dismount(app, scene, unit_id):  # a vehicle that cannot drive there: out
                end_unit(app, scene, unit_id)
        return
    end_unit(app, scene, unit_id)


def dismount(app: App, scene: PlayScene, unit_id: str) -> bool:
    """A vehicle whose drive was refused lets its first passenger out beside it, as a player
    would (J, then a click by the hull): found in play, Turkey Shoot's LVTP drove at a wall
    every turn with the Recon squad aboard. Whether someone got out."""
    engine = scene.session.engine
    unit = engine.state.units[unit_id]
    if not vehicle_orders.passengers(engine, unit):
        return False
    if scene.mode != "select":
        app.step([key(pygame.K_ESCAPE)])
    select_unit(app, scene, unit_id)
    app.step([key(pygame.K_j)])
    if scene.mode != "dismount":
        print("   cannot get out:", scene.status)
        return False
    x, y = unit.centre
    for dx, dy in ((0.0, 2.5), (0.0, -2.5), (2.5, 0.0), (-2.5, 0.0), (0.0, 3.5), (0.0, -3.5)):
        app.step(click(screen(scene, (x + dx, y + dy))))
        if scene.mode != "dismount":  # the passenger got out (the mode ends with the order)
            print(f"T{engine.state.turn} {unit.name} lets its passengers out: {scene.status}")
            return True
    app.step([key(pygame.K_ESCAPE)])
    print("   no way out beside", unit.name, scene.status)
    return False


def write_log(engine: Engine, path: Path) -> None:
    """The game's log, one event's text a line (as the log panel tells it), for reading the
    game as a wargamer after a scripted run (`--log FILE`)."""
    lines = (" ".join(str(e["text"]).split("\n")) for e in engine.state.events)
    path.write_text("\n".join(lines) + "\n", "utf-8")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenario", default="contracting-trouble")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--shots", type=Path)
    parser.add_argument("--turns", type=int)
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    parser.add_argument("--log", type=Path, help="write the game's log (its events' text) here")
    args = parser.parse_args()
    set_language(args.lang)
    app = App((1280, 800), headless=True)
    config = SessionConfig(
        table=args.scenario, seed=args.seed, pace="instant", autosave=False, turn_limit=args.turns
    )
    scene = open_play(args.scenario, config=config)
    app.push(scene)
    app.run(max_frames=2)
    engine = scene.session.engine
    shot = 0

    def snap(label: str) -> None:
        nonlocal shot
        if args.shots is not None:
            args.shots.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(args.shots / f"{shot:03d}-{label}.png"))
            shot += 1

    orders_given: dict[tuple[int, str], int] = {}
    for _ in range(6000):
        app.step()
        top = app.stack.top
        if isinstance(top, EndGameScene):
            snap("end")
            print("END", top.summary.headline, top.summary.items)
            if args.log is not None:
                write_log(engine, args.log)
            return 0
        if isinstance(top, ConfirmScene):  # "end the activation without acting?": yes
            app.step([key(pygame.K_RETURN)])
            continue
        if top is not scene:
            app.step([key(pygame.K_SPACE)])
            continue
        pending = engine.pending
        if pending is None or scene.session.ai_to_move or scene.playback.busy:
            continue
        if scene.dialog_options:
            print(f"T{engine.state.turn} dialog: {pending.prompt} -> 1")
            app.step([key(pygame.K_1)])
            continue
        acting = engine.act.unit if engine.act is not None else None
        if acting is None:
            waiting = [
                u for u in engine.state.units_of(REGULAR) if u.activated_turn != engine.state.turn
            ]
            if not waiting:
                app.step([key(pygame.K_p)])
                continue
            unit_id = waiting[0].id
        else:
            unit_id = acting
        tries = orders_given.get((engine.state.turn, unit_id), 0) + 1
        orders_given[(engine.state.turn, unit_id)] = tries
        if tries > STALL:  # neither an order nor End activation took: say why and stop
            name = engine.state.units[unit_id].name
            print(f"stuck: {name} took no order in {STALL} tries on turn {engine.state.turn}")
            print("  last status:", scene.status)
            return 1
        order_unit(app, scene, unit_id, snap)
    print("did not finish; turn", engine.state.turn)
    pending = engine.pending
    on_top = type(app.stack.top).__name__
    print("  pending:", pending and pending.prompt, "| mode:", scene.mode, "| on top:", on_top)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())

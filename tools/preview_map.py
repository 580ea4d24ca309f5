"""Render a Tiled map to a PNG without a window: `python3 tools/preview_map.py MAP.tmx OUT.png`.

Draws the map's art exactly as the game does (layer order, image layers, offsets, opacity, tint,
tile objects: game/client/tiled_art.py), then (unless `--art-only`) an overlay of what the game
reads: building outlines with their storeys, doors (white dots), walls (high: red, low: orange),
rubble/wreck/cover outlines, zones, hot spots (red, numbered), start positions (blue, numbered)
and contractors (yellow), each shape turned by its Tiled rotation as the game reads it. For map
authors checking that the art and the rules agree.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402
from pytmx.util_pygame import load_pygame  # noqa: E402

from game.battlefield.loader import read_map  # noqa: E402
from game.battlefield.map_checks import rotate_about  # noqa: E402
from game.battlefield.tmx_xml import read_xml_file  # noqa: E402
from game.client.palette import DEFAULT_PALETTE  # noqa: E402
from game.client.tiled_art import TiledArt, background_colour  # noqa: E402
from game.client.vehicle_art import vehicle_sprite  # noqa: E402
from game.client.viewmodel import VehicleLook  # noqa: E402
from game.rules.vehicle_types import VEHICLES  # noqa: E402

Color = tuple[int, int, int]
AREA_COLORS: dict[str, Color] = {
    "Rubble": (150, 110, 60),
    "Wreck": (220, 60, 40),
    "Cover": (60, 170, 80),
    "Impassable": (40, 40, 40),
}


def object_class(obj: Any) -> str:
    return str(obj.type or getattr(obj, "class", None) or "")


def outline(obj: Any) -> list[tuple[float, float]]:
    """The object's outline in map pixels, turned by its Tiled rotation as the game reads it."""
    points = getattr(obj, "points", None)
    x, y = float(obj.x), float(obj.y)
    if points:
        raw = [(float(p.x), float(p.y)) for p in points]
    else:
        w, h = float(obj.width), float(obj.height)
        raw = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    return rotate_about(raw, (x, y), float(getattr(obj, "rotation", 0) or 0))


def render(path: Path, scale: float = 1.0, overlay: bool = True) -> pygame.Surface:
    """The map's art as the game draws it (game/client/tiled_art.py), then the overlay."""
    pygame.display.set_mode((1, 1))
    tmx = load_pygame(str(path))
    width, height = tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight
    canvas = pygame.Surface((width, height), pygame.SRCALPHA, 32)
    root = read_xml_file(path)
    canvas.fill(background_colour(root) or (30, 30, 30))
    TiledArt(tmx, root).draw(canvas)
    if overlay:
        draw_overlay(canvas, tmx)
        draw_vehicles(canvas, path)
    if scale != 1.0:
        canvas = pygame.transform.smoothscale_by(canvas, scale)
    return canvas


def label(surface: pygame.Surface, text: str, centre: tuple[float, float], color: Color) -> None:
    font = pygame.font.Font(None, 20)
    image = font.render(text, True, color)
    rect = image.get_rect(center=(int(centre[0]), int(centre[1])))
    surface.blit(image, rect)


def draw_overlay(canvas: pygame.Surface, tmx: Any) -> None:
    pygame.font.init()
    ppi = float(tmx.properties.get("pixels_per_inch", tmx.tilewidth))
    layer = pygame.Surface(canvas.get_size(), pygame.SRCALPHA, 32)
    for obj in tmx.objects:
        cls = object_class(obj)
        props = obj.properties
        if cls == "Building":
            pts = outline(obj)
            pygame.draw.polygon(layer, (255, 170, 40, 255), pts, 2)
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            label(layer, f"{props.get('storeys', 1)}", (cx, cy), (255, 200, 80))
        elif cls in ("HighWall", "LowWall"):
            color = (230, 40, 40, 255) if cls == "HighWall" else (255, 150, 30, 255)
            pts = outline(obj)
            if len(pts) >= 2:
                pygame.draw.lines(layer, color, getattr(obj, "closed", False), pts, 2)
        elif cls in AREA_COLORS:
            pygame.draw.polygon(layer, (*AREA_COLORS[cls], 255), outline(obj), 2)
        elif cls == "Zone":
            pts = outline(obj)
            pygame.draw.polygon(layer, (60, 140, 255, 70), pts)
            pygame.draw.polygon(layer, (60, 140, 255, 255), pts, 2)
            label(layer, str(obj.name or props.get("role", "")), pts[0], (200, 230, 255))
    # points last, so that they sit on top of the outlines
    for obj in tmx.objects:
        cls = object_class(obj)
        props = obj.properties
        at = (float(obj.x), float(obj.y))
        if cls == "Door":
            pygame.draw.circle(layer, (255, 255, 255, 255), at, 4)
            pygame.draw.circle(layer, (0, 0, 0, 255), at, 4, 1)
        elif cls == "HotSpot":
            pygame.draw.circle(layer, (200, 20, 20, 230), at, 11)
            pygame.draw.circle(layer, (255, 255, 255, 255), at, 11, 2)
            label(layer, str(props.get("number", "?")), at, (255, 255, 255))
            pygame.draw.circle(layer, (200, 20, 20, 90), at, int(ppi * 4), 1)
        elif cls == "StartPosition":
            pygame.draw.rect(layer, (30, 60, 200, 230), (at[0] - 10, at[1] - 10, 20, 20))
            label(layer, str(props.get("number", "?")), at, (255, 255, 255))
        elif cls in ("Contractor", "POI", "Objective", "CivilianMob", "Unit"):
            pygame.draw.circle(layer, (250, 220, 40, 255), at, 6)
            pygame.draw.circle(layer, (0, 0, 0, 255), at, 6, 1)
    canvas.blit(layer, (0, 0))


# --- vehicle art (issue 20, R310): each vehicle Unit as the game reads it (point or tile) ---
def draw_vehicles(canvas: pygame.Surface, path: Path) -> None:
    """Every vehicle Unit drawn with the game's vehicle art where the loader stands its hull:
    its card's footprint, turned to its facing (a Unit placed as a tile is left out of the art,
    so this is where the preview shows it)."""
    battlefield = read_map(path, play_checks=False).battlefield
    if battlefield is None:
        return
    ppi = battlefield.pixels_per_inch
    for unit in battlefield.units:
        card = VEHICLES.get(unit.vehicle)
        if card is None:
            continue
        scheme = DEFAULT_PALETTE.side(unit.side)
        size = (round(card.length * ppi), round(card.width * ppi))
        hull = vehicle_sprite(VehicleLook(unit.vehicle), *size, unit.facing % 360, scheme)
        centre = (round(unit.position[0] * ppi), round(unit.position[1] * ppi))
        canvas.blit(hull, hull.get_rect(center=centre))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render a Tiled map to PNG, headless.")
    parser.add_argument("map", type=Path, help="the .tmx file")
    parser.add_argument("out", type=Path, help="the PNG to write")
    parser.add_argument("--scale", type=float, default=1.0, help="size factor (default 1)")
    parser.add_argument("--art-only", action="store_true", help="tile layers only, no overlay")
    args = parser.parse_args(argv)
    if not args.map.is_file():
        print(f"error: {args.map}: no such map file", file=sys.stderr)
        return 2
    if not 0.1 <= args.scale <= 8:
        print(f"error: --scale {args.scale}: choose between 0.1 and 8", file=sys.stderr)
        return 2
    try:
        image = render(args.map, args.scale, overlay=not args.art_only)
        if min(image.get_size()) <= 0:
            raise ValueError("the map has no size")
    except Exception as exc:  # pytmx and pygame raise many kinds; readable lines instead
        # the validator names what is wrong with a broken map far better than pygame does
        problems = read_map(args.map, play_checks=False).errors
        for line in [str(p) for p in problems] or [f"error: {args.map}: cannot render: {exc}"]:
            print(line, file=sys.stderr)
        return 2
    try:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(image, str(args.out))
    except (OSError, pygame.error) as exc:
        print(f"error: {args.out}: cannot write the picture: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {args.out}")
    problems = read_map(args.map, play_checks=False).errors
    for problem in problems:  # drawn anyway, to help find them; but the game refuses the map
        print(problem, file=sys.stderr)
    return 2 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

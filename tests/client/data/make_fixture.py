"""Writes `table.png` (a 4-tile tileset) for the client tests' little map `test_table.tmx`.

SDL_VIDEODRIVER=dummy python tests/client/data/make_fixture.py
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

TILES = [(176, 160, 120), (110, 106, 98), (150, 80, 60), (70, 120, 60)]  # sand, road, roof, palm


def main() -> None:
    surface = pygame.Surface((32 * len(TILES), 32))
    for index, colour in enumerate(TILES):
        surface.fill(colour, (index * 32, 0, 32, 32))
        pygame.draw.rect(surface, [max(0, c - 20) for c in colour], (index * 32, 0, 32, 32), 1)
    pygame.image.save(surface, str(Path(__file__).with_name("table.png")))


if __name__ == "__main__":
    main()

"""Keys that work on every screen: F1 help, F5 save (Shift+F5 quick save), F9 load.

`App.dispatch` asks `handle_global_key` first; a scene that wants one of these keys for itself
sets `owns_keys` to a set holding it (the help overlay closes on F1, for example).
"""

from __future__ import annotations

import pygame

from game.client.scenes import Scene

GLOBAL_KEYS = (pygame.K_F1, pygame.K_F5, pygame.K_F9)


def handle_global_key(scene: Scene, event: pygame.event.Event) -> bool:
    """Act on F1/F5/F9 for the top `scene`; True when the key was used."""
    if event.type != pygame.KEYDOWN or event.key not in GLOBAL_KEYS:
        return False
    if event.key in getattr(scene, "owns_keys", ()):
        return False
    if event.key == pygame.K_F1:
        from game.client.help import open_help

        open_help(scene)
        return True
    from game.client.saves_ui import open_load_list, save_from

    if event.key == pygame.K_F5:
        quick = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        return save_from(scene, quick=quick)
    return open_load_list(scene)

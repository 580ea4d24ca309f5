"""Difficulty: Book (the solo rules exactly), Hard and Brutal (rulings R132-R134).

The one place a difficulty changes the game: the engine calls `apply_at_setup` once the
scenario has set the table up, and `insurgent_profile` for every arriving Insurgent figure.
The AIs know nothing of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.state import INSURGENT

if TYPE_CHECKING:
    from game.engine.engine import Engine

BOOK, HARD, BRUTAL = "book", "hard", "brutal"
DIFFICULTIES = (BOOK, HARD, BRUTAL)
LABELS = {BOOK: "Book", HARD: "Hard", BRUTAL: "Brutal"}
TOP_LEVEL = 6  # the highest Insurgency Level a d6 roll can use (R20)
_DIE_UP = {4: 6, 6: 8, 8: 10, 10: 12, 12: 12}


def parse_difficulty(text: str) -> str:
    """`book`, `hard` or `brutal` (any case); ValueError, one line, for anything else."""
    value = str(text).strip().lower()
    if value not in DIFFICULTIES:
        raise ValueError(f"difficulty {text!r}: write {', '.join(DIFFICULTIES)}")
    return value


def raised_level(level: str, difficulty: str) -> str:
    """The Insurgency Level played: one higher on Hard and Brutal, capped at 6; an
    "automatic" level stays automatic (R132)."""
    if difficulty == BOOK or not level.isdigit():
        return level
    return str(min(int(level) + 1, TOP_LEVEL))


def insurgent_profile(g: Engine, kind: str) -> tuple[int, int]:
    """(quality, morale) of an Insurgent figure of this kind: the scenario's, with a Brutal
    game's leaders one Quality die type better, d12 at most (R133)."""
    quality, morale = g.scenario.insurgent_profile(kind)
    if g.state.difficulty == BRUTAL and kind == "leader":
        quality = _DIE_UP.get(quality, quality)
    if g.state.cards:  # --- cards (issue 19) --- Tougher than They Look! (R187)
        from game.engine.card_effects import tougher_profile

        quality, morale = tougher_profile(g, quality, morale)
    return quality, morale


def apply_at_setup(g: Engine) -> None:
    """After the scenario's set-up: the level (R132) and the Insurgent leaders on the table
    at the start (R133)."""
    state = g.state
    state.insurgency_level = raised_level(state.insurgency_level, state.difficulty)
    if state.difficulty != BRUTAL:
        return
    for unit in [u for u in state.units.values() if u.side == INSURGENT]:
        for figure in unit.figures:
            if figure.kind == "leader":
                figure.quality = _DIE_UP.get(figure.quality, figure.quality)

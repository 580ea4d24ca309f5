"""Difficulty: Book (the solo rules exactly), Hard and Brutal (rulings R132-R134, R330-R333).

The one place a difficulty changes the game: the engine calls `apply_at_setup` once the
scenario has set the table up, and `insurgent_profile` for every arriving Insurgent figure;
`default_insurgents` names the Insurgent controller a difficulty plays when the player has not
chosen one (R261 as amended by R332). The AIs know nothing of it.

- Book: the scenario as printed.
- Hard: the Insurgency Level one higher (R132) and every Insurgent figure's Troop Quality die
  one type better (R330), so Hard is harder on every scenario, "automatic" levels too.
- Brutal: Hard, the Insurgent leaders one more die type better (R133) and the Commander
  Insurgent AI unless the player picked the solo-rules AI (R332).
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
# --- difficulty that matters (issue 17 §3, round 4): R330-R333 ---
INSURGENT_DEFAULTS = {BOOK: "ai", HARD: "ai", BRUTAL: "commander"}  # R332


def parse_difficulty(text: str) -> str:
    """`book`, `hard` or `brutal` (any case); ValueError, one line, for anything else."""
    value = str(text).strip().lower()
    if value not in DIFFICULTIES:
        raise ValueError(f"difficulty {text!r}: write {', '.join(DIFFICULTIES)}")
    return value


def default_insurgents(difficulty: str) -> str:
    """The Insurgent controller a game of this difficulty plays when the player named none:
    the solo-rules AI on Book and Hard, the Commander on Brutal (R332)."""
    return INSURGENT_DEFAULTS.get(difficulty, "ai")


def raised_level(level: str, difficulty: str) -> str:
    """The Insurgency Level played: one higher on Hard and Brutal, capped at 6; an
    "automatic" level stays automatic (R132)."""
    if difficulty == BOOK or not level.isdigit():
        return level
    return str(min(int(level) + 1, TOP_LEVEL))


def raised_quality(quality: int, kind: str, difficulty: str) -> int:
    """An Insurgent figure's Troop Quality die at this difficulty: the scenario's on Book; one
    type better on Hard (R330); on Brutal a leader one type better again (R133); d12 at most."""
    if difficulty == BOOK:
        return quality
    quality = _DIE_UP.get(quality, quality)
    if difficulty == BRUTAL and kind == "leader":
        quality = _DIE_UP.get(quality, quality)
    return quality


def insurgent_profile(g: Engine, kind: str) -> tuple[int, int]:
    """(quality, morale) of an Insurgent figure of this kind: the scenario's, its Quality raised
    as the difficulty says (R330, R133)."""
    quality, morale = g.scenario.insurgent_profile(kind)
    quality = raised_quality(quality, kind, g.state.difficulty)
    if g.state.cards:  # --- cards (issue 19) --- Tougher than They Look! (R187)
        from game.engine.card_effects import tougher_profile

        quality, morale = tougher_profile(g, quality, morale)
    return quality, morale


def apply_at_setup(g: Engine) -> None:
    """After the scenario's set-up: the level (R132) and the Insurgent figures on the table
    at the start (R330, R133)."""
    state = g.state
    state.insurgency_level = raised_level(state.insurgency_level, state.difficulty)
    if state.difficulty == BOOK:
        return
    for unit in [u for u in state.units.values() if u.side == INSURGENT]:
        for figure in unit.figures:
            figure.quality = raised_quality(figure.quality, figure.kind, state.difficulty)

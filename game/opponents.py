"""Who can sit in a seat: the controllers of each side by name, one table for every program.

`tools/simulate.py`, `tools/soak.py`, `tools/bench.py`, the headless game and the window build
their AI players here, so a name (`ai`, `commander`, `random`) means the same controller
everywhere, seeded as the golden games are (the Insurgent controllers with `seed * 2 + 2`, the
random Regulars with `seed * 2 + 1`). Unknown names are refused with one line naming the choices.
"""

from __future__ import annotations

from game.battlefield.model import Battlefield
from game.engine.controllers import Controller, RandomController
from game.engine.state import INSURGENT, REGULAR

INSURGENT_CONTROLLERS: dict[str, str] = {
    "ai": "Insurgent AI (solo rules, game/ai/controller.py)",
    "random": "random controller",
    # --- the Commander Insurgent AI (issue 17 §2) ---
    "commander": "Commander Insurgent AI (two-player rules, game/ai/commander.py)",
}
REGULAR_CONTROLLERS: dict[str, str] = {
    "ai": "Regular AI (game/ai/regular.py)",
    # --- the team Regular AI (issue 17 §4) is `ai`; the earlier AI stays for comparison ---
    "basic": "basic Regular AI: the earlier one, units scored alone (game/ai/regular.py)",
    "random": "random controller",
}


def choices(side: str) -> dict[str, str]:
    """The controller names of a side, each with the label reports show."""
    return INSURGENT_CONTROLLERS if side == INSURGENT else REGULAR_CONTROLLERS


def check_name(side: str, name: str) -> str:
    """`name` if it names a controller of `side`; ValueError, one line, otherwise."""
    known = choices(side)
    if name not in known:
        plural = "insurgents" if side == INSURGENT else "regulars"
        raise ValueError(f"--{plural} {name!r}: choose {', '.join(known)}")
    return name


def describe(side: str, name: str) -> str:
    return choices(side).get(name, name)


def make_controller(side: str, name: str, battlefield: Battlefield, seed: int) -> Controller:
    """The controller called `name` for `side` in the game of this `seed`."""
    check_name(side, name)
    if side == INSURGENT:
        if name == "random":
            return RandomController(seed * 2 + 2)
        if name == "commander":  # --- the Commander Insurgent AI (issue 17 §2) ---
            from game.ai.commander import CommanderAI

            return CommanderAI(battlefield, seed * 2 + 2)
        from game.ai.controller import InsurgentAI

        return InsurgentAI(battlefield, seed * 2 + 2)
    if name == "random":
        return RandomController(seed * 2 + 1)
    from game.ai.regular import RegularAI

    return RegularAI(battlefield, style=name)  # "ai" (the team AI) or "basic"


def make_controllers(
    battlefield: Battlefield, seed: int, *, regulars: str = "ai", insurgents: str = "ai"
) -> dict[str, Controller]:
    return {
        REGULAR: make_controller(REGULAR, regulars, battlefield, seed),
        INSURGENT: make_controller(INSURGENT, insurgents, battlefield, seed),
    }

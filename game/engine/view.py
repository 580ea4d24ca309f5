"""What a side may see: the PlayerView handed to controllers (human UI, AI, random fuzzer)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.commands import Command
from game.engine.engine import Engine
from game.engine.state import REGULAR


@dataclass(frozen=True)
class PlayerView:
    """One side's view of the game. For now the whole table is open (the rulebook's tabletop has
    no hidden units); the pending decision and its legal answers are given only to the side that
    must answer. The event log is not copied into the view (it is public: `Engine.state.events`),
    and neither are the game's seed and dice state (`seed` is 0, `dice` empty): no controller
    can foresee a roll."""

    side: str
    state: dict[str, Any]
    decision: dict[str, Any] | None
    legal: tuple[Command, ...]

    @property
    def my_turn(self) -> bool:
        return self.decision is not None


def player_view(engine: Engine, side: str) -> PlayerView:
    data = engine.state.to_dict(events=False)
    # No peeking: the seed and the dice state would let a controller foresee the game's rolls
    # (SplitMix64 from the seed), so a view carries neither; the event log is left out too.
    data["seed"] = 0
    data["dice"] = {}
    if data.get("cards"):  # --- cards (issue 19): the decks' order is as secret as the dice
        data["cards"]["decks"] = {d: ["?"] * len(ids) for d, ids in data["cards"]["decks"].items()}
        if side == REGULAR:  # --- vehicles entering play: the unknown car's secret (R308) ---
            from game.engine.cross_town import hidden

            hidden(data["cards"])
    pending = engine.pending
    mine = pending is not None and pending.side == side
    return PlayerView(
        side=side,
        state=data,
        decision=pending.to_json() if mine and pending else None,
        legal=tuple(engine.legal_commands(side)),
    )


def legal_commands(engine: Engine, side: str) -> list[Command]:
    """Sample legal commands for `side` now (module-level convenience for clients and AI)."""
    return engine.legal_commands(side)

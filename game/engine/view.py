"""What a side may see: the PlayerView handed to controllers (human UI, AI, random fuzzer)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.commands import Command
from game.engine.engine import Engine
from game.engine.lazy_options import Keep as Keep  # a narrowed read's filter, for controllers
from game.engine.lazy_options import LazyOptions, command_unit, narrow
from game.engine.state import REGULAR


@dataclass(frozen=True)
class PlayerView:
    """One side's view of the game. For now the whole table is open (the rulebook's tabletop has
    no hidden units); the pending decision and its legal answers are given only to the side that
    must answer. The event log is not copied into the view (it is public: `Engine.state.events`),
    and neither are the game's seed and dice state (`seed` is 0, `dice` empty): no controller
    can foresee a roll. In a headless game a phase decision's `legal` commands are built when
    read (`game.engine.lazy_options`; the same commands): such a view is good until the next
    command, and `unit_options` reads one unit's only."""

    side: str
    state: dict[str, Any]
    decision: dict[str, Any] | None
    legal: Sequence[Command]

    @property
    def my_turn(self) -> bool:
        return self.decision is not None

    # --- lazy sample commands (issue 23 §5) ---
    def unit_options(self, unit_id: str, keep: Keep | None = None) -> list[Command]:
        """The legal commands naming `unit_id`, in the order of `legal` (with `keep`, only
        those it takes, `lazy_options.narrow`; lazy options then check no other)."""
        if isinstance(self.legal, LazyOptions):
            return self.legal.unit_options(unit_id, keep)
        mine = [c for c in self.legal if command_unit(c) == unit_id]
        return mine if keep is None else narrow(mine, keep)

    def option_units(self) -> list[str]:
        """The units some legal command names, in the order they first appear in `legal`."""
        if isinstance(self.legal, LazyOptions):
            return self.legal.option_units()
        return list(dict.fromkeys(u for u in map(command_unit, self.legal) if u))


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
        legal=_legal(engine, side),
    )


def _legal(engine: Engine, side: str) -> Sequence[Command]:
    pending = engine.pending
    if pending is not None and pending.side == side and isinstance(pending.options, LazyOptions):
        return pending.options  # lazy sample commands (issue 23 §5): built when read
    return tuple(engine.legal_commands(side))


def legal_commands(engine: Engine, side: str) -> list[Command]:
    """Sample legal commands for `side` now (module-level convenience for clients and AI)."""
    return engine.legal_commands(side)

"""Overwatch and friends' reactions (Rulebook: Overwatch; Interruptions; R23): Regulars
in sight who fire at an acting Insurgent.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from game.engine import checks, fire, interruptions, placement
from game.engine.commands import (
    IllegalCommand,
)
from game.engine.decisions import HelpersContext, OverwatchContext
from game.engine.procedure import (
    Flow,
)
from game.engine.protocol import DecisionKind, FigureStatus
from game.engine.protocol import EventKind as E
from game.engine.state import (
    REGULAR,
    UnitState,
)

if TYPE_CHECKING:
    from game.engine.engine import Engine


def watching(g: Engine, ins: UnitState, skip: Collection[str] = ()) -> list[UnitState]:
    """Overwatch units (not in `skip`) that could interrupt `ins` now: in sight, with
    Firepower left and a clear line of fire (Rulebook: Overwatch)."""
    return [
        r
        for r in g.state.units_of(REGULAR)
        if r.overwatch
        and r.id not in skip
        and g.los(r, ins)
        and fire.firepower(g, r, ins, interruption_penalty=r.overwatch_shots).total > 0
        and not checks.fire_blockers(g, r, ins)
    ]


def overwatch_reactions(
    g: Engine, ins: UnitState, exclude: str = "", *, skip: Collection[str] = ()
) -> Flow:
    """Overwatch units in sight may interrupt an Insurgent action (Rulebook: Overwatch, R23):
    each chosen watcher makes its Reaction Test; returns (fire first, fire after)."""
    watchers = watching(g, ins, {exclude, *skip})
    if not watchers:
        return [], []
    ids = [w.id for w in watchers]
    choices: list[Any] = [[]] + [[w] for w in ids] + ([ids] if len(ids) > 1 else [])
    chosen = yield from g.choose(
        REGULAR,
        DecisionKind.OVERWATCH,
        f"{ins.name} acts in sight of Overwatch units {', '.join(ids)}: which fire?",
        choices,
        context=OverwatchContext(insurgent=ins.id),
    )
    first: list[str] = []
    after: list[str] = []
    holding = [w for w in ids if w not in chosen]
    if holding:
        g.emit(
            E.OVERWATCH_HOLDS,
            insurgent=ins.id,
            insurgent_name=ins.name,
            holding=holding,
            holding_names=[g.state.units[w].name for w in holding],
        )
    for wid in chosen:
        w = g.state.units[wid]
        w.overwatch_shots += 1
        roll = interruptions.reaction_test(g, ins, w, "overwatch")
        g.emit(
            E.REACTION_TEST,
            insurgent=ins.id,
            regular=w.id,
            insurgent_face=roll.insurgent.face,
            regular_face=roll.regular.face,
            overwatch=True,
            insurgent_first=roll.insurgent_first,
            **interruptions.reaction_data(ins, w, roll, "overwatch", "overwatch"),
        )
        interruptions.fog_of_war(g, roll.fog_of_war, w)
        (after if roll.insurgent_first else first).append(wid)
    return first, after


def helper_reactions(g: Engine, regular: UnitState, ins: UnitState) -> Flow:
    """Unactivated Regulars in sight may react for a friend, spending their activation."""
    turn = g.state.turn
    helpers = [
        r
        for r in g.state.units_of(REGULAR)
        if r.id != regular.id
        and r.activated_turn != turn
        and not r.overwatch
        and g.los(r, regular)
        and g.los(r, ins)
        and not any(f.status == FigureStatus.HIT for f in r.figures)
        and fire.firepower(g, r, ins).total > 0
        and not checks.fire_blockers(g, r, ins)
    ]
    if not helpers:
        return [], []
    ids = [h.id for h in helpers]
    choices: list[Any] = [[]] + [[h] for h in ids]
    chosen = yield from g.choose(
        REGULAR,
        DecisionKind.HELPERS,
        f"{ins.name} interrupts {regular.name}: which unactivated units react for it "
        "(spending their activation)?",
        choices,
        context=HelpersContext(insurgent=ins.id),
    )
    first: list[str] = []
    after: list[str] = []
    for hid in chosen:
        h = g.state.units[hid]
        h.activated_turn = turn
        stance = interruptions.stance_of(g, h, None)
        roll = interruptions.reaction_test(g, ins, h, stance)
        g.emit(
            E.REACTION_TEST,
            insurgent=ins.id,
            regular=h.id,
            insurgent_face=roll.insurgent.face,
            regular_face=roll.regular.face,
            insurgent_first=roll.insurgent_first,
            **interruptions.reaction_data(ins, h, roll, stance, "friend"),
        )
        interruptions.fog_of_war(g, roll.fog_of_war, h)
        (after if roll.insurgent_first else first).append(hid)
    return first, after


def reactors_fire(g: Engine, reactor_ids: list[str], ins: UnitState) -> Flow:
    for rid in reactor_ids:
        r = g.state.units[rid]
        if not (r.on_table and ins.on_table):
            continue
        penalty = max(0, r.overwatch_shots - 1) if r.overwatch else 0
        try:
            checks.check_fire(g, r, ins, penalty)
        except IllegalCommand as why:
            g.emit(
                E.FIRE_CANCELLED,
                cause="cannot_react",
                unit=r.id,
                unit_name=r.name,
                target=ins.id,
                reason=str(why),
            )
            continue
        yield from fire.fire(g, r, ins, penalty=penalty, manner="react")


def overwatch_then(
    g: Engine, unit: UnitState, action: Callable[[], Flow], *, skip: Collection[str] = ()
) -> Flow:
    """An Insurgent action with the Overwatch units in sight reacting to it (R23): winners
    fire before it, losers after it; `skip` names watchers that answer it otherwise (the
    target of a Close Assault, R101)."""
    first, after = yield from overwatch_reactions(g, unit, skip=skip)
    yield from reactors_fire(g, first, unit)
    if unit.on_table:
        yield from action()
    yield from reactors_fire(g, after, unit)


def into_sight(g: Engine, unit: UnitState, seen: set[str], late: list[str]) -> Flow:
    """Overwatch units that first see a moving Insurgent unit at this point of its move may
    interrupt it here (Rulebook: Overwatch; R101): winners fire now, losers go to `late` and
    fire when the move is over. Returns "halted" when that fire ends the move (the unit is
    gone, or Shaken and has sought cover), "fired" when a watcher fired and the mover may go
    on (R105), else ""."""
    if not watching(g, unit, seen):
        return ""
    placement.settle(g, unit)  # sight is judged from where the figures will stand
    fresh = [w.id for w in watching(g, unit, seen)]
    if not fresh:
        return ""
    skip = {w.id for w in g.state.units_of(REGULAR) if w.id not in fresh}
    seen.update(fresh)
    shaken_before = unit.shaken_turn
    first, after = yield from overwatch_reactions(g, unit, skip=skip)
    late.extend(after)
    yield from reactors_fire(g, first, unit)
    if not unit.on_table or unit.shaken_turn != shaken_before:
        return "halted"
    return "fired" if first else ""

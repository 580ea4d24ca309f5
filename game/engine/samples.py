"""Sample legal commands offered with a decision (a controller may answer anything the
validator accepts; these are the obvious ones: each action, moves in 8 directions, goals).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.battlefield.model import Point
from game.engine import (
    assets,
    casualties,
    checks,
    civilians,
    house_clearing,
    placement,
    vehicles,
)
from game.engine.commands import (
    AbandonCasualties,
    ChangeLevel,
    CloseAssault,
    Command,
    EndActivation,
    EndPhase,
    Fire,
    FirstAid,
    IllegalCommand,
    JoinUnit,
    Merge,
    MoveUnit,
    NeutralizeHotSpot,
    Overwatch,
    ReleasePows,
    SplitUnit,
)
from game.engine.lazy_options import Keep, LazyOptions, Part, fixed
from game.engine.position_memo import positions_frozen
from game.engine.procedure import (
    DIRECTIONS,
    Activation,
)
from game.engine.protocol import ContractorStatus, MoveRate
from game.engine.sample_memo import Round
from game.engine.state import (
    INSURGENT,
    REGULAR,
    UnitState,
)
from game.engine.terrain import distance
from game.rules.dice import Die
from game.rules.movement import CAUTIOUS, OUT_OF_CONTACT_SAMPLE, RAPID

if TYPE_CHECKING:
    from game.engine.engine import Engine


def activation_options(
    g: Engine, waiting: list[UnitState], memo: Round | None = None
) -> list[Command]:
    options: list[Command] = [EndPhase(side=REGULAR)]
    for unit in waiting:
        options.extend(unit_action_options(g, unit, Activation.begin(unit), memo))
    options.extend(merge_options(g, REGULAR))
    return options


def unit_action_options(
    g: Engine,
    unit: UnitState,
    act: Activation,
    memo: Round | None = None,
    keep: Keep | None = None,
) -> list[Command]:
    """The unit's sample commands, each checked (`memo`: an activation decision's, whose
    checks are kept between activations: sample_memo.py; `keep`: only the candidates it keeps
    are checked, a narrowed read of the lazy options: `LazyOptions.unit_options`)."""
    with positions_frozen(g):  # nothing moves while they are checked (position_memo.py)
        return _unit_action_options(g, unit, act, memo, keep)


def _unit_action_options(
    g: Engine,
    unit: UnitState,
    act: Activation,
    memo: Round | None = None,
    keep: Keep | None = None,
) -> list[Command]:
    side = unit.side
    candidates: list[Command] = [EndActivation(side=side, unit=unit.id)]
    if side == REGULAR and not act.acted:
        candidates += [
            Overwatch(side=side, unit=unit.id),
            FirstAid(side=side, unit=unit.id),
        ]
        for spot in g.state.hot_spots.values():
            candidates.append(NeutralizeHotSpot(side=side, unit=unit.id, hot_spot=spot.number))
        candidates += house_clearing.building_options(g, unit)  # house clearing (issue 21)
    foes = g.enemies(unit)
    for enemy in foes:
        candidates.append(Fire(side=side, unit=unit.id, target=enemy.id))
        if not act.acted:
            candidates.append(CloseAssault(side=side, unit=unit.id, target=enemy.id))
    candidates += [
        AbandonCasualties(side=side, unit=unit.id),  # R126
        ReleasePows(side=side, unit=unit.id),  # R127
    ]
    live = [f.id for f in unit.effective_figures]
    if len(live) >= 2:  # Split Units (R125): the later half forms the new element
        candidates.append(SplitUnit(side=side, unit=unit.id, figures=tuple(live[len(live) // 2 :])))
    for friend in g.state.units_of(side):
        if side == REGULAR and friend is not unit and unit.lone_leader:
            candidates.append(
                JoinUnit(side=side, unit=unit.id, target=friend.id, rate=MoveRate.CAUTIOUS)
            )
    here = unit.centre  # the foes by distance, sorted once (speed only: the same order)
    nearest = sorted(foes, key=lambda e: distance(e.centre, here))[:2]
    candidates += move_samples(g, unit, act, nearest)
    if side == REGULAR and act.tending:
        candidates += casualties.safety_moves(g, unit)  # the ways to safety (R27, R122)
    candidates.append(ChangeLevel(side=side, unit=unit.id, up=not unit.elevation))
    live = [f.id for f in unit.effective_figures]
    if len(live) >= 2 and unit.quality_die() > Die.D6 and not act.fired:
        near = nearest
        if len(near) == 2:
            half = len(live) // 2
            split = ((near[0].id, tuple(live[:half])), (near[1].id, tuple(live[half:])))
            candidates.append(Fire(side=side, unit=unit.id, target=near[0].id, split=split))
    candidates += vehicles.action_samples(g, unit)  # --- vehicles (issue 20) ---
    candidates += civilians.mob_options(g, unit, act)  # civilians (issue 21)
    kept = None if memo is None else memo.legal_filter(g, unit, act)  # sample_memo.py
    if keep is not None:  # a narrowed read: what `keep` drops is never checked
        return _narrowed_checks(g, unit, act, candidates, keep, kept) + assets.call_options(
            g, unit, act
        )
    if kept is not None:
        return [c for c in candidates if kept(c)] + assets.call_options(g, unit, act)
    legal: list[Command] = []
    for c in candidates:
        try:
            checks.check_action(g, unit, c, act)
        except IllegalCommand:
            continue
        legal.append(c)
    legal += assets.call_options(g, unit, act)  # support assets (issue 19)
    return legal


def move_samples(
    g: Engine, unit: UnitState, act: Activation, nearest: list[UnitState] | None = None
) -> list[Command]:
    start = unit.leader_point
    out: list[Command] = []
    rates = [MoveRate.CAUTIOUS, MoveRate.RAPID]
    if unit.side == INSURGENT and checks.may_move_out_of_contact(g, unit):
        rates.append(MoveRate.OUT_OF_CONTACT)
    for rate in rates:
        reach = {MoveRate.CAUTIOUS: CAUTIOUS, MoveRate.RAPID: RAPID}.get(
            rate, OUT_OF_CONTACT_SAMPLE
        )
        for dx, dy in DIRECTIONS:
            to = (round(start[0] + dx * reach, 2), round(start[1] + dy * reach, 2))
            out.append(MoveUnit(side=unit.side, unit=unit.id, to=to, rate=rate))
    goals = scenario_goals(g, unit, nearest)
    for goal in goals:
        out.append(MoveUnit(side=unit.side, unit=unit.id, to=goal, rate=MoveRate.CAUTIOUS))
        out.append(MoveUnit(side=unit.side, unit=unit.id, to=goal, rate=MoveRate.RAPID))
    return out


def scenario_goals(
    g: Engine, unit: UnitState, nearest: list[UnitState] | None = None
) -> list[Point]:
    """Useful destinations to sample: contractors, hot spots, exit edges, the enemy (`nearest`:
    the two nearest enemies, when the caller has sorted them already)."""
    goals: list[Point] = []
    if unit.side == REGULAR:
        goals += [(c.x, c.y) for c in g.state.contractors if c.status == ContractorStatus.WAITING]
        goals += [(h.x, h.y) for h in g.state.hot_spots.values() if not h.neutralized]
        x, y = unit.leader_point
        w, h = g.battlefield.width, g.battlefield.height
        for edge in g.state.exit_edges:
            goals.append(
                {
                    "north": (x, 0.2),
                    "south": (x, h - 0.2),
                    "west": (0.2, y),
                    "east": (w - 0.2, y),
                }[edge]
            )
    if nearest is None:
        here = unit.centre
        nearest = sorted(g.enemies(unit), key=lambda e: distance(e.centre, here))[:2]
    foes = nearest
    goals += [e.centre for e in foes]
    return [(round(g[0], 2), round(g[1], 2)) for g in goals]


def join_and_merge_options(g: Engine, waiting: list[UnitState]) -> list[Command]:
    options: list[Command] = []
    for unit in waiting:
        options += unit_joins(g, unit)
    options.extend(merge_options(g, INSURGENT))
    return options


def unit_joins(g: Engine, unit: UnitState) -> list[Command]:
    """The friends a lone Insurgent leader may join (none for any other unit)."""
    options: list[Command] = []
    if not unit.lone_leader:
        return options
    for friend in g.state.units_of(unit.side):
        command = JoinUnit(side=unit.side, unit=unit.id, target=friend.id)
        try:
            checks.check_action(g, unit, command, Activation(unit.id))
        except IllegalCommand:
            continue
        options.append(command)
    return options


def merge_options(g: Engine, side: str) -> list[Command]:
    """The legal merges of `side`'s units with friends in cohesion (split elements may merge
    again, R125)."""
    merges: list[Command] = []
    for unit in g.state.units_of(side):
        merges += unit_merges(g, side, unit)
    return merges


def unit_merges(g: Engine, side: str, unit: UnitState) -> list[Command]:
    """The legal merges of `unit` with friends in cohesion, in `merge_options`' order."""
    merges: list[Command] = []
    for friend in placement.friends_in_cohesion(g, unit):
        merge = Merge(side=side, unit=unit.id, target=friend.id)
        try:
            checks.check_merge(g, merge)
        except IllegalCommand:
            continue
        merges.append(merge)
    return merges


# --- lazy sample commands (issue 23 §5): the phase decisions' offers, built when read ---
def activation_offer(g: Engine, waiting: list[UnitState]) -> list[Command] | LazyOptions:
    """The options of the Regulars' activation decision: `activation_options`, or with
    `Engine.lazy_samples` the same commands as parts built when read."""
    memo = g.sample_memo.round()  # each check kept while what it read stands (sample_memo.py)
    if not g.lazy_samples:
        return activation_options(g, waiting, memo)
    parts = [fixed([EndPhase(side=REGULAR)])]
    for unit in waiting:  # each part holds the unit's EndActivation: surely offered
        build = functools.partial(unit_action_options, g, unit, Activation.begin(unit), memo)
        parts.append(Part(build, unit=unit.id, surely=True, narrowed=_narrowed(build)))
    parts += _merge_parts(g, REGULAR)
    return LazyOptions(parts, f"decision {g.state.decisions_asked + 1}")


def insurgent_action_options(g: Engine, waiting: list[UnitState]) -> list[Command]:
    """The options of the Insurgent phase's decision: every waiting unit's actions, its end of
    activation last, then the joins and merges."""
    options: list[Command] = [EndPhase(side=INSURGENT)]
    for u in waiting:
        options += _insurgent_unit_options(g, u)
    options += join_and_merge_options(g, waiting)
    return options


def insurgent_action_offer(g: Engine, waiting: list[UnitState]) -> list[Command] | LazyOptions:
    """`insurgent_action_options`, or with `Engine.lazy_samples` the same as parts."""
    if not g.lazy_samples:
        return insurgent_action_options(g, waiting)
    parts = [fixed([EndPhase(side=INSURGENT)])]
    for unit in waiting:  # each ends with its EndActivation: surely offered
        build = functools.partial(_insurgent_unit_options, g, unit)
        parts.append(Part(build, unit=unit.id, surely=True))
    for unit in waiting:
        parts.append(Part(functools.partial(unit_joins, g, unit), unit=unit.id))
    parts += _merge_parts(g, INSURGENT)
    return LazyOptions(parts, f"decision {g.state.decisions_asked + 1}")


def _insurgent_unit_options(g: Engine, unit: UnitState) -> list[Command]:
    options = [
        c
        for c in unit_action_options(g, unit, Activation(unit.id))
        if not isinstance(c, EndActivation)
    ]
    options.append(EndActivation(side=INSURGENT, unit=unit.id))
    return options


def _merge_parts(g: Engine, side: str) -> list[Part]:
    return [
        Part(functools.partial(unit_merges, g, side, unit), unit=unit.id)
        for unit in g.state.units_of(side)
    ]


def _narrowed(build: functools.partial[list[Command]]) -> Callable[[Keep], list[Command]]:
    """A unit's part read narrowed: its sample commands that `keep` keeps."""
    return lambda keep: build(keep=keep)


def _narrowed_checks(
    g: Engine,
    unit: UnitState,
    act: Activation,
    candidates: list[Command],
    keep: Keep,
    kept: Callable[[Command], bool] | None,
) -> list[Command]:
    """The candidates `keep` keeps, in order, each asked with the legal ones found before it,
    checked (by the kept checks where there are: `kept`)."""
    legal: list[Command] = []
    for c in candidates:
        if not keep(c, legal):
            continue
        if kept is not None:
            if kept(c):
                legal.append(c)
            continue
        try:
            checks.check_action(g, unit, c, act)
        except IllegalCommand:
            continue
        legal.append(c)
    return legal

"""Leaders joining units and units merging (Rulebook: Leaders Joining a Unit; R80, R81)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import placement
from game.engine import rulesbridge as rb
from game.engine.commands import (
    JoinUnit,
    Merge,
    MoveUnit,
    SplitUnit,
)
from game.engine.protocol import EventKind as E
from game.engine.protocol import UnitStatus
from game.engine.state import (
    REGULAR,
    UnitState,
)
from game.engine.terrain import distance

if TYPE_CHECKING:
    from game.engine.engine import Engine


def join_move(g: Engine, leader: UnitState, command: JoinUnit) -> MoveUnit:
    """The move a JoinUnit makes: toward the target's nearest figure."""
    target = g.unit(command.target)
    here = leader.leader_point
    spot = min((f.pos for f in target.effective_figures), key=lambda p: distance(p, here))
    return MoveUnit(side=command.side, unit=leader.id, to=spot, rate=command.rate)


def leader_joins(g: Engine, leader: UnitState, wanted: str = "") -> None:
    """R80: a lone leader ending a move in cohesion with friends joins the one it was sent
    to, else the nearest. The joined unit's activation is limited (Rulebook: Leaders
    Joining a Unit): finished if it already acted this turn, else it may only fire."""
    friends = placement.friends_in_cohesion(g, leader)
    if not friends:
        return
    target = next((u for u in friends if u.id == wanted), friends[0])
    turn = g.state.turn
    already = (
        target.interrupted_turn == turn
        or target.acted_turn == turn
        or (target.side == REGULAR and target.activated_turn == turn)
    )
    absorb(g, target, leader)
    keep_unbroken(target)
    if already:  # both are finished for the turn
        target.finished_turn = turn
    else:  # it may still act this turn, but only fire: the join was its move
        target.joined_turn = turn
    g.emit(
        E.LEADER_JOINS,
        unit=target.id,
        leader=leader.id,
        finished=already,
        unit_name=target.name,
        leader_name=leader.name,
    )


def absorb(g: Engine, keeper: UnitState, other: UnitState) -> None:
    """`other`'s figures and Dependants become `keeper`'s; `other` leaves as "merged"."""
    keeper.figures.extend(other.figures)
    from game.engine.casualties import carried_wounded  # R358: their carried dead, kept true

    carried_wounded(keeper)
    carried_wounded(other)
    keeper.dependants.extend(other.dependants)
    keeper.carried_dead += other.carried_dead
    for c in g.state.contractors:
        if c.holder == other.id:
            c.holder = keeper.id
    keeper.ever_casualties = keeper.ever_casualties or other.ever_casualties
    keeper.morale_bonus = max(keeper.morale_bonus, other.morale_bonus)  # a squad leader's +1
    other.figures = []
    other.dependants = []
    other.last_x, other.last_y = keeper.leader_point
    other.status = UnitStatus.MERGED
    other.merged_into = keeper.id
    other.merge_with = ""
    other.overwatch = False


def declare_merge(g: Engine, command: Merge) -> None:
    unit, target = g.unit(command.unit), g.unit(command.target)
    unit.merge_with = target.id
    g.emit(
        E.MERGE_DECLARED,
        unit=unit.id,
        target=target.id,
        unit_name=unit.name,
        target_name=target.name,
    )


def merge_declared_units(g: Engine) -> None:
    """Units that chose to merge and are still in cohesion become one (Rulebook: Merging
    Units; the merged unit rates as a mixed unit: Mixed Units, R81)."""
    for unit in list(g.state.units.values()):
        if not unit.merge_with:
            continue
        target = g.state.units.get(unit.merge_with)
        unit.merge_with = ""
        if target is None or not (unit.on_table and target.on_table):
            continue
        if not placement.in_cohesion(g, unit, target):
            g.emit(
                E.MERGE_CANCELLED,
                unit=unit.id,
                target=target.id,
                unit_name=unit.name,
                target_name=target.name,
            )
            continue
        merged = rb.merged_ratings(target, unit)
        target.morale_shift = max(target.morale_shift, unit.morale_shift)
        target.pinned_turn = max(target.pinned_turn, unit.pinned_turn)
        target.regroup_turn = max(target.regroup_turn, unit.regroup_turn)
        target.merge_shaken(unit, g.state.turn)
        target.seen = target.seen or unit.seen
        target.in_cover_turn = min(target.in_cover_turn, unit.in_cover_turn)
        absorb(g, target, unit)
        keep_unbroken(target)
        g.emit(
            E.MERGED,
            unit=target.id,
            unit_name=target.name,
            merged_name=unit.name,
            figures=len(target.effective_figures),
            merged=unit.id,
            quality=merged.quality,
            morale=merged.morale,
        )


def keep_unbroken(unit: UnitState) -> None:
    """R96: a merge (or a leader joining) is not a Morale Check and breaks no unit: the Shaken
    shift the unit keeps is cut to what its new Morale die can carry (at worst d6). Nor is a
    casualty that takes the leader whose die the unit used (R252)."""
    while unit.morale_shift > 0 and unit.morale_die() is None:
        unit.morale_shift -= 1


SPLIT_STATUS = (
    "elevation",
    "armour",
    "pinned_turn",
    "pins_this_turn",
    "regroup_turn",
    "last_moved_turn",
    "move_rate_turn",
    "move_rate",
    "fired_turn",
    "ever_casualties",
    "seen",
    "placed_turn",
    "in_cover_turn",
    "last_attacker",
    "activated_turn",
    "interrupted_turn",
    "acted_turn",
    "night_vision",  # --- night (issue 19) ---
)
"""What a split element shares with the unit it left: where it stands and what befell it."""


def split_unit(g: Engine, unit: UnitState, command: SplitUnit) -> UnitState:
    """Rulebook: Split Units (R125). The named figures leave as a new element; the unit's
    activation goes on with the rest, and the new element, counted as activated, may neither
    move nor fire this activation. Carried Dependants and hit figures stay with the unit; the
    squad leader's +1 Morale goes with him."""
    taken = set(command.figures)
    number = 2
    while f"{unit.id}-{number}" in g.state.units:
        number += 1
    element = UnitState(
        f"{unit.id}-{number}",
        f"{unit.name} {number}",
        unit.side,
        [f for f in unit.figures if f.id in taken],
    )
    unit.figures = [f for f in unit.figures if f.id not in taken]
    for name in SPLIT_STATUS:
        setattr(element, name, getattr(unit, name))
    # only one element moves and fires (Split Units): the new one has had its turn's action
    element.activated_turn = element.acted_turn = g.state.turn
    if any(f.kind == "leader" for f in element.figures):
        element.morale_bonus, unit.morale_bonus = unit.morale_bonus, 0
    g.state.units[element.id] = element
    g.emit(
        E.UNIT_SPLIT,
        unit=unit.id,
        unit_name=unit.name,
        element=element.id,
        element_name=element.name,
        figures=len(element.figures),
        left=len(unit.effective_figures),
    )
    return element
